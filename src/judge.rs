//! The judging path: a program run on tests under limits, each output judged by a checker.
//! `judge`, `verify` and `stress` all judge through here, so a verdict means the same
//! everywhere.
//!
//! The verdict of one test is the first by [`crate::verdict::Verdict::rank`] of those that apply: a judge
//! error (a test file that cannot be read, a checker that cannot judge), then the run's own
//! (TLE, MLE, OLE, RE), then the checker's (AC, WA, PE). What judges an output is a
//! [`Checker`]; the process runner ([`crate::run`]) knows nothing about problems. A program of
//! an interactive problem is judged by its conversation instead ([`interactive`]), and one of a
//! multi-pass problem by the passes a [`MultiPass`] runs (a Kattis package's, in
//! [`multipass`]); a Kattis package's validators speak their protocol in [`kattis_validators`].

pub mod interactive;
pub mod kattis;
pub mod kattis_validators;
pub mod multipass;
pub mod report;

use std::path::{Path, PathBuf};

pub use interactive::{Interactor, Protocol};

use crate::check::JudgeFailure;
use crate::dialog::Referee;
use crate::model::{CaseData, TestCase};
use crate::parallel::{self, Step};
use crate::run::{sandbox_refusal, Invocation, Limits, PrepareError, Program, Run, Runner, Stdin};
use crate::verdict::Judged;
use crate::within::{read_bounded, MAX_TEST_BYTES};

/// What judges an output: AC, WA or PE with a reason, or a [`JudgeFailure`] when the jury's
/// own files are broken. Today a catalog problem's checker (`catalog`), or the token
/// comparison of `stress --ref`; a checker program or a Kattis output validator fits the same
/// shape.
pub trait Checker: Sync {
    /// Judges `output` for the test `input` whose jury answer is `answer`.
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure>;
}

/// What judges a program that runs several times on one test, each run's input made by the
/// judge from the one before (a multi-pass problem): it runs the program itself.
pub trait MultiPass: Sync {
    /// Runs `program` under `limits` (each run's own) on the test `input` whose jury answer
    /// is `answer`, pass after pass, and judges it; the run that decided, when one ran.
    fn judge(
        &self,
        runner: &Runner,
        program: &Invocation,
        limits: &Limits,
        input: &[u8],
        answer: &[u8],
    ) -> (Judged, Option<Run>);
}

/// What plays a program against an interactor by a protocol of its own and judges the whole
/// of it, running the program itself: sinol-make's `soc`, whose report decides after the
/// program's own verdict (`crate::judging`'s sinol-make protocol), unlike an [`Interactor`],
/// whose exit does.
pub trait Conductor: Sync {
    /// Runs `program` under `limits` against the interactor on the test `input` (whose jury
    /// answer is `answer`) and judges it; the program's run, when it is known.
    fn conduct(
        &self,
        runner: &Runner,
        program: &Program,
        limits: &Limits,
        input: &[u8],
        answer: &[u8],
    ) -> (Judged, Option<Run>);
}

/// One test on disk: `NAME.in` and its jury answer `NAME.ans`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Test {
    /// The file stem, as tables and `--test` name it (`03`).
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
}

impl Test {
    /// The test of the model's case `case`: its input file and its answer (a case without
    /// one is judged against none, a judge error where an answer is read); an error when its
    /// input is no file.
    pub fn of_case(case: &TestCase) -> Result<Test, String> {
        match &case.input {
            CaseData::File(input) => Ok(Test {
                name: case.name.clone(),
                input: input.clone(),
                answer: case.answer.clone().unwrap_or_default(),
            }),
            CaseData::Inline(_) => Err(format!("test {}: its input is no file", case.name)),
        }
    }
}

