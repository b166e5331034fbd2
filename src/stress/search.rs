//! The search: cases run on several threads; the failure reported is the lowest-numbered one,
//! so the result depends on the seed, never on the number of threads or their timing.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::{Case, Cases, Oracle, Trial};

/// When a search stops if nothing fails: after a number of cases, after a time, or both
/// (whichever comes first); the source's own count always bounds it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    pub cases: Option<u64>,
    pub duration: Option<Duration>,
}

/// A case the program failed, with its verdict.
#[derive(Debug, Clone)]
pub struct Failure {
    pub case: Case,
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
}

/// What the lowest-numbered unusual case was: a failure, or a case that could not be made.
enum Stop {
    Failed(Failure),
    Broken(String),
}

/// Runs cases `0, 1, …` from `cases` through `oracle` on `jobs` threads until one fails or the budget is spent; `on_case` is called after every judged case (for
/// progress). An `Err` is a case that could not be made (the generator failed).
pub fn search(
    cases: &dyn Cases,
    oracle: &dyn Oracle,
    jobs: usize,
    budget: Budget,
    on_case: &(dyn Fn() + Sync),
) -> Result<Search, String> {
    let start = Instant::now();
    let deadline = budget.duration.map(|d| start + d);
    let limit = match (cases.count(), budget.cases) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(u64::MAX),
    };
    let next = AtomicU64::new(0);
    // Cases at or past the lowest unusual one need not run.
    let lowest_stop = AtomicU64::new(u64::MAX);
    let stops: Mutex<Vec<(u64, Stop)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= limit || index >= lowest_stop.load(Ordering::Relaxed) {
                    break;
                }
                let stop = match cases.case(index) {
                    Err(why) => Some(Stop::Broken(why)),
                    Ok(case) => {
                        let trial = oracle.trial(&case.input);
                        on_case();
                        trial
                            .failed()
                            .then_some(Stop::Failed(Failure { case, trial }))
                    }
                };
                if let Some(stop) = stop {
                    lowest_stop.fetch_min(index, Ordering::Relaxed);
                    if let Ok(mut stops) = stops.lock() {
                        stops.push((index, stop));
                    }
                }
            });
        }
    });
    let elapsed = start.elapsed();
    let lowest = stops
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .min_by_key(|(index, _)| *index);
    match lowest {
        None => Ok(Search {
            tried: next.load(Ordering::Relaxed).min(limit),
            elapsed,
            failure: None,
        }),
        Some((_, Stop::Broken(why))) => Err(why),
        Some((index, Stop::Failed(failure))) => Ok(Search {
            tried: index + 1,
            elapsed,
            failure: Some(failure),
        }),
    }
}
