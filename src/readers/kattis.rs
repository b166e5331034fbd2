//! Kattis / ICPC packages (legacy, 2023-07, 2025-09) into the model, translated from what
//! [`crate::package`] reads: `problem.yaml`, the tree of `data/`, the validators and the
//! submissions with their expectations.
//!
//! - **groups**: every group of `data/` by its path (`sample`, `secret`, `secret/group1`),
//!   each with the arguments its configuration gives the validators, inheritance already
//!   resolved by `crate::package::config`; the folders of cases for the validators
//!   (`invalid_input/…`, 2023-07 and 2025-09) are groups too, by the path of the folder that
//!   holds each case.
//! - **cases**: named by their path under `data/` without the extension, as `judge --test`
//!   and verify name them.
//! - **limits**: the fixed time limit with the margins the specification holds it to
//!   ([`TimeLimit::FixedWithMargins`]), or the rule that derives it from the accepted
//!   submissions ([`TimeLimit::FromSubmissions`]).
//! - **submissions**: each held to its folder's verdict as the first rejection of the data
//!   tree, possibly with extra time (legacy and 2023-07), or to the rules of its folder and
//!   `submissions.yaml` (2025-09), with the expected score of a scoring package (its range,
//!   else the full score in `accepted/` and less in `partially_accepted/`); the entries the
//!   package's listing leaves out (hidden, disabled, templates, a folder that promises
//!   nothing) are [`Problem::left_out`], each with why.
//! - **programs**: Python 3 ones run with PyPy ([`Python3::PyPy`]), as Kattis runs them.
//! - **scoring** (2025-09): `secret` and its test data groups with their `max_score` and
//!   `score_aggregation` ([`scoring`]), scored as every format is by `crate::judging::card`
//!   (a test case's `score.txt` or `score_multiplier.txt` travels with its verdict). A legacy
//!   or 2023-07 package's graders score it (`crate::judging::kattis_grading`): the model
//!   holds its groups' nominal worth where the tree says it ([`Scoring::by_graders`]), else
//!   none, with a warning.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::ReadError;
use crate::model::{
    Building, CaseArgs, CaseData, CaseKind, Checker, CheckerProtocol, Expectation, Format,
    FullScore, Interactor, InteractorProtocol, LeftOut, LimitTable, Problem, ProblemLimits,
    ProgramFile, Programs, Python3, Regeneration, ScoreExpectation, ScoreRule, Scoring, Statement,
    Submission, SubmissionFiles, TestCase, TestGroup, TimeLimit, Tool, ValidationLimits, Validator,
    ValidatorProtocol, VerdictExpectation, VerdictRule, WallClock,
};
use crate::package::config::{
    FormatVersion, GroupConfig, InputArgs, MaxScore, ProblemConfig, ScoreAggregation,
};
use crate::package::data::{CheckCase, Data, Group, Item};
use crate::package::expectations::{Rule, PARTIALLY_ACCEPTED};
use crate::package::submissions::PackageSubmission;
use crate::package::{Package, PackageProgram, ProgramKind};
use crate::score::{Aggregation, GroupRule, Total};
use crate::verdict::from_kattis;
use crate::verdict::Verdict;

/// The package in the folder `dir`.
pub fn read_folder(dir: &Path) -> Result<Problem, ReadError> {
    read(&Package::load(dir)?)
}

