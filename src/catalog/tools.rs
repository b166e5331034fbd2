//! The tools of a problem, whatever its kind: what builds its tests (generator, validator,
//! reference), cross-checks them (brute force) and judges outputs (checker). A problem of the
//! catalog has them in-process; a program-backed problem runs programs of its folder
//! ([`crate::programs`]). The plan, `verify`, `export` and the inspecting commands ask these
//! questions through [`Tools`], never knowing which kind answers.

use std::fmt;
use std::io::{self, Read};
use std::time::Duration;

use super::Handle;
use crate::gen::Params;
use crate::judge::{Checker, Judging};
use crate::problem::{Constraint, ParseError, Reach};
use crate::programs::ProgramTools;

/// The tools of one problem.
pub enum Tools<'a> {
    /// A problem compiled into the catalog.
    InProcess(Handle),
    /// A problem whose tools are programs.
    Programs(Box<ProgramTools<'a>>),
}

/// Bytes of an input validated before the rest is read ([`Tools::validate_reading`]): a file
/// far beyond any format's size whose error is near its start is rejected without being held
/// in memory.
const VALIDATED_FIRST: u64 = 4 << 20;

/// What the brute force says of an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BruteAnswer {
    Solved(String),
    /// The input is too large for the brute force, as this says.
    TooLarge(String),
    /// The problem has no brute force.
    NoBrute,
}

/// Why a tool gave no result for an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolError {
    /// The input is invalid, at a line and column.
    Parse(ParseError),
    /// The validator program rejects the input, saying why.
    Rejected(String),
    /// A tool of the problem failed (crashed, ran out of time, printed nothing): the
    /// problem's fault.
    Broken(String),
}

impl ToolError {
    /// The error as a message about the file `file` (`file:3:1: …` for a parse error).
    pub fn about(&self, file: &str) -> String {
        match self {
            ToolError::Parse(e) => format!("{file}:{e}"),
            ToolError::Rejected(why) | ToolError::Broken(why) => format!("{file}: {why}"),
        }
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::Parse(e) => write!(f, "{e}"),
            ToolError::Rejected(why) | ToolError::Broken(why) => f.write_str(why),
        }
    }
}

