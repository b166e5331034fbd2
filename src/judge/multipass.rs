//! Multi-pass problems (`type: multi-pass`, 2023-07 and 2025-09): a submission runs again and
//! again on one test, each pass's input written by the output validator of the pass before.
//!
//! As the specification says (and BAPCtools does):
//!
//! - The validator asks for another pass by exiting 42 with `nextpass.in` in its feedback
//!   directory; that file becomes the next pass's input, which the submission reads and the
//!   validator is given as its input file (BAPCtools' reading: the specification leaves the
//!   validator's input open). Everything else in the feedback directory stays between passes
//!   (`judgemessage.txt` is appended to).
//! - Judging stops at the first pass that is not accepted (the submission's own TLE, RTE…, or
//!   the validator's WA), or at an accepted pass without `nextpass.in`: the verdict is that
//!   pass's.
//! - A validator that writes `nextpass.in` and rejects, or asks for more passes than
//!   `limits.validation_passes` (default 2), is a judge error.
//! - The time and memory limits hold for each pass on its own; the time a test reports is
//!   its slowest pass's, so a test is over a time limit when one of its passes is.
//! - Interactive multi-pass: each pass is a conversation with the validator as interactor
//!   ([`super::interactive::play`]), under the same rules.
//!
//! The passes are the judge's, not the package's: they need its output validator (or
//! interactor) and `limits.validation_passes`, which `crate::package` reads.

use super::interactive::{self, Interactor};
use super::kattis::ValidatorFiles;
use super::kattis_validators::OutputValidator;
use super::{explained, MultiPass};
use crate::run::{Invocation, Limits, Run, Runner, Stdin};
use crate::verdict::{Judged, Measured, Verdict};

/// How the validator sees each pass.
pub enum PassValidator<'a> {
    /// It reads the pass's output once the submission ended.
    Output(OutputValidator<'a>),
    /// It talks with the submission as its interactor.
    Interactor(Interactor),
}

/// A multi-pass package's way of judging one test.
pub struct Passes<'a> {
    pub validator: PassValidator<'a>,
    /// `limits.validation_passes`: the most passes a test may take.
    pub most: u64,
}

impl Passes<'_> {
    /// One pass: the program run on the pass's input and judged (or its conversation).
    fn pass(
        &self,
        runner: &Runner,
        program: &Invocation,
        limits: &Limits,
        files: &ValidatorFiles,
    ) -> (Judged, Option<Run>) {
        let validator = match &self.validator {
            PassValidator::Interactor(interactor) => {
                let played = interactive::play(runner, program, limits, interactor, files, false);
                return (played.judged, played.run);
            }
            PassValidator::Output(validator) => validator,
        };
        let run = match runner.run(program, Stdin::File(&files.input()), limits) {
            Ok(run) => run,
            Err(error) => return (Judged::judge_error(error.to_string()), None),
        };
        // A run that failed leaves no output to validate, and no next pass.
        let judged = match run.verdict() {
            Some((verdict, why)) => Judged::new(verdict, why),
            None => match validator.check_with(files, &run.stdout) {
                Ok(judged) => judged,
                Err(failure) => Judged::judge_error(format!("checker failed: {failure}")),
            },
        };
        (explained(judged, &run, runner), Some(run))
    }
}

impl MultiPass for Passes<'_> {
    fn judge(
        &self,
        runner: &Runner,
        program: &Invocation,
        limits: &Limits,
        input: &[u8],
        answer: &[u8],
    ) -> (Judged, Option<Run>) {
        let files = match ValidatorFiles::new(input, answer) {
            Ok(files) => files,
            Err(error) => return (Judged::judge_error(error), None),
        };
        let mut slowest: Option<Measured> = None;
        let mut pass = 1;
        loop {
            let (mut judged, run) = self.pass(runner, program, limits, &files);
            slowest = match (slowest, judged.measured) {
                (Some(a), Some(b)) if b.cpu_time <= a.cpu_time => Some(a),
                (a, b) => b.or(a),
            };
            let next = files.wants_next_pass();
            let failure = match (judged.verdict, next) {
                (Verdict::AC, false) => {
                    judged.message = format!("{} (pass {pass})", judged.message);
                    None
                }
                (Verdict::AC, true) if pass >= self.most => Some(format!(
                    "the output validator asked for pass {} (nextpass.in), but \
                     limits.validation_passes is {}",
                    pass + 1,
                    self.most
                )),
                (Verdict::AC, true) => match files.next_pass() {
                    Ok(()) => {
                        pass += 1;
                        continue;
                    }
                    Err(error) => Some(error),
                },
                (Verdict::WA, true) => Some(format!(
                    "the output validator wrote nextpass.in but rejected the output (43) in \
                     pass {pass}: it may ask for another pass only by accepting"
                )),
                (_, _) => {
                    judged.message = format!("pass {pass}: {}", judged.message);
                    None
                }
            };
            if let Some(why) = failure {
                judged = Judged {
                    measured: judged.measured,
                    ..Judged::judge_error(why)
                };
            }
            judged.measured = slowest;
            return (judged, run);
        }
    }
}