/// The package `package`, read into the model and checked.
pub fn read(package: &Package) -> Result<Problem, ReadError> {
    let config = &package.config;
    // A package may commit its generators.yaml and not the data/ it makes: read without
    // cases, the model says how they are made (`Regeneration::GeneratorsYaml`).
    let data = match package.generators.is_some() && !package.data_dir().exists() {
        true => Data::not_made(config)?,
        false => package.all_data()?,
    };
    let mut warnings = package.warnings.clone();
    let mut unsupported: Vec<String> = package.unsupported().into_iter().collect();
    if !package.is_2025() {
        warnings.extend(data.warnings.iter().cloned());
        unsupported.extend(data.unsupported.iter().cloned());
    }
    let (groups, cases) = groups_and_cases(&data, config.validator_flags.len());
    let scoring = match (package.is_scoring(), package.is_2025()) {
        (false, _) => None,
        (true, true) => Some(
            scoring(&data.tree, true)
                .map_err(|why| ReadError::Files(format!("{}: {why}", package.root.display())))?,
        ),
        // Legacy and 2023-07 packages are scored by their graders
        // (`crate::judging::kattis_grading`: absolute scores through `grader_flags` or the
        // package's own grader program): the model holds their groups' nominal worth where the data tree says it, and says why
        // not where it does not.
        (true, false) => match scoring(&data.tree, false) {
            Ok(scoring) => Some(Scoring {
                by_graders: true,
                contest_type: None,
                ..scoring
            }),
            Err(why) => {
                warnings.push(format!(
                    "{}: scored by its graders as verifyproblem grades, not by rules per \
                     group ({why})",
                    package.root.display()
                ));
                None
            }
        },
    };
    let output_validator = package.output_validator()?.map(|program| tool(&program));
    let interactor = match package.is_interactive() {
        true => output_validator.clone().map(|program| Interactor {
            program,
            protocol: InteractorProtocol::Kattis,
        }),
        false => None,
    };
    let checker = match (output_validator, &interactor) {
        (Some(program), None) => Checker::Program {
            program,
            protocol: CheckerProtocol::Kattis,
        },
        _ => Checker::Default {
            flags: config.validator_flags.clone(),
        },
    };
    let validators = |programs: Vec<PackageProgram>| programs.iter().map(validator).collect();
    let listing = package.listing()?;
    let mut left_out = listing.left_out;
    Problem {
        name: package.name(),
        format: match config.version {
            FormatVersion::Legacy => Format::KattisLegacy,
            FormatVersion::V2023_07 => Format::Kattis2023,
            FormatVersion::V2025_09 => Format::Kattis2025,
        },
        root: package.root.clone(),
        tests_dir: package.data_dir().to_owned(),
        statements: statements(package),
        limits: ProblemLimits {
            time: match config.time.fixed {
                Some(seconds) => TimeLimit::FixedWithMargins {
                    limit: Duration::from_secs_f64(seconds),
                    ac_to_time_limit: config.time.ac_to_time_limit,
                    time_limit_to_tle: config.time.time_limit_to_tle,
                },
                None => TimeLimit::FromSubmissions {
                    ac_to_time_limit: config.time.ac_to_time_limit,
                    time_limit_to_tle: config.time.time_limit_to_tle,
                    resolution: config.time.resolution,
                },
            },
            memory_kib: config.memory_mib << 10,
            output_mib: Some(config.output_mib),
            overrides: LimitTable::default(),
            by_language: Default::default(),
            wall: WallClock::Twice,
            validation: Some(validation_limits(config)),
        },
        groups,
        cases,
        programs: Programs {
            generator: None,
            input_validators: validators(package.input_validators()?),
            answer_validators: validators(package.answer_validators()?),
            checker,
            checker_args: config.validator_flags.clone(),
            interactor,
            passes: package.is_multi_pass().then_some(config.validation_passes),
            reference: None,
            brute: None,
            // As Kattis, problemtools and BAPCtools run them.
            python3: Python3::PyPy,
            building: building(package),
        },
        submissions: submissions(package, listing.judged, &mut left_out),
        left_out,
        scoring,
        regeneration: package
            .generators
            .as_ref()
            .map(|_| Regeneration::GeneratorsYaml(package.root.join("generators/generators.yaml"))),
        plan: None,
        whole_verdict: Some(data.tree.verdict_rule()),
        warnings,
        unsupported,
    }
    .checked()
    .map_err(ReadError::from)
}

/// The maximum score of `secret` when its `test_group.yaml` gives none.
const SECRET_MAX_SCORE: u64 = 100;

