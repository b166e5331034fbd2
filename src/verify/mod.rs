//! `verify`: everything CI needs to trust a problem, whatever its format, as a list of
//! independent items (a problem's own checks, one item per example submission) that can be
//! split across machines by [`Partition`].
//!
//! Many formats in, one verify: each format's items and the steps only it has are in its own
//! file ([`ours`]: an archive of `problem.toml` problems; [`kattis`]: a Kattis package, legacy,
//! 2023-07 or 2025-09; [`sinol`]: a sinol-make package; [`read`]: a package read into the model
//! alone); what every format checks is done once, here, over the one model of a problem
//! ([`crate::model`]): making the test data again and comparing it with what is committed
//! ([`regeneration`]), a submission judged as `judge` judges it ([`submission`]) and held to
//! its expectation ([`expectation`]). Each format's verifier is a [`verifier::FormatVerifier`],
//! the one seam; what each PATH names and the items of all of them in order are [`targets`]. Every item ends as an
//! [`ItemReport`] of named [`Check`]s, which the command prints and `report` writes as JSON and
//! HTML.
//!
//! Layering: layer 7, the machinery, beside `archive` (whose plans, statements and scores our
//! own format's steps use); nothing below imports it.

pub mod expectation;
pub mod kattis;
pub mod ours;
pub mod read;
pub mod regeneration;
pub mod sinol;
pub mod submission;
pub mod targets;
pub mod validation;
pub mod verifier;

use std::str::FromStr;

use serde::Serialize;

use crate::score::ScoreCard;
use crate::verdict::Verdict;

/// Part `index` (1-based) of `count` equal-by-turn parts of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Partition {
    pub index: usize,
    pub count: usize,
}

impl Partition {
    pub const WHOLE: Partition = Partition { index: 1, count: 1 };

    /// The items of this part: those at positions `index - 1`, `index - 1 + count`, ….
    pub fn select<T>(self, items: Vec<T>) -> Vec<T> {
        items
            .into_iter()
            .enumerate()
            .filter(|(i, _)| self.holds(*i))
            .map(|(_, item)| item)
            .collect()
    }

    /// Whether the item at `position` (0-based) is in this part.
    pub fn holds(self, position: usize) -> bool {
        position % self.count == self.index - 1
    }
}

impl FromStr for Partition {
    type Err = String;

    fn from_str(text: &str) -> Result<Partition, String> {
        let parsed = text
            .split_once('/')
            .and_then(|(k, n)| Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)));
        match parsed {
            Some((index, count)) if (1..=count).contains(&index) => Ok(Partition { index, count }),
            _ => Err(format!(
                "expected K/N with 1 <= K <= N (such as 2/4), got {text:?}"
            )),
        }
    }
}

impl std::fmt::Display for Partition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One named check of an item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    pub name: &'static str,
    pub ok: bool,
    /// The check could not be made here (a tool is missing, a kind of problem is not
    /// supported yet): not passed, and not failed either.
    pub skipped: bool,
    /// What was found (on failure: what is wrong, possibly several lines).
    pub detail: String,
    /// The brute-force check's counts (only on that check).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cross_checked: Option<CrossChecked>,
}

/// How many of a problem's tests the brute force cross-checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CrossChecked {
    /// The tests of `testdata/<name>/`.
    pub tests: usize,
    /// Those on which the brute force ran and agreed with the answer file.
    pub checked: usize,
    /// Those too large for it (refused, or out of its time budget) outside small groups.
    pub too_large: usize,
}

impl Check {
    pub(crate) fn pass(name: &'static str, detail: impl Into<String>) -> Check {
        Check {
            name,
            ok: true,
            skipped: false,
            detail: detail.into(),
            cross_checked: None,
        }
    }

    pub(crate) fn fail(name: &'static str, detail: impl Into<String>) -> Check {
        Check {
            name,
            ok: false,
            skipped: false,
            detail: detail.into(),
            cross_checked: None,
        }
    }

    pub(crate) fn skip(name: &'static str, detail: impl Into<String>) -> Check {
        Check {
            name,
            ok: false,
            skipped: true,
            detail: detail.into(),
            cross_checked: None,
        }
    }

    pub(crate) fn from(name: &'static str, result: Result<String, String>) -> Check {
        match result {
            Ok(detail) => Check::pass(name, detail),
            Err(detail) => Check::fail(name, detail),
        }
    }
}

/// The checks of one item.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemReport {
    pub id: String,
    /// Every check passed.
    pub ok: bool,
    /// None failed, but some could not be made: the item is not verified.
    pub skipped: bool,
    pub checks: Vec<Check>,
    pub seconds: f64,
    /// How an example solution of an archive ran on each test (when it could be run): the
    /// rows of the solutions-by-tests table of `verify --html`, and the same data in `--json`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runs: Option<SolutionRuns>,
    /// An example solution's score on a scored problem: in JSON, `score`, `max_score` and
    /// `groups` (each with its `score` and verdict) beside the checks.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreCard>,
}

/// One example solution judged on every test of its problem, under the problem's limits.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SolutionRuns {
    /// The problem's name (its folder under `problems/`).
    pub problem: String,
    /// The verdict the solution's folder promises.
    pub expected: Verdict,
    /// The CPU time limit every test ran under.
    pub time_limit_s: f64,
    pub memory_limit_mib: Option<u64>,
    /// In test order.
    pub tests: Vec<TestRun>,
}

/// One test of a [`SolutionRuns`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TestRun {
    /// The file stem (`07`).
    pub test: String,
    /// The group of the plan the test belongs to (`sample` for the samples); empty when the
    /// test on disk is not in the plan.
    pub group: String,
    pub verdict: Verdict,
    /// CPU time; `None` when nothing ran (the program could not be started).
    pub time_s: Option<f64>,
    pub memory_kib: Option<u64>,
    pub message: String,
}

impl ItemReport {
    pub fn new(id: String, checks: Vec<Check>, seconds: f64) -> ItemReport {
        let failed = checks.iter().any(|c| !c.ok && !c.skipped);
        ItemReport {
            id,
            ok: checks.iter().all(|c| c.ok),
            skipped: !failed && checks.iter().any(|c| c.skipped),
            checks,
            seconds,
            runs: None,
            score: None,
        }
    }
}

/// At most this many lines of a list go into a detail.
const LISTED: usize = 5;

/// `headline`, then the first few lines of `lines` and how many more there are.
pub(crate) fn listed(headline: &str, lines: impl Iterator<Item = String>) -> String {
    let lines: Vec<String> = lines.collect();
    let mut out = headline.to_string();
    for line in lines.iter().take(LISTED) {
        out.push_str("\n  ");
        out.push_str(line);
    }
    if lines.len() > LISTED {
        out.push_str(&format!("\n  ... and {} more", lines.len() - LISTED));
    }
    out
}

/// The first line of a message, for a detail that lists several.
pub(crate) fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_every_item_once() {
        let all: Vec<String> = (0..11).map(|i| format!("{i:02}")).collect();
        for count in 1..=5 {
            let mut seen: Vec<String> = (1..=count)
                .flat_map(|index| Partition { index, count }.select(all.clone()))
                .collect();
            seen.sort();
            assert_eq!(seen, all);
        }
        assert_eq!("2/3".parse(), Ok(Partition { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(bad.parse::<Partition>().is_err(), "{bad}");
        }
    }
}
