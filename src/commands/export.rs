//! `export <PROBLEM> --format kattis --out DIR`: write a problem as another system's package
//! (see `stonejudge::archive::export`).

use super::{find_problem, Outcome};
use crate::cli::ExportArgs;
use stonejudge::archive::export;
use stonejudge::archive::Archive;

pub fn run(args: &ExportArgs) -> anyhow::Result<Outcome> {
    let problem = find_problem(&args.problem)?;
    let archive = Archive::new(&args.root);
    let exported =
        export::export(&archive, problem, args.format, &args.out).map_err(anyhow::Error::msg)?;
    for (path, why) in &exported.left_out {
        eprintln!("export: left out {}: {why}", path.display());
    }
    println!(
        "{}: {} files written to {}",
        problem.name(),
        exported.files.len(),
        args.out.display()
    );
    Ok(Outcome::Success)
}
