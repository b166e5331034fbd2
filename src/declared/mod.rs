//! Declared game problems: a ruleset, a play convention, a format and bounds in the `[game]`
//! table of `problem.toml`, and no code. Everything a catalog problem has is derived from the
//! declaration:
//!
//! - [`spec`]: the table read into a [`Spec`], each error naming its field;
//! - [`reference`]: the exact reference (Grundy engines, proven periods for heaps beyond a
//!   table, misère tables, the brute force where only it can serve), or a refusal that says
//!   which field to change and how;
//! - [`rules`]: what a move may leave, whether a named move is legal, the rules in words;
//! - [`generate`]: the generator modes;
//! - [`formats`]: the three batch formats as per-case [`crate::problem::TypedProblem`]s, so that
//!   the list-level glue, the checker flow, shrinking, reach and enumeration are the catalog's;
//! - [`play`]: the interactive format, the catalog's perfect judge playing the declared rules;
//! - [`statement`]: the statement skeleton and test plan that `stonejudge new` writes.

pub mod formats;
pub mod generate;
pub mod play;
pub mod reference;
pub mod rules;
pub mod spec;
pub mod statement;

pub use formats::{Boards, Cases, Moves};
pub use play::Plays;
pub use spec::{Shape, Spec, SpecError};

use reference::Reference;

/// A declaration with its reference: what every format of it shares.
pub struct Game {
    pub spec: Spec,
    pub reference: Reference,
}

impl Game {
    /// The game of `spec`, or why its bounds cannot be served.
    pub fn new(spec: Spec) -> Result<Game, SpecError> {
        let reference = Reference::new(&spec)?;
        Ok(Game { spec, reference })
    }
}
