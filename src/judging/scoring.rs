//! The score card of a program judged on a scored problem of any format, from the model
//! alone: the problem's [`Scoring`] (a rule per group, the groups some depend on, how the
//! total is made, POI's time scaling), each case's group as the model has it, and each run's
//! judgement with the partial points its checker gave ([`Judged::score`]: testlib's `quitp`,
//! sinol-make's percentage, a Kattis `score.txt` or `score_multiplier.txt`), added up by
//! [`crate::score`], the one scoring core. `judge` and `verify` score every format here, so
//! that they agree on every number.
//!
//! A run earns the fraction of its test's worth its checker gave, else all of it when it is
//! accepted and nothing otherwise. An absolute `score.txt` is its test's points: over the
//! test's maximum (the group's worth in a `min` group, the group's worth shared equally
//! among its cases in a `sum` one), or the test's score itself in a group without a maximum
//! (Kattis `max_score: unbounded`), where it is required. What a checker awards that the
//! rules forbid is the judge's error, named ([`ScoreError`]), never a guess.

use crate::judge::Test;
use crate::model::{Problem, Scoring};
use crate::run;
use crate::score::{
    format_score, score_group_after, score_unbounded_group, Aggregation, GroupRule, GroupScore,
    ScoreCard, ScoredRun, TestScore, SCORE_TOLERANCE,
};
use crate::verdict::{Awarded, Judged, Verdict};

/// Partial points a checker gave that the problem's rules do not allow: the judge's error
/// (the specification of the package format calls it so).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("test {case}: {why}")]
pub struct ScoreError {
    pub case: String,
    pub why: String,
}

/// The card of `runs`; `None` for a pass-fail problem, and for one its graders score
/// ([`Scoring::by_graders`]). A run on a case the problem does not
/// judge, or of a group worth nothing, counts for nothing; a group none of whose cases ran
/// is left out (`judge --test`).
pub fn card(problem: &Problem, runs: &[ScoredRun<'_>]) -> Result<Option<ScoreCard>, ScoreError> {
    let Some(scoring) = scored(problem) else {
        return Ok(None);
    };
    let rule_of_case = |case: &str| rule_of_case(problem, scoring, case);
    let mut scored: Vec<(&GroupRule, Vec<&ScoredRun>)> = (scoring.rules.iter())
        .map(|rule| {
            let own = (runs.iter())
                .filter(|run| rule_of_case(run.case).is_some_and(|r| r.name == rule.name))
                .collect();
            (rule, own)
        })
        .collect();
    scored.retain(|(_, own)| !own.is_empty());
    let mut fractions: Vec<(&str, Vec<TestScore>)> = Vec::with_capacity(scored.len());
    for (rule, own) in &scored {
        if rule.points.is_infinite() {
            continue;
        }
        let cases = cases_of(problem, scoring, rule);
        let tests = (own.iter())
            .map(|run| test_score(scoring, rule, cases, run))
            .collect::<Result<Vec<_>, _>>()?;
        fractions.push((rule.name.as_str(), tests));
    }
    let tests_of = |name: &str| {
        (fractions.iter())
            .find(|(group, _)| *group == name)
            .map_or(&[][..], |(_, tests)| tests.as_slice())
    };
    let groups = (scored.iter())
        .map(|(rule, own)| match rule.points.is_infinite() {
            true => unbounded(rule, own),
            false => {
                let theirs: Vec<TestScore> = (scoring.prerequisites(&rule.name).iter())
                    .flat_map(|name| tests_of(name).iter().copied())
                    .collect();
                Ok(score_group_after(rule, tests_of(&rule.name), &theirs))
            }
        })
        .collect::<Result<Vec<GroupScore>, ScoreError>>()?;
    Ok(Some(ScoreCard::totalled(groups, scoring.total)))
}

/// The runs of `tests` judged as `judged`, each under its `limits`, as [`card`] takes them.
pub fn scored_runs<'a>(
    tests: &'a [Test],
    judged: &'a [Judged],
    limits: &[run::Limits],
) -> Vec<ScoredRun<'a>> {
    (tests.iter().zip(judged).zip(limits))
        .map(|((test, judged), limits)| ScoredRun {
            case: &test.name,
            judged,
            time_limit: limits.cpu,
        })
        .collect()
}

