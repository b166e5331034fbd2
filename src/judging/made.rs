//! A problem's tests made before a program is judged on them, where its format says how they
//! are made and does not commit them: a sinol-make package's, made as `sinol-make gen` makes
//! them ([`crate::sinol::made`]), so that `judge` judges on the tests `verify` judges on.
//! Every other problem is judged on the tests it has.

use crate::catalog::Resolved;
use crate::run::{Cache, Runner};
use crate::sinol::made::MadeTests;

/// A problem to judge, with its tests: where they were made, the scratch folder holding them
/// lives as long as this.
pub struct WithTests {
    pub problem: Resolved,
    /// The made tests (a sinol-make package's), when they were made.
    pub made: Option<MadeTests>,
}

/// `problem` with its tests made first where its format makes them (the model solution
/// writing `jobs` outputs at a time); an error says why they could not be made.
pub fn with_tests_made(
    problem: Resolved,
    runner: &Runner,
    cache: &Cache,
    jobs: usize,
) -> Result<WithTests, String> {
    let Some(sinol) = problem.sinol() else {
        return Ok(WithTests {
            problem,
            made: None,
        });
    };
    let made = MadeTests::make(sinol, false, runner, cache, jobs)
        .map_err(|why| format!("{}: cannot make the tests: {why}", sinol.root.display()))?;
    Ok(WithTests {
        problem: problem.with_tests_in(made.dir()),
        made: Some(made),
    })
}
