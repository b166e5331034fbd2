//! The answer shared by the problems that ask only who wins each case: one word per case,
//! `first` or `second` (or a problem's own pair of words, such as wythoff's `1` / `0`).

use std::fmt;

use crate::check::{Malformed, TokenReader};

/// Who wins a position under optimal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The player to move.
    First,
    /// The player who just moved.
    Second,
}

impl Winner {
    /// `First` if the player to move wins.
    pub fn from_first_wins(first_wins: bool) -> Winner {
        if first_wins {
            Winner::First
        } else {
            Winner::Second
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Winner::First => "first",
            Winner::Second => "second",
        })
    }
}

/// The two output words of a problem: the one printed when the first player wins, then the
/// one printed when the second does.
#[derive(Debug, Clone, Copy)]
pub struct Words {
    pub first: &'static str,
    pub second: &'static str,
    /// What one answer is called in messages, e.g. `case` or `line`.
    pub unit: &'static str,
}

/// `first` / `second`, one per case.
pub const FIRST_SECOND: Words = Words {
    first: "first",
    second: "second",
    unit: "case",
};

impl Words {
    fn word(&self, winner: Winner) -> &'static str {
        match winner {
            Winner::First => self.first,
            Winner::Second => self.second,
        }
    }

    /// One word per line.
    pub fn write(&self, winners: &[Winner]) -> String {
        let mut out = String::with_capacity(winners.len() * 7);
        for &winner in winners {
            out.push_str(self.word(winner));
            out.push('\n');
        }
        out
    }

    /// Exactly `count` words, each one of the two (case-sensitive).
    pub fn read(
        &self,
        tokens: &mut TokenReader<'_>,
        count: usize,
    ) -> Result<Vec<Winner>, Malformed> {
        (1..=count)
            .map(|i| {
                let expected = format!(
                    "the answer to {} {i} ({:?} or {:?})",
                    self.unit, self.first, self.second
                );
                let index = tokens.word(&expected, &[self.first, self.second])?;
                Ok(if index == 0 {
                    Winner::First
                } else {
                    Winner::Second
                })
            })
            .collect()
    }

    /// The first index (0-based) where `got` differs from `reference`.
    pub fn first_difference(&self, reference: &[Winner], got: &[Winner]) -> Option<usize> {
        reference.iter().zip(got).position(|(r, g)| r != g)
    }

    /// `expected first, got second`, in the problem's words.
    pub fn mismatch(&self, reference: Winner, got: Winner) -> String {
        format!("expected {}, got {}", self.word(reference), self.word(got))
    }
}
