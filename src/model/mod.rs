//! One model of a problem, whatever format it came from: what verify, judge, stress and the
//! export writers need to know about a problem, and nothing about the files that said it.
//!
//! Many formats in, one model, the same machinery over it, many formats out: a reader per
//! package format (`crate::readers`: our `problem.toml`, Kattis legacy / 2023-07 / 2025-09,
//! sinol-make) turns a directory into a [`Problem`]; the export writers read only a
//! [`Problem`]. The model says *what* a problem is (its groups, cases, programs, submissions
//! and scoring); running, checking and judging are the machinery's.
//!
//! A [`Problem`] is built by a reader and checked once, by [`Problem::checked`], so that
//! whoever holds one may rely on its invariants (unique names, every case in a known group,
//! every score rule and expectation naming a group that exists, sane numbers).
//!
//! Layering: the model imports only foundations (`crate::score`, `crate::verdict`); no reader,
//! writer, runner or command (docs/contributing.md).

mod cases;
mod limits;
mod plan;
mod programs;
mod submissions;
mod whole;

use std::collections::BTreeSet;
use std::path::PathBuf;

pub use cases::{CaseArgs, CaseData, CaseKind, TestCase, TestGroup, SAMPLE_GROUP};
pub use limits::{
    LimitOverride, LimitTable, ProblemLimits, TimeLimit, ValidationLimits, WallClock,
};
pub use plan::{CasePlan, PlanOutput, PlanStep, PlannedFile};
pub use programs::{
    substituted, Building, Checker, CheckerProtocol, Interactor, InteractorProtocol,
    PortableChecker, PortableLanguage, PortableSource, ProgramFile, Programs, Python3,
    SubmissionExtras, SubmissionFiles, Tool, Validator, ValidatorProtocol,
};
pub use submissions::{
    Expectation, FullScore, GroupExpectation, LeftOut, ScoreExpectation, ScoreRule, Submission,
    VerdictExpectation, VerdictRule,
};
pub use whole::{Combine, VerdictGroup, VerdictItem};

use crate::score::{GroupRule, Total};

/// A problem, read from any format.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Problem {
    /// Its short name: the folder's name, or the format's own id (sinol's task id).
    pub name: String,
    /// The format it was read from: for messages and for steps only that format has
    /// ([`Problem::regeneration`]); the machinery never branches on it otherwise.
    pub format: Format,
    /// The folder it was read from.
    pub root: PathBuf,
    /// The folder its judged tests are in, as the format lays them out (Kattis `data/`,
    /// sinol-make `in/`, ours `testdata/<name>/`; a Polygon package's own folder), or where
    /// they were made: what `judge` names as its tests' folder, and says is missing when it
    /// is.
    pub tests_dir: PathBuf,
    /// Its statements, one per language, the reader's order (the problem's main language first).
    pub statements: Vec<Statement>,
    pub limits: ProblemLimits,
    /// Its test groups in judging order, the samples' first when it has samples. A case names
    /// its group; nested groups (Kattis `secret/a/b`) are flattened to their path, inheritance
    /// already resolved by the reader.
    pub groups: Vec<TestGroup>,
    /// Every test case, in judging order: samples, secret tests, and the cases validators
    /// must reject or accept.
    pub cases: Vec<TestCase>,
    pub programs: Programs,
    /// The example solutions and what each is meant to get.
    pub submissions: Vec<Submission>,
    /// The entries beside them that are not judged, each with why.
    pub left_out: Vec<LeftOut>,
    /// `None` for a pass-fail problem, or for a Kattis legacy or 2023-07 one whose graders
    /// alone say what its groups are worth (the reader warns).
    pub scoring: Option<Scoring>,
    /// How the committed test data is made again, when the format says it
    /// ([`Regeneration`]): a step of `verify` that only such formats have.
    pub regeneration: Option<Regeneration>,
    /// How the cases the package does not commit are made, and their answers, when its
    /// format says ([`CasePlan`]: a Polygon package's generators and main solution);
    /// `crate::judging` makes them before judging.
    pub plan: Option<CasePlan>,
    /// The one verdict the format gives a submission's whole data from its tests' verdicts,
    /// when it gives one (a Kattis package's: its data tree's `on_reject` and grader flags);
    /// `judge` reports it for a program judged on all the tests (and `verify` judges a Kattis
    /// package's submissions by the same rule, `crate::judging::Runs`).
    pub whole_verdict: Option<VerdictGroup>,
    /// What the reader found but does not stop reading: unknown keys and the like, each with
    /// `file:line:col` (an error under `--strict`).
    pub warnings: Vec<String>,
    /// Features the package uses that stonejudge does not support: a problem with any is
    /// reported "not supported" (exit 2), never judged as if they were absent.
    pub unsupported: Vec<String>,
}

