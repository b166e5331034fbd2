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
use crate::model::Regeneration;
use crate::package::Package;
use crate::readers;
use crate::run::{Cache, Runner};
use crate::sinol::Sinol;

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

/// `problem` with its tests made first where its model says how they are made
/// ([`Regeneration`], [`crate::model::CasePlan`]) and the package does not commit them (the
/// model solution writing `jobs` outputs at a time); an error says why they could not be made,
/// and whose fault that is. Each maker reads the files of its own kind again (a
/// `generators.yaml`, a sinol-make package's `prog/`): the model says which maker, never the
/// format.
pub fn with_tests_made(
    problem: Resolved,
    runner: &Runner,
    cache: &Cache,
    jobs: usize,
) -> Result<WithTests, MakeError> {
    let Some(model) = problem.model() else {
        return Ok(WithTests {
            problem,
            made: None,
        });
    };
    let at_fault = |why: String| MakeError {
        package_at_fault: true,
        message: format!("{}: cannot make the tests: {why}", model.root.display()),
    };
    let (made, read) = match &model.regeneration {
        Some(Regeneration::GeneratorsYaml(_)) => {
            let package = Package::load(&model.root).map_err(|e| at_fault(e.to_string()))?;
            let Some(made) = kattis_generators::made_for_judging(&package, runner, cache)? else {
                return Ok(WithTests {
                    problem,
                    made: None,
                });
            };
            let read = readers::kattis::read(&made.package);
            (Made::Generated(made), read)
        }
        Some(Regeneration::Ingen(_) | Regeneration::Answers) => {
            let sinol = Sinol::load(&model.root).map_err(at_fault)?;
            let made = MadeTests::make(&sinol, false, runner, cache, jobs).map_err(at_fault)?;
            let read = readers::sinol::read(&made.sinol);
            (Made::Sinol(made), read)
        }
        _ if planned::needs_making(model) => {
            let made = planned::make(model, Making::Missing, runner, cache, jobs).map_err(|e| {
                MakeError {
                    message: format!("{}: cannot make the tests: {e}", model.root.display()),
                    ..e
                }
            })?;
            let read = Ok(made.problem.clone());
            (Made::Planned(Box::new(made)), read)
        }
        _ => {
            return Ok(WithTests {
                problem,
                made: None,
            })
        }
    };
    let model = read.map_err(|e| at_fault(e.to_string()))?;
    Ok(WithTests {
        problem: Resolved::read(model),
        made: Some(made),
    })
}
