//! A problem's example submissions and what each is meant to get, in the terms every format
//! shares: a verdict its folder promises, rules over the verdicts of its tests, a score.

use std::collections::BTreeSet;

use super::ProgramFile;
use crate::verdict::Verdict;

/// One example submission.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Submission {
    /// Its path under the problem's folder (`solutions/accepted/sol.cpp`,
    /// `submissions/wrong_answer/x.py`, `prog/abc1.cpp`): how items and messages name it.
    pub id: String,
    pub program: ProgramFile,
    pub expectation: Expectation,
}

/// What a submission is meant to get, and where that is said.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Expectation {
    /// Where it is said (`folder wrong_answer/`, `submissions.yaml: accepted/*`,
    /// `problem.toml:12:1 [expect]`, `config.yml sinol_expected_scores`): verify's messages
    /// and `--json` name it.
    pub origin: String,
    pub verdicts: VerdictExpectation,
    /// The score it must get, on a scored problem.
    pub score: Option<ScoreExpectation>,
}

/// What the verdicts of a submission's tests must be.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VerdictExpectation {
    /// Nothing beyond its score.
    Any,
    /// This verdict on at least one test and nothing but it or AC on the others; `AC`: every
    /// test accepted (ours, and the folders of Kattis legacy and 2023-07).
    Promised(Verdict),
    /// Rules over the tests' verdicts (Kattis 2025-09 `submissions.yaml` and its folders): all
    /// must hold.
    Rules(Vec<VerdictRule>),
}

/// One rule of [`VerdictExpectation::Rules`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct VerdictRule {
    /// The tests it is about (a glob over case names, as written); `None` for every test.
    pub tests: Option<String>,
    /// Every such test's verdict must be one of these.
    pub permitted: Option<Vec<Verdict>>,
    /// At least one such test's verdict must be one of these.
    pub required: Option<Vec<Verdict>>,
    /// The message the judge must give on some test, when the rule says.
    pub message: Option<String>,
}

/// The score a submission must get: a total within a range, and per group a verdict and
/// points where given.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct ScoreExpectation {
    /// Inclusive bounds on the total; equal for an exact score.
    pub total: Option<(f64, f64)>,
    pub groups: Vec<GroupExpectation>,
}

/// What one group of a submission must come to.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct GroupExpectation {
    pub group: String,
    pub verdict: Option<Verdict>,
    pub points: Option<f64>,
}

impl Expectation {
    /// Every group it names exists, and its numbers make sense.
    pub(super) fn check(&self, groups: &BTreeSet<&str>) -> Result<(), String> {
        let Some(score) = &self.score else {
            return Ok(());
        };
        if let Some((low, high)) = score.total {
            if !(low.is_finite() && high.is_finite() && low <= high) {
                return Err(format!(
                    "{}: the expected score {low}..{high} is not a range",
                    self.origin
                ));
            }
        }
        for expected in &score.groups {
            if !groups.contains(expected.group.as_str()) {
                return Err(format!(
                    "{}: group {} is expected, and the problem has no such group",
                    self.origin, expected.group
                ));
            }
            if expected
                .points
                .is_some_and(|points| !(points.is_finite() && points >= 0.0))
            {
                return Err(format!(
                    "{}: group {} expects a negative or infinite score",
                    self.origin, expected.group
                ));
            }
        }
        Ok(())
    }
}