/// The package formats a [`Problem`] is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Our `problem.toml`: a problem of the catalog, a declared game, or program-backed.
    Ours,
    /// A Kattis / ICPC package without `problem_format_version`.
    KattisLegacy,
    /// Format 2023-07 (and its drafts).
    Kattis2023,
    /// Format 2025-09.
    Kattis2025,
    /// A sinol-make package (POI, sio2 / oioioi).
    Sinol,
    /// A Polygon package (`problem.xml`).
    Polygon,
}

impl Format {
    /// How messages name it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Ours => "problem.toml",
            Format::KattisLegacy => "Kattis legacy",
            Format::Kattis2023 => "Kattis 2023-07",
            Format::Kattis2025 => "Kattis 2025-09",
            Format::Sinol => "sinol-make",
            Format::Polygon => "Polygon",
        }
    }

    /// Whether a test its judge could not judge (JE) counts as failed and the program is
    /// scored on: sinol-make's rule. Elsewhere such a judgement is no judgement at all, and
    /// `judge` says so (exit 2).
    pub fn scores_past_judge_errors(self) -> bool {
        self == Format::Sinol
    }
}

/// One statement.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Statement {
    /// Its language code (`en`, `pl`).
    pub language: String,
    pub title: String,
    /// The file, when there is one (a problem of the catalog may have none).
    pub path: Option<PathBuf>,
    /// The document a LaTeX statement that is only a fragment is compiled in, when it is one.
    pub frame: Option<LatexFrame>,
}

/// The document around a LaTeX statement that is not one itself: Polygon's `problem.tex` is a
/// fragment for its `olymp.sty`, which Polygon compiles inside a document of its own, with the
/// sample files its `\exmpfile` reads beside it. A format whose tools compile each statement
/// file (sinol-make's `doc/`) needs the document whole.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LatexFrame {
    /// The document up to and with `\begin{document}`.
    pub preamble: String,
    /// The files the document reads, which go beside it (the style, the sample files).
    pub files: Vec<PathBuf>,
}

