//! Whether an example submission got what it should, once for every format: a submission's
//! [`Expectation`] from the model held against its [`Outcome`] (every test judged, the
//! verdict of the whole run where the format gives one, the score card when scored).
//!
//! Each format says its rule in the model ([`VerdictExpectation`], [`ScoreRule`]); this module
//! alone decides whether it was kept, so that the verify of ours, of a Kattis package and of a
//! sinol-make package agree on what a promise means. What is kept is said in words a setter
//! reads; what is broken names the tests or groups that broke it.

use crate::model::{
    Expectation, FullScore, ScoreExpectation, ScoreRule, VerdictExpectation, VerdictRule,
};
use crate::package::expectations::glob_matches;
use crate::score::{format_score, same_score, ScoreCard, SCORE_TOLERANCE};
use crate::text::show;
use crate::verdict::Verdict;

use super::{first_line, listed};

/// One test a submission was judged on.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedTest {
    /// How the format names the test (`07`, `secret/group1/03`, `abc2a`).
    pub name: String,
    /// Its verdict under the time limit.
    pub verdict: Verdict,
    /// Its verdict and the judge's message under the higher limit, where the format has one
    /// (Kattis' `time_limit_to_tle`).
    pub at_higher: Option<(Verdict, String)>,
    /// The judge's message.
    pub message: String,
}

/// The verdict the format gives a whole run (Kattis' data tree: its first rejection, as
/// `on_reject` has it), under the time limit and under the higher limit.
#[derive(Debug, Clone, PartialEq)]
pub struct Overall {
    pub at_limit: Verdict,
    /// As the format says it: `WA (test secret/3: wrong answer)`.
    pub shown_at_limit: String,
    pub at_higher: Verdict,
    pub shown_at_higher: String,
    /// The time limit and the higher limit, in seconds.
    pub limit_s: f64,
    pub higher_s: f64,
}

/// How a submission did, in terms every format shares.
#[derive(Debug, Clone)]
pub struct Outcome<'a> {
    /// How messages name the submission (`solutions/partial/x.rs`, `abc1.cpp`).
    pub id: String,
    /// Every test judged, in judging order.
    pub tests: Vec<JudgedTest>,
    /// The verdict of the whole run, where the format gives one.
    pub overall: Option<Overall>,
    /// Its score, on a scored problem.
    pub card: Option<&'a ScoreCard>,
    /// How the format names verdicts, and so which count as the same: Kattis' `RTE` is our
    /// RE and MLE, sinol's `WA` our WA and PE.
    pub names: fn(Verdict) -> &'static str,
}

impl Outcome<'_> {
    fn same(&self, a: Verdict, b: Verdict) -> bool {
        (self.names)(a) == (self.names)(b)
    }
}

/// Whether `outcome` keeps `expectation`: its verdicts, then its score. Ok: what was kept;
/// Err: what was broken.
pub fn held(expectation: &Expectation, outcome: &Outcome) -> Result<String, String> {
    let verdicts = verdicts_held(&expectation.verdicts, outcome);
    let Some(score) = &expectation.score else {
        return verdicts;
    };
    match (verdicts, score_held(score, outcome)) {
        (Ok(verdicts), Ok(score)) => Ok(match verdicts.is_empty() {
            true => score,
            false => format!("{verdicts}; {score}"),
        }),
        (Err(verdicts), Err(score)) => Err(format!("{verdicts}\n{score}")),
        (Err(why), Ok(_)) | (Ok(_), Err(why)) => Err(why),
    }
}

