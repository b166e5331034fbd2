//! `describe <PROBLEM> [--json]`: what stonejudge reads of a problem in any format, its model
//! (`stonejudge::readers` read it, `stonejudge::report::describe` writes it as text).

use super::CommandOutcome;
use crate::cli::DescribeArgs;
use stonejudge::{readers, report};

pub fn run(args: &DescribeArgs) -> anyhow::Result<CommandOutcome> {
    let problem = readers::read_named(&args.problem, &args.archive.root)?;
    match args.json {
        true => outln!("{}", serde_json::to_string_pretty(&problem)?),
        false => out!("{}", report::describe::describe(&problem)),
    }
    Ok(CommandOutcome::Success)
}