/// How a scored problem's points are earned: a rule per group (see [`crate::score`], the one
/// scoring core), the groups some depend on, how the groups' points make the total, and
/// whether points fall with the time taken. `crate::judging::card` scores every format from
/// it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Scoring {
    /// One per scored group, in the order of [`Problem::groups`]; a group without a rule is
    /// worth nothing (the samples). A case counts for the rule of its group or, in a group
    /// nested below a scored one (a folder within a Kattis test data group), of the nearest
    /// such ancestor by path (`secret/g` scores `secret/g/big`).
    pub rules: Vec<GroupRule>,
    /// Each group that depends on others, with its direct prerequisites (sinol-make's
    /// `subtask_dependencies`): it is scored as if their tests were its own too, when that
    /// lowers its score ([`crate::score::score_group_after`]). Every name has a rule.
    pub dependencies: Vec<(String, Vec<String>)>,
    /// How the groups' points make the submission's score: their sum, else the least of
    /// them or all or nothing (sinol-make `icpc`; Kattis `secret`'s aggregation over its
    /// groups).
    pub total: Total,
    /// The groups whose tests earn all or nothing by their verdict alone (Kattis `pass-fail`
    /// aggregation, scored as [`Aggregation::Min`](crate::score::Aggregation::Min)): partial
    /// points a checker gives there are the judge's error. Every name has a rule.
    pub pass_fail: Vec<String>,
    /// POI's rule (sinol-make `oi`): a test passed in more than half its time limit earns
    /// points falling linearly to none at the limit.
    pub time_scaled: bool,
    /// A test whose checker accepts it earns all of its worth, whatever part of it the
    /// checker (or interactor) gave (sinol-make `icpc`: a test is passed or not).
    pub whole_tests: bool,
    /// The package's graders make its score (Kattis legacy and 2023-07: `grading: default`
    /// with its `grader_flags`, `accept_score` and `range`, or a grader program of
    /// `graders/`), as `crate::judging::kattis_grading` grades it for `verify`: the rules say
    /// only each group's nominal worth, and `crate::judging::card` makes no card of them.
    pub by_graders: bool,
    /// The name the format gives this way of scoring, said beside the total (sinol-make's
    /// contest type: `default`, `oi`, `oij`, `icpc`); `None` where it names none.
    pub contest_type: Option<String>,
}

impl Scoring {
    /// The most a submission can earn: the sum of the groups' worth, or what the total
    /// says.
    pub fn max(&self) -> f64 {
        match self.total {
            Total::Sum => self.rules.iter().map(|rule| rule.points).sum(),
            Total::Min { max } | Total::AllOrNothing { points: max } => max,
        }
    }

    /// The rule a case of group `group` counts for: its group's, else its nearest scored
    /// ancestor's by path.
    pub fn rule_of(&self, group: &str) -> Option<&GroupRule> {
        (self.rules.iter())
            .filter(|rule| {
                group == rule.name
                    || group
                        .strip_prefix(rule.name.as_str())
                        .is_some_and(|rest| rest.starts_with('/'))
            })
            .max_by_key(|rule| rule.name.len())
    }

    /// The direct prerequisites of the group `name` (none for most).
    pub fn prerequisites(&self, name: &str) -> &[String] {
        (self.dependencies.iter())
            .find(|(group, _)| group == name)
            .map_or(&[], |(_, prerequisites)| prerequisites.as_slice())
    }
}

/// How a format makes its test data, so that `verify` can make it again and compare it with
/// what is committed.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Regeneration {
    /// Our test plan: `testdata/<name>/` is byte for byte what `problem.toml`'s plan makes.
    Plan,
    /// `generators/generators.yaml` (spec/generators.md, BAPCtools' format).
    GeneratorsYaml(PathBuf),
    /// sinol-make's `prog/<id>ingen.*`, run in a fresh folder, with the model solution making
    /// the answers (but an interactive task's, which has none).
    Ingen(ProgramFile),
    /// A sinol-make package without ingen: its inputs are its own, and the model solution
    /// makes `out/` from them again.
    Answers,
}

/// A [`Problem`] that breaks an invariant: the reader's mistake or the package's, named.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{problem}: {message}")]
pub struct ModelError {
    pub problem: String,
    pub message: String,
}

