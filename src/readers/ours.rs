//! Our `problem.toml` into the model: a problem of the catalog, a declared game, or a
//! program-backed problem, as [`crate::catalog`] resolves it, translated (not parsed again:
//! the manifest is `crate::formats::manifest`'s, the kind and its in-process tools the
//! catalog's).
//!
//! What comes from where:
//!
//! - **groups and cases**: the test plan. The samples are group `sample`, then each
//!   `[[group]]` in order; the cases are the plan's tests, numbered as `testdata` writes them
//!   (`01`, `02`, …: [`stem`]), their files in the test data folder the reader is given;
//!   `[[invalid]]` inputs are [`CaseKind::InvalidInput`] cases of group [`INVALID_GROUP`],
//!   each named by its entry's place (`problem.toml:LINE:COL`), for the messages of the
//!   validation step that holds them to the validator (`verify`, `testdata`).
//!   A test data folder that is missing or differs from the plan is a warning (`verify`
//!   remakes and compares it: [`Regeneration::Plan`]). Without a `problem.toml` (a catalog
//!   problem given by name alone) there is no plan: the folder's tests are one group,
//!   [`UNPLANNED_GROUP`].
//! - **programs**: the catalog's or the declaration's, in-process ([`Tool::BuiltIn`], named
//!   for messages); or `[programs]`' files, the checker a testlib one, the default comparison
//!   taking `checker_flags`.
//! - **submissions**: `solutions/<folder>/<file>`, each held to its `[expect]` entry when it
//!   has one, else to its folder's verdict; one with neither is left out with a warning
//!   (`verify` fails it).
//! - **scoring**: the groups' `points`, every group all or nothing ([`Manifest::group_rules`]).

use std::path::Path;
use std::time::Duration;

use super::ReadError;
use crate::catalog::{portable, resolve_folder, Handle, Resolved};
use crate::formats::manifest::{
    InvalidInput, Manifest, ProblemKind, ProgramPath, ProgramsSection, MANIFEST_FILE, SAMPLE_GROUP,
};
use crate::formats::solutions::{folder_verdict, solutions_in, SolutionFile};
use crate::formats::statement::find as find_statements;
use crate::formats::tests_dir::stem;
use crate::formats::{tests_in, DEFAULT_MEMORY_MIB, DEFAULT_TIME_LIMIT};
use crate::judge::Protocol;
use crate::model::{
    Building, CaseData, CaseKind, Checker, CheckerProtocol, Expectation, Format, GroupExpectation,
    Interactor, InteractorProtocol, LimitTable, PortableChecker, PortableSource, Problem,
    ProblemLimits, ProgramFile, Programs, Python3, Regeneration, ScoreExpectation, ScoreRule,
    Scoring, Statement, Submission, TestCase, TestGroup, TimeLimit, Tool, Validator,
    ValidatorProtocol, VerdictExpectation, WallClock,
};
use crate::score::Total;

/// The group of the inputs `[[invalid]]` lists (the Kattis folder's name: ours cannot clash
/// with it, our group names have no `_`).
pub const INVALID_GROUP: &str = "invalid_input";

/// The one group of a problem without a plan: the tests its test data folder holds.
pub const UNPLANNED_GROUP: &str = "tests";

/// Our problem in the folder `dir`, its test data where the catalog finds it (the archive's
/// `testdata/<name>/`, or the folder's own `testdata/`).
pub fn read_folder(dir: &Path) -> Result<Problem, ReadError> {
    let problem = resolve_folder(dir)?;
    read(&problem, &problem.testdata_dir())
}

