//! The search: cases run on several threads; the failure reported is the lowest-numbered one,
//! so the result depends on the seed, never on the number of threads or their timing.

use std::time::{Duration, Instant};

use super::{Cases, Oracle, StressCase, Trial};
use crate::interrupt;
use crate::parallel::{self, Step};

/// When a search stops if nothing fails: after a number of cases, after a time, or both
/// (whichever comes first); the source's end and SIGINT ([`crate::interrupt`]) always end it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    pub cases: Option<u64>,
    pub duration: Option<Duration>,
}

/// A case the program failed, with its verdict.
#[derive(Debug, Clone)]
pub struct Failure {
    pub case: StressCase,
    pub trial: Trial,
}

/// How a search went.
#[derive(Debug, Clone)]
pub struct Search {
    /// Cases judged up to and including the failure (or all of them if none failed).
    pub tried: u64,
    pub elapsed: Duration,
    /// The lowest-numbered failing case.
    pub failure: Option<Failure>,
    /// SIGINT stopped the search (the cases tried all passed).
    pub interrupted: bool,
}

/// What the lowest-numbered unusual case was: a failure, or a case that could not be made.
enum Stop {
    Failed(Box<Failure>),
    Broken(String),
}

/// Runs cases `0, 1, …` from `cases` through `oracle` on `jobs` threads until one fails or the
/// budget is spent; `on_case` is called after every judged case (for progress). An `Err` is a
/// case that could not be made (the generator failed).
pub fn search(
    cases: &dyn Cases,
    oracle: &dyn Oracle,
    jobs: usize,
    budget: Budget,
    on_case: &(dyn Fn() + Sync),
) -> Result<Search, String> {
    let start = Instant::now();
    let deadline = budget.duration.map(|d| start + d);
    let limit = budget.cases.unwrap_or(u64::MAX);
    let mut tried = 0;
    let mut stop = None;
    parallel::in_order(
        limit,
        jobs,
        |index| {
            if deadline.is_some_and(|d| Instant::now() >= d) || interrupt::requested() {
                return Step::Stop;
            }
            match cases.case(index) {
                Err(why) => Step::Last(Some(Stop::Broken(why))),
                Ok(None) => Step::Stop,
                Ok(Some(case)) => {
                    let trial = oracle.trial(&case.input);
                    on_case();
                    match trial.failed() {
                        true => Step::Last(Some(Stop::Failed(Box::new(Failure { case, trial })))),
                        false => Step::Next(None),
                    }
                }
            }
        },
        |index, found| {
            tried = index + 1;
            stop = found;
        },
    );
    let elapsed = start.elapsed();
    match stop {
        None => Ok(Search {
            tried,
            elapsed,
            failure: None,
            interrupted: interrupt::requested(),
        }),
        Some(Stop::Broken(why)) => Err(why),
        Some(Stop::Failed(failure)) => Ok(Search {
            tried,
            elapsed,
            failure: Some(*failure),
            interrupted: false,
        }),
    }
}
