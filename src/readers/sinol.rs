//! sinol-make packages into the model, translated from what [`crate::sinol`] reads:
//! `config.yml`, the tests of `in/` and `out/`, and the programs of `prog/`.
//!
//! - **groups**: the groups of the tests, by number (`0`, `1`, …; group 0 and the `…ocen`
//!   tests are the samples, worth nothing), and any group `config.yml` gives points to;
//! - **limits**: `time_limit` (ms) and `memory_limit` (KiB, held exactly), each group's
//!   and each test's (`time_limits: {3: …, 3a: …}`) as overrides, `override_limits` by
//!   language (the solution's extension);
//! - **programs**: `<id>ingen` (the generator, and how the tests are made again),
//!   `<id>inwer`, `<id>chk` (sinol's checker protocol), `<id>soc` (the interactor), the model
//!   solution `<id>.*`;
//! - **submissions**: the solutions of `prog/`, each held to its `sinol_expected_scores`; one
//!   without is left out with a warning (`verify` fails it);
//! - **scoring**: the groups' points as sinol-make shares them ([`group_rules`]), each
//!   rounded up from its worst test's percentage; `subtask_dependencies`; POI's time scaling
//!   in contest type `oi`; in type `icpc` every group is worth a point and the problem 1,
//!   earned only when every group passed.
//!
//! Not read: the statement (`doc/`), whose language and title `crate::sinol` does not know.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::ReadError;
use crate::model::{
    Building, CaseData, CaseKind, Checker, CheckerProtocol, Expectation, Format, GroupExpectation,
    Interactor, InteractorProtocol, LimitOverride, LimitTable, Problem, ProblemLimits, ProgramFile,
    Programs, Python3, Regeneration, ScoreExpectation, ScoreRule, Scoring, Submission,
    SubmissionExtras, TestCase, TestGroup, TimeLimit, Tool, Validator, ValidatorProtocol,
    VerdictExpectation, WallClock,
};
use crate::score::{Aggregation, GroupRule, Total};
use crate::sinol::config::{ConfigLimits as SinolLimits, ContestType, CONFIG_YML};
use crate::sinol::scoring::verdict_of_status;
use crate::sinol::{Sinol, SinolTest};

/// The package in the folder `dir`.
pub fn read_folder(dir: &Path) -> Result<Problem, ReadError> {
    read(&Sinol::load(dir).map_err(ReadError::Files)?)
}

/// The package `sinol`, read into the model and checked.
pub fn read(sinol: &Sinol) -> Result<Problem, ReadError> {
    let config = &sinol.config;
    let config_yml = sinol.root.join(CONFIG_YML);
    let mut warnings = config.warnings.clone();
    // No `in/` is no test yet: ingen and the model solution make them
    // (`crate::judging::MadeTests`).
    let tests = match sinol.data.join("in").is_dir() {
        true => sinol.tests().map_err(ReadError::Files)?,
        false => Vec::new(),
    };
    // Before its tests are made, the groups its solutions are expected on are its groups too
    // (the samples' group 0 has no score); once made, every group has its tests.
    let expected_on = (config.expected.values())
        .flat_map(|expected| expected.groups.keys().copied())
        .filter(|_| tests.is_empty());
    let numbers: BTreeSet<u32> = (tests.iter().map(|test| test.group))
        .chain(
            config
                .scores
                .iter()
                .flat_map(|scores| scores.keys().copied()),
        )
        .chain(expected_on)
        .collect();
    let numbers: Vec<u32> = numbers.into_iter().collect();
    let interactor = sinol.interactor();
    let interactive = interactor.is_some();
    // A batch task's test has its output where out/ is (a missing one is the package's
    // fault, judged as such and named); without out/, the model solution makes them.
    let outputs = sinol.data.join("out").is_dir();
    let cases = (tests.iter())
        .map(|test| case(test, interactive, outputs))
        .collect();
    let missing = |what: &str| ReadError::Files(format!("{}: no {what}", config_yml.display()));
    let time = config
        .limits
        .time_limit
        .ok_or_else(|| missing("time_limit"))?;
    let memory = (config.limits.memory_limit).ok_or_else(|| missing("memory_limit"))?;
    let ingen = sinol.ingen().map(file);
    Problem {
        name: sinol.name().to_string(),
        format: Format::Sinol,
        root: sinol.root.clone(),
        tests_dir: sinol.data.join("in"),
        statements: Vec::new(),
        limits: ProblemLimits {
            time: TimeLimit::Fixed(Duration::from_millis(time)),
            memory_kib: memory,
            output_mib: None,
            overrides: overrides(sinol, &config.limits, &tests, &mut warnings),
            by_language: (config.overrides.iter())
                .map(|(language, table)| {
                    let table = LimitTable {
                        base: LimitOverride {
                            time: table.time_limit.map(Duration::from_millis),
                            memory_kib: table.memory_limit,
                        },
                        ..overrides(sinol, table, &tests, &mut warnings)
                    };
                    (language.clone(), table)
                })
                .collect(),
            wall: WallClock::Sinol,
            validation: None,
        },
        groups: (numbers.iter())
            .map(|group| TestGroup {
                name: group.to_string(),
                ..TestGroup::default()
            })
            .collect(),
        cases,
        programs: Programs {
            generator: ingen.clone().map(Tool::Program),
            input_validators: (sinol.program("inwer").into_iter())
                .map(|path| Validator {
                    program: Tool::Program(file(path)),
                    protocol: ValidatorProtocol::Inwer,
                })
                .collect(),
            answer_validators: Vec::new(),
            checker: match sinol.program("chk") {
                Some(path) => Checker::Program {
                    program: Tool::Program(file(path)),
                    protocol: CheckerProtocol::Sinol,
                },
                None => Checker::default(),
            },
            checker_args: Vec::new(),
            interactor: interactor.map(|path| Interactor {
                program: Tool::Program(file(path)),
                protocol: InteractorProtocol::Sinol,
            }),
            passes: None,
            reference: sinol.model().map(file).map(Tool::Program),
            brute: None,
            // sinol-make runs `python3`.
            python3: Python3::CPython,
            building: building(sinol),
        },
        submissions: submissions(sinol, &mut warnings),
        left_out: Vec::new(),
        scoring: Some(Scoring {
            rules: group_rules(config.contest, config.scores.as_ref(), &numbers),
            dependencies: dependencies(&config.dependencies, &numbers),
            total: match config.contest {
                ContestType::Icpc => Total::AllOrNothing { points: 1.0 },
                _ => Total::Sum,
            },
            pass_fail: Vec::new(),
            time_scaled: config.contest == ContestType::Oi,
            whole_tests: config.contest == ContestType::Icpc,
            by_graders: false,
            contest_type: Some(config.contest.name().to_string()),
        }),
        // Without ingen the model solution still makes out/, but an interactive task has none.
        regeneration: match ingen {
            Some(ingen) => Some(Regeneration::Ingen(ingen)),
            None => (!interactive).then_some(Regeneration::Answers),
        },
        plan: None,
        whole_verdict: None,
        warnings,
        unsupported: config.unsupported.clone(),
    }
    .checked()
    .map_err(ReadError::from)
}

