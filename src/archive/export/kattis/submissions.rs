//! Where an example submission goes in a Kattis package, chosen from what it is expected to
//! get ([`Expectation`]) whatever format said it, never from the folder it came from: our
//! folders' promised verdict, a Kattis legacy folder's first rejection, Polygon's tags and a
//! Kattis 2025-09 `submissions.yaml`'s rules, sinol-make's and our expected scores.
//!
//! Kattis names four verdicts (AC, WA, TLE, RTE); ours are mapped as problemtools judges them:
//! PE is WA, and running out of memory or output is a crash, RTE. A set of ours that names PE
//! without WA cannot be said (Kattis would take a plain wrong answer for it), nor one naming
//! JE or CE (no Kattis verdict is the jury's fault). What cannot be said is left out of the
//! package with why, never put in a folder that says something else:
//!
//! - **legacy** (pass-fail): a folder is the submission's verdict, so only "every test
//!   accepted" (`accepted/`) and "one kind of rejection, accepted otherwise, on every test"
//!   (`wrong_answer/`, `time_limit_exceeded/`, `run_time_error/`) have one; of a problem
//!   scored all or nothing, the expected score and group statuses say which;
//! - **2025-09** (scoring): a default folder whose own requirements are one of the
//!   submission's rules holds it, and `submissions.yaml` says the rest (its other rules, a
//!   rule on some tests under the key of the group or the brace list of the cases it covers,
//!   the expected total `score` and each expected group verdict); a submission no default
//!   folder fits goes to a folder that promises nothing (its own, else `listed/`).

use std::collections::BTreeSet;

use crate::model::{
    Expectation, FullScore, Submission, TestCase, VerdictExpectation, VerdictRule, SAMPLE_GROUP,
};
use crate::package::expectations::glob_matches;
use crate::verdict::Verdict;

/// Kattis' verdicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kattis {
    Accepted,
    WrongAnswer,
    TimeLimit,
    RunTimeError,
}

impl Kattis {
    /// How the format writes it.
    pub fn name(self) -> &'static str {
        match self {
            Kattis::Accepted => "AC",
            Kattis::WrongAnswer => "WA",
            Kattis::TimeLimit => "TLE",
            Kattis::RunTimeError => "RTE",
        }
    }

    /// The verdict problemtools gives where we give `verdict`; `None` for a compile or judge
    /// error, which no Kattis verdict of a submission is.
    pub fn of(verdict: Verdict) -> Option<Kattis> {
        match verdict {
            Verdict::AC => Some(Kattis::Accepted),
            Verdict::WA | Verdict::PE => Some(Kattis::WrongAnswer),
            Verdict::TLE => Some(Kattis::TimeLimit),
            Verdict::MLE | Verdict::OLE | Verdict::RE => Some(Kattis::RunTimeError),
            Verdict::CE | Verdict::JE => None,
        }
    }
}

type Set = BTreeSet<Kattis>;

/// A rule over the verdicts of some tests, in Kattis' verdicts (`None`: the format's
/// default, every verdict).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    permitted: Option<Set>,
    required: Option<Set>,
    message: Option<String>,
}

impl Rule {
    fn new(permitted: Option<&[Kattis]>, required: Option<&[Kattis]>) -> Rule {
        let set = |verdicts: &[Kattis]| verdicts.iter().copied().collect();
        Rule {
            permitted: permitted.map(set),
            required: required.map(set),
            message: None,
        }
    }

    /// "This verdict on some test, accepted on the others" (every test accepted for AC).
    fn single(verdict: Verdict) -> Result<Rule, String> {
        let kattis = kattis_set(&[verdict])?;
        Ok(match kattis.first() {
            Some(Kattis::Accepted) | None => Rule::new(Some(&[Kattis::Accepted]), None),
            Some(&other) => Rule::new(Some(&[Kattis::Accepted, other]), Some(&[other])),
        })
    }

    /// A rule of the model in Kattis' verdicts, or why it cannot be said so.
    fn of(rule: &VerdictRule) -> Result<Rule, String> {
        // Every verdict is the format's default, as saying nothing is.
        let set = |verdicts: &Option<Vec<Verdict>>| {
            (verdicts.as_deref().map(kattis_set).transpose())
                .map(|set| set.filter(|set| set.len() < 4))
        };
        Ok(Rule {
            permitted: set(&rule.permitted)?,
            required: set(&rule.required)?,
            message: rule.message.clone(),
        })
    }

