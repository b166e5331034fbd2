//! One program on one test: run it, then let the problem's checker judge the output. The
//! verdict is the first by [`Verdict::rank`] of those that apply: a judge error, then the
//! run's own (TLE, MLE, OLE, RE), then the checker's (AC, WA, PE).

use std::path::Path;

use super::{Limits, Program, Run, Runner};
use crate::problem::DynProblem;
use crate::verdict::Verdict;

/// The verdict of one program on one test.
#[derive(Debug, Clone)]
pub struct TestOutcome {
    pub verdict: Verdict,
    /// Why, in one line (or a few, for a checker's explanation).
    pub message: String,
    /// The run, if the program could be started.
    pub run: Option<Run>,
}

/// Runs `program` on the test `input` (whose jury answer is the file `answer`) and judges it.
pub fn judge_test(
    runner: &Runner,
    program: &Program,
    problem: &dyn DynProblem,
    input: &Path,
    answer: &Path,
    limits: &Limits,
) -> TestOutcome {
    let judge_error = |message: String| TestOutcome {
        verdict: Verdict::JE,
        message,
        run: None,
    };
    let read = |path: &Path| {
        std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let (input_bytes, answer_bytes) = match (read(input), read(answer)) {
        (Ok(input), Ok(answer)) => (input, answer),
        (Err(message), _) | (_, Err(message)) => return judge_error(message),
    };
    let run = match runner.run(&program.invocation, Some(input), limits) {
        Ok(run) => run,
        Err(error) => return judge_error(error.to_string()),
    };
    // When the run already failed its output is not judged, but the checker still reads the
    // jury's files: a broken answer file is a judge error whatever the program did.
    let output: &[u8] = match run.verdict() {
        Some(_) => b"",
        None => &run.stdout,
    };
    let checked = problem.check(&input_bytes, &answer_bytes, output);
    let (verdict, message) = match (checked, run.verdict()) {
        (Err(failure), _) => (Verdict::JE, format!("checker failed: {failure}")),
        (Ok(_), Some(found)) => found,
        (Ok(judgement), None) => (judgement.verdict, judgement.message),
    };
    TestOutcome {
        verdict,
        message,
        run: Some(run),
    }
}
