//! The list-level glue, written once for every [`TypedProblem`]: an input is a header and a list of
//! cases ([`Listing`]), an output one answer line per case. Everything here only calls the
//! problem's per-case methods.

use super::format::{push_line, Reader};
use super::shrink::shrink_list;
use super::{Answer, At, Instance, InstanceOf, Listing, ParseError, Reach, TypedProblem};
use crate::game::brute::{Solvers, TooLarge};
use crate::text::{Malformed, TokenReader};

/// The validator: parses an input strictly, or says where and why it is malformed.
pub fn parse_input<P: TypedProblem>(
    problem: &P,
    input: &[u8],
) -> Result<InstanceOf<P>, ParseError> {
    let format = problem.format();
    read(problem, &mut Reader::new(input, &format, false))
}

/// Every constrained quantity of the format with the range of values it takes in `input`, so
/// that a test plan can be checked to reach each bound.
pub fn reach<P: TypedProblem>(problem: &P, input: &[u8]) -> Result<Vec<Reach>, ParseError> {
    let format = problem.format();
    let mut reader = Reader::new(input, &format, true);
    read(problem, &mut reader)?;
    Ok(reader.reach(&format))
}

fn read<P: TypedProblem>(problem: &P, r: &mut Reader<'_>) -> Result<InstanceOf<P>, ParseError> {
    let header = problem.read_header(r)?;
    let mut cases = Vec::new();
    match problem.format().listing {
        Listing::Counted(count) => {
            let t = r.int(&count)?;
            r.end_of_values()?;
            cases.reserve(t.min(1 << 16) as usize);
            for _ in 0..t {
                cases.push(problem.read_case(&header, r)?);
            }
        }
        Listing::ZeroEnded(lead) => {
            while r.peek() != Some(b'0') {
                cases.push(problem.read_case(&header, r)?);
            }
            r.count_or_end(&lead)?;
            r.end_of_values()?;
        }
        Listing::ToEnd(count) => loop {
            if cases.len() as u64 == count.hi {
                return Err(r.error(format!("more than {} {}", count.hi, count.name)));
            }
            cases.push(problem.read_case(&header, r)?);
            if r.at_eof() {
                r.record(&count, cases.len() as u64);
                break;
            }
        },
    }
    r.eof()?;
    Ok(Instance { header, cases })
}

/// Writes an instance in the exact input format (it parses back to the same instance).
pub fn write_input<P: TypedProblem>(problem: &P, instance: &InstanceOf<P>) -> String {
    let mut out = String::new();
    problem.write_header(&instance.header, &mut out);
    let listing = problem.format().listing;
    if let Listing::Counted(_) = listing {
        push_line(&mut out, &[instance.cases.len() as u64]);
    }
    for case in &instance.cases {
        problem.write_case(&instance.header, case, &mut out);
    }
    if let Listing::ZeroEnded(_) = listing {
        out.push_str("0\n");
    }
    out
}

/// The reference answers.
pub fn solve<P: TypedProblem>(problem: &P, instance: &InstanceOf<P>) -> Vec<P::Answer> {
    problem.solve_all(&instance.header, &instance.cases)
}

/// The brute-force answers, or why some case is too large.
pub fn brute<P: TypedProblem>(
    problem: &P,
    instance: &InstanceOf<P>,
) -> Result<Vec<P::Answer>, TooLarge> {
    let mut solvers = Solvers::default();
    let header = &instance.header;
    instance
        .cases
        .iter()
        .map(|case| problem.brute(header, case, &mut solvers))
        .collect()
}

/// Writes answers in the exact output format: one line per case.
pub fn write_answers<P: TypedProblem>(problem: &P, answers: &[P::Answer]) -> String {
    let (mut out, words) = (String::new(), problem.words());
    for answer in answers {
        answer.write(&words, &mut out);
        out.push('\n');
    }
    out
}

/// Reads one answer per case leniently from tokens (a contestant's output or an answer file);
/// what follows the answers is left to the caller.
pub fn read_answers<P: TypedProblem>(
    problem: &P,
    instance: &InstanceOf<P>,
    tokens: &mut TokenReader<'_>,
) -> Result<Vec<P::Answer>, Malformed> {
    let unit = problem.format().unit;
    let words = problem.words();
    (instance.cases.iter().enumerate())
        .map(|(i, case)| {
            let at = At {
                unit,
                number: i + 1,
            };
            P::Answer::read(&words, case, &at, tokens)
        })
        .collect()
}

