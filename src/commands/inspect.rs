//! `list`, `solve`, `brute`, `gen`, `validate`: one problem, one input; no processes for a
//! problem of the catalog, the problem's own programs for a program-backed one (and a Kattis
//! package's input validators for `validate`).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::{read_input, CommandOutcome};
use crate::cli::{GenArgs, SolveArgs, ValidateArgs};
use stonejudge::catalog::{BruteAnswer, Resolved, ToolError, Tools, CATALOG, INTERACTIVE};
use stonejudge::gen::Params;
use stonejudge::judging::{self, Toolbox};
use stonejudge::parallel;
use stonejudge::programs::{ProgramTools, BRUTE_TIME};
use stonejudge::readers;
use stonejudge::run::{Cache, JuryLimits, Runner, Sandbox};
use stonejudge::verify::validation::STDIN;

/// The problem `name`, looked up in the archive of the current directory (these commands
/// take no --root; a path names a problem folder anywhere).
fn find(name: &str) -> anyhow::Result<Resolved> {
    Ok(readers::resolve(name, Path::new("."))?)
}

/// What runs a problem's programs here, the jury's under `jury`, and where they are built.
fn machinery(jury: JuryLimits) -> anyhow::Result<(Runner, Cache)> {
    Ok((
        Runner::current_exe(Sandbox::Auto)?.with_jury(jury),
        Cache::default_location()?,
    ))
}

/// Runs `body` with the tools of `problem`.
fn with_tools<T>(
    problem: &Resolved,
    body: impl FnOnce(&Tools<'_>) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let (runner, cache) = machinery(JuryLimits::default())?;
    let tools = problem.tools(&runner, &cache).map_err(anyhow::Error::msg)?;
    body(&tools)
}

/// An invalid input is reported with exit 1; a broken tool of the problem is an error.
fn rejected(name: &str, error: ToolError) -> anyhow::Result<CommandOutcome> {
    match error {
        ToolError::Broken(why) => Err(anyhow::anyhow!(why)),
        invalid => {
            errln!("{}", invalid.about(name));
            Ok(CommandOutcome::Rejected)
        }
    }
}

/// `stonejudge list`: name and title of every problem.
pub fn list() -> anyhow::Result<CommandOutcome> {
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
        outln!("{:width$}  {}{kind}", problem.name(), problem.title());
    }
    Ok(CommandOutcome::Success)
}

/// `stonejudge solve`: the reference answer, or `file:line:col` and exit 1 on a bad input.
pub fn solve(args: &SolveArgs) -> anyhow::Result<CommandOutcome> {
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
pub fn brute(args: &SolveArgs) -> anyhow::Result<CommandOutcome> {
    let resolved = find(&args.problem)?;
    let (name, input) = read_input(args.input.as_deref())?;
    let Some(problem) = resolved.catalog() else {
        return with_tools(&resolved, |tools| {
            let answer = tools
                .validate(&input)
                .and_then(|()| tools.brute(&input, BRUTE_TIME));
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
            errln!("{name}:{error}");
            Ok(CommandOutcome::Rejected)
        }
    }
}

/// `stonejudge gen`: one generated input on standard output.
pub fn generate(args: &GenArgs) -> anyhow::Result<CommandOutcome> {
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
fn generate_with(programs: &ProgramTools<'_>, args: &GenArgs) -> anyhow::Result<CommandOutcome> {
    let pairs: Vec<(String, String)> = (args.params.iter())
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let input = programs
        .generate(args.seed, &pairs, false)
        .map_err(anyhow::Error::msg)?;
    print_out(&input)
}

/// `stonejudge validate`: the problem's input validators on every file (or standard input),
/// through the steps `verify` takes ([`Toolbox::files`]) and one printer
/// ([`super::validated`]); exit 1 if any is invalid. A file that is not there is a usage
/// error, found before anything runs (it is not opened here: a FIFO is read once, as it goes).
pub fn validate(args: &ValidateArgs) -> anyhow::Result<CommandOutcome> {
    for file in (args.files.iter()).filter(|file| *file != Path::new(STDIN)) {
        std::fs::metadata(file).with_context(|| format!("cannot read {}", file.display()))?;
    }
    let problem = find(&args.problem)?;
    if problem.is_package() {
        return validate_package(args, problem);
    }
    let model = readers::ours::read(&problem, &problem.testdata_dir())?;
    // Our problems read standard input when no file is given (a package validates its own
    // inputs then).
    let stdin = [PathBuf::from(STDIN)];
    let files = match args.files.is_empty() {
        true => &stdin[..],
        false => &args.files[..],
    };
    let (runner, cache) = machinery(args.jury.limits())?;
    let tools = problem.tools(&runner, &cache).map_err(anyhow::Error::msg)?;
    let toolbox = Toolbox::ours(&tools, &runner, &cache, parallel::cores());
    super::validated(toolbox.files(&model, files), files)
}

/// `validate PACKAGE [FILE]...` of a package of any format: its input validators, built as
/// its model says they are built ([`Toolbox::of`]), on each FILE (no arguments), or, when
/// none is given, on every input it is judged on with its group's arguments, the inputs it
/// does not commit made first (generators.yaml, ingen, a Polygon script).
fn validate_package(args: &ValidateArgs, problem: Resolved) -> anyhow::Result<CommandOutcome> {
    let model = readers::read_resolved(&problem)?;
    super::model_warnings(&model, args.strict.strict)?;
    if model.programs.input_validators.is_empty() {
        bail!(
            "{}: the {} package has no input validator",
            model.root.display(),
            model.format.name()
        );
    }
    let (runner, cache) = machinery(args.jury.limits())?;
    let jobs = parallel::cores();
    if !args.files.is_empty() {
        let toolbox = Toolbox::of(&model, &runner, &cache, jobs);
        return super::validated(toolbox.files(&model, &args.files), &args.files);
    }
    let with_tests = match judging::with_tests_made(problem, &runner, &cache, jobs) {
        Ok(with_tests) => with_tests,
        Err(error) => return super::not_made(error),
    };
    let model = readers::read_resolved(&with_tests.problem)?;
    let toolbox = Toolbox::of(&model, &runner, &cache, jobs);
    super::validated(toolbox.files(&model, &[]), &[])
}

fn print_out(text: &str) -> anyhow::Result<CommandOutcome> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .context("cannot write to standard output")?;
    Ok(CommandOutcome::Success)
}
