//! `list`, `solve`, `brute`, `gen`, `validate`: one problem, one input; no processes for a
//! problem of the catalog, the problem's own programs for a program-backed one (and a Kattis
//! package's input validators for `validate`).

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context};

use super::{read_input, InputFile, Outcome};
use crate::cli::{GenArgs, SolveArgs, ValidateArgs};
use stonejudge::catalog::{self, BruteAnswer, Resolved, ToolError, Tools, CATALOG, INTERACTIVE};
use stonejudge::gen::Params;
use stonejudge::judging::Toolbox;
use stonejudge::package::Package;
use stonejudge::parallel;
use stonejudge::programs::{ProgramTools, TOOL_TIME};
use stonejudge::readers;
use stonejudge::run::{Cache, Runner, Sandbox};

/// The problem `name`, looked up in the archive of the current directory (these commands
/// take no --root; a path names a problem folder anywhere).
fn find(name: &str) -> anyhow::Result<Resolved> {
    Ok(catalog::resolve(name, Path::new("."))?)
}

/// Runs `body` with the tools of `problem`.
fn with_tools<T>(
    problem: &Resolved,
    body: impl FnOnce(&Tools<'_>) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let runner = Runner::current_exe(Sandbox::Auto)?;
    let cache = Cache::default_location()?;
    let tools = problem.tools(&runner, &cache).map_err(anyhow::Error::msg)?;
    body(&tools)
}

/// An invalid input is reported with exit 1; a broken tool of the problem is an error.
fn rejected(name: &str, error: ToolError) -> anyhow::Result<Outcome> {
    match error {
        ToolError::Broken(why) => Err(anyhow::anyhow!(why)),
        invalid => {
            eprintln!("{}", invalid.about(name));
            Ok(Outcome::Rejected)
        }
    }
}

/// `stonejudge list`: name and title of every problem.
pub fn list() -> anyhow::Result<Outcome> {
    let interactive = INTERACTIVE.iter().map(|i| (i.problem, " (interactive)"));
    let problems: Vec<_> = CATALOG
        .iter()
        .map(|&p| (p, ""))
        .chain(interactive)
        .collect();
    let width = problems
        .iter()
        .map(|(p, _)| p.name().len())
        .max()
        .unwrap_or(0);
    for (problem, kind) in problems {
        println!("{:width$}  {}{kind}", problem.name(), problem.title());
    }
    Ok(Outcome::Success)
}

/// `stonejudge solve`: the reference answer, or `file:line:col` and exit 1 on a bad input.
pub fn solve(args: &SolveArgs) -> anyhow::Result<Outcome> {
    let problem = find(&args.problem)?;
    let (name, input) = read_input(args.input.as_deref())?;
    with_tools(&problem, |tools| {
        match tools.validate(&input).and_then(|()| tools.solve(&input)) {
            Ok(answer) => print_out(&answer),
            Err(error) => rejected(&name, error),
        }
    })
}

/// `stonejudge brute`: the exhaustive-search answer; a too-large input is a usage error.
pub fn brute(args: &SolveArgs) -> anyhow::Result<Outcome> {
    let resolved = find(&args.problem)?;
    let (name, input) = read_input(args.input.as_deref())?;
    let Some(problem) = resolved.catalog() else {
        return with_tools(&resolved, |tools| {
            let answer = tools
                .validate(&input)
                .and_then(|()| tools.brute(&input, TOOL_TIME));
            match answer {
                Ok(BruteAnswer::Solved(answer)) => print_out(&answer),
                Ok(BruteAnswer::TooLarge(why)) => Err(anyhow::anyhow!("{name}: {why}")),
                Ok(BruteAnswer::NoBrute) => Err(anyhow::anyhow!(
                    "{} has no brute force program (brute in [programs])",
                    resolved.name()
                )),
                Err(error) => rejected(&name, error),
            }
        });
    };
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
    let resolved = find(&args.problem)?;
    let params = Params::parse(&args.params)?;
    let Some(problem) = resolved.catalog() else {
        return with_tools(&resolved, |tools| match tools {
            Tools::Programs(programs) => generate_with(programs, args),
            Tools::InProcess(_) => Err(anyhow::anyhow!("{}: no generator", resolved.name())),
        });
    };
    let input = problem.generate(args.seed, &params)?;
    print_out(&input)
}

/// One input from a problem's generator program, called with the parameters as given.
fn generate_with(programs: &ProgramTools<'_>, args: &GenArgs) -> anyhow::Result<Outcome> {
    let pairs: Vec<(String, String)> = (args.params.iter())
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let input = programs
        .generate(args.seed, &pairs, false)
        .map_err(anyhow::Error::msg)?;
    print_out(&input)
}

/// `stonejudge validate`: every file (or standard input) strictly; exit 1 if any is invalid.
pub fn validate(args: &ValidateArgs) -> anyhow::Result<Outcome> {
    let problem = find(&args.problem)?;
    if let Some(package) = problem.package() {
        return validate_package(args, package);
    }
    if let Some(sinol) = problem.sinol() {
        return super::sinol::validate(args, sinol);
    }
    let paths: Vec<Option<&std::path::Path>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(|p| Some(p.as_path())).collect()
    };
    with_tools(&problem, |tools| {
        let mut outcome = Outcome::Success;
        for path in paths {
            let mut input = InputFile::open(path)?;
            if let Err(error) = validate_one(tools, &mut input)? {
                outcome = rejected(&input.name, error)?;
            }
        }
        Ok(outcome)
    })
}

/// Bytes of an input validated before the rest is read: a file far beyond any format's size
/// whose error is near its start is rejected without being held in memory.
const VALIDATED_FIRST: u64 = 4 << 20;

/// Validates one input: its first [`VALIDATED_FIRST`] bytes, and only when they hold no error
/// (or one that may be due to the cut) all of it. An error on a line that ends inside the
/// prefix is final: the strict reader reads forward, so the bytes after it cannot change it.
fn validate_one(tools: &Tools, input: &mut InputFile) -> anyhow::Result<Result<(), ToolError>> {
    let mut bytes = Vec::new();
    if input.read_more(&mut bytes, VALIDATED_FIRST)? {
        // Only the strict reader's errors carry a line; a validator program is never shown a
        // cut input.
        if let Tools::InProcess(_) = tools {
            if let Err(ToolError::Parse(error)) = tools.validate(&bytes) {
                let whole_lines = bytes.iter().filter(|&&b| b == b'\n').count();
                if error.line <= whole_lines {
                    return Ok(Err(ToolError::Parse(error)));
                }
            }
        }
        input.read_more(&mut bytes, u64::MAX)?;
    }
    Ok(tools.validate(&bytes))
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
    super::package_warnings(package, args.strict.strict)?;
    let problem = readers::kattis::read(package)?;
    if problem.programs.input_validators.is_empty() {
        bail!(
            "{}: input_validators/ holds no validator",
            package.root.display()
        );
    }
    let runner = Runner::current_exe(Sandbox::Auto)?;
    let cache = Cache::default_location()?;
    let toolbox = Toolbox::package(package, &runner, &cache, parallel::cores());
    super::validated(toolbox.files(&problem, &args.files))
}