/// Whether the verdicts of `outcome` keep `expected` (empty when it asks nothing).
pub fn verdicts_held(expected: &VerdictExpectation, outcome: &Outcome) -> Result<String, String> {
    match expected {
        VerdictExpectation::Any => Ok(String::new()),
        VerdictExpectation::Promised(verdict) => promised(*verdict, outcome),
        VerdictExpectation::FirstRejection(verdict) => first_rejection(*verdict, outcome),
        VerdictExpectation::Rules(rules) => {
            // A judge error is the package's fault, never what a rule holds a submission to,
            // even where the rules permit every verdict (a scoring `partially_accepted/`).
            if let Some(test) = (outcome.tests.iter()).find(|t| t.verdict == Verdict::JE) {
                return Err(format!(
                    "{} on test {}: {}",
                    (outcome.names)(Verdict::JE),
                    test.name,
                    first_line(&test.message)
                ));
            }
            let broken: Vec<String> = (rules.iter())
                .filter_map(|rule| broken_at(rule, outcome))
                .collect();
            match (&outcome.overall, broken.is_empty()) {
                (Some(overall), true) => Ok(format!(
                    "{} under the time limit of {} s, as required",
                    overall.shown_at_limit, overall.limit_s
                )),
                (None, true) => Ok(format!(
                    "{} kept on {}",
                    show::count(rules.len(), "rule", "rules"),
                    show::count(outcome.tests.len(), "test", "tests")
                )),
                (Some(overall), false) => {
                    Err(format!("{}: {}", overall.shown_at_limit, broken.join("; ")))
                }
                (None, false) => Err(broken.join("; ")),
            }
        }
    }
}

/// A folder's promise: `verdict` on at least one test and nothing but it or AC elsewhere
/// (AC everywhere for AC).
fn promised(expected: Verdict, outcome: &Outcome) -> Result<String, String> {
    let name = outcome.names;
    let accepted = |v: Verdict| outcome.same(v, Verdict::AC);
    let stray: Vec<String> = (outcome.tests.iter())
        .filter(|t| !accepted(t.verdict) && !outcome.same(t.verdict, expected))
        .map(|t| {
            format!(
                "test {}: {}: {}",
                t.name,
                name(t.verdict),
                first_line(&t.message)
            )
        })
        .collect();
    let total = outcome.tests.len();
    if !stray.is_empty() {
        let allowed = match accepted(expected) {
            true => "AC".to_string(),
            false => format!("{} or AC", name(expected)),
        };
        return Err(listed(
            &format!(
                "expected only {allowed}, but {} got something else",
                show::count(stray.len(), "test", "tests")
            ),
            stray.into_iter(),
        ));
    }
    if accepted(expected) {
        return Ok(format!("AC on all {total} tests"));
    }
    let hits: Vec<&JudgedTest> = (outcome.tests.iter())
        .filter(|t| outcome.same(t.verdict, expected))
        .collect();
    match hits.first() {
        Some(first) => Ok(format!(
            "{} on {} of {total} tests (first: test {}: {}), AC on the rest",
            name(expected),
            hits.len(),
            first.name,
            first_line(&first.message)
        )),
        None => Err(format!("AC on all {total} tests, never {}", name(expected))),
    }
}

/// A Kattis folder's verdict: the whole run's, under the time limit or with extra time.
fn first_rejection(expected: Verdict, outcome: &Outcome) -> Result<String, String> {
    let Some(overall) = &outcome.overall else {
        return Err(format!(
            "{}: judged test by test only, so its first rejection is not known",
            outcome.id
        ));
    };
    if outcome.same(overall.at_limit, expected) {
        Ok(format!(
            "{}, as its folder promises",
            overall.shown_at_limit
        ))
    } else if outcome.same(overall.at_higher, expected) {
        Ok(format!(
            "{} with extra time (limit {} s), as its folder promises; {} at {} s",
            overall.shown_at_higher, overall.higher_s, overall.shown_at_limit, overall.limit_s
        ))
    } else {
        Err(format!(
            "got {} under the time limit of {} s, expected {}",
            overall.shown_at_limit,
            overall.limit_s,
            (outcome.names)(expected)
        ))
    }
}