/// Our problem `problem` (resolved by [`crate::catalog::resolve`]), its test data read from
/// `testdata` (its `testdata/<name>/`, or a folder the plan was just built into), checked.
pub fn read(problem: &Resolved, testdata: &Path) -> Result<Problem, ReadError> {
    if problem.is_package() {
        return Err(ReadError::Files(format!(
            "{}: not a problem.toml problem",
            problem.dir().display()
        )));
    }
    let manifest = match problem.dir().join(MANIFEST_FILE).is_file() {
        true => Some(problem.manifest()?),
        false => None,
    };
    let mut warnings = Vec::new();
    let (groups, cases) = match &manifest {
        Some(manifest) => planned(manifest, testdata, &mut warnings)?,
        None => unplanned(testdata, &mut warnings)?,
    };
    let submissions = match &manifest {
        Some(manifest) => submissions(manifest, problem.dir(), &mut warnings)?,
        None => Vec::new(),
    };
    let title = match (&manifest, problem.catalog()) {
        (Some(manifest), _) => manifest.title.clone(),
        (None, Some(handle)) => handle.title().to_string(),
        (None, None) => problem.name().to_string(),
    };
    let statements = match &manifest {
        Some(manifest) => statements(manifest, problem.dir(), &title, &mut warnings),
        None => Vec::new(),
    };
    let limits = manifest.as_ref().map(|m| m.limits);
    Problem {
        name: problem.name().to_string(),
        format: Format::Ours,
        root: problem.dir().to_owned(),
        tests_dir: testdata.to_owned(),
        statements,
        limits: ProblemLimits {
            time: TimeLimit::Fixed(limits.map_or(DEFAULT_TIME_LIMIT, |l| {
                Duration::from_secs_f64(l.time_seconds)
            })),
            memory_kib: limits.map_or(DEFAULT_MEMORY_MIB, |l| l.memory_mib) << 10,
            output_mib: None,
            overrides: LimitTable::default(),
            by_language: Default::default(),
            wall: WallClock::Twice,
            validation: None,
        },
        groups,
        cases,
        programs: programs(problem, manifest.as_ref()),
        submissions,
        left_out: Vec::new(),
        scoring: (manifest.as_ref())
            .and_then(Manifest::group_rules)
            .map(|rules| Scoring {
                rules,
                dependencies: Vec::new(),
                total: Total::Sum,
                pass_fail: Vec::new(),
                time_scaled: false,
                whole_tests: false,
                by_graders: false,
                contest_type: None,
            }),
        regeneration: manifest.as_ref().map(|_| Regeneration::Plan),
        plan: None,
        whole_verdict: None,
        warnings,
        unsupported: Vec::new(),
    }
    .checked()
    .map_err(ReadError::from)
}

/// The plan's groups and cases: the samples, each group's tests, the invalid inputs; with a
/// warning when `testdata` is not what the plan makes.
fn planned(
    manifest: &Manifest,
    testdata: &Path,
    warnings: &mut Vec<String>,
) -> Result<(Vec<TestGroup>, Vec<TestCase>), ReadError> {
    let mut groups = vec![TestGroup {
        name: SAMPLE_GROUP.to_string(),
        ..TestGroup::default()
    }];
    groups.extend(manifest.groups.iter().map(|group| TestGroup {
        name: group.name.clone(),
        about: group.about.clone(),
        small: group.small,
        ..TestGroup::default()
    }));
    let in_order = std::iter::repeat_n(SAMPLE_GROUP, manifest.samples.len()).chain(
        (manifest.groups.iter())
            .flat_map(|group| std::iter::repeat_n(group.name.as_str(), group.count as usize)),
    );
    let in_order: Vec<&str> = in_order.collect();
    let mut cases: Vec<TestCase> = (in_order.iter().enumerate())
        .map(|(index, group)| {
            let name = stem(index + 1, in_order.len());
            TestCase {
                input: CaseData::File(testdata.join(format!("{name}.in"))),
                answer: Some(testdata.join(format!("{name}.ans"))),
                output: None,
                own_args: None,
                group: group.to_string(),
                kind: match *group == SAMPLE_GROUP {
                    true => CaseKind::Sample,
                    false => CaseKind::Secret,
                },
                name,
            }
        })
        .collect();
    compare_with_plan(&cases, testdata, warnings)?;
    if !manifest.invalid.is_empty() {
        groups.push(TestGroup {
            name: INVALID_GROUP.to_string(),
            about: Some("inputs the validator must reject ([[invalid]])".to_string()),
            ..TestGroup::default()
        });
    }
    cases.extend(manifest.invalid.iter().map(|invalid| TestCase {
        // Where problem.toml lists it: what a message about it must point at.
        name: format!(
            "{}:{}:{}",
            manifest.path.display(),
            invalid.at.line,
            invalid.at.col
        ),
        group: INVALID_GROUP.to_string(),
        kind: CaseKind::InvalidInput,
        input: match &invalid.input {
            InvalidInput::Inline(text) => CaseData::Inline(text.clone()),
            InvalidInput::File(path) => CaseData::File(path.clone()),
        },
        answer: None,
        output: None,
        own_args: None,
    }));
    Ok((groups, cases))
}

