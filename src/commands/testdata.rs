//! `testdata [--check] [PROBLEM]...`: regenerate `testdata/` from the plans in `problems/`, or
//! check that it is what the plans produce; either way, report which constraint bounds the
//! tests reach.
//!
//! Per problem, the plan is built in memory (generate, validate, solve); a problem is rejected
//! (exit 1) if its manifest is wrong, a test fails to build, its tests never reach some
//! constraint bound, or (with `--check`) a file on disk differs. Only a problem that passes all
//! of that is written, atomically. The other problems are still processed.

use std::io::Write;

use anyhow::Context;

use super::Outcome;
use crate::cli::TestdataArgs;
use stonejudge::archive::{self, testdata, Built};
use stonejudge::catalog::{self, Resolved};
use stonejudge::run::{Cache, Runner};
use stonejudge::text::show::count;

pub fn run(args: &TestdataArgs) -> anyhow::Result<Outcome> {
    let root = &args.archive.root;
    let mut outcome = Outcome::Success;
    let problems: Vec<Resolved> = if args.problems.is_empty() {
        // Every folder of the archive; one that is not a problem is reported, and the others
        // are still processed.
        let mut found = Vec::new();
        for resolved in catalog::all(root).map_err(anyhow::Error::msg)? {
            match resolved {
                Ok(problem) => found.push(problem),
                Err(error) => {
                    eprintln!("error: {error}");
                    outcome = Outcome::Rejected;
                }
            }
        }
        found
    } else {
        args.problems
            .iter()
            .map(|name| catalog::resolve(name, root))
            .collect::<Result<_, _>>()?
    };
    let (runner, _) = super::runner(&args.sandbox)?;
    let cache = Cache::default_location()?;
    for problem in &problems {
        if !process(problem, args.check, args.jobs.count(), &runner, &cache)? {
            outcome = Outcome::Rejected;
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
    let name = problem.name();
    let tools = match problem.tools(runner, cache) {
        Ok(tools) => tools,
        Err(error) => {
            eprintln!("error: {error}");
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
            eprintln!("error: {error}");
            return Ok(false);
        }
    };
    let dir = problem.testdata_dir();
    let unreached = built.reach.unreached();

    let mut accepted = unreached.is_empty();
    let summary = if check {
        let drifts = testdata::compare(&dir, &built)?;
        for drift in &drifts {
            eprintln!("{drift}");
        }
        accepted &= drifts.is_empty();
        if drifts.is_empty() {
            format!("{} matches its plan", dir.display())
        } else {
            format!(
                "{} files of {} differ from the plan",
                drifts.len(),
                dir.display()
            )
        }
    } else if accepted {
        testdata::write(&dir, &built).with_context(|| format!("cannot write {}", dir.display()))?;
        format!("written to {}", dir.display())
    } else {
        format!("{} left as it was", dir.display())
    };

    let mut out = std::io::stdout().lock();
    writeln!(out, "{name}: {}, {summary}", size(&built))
        .and_then(|()| write!(out, "{}", built.reach))
        .and_then(|()| out.flush())
        .context("cannot write to standard output")?;
    if !unreached.is_empty() {
        eprintln!(
            "{name}: the test plan never reaches {}; add tests at those bounds to {}",
            unreached.join(", "),
            manifest.path.display()
        );
    }
    Ok(accepted)
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