/// How a 2025-09 scoring package's submissions are scored, from its data tree `data`
/// (`data/` itself), as the specification says: samples are worth nothing; `secret` (default
/// `max_score` 100, aggregation `sum`) holds either test cases (then it is the one scored
/// group) or test data groups (each with its own rule; `secret`'s aggregation makes the
/// total from theirs); a group (aggregation `pass-fail` by default) needs a `max_score`
/// unless `secret` is `unbounded`, and is itself unbounded then (points infinite). Folders
/// within a group are not groups: their cases count for it. In 2025-09 (`configured_only`)
/// a folder of `secret` is a test data group only when it has its own `test_group.yaml`;
/// without any, `secret`'s folders only hold its cases.
fn scoring(data: &Group, configured_only: bool) -> Result<Scoring, String> {
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
    let kind = (secret.config.score_aggregation).unwrap_or(ScoreAggregation::Sum);
    let groups: Vec<&Group> = (secret.items.iter())
        .filter_map(|item| match item {
            Item::Group(group) if group.configured || !configured_only => Some(group),
            Item::Group(_) | Item::Test(_) => None,
        })
        .collect();
    let scoring = |rules: Vec<(GroupRule, bool)>, total| Scoring {
        pass_fail: (rules.iter())
            .filter(|(_, pass_fail)| *pass_fail)
            .map(|(rule, _)| rule.name.clone())
            .collect(),
        rules: rules.into_iter().map(|(rule, _)| rule).collect(),
        dependencies: Vec::new(),
        total,
        time_scaled: false,
        whole_tests: false,
        by_graders: false,
        contest_type: None,
    };
    if groups.is_empty() {
        return Ok(scoring(vec![group_rule(secret, max, kind)?], Total::Sum));
    }
    if let Some(folder) = (secret.items.iter()).find_map(|item| match item {
        Item::Group(group) if !groups.contains(&group) => Some(group),
        _ => None,
    }) {
        return Err(format!(
            "data/{}: a folder of secret beside test data groups must be one: give it a \
             test_group.yaml",
            folder.name
        ));
    }
    if groups.len() != secret.items.len() {
        return Err(
            "data/secret holds both test cases and test data groups: a scoring \
                    problem's secret holds one or the other"
                .to_string(),
        );
    }
    let total = match (kind, max.is_finite()) {
        (ScoreAggregation::Sum, _) => Total::Sum,
        (ScoreAggregation::Min, _) => Total::Min { max },
        (ScoreAggregation::PassFail, true) => Total::AllOrNothing { points: max },
        (ScoreAggregation::PassFail, false) => {
            return Err("data/secret: pass-fail aggregation needs a bounded max_score".to_string())
        }
    };
    let rules = (groups.into_iter())
        .map(|group| {
            let points = match (group.config.max_score, max.is_infinite()) {
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
            let all_or_nothing = matches!(total, Total::AllOrNothing { .. });
            if all_or_nothing && kind != ScoreAggregation::PassFail {
                return Err(format!(
                    "data/{}: secret's pass-fail aggregation asks the same of its groups",
                    group.name
                ));
            }
            group_rule(group, points, kind)
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(scoring(rules, total))
}

/// The rule of a scored group: worth `points` (infinite when unbounded), its cases'
/// scores made one by `kind`; and whether it is pass-fail (all or nothing, as `min` over
/// verdicts, with no partial points).
fn group_rule(
    group: &Group,
    points: f64,
    kind: ScoreAggregation,
) -> Result<(GroupRule, bool), String> {
    let aggregation = match kind {
        ScoreAggregation::PassFail if points.is_infinite() => {
            return Err(format!(
                "data/{}: pass-fail aggregation needs a bounded max_score",
                group.name
            ))
        }
        ScoreAggregation::PassFail | ScoreAggregation::Min => Aggregation::Min,
        ScoreAggregation::Sum => Aggregation::Sum,
    };
    let rule = GroupRule {
        name: group.name.clone(),
        points,
        aggregation,
    };
    Ok((rule, kind == ScoreAggregation::PassFail))
}

/// What the package's programs are built with besides their own sources, as Kattis builds
/// them: in 2025-09 its constants replaced in every program, and a submission gets the files
/// of `include/<language>/` (in every format: the legacy specification has it, and
/// problemtools adds it in 2023-07 too, whose specification does not name it), else in
/// 2023-07 and 2025-09 those of `include/default/` (problemtools refuses it in the legacy
/// format). Public for the callers that build a package's programs from the package itself
/// (its generators and graders).
pub fn building(package: &Package) -> Building {
    let include = package.root.join("include");
    let folders: Vec<(String, std::path::PathBuf)> = std::fs::read_dir(&include)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_dir())
        .map(|entry| {
            (
                entry.file_name().to_string_lossy().into_owned(),
                entry.path(),
            )
        })
        .collect();
    let default = include.join("default");
    let has_default = package.config.version != FormatVersion::Legacy && default.is_dir();
    Building {
        constants: match package.is_2025() {
            true => package.config.constants.clone(),
            false => Default::default(),
        },
        submission_files: include.is_dir().then(|| SubmissionFiles {
            by_language: folders
                .into_iter()
                .filter(|(name, _)| name != "default")
                .collect(),
            default: has_default.then_some(default),
        }),
        beside: Vec::new(),
        submission_extras: None,
    }
}

/// The limits the package's validators, output validator and graders run under:
/// `validation_time`, `validation_memory` and `validation_output`. Public for the callers
/// that run a package's graders from the package itself.
pub fn validation_limits(config: &ProblemConfig) -> ValidationLimits {
    ValidationLimits {
        seconds: config.validation_seconds,
        memory_mib: config.validation_memory_mib,
        output_mib: config.validation_output_mib,
    }
}

/// A program of the package, in the model's terms; public for the callers that build a
/// package's programs from the package itself ([`building`]).
pub fn file(program: &PackageProgram) -> ProgramFile {
    ProgramFile {
        unsupported: match program.kind {
            ProgramKind::Unsupported(_) => Some(program.unsupported_reason()),
            _ => None,
        },
        path: program.path.clone(),
        language: program
            .language
            .map(|language| language.row().code.to_string()),
        entrypoint: program.entrypoint.clone(),
        include: Vec::new(),
        defines: Vec::new(),
    }
}

/// A program of the package as a tool of the problem.
fn tool(program: &PackageProgram) -> Tool {
    Tool::Program(file(program))
}

/// A validator of the package: a checktestdata script is run by our engine, any other
/// program speaks the Kattis protocol.
fn validator(program: &PackageProgram) -> Validator {
    Validator {
        program: tool(program),
        protocol: match program.kind {
            ProgramKind::Checktestdata => ValidatorProtocol::Checktestdata,
            _ => ValidatorProtocol::Kattis,
        },
    }
}

/// The groups of `data/` (every one but `data/` itself, unless it holds tests of its own) and
/// the cases of each, then the validators' cases. A case whose own `.yaml` gives the
/// validators other arguments than its group's has them as its own; `problem_flags` is how
/// many of a test's output validator flags are the problem's (legacy `validator_flags`).
fn groups_and_cases(data: &Data, problem_flags: usize) -> (Vec<TestGroup>, Vec<TestCase>) {
    let mut groups = Vec::new();
    let mut cases = Vec::new();
    for group in data.tree.groups() {
        let own: Vec<_> = (group.items.iter())
            .filter_map(|item| match item {
                Item::Test(test) => Some(test),
                Item::Group(_) => None,
            })
            .collect();
        if group.name.is_empty() && own.is_empty() {
            continue;
        }
        let name = group_name(group);
        let model_group = test_group(&name, &group.config);
        let group_args = CaseArgs::of_group(&model_group);
        groups.push(model_group);
        cases.extend(own.into_iter().map(|test| TestCase {
            own_args: own_args(
                &group_args,
                &test.input_validator_flags,
                &test.output_validator_flags
                    [problem_flags.min(test.output_validator_flags.len())..],
                &test.answer_validator_flags,
            ),
            name: test.test.name.clone(),
            group: name.clone(),
            kind: match test.is_sample() {
                true => CaseKind::Sample,
                false => CaseKind::Secret,
            },
            input: CaseData::File(test.test.input.clone()),
            answer: Some(test.test.answer.clone()),
            output: None,
        }));
    }
    let checks = &data.checks;
    for (kind, folder) in [
        (CaseKind::InvalidInput, &checks.invalid_input),
        (CaseKind::InvalidAnswer, &checks.invalid_answer),
        (CaseKind::InvalidOutput, &checks.invalid_output),
        (CaseKind::ValidOutput, &checks.valid_output),
    ] {
        for case in folder {
            let group = check_group(case);
            if !groups.iter().any(|g: &TestGroup| g.name == group) {
                groups.push(TestGroup {
                    name: group.clone(),
                    input_validator_args: case.input_validator_flags.all.clone(),
                    input_validator_args_by_name: by_name(&case.input_validator_flags),
                    output_validator_args: case.output_validator_flags.clone(),
                    answer_validator_args: case.answer_validator_flags.all.clone(),
                    answer_validator_args_by_name: by_name(&case.answer_validator_flags),
                    ..TestGroup::default()
                });
            }
            let group_args = (groups.iter().find(|g| g.name == group))
                .map(CaseArgs::of_group)
                .unwrap_or_default();
            cases.push(TestCase {
                own_args: own_args(
                    &group_args,
                    &case.input_validator_flags,
                    &case.output_validator_flags,
                    &case.answer_validator_flags,
                ),
                name: case.name.clone(),
                group,
                kind,
                input: CaseData::File(case.input.clone()),
                answer: case.answer.clone(),
                output: case.output.clone(),
            });
        }
    }
    (groups, cases)
}

/// The arguments a case gives the validators, when they are not its group's (`group`).
fn own_args(
    group: &CaseArgs,
    input: &InputArgs,
    output: &[String],
    answer: &InputArgs,
) -> Option<CaseArgs> {
    let own = CaseArgs {
        input_validator_args: input.all.clone(),
        input_validator_args_by_name: by_name(input),
        output_validator_args: output.to_vec(),
        answer_validator_args: answer.all.clone(),
        answer_validator_args_by_name: by_name(answer),
    };
    (own != *group).then_some(own)
}

/// A group's name in the model: its path under `data/` (`data` for `data/` itself).
fn group_name(group: &Group) -> String {
    match group.name.is_empty() {
        true => "data".to_string(),
        false => group.name.clone(),
    }
}

/// The group of a validators' case: the path of the folder holding it.
fn check_group(case: &CheckCase) -> String {
    match case.name.rsplit_once('/') {
        Some((folder, _)) => folder.to_string(),
        None => case.name.clone(),
    }
}

/// A group of `data/` with the arguments its configuration gives the validators.
fn test_group(name: &str, config: &GroupConfig) -> TestGroup {
    TestGroup {
        name: name.to_string(),
        about: None,
        input_validator_args: config.input_validator_flags.all.clone(),
        input_validator_args_by_name: by_name(&config.input_validator_flags),
        output_validator_args: config.output_validator_flags.clone(),
        answer_validator_args: config.answer_validator_flags.all.clone(),
        answer_validator_args_by_name: by_name(&config.answer_validator_flags),
        small: false,
    }
}

/// 2025-09's arguments for one input (or answer) validator each, by its name.
fn by_name(args: &InputArgs) -> Vec<(String, Vec<String>)> {
    (args.by_validator.iter().flatten())
        .map(|(name, args)| (name.clone(), args.clone()))
        .collect()
}

/// The statement files (`problem_statement/` before 2025-09, `statement/` in it:
/// `problem.<lang>.{tex,md,pdf}`, `problem.tex` being English), each with its title from
/// `problem.yaml`'s `name`, else the package's name.
fn statements(package: &Package) -> Vec<Statement> {
    let folder = match package.config.version {
        FormatVersion::V2025_09 => "statement",
        FormatVersion::Legacy | FormatVersion::V2023_07 => "problem_statement",
    };
    let Ok(entries) = std::fs::read_dir(package.root.join(folder)) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    let mut statements: Vec<Statement> = Vec::new();
    for path in files {
        let Some(file) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let language = match file.split('.').collect::<Vec<_>>()[..] {
            ["problem", "tex" | "md" | "pdf"] => "en",
            ["problem", language, "tex" | "md" | "pdf"] => language,
            _ => continue,
        };
        if statements.iter().any(|s| s.language == language) {
            continue;
        }
        let title = (package.config.names.iter())
            .find(|(code, _)| code == language)
            .map_or_else(|| package.name(), |(_, title)| title.clone());
        statements.push(Statement {
            language: language.to_string(),
            title,
            path: Some(path.clone()),
            frame: None,
        });
    }
    statements
}

/// Every submission of `judged` with what it must get; one that nothing says what it must get
/// of is left out, saying so.
fn submissions(
    package: &Package,
    judged: Vec<PackageSubmission>,
    left_out: &mut Vec<LeftOut>,
) -> Vec<Submission> {
    let mut read = Vec::new();
    for submission in judged {
        let id = format!("submissions/{}", submission.id());
        let Some(expectation) = expectation(package, &submission) else {
            left_out.push(LeftOut {
                id,
                why: format!(
                    "folder {}/ promises no verdict and nothing else says what it must get",
                    submission.folder
                ),
            });
            continue;
        };
        read.push(Submission {
            id,
            program: file(&submission.program),
            expectation,
            sets_time_limit: submission.sets_time_limit(),
        });
    }
    read
}

/// What a submission must get: in 2025-09 its rules and score (a scoring package's
/// `partially_accepted/`: every test accepted, less than the full score, unless
/// `submissions.yaml` gives a score); before, its folder's verdict as the first rejection of
/// the data tree.
fn expectation(package: &Package, submission: &PackageSubmission) -> Option<Expectation> {
    let scoring_2025 = package.is_2025() && package.is_scoring();
    if let Some(expected) = &submission.expectation {
        // The rules' places, and the score's when it is said elsewhere.
        let rules = expected.origins();
        let score = (expected.score.as_ref())
            .map(|score| score.origin.clone())
            .filter(|origin| !rules.contains(origin.as_str()));
        let origins: Vec<String> = (std::iter::once(rules).chain(score))
            .filter(|origin| !origin.is_empty())
            .collect();
        let total = |total, origin: String, full| ScoreExpectation {
            total,
            origin: Some(origin),
            full,
            rule: ScoreRule::Total,
            ..ScoreExpectation::default()
        };
        let score = match (&expected.score, submission.folder.as_str()) {
            (Some(score), _) => Some(total(
                Some((score.low, score.high)),
                score.origin.clone(),
                None,
            )),
            (None, folder @ "accepted") if scoring_2025 => Some(total(
                None,
                format!("folder {folder}"),
                Some(FullScore::Reached),
            )),
            (None, folder @ PARTIALLY_ACCEPTED) if scoring_2025 => Some(total(
                None,
                format!("folder {folder}"),
                Some(FullScore::Missed),
            )),
            (None, _) => None,
        };
        return Some(Expectation {
            origin: origins.join("; "),
            verdicts: VerdictExpectation::Rules(expected.rules.iter().map(rule).collect()),
            score,
        });
    }
    if package.is_2025() {
        // Not a default folder, and submissions.yaml says nothing of it.
        return None;
    }
    let verdict = from_kattis(submission.expected()?)?;
    Some(Expectation {
        origin: format!("folder submissions/{}/", submission.folder),
        verdicts: VerdictExpectation::FirstRejection(verdict),
        score: None,
    })
}

/// A requirement of 2025-09 in the model's terms (a verdict stonejudge does not give is
/// left out of its list: no submission can get it).
fn rule(rule: &Rule) -> VerdictRule {
    let verdicts = |codes: &Option<Vec<String>>| -> Option<Vec<Verdict>> {
        codes
            .as_ref()
            .map(|codes| codes.iter().filter_map(|code| from_kattis(code)).collect())
    };
    VerdictRule {
        origin: rule.origin.clone(),
        tests: rule.tests.clone(),
        permitted: verdicts(&rule.permitted),
        required: verdicts(&rule.required),
        message: rule.message.clone(),
        at_higher_limit: rule.at_high_limit(),
    }
}
