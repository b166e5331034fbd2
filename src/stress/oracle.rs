//! Judging one case: the reference answer to an input (the problem's own solver, an
//! external reference program, or the reference's game against an interactor), then the program run on the input and judged through the
//! judging path ([`crate::judge`]) with the problem's checker or a plain token comparison (or,
//! in an interactive sinol-make task, played against its interactor).

use crate::catalog::DynProblem;
use crate::check::default_validator::compare_tokens;
use crate::check::JudgeFailure;
use crate::judge::{Checker, Judge};
use crate::programs::ProgramTools;
use crate::run::{Limits, Program, Stdin};
use crate::score::format_score;
use crate::sinol::judging::SinolJudge;
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

/// Judges in an interactive sinol-make task: the reference plays the input against the
/// package's interactor first and must earn every point (else the case is a judge error: the
/// generator made an input the model cannot play), then the program plays. A game the
/// interactor accepts for fewer points than the reference's is a failure too (WA, saying
/// so): sinol's OK with a percentage below 100 loses points.
pub struct SinolPlayedOracle<'a> {
    pub judge: &'a SinolJudge<'a>,
    pub reference: &'a Program,
    pub program: &'a Program,
    pub limits: Limits,
}

impl Oracle for SinolPlayedOracle<'_> {
    fn trial(&self, input: &str) -> Trial {
        let play = |program| {
            self.judge
                .play_input(program, input.as_bytes(), &self.limits)
        };
        match play(self.reference) {
            Ok((judged, percent)) if judged.accepted() && percent >= 100.0 => {}
            Ok((judged, percent)) => {
                return Trial::judge_error(format!(
                    "the reference {} got {} for {}% of the points: {}",
                    self.reference.given.display(),
                    judged.verdict,
                    format_score(percent),
                    judged.message
                ))
            }
            Err(e) => return Trial::judge_error(e),
        }
        let judged = match play(self.program) {
            Ok((judged, percent)) if judged.accepted() && percent < 100.0 => Judged {
                verdict: Verdict::WA,
                message: format!(
                    "accepted for {}% of the points, the reference for 100%: {}",
                    format_score(percent),
                    judged.message
                ),
                ..judged
            },
            Ok((judged, _)) => judged,
            Err(e) => Judged::judge_error(e),
        };
        Trial {
            judged,
            expected: String::new(),
            received: Vec::new(),
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