    /// Its lines in `submissions.yaml`, indented by `indent`.
    fn yaml(&self, indent: &str) -> String {
        let list = |set: &Set| {
            let names: Vec<&str> = set.iter().map(|k| k.name()).collect();
            format!("[{}]", names.join(", "))
        };
        let mut text = String::new();
        if let Some(permitted) = &self.permitted {
            text.push_str(&format!("{indent}permitted: {}\n", list(permitted)));
        }
        if let Some(required) = &self.required {
            text.push_str(&format!("{indent}required: {}\n", list(required)));
        }
        if let Some(message) = &self.message {
            text.push_str(&format!(
                "{indent}message: {}\n",
                super::yaml_string(message)
            ));
        }
        text
    }
}

/// `verdicts` as Kattis' verdicts, when saying them so changes nothing a Kattis judge tells
/// apart; else why not.
fn kattis_set(verdicts: &[Verdict]) -> Result<Set, String> {
    let mut set = Set::new();
    for &verdict in verdicts {
        let kattis = Kattis::of(verdict).ok_or_else(|| {
            format!("it expects {verdict}, which no Kattis verdict of a submission is")
        })?;
        set.insert(kattis);
    }
    if verdicts.contains(&Verdict::PE) && !verdicts.contains(&Verdict::WA) {
        return Err(
            "it expects PE without WA: Kattis judges a presentation error as WA, so a plain \
             wrong answer would pass for it"
                .to_string(),
        );
    }
    Ok(set)
}

/// The submission folders of 2025-09 and the requirements each adds.
fn default_folders() -> [(&'static str, Rule); 6] {
    use Kattis::*;
    [
        ("accepted", Rule::new(Some(&[Accepted]), None)),
        (
            "rejected",
            Rule::new(None, Some(&[WrongAnswer, TimeLimit, RunTimeError])),
        ),
        (
            "wrong_answer",
            Rule::new(Some(&[Accepted, WrongAnswer]), Some(&[WrongAnswer])),
        ),
        (
            "time_limit_exceeded",
            Rule::new(Some(&[Accepted, TimeLimit]), Some(&[TimeLimit])),
        ),
        (
            "run_time_error",
            Rule::new(Some(&[Accepted, RunTimeError]), Some(&[RunTimeError])),
        ),
        (
            "brute_force",
            Rule::new(
                Some(&[Accepted, RunTimeError, TimeLimit]),
                Some(&[RunTimeError, TimeLimit]),
            ),
        ),
    ]
}

/// The folder of a legacy package that holds a submission expected to get `expectation`, or
/// why none does.
pub fn legacy_folder(expectation: &Expectation) -> Result<&'static str, String> {
    if expectation.score.is_some() {
        return Err("it is expected to score points, which a pass-fail package cannot say".into());
    }
    let rule = match &expectation.verdicts {
        VerdictExpectation::Any => return Err("nothing is expected of its verdicts".into()),
        VerdictExpectation::Promised(verdict) | VerdictExpectation::FirstRejection(verdict) => {
            Rule::single(*verdict)?
        }
        VerdictExpectation::Rules(rules) => match rules.as_slice() {
            [rule] if rule.tests.is_none() => Rule::of(rule)?,
            _ => {
                return Err(format!(
                    "{}: rules on some tests only, or several rules, which no legacy folder says",
                    expectation.origin
                ))
            }
        },
    };
    let folder = match (&rule.permitted, &rule.required, &rule.message) {
        (Some(permitted), None, None) if permitted.iter().eq([&Kattis::Accepted]) => "accepted",
        (Some(permitted), Some(required), None)
            if required.len() == 1
                && permitted.len() == 2
                && permitted.contains(&Kattis::Accepted)
                && required.is_subset(permitted) =>
        {
            match required.first() {
                Some(Kattis::WrongAnswer) => "wrong_answer",
                Some(Kattis::TimeLimit) => "time_limit_exceeded",
                _ => "run_time_error",
            }
        }
        _ => {
            return Err(format!(
                "{}: {}: a legacy folder says \"every test accepted\" or \"one kind of \
                 rejection, the other tests accepted\", not this",
                expectation.origin,
                rule.yaml("").trim_end().replace('\n', ", ")
            ))
        }
    };
    Ok(folder)
}

