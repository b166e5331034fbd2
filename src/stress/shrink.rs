//! Shrinking a failing case: greedy descent over the problem's own shrink candidates.
//!
//! From the current case, the candidates ([`DynProblem::shrink`]: fewer boards, heaps or
//! queries, then smaller numbers, most promising first) are judged in order, a batch of one
//! per thread at a time; the first that fails with the same verdict becomes the current case
//! and the descent goes on from there. When no candidate fails, the case is locally minimal.
//! Keeping the verdict keeps the bug: a wrong answer does not drift into some other crash.
//! A descent stops early after [`MAX_RUNS`] judged candidates, or on SIGINT, and says so.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::catalog::DynProblem;
use crate::interrupt;
use crate::parallel;
use crate::run::fnv1a_128;

use super::{Oracle, Trial};

/// The most candidates one descent judges.
pub const MAX_RUNS: u64 = 20_000;

/// The end of a descent.
#[derive(Debug, Clone)]
pub struct Shrunk {
    /// The locally minimal failing input.
    pub input: String,
    /// The program's verdict on it.
    pub trial: Trial,
    /// Accepted shrink steps (the length of the path from the original case).
    pub steps: u64,
    /// Candidates judged (program runs).
    pub runs: u64,
    /// No candidate of the final case fails: it is locally minimal (false when the descent
    /// stopped at [`MAX_RUNS`] or on SIGINT).
    pub minimal: bool,
    /// SIGINT stopped the descent ([`crate::interrupt`]).
    pub interrupted: bool,
    /// How long the descent took.
    pub elapsed: Duration,
}

/// Shrinks `input`, on which the program got `trial`, as far as it keeps failing with
/// `trial.verdict`.
pub fn shrink(
    problem: &dyn DynProblem,
    oracle: &dyn Oracle,
    jobs: usize,
    input: String,
    trial: Trial,
) -> Shrunk {
    let start = Instant::now();
    let target = trial.judged.verdict;
    let mut current = Shrunk {
        input,
        trial,
        steps: 0,
        runs: 0,
        minimal: false,
        interrupted: false,
        elapsed: Duration::ZERO,
    };
    // Candidates lists are finite and each step moves to a new case, but a problem's
    // candidates need not be strictly smaller in one order: never judge a case twice.
    let mut seen: HashSet<u128> = HashSet::from([fnv1a_128(&[current.input.as_bytes()])]);
    'descent: loop {
        let candidates: Vec<String> = problem
            .shrink(current.input.as_bytes())
            .into_iter()
            .filter(|c| seen.insert(fnv1a_128(&[c.as_bytes()])))
            .collect();
        for batch in candidates.chunks(jobs.max(1)) {
            current.interrupted = interrupt::requested();
            if current.runs >= MAX_RUNS || current.interrupted {
                current.elapsed = start.elapsed();
                return current;
            }
            let trials = parallel::map(batch, jobs, |input| oracle.trial(input));
            current.runs += batch.len() as u64;
            if let Some((candidate, trial)) = batch
                .iter()
                .zip(trials)
                .find(|(_, trial)| trial.judged.verdict == target)
            {
                current.input = candidate.clone();
                current.trial = trial;
                current.steps += 1;
                continue 'descent;
            }
        }
        current.minimal = true;
        current.elapsed = start.elapsed();
        return current;
    }
}
