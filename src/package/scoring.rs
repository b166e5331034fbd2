//! Scores of a 2025-09 scoring package's submissions: `secret` and its test data groups, with
//! their `max_score` and `score_aggregation`, become [`GroupRule`]s, and each test case's run
//! (its verdict, and the score its output validator wrote in `score.txt` or
//! `score_multiplier.txt`) a [`TestScore`]; [`crate::score`] adds them up, as it does for
//! every other format.
//!
//! As the specification says: samples are worth nothing; `secret` (default `max_score` 100,
//! aggregation `sum`) holds either test cases or groups; a group (aggregation `pass-fail` by
//! default) needs a `max_score` unless `secret` is `unbounded`; an accepted test case without
//! `score.txt` earns its maximum, which is the group's in a `min` group and the group's shared
//! equally among its test cases in a `sum` group, and `score_multiplier.txt` the fraction of
//! that maximum it gives. In an unbounded group (`max_score: unbounded`) every accepted test
//! case must have its `score.txt`, which is its score. What stonejudge does not score
//! (`secret` aggregating its groups other than by `sum`) is an error naming it, never a
//! guess.

use super::config::{MaxScore, ScoreAggregation};
use super::data::{Group, Item, PackageTest};
use crate::score::{
    score_group, score_unbounded_group, Aggregation, GroupRule, GroupScore, ScoreCard, TestScore,
};
use crate::verdict::{Awarded, Judged, Verdict};

/// The maximum score of `secret` when its `test_group.yaml` gives none.
const SECRET_MAX_SCORE: u64 = 100;

/// One scored group: its rule (its points infinite when unbounded), how its test cases are
/// scored, and its test cases.
struct Scored<'a> {
    rule: GroupRule,
    kind: ScoreAggregation,
    tests: Vec<&'a PackageTest>,
}

impl Scored<'_> {
    fn unbounded(&self) -> bool {
        self.rule.points.is_infinite()
    }
}

/// The scored groups of the data tree `data` (`data/` itself), in order.
fn scored_groups(data: &Group) -> Result<Vec<Scored<'_>>, String> {
    let secret = (data.items.iter())
        .find_map(|item| match item {
            Item::Group(group) if group.name == "secret" => Some(group),
            _ => None,
        })
        .ok_or("a scoring problem needs data/secret")?;
    let max = match secret.config.max_score {
        None => SECRET_MAX_SCORE as f64,
        Some(MaxScore::Points(points)) => points as f64,
        Some(MaxScore::Unbounded) => f64::INFINITY,
    };
    let kind = secret
        .config
        .score_aggregation
        .unwrap_or(ScoreAggregation::Sum);
    let groups: Vec<&Group> = (secret.items.iter())
        .filter_map(|item| match item {
            Item::Group(group) => Some(group),
            Item::Test(_) => None,
        })
        .collect();
    if groups.is_empty() {
        return scored(secret, max, kind).map(|group| vec![group]);
    }
    if groups.len() != secret.items.len() {
        return Err(
            "data/secret holds both test cases and test data groups: a scoring \
                    problem's secret holds one or the other"
                .to_string(),
        );
    }
    if kind != ScoreAggregation::Sum {
        return Err(
            "data/secret: a score_aggregation other than sum over test data groups \
                    is not supported"
                .to_string(),
        );
    }
    (groups.into_iter())
        .map(|group| {
            let max = match (group.config.max_score, max.is_infinite()) {
                (Some(MaxScore::Points(points)), _) => points as f64,
                (Some(MaxScore::Unbounded) | None, true) => f64::INFINITY,
                (Some(MaxScore::Unbounded) | None, false) => {
                    return Err(format!(
                        "data/{}: a test data group needs a max_score, unless secret's is \
                         unbounded",
                        group.name
                    ))
                }
            };
            let kind = (group.config.score_aggregation).unwrap_or(ScoreAggregation::PassFail);
            scored(group, max, kind)
        })
        .collect()
}

fn scored(group: &Group, max: f64, kind: ScoreAggregation) -> Result<Scored<'_>, String> {
    let aggregation = match kind {
        ScoreAggregation::PassFail if max.is_infinite() => {
            return Err(format!(
                "data/{}: pass-fail aggregation needs a bounded max_score",
                group.name
            ))
        }
        ScoreAggregation::PassFail | ScoreAggregation::Min => Aggregation::Min,
        ScoreAggregation::Sum => Aggregation::Sum,
    };
    Ok(Scored {
        rule: GroupRule {
            name: group.name.clone(),
            points: max,
            aggregation,
        },
        kind,
        tests: group.tests(),
    })
}

