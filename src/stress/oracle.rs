//! Judging one case: the reference answer to an input (the problem's own solver, an
//! external reference program, or the reference's game against an interactor), then the program run on the input and judged through the
//! judging path ([`crate::judge`]) with the problem's checker or a plain token comparison.

use crate::catalog::DynProblem;
use crate::check::default_validator::compare_tokens;
use crate::check::JudgeFailure;
use crate::judge::{Checker, Judge};
use crate::programs::ProgramTools;
use crate::run::{Program, Stdin};
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
            Ok(run) => match run.verdict_with_stderr() {
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

/// Judges in an interactive program-backed problem: the reference plays against the
/// interactor first, which must accept it (its game gives the answer file, as in `testdata`:
/// [`ProgramTools::solve`]), then the program plays against the interactor, which judges both.
pub struct PlayedOracle<'a> {
    pub tools: &'a ProgramTools<'a>,
    /// Runs the program under test against the interactor.
    pub judge: Judge<'a>,
}

impl Oracle for PlayedOracle<'_> {
    fn trial(&self, input: &str) -> Trial {
        match self.tools.solve(input.as_bytes()) {
            Ok(expected) => Trial::judged(&self.judge, input, expected),
            Err(e) => Trial::judge_error(e),
        }
    }
}

/// The checker of generic mode: the same whitespace-separated tokens as the reference's
/// output, byte for byte (see [`compare_tokens`]).
pub struct Tokens;

impl Checker for Tokens {
    fn check(&self, _input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        Ok(match compare_tokens(answer, output) {
            Ok(()) => Judged::new(Verdict::AC, "ok"),
            Err(why) => Judged::new(Verdict::WA, why),
        })
    }
}
