//! Scores of scored problems, whatever format they came from: a test earns a fraction of its
//! worth, a group aggregates its tests' fractions into points, a submission's score is the sum
//! of its groups' points.
//!
//! Every format says the same three things in its own words: our `[[group]] points`, sinol-make's
//! `scores` (with the checker's percentage and, in POI, points falling with the time), the
//! package format's test-group `score` and `aggregation` (with `score.txt`). Readers turn those
//! into a [`GroupRule`] per group and a [`TestScore`] per run; this module alone decides what
//! the group is worth, so that verify, judge and the reports agree on every number.

use std::time::Duration;

use crate::verdict::{Judged, Verdict};

/// How a group's points are made from its tests' fractions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Aggregation {
    /// The group earns its points times the smallest fraction of any test: all or nothing when
    /// every test is accepted or rejected outright (olympiads' subtasks, Kattis `min`).
    Min,
    /// As [`Aggregation::Min`], rounded up to a whole point: sinol-make's and oioioi's
    /// `ceil(points * smallest percentage / 100)`.
    MinRoundedUp,
    /// The group earns its points times the mean fraction of its tests: each test is worth an
    /// equal share (Kattis `sum`, CMS's Sum).
    Sum,
    /// The group earns its points times the mean fraction (the default grader's `avg`; over
    /// fractions the same as [`Aggregation::Sum`], over absolute scores the mean).
    Avg,
    /// The group earns its points times the largest fraction (the default grader's `max`).
    Max,
}

impl Aggregation {
    /// How a group so scored earns its points, in words (`describe`, refusals).
    pub fn describe(self) -> &'static str {
        match self {
            Aggregation::Min => "its worst test decides",
            Aggregation::MinRoundedUp => "its worst test decides, rounded up",
            Aggregation::Sum => "each test an equal share",
            Aggregation::Avg => "the mean of its tests",
            Aggregation::Max => "its best test decides",
        }
    }
}

/// Aggregates absolute scores (not fractions) of a group's sub-results, as Kattis' default
/// grader does in legacy and 2023-07 packages, where each test case and group carries its own
/// score (`accept_score`, `score.txt`, a subgroup's aggregate): `sum`, `avg`, `min`, `max`
/// ([`Aggregation::MinRoundedUp`] rounds the least up to a whole point). Nothing aggregates
/// to 0.
pub fn combine(aggregation: Aggregation, scores: &[f64]) -> f64 {
    if scores.is_empty() {
        return 0.0;
    }
    let least = || scores.iter().copied().fold(f64::INFINITY, f64::min);
    match aggregation {
        Aggregation::Sum => scores.iter().sum(),
        Aggregation::Avg => scores.iter().sum::<f64>() / scores.len() as f64,
        Aggregation::Min => least(),
        Aggregation::MinRoundedUp => (least() - 1e-9).ceil(),
        Aggregation::Max => scores.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    }
}

/// One run as scoring sees it: the verdict, and the fraction of the test's worth it earned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TestScore {
    pub verdict: Verdict,
    /// In `0.0..=1.0`: 1 for an accepted run with no partial points, 0 for any rejection; a
    /// checker that gives partial points (sinol's percentage, Kattis `score.txt` over the
    /// test's maximum) or a time-based rule (POI) says what lies between.
    pub fraction: f64,
}

impl TestScore {
    /// A run that earns everything when it is accepted and nothing otherwise.
    pub fn all_or_nothing(verdict: Verdict) -> TestScore {
        let fraction = if verdict == Verdict::AC { 1.0 } else { 0.0 };
        TestScore { verdict, fraction }
    }
}

/// One judged run, as a score card takes it (`crate::judging::card`): the case, its
/// judgement (with the partial points its checker gave), and its time limit.
#[derive(Debug, Clone, Copy)]
pub struct ScoredRun<'a> {
    /// The case's name, as the model names it.
    pub case: &'a str,
    pub judged: &'a Judged,
    /// The time limit it ran under: POI's points fall with the time taken against it.
    pub time_limit: Duration,
}