/// A test case's score in an unbounded group: what its `score.txt` says when accepted (which
/// it must write), 0 when rejected.
fn unbounded_score(name: &str, judged: &Judged) -> Result<(Verdict, f64), String> {
    if judged.verdict != Verdict::AC {
        return Ok((judged.verdict, 0.0));
    }
    match judged.score {
        Some(Awarded::Score(score)) => Ok((judged.verdict, score)),
        Some(Awarded::Multiplier(_)) => Err(format!(
            "test {name}: the output validator wrote score_multiplier.txt in an unbounded group \
             (score.txt is its score there)"
        )),
        None => Err(format!(
            "test {name}: accepted in an unbounded group, but the output validator wrote no \
             score.txt"
        )),
    }
}

/// A test case's share of its group: the verdict, and the fraction of its maximum score it
/// earned (`score.txt` over the maximum, everything without one).
fn test_score(group: &Scored<'_>, name: &str, judged: &Judged) -> Result<TestScore, String> {
    let accepted = judged.verdict == Verdict::AC;
    let Some(awarded) = judged.score.filter(|_| accepted) else {
        return Ok(TestScore::all_or_nothing(judged.verdict));
    };
    let most = match group.kind {
        ScoreAggregation::PassFail => {
            return Err(format!(
                "test {name}: the output validator wrote score.txt or score_multiplier.txt in \
                 a group with pass-fail aggregation"
            ))
        }
        ScoreAggregation::Min => group.rule.points,
        ScoreAggregation::Sum => group.rule.points / group.tests.len() as f64,
    };
    let score = match awarded {
        Awarded::Score(score) => score,
        Awarded::Multiplier(multiplier) => multiplier * most,
    };
    if score > most + crate::score::SCORE_TOLERANCE {
        return Err(format!(
            "test {name}: score.txt gives {}, more than the test case's maximum {}",
            crate::score::format_score(score),
            crate::score::format_score(most)
        ));
    }
    let fraction = match most > 0.0 {
        true => score / most,
        false => 1.0,
    };
    Ok(TestScore {
        verdict: judged.verdict,
        fraction,
    })
}

/// The score card of a submission whose runs are `ran` (each test's name and judgement, under
/// the time limit) on the data tree `data`; an error for what the package gets wrong (a test
/// not run, a `score.txt` out of bounds) or stonejudge does not score.
pub fn card(data: &Group, ran: &[(String, Judged)]) -> Result<ScoreCard, String> {
    let groups = scored_groups(data)?;
    let mut scores: Vec<GroupScore> = Vec::with_capacity(groups.len());
    for group in &groups {
        let runs = (group.tests.iter())
            .map(|test| {
                let name = &test.test.name;
                (ran.iter())
                    .find(|(ran, _)| ran == name)
                    .map(|(_, judged)| (name, judged))
                    .ok_or_else(|| format!("test {name} was not run"))
            })
            .collect::<Result<Vec<_>, String>>()?;
        scores.push(match group.unbounded() {
            true => {
                let tests = (runs.iter())
                    .map(|(name, judged)| unbounded_score(name, judged))
                    .collect::<Result<Vec<_>, String>>()?;
                score_unbounded_group(&group.rule.name, group.rule.aggregation, &tests)
            }
            false => {
                let tests = (runs.iter())
                    .map(|(name, judged)| test_score(group, name, judged))
                    .collect::<Result<Vec<TestScore>, String>>()?;
                score_group(&group.rule, &tests)
            }
        });
    }
    Ok(ScoreCard::of(scores))
}

/// The most a submission can score on the data tree `data` (`secret`'s maximum, or the sum
/// of its groups'; infinite when unbounded).
pub fn max_score(data: &Group) -> Result<f64, String> {
    Ok(scored_groups(data)?.iter().map(|g| g.rule.points).sum())
}

/// How each scored group of a scoring package earns its points, in order: `secret` itself
/// when it holds the test cases, else each of its groups.
pub fn rules(data: &Group) -> Result<Vec<GroupRule>, String> {
    Ok(scored_groups(data)?.into_iter().map(|g| g.rule).collect())
}