/// The folder of a legacy package for a submission to a problem that is pass-fail as a
/// whole (sinol-make's `icpc`: `points` when every test passes, else none), from its
/// expected score, or why none says it. The full score is `accepted/`; no points is the
/// folder of its first rejection, known only when every test its expected groups can have
/// failed on first has one Kattis verdict: sinol-make gives a group the most severe of its
/// tests' statuses (TL, ML, RE, WA, in that order), so a group of several tests expected TL
/// may have failed a test with WA first, while one expected WA failed with WA alone; and a
/// group whose tests all come after a rejected group's last is never the first to fail.
/// `cases` are the problem's judged cases.
pub fn all_or_nothing_folder(
    expectation: &Expectation,
    points: f64,
    cases: &[&TestCase],
) -> Result<&'static str, String> {
    let Some(score) = &expectation.score else {
        return legacy_folder(expectation);
    };
    if expectation.verdicts != VerdictExpectation::Any {
        return Err(format!(
            "{}: rules on its verdicts besides its score, which no legacy folder says",
            expectation.origin
        ));
    }
    let rejected: Vec<_> = (score.groups.iter())
        .filter(|group| group.verdict != Some(Verdict::AC))
        .collect();
    let total = score.total.or(match score.full {
        Some(FullScore::Reached) => Some((points, points)),
        _ => None,
    });
    if total == Some((points, points)) && rejected.is_empty() {
        return Ok("accepted");
    }
    if total != Some((0.0, 0.0)) || rejected.is_empty() {
        return Err(format!(
            "{}: it is expected neither to pass every test nor to fail a group, which a \
             pass-fail package cannot say",
            expectation.origin
        ));
    }
    // The first rejection is among the tests up to the last of the earliest-ending rejected
    // group (which has a failed test), in the order the package is judged: the samples,
    // then the rest, each by name.
    let mut order: Vec<&TestCase> = cases.to_vec();
    order.sort_by_key(|case| (case.group != SAMPLE_GROUP, case.name.clone()));
    let at = |group: &str| -> Vec<usize> {
        (order.iter().enumerate())
            .filter(|(_, case)| case.group == group)
            .map(|(at, _)| at)
            .collect()
    };
    let bound = (rejected.iter())
        .filter_map(|group| at(&group.group).last().copied())
        .min()
        .unwrap_or(0);
    // The statuses a group's tests may have, when the group's is the most severe of them.
    const SEVERITY: [Verdict; 4] = [Verdict::TLE, Verdict::MLE, Verdict::RE, Verdict::WA];
    let mut possible = Set::new();
    for group in rejected {
        let tests = at(&group.group);
        if tests.first().is_none_or(|&first| first > bound) {
            continue;
        }
        let verdicts = match group.verdict {
            Some(verdict) if tests.len() == 1 => vec![verdict],
            Some(verdict) => match SEVERITY.iter().position(|&v| v == verdict) {
                Some(at) => SEVERITY[at..].to_vec(),
                None => vec![verdict],
            },
            None => SEVERITY.to_vec(),
        };
        possible.extend(kattis_set(&verdicts)?);
    }
    possible.remove(&Kattis::Accepted);
    let names: Vec<&str> = possible.iter().map(|k| k.name()).collect();
    match possible.first() {
        Some(Kattis::WrongAnswer) if possible.len() == 1 => Ok("wrong_answer"),
        Some(Kattis::TimeLimit) if possible.len() == 1 => Ok("time_limit_exceeded"),
        Some(Kattis::RunTimeError) if possible.len() == 1 => Ok("run_time_error"),
        _ => Err(format!(
            "{}: its expected groups leave its first rejection open (one of {}; a group's \
             status is its most severe test's), and a legacy folder is that one verdict",
            expectation.origin,
            names.join(", ")
        )),
    }
}

/// Where a submission goes in a 2025-09 package: its folder under `submissions/`, and what
/// `submissions.yaml` adds for it (indented under its key; empty when the folder says all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub folder: String,
    pub yaml: String,
}

