//! How a sinol-make package scores a solution, as sinol-make's contest types do, through
//! [`crate::score`]: a test earns the checker's percentage (100 without a checker) when it
//! passes, in `oi` fewer when it ran past half its time limit; a group earns its points times
//! its worst test's percentage, rounded up (with its prerequisites' tests when
//! `subtask_dependencies` lowers it so); the total is the groups' sum, or in `icpc` 1 when
//! every group passed. Expected scores (`sinol_expected_scores`) are held to a card by verify
//! (`crate::verify::expectation`): group by group, status and points, and the total.

use std::collections::BTreeMap;
use std::time::Duration;

use super::config::ContestType;
use crate::score::{score_card, score_group, Aggregation, GroupRule, ScoreCard, TestScore};
use crate::verdict::Verdict;

/// The points of each group among `groups` (sorted, each once): `scores`, else 100 shared
/// equally as sinol-make shares them (the remainder to the last group); group 0 is worth
/// nothing. In `icpc` every group is worth 1.
pub fn group_rules(
    contest: ContestType,
    scores: Option<&BTreeMap<u32, f64>>,
    groups: &[u32],
) -> Vec<GroupRule> {
    let scored: Vec<u32> = groups.iter().copied().filter(|g| *g != 0).collect();
    let share = match scored.len() {
        0 => 0,
        n => 100 / n as u64,
    };
    groups
        .iter()
        .map(|&group| {
            let points = match (contest, scores) {
                (ContestType::Icpc, _) => 1.0,
                _ if group == 0 => 0.0,
                (_, Some(scores)) => scores.get(&group).copied().unwrap_or(0.0),
                (_, None) if scored.last() == Some(&group) => {
                    (100 - share * (scored.len() as u64 - 1)) as f64
                }
                (_, None) => share as f64,
            };
            GroupRule {
                name: group.to_string(),
                points,
                aggregation: match contest {
                    ContestType::Icpc => Aggregation::Min,
                    _ => Aggregation::MinRoundedUp,
                },
            }
        })
        .collect()
}

/// A test's score: `percent` (the checker's, 0 to 100) of an accepted run, nothing of any
/// other; in `oi` a run past half the time limit `limit` keeps
/// `1 + floor((percent - 1) * (limit - time) / (limit / 2))` (oioioi's formula); in `icpc`
/// all or nothing.
pub fn test_score(
    contest: ContestType,
    verdict: Verdict,
    percent: f64,
    time: Duration,
    limit: Duration,
) -> TestScore {
    if verdict != Verdict::AC {
        return TestScore::all_or_nothing(verdict);
    }
    let (time, limit) = (time.as_secs_f64() * 1000.0, limit.as_secs_f64() * 1000.0);
    let points = match contest {
        ContestType::Icpc => 100.0,
        ContestType::Oi if percent == 0.0 => 0.0,
        ContestType::Oi if time > limit / 2.0 => {
            1.0 + ((percent - 1.0) * ((limit - time) / (limit / 2.0))).trunc()
        }
        _ => percent,
    };
    TestScore {
        verdict,
        fraction: points / 100.0,
    }
}

/// The card of a solution: its groups' results in `by_group` (the rules and each group's
/// tests' scores, in the same order). A group with prerequisites in `dependencies`
/// (`subtask_dependencies`) is scored as if their tests were its own too, when that lowers
/// its score (and then its status is theirs too), as sinol-make and oioioi score it; only
/// its direct prerequisites count.
pub fn card(
    contest: ContestType,
    rules: &[GroupRule],
    by_group: &[Vec<TestScore>],
    dependencies: &BTreeMap<u32, Vec<u32>>,
) -> ScoreCard {
    let number = |rule: &GroupRule| rule.name.parse::<u32>().ok();
    let scored: Vec<Vec<TestScore>> = (rules.iter().zip(by_group))
        .map(|(rule, own)| {
            let Some(prerequisites) = number(rule).and_then(|g| dependencies.get(&g)) else {
                return own.clone();
            };
            let mut combined = own.clone();
            for (other, tests) in rules.iter().zip(by_group) {
                if number(other).is_some_and(|g| prerequisites.contains(&g)) {
                    combined.extend(tests);
                }
            }
            match score_group(rule, &combined).score < score_group(rule, own).score {
                true => combined,
                false => own.clone(),
            }
        })
        .collect();
    let card = score_card(rules.iter().zip(scored.iter().map(Vec::as_slice)));
    match contest {
        ContestType::Icpc => card.all_groups_or_nothing(),
        _ => card,
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_shared_as_sinol_make_shares_them() {
        let rules = group_rules(ContestType::Default, None, &[0, 1, 2, 3]);
        let points: Vec<f64> = rules.iter().map(|r| r.points).collect();
        assert_eq!(points, [0.0, 33.0, 33.0, 34.0]);
        let icpc = group_rules(ContestType::Icpc, None, &[1, 2]);
        assert!(icpc.iter().all(|r| r.points == 1.0));
    }

    #[test]
    fn a_group_is_lowered_by_its_prerequisites_never_raised() {
        let scores = BTreeMap::from([(1, 40.0), (2, 60.0)]);
        let rules = group_rules(ContestType::Default, Some(&scores), &[1, 2]);
        let half = TestScore {
            verdict: Verdict::AC,
            fraction: 0.5,
        };
        let wrong = TestScore::all_or_nothing(Verdict::WA);
        let by_group = vec![vec![half], vec![TestScore::all_or_nothing(Verdict::AC)]];
        let on_1 = BTreeMap::from([(2, vec![1])]);
        let card = card(ContestType::Default, &rules, &by_group, &on_1);
        assert_eq!((card.groups[1].score, card.total), (30.0, 50.0));
        // Group 1's own WA makes group 2 WA too; group 1 itself is not raised by depending on
        // a group that passed.
        let by_group = vec![vec![wrong], vec![TestScore::all_or_nothing(Verdict::AC)]];
        let both = BTreeMap::from([(1, vec![2]), (2, vec![1])]);
        let card = super::card(ContestType::Default, &rules, &by_group, &both);
        assert_eq!(card.groups[1].verdict, Verdict::WA);
        assert_eq!((card.groups[0].score, card.total), (0.0, 0.0));
    }

    #[test]
    fn oi_points_fall_linearly_past_half_the_limit() {
        let second = Duration::from_secs(1);
        let at = |ms| {
            test_score(
                ContestType::Oi,
                Verdict::AC,
                100.0,
                Duration::from_millis(ms),
                second,
            )
        };
        assert_eq!(at(400).fraction, 1.0);
        assert_eq!(at(500).fraction, 1.0);
        // 1 + floor(99 * 250 / 500) = 50.
        assert_eq!(at(750).fraction, 0.5);
        assert_eq!(at(1000).fraction, 0.01);
        let default = test_score(
            ContestType::Default,
            Verdict::AC,
            100.0,
            Duration::from_millis(900),
            second,
        );
        assert_eq!(default.fraction, 1.0);
        let wrong = test_score(ContestType::Oi, Verdict::WA, 100.0, Duration::ZERO, second);
        assert_eq!(wrong.fraction, 0.0);
    }
}