/// Why the tests break `rule`, each part judged where it is: `permitted` under the time
/// limit; `required` and `message` under the higher limit for a rule judged there.
fn broken_at(rule: &VerdictRule, outcome: &Outcome) -> Option<String> {
    let higher = |t: &'_ JudgedTest| -> (Verdict, String) {
        match (&t.at_higher, rule.at_higher_limit) {
            (Some(at_higher), true) => at_higher.clone(),
            _ => (t.verdict, t.message.clone()),
        }
    };
    let covered: Vec<&JudgedTest> = (outcome.tests.iter())
        .filter(|t| {
            rule.tests
                .as_deref()
                .is_none_or(|g| glob_matches(g, &t.name))
        })
        .collect();
    let name = outcome.names;
    if let Some(glob) = &rule.tests {
        if covered.is_empty() {
            return Some(format!("{}: no test case matches {glob}", rule.origin));
        }
    }
    let among = |verdicts: &[Verdict], v: Verdict| verdicts.iter().any(|&p| outcome.same(p, v));
    let names = |verdicts: &[Verdict], sep: &str| -> String {
        let mut said: Vec<&str> = verdicts.iter().map(|&v| name(v)).collect();
        said.dedup();
        said.join(sep)
    };
    if let Some(permitted) = &rule.permitted {
        if let Some(outside) = covered.iter().find(|t| !among(permitted, t.verdict)) {
            return Some(format!(
                "{} on {} ({}), but {} permits only {}",
                name(outside.verdict),
                outside.name,
                first_line(&outside.message),
                rule.origin,
                names(permitted, ", ")
            ));
        }
    }
    if let Some(required) = &rule.required {
        if !covered.iter().any(|t| among(required, higher(t).0)) {
            return Some(format!(
                "{} requires {} on at least one test case; got {}",
                rule.origin,
                names(required, " or "),
                summary(covered.iter().map(|t| name(higher(t).0)))
            ));
        }
    }
    if let Some(message) = &rule.message {
        if !covered
            .iter()
            .any(|t| higher(t).1.contains(message.as_str()))
        {
            return Some(format!(
                "{} requires the judge message {message:?} on some test case; none said it",
                rule.origin
            ));
        }
    }
    None
}

/// `AC ×3, WA ×1`, in the order first seen.
fn summary<'a>(verdicts: impl Iterator<Item = &'a str>) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for verdict in verdicts {
        match counts.iter_mut().find(|(v, _)| *v == verdict) {
            Some((_, n)) => *n += 1,
            None => counts.push((verdict, 1)),
        }
    }
    let parts: Vec<String> = counts.iter().map(|(v, n)| format!("{v} ×{n}")).collect();
    parts.join(", ")
}

/// Whether the score card of `outcome` keeps `expected`, by its format's [`ScoreRule`].
pub fn score_held(expected: &ScoreExpectation, outcome: &Outcome) -> Result<String, String> {
    let Some(card) = outcome.card else {
        return Err(format!(
            "{}: a score is expected, and the problem is not scored",
            outcome.id
        ));
    };
    match expected.rule {
        ScoreRule::Listed => listed_held(expected, card, outcome),
        ScoreRule::EveryGroup => every_group_held(expected, card, outcome),
        ScoreRule::Total => total_held(expected, card),
    }
}

/// Whether `total` is within `low..=high`, within [`SCORE_TOLERANCE`].
fn within((low, high): (f64, f64), total: f64) -> bool {
    (low - total) <= SCORE_TOLERANCE * low.abs().max(1.0)
        && (total - high) <= SCORE_TOLERANCE * high.abs().max(1.0)
}

/// `score 70 of 100`.
fn score_of(card: &ScoreCard) -> String {
    format!(
        "score {} of {}",
        format_score(card.total),
        format_score(card.max)
    )
}

/// Our `[expect]`: the groups listed (verdict, else points), then the total.
fn listed_held(
    expected: &ScoreExpectation,
    card: &ScoreCard,
    outcome: &Outcome,
) -> Result<String, String> {
    let at = |place: &Option<String>| place.as_ref().map_or(String::new(), |p| format!("{p}: "));
    let mut wrong = Vec::new();
    for group in &expected.groups {
        let Some(found) = card.groups.iter().find(|g| g.name == group.group) else {
            continue;
        };
        let got = format!(
            "{} ({}/{} points)",
            (outcome.names)(found.verdict),
            format_score(found.score),
            format_score(found.max)
        );
        if let Some(verdict) = group.verdict.filter(|&v| !outcome.same(v, found.verdict)) {
            wrong.push(format!(
                "{}group {}: expected {}, found {got}",
                at(&group.at),
                group.group,
                (outcome.names)(verdict)
            ));
        } else if let Some(points) = group.points.filter(|&p| !same_score(p, found.score)) {
            wrong.push(format!(
                "{}group {}: expected {} points, found {got}",
                at(&group.at),
                group.group,
                format_score(points)
            ));
        }
    }
    if let Some(total) = expected.total.filter(|&range| !within(range, card.total)) {
        wrong.push(format!(
            "{}total: expected score {}, found {} of {}",
            at(&expected.origin),
            range_words(total),
            format_score(card.total),
            format_score(card.max)
        ));
    }
    if wrong.is_empty() {
        return Ok(format!(
            "score {} of {} as expected ({})",
            format_score(card.total),
            format_score(card.max),
            card.groups_briefly()
        ));
    }
    let origin = expected.origin.as_deref().unwrap_or("its expectation");
    Err(listed_all(
        &format!(
            "{} scores {} of {}, not as {origin} says:",
            outcome.id,
            format_score(card.total),
            format_score(card.max)
        ),
        wrong,
    ))
}

