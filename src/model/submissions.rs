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
    /// Whether its time sets the time limit, when the problem derives it from its
    /// submissions ([`super::TimeLimit::FromSubmissions`]): a Kattis package's `accepted/`
    /// ones, and in 2025-09 every one held to never time out.
    pub sets_time_limit: bool,
}

/// An entry of a problem's submissions that is not judged, and why: a disabled or template
/// one, a hidden file, one in a folder that promises nothing. `verify` and `describe` say so
/// in a note; it fails nothing.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LeftOut {
    /// Its path under the problem's folder, as [`Submission::id`] names a submission.
    pub id: String,
    pub why: String,
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
    /// test accepted (the folders of ours).
    Promised(Verdict),
    /// The submission's verdict is this one: the verdict the format gives the whole run, the
    /// first rejection of the data tree (Kattis legacy and 2023-07 folders: `on_reject: break`
    /// stops there), under the time limit or, failing that, "with extra time" under the
    /// higher limit (`time_limit_to_tle` times it), as `verifyproblem` holds a folder.
    FirstRejection(Verdict),
    /// Rules over the tests' verdicts (Kattis 2025-09 `submissions.yaml` and its folders): all
    /// must hold.
    Rules(Vec<VerdictRule>),
}

/// One rule of [`VerdictExpectation::Rules`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct VerdictRule {
    /// Where it is said (`folder wrong_answer`, `submissions.yaml x.py: secret/*`): the
    /// message of a broken rule names it.
    pub origin: String,
    /// The tests it is about (a glob over case names, as written); `None` for every test.
    pub tests: Option<String>,
    /// Every such test's verdict must be one of these.
    pub permitted: Option<Vec<Verdict>>,
    /// At least one such test's verdict must be one of these.
    pub required: Option<Vec<Verdict>>,
    /// The message the judge must give on some test, when the rule says.
    pub message: Option<String>,
    /// `required` and `message` are judged under the higher limit (Kattis 2025-09: a rule
    /// that requires a timeout bounds the time limit from above, so only a run slower than
    /// the higher limit times out for it); `permitted` always under the time limit.
    pub at_higher_limit: bool,
}

/// The score a submission must get: a total within a range, and per group a verdict and
/// points where given.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct ScoreExpectation {
    /// Inclusive bounds on the total; equal for an exact score.
    pub total: Option<(f64, f64)>,
    pub groups: Vec<GroupExpectation>,
    /// Where the score is said (`problem.toml:12:1`, `submissions.yaml x.py`, `folder
    /// accepted`), when it is said apart from [`Expectation::origin`]'s verdicts.
    pub origin: Option<String>,
    /// The total against the most the submission can earn, when its folder says so and not
    /// a number (Kattis 2025-09 `accepted/` and `partially_accepted/`).
    pub full: Option<FullScore>,
    /// How it is held: the format's rule.
    pub rule: ScoreRule,
}

/// A total held against the full score (the problem's maximum; an unbounded problem has none,
/// and then the rule holds nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FullScore {
    /// The full score (Kattis 2025-09 `accepted/` of a scoring package).
    Reached,
    /// Less than the full score (Kattis `partially_accepted/`).
    Missed,
}

/// How a [`ScoreExpectation`] is held, each format's way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreRule {
    /// Our `[expect]`: the total exactly, and only the groups listed, a group's verdict
    /// first, then its points; every difference named with where it is written.
    #[default]
    Listed,
    /// sinol-make's `sinol_expected_scores`: the total, and every group: each group that has
    /// tests must be listed and each listed group must have tests; status and points
    /// together, a group listed by its status alone held to its full worth, verdicts compared
    /// as the format names them (sinol's `WA` is also a PE).
    EveryGroup,
    /// Kattis 2025-09: the total alone, within its range (`score` of `submissions.yaml`) or
    /// against the full score ([`ScoreExpectation::full`], its folder's).
    Total,
}

/// What one group of a submission must come to.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct GroupExpectation {
    pub group: String,
    pub verdict: Option<Verdict>,
    pub points: Option<f64>,
    /// Where it is written (`problem.toml:14:9`), when the format says.
    pub at: Option<String>,
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