/// What a group is worth and how it is scored.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct GroupRule {
    pub name: String,
    /// The most the group can earn; 0 for groups worth nothing (samples, sinol's group 0).
    pub points: f64,
    pub aggregation: Aggregation,
}

/// A group's result: its points earned, and the verdict that decided it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct GroupScore {
    pub name: String,
    /// How many tests the group has.
    pub tests: usize,
    pub max: f64,
    pub score: f64,
    /// The worst verdict of its tests by [`Verdict::rank`] (AC when every test passed, and for
    /// a group with no tests).
    pub verdict: Verdict,
}

/// A submission's result on a scored problem: each group's, and their sum. In JSON the total
/// is `score` and the most it could be `max_score` (the names of the package format).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ScoreCard {
    pub groups: Vec<GroupScore>,
    #[serde(rename = "score")]
    pub total: f64,
    #[serde(rename = "max_score")]
    pub max: f64,
}

/// Scores one group from its tests' results. Fractions outside `0..=1` (a checker's bad
/// percentage) are clamped: a reader reports them, scoring never exceeds the group's worth.
pub fn score_group(rule: &GroupRule, tests: &[TestScore]) -> GroupScore {
    let verdict = worst(tests.iter().map(|t| t.verdict));
    let fractions = tests.iter().map(|t| t.fraction.clamp(0.0, 1.0));
    let score = match rule.aggregation {
        Aggregation::Min => rule.points * fractions.fold(1.0, f64::min),
        Aggregation::MinRoundedUp => {
            // The percentage is rounded to a millionth first, so that a fraction such as 0.7
            // (0.69999… in binary) does not round up past a whole point.
            let percent = (fractions.fold(1.0, f64::min) * 1e8).round() / 1e6;
            (rule.points * percent / 100.0 - 1e-9).ceil().max(0.0)
        }
        Aggregation::Sum | Aggregation::Avg if tests.is_empty() => rule.points,
        Aggregation::Sum | Aggregation::Avg => {
            rule.points * fractions.sum::<f64>() / tests.len() as f64
        }
        Aggregation::Max if tests.is_empty() => rule.points,
        Aggregation::Max => rule.points * fractions.fold(0.0, f64::max),
    };
    GroupScore {
        name: rule.name.clone(),
        tests: tests.len(),
        max: rule.points,
        score,
        verdict,
    }
}

/// The worst of `verdicts` by [`Verdict::rank`]; AC when there are none.
fn worst(verdicts: impl Iterator<Item = Verdict>) -> Verdict {
    verdicts.min_by_key(|v| v.rank()).unwrap_or(Verdict::AC)
}

/// Scores a group without a maximum (2025-09 `max_score: unbounded`): each test's verdict and
/// absolute score (what its validator wrote; 0 when rejected) [`combine`]d by `aggregation`.
/// Its `max` is infinite.
pub fn score_unbounded_group(
    name: &str,
    aggregation: Aggregation,
    tests: &[(Verdict, f64)],
) -> GroupScore {
    let scores: Vec<f64> = tests.iter().map(|(_, score)| *score).collect();
    GroupScore {
        name: name.to_string(),
        tests: tests.len(),
        max: f64::INFINITY,
        score: combine(aggregation, &scores),
        verdict: worst(tests.iter().map(|(verdict, _)| *verdict)),
    }
}

/// Scores a submission: `groups` pairs each group's rule with its tests' results, in the
/// order the report should show them.
pub fn score_card<'a>(
    groups: impl IntoIterator<Item = (&'a GroupRule, &'a [TestScore])>,
) -> ScoreCard {
    ScoreCard::of(
        groups
            .into_iter()
            .map(|(rule, tests)| score_group(rule, tests))
            .collect(),
    )
}