/// A warning when the test data folder is missing, or holds other tests than `cases` (the
/// plan's); an error when it cannot be read or a test has no answer.
fn compare_with_plan(
    cases: &[TestCase],
    testdata: &Path,
    warnings: &mut Vec<String>,
) -> Result<(), ReadError> {
    if !testdata.is_dir() {
        warnings.push(format!(
            "{}: no test data yet (`stonejudge testdata` makes it from the plan)",
            testdata.display()
        ));
        return Ok(());
    }
    let found: Vec<String> = (tests_in(testdata).map_err(ReadError::Files)?)
        .into_iter()
        .map(|test| test.name)
        .collect();
    let planned: Vec<&str> = cases.iter().map(|case| case.name.as_str()).collect();
    if found != planned {
        warnings.push(format!(
            "{}: holds {} tests, the plan makes {} (`stonejudge testdata` makes them again)",
            testdata.display(),
            found.len(),
            planned.len()
        ));
    }
    Ok(())
}

/// A problem without a plan: the tests of `testdata`, when there are any, in one group.
fn unplanned(
    testdata: &Path,
    warnings: &mut Vec<String>,
) -> Result<(Vec<TestGroup>, Vec<TestCase>), ReadError> {
    let group = TestGroup {
        name: UNPLANNED_GROUP.to_string(),
        about: Some(format!(
            "the tests of {} (no {MANIFEST_FILE})",
            testdata.display()
        )),
        ..TestGroup::default()
    };
    if !testdata.is_dir() {
        warnings.push(format!(
            "no {MANIFEST_FILE} and no test data in {}: the problem has no tests",
            testdata.display()
        ));
        return Ok((vec![group], Vec::new()));
    }
    let cases = (tests_in(testdata).map_err(ReadError::Files)?)
        .into_iter()
        .map(|test| TestCase {
            name: test.name,
            group: UNPLANNED_GROUP.to_string(),
            kind: CaseKind::Secret,
            input: CaseData::File(test.input),
            answer: Some(test.answer),
            output: None,
            own_args: None,
        })
        .collect();
    Ok((vec![group], cases))
}

/// The statement files of the folder, the declared language's first; none, with a warning,
/// when they cannot be found (`verify` says why).
fn statements(
    manifest: &Manifest,
    dir: &Path,
    title: &str,
    warnings: &mut Vec<String>,
) -> Vec<Statement> {
    match find_statements(dir, &manifest.statement_language) {
        Ok(mut files) => {
            files.sort_by_key(|file| file.language != manifest.statement_language);
            (files.into_iter())
                .map(|file| Statement {
                    language: file.language,
                    title: title.to_string(),
                    path: Some(file.path),
                    frame: None,
                })
                .collect()
        }
        Err(why) => {
            warnings.push(why);
            Vec::new()
        }
    }
}

