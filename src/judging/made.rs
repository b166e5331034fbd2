//! A problem's tests made before a program is judged on them, where its format says how they
//! are made and the package does not commit them: a Kattis package's data made by its
//! `generators.yaml` as `bt generate` makes it ([`crate::package::generators`]), a sinol-make
//! package's tests made as `sinol-make gen` makes them ([`super::sinol_made`]); so that
//! `judge` and `stress` judge on the tests `verify` judges on; a problem read into the model
//! alone whose plan of cases has work to do (a Polygon package's generators and main
//! solution), its cases made as the plan says ([`super::planned`]). Every other problem is judged
//! on the tests it has. The one seam of every format whose tests are made: each maker writes
//! into a scratch folder, and the problem is read as if it committed what is there.

use crate::catalog::Resolved;
use crate::run::{Cache, Runner};

use super::kattis_generators::{self, MadeForJudging, MakeError};
use super::planned::{self, Making, Planned};
use super::sinol_made::MadeTests;

/// Tests made in a scratch folder, which lives as long as this.
pub enum Made {
    /// A Kattis package's data, made by its `generators.yaml`.
    Generated(MadeForJudging),
    /// A sinol-make package's tests, made by ingen and the model solution.
    Sinol(MadeTests),
    /// A problem's cases made as its model's plan says.
    Planned(Box<Planned>),
}

/// A problem to judge, with its tests: where they were made, the scratch folder holding them
/// lives as long as this.
pub struct WithTests {
    pub problem: Resolved,
    pub made: Option<Made>,
}

/// `problem` with its tests made first where its format makes them and the package does not
/// commit them (the model solution writing `jobs` outputs at a time); an error says why they
/// could not be made, and whose fault that is.
pub fn with_tests_made(
    problem: Resolved,
    runner: &Runner,
    cache: &Cache,
    jobs: usize,
) -> Result<WithTests, MakeError> {
    if let Some(package) = problem.package() {
        let Some(made) = kattis_generators::made_for_judging(package, runner, cache)? else {
            return Ok(WithTests {
                problem,
                made: None,
            });
        };
        return Ok(WithTests {
            problem: problem.with_package(made.package.clone()),
            made: Some(Made::Generated(made)),
        });
    }
    if let Some(model) = problem.model().filter(|m| planned::needs_making(m)) {
        let made =
            planned::make(model, Making::Missing, runner, cache, jobs).map_err(|e| MakeError {
                message: format!("{}: cannot make the tests: {e}", model.root.display()),
                ..e
            })?;
        return Ok(WithTests {
            problem: Resolved::read(made.problem.clone()),
            made: Some(Made::Planned(Box::new(made))),
        });
    }
    let Some(sinol) = problem.sinol() else {
        return Ok(WithTests {
            problem,
            made: None,
        });
    };
    let made = MadeTests::make(sinol, false, runner, cache, jobs).map_err(|why| MakeError {
        package_at_fault: true,
        message: format!("{}: cannot make the tests: {why}", sinol.root.display()),
    })?;
    Ok(WithTests {
        problem: problem.with_tests_in(made.dir()),
        made: Some(Made::Sinol(made)),
    })
}
