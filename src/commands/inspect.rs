//! `list`, `solve`, `brute`, `gen`, `validate`: one problem, one input, no processes (except
//! `validate` of a Kattis package, which runs the package's input validators).

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context};

use super::{read_input, Outcome};
use crate::cli::{GenArgs, SolveArgs, ValidateArgs};
use stonejudge::catalog::{self, DynProblem, CATALOG};
use stonejudge::gen::Params;
use stonejudge::package::validators::{check_inputs, InputCase};
use stonejudge::package::Package;
use stonejudge::parallel;
use stonejudge::run::{Cache, Runner};

/// The problem `name`, looked up in the archive of the current directory (these commands
/// read no archive files, so they take no --root).
fn find(name: &str) -> anyhow::Result<&'static dyn DynProblem> {
    Ok(catalog::resolve(name, Path::new("."))?.problem()?)
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
    let resolved = catalog::resolve(&args.problem, Path::new("."))?;
    if let Some(package) = resolved.package() {
        return validate_package(args, package);
    }
    let problem = resolved.problem()?;
    let paths: Vec<Option<&std::path::Path>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(|p| Some(p.as_path())).collect()
    };
    let mut outcome = Outcome::Success;
    for path in paths {
        let (name, input) = read_input(path)?;
        if let Err(error) = problem.validate(&input) {
            eprintln!("{name}:{error}");
            outcome = Outcome::Rejected;
        }
    }
    Ok(outcome)
}

fn print_out(text: &str) -> anyhow::Result<Outcome> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .context("cannot write to standard output")?;
    Ok(Outcome::Success)
}

/// `validate PACKAGE [FILE]...`: the package's input validators on each FILE (no flags), or
/// on every input of its `data/` with its group's `input_validator_flags` when none is given.
fn validate_package(args: &ValidateArgs, package: &Package) -> anyhow::Result<Outcome> {
    let cases: Vec<InputCase> = if args.files.is_empty() {
        let data = package.data()?;
        (data.tests().into_iter())
            .map(|t| InputCase {
                name: t.test.input.display().to_string(),
                path: t.test.input.clone(),
                flags: t.input_validator_flags.clone(),
            })
            .collect()
    } else {
        (args.files.iter())
            .map(|path| InputCase {
                name: path.display().to_string(),
                path: path.clone(),
                flags: Vec::new(),
            })
            .collect()
    };
    let runner = Runner::current_exe()?;
    let cache = Cache::default_location()?;
    let report = check_inputs(package, &runner, &cache, &cases, parallel::cores())?;
    for line in report.rejected.iter().chain(&report.skipped) {
        eprintln!("{line}");
    }
    if !report.rejected.is_empty() {
        return Ok(Outcome::Rejected);
    }
    if !report.skipped.is_empty() {
        bail!("some input validators could not run (skipped, not passed)");
    }
    eprintln!(
        "{} inputs accepted by {} input validators",
        cases.len(),
        report.validators
    );
    Ok(Outcome::Success)
}