/// Every program, by role: in-process for a problem of the catalog or a declared game, the
/// files of `[programs]` otherwise.
fn programs(problem: &Resolved, manifest: Option<&Manifest>) -> Programs {
    if let Some(ProblemKind::Programs(programs)) = manifest.map(|m| &m.kind) {
        return from_files(programs);
    }
    let handle = problem.catalog();
    let whose = match &handle {
        Some(Handle::Declared(_)) => format!("the declared game {}'s", problem.name()),
        Some(Handle::Compiled(_)) | None => format!("the catalog's {}", problem.name()),
    };
    let in_process = handle.as_deref();
    // Each built-in program with its portable form, where it has one, for the export writers
    // (the catalog's templates are checked by its own tests, so a failure is no portable form).
    let built_in = |role: &str, portable: Option<PortableSource>| Tool::BuiltIn {
        name: format!("{whose} {role}"),
        portable,
    };
    let checker = match in_process {
        Some(problem) => portable::checker(problem),
        None => PortableChecker::Missing(format!("{}: no stand-alone checker", problem.name())),
    };
    Programs {
        generator: Some(built_in("generator", None)),
        input_validators: vec![Validator {
            program: built_in(
                "validator",
                in_process.and_then(|p| portable::validator(p).ok()),
            ),
            protocol: ValidatorProtocol::BuiltIn,
        }],
        answer_validators: Vec::new(),
        checker: Checker::BuiltIn {
            name: format!("{whose} checker"),
            portable: checker,
        },
        checker_args: Vec::new(),
        interactor: problem.referee().map(|_| Interactor {
            program: built_in(
                "judge",
                in_process.and_then(|p| portable::interactor(p).ok().flatten()),
            ),
            protocol: InteractorProtocol::BuiltIn,
        }),
        passes: None,
        reference: Some(built_in("reference solver", None)),
        brute: Some(built_in("brute force", None)),
        python3: Python3::CPython,
        building: Building::default(),
    }
}

/// The programs `[programs]` names.
fn from_files(programs: &ProgramsSection) -> Programs {
    let file = |program: &ProgramPath| Tool::Program(ProgramFile::at(&program.path));
    Programs {
        generator: Some(file(&programs.generator)),
        input_validators: vec![Validator {
            program: file(&programs.validator),
            protocol: ValidatorProtocol::ExitZero,
        }],
        answer_validators: Vec::new(),
        checker: match &programs.checker {
            Some(checker) => Checker::Program {
                program: file(checker),
                protocol: CheckerProtocol::Testlib,
            },
            None => Checker::Default {
                flags: (programs.checker_flags_text.split_whitespace())
                    .map(str::to_string)
                    .collect(),
            },
        },
        checker_args: Vec::new(),
        interactor: programs.interactor.as_ref().map(|interactor| Interactor {
            program: file(&interactor.path),
            protocol: match interactor.protocol {
                Protocol::Kattis => InteractorProtocol::Kattis,
                Protocol::Testlib => InteractorProtocol::Testlib,
            },
        }),
        passes: None,
        reference: Some(file(&programs.reference)),
        brute: programs.brute.as_ref().map(file),
        // Our solutions are written and timed with CPython.
        python3: Python3::CPython,
        building: Building::default(),
    }
}