impl Problem {
    /// The problem, once its invariants hold: group and case names are unique, every case's
    /// group exists, every score rule and expectation names a group that exists, every group
    /// a dependency names is scored, points are not negative (infinite for a group without a
    /// maximum; the problem's own, when its total says one, finite), limits are finite and
    /// not negative, expected score ranges are ordered.
    pub fn checked(self) -> Result<Problem, ModelError> {
        let fail = |message: String| ModelError {
            problem: self.name.clone(),
            message,
        };
        let mut groups = BTreeSet::new();
        for group in &self.groups {
            if !groups.insert(group.name.as_str()) {
                return Err(fail(format!("two test groups are named {}", group.name)));
            }
        }
        let mut cases = BTreeSet::new();
        for case in &self.cases {
            if !cases.insert((case.kind, case.name.as_str())) {
                return Err(fail(format!(
                    "two {} cases are named {}",
                    case.kind.name(),
                    case.name
                )));
            }
            if !groups.contains(case.group.as_str()) {
                return Err(fail(format!(
                    "case {} is in group {}, which the problem does not have",
                    case.name, case.group
                )));
            }
        }
        self.limits.check().map_err(fail)?;
        if let Some(scoring) = &self.scoring {
            for rule in &scoring.rules {
                if !groups.contains(rule.name.as_str()) {
                    return Err(fail(format!(
                        "points are given to group {}, which the problem does not have",
                        rule.name
                    )));
                }
                // Infinite is unbounded (Kattis 2025-09 `max_score: unbounded`), not a mistake.
                if rule.points.is_nan() || rule.points < 0.0 {
                    return Err(fail(format!(
                        "group {} is worth {} points",
                        rule.name, rule.points
                    )));
                }
            }
            let scored = |name: &str| scoring.rules.iter().any(|rule| rule.name == name);
            if let Some(unknown) = scoring.pass_fail.iter().find(|name| !scored(name)) {
                return Err(fail(format!(
                    "group {unknown} is pass-fail, and it has no points"
                )));
            }
            for (group, prerequisites) in &scoring.dependencies {
                if let Some(unknown) = std::iter::once(group)
                    .chain(prerequisites)
                    .find(|name| !scored(name))
                {
                    return Err(fail(format!(
                        "group {group} depends on group {unknown}'s points, and {unknown} \
                         has none"
                    )));
                }
            }
            if let Total::Min { max: points } | Total::AllOrNothing { points } = scoring.total {
                if !(points.is_finite() && points >= 0.0) {
                    return Err(fail(format!("the problem is worth {points} points")));
                }
            }
        }
        if let Some(plan) = &self.plan {
            let mut written = BTreeSet::new();
            for step in &plan.steps {
                for case in step.cases() {
                    let judged = self.judged_cases().any(|c| c.name == case);
                    if !judged {
                        return Err(fail(format!(
                            "{}: {} writes case {case}, which the problem does not judge",
                            step.at,
                            step.command()
                        )));
                    }
                    if !written.insert(case) {
                        return Err(fail(format!("{}: case {case} is written twice", step.at)));
                    }
                }
            }
        }
        for submission in &self.submissions {
            submission
                .expectation
                .check(&groups)
                .map_err(|why| fail(format!("{}: {why}", submission.id)))?;
        }
        Ok(self)
    }

    /// The group named `name`.
    pub fn group(&self, name: &str) -> Option<&TestGroup> {
        self.groups.iter().find(|group| group.name == name)
    }

    /// The arguments `case`'s input validators get: its own, else its group's.
    pub fn input_validator_args<'p>(&'p self, case: &'p TestCase) -> &'p [String] {
        match &case.own_args {
            Some(own) => &own.input_validator_args,
            None => (self.group(&case.group)).map_or(&[], |g| &g.input_validator_args),
        }
    }

    /// The arguments `case`'s checker or output validator gets besides the problem's: its
    /// own, else its group's.
    pub fn output_validator_args<'p>(&'p self, case: &'p TestCase) -> &'p [String] {
        match &case.own_args {
            Some(own) => &own.output_validator_args,
            None => (self.group(&case.group)).map_or(&[], |g| &g.output_validator_args),
        }
    }

    /// The cases a submission is judged on: samples and secret tests, in order.
    pub fn judged_cases(&self) -> impl Iterator<Item = &TestCase> {
        self.cases.iter().filter(|case| case.kind.is_judged())
    }
}