/// `70`, or `60..75` for a range.
fn range_words((low, high): (f64, f64)) -> String {
    match low == high {
        true => format_score(low),
        false => format!("{}..{}", format_score(low), format_score(high)),
    }
}

/// `headline`, then every line indented.
fn listed_all(headline: &str, lines: Vec<String>) -> String {
    let mut text = headline.to_string();
    for line in lines {
        text.push_str("\n  ");
        text.push_str(&line);
    }
    text
}

/// sinol-make's: every group run listed with its status and points, every group listed run,
/// and the total.
fn every_group_held(
    expected: &ScoreExpectation,
    card: &ScoreCard,
    outcome: &Outcome,
) -> Result<String, String> {
    let name = outcome.names;
    let mut wrong = Vec::new();
    for group in &card.groups {
        let status = name(group.verdict);
        match expected.groups.iter().find(|g| g.group == group.name) {
            None => wrong.push(format!(
                "group {}: {status} with {} points, not in its expected scores",
                group.name,
                format_score(group.score)
            )),
            Some(want) => {
                let points = want.points.unwrap_or(group.max);
                let same_status = want.verdict.is_none_or(|v| outcome.same(v, group.verdict));
                if !same_status || !same_score(points, group.score) {
                    wrong.push(format!(
                        "group {}: expected {} with {} points, found {status} with {}",
                        group.name,
                        want.verdict.map_or("any status", name),
                        format_score(points),
                        format_score(group.score)
                    ));
                }
            }
        }
    }
    for want in &expected.groups {
        if !card.groups.iter().any(|g| g.name == want.group) {
            wrong.push(format!(
                "group {}: expected, but it has no tests",
                want.group
            ));
        }
    }
    if let Some(total) = expected.total.filter(|&range| !within(range, card.total)) {
        wrong.push(format!(
            "total: expected {} points, found {}",
            range_words(total),
            format_score(card.total)
        ));
    }
    let found = card_briefly(card, name);
    match wrong.is_empty() {
        true => Ok(found),
        false => Err(listed(
            &format!("{}: {found}, not as expected:", outcome.id),
            wrong.into_iter(),
        )),
    }
}

/// `40/100 (1 OK 40, 2 WA 0)`: the total and every group's verdict and points, verdicts as
/// `names` names them.
pub fn card_briefly(card: &ScoreCard, names: fn(Verdict) -> &'static str) -> String {
    let groups: Vec<String> = (card.groups.iter())
        .map(|g| format!("{} {} {}", g.name, names(g.verdict), format_score(g.score)))
        .collect();
    format!(
        "{}/{} ({})",
        format_score(card.total),
        format_score(card.max),
        groups.join(", ")
    )
}