impl ScoreCard {
    /// The card of groups already scored: their sum, out of the sum of their maxima
    /// (infinite when one is unbounded).
    pub fn of(groups: Vec<GroupScore>) -> ScoreCard {
        ScoreCard {
            total: groups.iter().map(|g| g.score).sum(),
            max: groups.iter().map(|g| g.max).sum(),
            groups,
        }
    }

    /// The card of groups already scored, their total made as `total` says.
    pub fn totalled(groups: Vec<GroupScore>, total: Total) -> ScoreCard {
        let card = ScoreCard::of(groups);
        match total {
            Total::Sum => card,
            Total::Min { max } => ScoreCard {
                total: (card.groups.iter().map(|g| g.score))
                    .reduce(f64::min)
                    .unwrap_or(0.0),
                max,
                ..card
            },
            Total::AllOrNothing { points } => ScoreCard {
                total: match card.groups.iter().all(|g| g.verdict == Verdict::AC) {
                    true => points,
                    false => 0.0,
                },
                max: points,
                ..card
            },
        }
    }

    /// `small 30/30 AC, large 0/60 WA` (groups worth nothing left out): a card in one line,
    /// for verify's messages.
    pub fn groups_briefly(&self) -> String {
        (self.groups.iter())
            .filter(|g| g.max > 0.0)
            .map(|g| {
                format!(
                    "{} {}/{} {}",
                    g.name,
                    format_score(g.score),
                    format_score(g.max),
                    g.verdict
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// How a submission's total is made from its groups' points.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Total {
    /// The groups' points add up (ours, sinol-make's `default`, `oi` and `oij`, Kattis
    /// `secret` with aggregation `sum`); the most is the sum of the groups' worth.
    #[default]
    Sum,
    /// The least of the groups' points, out of `max` (Kattis `secret` with aggregation `min`
    /// over its test data groups, `max` its `max_score`).
    Min { max: f64 },
    /// `points` when every test of every group is accepted, else nothing: sinol-make's
    /// `icpc` (1 point), Kattis `secret` with aggregation `pass-fail` over its groups.
    AllOrNothing { points: f64 },
}

/// Scores a group that depends on others (sinol-make's `subtask_dependencies`): as if the
/// tests of its direct prerequisites, `theirs`, were its own too when that lowers its score
/// (and then its verdict is theirs too), as sinol-make and oioioi score it; never raised.
pub fn score_group_after(rule: &GroupRule, own: &[TestScore], theirs: &[TestScore]) -> GroupScore {
    let alone = score_group(rule, own);
    let combined: Vec<TestScore> = own.iter().chain(theirs).copied().collect();
    let with_theirs = score_group(rule, &combined);
    match with_theirs.score < alone.score {
        true => GroupScore {
            tests: alone.tests,
            ..with_theirs
        },
        false => alone,
    }
}

/// POI's rule (sinol-make's contest type `oi`, oioioi's formula): an accepted run's
/// `fraction` of its test's worth when it ran in at most half its time `limit`; past that,
/// `1 + floor((percent - 1) * (limit - time) / (limit / 2))` percent, falling to 1 % at the
/// limit (a run that earned nothing keeps nothing).
pub fn time_scaled(fraction: f64, time: Duration, limit: Duration) -> f64 {
    let (time, limit) = (time.as_secs_f64() * 1000.0, limit.as_secs_f64() * 1000.0);
    let percent = fraction * 100.0;
    if percent == 0.0 || time <= limit / 2.0 {
        return fraction;
    }
    (1.0 + ((percent - 1.0) * ((limit - time) / (limit / 2.0))).trunc()) / 100.0
}

/// Two scores are the same when they differ by less than this: points may be fractions
/// (Kattis `score.txt`, a mean over tests), and expectations are written in decimal.
pub const SCORE_TOLERANCE: f64 = 1e-6;

/// Whether a found score matches an expected one, within [`SCORE_TOLERANCE`] (relative for
/// large scores, absolute near zero).
pub fn same_score(expected: f64, found: f64) -> bool {
    (expected - found).abs() <= SCORE_TOLERANCE * expected.abs().max(1.0)
}

/// A score as reports print it: an integer without a fraction, else at most six decimals with
/// trailing zeros dropped (`30`, `12.5`, `33.333333`).
pub fn format_score(score: f64) -> String {
    let text = format!("{score:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(points: f64, aggregation: Aggregation) -> GroupRule {
        GroupRule {
            name: "g".into(),
            points,
            aggregation,
        }
    }

    #[test]
    fn min_is_all_or_nothing_over_verdicts() {
        let tests = [
            TestScore::all_or_nothing(Verdict::AC),
            TestScore::all_or_nothing(Verdict::TLE),
        ];
        let group = score_group(&rule(30.0, Aggregation::Min), &tests);
        assert_eq!((group.score, group.verdict), (0.0, Verdict::TLE));
        let passed = score_group(&rule(30.0, Aggregation::Min), &tests[..1]);
        assert_eq!((passed.score, passed.verdict), (30.0, Verdict::AC));
    }

    #[test]
    fn min_takes_the_smallest_partial_fraction_and_sum_the_mean() {
        let tests = [
            TestScore {
                verdict: Verdict::AC,
                fraction: 0.5,
            },
            TestScore {
                verdict: Verdict::AC,
                fraction: 1.0,
            },
        ];
        assert_eq!(
            score_group(&rule(40.0, Aggregation::Min), &tests).score,
            20.0
        );
        assert_eq!(
            score_group(&rule(40.0, Aggregation::Sum), &tests).score,
            30.0
        );
    }

    #[test]
    fn fractions_are_clamped_and_cards_add_up() {
        let over = [TestScore {
            verdict: Verdict::AC,
            fraction: 1.7,
        }];
        let a = rule(10.0, Aggregation::Min);
        let b = GroupRule {
            name: "b".into(),
            points: 90.0,
            aggregation: Aggregation::Sum,
        };
        let none = [TestScore::all_or_nothing(Verdict::WA)];
        let card = score_card([(&a, &over[..]), (&b, &none[..])]);
        assert_eq!((card.total, card.max), (10.0, 100.0));
        assert_eq!(card.groups[1].verdict, Verdict::WA);
    }

    #[test]
    fn rounded_up_groups_and_all_or_nothing_cards() {
        let partial = |fraction| TestScore {
            verdict: Verdict::AC,
            fraction,
        };
        let up = rule(30.0, Aggregation::MinRoundedUp);
        assert_eq!(score_group(&up, &[partial(0.5), partial(1.0)]).score, 15.0);
        assert_eq!(score_group(&up, &[partial(0.51)]).score, 16.0);
        assert_eq!(score_group(&up, &[partial(0.7)]).score, 21.0);
        assert_eq!(score_group(&up, &[partial(0.0)]).score, 0.0);
        let one = rule(1.0, Aggregation::Min);
        let pass = [TestScore::all_or_nothing(Verdict::AC)];
        let fail = [TestScore::all_or_nothing(Verdict::WA)];
        let groups = vec![score_group(&one, &pass), score_group(&one, &fail)];
        let card = ScoreCard::totalled(groups.clone(), Total::AllOrNothing { points: 1.0 });
        assert_eq!((card.total, card.max), (0.0, 1.0));
        let passed = ScoreCard::totalled(groups[..1].to_vec(), Total::AllOrNothing { points: 1.0 });
        assert_eq!((passed.total, passed.max), (1.0, 1.0));
        let least = ScoreCard::totalled(groups, Total::Min { max: 1.0 });
        assert_eq!((least.total, least.max), (0.0, 1.0));
    }

    #[test]
    fn a_group_is_lowered_by_its_prerequisites_never_raised() {
        let rule = rule(60.0, Aggregation::MinRoundedUp);
        let half = TestScore {
            verdict: Verdict::AC,
            fraction: 0.5,
        };
        let full = TestScore::all_or_nothing(Verdict::AC);
        let lowered = score_group_after(&rule, &[full], &[half]);
        assert_eq!((lowered.score, lowered.tests), (30.0, 1));
        let wrong = TestScore::all_or_nothing(Verdict::WA);
        let failed = score_group_after(&rule, &[full], &[wrong]);
        assert_eq!((failed.score, failed.verdict), (0.0, Verdict::WA));
        let kept = score_group_after(&rule, &[half], &[full]);
        assert_eq!((kept.score, kept.verdict), (30.0, Verdict::AC));
    }

    #[test]
    fn poi_points_fall_linearly_past_half_the_limit() {
        let second = Duration::from_secs(1);
        let at = |ms| time_scaled(1.0, Duration::from_millis(ms), second);
        assert_eq!(at(400), 1.0);
        assert_eq!(at(500), 1.0);
        // 1 + floor(99 * 250 / 500) = 50.
        assert_eq!(at(750), 0.5);
        assert_eq!(at(1000), 0.01);
        assert_eq!(time_scaled(0.0, Duration::from_millis(900), second), 0.0);
    }

    #[test]
    fn a_card_in_one_line_leaves_out_groups_worth_nothing() {
        let sample = GroupRule {
            name: "sample".into(),
            points: 0.0,
            aggregation: Aggregation::Min,
        };
        let small = GroupRule {
            name: "small".into(),
            points: 40.0,
            aggregation: Aggregation::Min,
        };
        let pass = [TestScore::all_or_nothing(Verdict::AC)];
        let fail = [TestScore::all_or_nothing(Verdict::TLE)];
        let card = score_card([(&sample, &pass[..]), (&small, &fail[..])]);
        assert_eq!(card.groups_briefly(), "small 0/40 TLE");
    }

    #[test]
    fn absolute_scores_combine_as_the_default_grader() {
        let scores = [50.0, 20.0, 30.0];
        assert_eq!(combine(Aggregation::Sum, &scores), 100.0);
        assert!(same_score(combine(Aggregation::Avg, &scores), 100.0 / 3.0));
        assert_eq!(combine(Aggregation::Min, &scores), 20.0);
        assert_eq!(combine(Aggregation::Max, &scores), 50.0);
        assert_eq!(combine(Aggregation::MinRoundedUp, &[2.5, 7.0]), 3.0);
        assert_eq!(combine(Aggregation::Max, &[]), 0.0);
        let half = TestScore {
            verdict: Verdict::AC,
            fraction: 0.5,
        };
        let best = score_group(
            &rule(10.0, Aggregation::Max),
            &[half, TestScore::all_or_nothing(Verdict::WA)],
        );
        assert_eq!(best.score, 5.0);
    }

    #[test]
    fn unbounded_groups_add_their_scores_and_have_no_maximum() {
        let tests = [(Verdict::AC, 7.5), (Verdict::WA, 0.0), (Verdict::AC, 2.5)];
        let group = score_unbounded_group("g", Aggregation::Sum, &tests);
        assert_eq!((group.score, group.verdict), (10.0, Verdict::WA));
        let card = ScoreCard::of(vec![group]);
        assert_eq!(card.total, 10.0);
        assert!(card.max.is_infinite());
    }

    #[test]
    fn scores_compare_within_tolerance_and_print_plainly() {
        assert!(same_score(33.333333, 100.0 / 3.0));
        assert!(!same_score(30.0, 29.0));
        assert_eq!(format_score(30.0), "30");
        assert_eq!(format_score(12.5), "12.5");
        assert_eq!(format_score(100.0 / 3.0), "33.333333");
        assert_eq!(format_score(-0.0), "0");
    }
}
