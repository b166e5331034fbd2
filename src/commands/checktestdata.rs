//! `stonejudge checktestdata SCRIPT [INPUT]`: one input checked against a checktestdata
//! script by our engine, with the C++ tool's exit codes: 0 valid, 1 invalid (the input's
//! line:col on standard error), 2 a broken script (its line:col) or a usage error.

use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context};

use super::{read_input, CommandOutcome};
use crate::cli::ChecktestdataArgs;
use stonejudge::check::checktestdata::{Failure, Options, Script};

pub fn run(args: &ChecktestdataArgs) -> anyhow::Result<CommandOutcome> {
    let text = std::fs::read(&args.script)
        .with_context(|| format!("cannot read {}", args.script.display()))?;
    let script =
        Script::parse(&text).map_err(|e| anyhow::anyhow!("{}:{e}", shown(&args.script)))?;
    let (name, input) = read_input(args.input.as_deref())?;
    let options = Options {
        whitespace_ok: args.whitespace_ok,
        deadline: Some(Instant::now() + args.time_limit),
    };
    match script.check(&input, &options) {
        Ok(()) => Ok(CommandOutcome::Success),
        Err(Failure::Input(e)) => {
            errln!("{name}:{e} (script {}:{})", shown(&args.script), e.command);
            Ok(CommandOutcome::Rejected)
        }
        Err(Failure::Script(e)) => bail!("{}:{e}", shown(&args.script)),
        Err(Failure::TimeLimit) => bail!(
            "{}: ran past the time limit of {} s (--time-limit)",
            shown(&args.script),
            args.time_limit.as_secs_f64()
        ),
    }
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}