/// Kattis 2025-09's: the total within its range, else against the full score.
fn total_held(expected: &ScoreExpectation, card: &ScoreCard) -> Result<String, String> {
    let shown = score_of(card);
    let origin = expected.origin.as_deref().unwrap_or("its expectation");
    let (kept, what) = match (expected.total, expected.full) {
        (Some(range), _) => (
            within(range, card.total),
            match range.0 == range.1 {
                true => format!("{} as {origin} says", format_score(range.0)),
                false => format!(
                    "between {} and {} as {origin} says",
                    format_score(range.0),
                    format_score(range.1)
                ),
            },
        ),
        // Unbounded (`max_score: unbounded`): there is no full score to hold it to.
        (None, Some(_)) | (None, None) if !card.max.is_finite() => {
            return Ok(format!("{shown} ({origin} promises no score: reported)"))
        }
        (None, Some(FullScore::Reached)) => (
            same_score(card.max, card.total),
            format!("the full score, as {origin} promises"),
        ),
        (None, Some(FullScore::Missed)) => (
            !same_score(card.max, card.total),
            format!("less than the full score, as {origin} promises"),
        ),
        (None, None) => return Ok(format!("{shown} ({origin} promises no score: reported)")),
    };
    match kept {
        true => Ok(format!("{shown}, expected {what}")),
        false => Err(format!("{shown}, expected {what}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GroupExpectation;
    use crate::score::GroupScore;
    use crate::sinol::scoring::status;
    use crate::verdict::kattis_verdict;
    use Verdict::*;

    /// Tests `01`, `02`, … with these verdicts, each message "why".
    fn tests(verdicts: &[Verdict]) -> Vec<JudgedTest> {
        (verdicts.iter().enumerate())
            .map(|(i, &verdict)| JudgedTest {
                name: format!("{:02}", i + 1),
                verdict,
                at_higher: None,
                message: "why".to_string(),
            })
            .collect()
    }

    fn ours(tests: Vec<JudgedTest>) -> Outcome<'static> {
        Outcome {
            id: "solutions/x/a.cpp".to_string(),
            tests,
            overall: None,
            card: None,
            names: Verdict::short,
        }
    }

    fn promise(verdict: Verdict, verdicts: &[Verdict]) -> Result<String, String> {
        verdicts_held(
            &VerdictExpectation::Promised(verdict),
            &ours(tests(verdicts)),
        )
    }

    #[test]
    fn folder_promises_are_kept_or_broken() {
        assert!(promise(AC, &[AC, AC]).is_ok());
        assert!(promise(AC, &[AC, WA]).is_err());
        assert!(promise(WA, &[AC, WA, WA]).is_ok());
        let never = promise(WA, &[AC, AC]).unwrap_err();
        assert!(never.contains("never WA"), "{never}");
        let stray = promise(WA, &[WA, TLE]).unwrap_err();
        assert!(stray.contains("test 02: TLE"), "{stray}");
        assert!(stray.starts_with("expected only WA or AC"), "{stray}");
        assert!(promise(TLE, &[AC, TLE]).is_ok());
        let kept = promise(WA, &[AC, WA, WA]).unwrap();
        assert_eq!(
            kept,
            "WA on 2 of 3 tests (first: test 02: why), AC on the rest"
        );
    }

    /// A Kattis run whose data tree gives `low` at the limit of 1 s and `high` at 2 s.
    fn kattis(tests: Vec<JudgedTest>, low: Verdict, high: Verdict) -> Outcome<'static> {
        let shown = |v: Verdict| match v {
            AC => "AC".to_string(),
            v => format!("{} (test secret/1: why)", kattis_verdict(v)),
        };
        Outcome {
            id: "accepted/a.py".to_string(),
            tests,
            overall: Some(Overall {
                at_limit: low,
                shown_at_limit: shown(low),
                at_higher: high,
                shown_at_higher: shown(high),
                limit_s: 1.0,
                higher_s: 2.0,
            }),
            card: None,
            names: kattis_verdict,
        }
    }

    #[test]
    fn a_kattis_folder_is_held_to_the_first_rejection_possibly_with_extra_time() {
        let first = |v| VerdictExpectation::FirstRejection(v);
        let kept = verdicts_held(&first(WA), &kattis(Vec::new(), WA, WA)).unwrap();
        assert_eq!(kept, "WA (test secret/1: why), as its folder promises");
        // Only the higher limit gives the promised verdict: kept, with extra time.
        let extra = verdicts_held(&first(AC), &kattis(Vec::new(), TLE, AC)).unwrap();
        assert_eq!(
            extra,
            "AC with extra time (limit 2 s), as its folder promises; TLE (test secret/1: why) \
             at 1 s"
        );
        // A folder run_time_error/ is kept by a run out of memory: Kattis calls both RTE.
        assert!(verdicts_held(&first(RE), &kattis(Vec::new(), MLE, MLE)).is_ok());
        let broken = verdicts_held(&first(TLE), &kattis(Vec::new(), WA, WA)).unwrap_err();
        assert_eq!(
            broken,
            "got WA (test secret/1: why) under the time limit of 1 s, expected TLE"
        );
        let rte = verdicts_held(&first(RE), &kattis(Vec::new(), WA, WA)).unwrap_err();
        assert!(rte.ends_with("expected RTE"), "{rte}");
    }

    /// `time_limit_exceeded/`'s rule, limited to `tests` when given.
    fn times_out(tests: Option<&str>) -> VerdictRule {
        VerdictRule {
            origin: "folder time_limit_exceeded".to_string(),
            tests: tests.map(str::to_string),
            permitted: Some(vec![AC, TLE]),
            required: Some(vec![TLE]),
            message: None,
            at_higher_limit: true,
        }
    }

    /// Tests named `names`, each with its verdict at the limit and at the higher limit.
    fn at_both(results: &[(&str, Verdict, Verdict)]) -> Vec<JudgedTest> {
        (results.iter())
            .map(|&(name, low, high)| JudgedTest {
                name: name.to_string(),
                verdict: low,
                at_higher: Some((high, String::new())),
                message: String::new(),
            })
            .collect()
    }

    fn rules(rules: Vec<VerdictRule>, tests: Vec<JudgedTest>) -> Result<String, String> {
        verdicts_held(&VerdictExpectation::Rules(rules), &kattis(tests, AC, AC))
    }

    #[test]
    fn a_rule_to_time_out_checks_permitted_at_the_limit_and_required_at_the_higher_one() {
        // On secret/1 over the time limit, then a crash before the higher one: TLE at the
        // limit; secret/2 times out at both.
        let both = at_both(&[("secret/1", TLE, RE), ("secret/2", TLE, TLE)]);
        assert!(rules(vec![times_out(None)], both).is_ok());
        // The same rule judged at the higher limit alone is broken by the crash.
        let high_only = at_both(&[("secret/1", RE, RE), ("secret/2", TLE, TLE)]);
        let crash = rules(vec![times_out(None)], high_only).unwrap_err();
        assert!(crash.contains("RTE on secret/1"), "{crash}");
        assert!(crash.contains("permits only AC, TLE"), "{crash}");
        // TLE at the limit but not at the higher one: it never timed out as required.
        let broken = rules(vec![times_out(None)], at_both(&[("secret/1", TLE, AC)])).unwrap_err();
        assert!(
            broken.contains(
                "folder time_limit_exceeded requires TLE on at least one test case; got AC ×1"
            ),
            "{broken}"
        );
        // A rule judged at the limit checks everything there.
        let accepted = VerdictRule {
            permitted: Some(vec![AC]),
            required: None,
            at_higher_limit: false,
            ..times_out(None)
        };
        assert!(rules(vec![accepted], at_both(&[("secret/1", TLE, AC)])).is_err());
    }

    #[test]
    fn rules_check_permitted_required_and_message_on_the_tests_of_their_glob() {
        let rule = VerdictRule {
            origin: "folder wrong_answer".to_string(),
            tests: None,
            permitted: Some(vec![AC, WA]),
            required: Some(vec![WA]),
            message: Some("expected 6".into()),
            at_higher_limit: false,
        };
        let judged = |name: &str, verdict, message: &str| JudgedTest {
            name: name.to_string(),
            verdict,
            at_higher: Some((verdict, message.to_string())),
            message: message.to_string(),
        };
        let ok = vec![
            judged("sample/1", AC, ""),
            judged("secret/2", WA, "expected 6, got 7"),
        ];
        let kept = rules(vec![rule.clone()], ok.clone()).unwrap();
        assert_eq!(kept, "AC under the time limit of 1 s, as required");
        let all_ac = rules(vec![rule.clone()], vec![judged("sample/1", AC, "")]).unwrap_err();
        assert!(all_ac.contains("requires WA"), "{all_ac}");
        let tle = rules(vec![rule.clone()], vec![judged("sample/1", TLE, "slow")]).unwrap_err();
        assert!(
            tle.contains("TLE on sample/1 (slow), but folder wrong_answer permits only AC, WA"),
            "{tle}"
        );
        let silent = vec![judged("sample/1", WA, "expected 5")];
        let said = rules(vec![rule.clone()], silent).unwrap_err();
        assert!(
            said.contains("requires the judge message \"expected 6\""),
            "{said}"
        );
        // A rule on a glob holds only on the tests it matches, and needs one.
        let on_hard = VerdictRule {
            origin: "submissions.yaml x.py: secret/*-hard".to_string(),
            tests: Some("secret/*-hard".to_string()),
            permitted: Some(vec![TLE]),
            required: None,
            message: None,
            at_higher_limit: false,
        };
        let hard = vec![
            judged("sample/1", AC, ""),
            judged("secret/2-hard/1", TLE, ""),
        ];
        assert!(rules(vec![on_hard.clone()], hard).is_ok());
        let none = rules(vec![on_hard], ok).unwrap_err();
        assert!(
            none.contains("no test case matches secret/*-hard"),
            "{none}"
        );
        // Kattis' RTE is our RE and MLE alike.
        let crash = VerdictRule {
            permitted: Some(vec![AC, RE]),
            required: Some(vec![RE]),
            message: None,
            ..rule
        };
        assert!(rules(vec![crash], vec![judged("secret/1", MLE, "")]).is_ok());
    }

    fn card(groups: &[(&str, f64, f64, Verdict)]) -> ScoreCard {
        ScoreCard::of(
            (groups.iter())
                .map(|&(name, max, score, verdict)| GroupScore {
                    name: name.to_string(),
                    tests: 1,
                    max,
                    score,
                    verdict,
                })
                .collect(),
        )
    }

    fn group(name: &str, verdict: Option<Verdict>, points: Option<f64>) -> GroupExpectation {
        GroupExpectation {
            group: name.to_string(),
            verdict,
            points,
            at: Some(format!("problem.toml:9:{}", name.len())),
        }
    }

    fn scored<'a>(card: &'a ScoreCard, names: fn(Verdict) -> &'static str) -> Outcome<'a> {
        Outcome {
            id: "solutions/partial/small.rs".to_string(),
            tests: Vec::new(),
            overall: None,
            card: Some(card),
            names,
        }
    }

    #[test]
    fn an_expect_entry_holds_the_groups_listed_and_the_total() {
        let found = card(&[("small", 40.0, 40.0, AC), ("large", 60.0, 0.0, WA)]);
        let expect = |total: f64, groups| ScoreExpectation {
            total: Some((total, total)),
            groups,
            origin: Some("problem.toml:8:1".to_string()),
            ..ScoreExpectation::default()
        };
        let right = expect(40.0, vec![group("large", Some(WA), Some(0.0))]);
        let kept = score_held(&right, &scored(&found, Verdict::short)).unwrap();
        assert_eq!(
            kept,
            "score 40 of 100 as expected (small 40/40 AC, large 0/60 WA)"
        );
        let wrong = expect(
            70.0,
            vec![
                group("small", None, Some(30.0)),
                group("large", Some(AC), None),
                group("unlisted in the card", Some(AC), None),
            ],
        );
        let broken = score_held(&wrong, &scored(&found, Verdict::short)).unwrap_err();
        assert!(
            broken.starts_with(
                "solutions/partial/small.rs scores 40 of 100, not as problem.toml:8:1 says:"
            ),
            "{broken}"
        );
        assert!(
            broken.contains(
                "problem.toml:9:5: group small: expected 30 points, found AC (40/40 points)"
            ),
            "{broken}"
        );
        assert!(
            broken.contains("problem.toml:9:5: group large: expected AC, found WA (0/60 points)"),
            "{broken}"
        );
        assert!(
            broken.contains("problem.toml:8:1: total: expected score 70, found 40 of 100"),
            "{broken}"
        );
        assert_eq!(broken.lines().count(), 4, "{broken}");
        // Without a score card there is nothing to hold.
        let unscored = ours(Vec::new());
        assert!(score_held(&right, &unscored)
            .unwrap_err()
            .contains("not scored"));
    }

    #[test]
    fn a_kattis_score_is_a_range_or_the_full_score_of_its_folder() {
        let found = card(&[("secret/a", 40.0, 40.0, AC), ("secret/b", 60.0, 30.0, AC)]);
        let total = |total, full, origin: &str| ScoreExpectation {
            total,
            full,
            origin: Some(origin.to_string()),
            rule: ScoreRule::Total,
            ..ScoreExpectation::default()
        };
        let held =
            |expected: &ScoreExpectation| score_held(expected, &scored(&found, kattis_verdict));
        assert_eq!(
            held(&total(Some((70.0, 70.0)), None, "submissions.yaml x.py")).unwrap(),
            "score 70 of 100, expected 70 as submissions.yaml x.py says"
        );
        assert_eq!(
            held(&total(Some((60.0, 65.0)), None, "submissions.yaml x.py")).unwrap_err(),
            "score 70 of 100, expected between 60 and 65 as submissions.yaml x.py says"
        );
        assert!(held(&total(Some((60.0, 75.0)), None, "submissions.yaml x.py")).is_ok());
        assert_eq!(
            held(&total(
                None,
                Some(FullScore::Missed),
                "folder partially_accepted"
            ))
            .unwrap(),
            "score 70 of 100, expected less than the full score, as folder partially_accepted \
             promises"
        );
        assert_eq!(
            held(&total(None, Some(FullScore::Reached), "folder accepted")).unwrap_err(),
            "score 70 of 100, expected the full score, as folder accepted promises"
        );
        // Unbounded: no full score to hold it to.
        let unbounded = card(&[("secret", f64::INFINITY, 12.0, AC)]);
        let reported = score_held(
            &total(None, Some(FullScore::Reached), "folder accepted"),
            &scored(&unbounded, kattis_verdict),
        );
        assert_eq!(
            reported.unwrap(),
            "score 12 of inf (folder accepted promises no score: reported)"
        );
    }

    #[test]
    fn sinol_expected_scores_hold_every_group_by_status_and_points() {
        let found = card(&[("1", 40.0, 40.0, AC), ("2", 60.0, 0.0, PE)]);
        let expect = |groups, total: f64| ScoreExpectation {
            total: Some((total, total)),
            groups,
            rule: ScoreRule::EveryGroup,
            ..ScoreExpectation::default()
        };
        let outcome = Outcome {
            id: "abcb1.py".to_string(),
            ..scored(&found, status)
        };
        // sinol's WA is also a PE; a group listed by its status alone must earn its worth.
        let right = expect(
            vec![group("1", Some(AC), None), group("2", Some(WA), Some(0.0))],
            40.0,
        );
        assert_eq!(
            score_held(&right, &outcome).unwrap(),
            "40/100 (1 OK 40, 2 WA 0)"
        );
        let wrong = expect(
            vec![group("2", Some(AC), Some(60.0)), group("3", Some(AC), None)],
            100.0,
        );
        let broken = score_held(&wrong, &outcome).unwrap_err();
        assert!(
            broken.starts_with("abcb1.py: 40/100 (1 OK 40, 2 WA 0), not as expected:"),
            "{broken}"
        );
        for line in [
            "group 1: OK with 40 points, not in its expected scores",
            "group 2: expected OK with 60 points, found WA with 0",
            "group 3: expected, but it has no tests",
            "total: expected 100 points, found 40",
        ] {
            assert!(broken.contains(line), "{line}: {broken}");
        }
        let short = card(&[("1", 40.0, 20.0, AC)]);
        let half = expect(vec![group("1", Some(AC), None)], 20.0);
        let not_full = score_held(&half, &scored(&short, status)).unwrap_err();
        assert!(
            not_full.contains("group 1: expected OK with 40 points, found OK with 20"),
            "{not_full}"
        );
    }

    #[test]
    fn verdicts_and_score_are_held_together() {
        let found = card(&[("small", 40.0, 40.0, AC)]);
        let expectation = Expectation {
            origin: "folder solutions/accepted/".to_string(),
            verdicts: VerdictExpectation::Promised(AC),
            score: Some(ScoreExpectation {
                total: Some((40.0, 40.0)),
                ..ScoreExpectation::default()
            }),
        };
        let outcome = Outcome {
            card: Some(&found),
            ..ours(tests(&[AC, AC]))
        };
        assert_eq!(
            held(&expectation, &outcome).unwrap(),
            "AC on all 2 tests; score 40 of 40 as expected (small 40/40 AC)"
        );
        let wrong = Outcome {
            card: Some(&found),
            ..ours(tests(&[AC, WA]))
        };
        let broken = held(&expectation, &wrong).unwrap_err();
        assert!(broken.contains("test 02: WA"), "{broken}");
    }
}
