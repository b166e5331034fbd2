//! `testdata [--check] [PROBLEM]...`: regenerate `testdata/` from the plans in `problems/`, or
//! check that it is what the plans produce; either way, report which constraint bounds the
//! tests reach.
//!
//! Per problem, the plan is built in memory (generate, validate, solve); a problem is rejected
//! (exit 1) if its manifest is wrong, a test fails to build or the validator accepts one of
//! its `[[invalid]]` inputs (the validation step `verify` takes), and then nothing is written;
//! otherwise its tests are written, atomically. A constraint bound the tests never reach (and
//! that `[unreached]` does not excuse) is a warning naming it, so that a plan in progress can
//! be seen; with `--check`, it rejects the problem, as does a file on disk that differs. The
//! other problems are still processed.
//!
//! A package whose format makes its own test data is written as its own tool writes it: a
//! Kattis package's `data/` from its `generators.yaml` as `bt generate` writes it, a
//! sinol-make package's `in/` and `out/` as `sinol-make gen` writes them (ingen and the model
//! solution, `stonejudge::judging::MadeTests`), atomically; with `--check`, each step is made again
//! and compared, through `stonejudge::verify::regeneration` as in `verify`. A package whose
//! model plans its cases (a Polygon package: its generators and main solution,
//! `stonejudge::judging::planned`) has `tests/` written as its `doall.sh` writes it, or, with
//! `--check`, every made test and answer compared with what it commits.

use std::io::Write;
use std::path::Path;

use anyhow::Context;

use super::CommandOutcome;
use crate::cli::TestdataArgs;
use stonejudge::archive::{self, testdata, Built};
use stonejudge::catalog::{self, Resolved, Tools};
use stonejudge::judging::planned::{self, Making};
use stonejudge::judging::MadeTests;
use stonejudge::judging::Toolbox;
use stonejudge::model::{Problem, Regeneration};
use stonejudge::package::Package;
use stonejudge::readers;
use stonejudge::run::{Cache, Runner};
use stonejudge::sinol::Sinol;
use stonejudge::text::show::count;
use stonejudge::verify::kattis::GeneratedCases;
use stonejudge::verify::ours::PlanFiles;
use stonejudge::verify::regeneration::{regenerated, Maker};
use stonejudge::verify::sinol::SinolVerifier;

pub fn run(args: &TestdataArgs) -> anyhow::Result<CommandOutcome> {
    let root = &args.archive.root;
    let mut outcome = CommandOutcome::Success;
    let problems: Vec<Resolved> = if args.problems.is_empty() {
        // Every folder of the archive; one that is not a problem is reported, and the others
        // are still processed.
        let mut found = Vec::new();
        for resolved in catalog::all(root).map_err(anyhow::Error::msg)? {
            match resolved {
                Ok(problem) => found.push(problem),
                Err(error) => {
                    errln!("error: {error}");
                    outcome = CommandOutcome::Rejected;
                }
            }
        }
        found
    } else {
        args.problems
            .iter()
            .map(|name| readers::resolve(name, root))
            .collect::<Result<_, _>>()?
    };
    let (runner, _) = super::runner(&args.sandbox, &args.jury)?;
    let cache = Cache::default_location()?;
    for problem in &problems {
        if !process(problem, args.check, args.jobs.count(), &runner, &cache)? {
            outcome = CommandOutcome::Rejected;
        }
    }
    Ok(outcome)
}

/// Builds, reports and writes or checks one problem; `Ok(false)` if it is rejected.
fn process(
    problem: &Resolved,
    check: bool,
    jobs: usize,
    runner: &Runner,
    cache: &Cache,
) -> anyhow::Result<bool> {
    if let Some(model) = problem.model() {
        return package(model, check, jobs, runner, cache);
    }
    let name = problem.name();
    let tools = match problem.tools(runner, cache) {
        Ok(tools) => tools,
        Err(error) => {
            errln!("error: {error}");
            return Ok(false);
        }
    };
    // The manifest, and the plan built from it: either may be wrong.
    let loaded = problem.manifest().and_then(|manifest| {
        let built = archive::build(&tools, &manifest, jobs)?;
        Ok((manifest, built))
    });
    let (manifest, built) = match loaded {
        Ok(loaded) => loaded,
        Err(error) => {
            errln!("error: {error}");
            return Ok(false);
        }
    };
    let dir = problem.testdata_dir();
    if let Some(wrong) = invalid_inputs_accepted(problem, &dir, &tools, jobs, runner, cache) {
        errln!("error: {name}: {wrong}");
        return Ok(false);
    }
    let bounds = built.reach.against(&manifest.unreached);

    let (summary, accepted) = if check {
        let plan = PlanFiles {
            built: &built,
            dir: &dir,
        };
        let wrong: Vec<String> = (regenerated(&Regeneration::Plan, &plan).into_iter())
            .flat_map(|step| step.wrong)
            .collect();
        for line in &wrong {
            errln!("{line}");
        }
        let summary = match wrong.len() {
            0 => format!("{} matches its plan", dir.display()),
            n => format!(
                "{} differs from its plan: {}",
                dir.display(),
                count(n, "difference", "differences")
            ),
        };
        (summary, wrong.is_empty() && bounds.accepted())
    } else {
        // A plan in progress is written all the same: the setter sees its tests, and the
        // warnings below say which bounds are still missing.
        testdata::write(&dir, &built).with_context(|| format!("cannot write {}", dir.display()))?;
        (format!("written to {}", dir.display()), true)
    };

    let mut out = std::io::stdout().lock();
    writeln!(out, "{name}: {}, {summary}", size(&built))
        .and_then(|()| write!(out, "{}", built.reach))
        .and_then(|()| {
            bounds.declared.iter().try_for_each(|(bound, entry)| {
                writeln!(out, "  {bound} left unreached: {}", entry.reason)
            })
        })
        .and_then(|()| out.flush())
        .context("cannot write to standard output")?;
    // Under --check these fail the problem; when writing they are warnings.
    let severity = if check { "error" } else { "warning" };
    for bound in &bounds.missed {
        errln!(
            "{severity}: {name}: the test plan never reaches {} {} = {}; add a test at that \
             bound to {}, or declare it under [unreached] with a reason",
            bound.quantity,
            bound.end.word(),
            bound.value,
            manifest.path.display()
        );
    }
    for entry in &bounds.stale {
        errln!(
            "{severity}: {}:{}:{}: [unreached] {:?}: the test plan reaches this bound; remove \
             the entry",
            manifest.path.display(),
            entry.at.line,
            entry.at.col,
            entry.bound
        );
    }
    Ok(accepted)
}