/// Each run's fraction of its test's worth, as [`card`] counts it: `None` for a run the card
/// does not count that way (an unscored problem, a case it does not judge, a group without a
/// maximum, whose runs' scores are their points).
pub fn test_fractions(
    problem: &Problem,
    runs: &[ScoredRun<'_>],
) -> Result<Vec<Option<f64>>, ScoreError> {
    let Some(scoring) = scored(problem) else {
        return Ok(vec![None; runs.len()]);
    };
    (runs.iter())
        .map(|run| match rule_of_case(problem, scoring, run.case) {
            Some(rule) if rule.points.is_finite() => {
                let cases = cases_of(problem, scoring, rule);
                test_score(scoring, rule, cases, run).map(|score| Some(score.fraction))
            }
            _ => Ok(None),
        })
        .collect()
}

/// The problem's scoring, when the card makes its score (not its graders').
fn scored(problem: &Problem) -> Option<&Scoring> {
    problem.scoring.as_ref().filter(|s| !s.by_graders)
}

/// The rule of the group the judged case `case` counts for.
fn rule_of_case<'s>(problem: &Problem, scoring: &'s Scoring, case: &str) -> Option<&'s GroupRule> {
    let case = problem.judged_cases().find(|known| known.name == case)?;
    scoring.rule_of(&case.group)
}

/// How many judged cases count for `rule`'s group.
fn cases_of(problem: &Problem, scoring: &Scoring, rule: &GroupRule) -> usize {
    (problem.judged_cases())
        .filter(|case| {
            scoring
                .rule_of(&case.group)
                .is_some_and(|r| r.name == rule.name)
        })
        .count()
}

/// A run's share of its group (worth `rule.points` over `cases` cases): the fraction its
/// checker gave (a `score.txt` over the test's maximum), else (or where the problem counts
/// whole tests, [`Scoring::whole_tests`]) all or nothing by its verdict; under POI's rule,
/// fewer for an accepted run past half its time limit.
fn test_score(
    scoring: &Scoring,
    rule: &GroupRule,
    cases: usize,
    run: &ScoredRun<'_>,
) -> Result<TestScore, ScoreError> {
    let judged = run.judged;
    let fail = |why: String| ScoreError {
        case: run.case.to_string(),
        why,
    };
    let mut score = TestScore::all_or_nothing(judged.verdict);
    match judged.score {
        None => {}
        Some(_) if scoring.whole_tests => {}
        Some(_) if scoring.pass_fail.contains(&rule.name) => {
            return Err(fail(
                "the output validator wrote score.txt or score_multiplier.txt in a group with \
                 pass-fail aggregation"
                    .to_string(),
            ))
        }
        Some(Awarded::Multiplier(fraction)) => score.fraction = fraction,
        Some(Awarded::Score(points)) => {
            let most = match rule.aggregation {
                Aggregation::Sum | Aggregation::Avg => rule.points / cases.max(1) as f64,
                _ => rule.points,
            };
            if points > most + SCORE_TOLERANCE {
                return Err(fail(format!(
                    "score.txt gives {}, more than the test case's maximum {}",
                    format_score(points),
                    format_score(most)
                )));
            }
            score.fraction = match most > 0.0 {
                true => points / most,
                false => 1.0,
            };
        }
    }
    if let (true, Verdict::AC, Some(measured)) =
        (scoring.time_scaled, judged.verdict, judged.measured)
    {
        score.fraction =
            crate::score::time_scaled(score.fraction, measured.cpu_time, run.time_limit);
    }
    Ok(score)
}

