//! What judges an output of a program-backed problem: its testlib checker program, or the
//! Kattis default token comparison with the problem's `checker_flags`.
//!
//! A testlib checker is called as `checker INPUT OUTPUT ANSWER` on three files (written to a
//! fresh temporary directory, removed afterwards) and answers with its exit code: 0 accepted,
//! 1 wrong answer, 2 presentation error, 3 the jury's files are broken. Any other ending
//! (another code, a signal, a timeout) means the checker cannot judge: a judge error, never
//! the contestant's verdict. Its standard error is the verdict's message.

use std::path::PathBuf;

use super::{Tool, TOOL_TIME};
use crate::check::protocol::{testlib, KattisFlags};
use crate::check::{default_validator, JudgeFailure};
use crate::judge::Checker;
use crate::run::{Exit, Limits, Runner, ScratchDir, Stdin};
use crate::verdict::{Judged, Verdict};

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
    let run = runner
        .run(&invocation, Stdin::Empty, &Limits::for_tools(TOOL_TIME))
        .map_err(|e| JudgeFailure(format!("cannot run the {}: {e}", tool.shown)))?;
    let message = String::from_utf8_lossy(&run.stderr).trim().to_string();
    let verdict = match run.exit {
        _ if run.time_limit_hit() => None,
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
            "the {} cannot judge ({}{}){}",
            tool.shown,
            run.exit,
            if run.time_limit_hit() {
                ", out of time"
            } else {
                ""
            },
            if message.is_empty() {
                String::new()
            } else {
                format!(": {message}")
            }
        ))),
    }
}
