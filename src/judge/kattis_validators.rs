//! A Kattis package's validators run by their protocol, which needs nothing of the package
//! but the programs and their flags (the package is read by `crate::package`, which runs
//! nothing): input validators on test inputs, and the output validator as a [`Checker`] on
//! the judging path.
//!
//! - **Input validators** (`input_validators/`): each program reads an input on standard
//!   input, gets its group's `input_validator_flags` as arguments, and exits 42 when the input
//!   is valid (anything else is invalid). A `.ctd` file is a checktestdata script, run by our
//!   own engine ([`crate::check::checktestdata`]) within the validation time limit; flags
//!   are not passed to it (the language takes none).
//! - **Output validators** (the Kattis protocol): `validator INPUT ANSWER FEEDBACK_DIR/
//!   [flags…] < OUTPUT`, exit 42 accepted, 43 wrong answer, anything else a judge error; the
//!   reason is `judgemessage.txt` in the feedback directory. Without one, the default
//!   validator ([`crate::check::default_validator`], through
//!   [`crate::programs::ProgramChecker::Default`]) compares tokens in-process.
//! - **Answer validators** (`answer_validators/`, BAPCtools' addition): `validator INPUT
//!   [answer_validator_args…] < ANSWER`, exit 42 when the answer is valid.
//!
//! Which validators run on which cases, and what they must say, is verify's, once for every
//! format (`crate::verify::validation`).

use std::path::Path;
use std::time::Instant;

use super::kattis::{ValidatorFiles, ACCEPTED, REJECTED};
use super::Checker;
use crate::check::checktestdata::{self as ctd, Script};
use crate::check::JudgeFailure;
use crate::run::jury::beyond_limits;
use crate::run::{Exit, Limits, Program, Run, Runner, Stdin};
use crate::text::show;
use crate::verdict::{Judged, Verdict};
use crate::within::{read_bounded, MAX_TEST_BYTES};

/// A package's own output validator with the flags of one group.
pub struct OutputValidator<'a> {
    pub runner: &'a Runner,
    pub program: &'a Program,
    pub flags: Vec<String>,
    /// `validation_time` and `validation_memory` of `problem.yaml`
    /// (`crate::model::ValidationLimits`, made run limits by
    /// `crate::judging::validation_limits`).
    pub limits: Limits,
}

impl Checker for OutputValidator<'_> {
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        let files = ValidatorFiles::new(input, answer).map_err(JudgeFailure)?;
        self.check_with(&files, output)
    }
}

impl OutputValidator<'_> {
    /// Judges `output` given `files` (one pass of a multi-pass problem, whose feedback
    /// directory is kept from pass to pass).
    pub fn check_with(
        &self,
        files: &ValidatorFiles,
        output: &[u8],
    ) -> Result<Judged, JudgeFailure> {
        let invocation = files.invocation(&self.program.invocation, &self.flags);
        let run = self
            .runner
            .run(&invocation, Stdin::Bytes(output), &self.limits)
            .map_err(|e| JudgeFailure(format!("cannot run the output validator: {e}")))?;
        let shown = self.program.given.display();
        if let Some(why) = beyond_limits(&format!("the output validator {shown}"), &run) {
            return Err(JudgeFailure(why));
        }
        let message = files.message(&run);
        match run.exit {
            Exit::Code(ACCEPTED) => Ok(Judged {
                score: files.awarded().map_err(|e| {
                    JudgeFailure(format!("the output validator {shown} accepted, but {e}"))
                })?,
                ..Judged::new(Verdict::AC, message.unwrap_or_else(|| "ok".to_string()))
            }),
            Exit::Code(REJECTED) => match files.awarded() {
                Ok(None) => Ok(Judged::new(
                    Verdict::WA,
                    message.unwrap_or_else(|| "rejected by the output validator".to_string()),
                )),
                // A score for a rejected output: problemtools and the specification call it
                // the judge's error.
                Ok(Some(_)) | Err(_) => Err(JudgeFailure(format!(
                    "the output validator {shown} rejected, but wrote score.txt or \
                     score_multiplier.txt"
                ))),
            },
            other => Err(JudgeFailure(format!(
                "the output validator {shown} ended with {other} (42 accepts, 43 rejects){}",
                message.map(|m| format!(": {m}")).unwrap_or_default()
            ))),
        }
    }
}

/// What one input validator said about one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Validity {
    Valid,
    /// Why not: the exit and the validator's message.
    Invalid(String),
}

/// Runs the input validator `program` on the input `input` with `flags`: exit `accepted`
/// accepts (42 in the Kattis protocol, 0 for a testlib validator). A validator that cannot say (it reached its own limits: it hung, or flooded
/// its output) is an `Err`, never a rejection of the input.
pub fn validate_input(
    runner: &Runner,
    program: &Program,
    input: Stdin<'_>,
    flags: &[String],
    limits: &Limits,
    accepted: i32,
) -> Result<Validity, String> {
    let invocation = program.invocation.clone().args(flags.iter());
    let shown = program.given.display();
    let run = runner
        .run(&invocation, input, limits)
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if let Some(why) = beyond_limits(&format!("the input validator {shown}"), &run) {
        return Err(why);
    }
    Ok(match run.exit {
        Exit::Code(code) if code == accepted => Validity::Valid,
        exit => Validity::Invalid(rejection(&run, exit)),
    })
}

/// Runs the checktestdata script `script` on the input file `input`, in-process, stopped at
/// the validation time limit; an error of the script itself, or the time limit reached, is
/// an `Err` (the validator cannot say), not a rejection of the input.
pub fn checktestdata(script: &Script, input: &Path, limits: &Limits) -> Result<Validity, String> {
    let bytes = read_bounded(input, MAX_TEST_BYTES)?;
    let options = ctd::Options {
        whitespace_ok: false,
        deadline: Some(Instant::now() + limits.cpu),
    };
    match script.check(&bytes, &options) {
        Ok(()) => Ok(Validity::Valid),
        Err(ctd::Failure::Input(e)) => Ok(Validity::Invalid(format!("{e} (script {})", e.command))),
        Err(ctd::Failure::TimeLimit) => Err(format!(
            "the checktestdata script did not finish within its limit of {} s",
            limits.cpu.as_secs_f64()
        )),
        Err(ctd::Failure::Script(e)) => Err(format!("script error at {e}")),
    }
}

/// The checktestdata script at `path`, parsed, or why it cannot be used.
pub fn parse_script(path: &Path) -> Result<Script, String> {
    let text = std::fs::read(path).map_err(|e| format!("cannot read it: {e}"))?;
    Script::parse(&text).map_err(|e| format!("script error at {e}"))
}

fn rejection(run: &Run, exit: Exit) -> String {
    let said = [run.stderr.as_slice(), run.stdout.as_slice()]
        .into_iter()
        .map(|b| String::from_utf8_lossy(b).trim().to_string())
        .find(|t| !t.is_empty())
        .unwrap_or_default();
    match said.lines().next().unwrap_or("") {
        "" => format!("{exit}"),
        first => format!("{exit}: {}", show::message(first)),
    }
}