/// What is wrong with the `[[invalid]]` inputs of `problem`, if anything: each must be
/// rejected by the validator, as the validation step every format shares holds them (the
/// model read with its test data in `dir`, as `verify` reads it).
fn invalid_inputs_accepted(
    problem: &Resolved,
    dir: &Path,
    tools: &Tools<'_>,
    jobs: usize,
    runner: &Runner,
    cache: &Cache,
) -> Option<String> {
    let model = match readers::ours::read(problem, dir) {
        Ok(model) => model,
        Err(error) => return Some(error.to_string()),
    };
    let check = Toolbox::ours(tools, runner, cache, jobs).invalid_inputs(&model)?;
    (!check.ok).then(|| format!("{}: {}", check.name, check.detail))
}

/// "24 tests, 1.3 MiB".
fn size(built: &Built) -> String {
    let bytes: usize = built
        .tests
        .iter()
        .map(|t| t.input.len() + t.answer.len())
        .sum();
    format!(
        "{}, {:.1} MiB",
        count(built.tests.len(), "test", "tests"),
        bytes as f64 / (1024.0 * 1024.0)
    )
}

/// `testdata PACKAGE`: its tests made as its model says they are made ([`Regeneration`]: by
/// the tool of its format, as that tool writes them), or with `check` made again and compared;
/// a plan of cases ([`planned`]) otherwise. Each maker reads the files of its own kind.
fn package(
    model: &Problem,
    check: bool,
    jobs: usize,
    runner: &Runner,
    cache: &Cache,
) -> anyhow::Result<bool> {
    for warning in &model.warnings {
        errln!("warning: {warning}");
    }
    if let Some(why) = model.unsupported.first() {
        anyhow::bail!("{}: {why}", model.root.display());
    }
    let name = model.name.as_str();
    match (&model.regeneration, check) {
        (Some(Regeneration::GeneratorsYaml(_)), false) => {
            write_package_data(name, &Package::load(&model.root)?, runner, cache)
        }
        (Some(Regeneration::GeneratorsYaml(_)), true) => {
            let package = Package::load(&model.root)?;
            let cases = GeneratedCases {
                package: &package,
                runner,
                cache,
            };
            Ok(made_again(name, &Ok(model.clone()), &cases))
        }
        (Some(Regeneration::Ingen(_) | Regeneration::Answers), false) => {
            let sinol = Sinol::load(&model.root).map_err(anyhow::Error::msg)?;
            write_made(&sinol, runner, cache, jobs)
        }
        (Some(Regeneration::Ingen(_) | Regeneration::Answers), true) => {
            let sinol = Sinol::load(&model.root).map_err(anyhow::Error::msg)?;
            let verifier = SinolVerifier::of(sinol, String::new(), runner, cache).with_jobs(jobs);
            Ok(made_again(
                name,
                &verifier.judged_model().cloned(),
                &verifier,
            ))
        }
        _ if model.plan.is_some() => planned(model, check, jobs, runner, cache),
        (_, false) => anyhow::bail!(
            "{}: nothing in the package makes its tests (no generators.yaml, no ingen, no \
             generator runs): they are committed as they are",
            model.root.display()
        ),
        (_, true) => {
            errln!("{name}: nothing to make again: no program of the package makes its tests");
            Ok(true)
        }
    }
}