/// A problem with nothing but its name and format (no cases, no programs, no scoring), under a
/// second and 256 MiB: what the unit tests of the machinery over the model start from and
/// fill in with struct update syntax.
#[cfg(test)]
impl Problem {
    pub(crate) fn bare(name: &str, format: Format) -> Problem {
        Problem {
            name: name.to_string(),
            format,
            root: PathBuf::from(name),
            tests_dir: PathBuf::from(name),
            statements: Vec::new(),
            limits: ProblemLimits {
                time: TimeLimit::Fixed(std::time::Duration::from_secs(1)),
                memory_kib: 256 << 10,
                output_mib: None,
                overrides: LimitTable::default(),
                by_language: Default::default(),
                wall: WallClock::Twice,
                validation: None,
            },
            groups: Vec::new(),
            cases: Vec::new(),
            programs: Programs::default(),
            submissions: Vec::new(),
            left_out: Vec::new(),
            scoring: None,
            regeneration: None,
            plan: None,
            whole_verdict: None,
            warnings: Vec::new(),
            unsupported: Vec::new(),
        }
    }
}

#[cfg(test)]
mod checks {
    use std::time::Duration;

    use super::*;
    use crate::score::Aggregation;

    fn problem() -> Problem {
        let case = |name: &str, group: &str, kind| TestCase {
            name: name.to_string(),
            group: group.to_string(),
            kind,
            input: CaseData::File(PathBuf::from(format!("{name}.in"))),
            answer: Some(PathBuf::from(format!("{name}.ans"))),
            output: None,
            own_args: None,
        };
        let group = |name: &str| TestGroup {
            name: name.to_string(),
            ..TestGroup::default()
        };
        Problem {
            root: PathBuf::from("problems/stripes"),
            groups: vec![group(SAMPLE_GROUP), group("large")],
            cases: vec![
                case("01", SAMPLE_GROUP, CaseKind::Sample),
                case("02", "large", CaseKind::Secret),
                case("02", "large", CaseKind::InvalidInput),
            ],
            scoring: Some(Scoring {
                rules: vec![GroupRule {
                    name: "large".to_string(),
                    points: 100.0,
                    aggregation: Aggregation::Min,
                }],
                dependencies: Vec::new(),
                total: Total::Sum,
                pass_fail: Vec::new(),
                time_scaled: false,
                whole_tests: false,
                by_graders: false,
                contest_type: None,
            }),
            regeneration: Some(Regeneration::Plan),
            ..Problem::bare("stripes", Format::Ours)
        }
    }

    fn broken(change: impl FnOnce(&mut Problem)) -> String {
        let mut problem = problem();
        change(&mut problem);
        problem
            .checked()
            .expect_err("the problem breaks an invariant")
            .to_string()
    }

    #[test]
    fn a_sound_problem_is_checked_as_it_is() {
        let problem = problem().checked().expect("sound");
        assert_eq!(problem.judged_cases().count(), 2);
        assert_eq!(problem.scoring.as_ref().map(Scoring::max), Some(100.0));
    }

