//! Periodicity that is *proven*, never guessed: the Guy–Smith theorem for finite octal games.
//!
//! If `G(n + p) = G(n)` for every `e <= n < 2e + p + t` (t = the largest removal), then
//! `G(n + p) = G(n)` for every `n >= e`. So a period found in a table of values is a proof once
//! the table reaches index `2e + 2p + t - 1`; before that it is only a guess and is not used.

use std::fmt;

/// A proven period: `G(n + period) = G(n)` for every `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub preperiod: u64,
    pub period: u64,
}

impl Period {
    /// The index whose value equals `G(n)` and lies inside a table of `preperiod + period`
    /// values.
    pub fn reduce(&self, n: u64) -> u64 {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "proven: preperiod={} period={}",
            self.preperiod, self.period
        )
    }
}

/// The smallest period that the Guy–Smith theorem proves from `values = G(0..=N)` of a game
/// whose largest removal is `max_removal`, with the smallest preperiod for that period.
pub fn proven_period(values: &[u32], max_removal: u64) -> Option<Period> {
    let len = values.len() as u64;
    // Even with e = 0 a period p needs 2p + t values: larger periods cannot be proven.
    let largest = len.saturating_sub(max_removal) / 2;
    (1..=largest).find_map(|p| {
        let e = preperiod_for(values, p as usize) as u64;
        // The theorem needs G(n + p) = G(n) for n < 2e + p + t, i.e. values up to 2e+2p+t-1.
        let needed = 2u64
            .checked_mul(e)?
            .checked_add(2u64.checked_mul(p)?)?
            .checked_add(max_removal)?;
        (needed <= len).then_some(Period {
            preperiod: e,
            period: p,
        })
    })
}

/// The smallest `e` such that `values[n + p] == values[n]` for every `n >= e` in the table.
fn preperiod_for(values: &[u32], p: usize) -> usize {
    (p..values.len())
        .rev()
        .find(|&i| values[i] != values[i - p])
        .map_or(0, |i| i - p + 1)
}