/// The placement of `submission` of a problem whose judged cases are `cases`, or why it
/// cannot be said in 2025-09.
pub fn scoring_placement(
    submission: &Submission,
    cases: &[&TestCase],
) -> Result<Placement, String> {
    let expectation = &submission.expectation;
    // Each rule under its key: `None` for every test.
    let mut rules: Vec<(Option<String>, Rule)> = match &expectation.verdicts {
        VerdictExpectation::Any => Vec::new(),
        VerdictExpectation::Promised(verdict) => vec![(None, Rule::single(*verdict)?)],
        VerdictExpectation::FirstRejection(Verdict::AC) => {
            vec![(None, Rule::single(Verdict::AC)?)]
        }
        VerdictExpectation::FirstRejection(verdict) => {
            return Err(format!(
                "{}: the first rejection must be {verdict}, which 2025-09 (whose rules hold \
                 every test) cannot say",
                expectation.origin
            ))
        }
        VerdictExpectation::Rules(rules) => (rules.iter())
            .map(|rule| {
                let key = (rule.tests.as_deref())
                    .map(|glob| tests_key(glob, cases))
                    .transpose()
                    .map_err(|why| format!("{}: {why}", rule.origin))?;
                Ok((
                    key,
                    Rule::of(rule).map_err(|why| format!("{}: {why}", rule.origin))?,
                ))
            })
            .collect::<Result<_, String>>()?,
    };
    let mut score_lines = String::new();
    if let Some(score) = &expectation.score {
        match score.total {
            Some((low, high)) if low == high => score_lines.push_str(&format!("  score: {low}\n")),
            Some((low, high)) => score_lines.push_str(&format!("  score: [{low}, {high}]\n")),
            None => {}
        }
        for group in &score.groups {
            let Some(verdict) = group.verdict else {
                continue;
            };
            let key = match group.group.as_str() {
                SAMPLE_GROUP => "sample".to_string(),
                name => format!("secret/{name}"),
            };
            rules.push((Some(key), Rule::single(verdict)?.group_verdict()));
        }
    }
    let defaults = default_folders();
    let folder = (defaults.iter())
        .find(|(_, rule)| rules.contains(&(None, rule.clone())))
        .map(|(name, rule)| {
            rules.retain(|r| r != &(None, rule.clone()));
            name.to_string()
        });
    if rules.is_empty() && score_lines.is_empty() && folder.is_none() {
        return Err("nothing is expected of it".into());
    }
    let folder = folder.unwrap_or_else(|| {
        let own = submission
            .id
            .rsplit('/')
            .nth(1)
            .filter(|_| submission.id.matches('/').count() >= 2);
        match own {
            Some(own) if !defaults.iter().any(|(name, _)| *name == own) => own.to_string(),
            _ => "listed".to_string(),
        }
    });
    let mut yaml = score_lines;
    let mut keys = BTreeSet::new();
    for (key, rule) in &rules {
        if !keys.insert(key.clone()) {
            return Err(format!(
                "{}: two rules on {}, which one entry of submissions.yaml cannot hold",
                expectation.origin,
                key.as_deref().unwrap_or("every test")
            ));
        }
        match key {
            None => yaml.push_str(&rule.yaml("  ")),
            Some(key) => yaml.push_str(&format!(
                "  {}:\n{}",
                super::plain_or_quoted(key),
                rule.yaml("    ")
            )),
        }
    }
    Ok(Placement { folder, yaml })
}

impl Rule {
    /// The expected verdict of a group as a requirement on its tests: every one accepted, or
    /// the rejection on one of them (its other tests not held).
    fn group_verdict(self) -> Rule {
        match self.required {
            None => self,
            required => Rule {
                permitted: None,
                required,
                message: None,
            },
        }
    }
}