    #[test]
    fn every_broken_invariant_is_named() {
        let twin = broken(|p| p.groups.push(p.groups[1].clone()));
        assert_eq!(twin, "stripes: two test groups are named large");
        let twin_case = broken(|p| p.cases.push(p.cases[1].clone()));
        assert_eq!(twin_case, "stripes: two secret cases are named 02");
        let lost = broken(|p| p.cases[1].group = "huge".to_string());
        assert!(lost.contains("case 02 is in group huge"), "{lost}");
        let rule = broken(|p| p.scoring.as_mut().unwrap().rules[0].name = "huge".to_string());
        assert!(rule.contains("points are given to group huge"), "{rule}");
        let negative = broken(|p| p.scoring.as_mut().unwrap().rules[0].points = -1.0);
        assert!(negative.contains("worth -1 points"), "{negative}");
        let nan = broken(|p| p.scoring.as_mut().unwrap().rules[0].points = f64::NAN);
        assert!(nan.contains("worth NaN points"), "{nan}");
        let mut unbounded = problem();
        unbounded.scoring.as_mut().unwrap().rules[0].points = f64::INFINITY;
        let checked = unbounded
            .checked()
            .expect("a group without a maximum is sound");
        assert_eq!(
            checked.scoring.as_ref().map(Scoring::max),
            Some(f64::INFINITY)
        );
        let zero = broken(|p| p.limits.memory_kib = 0);
        assert!(zero.contains("memory limit is zero"), "{zero}");
        let expectation = broken(|p| {
            p.submissions.push(Submission {
                id: "solutions/accepted/a.cpp".to_string(),
                program: ProgramFile::at("a.cpp"),
                expectation: Expectation {
                    origin: "[expect]".to_string(),
                    verdicts: VerdictExpectation::Any,
                    score: Some(ScoreExpectation {
                        total: Some((50.0, 40.0)),
                        ..ScoreExpectation::default()
                    }),
                },
                sets_time_limit: false,
            })
        });
        assert!(
            expectation.contains("50..40 is not a range"),
            "{expectation}"
        );
    }

    #[test]
    fn dependencies_and_totals_are_checked_and_cases_find_their_nearest_scored_group() {
        let depends = broken(|p| {
            let scoring = p.scoring.as_mut().unwrap();
            scoring.dependencies = vec![("large".to_string(), vec!["small".to_string()])];
        });
        assert!(
            depends.contains("group large depends on group small's points, and small has none"),
            "{depends}"
        );
        let total = broken(|p| {
            p.scoring.as_mut().unwrap().total = Total::AllOrNothing { points: f64::NAN };
        });
        let pass_fail = broken(|p| {
            p.scoring.as_mut().unwrap().pass_fail = vec!["huge".to_string()];
        });
        assert!(pass_fail.contains("group huge is pass-fail"), "{pass_fail}");
        assert!(total.contains("the problem is worth NaN points"), "{total}");
        let mut icpc = problem();
        let scoring = icpc.scoring.as_mut().unwrap();
        scoring.total = Total::AllOrNothing { points: 1.0 };
        assert_eq!(scoring.max(), 1.0);
        let scoring = &problem().scoring.unwrap();
        assert_eq!(scoring.rule_of("large").map(|r| r.points), Some(100.0));
        assert_eq!(scoring.rule_of("large/big").map(|r| r.points), Some(100.0));
        assert!(scoring.rule_of("larger").is_none());
        assert!(scoring.rule_of(SAMPLE_GROUP).is_none());
        assert!(scoring.prerequisites("large").is_empty());
    }

    #[test]
    fn the_most_specific_limit_wins() {
        let mut limits = problem().limits;
        let seconds = |s: u64| Some(Duration::from_secs(s));
        limits.overrides.by_group.insert(
            "large".to_string(),
            LimitOverride {
                time: seconds(2),
                memory_kib: None,
            },
        );
        limits.overrides.by_test.insert(
            "02".to_string(),
            LimitOverride {
                time: seconds(3),
                memory_kib: Some(64 << 10),
            },
        );
        let python = LimitTable {
            base: LimitOverride {
                time: seconds(5),
                memory_kib: None,
            },
            ..LimitTable::default()
        };
        limits.by_language.insert("py".to_string(), python);
        assert_eq!(
            limits.for_test(None, "sample", "01"),
            (seconds(1), 256 << 10)
        );
        assert_eq!(
            limits.for_test(None, "large", "03"),
            (seconds(2), 256 << 10)
        );
        assert_eq!(limits.for_test(None, "large", "02"), (seconds(3), 64 << 10));
        assert_eq!(
            limits.for_test(Some("py"), "large", "02"),
            (seconds(5), 64 << 10)
        );
        assert_eq!(
            limits.for_test(Some("cpp"), "large", "02"),
            (seconds(3), 64 << 10)
        );
    }
}
