//! sinol-make's words for verdicts: the statuses of its tables and of
//! `sinol_expected_scores` (`OK`, `WA`, `TL`, `ML`, `RE`, `CE`). How a package scores a
//! solution (its groups' points, subtask dependencies, `icpc`, POI's time scaling) is in the
//! model (`crate::readers::sinol`) and scored by `crate::judging::card`, as every format is.

use crate::verdict::Verdict;

/// A verdict as sinol-make's status names it.
pub fn status(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::AC => "OK",
        Verdict::WA | Verdict::PE => "WA",
        Verdict::TLE => "TL",
        Verdict::MLE => "ML",
        Verdict::CE => "CE",
        Verdict::RE | Verdict::OLE | Verdict::JE => "RE",
    }
}

/// The verdict a sinol-make status names (`OK`, `WA`, `TL`, `ML`, `RE`, `CE`), as ours.
pub fn verdict_of_status(status: &str) -> Option<Verdict> {
    match status {
        "OK" => Some(Verdict::AC),
        "WA" => Some(Verdict::WA),
        "TL" => Some(Verdict::TLE),
        "ML" => Some(Verdict::MLE),
        "RE" => Some(Verdict::RE),
        "CE" => Some(Verdict::CE),
        _ => None,
    }
}