/// The points of each group among `groups` (sorted, each once): `scores`, else 100 shared
/// equally as sinol-make shares them (the remainder to the last group); group 0 is worth
/// nothing. In `icpc` every group is worth 1.
fn group_rules(
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

/// `subtask_dependencies` among `groups` (the groups the package has): a prerequisite with
/// neither tests nor points has nothing to lower a group with, and is left out.
fn dependencies(
    dependencies: &BTreeMap<u32, Vec<u32>>,
    groups: &[u32],
) -> Vec<(String, Vec<String>)> {
    (dependencies.iter())
        .filter(|(group, _)| groups.contains(group))
        .map(|(group, prerequisites)| {
            let known = prerequisites.iter().filter(|g| groups.contains(g));
            (group.to_string(), known.map(u32::to_string).collect())
        })
        .collect()
}

/// The warnings of reading `sinol` into `problem` beyond `config.yml`'s own (those
/// [`Sinol::warnings`] gives): a test's own limit where the contest type allows none (applied,
/// by `judge` and `verify` alike), a solution without an expectation. Under
/// `strict` (`--strict`) the first is an error instead.
pub fn warnings_beyond_config<'p>(
    sinol: &Sinol,
    problem: &'p Problem,
    strict: bool,
) -> Result<Vec<&'p str>, String> {
    let beyond: Vec<&str> = (problem.warnings.iter())
        .filter(|warning| !sinol.config.warnings.contains(warning))
        .map(String::as_str)
        .collect();
    match (strict, beyond.first()) {
        (true, Some(warning)) => Err(format!("{warning} (--strict)")),
        _ => Ok(beyond),
    }
}

/// A test of `in/`: group 0 (and `…ocen`) the samples; its answer in `out/` (`outputs`: the
/// package has one), none for an interactive task or before the model solution has written
/// them.
fn case(test: &SinolTest, interactive: bool, outputs: bool) -> TestCase {
    TestCase {
        name: test.test.name.clone(),
        group: test.group.to_string(),
        kind: match test.group {
            0 => CaseKind::Sample,
            _ => CaseKind::Secret,
        },
        input: CaseData::File(test.test.input.clone()),
        answer: (!interactive && (outputs || test.test.answer.is_file()))
            .then(|| test.test.answer.clone()),
        output: None,
        own_args: None,
    }
}

