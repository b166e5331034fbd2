//! `list`, `solve`, `brute`, `gen`, `validate`: one problem, one input, no processes.

use std::io::Write;
use std::path::Path;

use anyhow::Context;

use super::{read_input, InputFile, Outcome};
use crate::cli::{GenArgs, SolveArgs, ValidateArgs};
use stonejudge::catalog::{self, DynProblem, CATALOG};
use stonejudge::gen::Params;

/// The problem `name`, looked up in the archive of the current directory (these commands
/// read no archive files, so they take no --root).
fn find(name: &str) -> anyhow::Result<&'static dyn DynProblem> {
    Ok(catalog::resolve(name, Path::new("."))?.problem())
}

/// `stonejudge list`: name and title of every problem.
pub fn list() -> anyhow::Result<Outcome> {
    let width = CATALOG.iter().map(|p| p.name().len()).max().unwrap_or(0);
    for problem in CATALOG {
        println!("{:width$}  {}", problem.name(), problem.title());
    }
    Ok(Outcome::Success)
}

/// `stonejudge solve`: the reference answer, or `file:line:col` and exit 1 on a bad input.
pub fn solve(args: &SolveArgs) -> anyhow::Result<Outcome> {
    let problem = find(&args.problem)?;
    let (name, input) = read_input(args.input.as_deref())?;
    match problem.solve(&input) {
        Ok(answer) => print_out(&answer),
        Err(error) => {
            eprintln!("{name}:{error}");
            Ok(Outcome::Rejected)
        }
    }
}

/// `stonejudge brute`: the exhaustive-search answer; a too-large input is a usage error.
pub fn brute(args: &SolveArgs) -> anyhow::Result<Outcome> {
    let problem = find(&args.problem)?;
    let (name, input) = read_input(args.input.as_deref())?;
    match problem.brute(&input) {
        Ok(Ok(answer)) => print_out(&answer),
        Ok(Err(too_large)) => Err(anyhow::anyhow!("{name}: {too_large}")),
        Err(error) => {
            eprintln!("{name}:{error}");
            Ok(Outcome::Rejected)
        }
    }
}

/// `stonejudge gen`: one generated input on standard output.
pub fn generate(args: &GenArgs) -> anyhow::Result<Outcome> {
    let problem = find(&args.problem)?;
    let params = Params::parse(&args.params)?;
    let input = problem.generate(args.seed, &params)?;
    print_out(&input)
}

/// `stonejudge validate`: every file (or standard input) strictly; exit 1 if any is invalid.
pub fn validate(args: &ValidateArgs) -> anyhow::Result<Outcome> {
    let problem = find(&args.problem)?;
    let paths: Vec<Option<&std::path::Path>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(|p| Some(p.as_path())).collect()
    };
    let mut outcome = Outcome::Success;
    for path in paths {
        let mut input = InputFile::open(path)?;
        if let Err(error) = validate_one(problem, &mut input)? {
            eprintln!("{}:{error}", input.name);
            outcome = Outcome::Rejected;
        }
    }
    Ok(outcome)
}

/// Bytes of an input validated before the rest is read: a file far beyond any format's size
/// whose error is near its start is rejected without being held in memory.
const VALIDATED_FIRST: u64 = 4 << 20;

/// Validates one input: its first [`VALIDATED_FIRST`] bytes, and only when they hold no error
/// (or one that may be due to the cut) all of it. An error on a line that ends inside the
/// prefix is final: the strict reader reads forward, so the bytes after it cannot change it.
fn validate_one(
    problem: &dyn DynProblem,
    input: &mut InputFile,
) -> anyhow::Result<Result<(), stonejudge::problem::ParseError>> {
    let mut bytes = Vec::new();
    if input.read_more(&mut bytes, VALIDATED_FIRST)? {
        if let Err(error) = problem.validate(&bytes) {
            let whole_lines = bytes.iter().filter(|&&b| b == b'\n').count();
            if error.line <= whole_lines {
                return Ok(Err(error));
            }
        }
        input.read_more(&mut bytes, u64::MAX)?;
    }
    Ok(problem.validate(&bytes))
}

fn print_out(text: &str) -> anyhow::Result<Outcome> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .context("cannot write to standard output")?;
    Ok(Outcome::Success)
}
