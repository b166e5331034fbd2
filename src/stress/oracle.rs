//! Judging one case: the reference answer to an input, then the program run on the input and
//! judged through the judging path ([`crate::judge`]). Two oracles: [`ModelOracle`], for every
//! format, whose reference is a program (its output, or its game against the interactor) and
//! whose judging is the model's checker, interactor or passes (or, in generic mode, the
//! [`Tokens`] comparison); and [`ProblemOracle`], a catalog problem's, whose reference is
//! solved in-process, so that a case costs one process start.

use crate::catalog::DynProblem;
use crate::check::default_validator::compare_tokens;
use crate::check::JudgeFailure;
use crate::judge::{Checker, Judge};
use crate::programs::ProgramTools;
use crate::run::{Program, Stdin};
use crate::score::format_score;
use crate::verdict::{Awarded, Judged, Verdict};

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

/// Where a case's expected answer comes from.
#[derive(Clone, Copy)]
pub enum Reference<'a> {
    /// A program's output on the input (`--ref`, or the model's reference): it runs under the
    /// limits of the program under test, and failing under them is a judge error.
    Output(&'a Program),
    /// A program that plays the input against the problem's interactor first, through the
    /// same judging as the program under test: it must be accepted for every point (else
    /// the case is a judge error: an input the reference cannot play); the answer is empty.
    Played(&'a Program),
    /// A program-backed problem's prepared tools: its reference's output, or in an
    /// interactive problem its game against the interactor, made into an answer as
    /// `testdata` makes one ([`ProgramTools::solve`]).
    Tools(&'a ProgramTools<'a>),
}

/// Judges by the model: the reference's answer to the input ([`Reference`]), then the program
/// judged by the problem's own judging (its checker, interactor or passes, made runnable by
/// `crate::judging::PreparedJudging`). An output accepted for a part of the points only (a
/// checker's or interactor's percentage) fails too, as WA saying so: the reference earns
/// them all.
pub struct ModelOracle<'a> {
    pub reference: Reference<'a>,
    /// Runs the program under test and judges it.
    pub judge: Judge<'a>,
}

impl ModelOracle<'_> {
    /// The answer to `input`, or why there is none (a judge error).
    fn answer(&self, input: &str) -> Result<String, String> {
        let judge = &self.judge;
        match self.reference {
            Reference::Output(reference) => {
                let run = (judge.runner)
                    .run(
                        &reference.invocation,
                        Stdin::Bytes(input.as_bytes()),
                        &judge.limits,
                    )
                    .map_err(|e| format!("cannot run the reference: {e}"))?;
                match run.verdict_with_stderr() {
                    None => Ok(String::from_utf8_lossy(&run.stdout).into_owned()),
                    Some((verdict, why)) => Err(format!(
                        "the reference {} failed ({verdict}): {why}",
                        reference.given.display()
                    )),
                }
            }
            Reference::Played(reference) => {
                let played = Judge {
                    program: reference,
                    ..*judge
                };
                let (judged, _) = played.input(input.as_bytes(), b"");
                let earned = percent(&judged);
                if judged.accepted() && earned >= 100.0 {
                    return Ok(String::new());
                }
                Err(format!(
                    "the reference {} got {} for {}% of the points: {}",
                    reference.given.display(),
                    judged.verdict,
                    format_score(earned),
                    judged.message
                ))
            }
            Reference::Tools(tools) => tools.solve(input.as_bytes()),
        }
    }
}

impl Oracle for ModelOracle<'_> {
    fn trial(&self, input: &str) -> Trial {
        let expected = match self.answer(input) {
            Ok(expected) => expected,
            Err(why) => return Trial::judge_error(why),
        };
        let mut trial = Trial::judged(&self.judge, input, expected);
        let judged = &trial.judged;
        if judged.accepted() && percent(judged) < 100.0 {
            trial.judged = Judged {
                verdict: Verdict::WA,
                message: format!(
                    "accepted for {}% of the points, the reference for 100%: {}",
                    format_score(percent(judged)),
                    judged.message
                ),
                ..trial.judged
            };
        }
        trial
    }
}

/// The percentage of a test's points `judged` earns: what its checker or interactor gave as
/// a fraction, else all of them when accepted and none otherwise.
fn percent(judged: &Judged) -> f64 {
    match (judged.score, judged.accepted()) {
        (Some(Awarded::Multiplier(fraction)), true) => fraction * 100.0,
        (_, true) => 100.0,
        (_, false) => 0.0,
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
