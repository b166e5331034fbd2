//! The body of each subcommand: reads files and flags, calls the library, prints results.
//! An `Err` is a usage or environment error (exit 2); an examined thing found wrong is
//! [`CommandOutcome::Rejected`] (exit 1).

#[macro_use]
pub mod console;
pub mod check;
pub mod checktestdata;
pub mod describe;
pub mod export;
pub mod grundy;
pub mod inspect;
pub mod interact;
pub mod judge;
pub mod new;
mod output;
pub mod stress;
pub mod testdata;
pub mod verify;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use stonejudge::judging::kattis_generators::MakeError;

use anyhow::{bail, Context};

use stonejudge::model::Problem;
use stonejudge::run::{Protections, Runner};
use stonejudge::verify::validation::Report;

/// How a command that ran to the end went, and so its exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandOutcome {
    /// Everything examined was accepted (exit 0).
    Success,
    /// The thing examined is wrong: invalid input, failing verdict, drift (exit 1).
    Rejected,
    /// A protocol's own exit code (testlib 0–3, Kattis 42/43).
    Protocol(u8),
    /// SIGINT stopped the command after it said what it had done (exit 130).
    Interrupted,
}

impl CommandOutcome {
    pub fn exit_code(self) -> ExitCode {
        match self {
            CommandOutcome::Success => ExitCode::SUCCESS,
            CommandOutcome::Rejected => ExitCode::from(1),
            CommandOutcome::Protocol(code) => ExitCode::from(code),
            CommandOutcome::Interrupted => ExitCode::from(stonejudge::interrupt::EXIT_STATUS),
        }
    }
}

/// The runner of a command that runs programs, confined as `--sandbox` says, the jury's
/// programs under `--jury-time-limit`, with the protections in force. `auto` says on
/// standard error, once, what is missing; `strict` fails (exit 2) when anything is.
pub fn runner(
    sandbox: &crate::cli::SandboxArg,
    jury: &crate::cli::JuryArg,
) -> anyhow::Result<(Runner, Protections)> {
    let runner = Runner::current_exe(sandbox.sandbox)?.with_jury(jury.limits());
    let protections = runner.protections()?;
    if let Some(shortfall) = protections.shortfall() {
        errln!("{shortfall}");
    }
    Ok((runner, protections))
}

/// Prints the warnings of reading the problem, or fails under `--strict`; a problem that uses
/// what stonejudge does not support is refused.
pub fn model_warnings(model: &Problem, strict: bool) -> anyhow::Result<()> {
    if !model.unsupported.is_empty() {
        bail!("{}", model.unsupported.join("; "));
    }
    if strict && !model.warnings.is_empty() {
        let each: Vec<String> = (model.warnings.iter())
            .map(|warning| format!("{warning} (--strict)"))
            .collect();
        bail!("{}", each.join("\n"));
    }
    for warning in &model.warnings {
        errln!("warning: {warning}");
    }
    Ok(())
}

/// A package whose test data could not be made (`generators.yaml`): exit 1 when the
/// package is at fault (a generator crashed, a case names no program), 2 when this machine
/// or stonejudge is (a compiler missing, something not supported).
pub fn not_made(error: MakeError) -> anyhow::Result<CommandOutcome> {
    match error.package_at_fault {
        true => {
            errln!("error: {error}");
            Ok(CommandOutcome::Rejected)
        }
        false => Err(anyhow::anyhow!("{error}")),
    }
}

/// The bytes of `path`, or of standard input when `path` is `None` or `-`, with the name to
/// use in messages (`<stdin>` for standard input).
pub fn read_input(path: Option<&Path>) -> anyhow::Result<(String, Vec<u8>)> {
    match path.filter(|p| *p != Path::new("-")) {
        Some(path) => {
            let name = path.display().to_string();
            let bytes = std::fs::read(path).with_context(|| format!("cannot read {name}"))?;
            Ok((name, bytes))
        }
        None => {
            let mut bytes = Vec::new();
            (std::io::stdin().read_to_end(&mut bytes)).context("cannot read <stdin>")?;
            Ok(("<stdin>".to_string(), bytes))
        }
    }
}

/// `word` as one word of a POSIX shell command: unchanged when safe, else in single quotes.
/// Reproduction commands in reports are built from these.
pub fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// What the input validators said of the `files` named on the command line (none: the
/// problem's own inputs), on standard error: exit 1 when any rejects an input, an error when
/// one could not run (skipped, not passed) or could not say (it hung: no input is invalid for
/// that). Valid files are passed in silence, as a compiler passes them (exit 0 says it); the
/// problem's own inputs are counted.
pub fn validated(report: Report, files: &[PathBuf]) -> anyhow::Result<CommandOutcome> {
    for line in (report.rejected.iter())
        .chain(&report.broken)
        .chain(&report.skipped)
    {
        errln!("{line}");
    }
    if !report.rejected.is_empty() {
        return Ok(CommandOutcome::Rejected);
    }
    if !report.broken.is_empty() {
        bail!("some input validators could not say whether an input is valid");
    }
    if !report.skipped.is_empty() {
        bail!("some input validators could not run (skipped, not passed)");
    }
    if files.is_empty() {
        errln!(
            "{} inputs accepted by {} input validators",
            report.cases,
            report.validators
        );
    }
    Ok(CommandOutcome::Success)
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn shell_words() {
        assert_eq!(shell_word("./sol.cpp"), "./sol.cpp");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