/// The example solutions of `dir`, each with what it is meant to get.
fn submissions(
    manifest: &Manifest,
    dir: &Path,
    warnings: &mut Vec<String>,
) -> Result<Vec<Submission>, ReadError> {
    let mut submissions = Vec::new();
    for SolutionFile { folder, file, path } in solutions_in(dir).map_err(ReadError::Files)? {
        let id = format!("solutions/{folder}/{file}");
        let expectation = match (
            manifest.expectation_of(&folder, &file),
            folder_verdict(&folder),
        ) {
            (Some(expected), _) => {
                let at =
                    |line: usize, col: usize| format!("{}:{line}:{col}", manifest.path.display());
                let written = format!("{} [expect]", at(expected.at.line, expected.at.col));
                Expectation {
                    origin: written.clone(),
                    verdicts: VerdictExpectation::Any,
                    score: Some(ScoreExpectation {
                        total: expected.score.map(|score| (score, score)),
                        groups: (expected.groups.iter())
                            .map(|group| GroupExpectation {
                                group: group.group.clone(),
                                verdict: group.verdict,
                                points: group.points,
                                at: Some(at(group.at.line, group.at.col)),
                            })
                            .collect(),
                        origin: Some(written),
                        full: None,
                        rule: ScoreRule::Listed,
                    }),
                }
            }
            (None, Some(verdict)) => Expectation {
                origin: format!("folder solutions/{folder}/"),
                verdicts: VerdictExpectation::Promised(verdict),
                score: None,
            },
            (None, None) => {
                warnings.push(format!(
                    "{id}: folder {folder}/ promises no verdict and {MANIFEST_FILE} has no \
                     [expect] entry for it: left out (verify fails it)"
                ));
                continue;
            }
        };
        submissions.push(Submission {
            id,
            program: ProgramFile::at(path),
            expectation,
            sets_time_limit: false,
        });
    }
    Ok(submissions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Verdict;

    #[test]
    fn a_catalog_problem_of_this_archive_reads_as_its_plan() {
        let problem = read_folder(Path::new("problems/stripes")).expect("reads");
        assert_eq!(
            (problem.name.as_str(), problem.format),
            ("stripes", Format::Ours)
        );
        let groups: Vec<&str> = problem.groups.iter().map(|g| g.name.as_str()).collect();
        assert_eq!(&groups[..3], ["sample", "min", "small"]);
        let min = problem.group("min").expect("min");
        assert_eq!(
            min.about.as_deref(),
            Some("every constraint at its minimum: lengths 1 1 1, one board of one cell")
        );
        let first = &problem.cases[0];
        assert_eq!((first.name.as_str(), first.kind), ("01", CaseKind::Sample));
        let testdata = std::path::absolute("testdata/stripes").expect("absolute");
        assert_eq!(first.input, CaseData::File(testdata.join("01.in")));
        assert!(problem.warnings.is_empty(), "{:?}", problem.warnings);
        let Checker::BuiltIn { name, portable } = &problem.programs.checker else {
            panic!("{:?}", problem.programs.checker)
        };
        assert_eq!(name, "the catalog's stripes checker");
        // Its answers are unique: a package compares them exactly.
        let exact = vec!["case_sensitive".to_string()];
        assert_eq!(portable, &PortableChecker::Compare { flags: exact });
        let Tool::BuiltIn { portable, .. } = &problem.programs.input_validators[0].program else {
            panic!("{:?}", problem.programs.input_validators)
        };
        let script = portable.as_ref().expect("a checktestdata script");
        assert_eq!(
            script.language,
            crate::model::PortableLanguage::Checktestdata
        );
        assert_eq!(script.files[0].0, "stripes.ctd");
        assert_eq!(problem.regeneration, Some(Regeneration::Plan));
        let accepted = (problem.submissions.iter())
            .find(|s| s.id.starts_with("solutions/accepted/"))
            .expect("an accepted solution");
        assert_eq!(
            accepted.expectation.verdicts,
            VerdictExpectation::Promised(Verdict::AC)
        );
    }

    #[test]
    fn a_declared_play_game_has_a_built_in_judge() {
        let problem = read_folder(Path::new("problems/take-1-3-4-play")).expect("reads");
        let interactor = problem.programs.interactor.expect("interactive");
        assert_eq!(interactor.protocol, InteractorProtocol::BuiltIn);
        let Tool::BuiltIn { name, portable } = &interactor.program else {
            panic!("{:?}", interactor.program)
        };
        assert_eq!(name, "the declared game take-1-3-4-play's judge");
        // The package's interactor plays the declared rules.
        let source = portable.as_ref().expect("an interactor in C++");
        let files: Vec<&str> = source.files.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(files, ["interactor.cpp", "play.h"]);
    }

    #[test]
    fn a_test_data_folder_unlike_the_plan_is_a_warning() {
        let resolved = resolve_folder(Path::new("problems/nim")).expect("resolves");
        let empty = tempfile::tempdir().expect("tempdir");
        let problem = read(&resolved, empty.path()).expect("reads");
        assert!(
            problem
                .warnings
                .iter()
                .any(|w| w.contains("the plan makes")),
            "{:?}",
            problem.warnings
        );
        let missing = read(&resolved, &empty.path().join("none")).expect("reads");
        assert!(
            missing
                .warnings
                .iter()
                .any(|w| w.contains("no test data yet")),
            "{:?}",
            missing.warnings
        );
    }
}