/// How a program is judged on a test.
#[derive(Clone, Copy)]
pub enum Judging<'a> {
    /// It reads the input file and writes an output, which a checker judges once it ended.
    Output(&'a dyn Checker),
    /// It plays against a built-in judge.
    Interactive(&'a dyn Referee),
    /// It plays against an interactor program speaking the Kattis protocol.
    Interactor(&'a Interactor),
    /// It runs pass after pass, as a multi-pass problem's validator asks.
    MultiPass(&'a dyn MultiPass),
    /// It plays against an interactor speaking a protocol of its own.
    Conducted(&'a dyn Conductor),
}

/// Everything judging one program needs: how to run it, under which limits, and how it is
/// judged.
#[derive(Clone, Copy)]
pub struct Judge<'a> {
    pub runner: &'a Runner,
    pub program: &'a Program,
    pub limits: Limits,
    pub judging: Judging<'a>,
}

impl Judge<'_> {
    /// Runs the program on a test on disk (its standard input is the file itself) and judges
    /// it; the run too, when the program could be started.
    pub fn test(&self, test: &Test) -> (Judged, Option<Run>) {
        // A test file larger than the judge reads whole is a judge error, not an exhausted
        // memory.
        let read = |path: &Path| read_bounded(path, MAX_TEST_BYTES);
        match (read(&test.input), read(&test.answer)) {
            (Ok(input), Ok(answer)) => self.judge(Stdin::File(&test.input), &input, &answer),
            (Err(message), _) | (_, Err(message)) => (Judged::judge_error(message), None),
        }
    }

    /// Runs the program on `input` (whose jury answer is `answer`), both in memory, and
    /// judges it.
    pub fn input(&self, input: &[u8], answer: &[u8]) -> (Judged, Option<Run>) {
        self.judge(Stdin::Bytes(input), input, answer)
    }

    /// Runs the program with `stdin`, which holds `input`, and judges it.
    fn judge(&self, stdin: Stdin<'_>, input: &[u8], answer: &[u8]) -> (Judged, Option<Run>) {
        let (runner, program, limits) = (self.runner, &self.program.invocation, &self.limits);
        let checker = match self.judging {
            Judging::Output(checker) => checker,
            Judging::Interactive(referee) => {
                return interactive::against_referee(runner, program, limits, referee, input)
            }
            Judging::Interactor(interactor) => {
                return interactive::against_interactor(
                    runner, program, limits, interactor, input, answer,
                )
            }
            Judging::MultiPass(passes) => {
                return passes.judge(runner, program, limits, input, answer)
            }
            Judging::Conducted(conductor) => {
                return conductor.conduct(runner, self.program, limits, input, answer)
            }
        };
        let run = match self
            .runner
            .run(&self.program.invocation, stdin, &self.limits)
        {
            Ok(run) => run,
            Err(error) => return (Judged::judge_error(error.to_string()), None),
        };
        // When the run already failed its output is not judged, but the checker still reads
        // the jury's files: a broken answer file is a judge error whatever the program did.
        let own = run.verdict();
        let output: &[u8] = if own.is_some() { b"" } else { &run.stdout };
        let judged = match (checker.check(input, answer, output), own) {
            (Err(failure), _) => Judged::judge_error(format!("checker failed: {failure}")),
            (Ok(_), Some((verdict, message))) => Judged::new(verdict, message),
            (Ok(judged), None) => judged,
        };
        (explained(judged, &run, self.runner), Some(run))
    }
}

/// `judged` with what `run` says of it: the measurements, and on a verdict that is not AC the
/// end of the program's standard error and, when its failure shows the sandbox refused
/// something it tried, a sentence saying so (with the flag that allows it) at the end of the
/// message's first line.
pub(crate) fn explained(mut judged: Judged, run: &Run, runner: &Runner) -> Judged {
    judged.measured = Some(run.measured());
    if judged.accepted() {
        return judged;
    }
    judged.stderr = run.stderr_tail();
    // The protections were learned when the first server started, before this run.
    if let Some(refusal) = runner
        .protections()
        .ok()
        .and_then(|protections| sandbox_refusal(run, &protections))
    {
        // On the first line, which every report shows.
        let end = judged.message.find('\n').unwrap_or(judged.message.len());
        judged.message.insert_str(end, &format!("; {refusal}"));
    }
    judged
}

/// Judges every test, `jobs` at a time, each with its own way of judging and limits
/// (`of_test(i)` for test `i`: a Kattis package gives each group of tests its own validator
/// flags, and a problem may give a group or a test its own limits, `crate::judging`), and
/// returns the verdicts in test order; `on_judged` sees each one in test order as soon as it
/// and every test before it are done (to print a table as it grows; it runs on the worker that
/// finished the test). Outputs are not kept: only verdicts, messages and measurements.
pub fn judge_each<'c>(
    judge: &Judge<'_>,
    tests: &[Test],
    jobs: usize,
    of_test: impl (Fn(usize) -> (Judging<'c>, Limits)) + Sync,
    mut on_judged: impl FnMut(&Test, &Judged) + Send,
) -> Vec<Judged> {
    let mut all = Vec::with_capacity(tests.len());
    parallel::in_order(
        tests.len() as u64,
        jobs,
        |i| {
            let (judging, limits) = of_test(i as usize);
            let judge = Judge {
                judging,
                limits,
                ..*judge
            };
            Step::Next(judge.test(&tests[i as usize]).0)
        },
        |i, judged| {
            on_judged(&tests[i as usize], &judged);
            all.push(judged);
        },
    );
    all
}

/// The verdict of every test of a program that could not be prepared: CE for a compile
/// error, JE when the judge lacks a compiler or cannot read the source.
pub fn unprepared(error: &PrepareError) -> Judged {
    Judged::new(error.verdict, error.message.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Verdict;

    /// Accepts any output equal to the answer.
    struct Exact;

    impl Checker for Exact {
        fn check(&self, _: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
            Ok(match output == answer {
                true => Judged::new(Verdict::AC, "ok"),
                false => Judged::new(Verdict::WA, "differs"),
            })
        }
    }

    #[test]
    fn an_unreadable_test_is_a_judge_error_and_runs_nothing() {
        let runner = Runner::new("/nonexistent/stonejudge");
        let program = Program {
            invocation: crate::run::Invocation::new("/bin/true"),
            given: "/bin/true".into(),
            language: None,
        };
        let judge = Judge {
            runner: &runner,
            program: &program,
            limits: Limits::new(std::time::Duration::from_secs(1), 64 << 20),
            judging: Judging::Output(&Exact),
        };
        let test = Test {
            name: "01".into(),
            input: "/nonexistent/01.in".into(),
            answer: "/nonexistent/01.ans".into(),
        };
        let (judged, run) = judge.test(&test);
        assert_eq!(judged.verdict, Verdict::JE);
        assert!(judged.message.starts_with("cannot read /nonexistent/01.in"));
        assert!(run.is_none() && judged.measured.is_none());
    }
}
