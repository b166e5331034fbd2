//! Brute force that does not use Sprague–Grundy: memoized win/lose search over positions,
//! with moves generated literally from each rule.

/// Who wins when no move is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins (the last mover loses).
    Misere,
}

/// A position too large for exhaustive search, with what bound it broke.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("too large for brute force: {0}")]
pub struct TooLarge(pub String);
