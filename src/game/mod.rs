//! Pure game theory, no I/O: rulesets, Grundy tables, proven periodicity, winning moves,
//! Wythoff, misère play, and a brute-force solver that does not use Sprague–Grundy.

pub mod brute;
pub mod engine;
pub mod grundy;
pub mod period;
pub mod ruleset;

pub use period::{proven_period, Period, PeriodWatch};
pub use ruleset::{OctalCode, Ruleset, RulesetError};
