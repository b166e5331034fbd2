//! Judging one case: the reference answer to an input (the problem's own solver, or an
//! external reference program), then the program run on the input and judged through the
//! judging path ([`crate::judge`]) with the problem's checker or a plain token comparison.

use crate::catalog::DynProblem;
use crate::check::{diff, JudgeFailure};
use crate::judge::{Checker, Judge};
use crate::run::{Program, Stdin};
use crate::text::show;
use crate::verdict::{Judged, Verdict};

/// The program's verdict on one case, with what it was expected to print and what it printed.
#[derive(Debug, Clone)]
pub struct Trial {
    pub judged: Judged,
    /// The reference answer (empty if there is none).
    pub expected: String,
    /// The program's standard output (empty if it could not run).
    pub received: Vec<u8>,
}

impl Trial {
    fn judge_error(message: String) -> Trial {
        Trial {
            judged: Judged::judge_error(message),
            expected: String::new(),
            received: Vec::new(),
        }
    }

    /// The program on `input`, judged against `expected`.
    fn judged(judge: &Judge<'_>, input: &str, expected: String) -> Trial {
        let (judged, run) = judge.input(input.as_bytes(), expected.as_bytes());
        Trial {
            judged,
            expected,
            received: run.map(|run| run.stdout).unwrap_or_default(),
        }
    }

    pub fn failed(&self) -> bool {
        !self.judged.accepted()
    }
}

/// Something that judges the program under test on one input.
pub trait Oracle: Sync {
    /// Runs the program on `input` and judges it.
    fn trial(&self, input: &str) -> Trial;
}

/// Judges with a problem of the catalog: its reference solver gives the answer, and `judge`
/// (with the problem's checker) the verdict.
pub struct ProblemOracle<'a> {
    pub problem: &'a dyn DynProblem,
    pub judge: Judge<'a>,
}

impl Oracle for ProblemOracle<'_> {
    fn trial(&self, input: &str) -> Trial {
        match self.problem.solve(input.as_bytes()) {
            Ok(expected) => Trial::judged(&self.judge, input, expected),
            Err(e) => Trial::judge_error(format!("the case does not validate: {e}")),
        }
    }
}

/// Judges against an external reference program: both run on the input, and the outputs are
/// compared token by token ([`Tokens`] is the checker of `judge`).
pub struct ExternalOracle<'a> {
    pub reference: &'a Program,
    /// Runs the program under test; its limits are the reference's too, and a reference that
    /// fails under them is a judge error.
    pub judge: Judge<'a>,
}

impl Oracle for ExternalOracle<'_> {
    fn trial(&self, input: &str) -> Trial {
        let judge = &self.judge;
        let reference = judge.runner.run(
            &self.reference.invocation,
            Stdin::Bytes(input.as_bytes()),
            &judge.limits,
        );
        match reference {
            Ok(run) => match run.verdict() {
                None => {
                    let expected = String::from_utf8_lossy(&run.stdout).into_owned();
                    Trial::judged(judge, input, expected)
                }
                Some((verdict, why)) => Trial::judge_error(format!(
                    "the reference {} failed ({verdict}): {why}",
                    self.reference.given.display()
                )),
            },
            Err(e) => Trial::judge_error(format!("cannot run the reference: {e}")),
        }
    }
}

/// The checker of generic mode: the same whitespace-separated tokens as the reference's
/// output (see [`compare_tokens`]).
pub struct Tokens;

impl Checker for Tokens {
    fn check(&self, _input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        Ok(match compare_tokens(answer, output) {
            Ok(()) => Judged::new(Verdict::AC, "ok"),
            Err(why) => Judged::new(Verdict::WA, why),
        })
    }
}

/// Accepts `got` if it has the same whitespace-separated tokens as `expected`; otherwise
/// names the first differing token (1-based, with its line in the output) and adds a diff.
pub fn compare_tokens(expected: &[u8], got: &[u8]) -> Result<(), String> {
    let tokens = |bytes: &[u8]| -> Vec<(usize, Vec<u8>)> {
        let mut out = Vec::new();
        for (line, text) in bytes.split(|&b| b == b'\n').enumerate() {
            for token in text
                .split(u8::is_ascii_whitespace)
                .filter(|t| !t.is_empty())
            {
                out.push((line + 1, token.to_vec()));
            }
        }
        out
    };
    let (want, have) = (tokens(expected), tokens(got));
    let Some(i) = (0..want.len().max(have.len()))
        .find(|&i| want.get(i).map(|t| &t.1) != have.get(i).map(|t| &t.1))
    else {
        return Ok(());
    };
    let mut message = match (want.get(i), have.get(i)) {
        (Some((_, w)), Some((line, h))) => format!(
            "token {} (output line {line}): expected {}, got {}",
            i + 1,
            show::token(w),
            show::token(h)
        ),
        (Some((_, w)), None) if have.is_empty() => format!(
            "{} (expected {})",
            crate::check::nothing_printed(got),
            show::token(w)
        ),
        (Some((_, w)), None) => format!(
            "the output ends after {} tokens; expected {} next",
            have.len(),
            show::token(w)
        ),
        (None, Some((line, h))) => format!(
            "the output has more than the expected {} tokens: {} on line {line}",
            want.len(),
            show::token(h)
        ),
        (None, None) => return Ok(()),
    };
    if let Some(hunk) = diff::first_hunk(expected, got) {
        message.push('\n');
        message.push_str(hunk.trim_end());
    }
    Err(message)
}

#[cfg(test)]
mod tests {
    use super::compare_tokens;

    #[test]
    fn tokens_compare_across_whitespace_and_name_the_first_difference() {
        assert!(compare_tokens(b"1 2\n3\n", b"1  2 3").is_ok());
        let why = compare_tokens(b"1\n2\n3\n", b"1\n2\n4\n").unwrap_err();
        assert!(
            why.starts_with("token 3 (output line 3): expected \"3\", got \"4\""),
            "{why}"
        );
        let why = compare_tokens(b"1\n2\n", b"1\n").unwrap_err();
        assert!(why.starts_with("the output ends after 1 tokens"), "{why}");
        let why = compare_tokens(b"1\n", b"1\n2\n").unwrap_err();
        assert!(why.contains("more than the expected 1 tokens"), "{why}");
    }
}