/// The per-group and per-test limits of one level of `config.yml` (its base left to the
/// caller): a key of `time_limits` / `memory_limits` is a group's number or a test's id
/// (`3a`, named in the model by the whole test name). A test's own limit where the contest
/// type does not allow one is a warning, and applied by `judge` and `verify` alike (an error
/// under `--strict`, [`warnings_beyond_config`]).
fn overrides(
    sinol: &Sinol,
    table: &SinolLimits,
    tests: &[SinolTest],
    warnings: &mut Vec<String>,
) -> LimitTable {
    let mut found = LimitTable::default();
    let mut set = |key: &str, change: &dyn Fn(&mut LimitOverride)| {
        if key.parse::<u32>().is_ok() {
            change(found.by_group.entry(key.to_string()).or_default());
            return;
        }
        let name = format!("{}{key}", sinol.id);
        if !sinol.config.test_limits_allowed && tests.iter().any(|t| t.id == key) {
            warnings.push(format!(
                "{}: {name}: a limit for a single test is not allowed in contest type {}",
                sinol.root.join(CONFIG_YML).display(),
                sinol.config.contest.name()
            ));
        }
        change(found.by_test.entry(name).or_default());
    };
    for (key, ms) in &table.time_limits {
        set(key, &|o| o.time = Some(Duration::from_millis(*ms)));
    }
    for (key, kib) in &table.memory_limits {
        set(key, &|o| o.memory_kib = Some(*kib));
    }
    found
}

/// A program of the package at `path`, as sinol-make compiles it: ingen with `_INGEN` and
/// inwer with `_INWER` defined (`commands/ingen`, `commands/inwer`: a package may keep code
/// for them behind them). Public for the callers that build the package's programs from the
/// package itself.
pub fn file(path: PathBuf) -> ProgramFile {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let defines = (["ingen", "inwer"].iter())
        .filter(|role| stem.ends_with(*role))
        .map(|role| format!("_{}", role.to_uppercase()))
        .collect();
    ProgramFile {
        defines,
        ..ProgramFile::at(path)
    }
}

/// What the package's programs are built with, as sinol-make builds them: every one compiled
/// where it is in `prog/`, reading the files there that are no program's source (headers,
/// data) beside it, and the solutions (a submission's role) with `config.yml`'s extras.
/// Public for the callers that build the package's programs from the package itself.
pub fn building(sinol: &Sinol) -> Building {
    let prog = std::path::absolute(sinol.root.join("prog")).unwrap_or_default();
    let extras = &sinol.config.extras;
    let in_prog = |names: &[String]| names.iter().map(|name| prog.join(name)).collect();
    let by_extension = |table: &BTreeMap<String, Vec<String>>| {
        (table.iter())
            .map(|(extension, names)| (extension.clone(), in_prog(names)))
            .collect()
    };
    Building {
        constants: BTreeMap::new(),
        submission_files: None,
        beside: sinol.headers(),
        submission_extras: Some(SubmissionExtras {
            sources: by_extension(&extras.compilation_args),
            compile_files: in_prog(&extras.compilation_files),
            run_files: by_extension(&extras.execution_files),
            folder: prog,
        }),
    }
}

/// The solutions of `prog/`, each with its expected scores.
fn submissions(sinol: &Sinol, warnings: &mut Vec<String>) -> Vec<Submission> {
    let mut read = Vec::new();
    for (path, _) in sinol.solutions() {
        let file = path.file_name().unwrap_or_default().to_string_lossy();
        let id = format!("prog/{file}");
        let Some(expected) = sinol.config.expected.get(file.as_ref()) else {
            warnings.push(format!(
                "{id}: no sinol_expected_scores in {CONFIG_YML}: left out (verify fails it)"
            ));
            continue;
        };
        read.push(Submission {
            id,
            program: self::file(path.clone()),
            sets_time_limit: false,
            expectation: Expectation {
                origin: format!("{CONFIG_YML} sinol_expected_scores: {file}"),
                verdicts: VerdictExpectation::Any,
                score: Some(ScoreExpectation {
                    total: Some((expected.points, expected.points)),
                    // The old form (a status alone) gives no points of its own: `OK` earns the
                    // group's worth, whatever that is.
                    groups: (expected.groups.iter())
                        .map(|(group, (status, points))| GroupExpectation {
                            group: group.to_string(),
                            verdict: verdict_of_status(status),
                            points: (!points.is_nan()).then_some(*points),
                            at: None,
                        })
                        .collect(),
                    origin: None,
                    full: None,
                    rule: ScoreRule::EveryGroup,
                }),
            },
        });
    }
    read
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
    fn dependencies_keep_the_groups_the_package_has() {
        let declared = BTreeMap::from([(2, vec![1, 7]), (9, vec![1])]);
        assert_eq!(
            dependencies(&declared, &[0, 1, 2]),
            [("2".to_string(), vec!["1".to_string()])]
        );
    }
}