/// The key of `submissions.yaml` for the cases (of `cases`) whose names `glob` matches: the
/// group when they are all of one group's tests, else the brace list of their paths under
/// `data/`.
fn tests_key(glob: &str, cases: &[&TestCase]) -> Result<String, String> {
    let path = |case: &TestCase| match case.group.as_str() {
        SAMPLE_GROUP => format!("sample/{}", case.name),
        group => format!("secret/{group}/{}", case.name),
    };
    let matched: Vec<&TestCase> = (cases.iter().copied())
        .filter(|case| glob_matches(glob, &case.name))
        .collect();
    let Some(first) = matched.first() else {
        return Err(format!("the tests {glob} are none of the problem's"));
    };
    let whole_group = (cases.iter())
        .filter(|case| case.group == first.group)
        .all(|case| {
            matched
                .iter()
                .any(|m| m.name == case.name && m.group == case.group)
        });
    Ok(match (whole_group, matched.as_slice()) {
        (true, _) if first.group == SAMPLE_GROUP => "sample".to_string(),
        (true, _) => format!("secret/{}", first.group),
        (false, [one]) => path(one),
        (false, many) => {
            let paths: Vec<String> = many.iter().map(|case| path(case)).collect();
            format!("{{{}}}", paths.join(","))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ProgramFile, ScoreExpectation};
    use crate::readers::polygon::tag_rule;

    fn expecting(verdicts: VerdictExpectation) -> Expectation {
        Expectation {
            origin: "here".to_string(),
            verdicts,
            score: None,
        }
    }

    fn tagged(tag: &str, tests: Option<&str>) -> VerdictRule {
        tag_rule(tag, tests.map(str::to_string), format!("tag {tag}")).expect("a tag")
    }

    #[test]
    fn legacy_folders_come_from_the_expected_verdicts() {
        use VerdictExpectation::*;
        let folder = |verdicts| legacy_folder(&expecting(verdicts));
        assert_eq!(folder(Promised(Verdict::AC)), Ok("accepted"));
        assert_eq!(
            folder(FirstRejection(Verdict::TLE)),
            Ok("time_limit_exceeded")
        );
        assert_eq!(folder(Promised(Verdict::MLE)), Ok("run_time_error"));
        assert_eq!(folder(Rules(vec![tagged("main", None)])), Ok("accepted"));
        assert_eq!(
            folder(Rules(vec![tagged("wrong-answer", None)])),
            Ok("wrong_answer")
        );
        let out = |verdicts| folder(verdicts).expect_err("left out");
        assert!(out(Promised(Verdict::PE)).contains("PE without WA"));
        assert!(out(Rules(vec![tagged("failed", None)])).contains("JE"));
        for tag in [
            "time-limit-exceeded-or-accepted",
            "rejected",
            "presentation-error",
        ] {
            out(Rules(vec![tagged(tag, None)]));
        }
        let some = Rules(vec![tagged("accepted", Some("{01,02}"))]);
        assert!(out(some).contains("some tests only"));
        assert!(out(Any).contains("nothing is expected"));
    }

    fn case(group: &str, name: &str) -> TestCase {
        TestCase {
            name: name.to_string(),
            group: group.to_string(),
            kind: crate::model::CaseKind::Secret,
            input: crate::model::CaseData::Inline(String::new()),
            answer: None,
            output: None,
            own_args: None,
        }
    }

    #[test]
    fn scoring_placements_use_a_default_folder_when_one_says_it_and_keys_for_the_rest() {
        let cases = [
            case("small", "01"),
            case("small", "02"),
            case("large", "03"),
        ];
        let cases: Vec<&TestCase> = cases.iter().collect();
        let submission = |rules| Submission {
            id: "solutions/sol.cpp".to_string(),
            program: ProgramFile::at("sol.cpp"),
            expectation: expecting(VerdictExpectation::Rules(rules)),
            sets_time_limit: false,
        };
        let place = |rules| scoring_placement(&submission(rules), &cases);
        assert_eq!(
            place(vec![
                tagged("rejected", None),
                tagged("accepted", Some("{01,02}"))
            ]),
            Ok(Placement {
                folder: "rejected".to_string(),
                yaml: "  secret/small:\n    permitted: [AC]\n".to_string()
            })
        );
        assert_eq!(
            place(vec![tagged("time-limit-exceeded-or-accepted", None)]),
            Ok(Placement {
                folder: "listed".to_string(),
                yaml: "  permitted: [AC, TLE]\n".to_string()
            })
        );
        let one = place(vec![
            tagged("main", None),
            tagged("wrong-answer", Some("02")),
        ]);
        assert_eq!(
            one.map(|p| p.yaml),
            Ok("  secret/small/02:\n    permitted: [AC, WA]\n    required: [WA]\n".to_string())
        );
        let mut scored = submission(Vec::new());
        scored.id = "prog/abc1.cpp".to_string();
        scored.expectation.verdicts = VerdictExpectation::Any;
        scored.expectation.score = Some(ScoreExpectation {
            total: Some((40.0, 40.0)),
            ..ScoreExpectation::default()
        });
        assert_eq!(
            scoring_placement(&scored, &cases),
            Ok(Placement {
                folder: "listed".to_string(),
                yaml: "  score: 40\n".to_string()
            })
        );
        assert!(place(vec![tagged("failed", None)]).is_err());
    }
}
