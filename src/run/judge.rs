//! One program on one test: run it, then let the problem's checker judge the output. The
//! verdict is the first by [`Verdict::rank`] of those that apply: a judge error, then the
//! run's own (TLE, MLE, OLE, RE), then the checker's (AC, WA, PE).

use std::path::Path;

use super::{Limits, Program, Run, Runner, Stdin};
use crate::catalog::DynProblem;
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

impl TestOutcome {
    /// The judge could not judge: never the program's fault.
    fn judge_error(message: String) -> TestOutcome {
        TestOutcome {
            verdict: Verdict::JE,
            message,
            run: None,
        }
    }
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
    let read = |path: &Path| {
        std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    match (read(input), read(answer)) {
        (Ok(input_bytes), Ok(answer_bytes)) => judge(
            runner,
            program,
            problem,
            Stdin::File(input),
            &input_bytes,
            &answer_bytes,
            limits,
        ),
        (Err(message), _) | (_, Err(message)) => TestOutcome::judge_error(message),
    }
}

/// Runs `program` on `input` (whose jury answer is `answer`), both in memory, and judges it.
pub fn judge_input(
    runner: &Runner,
    program: &Program,
    problem: &dyn DynProblem,
    input: &[u8],
    answer: &[u8],
    limits: &Limits,
) -> TestOutcome {
    judge(
        runner,
        program,
        problem,
        Stdin::Bytes(input),
        input,
        answer,
        limits,
    )
}

/// Runs `program` with `stdin`, which holds `input`, and judges its output against `answer`.
fn judge(
    runner: &Runner,
    program: &Program,
    problem: &dyn DynProblem,
    stdin: Stdin<'_>,
    input: &[u8],
    answer: &[u8],
    limits: &Limits,
) -> TestOutcome {
    let run = match runner.run(&program.invocation, stdin, limits) {
        Ok(run) => run,
        Err(error) => return TestOutcome::judge_error(error.to_string()),
    };
    // When the run already failed its output is not judged, but the checker still reads the
    // jury's files: a broken answer file is a judge error whatever the program did.
    let output: &[u8] = match run.verdict() {
        Some(_) => b"",
        None => &run.stdout,
    };
    let checked = problem.check(input, answer, output);
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
