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

use super::{find_problem, Outcome};
use crate::cli::TestdataArgs;
use stonejudge::archive::{self, testdata, Archive, Built};
use stonejudge::catalog::{DynProblem, CATALOG};

pub fn run(args: &TestdataArgs) -> anyhow::Result<Outcome> {
    let problems: Vec<&dyn DynProblem> = if args.problems.is_empty() {
        CATALOG.to_vec()
    } else {
        args.problems
            .iter()
            .map(|name| find_problem(name))
            .collect::<anyhow::Result<_>>()?
    };
    let archive = Archive::new(&args.root);
    let mut outcome = Outcome::Success;
    for problem in problems {
        if !process(&archive, problem, args.check)? {
            outcome = Outcome::Rejected;
        }
    }
    Ok(outcome)
}

/// Builds, reports and writes or checks one problem; `Ok(false)` if it is rejected.
fn process(archive: &Archive, problem: &dyn DynProblem, check: bool) -> anyhow::Result<bool> {
    let name = problem.name();
    let built = match archive
        .manifest(name)
        .and_then(|manifest| archive::build(problem, &manifest))
    {
        Ok(built) => built,
        Err(error) => {
            eprintln!("error: {error}");
            return Ok(false);
        }
    };
    let dir = archive.testdata_dir(name);
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
            "{name}: the test plan never reaches {}; add tests at those bounds to problems/{name}/problem.toml",
            unreached.join(", ")
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
        "{} tests, {:.1} MiB",
        built.tests.len(),
        bytes as f64 / (1024.0 * 1024.0)
    )
}