/// Accepts `got` or explains the first case where it is wrong, naming that case.
pub fn judge<P: TypedProblem>(
    problem: &P,
    instance: &InstanceOf<P>,
    reference: &[P::Answer],
    got: &[P::Answer],
) -> Result<(), String> {
    let unit = problem.format().unit;
    for (i, ((case, reference), got)) in instance.cases.iter().zip(reference).zip(got).enumerate() {
        if let Err(wrong) = problem.judge(&instance.header, case, reference, got) {
            let at = At {
                unit,
                number: i + 1,
            };
            return Err(format!("{at}{}: {}", wrong.place, wrong.why));
        }
    }
    Ok(())
}

/// Smaller instances to try when shrinking a failing one, most promising first: fewer cases,
/// then a smaller header, then smaller cases.
pub fn shrink<P: TypedProblem>(problem: &P, instance: &InstanceOf<P>) -> Vec<InstanceOf<P>> {
    let Instance { header, cases } = instance;
    let (shorter, smaller_cases): (Vec<_>, Vec<_>) = shrink_list(
        cases,
        1,
        |case| problem.weight(case),
        |case| problem.shrink_case(header, case),
    )
    .into_iter()
    .partition(|candidate| candidate.len() < cases.len());
    let with_header = |cases| Instance {
        header: header.clone(),
        cases,
    };
    let mut out: Vec<InstanceOf<P>> = shorter.into_iter().map(with_header).collect();
    out.extend(
        problem
            .shrink_header(header)
            .into_iter()
            .map(|header| Instance {
                header,
                cases: cases.clone(),
            }),
    );
    out.extend(smaller_cases.into_iter().map(with_header));
    out
}

/// Every one-case instance of size `size`: the sum of all numbers of its input, counts
/// included (see [`TypedProblem::enumerate`]), lazily.
pub fn enumerate<P: TypedProblem>(
    problem: &P,
    size: u64,
) -> impl Iterator<Item = InstanceOf<P>> + '_ {
    let overhead = match problem.format().listing {
        Listing::Counted(_) => 1,
        Listing::ZeroEnded(_) | Listing::ToEnd(_) => 0,
    };
    size.checked_sub(overhead)
        .into_iter()
        .flat_map(|rest| problem.enumerate(rest))
        .map(|(header, case)| Instance {
            header,
            cases: vec![case],
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::{Gen, Params};
    use crate::problem::{
        bounded_nim, misere_nim, misere_subtraction, nim, octal, rows, stripes, subtraction,
        wythoff,
    };

    /// A batch solver answers as the per-case solver does, and every generated input reads
    /// back to the instance written.
    fn batch_equals_cases<P: TypedProblem>(problem: &P, name: &str) {
        for seed in 0..12 {
            let instance = problem
                .generate(&mut Gen::new(seed), &Params::from_pairs(&[]))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let text = write_input(problem, &instance);
            assert_eq!(
                parse_input(problem, text.as_bytes()).as_ref(),
                Ok(&instance)
            );
            let each: Vec<P::Answer> = (instance.cases.iter())
                .map(|case| problem.solve(&instance.header, case))
                .collect();
            assert_eq!(solve(problem, &instance), each, "{name} seed {seed}");
        }
    }

    #[test]
    fn batch_solvers_agree_with_the_per_case_solvers() {
        batch_equals_cases(&stripes::Stripes, "stripes");
        batch_equals_cases(&nim::Nim, "nim");
        batch_equals_cases(&bounded_nim::BoundedNim, "bounded_nim");
        batch_equals_cases(&subtraction::Subtraction, "subtraction");
        batch_equals_cases(&misere_nim::MisereNim, "misere_nim");
        batch_equals_cases(&misere_subtraction::MisereSubtraction, "misere_subtraction");
        batch_equals_cases(&rows::Rows, "rows");
        batch_equals_cases(&octal::Octal, "octal");
        batch_equals_cases(&wythoff::Wythoff, "wythoff");
    }
}
