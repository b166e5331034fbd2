//! What judges an output of a program-backed problem: its testlib checker program, or the
//! Kattis default token comparison with the problem's `checker_flags`.
//!
//! A testlib checker is called as `checker INPUT OUTPUT ANSWER` on three files (written to a
//! fresh temporary directory, removed afterwards) and answers with its exit code: 0 accepted,
//! 1 wrong answer, 2 presentation error, 3 the jury's files are broken. Any other ending
//! (another code, a signal, a timeout) means the checker cannot judge: a judge error, never
//! the contestant's verdict. Its standard error is the verdict's message.
//!
//! Partial points: testlib's `quitp(x, …)` (exit 7, standard error `points x …`) gives the
//! test the fraction `x` of its worth, a number from 0 to 1. The verdict is AC only for the
//! whole worth (WA below it, so that a folder's promise of AC means every point); the fraction
//! travels in [`Judged::score`] to the problem's groups, which take the smallest of their tests'.

use std::path::PathBuf;

use super::Tool;
use crate::check::protocol::{testlib, KattisFlags};
use crate::check::{default_validator, JudgeFailure};
use crate::judge::Checker;
use crate::run::jury::beyond_limits;
use crate::run::{Exit, Runner, ScratchDir, Stdin};
use crate::text::show;
use crate::verdict::{Awarded, Judged, Verdict};

/// The checker of a program-backed problem.
pub enum ProgramChecker<'a> {
    /// A testlib checker program.
    Testlib { tool: Tool, runner: &'a Runner },
    /// The default token comparison with these flags.
    Default(KattisFlags),
}

impl Checker for ProgramChecker<'_> {
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        match self {
            ProgramChecker::Default(flags) => Ok(default_validator::judge(flags, answer, output)),
            ProgramChecker::Testlib { tool, runner } => {
                testlib_check(tool, runner, input, answer, output)
            }
        }
    }
}

/// Runs a testlib checker on the three texts.
fn testlib_check(
    tool: &Tool,
    runner: &Runner,
    input: &[u8],
    answer: &[u8],
    output: &[u8],
) -> Result<Judged, JudgeFailure> {
    let files = ScratchDir::new("checker").map_err(JudgeFailure)?;
    let paths: Vec<PathBuf> = [("input", input), ("output", output), ("answer", answer)]
        .into_iter()
        .map(|(name, bytes)| {
            let path = files.path().join(name);
            std::fs::write(&path, bytes).map(|()| path)
        })
        .collect::<Result<_, _>>()
        .map_err(|e| JudgeFailure(format!("cannot write the checker's files: {e}")))?;
    let mut invocation = tool.program.invocation.clone().args(paths.iter().cloned());
    // A confined checker reads the three files, and nothing else of the judge's.
    invocation
        .reads
        .extend(paths.iter().map(std::path::PathBuf::from));
    let limits = runner.jury().of_message(None);
    let run = runner
        .run(&invocation, Stdin::Empty, &limits)
        .map_err(|e| JudgeFailure(format!("cannot run the {}: {e}", tool.shown)))?;
    if let Some(why) = beyond_limits(&format!("the {}", tool.shown), &run) {
        return Err(JudgeFailure(why));
    }
    let message = show::beginning(&run.stderr, run.stderr_left_out(), show::MESSAGE_CHARS)
        .unwrap_or_default();
    if run.exit == Exit::Code(i32::from(testlib::POINTS)) {
        return points(&message)
            .map_err(|why| JudgeFailure(format!("the {} cannot judge: {why}", tool.shown)));
    }
    let verdict = match run.exit {
        Exit::Code(code) if code == i32::from(testlib::OK) => Some(Verdict::AC),
        Exit::Code(code) if code == i32::from(testlib::WRONG_ANSWER) => Some(Verdict::WA),
        Exit::Code(code) if code == i32::from(testlib::PRESENTATION_ERROR) => Some(Verdict::PE),
        _ => None,
    };
    match verdict {
        Some(verdict) => Ok(Judged::new(
            verdict,
            if message.is_empty() {
                verdict.short().to_string()
            } else {
                message
            },
        )),
        None => Err(JudgeFailure(format!(
            "the {} cannot judge ({}){}",
            tool.shown,
            run.exit,
            if message.is_empty() {
                String::new()
            } else {
                format!(": {message}")
            }
        ))),
    }
}

/// The judgement of a checker's `quitp` report `points X comment`: AC with the whole worth at
/// 1, else WA with the fraction `X`; an error when `X` is not a number from 0 to 1.
fn points(report: &str) -> Result<Judged, String> {
    let rest = report.strip_prefix("points").unwrap_or(report).trim_start();
    let (number, _) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let fraction = match number.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => x,
        _ => {
            return Err(format!(
                "it exited 7 (testlib's points) reporting {report:?}: expected `points X` \
                 with X, the fraction of the test's worth, from 0 to 1"
            ))
        }
    };
    let verdict = match fraction >= 1.0 {
        true => Verdict::AC,
        false => Verdict::WA,
    };
    Ok(Judged {
        score: Some(Awarded::Multiplier(fraction)),
        ..Judged::new(verdict, report)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_reports_are_fractions_of_the_test() {
        let half = points("points 0.5 half of the moves").expect("valid");
        assert_eq!(
            (half.verdict, half.score),
            (Verdict::WA, Some(Awarded::Multiplier(0.5)))
        );
        let full = points("points 1").expect("valid");
        assert_eq!(
            (full.verdict, full.score),
            (Verdict::AC, Some(Awarded::Multiplier(1.0)))
        );
        assert!(points("points 7 too many").is_err());
        assert!(points("points x").is_err());
        assert!(points("").is_err());
    }
}
