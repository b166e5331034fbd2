//! Shrinking a failing case: greedy descent over candidates.
//!
//! From the current case, the candidates (for a catalog problem [`DynProblem::shrink`]: fewer
//! boards, heaps or queries, then smaller numbers, most promising first; for a program-backed
//! problem, smaller generator calls, see [`crate::programs::shrink`]) are judged in order, a
//! batch of one per thread at a time; the first that fails with the same verdict becomes the current case
//! and the descent goes on from there. When no candidate fails, the case is locally minimal.
//! Keeping the verdict keeps the bug: a wrong answer does not drift into some other crash.
//! A descent stops early after [`MAX_RUNS`] judged candidates, or on SIGINT, and says so.
//!
//! An input stress knows only as text (an external generator's) is shrunk over its text
//! ([`smaller_texts`]: a line left out, an integer made smaller), keeping only the candidates
//! the problem's input validators accept.

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
/// `trial.verdict`, with the problem's own candidates.
pub fn shrink(
    problem: &dyn DynProblem,
    oracle: &dyn Oracle,
    jobs: usize,
    input: String,
    trial: Trial,
) -> Shrunk {
    let candidates = |input: &String, _: &str| problem.shrink(input.as_bytes());
    descend(
        oracle,
        jobs,
        (input.clone(), input),
        trial,
        candidates,
        |input| Some(input.clone()),
    )
    .0
}

/// The descent itself, over cases made from a state `S` (the input itself, or the generator
/// call that makes it): `candidates` gives the next states to try from a case, `make` the
/// input of a state (`None`: it makes none). Inputs are made and judged a batch of one per
/// thread at a time. Returns the end of the descent and its state.
pub fn descend<S: Send + Sync + Clone>(
    oracle: &dyn Oracle,
    jobs: usize,
    start: (S, String),
    trial: Trial,
    candidates: impl Fn(&S, &str) -> Vec<S>,
    make: impl Fn(&S) -> Option<String> + Sync,
) -> (Shrunk, S) {
    let began = Instant::now();
    let target = trial.judged.verdict;
    let (mut state, input) = start;
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
        let candidates = candidates(&state, &current.input);
        for batch in candidates.chunks(jobs.max(1)) {
            current.interrupted = interrupt::requested();
            if current.runs >= MAX_RUNS || current.interrupted {
                current.elapsed = began.elapsed();
                return (current, state);
            }
            let made = parallel::map(batch, jobs, |next| make(next));
            let fresh: Vec<(&S, String)> = (batch.iter().zip(made))
                .filter_map(|(next, input)| Some((next, input?)))
                .filter(|(_, input)| seen.insert(fnv1a_128(&[input.as_bytes()])))
                .collect();
            let trials = parallel::map(&fresh, jobs, |(_, input)| oracle.trial(input));
            current.runs += fresh.len() as u64;
            if let Some(((next, candidate), trial)) = fresh
                .into_iter()
                .zip(trials)
                .find(|(_, trial)| trial.judged.verdict == target)
            {
                current.input = candidate;
                current.trial = trial;
                current.steps += 1;
                state = next.clone();
                continue 'descent;
            }
        }
        current.minimal = true;
        current.elapsed = began.elapsed();
        return (current, state);
    }
}

/// Inputs smaller than `input`, for one stress knows nothing of but its text: without one of
/// its lines (the last first), then with one of its integers made smaller (0, 1, half, three
/// quarters, one less), in the order they appear. Most are not valid inputs: the caller keeps
/// those the problem's input validators accept.
pub fn smaller_texts(input: &str) -> Vec<String> {
    let lines: Vec<&str> = input.split_inclusive('\n').collect();
    let mut out: Vec<String> = Vec::new();
    if lines.len() > 1 {
        for left_out in (0..lines.len()).rev() {
            let (before, after) = lines.split_at(left_out);
            out.push(before.concat() + &after[1..].concat());
        }
    }
    let mut start = None;
    for (at, c) in input.char_indices().chain([(input.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(at),
            (true, Some(from)) => {
                start = None;
                let token = &input[from..at];
                let Ok(value) = token.parse::<u64>() else {
                    continue;
                };
                if !token.bytes().all(|b| b.is_ascii_digit()) {
                    continue;
                }
                let mut values = vec![0, 1, value / 2, value - value / 4, value.saturating_sub(1)];
                values.sort_unstable();
                values.dedup();
                for smaller in values.into_iter().filter(|&v| v < value) {
                    out.push(format!("{}{smaller}{}", &input[..from], &input[at..]));
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::smaller_texts;

    #[test]
    fn a_text_is_shrunk_by_its_lines_then_by_its_integers() {
        assert_eq!(
            smaller_texts("2\n8 x\n"),
            [
                "2\n", "8 x\n", "0\n8 x\n", "1\n8 x\n", "2\n0 x\n", "2\n1 x\n", "2\n4 x\n",
                "2\n6 x\n", "2\n7 x\n"
            ]
        );
        // Nothing is smaller than a zero, a word or a negative number.
        assert!(smaller_texts("0 word -5 1.5\n").is_empty());
    }
}