/// Writes a sinol-make package's `in/` and `out/` as `sinol-make gen` leaves them (made in a
/// scratch folder, [`MadeTests`]), each folder replaced atomically; `Ok(false)` when the tests
/// cannot be made (nothing is written then).
fn write_made(sinol: &Sinol, runner: &Runner, cache: &Cache, jobs: usize) -> anyhow::Result<bool> {
    if let Some(why) = sinol.unsupported() {
        anyhow::bail!("{}: {why}", sinol.root.display());
    }
    let made = match MadeTests::make(sinol, false, runner, cache, jobs) {
        Ok(made) => made,
        Err(why) => {
            errln!("error: {}: cannot make the tests: {why}", sinol.name());
            return Ok(false);
        }
    };
    let folders = made.as_gen_leaves().map_err(anyhow::Error::msg)?;
    let mut said = Vec::new();
    for (dir, files) in &folders {
        testdata::write_copies(dir, files)
            .with_context(|| format!("cannot write {}", dir.display()))?;
        said.push(format!(
            "{} in {}",
            count(files.len(), "file", "files"),
            dir.display()
        ));
    }
    outln!(
        "{}: {} ({} by ingen{}), written as sinol-make gen writes them: {}",
        sinol.name(),
        count(made.sinol.tests().map_or(0, |t| t.len()), "test", "tests"),
        made.by_ingen.len(),
        match made.outputs {
            true => ", outputs by the model solution",
            false => ", interactive: no outputs",
        },
        said.join(", ")
    );
    Ok(true)
}

/// `testdata PACKAGE` of a problem whose model plans its cases (a Polygon package): every
/// input its generators write and every answer its main solution writes, made in a scratch
/// folder, then written where the package holds them (`tests/NN`, `tests/NN.a`) as
/// `doall.sh` writes them, each folder replaced at once; with `check`, compared byte for byte
/// with what the package commits, each difference named. Nothing is written when a test
/// cannot be made.
fn planned(
    model: &Problem,
    check: bool,
    jobs: usize,
    runner: &Runner,
    cache: &Cache,
) -> anyhow::Result<bool> {
    let made = match planned::make(model, Making::Everything, runner, cache, jobs) {
        Ok(made) => made,
        Err(error) if error.package_at_fault => {
            errln!("error: {}: cannot make the tests: {error}", model.name);
            return Ok(false);
        }
        Err(error) => anyhow::bail!("{}: cannot make the tests: {error}", model.name),
    };
    let files = count(made.made.len(), "file", "files");
    if check {
        let differences = made.differences().map_err(anyhow::Error::msg)?;
        for line in &differences {
            errln!("{line}");
        }
        match differences.len() {
            0 => outln!("{}: {files} made, as the package commits them", model.name),
            n => outln!(
                "{}: {files} made, {} from what the package commits",
                model.name,
                count(n, "difference", "differences")
            ),
        }
        return Ok(differences.is_empty());
    }
    for (dir, files) in made.as_doall_leaves().map_err(anyhow::Error::msg)? {
        testdata::write_copies(&dir, &files)
            .with_context(|| format!("cannot write {}", dir.display()))?;
    }
    outln!(
        "{}: {files} made by its generators and main solution, written as doall.sh writes them",
        model.name
    );
    Ok(true)
}

/// `testdata PACKAGE`: its `data/` written from its `generators.yaml` as `bt generate`
/// writes it (`stonejudge::archive::testdata::write_package_data`), or nothing written and
/// each case that could not be made named.
fn write_package_data(
    name: &str,
    package: &Package,
    runner: &Runner,
    cache: &Cache,
) -> anyhow::Result<bool> {
    if package.generators.is_none() {
        anyhow::bail!(
            "{}: no generators/generators.yaml: nothing makes its data/",
            package.root.display()
        );
    }
    let made = match testdata::write_package_data(package, runner, cache) {
        Ok(made) => made,
        Err(error) if error.package_at_fault => {
            errln!("error: {name}: {error}");
            return Ok(false);
        }
        Err(error) => anyhow::bail!("{name}: {error}"),
    };
    for error in &made.errors {
        errln!("error: {name}: {error}");
    }
    if let Some(error) = made.errors.iter().find(|e| !e.package_at_fault) {
        anyhow::bail!("{name}: nothing written: {error}");
    }
    match made.errors.is_empty() {
        true => outln!(
            "{name}: {}, written to {}",
            count(made.cases, "case", "cases"),
            package.root.join("data").display()
        ),
        false => errln!("{name}: nothing written"),
    }
    Ok(made.errors.is_empty())
}

/// `testdata --check` of a package: each step of its regeneration made again by `maker` and
/// compared, said on standard error; whether all agree.
fn made_again(name: &str, model: &Result<Problem, String>, maker: &dyn Maker) -> bool {
    let how = match model {
        Ok(problem) => problem.regeneration.as_ref(),
        Err(why) => {
            errln!("error: {name}: {why}");
            return false;
        }
    };
    let Some(how) = how else {
        errln!("{name}: nothing to make again: no program of the package makes its tests");
        return true;
    };
    let steps = regenerated(how, maker);
    for step in &steps {
        errln!("{name}: {}", step.headline());
        step.wrong.iter().for_each(|line| errln!("  {line}"));
    }
    steps.iter().all(|step| step.ok())
}
