//! Pure game theory, no I/O: rulesets, Grundy tables, proven periodicity, winning moves,
//! Wythoff, misère play, and a brute-force solver that does not use Sprague–Grundy.

pub mod brute;
pub mod engine;
pub mod grundy;
pub mod misere;
pub mod moves;
pub mod period;
pub mod ruleset;
pub mod wythoff;

pub use brute::{BruteSolver, Play, TooLarge};
pub use moves::{Move, OutsideTable};
pub use period::{proven_period, Period, PeriodWatch};
pub use ruleset::{OctalCode, Ruleset, RulesetError};
