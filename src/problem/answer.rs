//! The answer to one case: how it is written and read ([`Answer`]), the commonest kind (a
//! [`Winner`] spelled in a problem's own two [`Outcomes`] words), and what a judge says about a
//! wrong one ([`Mismatch`]).

use std::fmt::{self, Debug};

use crate::text::{Malformed, TokenReader};

/// One case's answer as a problem's output writes it, on a line of its own.
///
/// `Case` is the problem's case: reading may depend on it (a line of `m` letters).
pub trait Answer<Case>: Clone + PartialEq + Debug + Send + Sync + Sized {
    /// The problem's own words for this kind of answer (`1`/`2`, `John`/`Brother`), or `()`;
    /// the default value is the commonest spelling.
    type Words: Default + Sync + 'static;
    /// Appends the answer's line, without the line end.
    fn write(&self, words: &Self::Words, out: &mut String);
    /// Reads the answer to `case` leniently from tokens (a contestant's output or an answer
    /// file); `at` names the case in messages (`case 3`, `board 3`).
    fn read(
        words: &Self::Words,
        case: &Case,
        at: &At,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Self, Malformed>;
}

/// A case as messages name it: `board 3`, `case 12`, `line 7` (1-based).
#[derive(Debug, Clone, Copy)]
pub struct At<'a> {
    pub unit: &'a str,
    pub number: usize,
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.unit, self.number)
    }
}

/// Why an answer to one case is wrong. A judge's message reads `"{at}{place}: {why}"`, e.g.
/// `board 3 (p = 6): expected 2, got 1 - every placement loses; …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// What follows the case's name to say where exactly, e.g. ` (p = 6)` or
    /// `, position 2 (heaps 3 5)`; often empty.
    pub place: String,
    /// The reason, in the game's terms.
    pub why: String,
}

/// A mismatch whose reason says where.
impl From<String> for Mismatch {
    fn from(why: String) -> Mismatch {
        Mismatch {
            place: String::new(),
            why,
        }
    }
}

/// The first eight of `values` separated by commas, then `...` if there are more: Grundy values
/// of a position in an explanation.
pub fn first_few(values: impl ExactSizeIterator<Item = u32>) -> String {
    let more = values.len() > 8;
    let mut shown: Vec<String> = values.take(8).map(|v| v.to_string()).collect();
    if more {
        shown.push("...".to_string());
    }
    shown.join(", ")
}

/// A judge's ruling on one case: accepted, or why not.
pub type Ruling = Result<(), Mismatch>;

/// Who wins a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    First,
    Second,
}

impl Winner {
    /// The winner of a position in which the player to move wins iff `mover_wins`.
    pub fn from_mover_wins(mover_wins: bool) -> Winner {
        if mover_wins {
            Winner::First
        } else {
            Winner::Second
        }
    }
}

/// How a problem's output names the two outcomes of a case; by default `first` / `second`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcomes {
    pub first: &'static str,
    pub second: &'static str,
}

/// `first` / `second`.
pub const FIRST_SECOND: Outcomes = Outcomes {
    first: "first",
    second: "second",
};

impl Default for Outcomes {
    fn default() -> Outcomes {
        FIRST_SECOND
    }
}

impl Outcomes {
    pub fn word(&self, winner: Winner) -> &'static str {
        match winner {
            Winner::First => self.first,
            Winner::Second => self.second,
        }
    }

    /// Accepts exactly the `reference` winner; otherwise `expected X, got Y - {why}`, with
    /// `place` and `why` computed only then.
    pub fn unless_equal(
        &self,
        reference: &Winner,
        got: &Winner,
        place: impl FnOnce() -> String,
        why: impl FnOnce() -> String,
    ) -> Ruling {
        if reference == got {
            return Ok(());
        }
        let (expected, found) = (self.word(*reference), self.word(*got));
        Err(Mismatch {
            place: place(),
            why: format!("expected {expected}, got {found} - {}", why()),
        })
    }
}

/// One word, exactly one of the two (case-sensitive).
impl<Case> Answer<Case> for Winner {
    type Words = Outcomes;

    fn write(&self, words: &Outcomes, out: &mut String) {
        out.push_str(words.word(*self));
    }

    fn read(
        words: &Outcomes,
        _case: &Case,
        at: &At,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Winner, Malformed> {
        let expected = format!("{} or {} for {at}", words.first, words.second);
        tokens
            .word(&expected, &[words.first, words.second])
            .map(|k| match k {
                0 => Winner::First,
                _ => Winner::Second,
            })
    }
}

/// A reply that names a winning move: `second` if the player to move loses, else `first i x`,
/// leaving `x` stones in heap `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveReply {
    /// The first player loses.
    Second,
    /// The first player wins by leaving `left` stones in heap `heap` (1-based). As read from
    /// a contestant, both may be anything; the problem's judge says why a move is illegal.
    First { heap: u64, left: u64 },
}

impl MoveReply {
    /// The reply for a winning move `(heap index 0-based, stones left)`, or for none.
    pub fn from_move(winning: Option<(usize, u64)>) -> MoveReply {
        match winning {
            Some((i, left)) => MoveReply::First {
                heap: i as u64 + 1,
                left,
            },
            None => MoveReply::Second,
        }
    }
}

/// `second`, or `first i x`.
impl<Case> Answer<Case> for MoveReply {
    type Words = ();

    fn write(&self, _: &(), out: &mut String) {
        match self {
            MoveReply::Second => out.push_str("second"),
            MoveReply::First { heap, left } => out.push_str(&format!("first {heap} {left}")),
        }
    }

    fn read(
        _: &(),
        _case: &Case,
        at: &At,
        tokens: &mut TokenReader<'_>,
    ) -> Result<MoveReply, Malformed> {
        let expected = format!("first or second for {at}");
        Ok(match tokens.word(&expected, &["first", "second"])? {
            0 => MoveReply::First {
                heap: tokens.u64(&format!("the heap of {at}"), 0, u64::MAX)?,
                left: tokens.u64(&format!("the stones left in {at}"), 0, u64::MAX)?,
            },
            _ => MoveReply::Second,
        })
    }
}