/// A group without a maximum: each accepted run's `score.txt` (which it must write) is its
/// score, a rejected run's 0.
fn unbounded(rule: &GroupRule, own: &[&ScoredRun<'_>]) -> Result<GroupScore, ScoreError> {
    let tests = (own.iter())
        .map(|run| {
            let judged = run.judged;
            let fail = |why: &str| ScoreError {
                case: run.case.to_string(),
                why: why.to_string(),
            };
            match (judged.verdict, judged.score) {
                (Verdict::AC, Some(Awarded::Score(score))) => Ok((judged.verdict, score)),
                (Verdict::AC, Some(Awarded::Multiplier(_))) => Err(fail(
                    "the output validator wrote score_multiplier.txt in an unbounded group \
                     (score.txt is its score there)",
                )),
                (Verdict::AC, None) => Err(fail(
                    "accepted in an unbounded group, but the output validator wrote no \
                     score.txt",
                )),
                (verdict, _) => Ok((verdict, 0.0)),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(score_unbounded_group(&rule.name, rule.aggregation, &tests))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::time::Duration;

    use super::*;
    use crate::model::{CaseData, CaseKind, Format, TestCase, TestGroup};
    use crate::score::Total;
    use crate::verdict::{Judged, Measured};

    const SECOND: Duration = Duration::from_secs(1);

    /// A problem of `format` whose cases are `cases` (name, group), each group a test group,
    /// scored by `scoring`.
    fn problem(format: Format, cases: &[(&str, &str)], scoring: Scoring) -> Problem {
        let mut groups: Vec<TestGroup> = Vec::new();
        for (_, group) in cases {
            if !groups.iter().any(|g| g.name == *group) {
                groups.push(TestGroup {
                    name: group.to_string(),
                    ..TestGroup::default()
                });
            }
        }
        Problem {
            groups,
            cases: (cases.iter())
                .map(|(name, group)| TestCase {
                    name: name.to_string(),
                    group: group.to_string(),
                    kind: CaseKind::Secret,
                    input: CaseData::File(PathBuf::from(format!("{name}.in"))),
                    answer: None,
                    output: None,
                    own_args: None,
                })
                .collect(),
            scoring: Some(scoring),
            ..Problem::bare("p", format)
        }
        .checked()
        .expect("a sound problem")
    }

    fn rule(name: &str, points: f64, aggregation: Aggregation) -> GroupRule {
        GroupRule {
            name: name.to_string(),
            points,
            aggregation,
        }
    }

    fn scoring(rules: Vec<GroupRule>, total: Total) -> Scoring {
        Scoring {
            rules,
            dependencies: Vec::new(),
            total,
            pass_fail: Vec::new(),
            time_scaled: false,
            whole_tests: false,
            by_graders: false,
            contest_type: None,
        }
    }

    fn judged(verdict: Verdict, score: Option<Awarded>) -> Judged {
        Judged {
            score,
            ..Judged::new(verdict, "")
        }
    }

    /// The card of `judged` (case name, judgement), each run under a second.
    fn card_of(problem: &Problem, judged: &[(&str, Judged)]) -> Result<ScoreCard, ScoreError> {
        let runs: Vec<ScoredRun> = (judged.iter())
            .map(|(case, judged)| ScoredRun {
                case,
                judged,
                time_limit: SECOND,
            })
            .collect();
        card(problem, &runs).map(|card| card.expect("scored"))
    }

    fn points(card: &ScoreCard) -> Vec<f64> {
        card.groups.iter().map(|g| g.score).collect()
    }

    #[test]
    fn our_checker_s_partial_points_make_the_group_s_minimum() {
        let problem = problem(
            Format::Ours,
            &[
                ("01", "sample"),
                ("02", "small"),
                ("03", "small"),
                ("04", "large"),
            ],
            scoring(
                vec![
                    rule("sample", 0.0, Aggregation::Min),
                    rule("small", 40.0, Aggregation::Min),
                    rule("large", 60.0, Aggregation::Min),
                ],
                Total::Sum,
            ),
        );
        let partial = |fraction| judged(Verdict::WA, Some(Awarded::Multiplier(fraction)));
        let card = card_of(
            &problem,
            &[
                ("01", judged(Verdict::WA, None)),
                ("02", partial(0.75)),
                ("03", partial(0.5)),
                ("04", judged(Verdict::AC, None)),
                ("99", judged(Verdict::WA, None)),
            ],
        )
        .expect("scores");
        assert_eq!(points(&card), [0.0, 20.0, 60.0]);
        assert_eq!((card.total, card.max), (80.0, 100.0));
        assert_eq!(card.groups[1].verdict, Verdict::WA);
        // A group none of whose cases ran is left out (`judge --test`).
        let only = card_of(&problem, &[("04", judged(Verdict::AC, None))]).expect("scores");
        assert_eq!((only.groups.len(), only.total), (1, 60.0));
    }

    /// sinol's groups 0 (nothing), 1 (40) and 2 (60), each test rounded up from its
    /// percentage.
    fn sinol(total: Total, dependencies: Vec<(String, Vec<String>)>, oi: bool) -> Problem {
        let rules = vec![
            rule("0", 0.0, Aggregation::MinRoundedUp),
            rule("1", 40.0, Aggregation::MinRoundedUp),
            rule("2", 60.0, Aggregation::MinRoundedUp),
        ];
        problem(
            Format::Sinol,
            &[("abc0a", "0"), ("abc1a", "1"), ("abc2a", "2")],
            Scoring {
                dependencies,
                time_scaled: oi,
                ..scoring(rules, total)
            },
        )
    }

    #[test]
    fn a_sinol_group_is_lowered_by_the_groups_it_depends_on() {
        let on_1 = vec![("2".to_string(), vec!["1".to_string()])];
        let half = judged(Verdict::AC, Some(Awarded::Multiplier(0.5)));
        let full = judged(Verdict::AC, Some(Awarded::Multiplier(1.0)));
        let runs = [
            ("abc0a", full.clone()),
            ("abc1a", half.clone()),
            ("abc2a", full.clone()),
        ];
        let card = card_of(&sinol(Total::Sum, on_1.clone(), false), &runs).expect("scores");
        assert_eq!(points(&card), [0.0, 20.0, 30.0]);
        let alone = card_of(&sinol(Total::Sum, Vec::new(), false), &runs).expect("scores");
        assert_eq!(points(&alone), [0.0, 20.0, 60.0]);
        let wrong = [
            ("abc0a", full.clone()),
            ("abc1a", judged(Verdict::WA, None)),
            ("abc2a", full),
        ];
        let card = card_of(&sinol(Total::Sum, on_1, false), &wrong).expect("scores");
        assert_eq!((card.total, card.groups[2].verdict), (0.0, Verdict::WA));
    }

    #[test]
    fn icpc_earns_its_one_point_only_when_every_group_passed() {
        let icpc = sinol(Total::AllOrNothing { points: 1.0 }, Vec::new(), false);
        let ok = judged(Verdict::AC, None);
        let all = [
            ("abc0a", ok.clone()),
            ("abc1a", ok.clone()),
            ("abc2a", ok.clone()),
        ];
        let card = card_of(&icpc, &all).expect("scores");
        assert_eq!((card.total, card.max), (1.0, 1.0));
        let one_wrong = [
            ("abc0a", ok.clone()),
            ("abc1a", ok),
            ("abc2a", judged(Verdict::TLE, None)),
        ];
        let card = card_of(&icpc, &one_wrong).expect("scores");
        assert_eq!((card.total, card.max), (0.0, 1.0));
    }

    #[test]
    fn oi_points_fall_with_the_time_taken_past_half_the_limit() {
        let oi = sinol(Total::Sum, Vec::new(), true);
        let timed = |ms| Judged {
            measured: Some(Measured {
                cpu_time: Duration::from_millis(ms),
                wall_time: Duration::from_millis(ms),
                peak_memory_kib: 1024,
            }),
            ..judged(Verdict::AC, Some(Awarded::Multiplier(1.0)))
        };
        // 1 + floor(99 * 250 / 500) = 50 %: ceil(60 * 0.5) = 30 points.
        let card = card_of(
            &oi,
            &[
                ("abc0a", timed(100)),
                ("abc1a", timed(400)),
                ("abc2a", timed(750)),
            ],
        )
        .expect("scores");
        assert_eq!(points(&card), [0.0, 40.0, 30.0]);
    }

    /// A Kattis 2025-09 package: `secret/a` (two cases, one in a folder of its own) and
    /// `secret/b` (one case), scored as `rules` say, totalled as `total`.
    fn kattis(rules: Vec<GroupRule>, total: Total) -> Problem {
        problem(
            Format::Kattis2025,
            &[
                ("sample/1", "sample"),
                ("secret/a/1", "secret/a"),
                ("secret/a/deep/2", "secret/a/deep"),
                ("secret/b/1", "secret/b"),
            ],
            scoring(rules, total),
        )
    }

    #[test]
    fn kattis_groups_nested_in_secret_score_score_txt_over_each_test_s_maximum() {
        let package = kattis(
            vec![
                rule("secret/a", 40.0, Aggregation::Sum),
                rule("secret/b", 60.0, Aggregation::Min),
            ],
            Total::Sum,
        );
        let score = |points| judged(Verdict::AC, Some(Awarded::Score(points)));
        let runs = [
            ("sample/1", judged(Verdict::WA, None)),
            // Each of secret/a's two cases is worth 20: 5 of it, and all of the other.
            ("secret/a/1", score(5.0)),
            ("secret/a/deep/2", judged(Verdict::AC, None)),
            (
                "secret/b/1",
                judged(Verdict::AC, Some(Awarded::Multiplier(0.25))),
            ),
        ];
        let card = card_of(&package, &runs).expect("scores");
        assert_eq!(points(&card), [25.0, 15.0]);
        assert_eq!((card.total, card.max), (40.0, 100.0));
        let too_much = [("secret/a/1", score(20.5))];
        let error = card_of(&package, &too_much).expect_err("above the maximum");
        assert_eq!(
            error.to_string(),
            "test secret/a/1: score.txt gives 20.5, more than the test case's maximum 20"
        );
        // secret's `min` over its groups: the least of them, out of its own maximum.
        let mut least = kattis(
            vec![
                rule("secret/a", 100.0, Aggregation::Min),
                rule("secret/b", 100.0, Aggregation::Min),
            ],
            Total::Min { max: 100.0 },
        );
        if let Some(scoring) = least.scoring.as_mut() {
            scoring.pass_fail = vec!["secret/b".to_string()];
        }
        let runs = [
            ("secret/a/1", score(12.5)),
            ("secret/a/deep/2", judged(Verdict::AC, None)),
            ("secret/b/1", judged(Verdict::AC, None)),
        ];
        let card = card_of(&least, &runs).expect("scores");
        assert_eq!(points(&card), [12.5, 100.0]);
        assert_eq!((card.total, card.max), (12.5, 100.0));
        let in_pass_fail = [("secret/b/1", score(1.0))];
        let error = card_of(&least, &in_pass_fail).expect_err("pass-fail takes no score");
        assert!(
            error.to_string().contains("pass-fail aggregation"),
            "{error}"
        );
    }

    #[test]
    fn an_unbounded_kattis_group_adds_up_what_score_txt_says() {
        let package = kattis(
            vec![
                rule("secret/a", f64::INFINITY, Aggregation::Sum),
                rule("secret/b", f64::INFINITY, Aggregation::Sum),
            ],
            Total::Sum,
        );
        let score = |points| judged(Verdict::AC, Some(Awarded::Score(points)));
        let runs = [
            ("secret/a/1", score(7.5)),
            ("secret/a/deep/2", judged(Verdict::WA, None)),
            ("secret/b/1", score(2.5)),
        ];
        let card = card_of(&package, &runs).expect("scores");
        assert_eq!((card.total, card.groups[0].verdict), (10.0, Verdict::WA));
        assert!(card.max.is_infinite());
        let silent = [("secret/b/1", judged(Verdict::AC, None))];
        let error = card_of(&package, &silent).expect_err("score.txt is required");
        assert!(error.to_string().contains("wrote no score.txt"), "{error}");
    }

    #[test]
    fn a_package_its_graders_score_has_no_card_of_rules() {
        let mut graded = kattis(vec![rule("secret/a", 100.0, Aggregation::Sum)], Total::Sum);
        if let Some(scoring) = graded.scoring.as_mut() {
            scoring.by_graders = true;
        }
        let judged = judged(Verdict::AC, None);
        let runs = [ScoredRun {
            case: "secret/a/1",
            judged: &judged,
            time_limit: SECOND,
        }];
        assert_eq!(card(&graded, &runs), Ok(None));
    }
}