impl Tools<'_> {
    /// The generated input for `seed` and `params`, or why there is none (parameters the
    /// generator rejects, a generator that fails or is not deterministic). Programs run twice.
    pub fn generate(&self, seed: u64, params: &[(String, String)]) -> Result<String, String> {
        match self {
            Tools::InProcess(problem) => {
                let pairs: Vec<(&str, &str)> = params
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                // A generator that panics is a bug in the generator, but the setter still
                // needs to know which test triggers it.
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    problem.generate(seed, &Params::from_pairs(&pairs))
                }))
                .map_err(|panic| {
                    let message = panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_default();
                    format!("the generator panicked: {message}")
                })?
                .map_err(|e| e.to_string())
            }
            Tools::Programs(programs) => programs.generate(seed, params, true),
        }
    }

    /// Checks an input strictly.
    pub fn validate(&self, input: &[u8]) -> Result<(), ToolError> {
        match self {
            Tools::InProcess(problem) => problem.validate(input).map_err(ToolError::Parse),
            Tools::Programs(programs) => match programs.validate(input) {
                Ok(Ok(())) => Ok(()),
                Ok(Err(why)) => Err(ToolError::Rejected(why)),
                Err(broken) => Err(ToolError::Broken(broken)),
            },
        }
    }

    /// Checks the input `reader` reads strictly, as [`Tools::validate`] does, without holding
    /// all of a huge input whose error is near its start: the in-process validator sees its
    /// first 4 MiB (`VALIDATED_FIRST`), and all of it only when they hold no error (or one that
    /// may be due to the cut). An error on a line that ends inside the prefix is final: the
    /// strict reader reads forward, so the bytes after it cannot change it. A validator program
    /// is never shown a cut input. `Err` when the input cannot be read.
    pub fn validate_reading(&self, mut reader: impl Read) -> io::Result<Result<(), ToolError>> {
        let mut bytes = Vec::new();
        (&mut reader)
            .take(VALIDATED_FIRST)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 == VALIDATED_FIRST {
            if let Tools::InProcess(problem) = self {
                if let Err(error) = problem.validate(&bytes) {
                    let whole_lines = bytes.iter().filter(|&&b| b == b'\n').count();
                    if error.line <= whole_lines {
                        return Ok(Err(ToolError::Parse(error)));
                    }
                }
            }
            reader.read_to_end(&mut bytes)?;
        }
        Ok(self.validate(&bytes))
    }

    /// The reference answer to a valid input.
    pub fn solve(&self, input: &[u8]) -> Result<String, ToolError> {
        match self {
            Tools::InProcess(problem) => problem.solve(input).map_err(ToolError::Parse),
            Tools::Programs(programs) => programs.solve(input).map_err(ToolError::Broken),
        }
    }

    /// The brute-force answer to a valid input, or why there is none: the catalog's brute
    /// force refuses large inputs itself; a brute force program that does not finish within
    /// `budget` of CPU time counts as refusing (the input is too large for it, which is no
    /// fault); and a program-backed problem may have no brute force at all.
    pub fn brute(&self, input: &[u8], budget: Duration) -> Result<BruteAnswer, ToolError> {
        match self {
            Tools::InProcess(problem) => match problem.brute(input) {
                Ok(Ok(answer)) => Ok(BruteAnswer::Solved(answer)),
                Ok(Err(too_large)) => Ok(BruteAnswer::TooLarge(too_large.to_string())),
                Err(e) => Err(ToolError::Parse(e)),
            },
            Tools::Programs(programs) => match programs.brute(input, budget) {
                None => Ok(BruteAnswer::NoBrute),
                Some(Ok(Some(answer))) => Ok(BruteAnswer::Solved(answer)),
                Some(Ok(None)) => Ok(BruteAnswer::TooLarge(format!(
                    "the brute force program did not finish within {} s",
                    budget.as_secs_f64()
                ))),
                Some(Err(broken)) => Err(ToolError::Broken(broken)),
            },
        }
    }

    /// The constraint ranges a valid input reaches (a program-backed problem declares none).
    pub fn reach(&self, input: &[u8]) -> Result<Vec<Reach>, ToolError> {
        match self {
            Tools::InProcess(problem) => problem.reach(input).map_err(ToolError::Parse),
            Tools::Programs(_) => Ok(Vec::new()),
        }
    }

    /// The constraints of the input format, when the problem declares them (the statement
    /// must then list exactly these).
    pub fn constraints(&self) -> Option<Vec<Constraint>> {
        match self {
            Tools::InProcess(problem) => Some(problem.constraints()),
            Tools::Programs(_) => None,
        }
    }

    /// What judges an output.
    pub fn checker(&self) -> &dyn Checker {
        match self {
            Tools::InProcess(problem) => problem,
            Tools::Programs(programs) => programs.checker(),
        }
    }

    /// How a program is judged: its output by the checker, or, in a program-backed problem
    /// with an interactor, its game against the interactor.
    pub fn judging(&self) -> Judging<'_> {
        match self {
            Tools::InProcess(_) => Judging::Output(self.checker()),
            Tools::Programs(programs) => programs.judging(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that counts the bytes taken from it.
    struct Counted<R> {
        inner: R,
        taken: usize,
    }

    impl<R: Read> Read for Counted<R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.inner.read(buf)?;
            self.taken += n;
            Ok(n)
        }
    }

    fn nim() -> Tools<'static> {
        Tools::InProcess(Handle::Compiled(crate::catalog::find("nim").expect("nim")))
    }

    #[test]
    fn an_error_on_a_whole_line_of_the_prefix_is_final_and_the_rest_is_not_read() {
        let flood = io::repeat(b'7').take(64 << 20);
        let mut input = Counted {
            inner: (&b"2\n3\n3 3 x\n"[..]).chain(flood),
            taken: 0,
        };
        let said = nim().validate_reading(&mut input).expect("reads");
        let Err(ToolError::Parse(error)) = &said else {
            panic!("{said:?}")
        };
        assert_eq!((error.line, error.col), (3, 5), "{error:?}");
        assert_eq!(input.taken as u64, VALIDATED_FIRST);
    }

    #[test]
    fn an_input_cut_inside_a_line_is_validated_whole() {
        // 10 games of 10^5 heaps of 2^63 - 1: 20 MB, valid, the prefix ending inside a line.
        let heaps = vec!["9223372036854775807"; 100_000].join(" ");
        let text = format!("10\n{}", format!("100000\n{heaps}\n").repeat(10));
        let mut input = Counted {
            inner: text.as_bytes(),
            taken: 0,
        };
        let said = nim().validate_reading(&mut input).expect("reads");
        assert_eq!(said, Ok(()));
        assert_eq!(input.taken, text.len());
    }
}
