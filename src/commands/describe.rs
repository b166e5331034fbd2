//! `describe <PROBLEM> [--json]`: what stonejudge reads of a problem in any format, the model
//! every other command works from (see `stonejudge::readers`).

use super::Outcome;
use crate::cli::DescribeArgs;
use stonejudge::readers;

pub fn run(args: &DescribeArgs) -> anyhow::Result<Outcome> {
    let problem = readers::read_named(&args.problem, &args.archive.root)?;
    match args.json {
        true => println!("{}", serde_json::to_string_pretty(&problem)?),
        false => print!("{}", readers::describe(&problem)),
    }
    Ok(Outcome::Success)
}
