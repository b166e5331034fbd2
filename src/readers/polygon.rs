//! Polygon packages into the model, translated from what [`crate::polygon`] reads
//! (docs/polygon.md):
//!
//! - **groups and cases**: each test of the testset `tests` is a case named by its input file
//!   (`tests/07` is `07`), a sample when `sample="true"`, in its Polygon group; without
//!   groups, the samples are in `sample` and the rest in `tests`. Every group's validator
//!   arguments are `--testset tests --group NAME`, as Polygon calls validators. Each case's
//!   input and answer are where the package holds them (`tests/07`, `tests/07.a`), whether
//!   or not they are there: a test the generators make, and an answer the main solution
//!   makes, are made by the plan of cases ([`plan`]: the generator runs of `<tests>`);
//! - **limits**: the testset's `time-limit` (ms) and `memory-limit` (bytes, held in KiB);
//! - **programs**: the checker and interactor with testlib's protocol, the validators
//!   (exit 0 accepts), the main solution as the reference; each C or C++ program has the
//!   package's `files/` on its include path (its `testlib.h`);
//! - **submissions**: every solution, held to its tag and its extra tags per group
//!   ([`tag_rule`]);
//! - **scoring**: when tests have points, each group's worth: a `complete-group` group earns
//!   its points when all its tests pass (and, with dependencies, all the tests of the groups
//!   it depends on, directly or not); an `each-test` group earns its tests' points each.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::ReadError;
use crate::model::{
    Building, CaseData, CaseKind, CasePlan, Checker, CheckerProtocol, Expectation, Format,
    Interactor, InteractorProtocol, LatexFrame, LimitTable, PlanOutput, PlanStep, PlannedFile,
    Problem, ProblemLimits, ProgramFile, Programs, Python3, Scoring, Statement, Submission,
    TestCase, TestGroup, TimeLimit, Tool, Validator, ValidatorProtocol, VerdictExpectation,
    VerdictRule, WallClock, SAMPLE_GROUP,
};
use crate::polygon::problem::{GroupXml, PointsPolicy, SourceFile, TestXml, JUDGED_TESTSET};
use crate::polygon::script::{ScriptStep, Writes};
use crate::polygon::statements::language_code;
use crate::polygon::Polygon;
use crate::score::{Aggregation, GroupRule, Total};
use crate::verdict::Verdict;

/// The group of the tests that are not samples, in a testset without groups.
const UNGROUPED: &str = "tests";

/// The package in the folder `dir`.
pub fn read_folder(dir: &std::path::Path) -> Result<Problem, ReadError> {
    read(&Polygon::load(dir).map_err(ReadError::Files)?)
}

/// The package `polygon`, read into the model and checked.
pub fn read(polygon: &Polygon) -> Result<Problem, ReadError> {
    let testset = polygon.tests();
    let mut warnings = polygon.warnings.clone();
    let mut unsupported = polygon.unsupported.clone();
    let judging = &polygon.xml.judging;
    for (name, file) in [
        ("input-file", &judging.input_file),
        ("output-file", &judging.output_file),
    ] {
        if let Some(file) = file {
            unsupported.push(format!(
                "{}: {name}=\"{file}\": programs that read or write named files instead of \
                 the standard streams are not supported yet (the model has no place to say \
                 it)",
                judging.at
            ));
        }
    }
    let missing =
        |what: &str| ReadError::Files(format!("{}: the testset tests has no <{what}>", testset.at));
    let time_ms = testset.time_limit_ms.ok_or_else(|| missing("time-limit"))?;
    let bytes = testset
        .memory_limit_bytes
        .ok_or_else(|| missing("memory-limit"))?;
    if bytes % 1024 != 0 {
        warnings.push(format!(
            "{}: a memory limit of {bytes} bytes is not a whole number of KiB: {} KiB is used",
            testset.at,
            bytes / 1024
        ));
    }
    let mut cases = Vec::new();
    let mut unanswered = Vec::new();
    for test in &testset.tests {
        let input = polygon.input(test).map_err(ReadError::Files)?;
        let answer = polygon.answer(test).map_err(ReadError::Files)?;
        let committed = input.is_file() && answer.as_ref().is_some_and(|a| a.is_file());
        if input.is_file() && !committed {
            unanswered.push(test.index);
        }
        cases.push(TestCase {
            name: file_name(&input),
            group: group_of(test),
            kind: match test.sample {
                true => CaseKind::Sample,
                false => CaseKind::Secret,
            },
            input: CaseData::File(input),
            answer,
            output: None,
            own_args: None,
        });
    }
    let plan = plan(polygon, &mut warnings).map_err(ReadError::Files)?;
    if !unanswered.is_empty() {
        warnings.push(format!(
            "{}: the answers of {} are not in the package (the main solution makes them)",
            testset.at,
            tests_named(&unanswered)
        ));
    }
    let (mut groups, scoring) = groups_and_scoring(polygon, &mut warnings, &mut unsupported);
    let windows = for_windows(&cases);
    let plan = CasePlan {
        crlf: windows,
        ..plan
    };
    let programs = programs(polygon, windows, &mut warnings);
    cases.extend(jury_tests(polygon, &mut groups, &mut warnings).map_err(ReadError::Files)?);
    Problem {
        name: polygon.name(),
        format: Format::Polygon,
        root: polygon.root.clone(),
        // Its cases name their files, which its plan may make elsewhere.
        tests_dir: polygon.root.clone(),
        statements: statements(polygon, &mut warnings),
        limits: ProblemLimits {
            time: TimeLimit::Fixed(Duration::from_millis(time_ms)),
            memory_kib: bytes / 1024,
            output_mib: None,
            overrides: LimitTable::default(),
            by_language: Default::default(),
            wall: WallClock::Twice,
            validation: None,
        },
        submissions: submissions(polygon, &cases, &mut warnings),
        left_out: Vec::new(),
        groups,
        cases,
        programs,
        scoring,
        regeneration: None,
        plan: Some(plan),
        whole_verdict: None,
        warnings,
        unsupported,
    }
    .checked()
    .map_err(ReadError::from)
}

/// How the tests the package does not commit are made: each generator run of `<tests>` (a
/// generator named by an executable of the package), writing the tests it names. The steps
/// `doall.sh` takes, when it is there, are the same runs; where they are not, a warning says
/// so (`problem.xml` is what Polygon makes the tests from).
fn plan(polygon: &Polygon, warnings: &mut Vec<String>) -> Result<CasePlan, String> {
    let testset = polygon.tests();
    let case_of = |index: usize| -> Result<String, String> {
        let test = (testset.tests.iter())
            .find(|t| t.index == index)
            .ok_or_else(|| format!("{}: the testset has no test {index}", testset.at))?;
        Ok(file_name(&polygon.input(test)?))
    };
    let mut steps = Vec::new();
    for step in &polygon.steps {
        let ScriptStep::Generate {
            generator,
            args,
            writes,
            at,
        } = step
        else {
            continue;
        };
        let source = (polygon.xml.executables.iter())
            .find(|e| {
                e.path
                    .file_stem()
                    .is_some_and(|stem| stem == generator.as_str())
            })
            .ok_or_else(|| {
                format!(
                    "{at}: generator {generator:?} is not an executable of the package \
                     (<files><executables> names none with that name)"
                )
            })?;
        steps.push(PlanStep {
            name: generator.clone(),
            program: file(polygon, source),
            args: args.clone(),
            writes: match writes {
                Writes::Stdout { test } => PlanOutput::Stdout {
                    case: case_of(*test)?,
                },
                Writes::Files(files) => PlanOutput::Files(
                    (files.iter())
                        .map(|(test, file)| {
                            Ok(PlannedFile {
                                case: case_of(*test)?,
                                file: file.clone(),
                            })
                        })
                        .collect::<Result<_, String>>()?,
                ),
            },
            at: at.clone(),
        });
    }
    if let Some(doall) = &polygon.doall {
        let runs = |steps: &[ScriptStep]| -> Vec<(String, Vec<String>, Vec<usize>)> {
            (steps.iter())
                .filter_map(|step| match step {
                    ScriptStep::Generate {
                        generator, args, ..
                    } => Some((generator.clone(), args.clone(), step.tests())),
                    ScriptStep::Manual { .. } => None,
                })
                .collect()
        };
        if runs(doall) != runs(&polygon.steps) {
            warnings.push(format!(
                "{}: doall.sh runs other generators than <tests> says: the tests are made \
                 as problem.xml says",
                polygon.root.join("doall.sh").display()
            ));
        }
    }
    Ok(CasePlan { steps, crlf: false })
}

/// The name of a path's last part (`tests/07`: `07`).
fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// `test 4`, or `tests 2-5, 9` (runs of numbers joined).
fn tests_named(numbers: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &n in numbers {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == n => *last = n,
            _ => runs.push((n, n)),
        }
    }
    let said: Vec<String> = (runs.iter())
        .map(|&(a, b)| match a == b {
            true => a.to_string(),
            false => format!("{a}-{b}"),
        })
        .collect();
    match numbers.len() {
        1 => format!("test {}", said[0]),
        _ => format!("tests {}", said.join(", ")),
    }
}

/// The model's group of a test: its Polygon group; without one, `sample` or `tests`.
fn group_of(test: &TestXml) -> String {
    match (&test.group, test.sample) {
        (Some(group), _) => group.clone(),
        (None, true) => SAMPLE_GROUP.to_string(),
        (None, false) => UNGROUPED.to_string(),
    }
}

/// The model's groups (the tests' in judging order, then the groups without tests) and the
/// scoring, when the tests have points.
fn groups_and_scoring(
    polygon: &Polygon,
    warnings: &mut Vec<String>,
    unsupported: &mut Vec<String>,
) -> (Vec<TestGroup>, Option<Scoring>) {
    let testset = polygon.tests();
    let mut names: Vec<String> = Vec::new();
    let declared = testset.groups.iter().map(|g| g.name.clone());
    for name in testset.tests.iter().map(group_of).chain(declared) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let groups = (names.iter())
        .map(|name| TestGroup {
            name: name.clone(),
            input_validator_args: [
                "--testset",
                JUDGED_TESTSET,
                "--group",
                match testset.groups.is_empty() {
                    true => "",
                    false => name,
                },
            ]
            .map(str::to_string)
            .to_vec(),
            ..TestGroup::default()
        })
        .collect();
    let scored = (testset.tests.iter().any(|t| t.points.is_some()))
        || testset.groups.iter().any(|g| g.points.is_some());
    if !scored {
        return (groups, None);
    }
    let policy =
        |name: &str| -> Option<&GroupXml> { testset.groups.iter().find(|g| g.name == name) };
    let mut rules = Vec::new();
    let mut dependencies = Vec::new();
    for name in &names {
        let tests: Vec<&TestXml> = (testset.tests.iter())
            .filter(|t| group_of(t) == *name)
            .collect();
        let sum: f64 = tests.iter().filter_map(|t| t.points).sum();
        let group = policy(name);
        let each_test = group.is_none_or(|g| g.points_policy == PointsPolicy::EachTest);
        let at = group.map_or(testset.at.as_str(), |g| g.at.as_str());
        let rule = match each_test {
            false => {
                let points = group.and_then(|g| g.points).unwrap_or(sum);
                if (points - sum).abs() > 1e-9 && tests.iter().any(|t| t.points.is_some()) {
                    warnings.push(format!(
                        "{at}: group {name} is worth {points} points, and its tests' points \
                         add up to {sum}: the group's are used"
                    ));
                }
                GroupRule {
                    name: name.clone(),
                    points,
                    aggregation: Aggregation::Min,
                }
            }
            true => {
                let each: BTreeSet<u64> = tests
                    .iter()
                    .map(|t| t.points.unwrap_or(0.0).to_bits())
                    .collect();
                if each.len() > 1 {
                    unsupported.push(format!(
                        "{at}: group {name} scores each test, and its tests are worth \
                         different points: the model gives each test of a group an equal share"
                    ));
                }
                if let Some(points) = group
                    .and_then(|g| g.points)
                    .filter(|p| (p - sum).abs() > 1e-9)
                {
                    warnings.push(format!(
                        "{at}: group {name} is worth {points} points, and its tests' points \
                         add up to {sum}: each test earns its own"
                    ));
                }
                GroupRule {
                    name: name.clone(),
                    points: sum,
                    aggregation: Aggregation::Sum,
                }
            }
        };
        if let Some(group) = group.filter(|g| !g.dependencies.is_empty()) {
            match each_test {
                true => unsupported.push(format!(
                    "{}: group {name} scores each test and depends on other groups: the model \
                     lowers such a group by its prerequisites' tests, where Polygon scores it \
                     nothing when one fails",
                    group.at
                )),
                false => dependencies.push((
                    name.clone(),
                    prerequisites(testset.groups.as_slice(), group),
                )),
            }
        }
        rules.push(rule);
    }
    (
        groups,
        Some(Scoring {
            rules,
            dependencies,
            total: Total::Sum,
            pass_fail: Vec::new(),
            time_scaled: false,
            whole_tests: false,
            by_graders: false,
            contest_type: None,
        }),
    )
}

/// Every group `group` depends on, directly or through others, in the order first met: a
/// group whose prerequisite scored nothing scores nothing, so a group after it neither.
fn prerequisites(groups: &[GroupXml], group: &GroupXml) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut pending: Vec<&str> = group.dependencies.iter().map(String::as_str).collect();
    while let Some(name) = pending.pop() {
        if name == group.name || found.iter().any(|f| f == name) {
            continue;
        }
        found.push(name.to_string());
        if let Some(next) = groups.iter().find(|g| g.name == name) {
            pending.extend(next.dependencies.iter().map(String::as_str));
        }
    }
    found
}

/// A program of the package, its language told by Polygon's type.
fn file(polygon: &Polygon, source: &SourceFile) -> ProgramFile {
    ProgramFile {
        path: polygon.root.join(&source.path),
        unsupported: None,
        language: source.kind.as_deref().and_then(language_of),
        entrypoint: None,
        include: polygon.include_dir().into_iter().collect(),
        defines: Vec::new(),
    }
}

/// Whether the package was exported for Windows: its committed test inputs end their lines
/// with CR LF (Polygon writes a Windows package's tests so, and judges them on Windows, where
/// testlib reads a line's end as CR LF; built here, testlib takes LF alone unless
/// `FOR_WINDOWS` is defined).
fn for_windows(cases: &[TestCase]) -> bool {
    let first_line_end = |path: &std::path::Path| {
        let bytes = std::fs::read(path).ok()?;
        let at = bytes.iter().position(|&b| b == b'\n')?;
        Some(at > 0 && bytes[at - 1] == b'\r')
    };
    let mut ends = (cases.iter()).filter_map(|case| match &case.input {
        CaseData::File(path) => first_line_end(path),
        CaseData::Inline(_) => None,
    });
    ends.next()
        .is_some_and(|first| first && ends.all(|crlf| crlf))
}

/// The language code (docs of `crate::run::language`) of Polygon's source type
/// (`cpp.g++17`, `python.3`, `java11`); `None` for one stonejudge tells from the extension.
fn language_of(kind: &str) -> Option<String> {
    let code = match kind {
        k if k.starts_with("cpp.") => "cpp",
        k if k.starts_with("c.") => "c",
        k if k.starts_with("python.pypy3") => "pypy3",
        "python.3" => "python3",
        k if k.starts_with("java") => "java",
        k if k.starts_with("kotlin") => "kotlin",
        k if k.starts_with("csharp") => "csharp",
        k if k.starts_with("rust") => "rust",
        k if k.starts_with("go") => "go",
        k if k.starts_with("haskell") => "haskell",
        k if k.starts_with("ocaml") => "ocaml",
        k if k.starts_with("js") || k.starts_with("nodejs") => "javascript",
        _ => return None,
    };
    Some(code.to_string())
}

/// The jury's programs: checker and interactor (testlib's protocol), validators (built with
/// `FOR_WINDOWS` in a package `for_windows`), the main solution.
fn programs(polygon: &Polygon, windows: bool, warnings: &mut Vec<String>) -> Programs {
    let xml = &polygon.xml;
    let tool = |source: &SourceFile| Tool::Program(file(polygon, source));
    let main = xml.solutions.iter().find(|s| s.tag == "main");
    if main.is_none() {
        warnings.push(format!(
            "{}: no solution is tagged main: nothing makes the answers",
            polygon.root.join(crate::polygon::PROBLEM_XML).display()
        ));
    }
    Programs {
        generator: None,
        input_validators: (xml.validators.iter())
            .map(|v| {
                let mut program = file(polygon, &v.source);
                if windows {
                    program.defines.push("FOR_WINDOWS".to_string());
                }
                Validator {
                    program: Tool::Program(program),
                    protocol: ValidatorProtocol::ExitZero,
                }
            })
            .collect(),
        answer_validators: Vec::new(),
        checker: match &xml.checker {
            Some(checker) => Checker::Program {
                program: tool(&checker.source),
                protocol: CheckerProtocol::Testlib,
            },
            None => Checker::default(),
        },
        checker_args: Vec::new(),
        interactor: xml.interactor.as_ref().map(|source| Interactor {
            program: tool(source),
            protocol: InteractorProtocol::Testlib,
        }),
        passes: None,
        reference: main.map(|s| tool(&s.source)),
        brute: None,
        python3: Python3::CPython,
        building: Building::default(),
    }
}

/// The checker's tests (an output it must accept, `ok`, or reject, `wrong-answer` and
/// `presentation-error`) and the validator's (an input it must reject, `invalid`), as cases
/// of the groups `valid_output`, `invalid_output` and `invalid_input`. What the model cannot
/// hold (an input a validator must accept, a checker that must fail) is a warning.
fn jury_tests(
    polygon: &Polygon,
    groups: &mut Vec<TestGroup>,
    warnings: &mut Vec<String>,
) -> Result<Vec<TestCase>, String> {
    let xml = &polygon.xml;
    let mut cases = Vec::new();
    let root = &polygon.root;
    let path = |pattern: &Option<String>, test: &TestXml| -> Result<Option<PathBuf>, String> {
        let Some(pattern) = pattern else {
            return Ok(None);
        };
        let written = crate::polygon::fill(pattern, test.index)
            .ok_or_else(|| format!("{}: {pattern:?}: expected a path with one %d", test.at))?;
        crate::within::relative_inside(&written).map_err(|why| format!("{}: {why}", test.at))?;
        let path = root.join(written);
        match path.is_file() {
            true => Ok(Some(path)),
            false => Err(format!(
                "{}: {} is not in the package",
                test.at,
                path.display()
            )),
        }
    };
    let mut add = |kind: CaseKind, group: &str, input: PathBuf, answer, output| {
        if !groups.iter().any(|g| g.name == group) {
            groups.push(TestGroup {
                name: group.to_string(),
                ..TestGroup::default()
            });
        }
        cases.push(TestCase {
            name: format!("{group}/{}", file_name(&input)),
            group: group.to_string(),
            kind,
            input: CaseData::File(input),
            answer,
            output,
            own_args: None,
        });
    };
    let validators_with_tests = xml.validators.iter().filter(|v| v.tests.is_some()).count();
    for validator in &xml.validators {
        let Some(tests) = &validator.tests else {
            continue;
        };
        for test in &tests.tests {
            match (test.verdict.as_deref(), validators_with_tests) {
                (Some("invalid"), 1) => {
                    let input = path(&tests.input_pattern, test)?.ok_or_else(|| {
                        format!(
                            "{}: the validator's tests have no <input-path-pattern>",
                            tests.at
                        )
                    })?;
                    add(CaseKind::InvalidInput, "invalid_input", input, None, None);
                }
                (Some("valid"), _) => {}
                (verdict, _) => warnings.push(format!(
                    "{}: validator test {} ({}): not read (the model holds the inputs every \
                     validator must reject)",
                    test.at,
                    test.index,
                    verdict.unwrap_or("no verdict")
                )),
            }
        }
    }
    if let Some(tests) = xml.checker.as_ref().and_then(|c| c.tests.as_ref()) {
        for test in &tests.tests {
            let kind = match test.verdict.as_deref() {
                Some("ok") => CaseKind::ValidOutput,
                Some("wrong-answer" | "presentation-error") => CaseKind::InvalidOutput,
                verdict => {
                    warnings.push(format!(
                        "{}: checker test {} ({}): not read (the model holds outputs a checker \
                         accepts or rejects)",
                        test.at,
                        test.index,
                        verdict.unwrap_or("no verdict")
                    ));
                    continue;
                }
            };
            let missing =
                |what: &str| format!("{}: the checker's tests have no <{what}>", tests.at);
            let input =
                path(&tests.input_pattern, test)?.ok_or_else(|| missing("input-path-pattern"))?;
            let output =
                path(&tests.output_pattern, test)?.ok_or_else(|| missing("output-path-pattern"))?;
            let answer = path(&tests.answer_pattern, test)?;
            let group = match kind {
                CaseKind::ValidOutput => "valid_output",
                _ => "invalid_output",
            };
            add(kind, group, input, answer, Some(output));
        }
    }
    Ok(cases)
}

/// The statements: each language's name and its LaTeX statement, the main language first.
fn statements(polygon: &Polygon, warnings: &mut Vec<String>) -> Vec<Statement> {
    let xml = &polygon.xml;
    let mut languages: Vec<(&str, bool)> = Vec::new();
    for (language, main) in (xml.names.iter().map(|n| (n.language.as_str(), n.main)))
        .chain(xml.statements.iter().map(|s| (s.language.as_str(), false)))
    {
        match languages.iter_mut().find(|(l, _)| *l == language) {
            Some((_, was)) => *was |= main,
            None => languages.push((language, main)),
        }
    }
    languages.sort_by_key(|(_, main)| !main);
    (languages.into_iter())
        .map(|(language, _)| {
            let code = language_code(language)
                .map(str::to_string)
                .unwrap_or_else(|| {
                    warnings.push(format!(
                        "{}: language {language:?} is not one Polygon names: kept as written",
                        polygon.root.join(crate::polygon::PROBLEM_XML).display()
                    ));
                    language.to_string()
                });
            let properties = (polygon.properties.iter()).find(|(l, _)| l == language);
            let title = (xml
                .names
                .iter()
                .find(|n| n.language == language)
                .map(|n| n.value.clone()))
            .or_else(|| properties.and_then(|(_, p)| p.name.clone()))
            .unwrap_or_else(|| polygon.name());
            let path = (xml.statements.iter())
                .find(|s| s.language == language && s.kind == "application/x-tex")
                .map(|s| polygon.root.join(&s.path));
            let frame = path
                .as_deref()
                .map(|path| olymp_frame(polygon, language, path));
            Statement {
                language: code,
                title,
                path,
                frame,
            }
        })
        .collect()
}

/// The document Polygon compiles a `problem.tex` of `language` in (its `statements.ftl`,
/// with the packages a TeX Live installation has): `olymp.sty` from the package's `files/`,
/// and the sample files (`example.NN`, `example.NN.a`) beside the statement.
fn olymp_frame(polygon: &Polygon, language: &str, statement: &Path) -> LatexFrame {
    let (encoding, babel, olymp) = match language {
        "russian" => (
            "\\usepackage[T2A]{fontenc}\n",
            "english, russian",
            "[russian]",
        ),
        "ukrainian" => (
            "\\usepackage[T2A]{fontenc}\n",
            "english, ukrainian",
            "[ukrainian]",
        ),
        _ => ("", "english", ""),
    };
    let preamble = format!(
        "\\documentclass[11pt, a4paper, oneside]{{article}}\n{encoding}\
         \\usepackage[utf8]{{inputenc}}\n\\usepackage[{babel}]{{babel}}\n\
         \\usepackage{{amsmath}}\n\\usepackage{{amssymb}}\n\\usepackage{{graphicx}}\n\
         \\usepackage{olymp}{{olymp}}\n\\begin{{document}}\n\\contest{{}}{{}}{{}}\n\
         \\renewcommand{{\\t}}{{\\texttt}}\n"
    );
    let style = polygon.root.join("files/olymp.sty");
    let samples = (statement.parent())
        .and_then(|dir| std::fs::read_dir(dir).ok())
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with("example.") && path.is_file()
        });
    let mut files: Vec<PathBuf> = style.is_file().then_some(style).into_iter().collect();
    let mut samples: Vec<PathBuf> = samples.collect();
    samples.sort();
    files.extend(samples);
    LatexFrame { preamble, files }
}

/// Every solution, held to its tag and its extra tags; one with a tag Polygon does not have
/// is left out with a warning.
fn submissions(
    polygon: &Polygon,
    cases: &[TestCase],
    warnings: &mut Vec<String>,
) -> Vec<Submission> {
    let mut read = Vec::new();
    'solutions: for solution in &polygon.xml.solutions {
        let id = solution.source.path.to_string_lossy().into_owned();
        let mut rules = Vec::new();
        let tags = std::iter::once((None, solution.tag.as_str(), solution.at.as_str())).chain(
            solution
                .extra
                .iter()
                .map(|e| (Some(e.group.as_str()), e.tag.as_str(), e.at.as_str())),
        );
        for (group, tag, at) in tags {
            let tests = match group {
                None => None,
                Some(group) => {
                    let names: Vec<&str> = (cases.iter())
                        .filter(|c| c.kind.is_judged() && c.group == group)
                        .map(|c| c.name.as_str())
                        .collect();
                    match names.as_slice() {
                        [] => continue,
                        [one] => Some(one.to_string()),
                        _ => Some(format!("{{{}}}", names.join(","))),
                    }
                }
            };
            let origin = match group {
                None => format!("{at} tag {tag}"),
                Some(group) => format!("{at} tag {tag} on group {group}"),
            };
            match tag_rule(tag, tests, origin) {
                Some(rule) => rules.push(rule),
                None => {
                    warnings.push(format!(
                        "{at}: {id}: tag {tag:?} is not one Polygon has: the solution is left out"
                    ));
                    continue 'solutions;
                }
            }
        }
        read.push(Submission {
            id,
            program: file(polygon, &solution.source),
            expectation: Expectation {
                origin: format!("{} tag {}", solution.at, solution.tag),
                verdicts: VerdictExpectation::Rules(rules),
                score: None,
            },
            sets_time_limit: false,
        });
    }
    read
}

/// What a solution tagged `tag` must get on `tests` (every test when `None`), as Polygon's
/// invocations read the tag: each verdict it allows on every test, and the one it needs on
/// at least one; `None` for a tag Polygon does not have.
///
/// A tag naming one verdict allows that verdict or AC on each test and needs it once (so a
/// solution with a WA and a TLE is neither `wrong-answer` nor `time-limit-exceeded`, but
/// `rejected`); `time-limit-exceeded-or-accepted` allows TLE or AC and needs nothing;
/// `rejected` needs any rejection (a judge error is never the solution's); `failed` needs the
/// checker to fail (JE), as when a solution finds a better answer than the jury's.
pub fn tag_rule(tag: &str, tests: Option<String>, origin: String) -> Option<VerdictRule> {
    use Verdict::*;
    let rejections = vec![WA, PE, TLE, MLE, OLE, RE];
    let (permitted, required): (Option<Vec<Verdict>>, Option<Vec<Verdict>>) = match tag {
        "main" | "accepted" => (Some(vec![AC]), None),
        "wrong-answer" => (Some(vec![AC, WA]), Some(vec![WA])),
        "presentation-error" => (Some(vec![AC, PE]), Some(vec![PE])),
        "time-limit-exceeded" => (Some(vec![AC, TLE]), Some(vec![TLE])),
        "memory-limit-exceeded" => (Some(vec![AC, MLE]), Some(vec![MLE])),
        "time-limit-exceeded-or-accepted" => (Some(vec![AC, TLE]), None),
        "time-limit-exceeded-or-memory-limit-exceeded" => {
            (Some(vec![AC, TLE, MLE]), Some(vec![TLE, MLE]))
        }
        "rejected" => (
            Some([vec![AC], rejections.clone()].concat()),
            Some(rejections),
        ),
        "failed" => (Some(vec![AC, JE]), Some(vec![JE])),
        _ => return None,
    };
    Some(VerdictRule {
        origin,
        tests,
        permitted,
        required,
        message: None,
        at_higher_limit: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_tag_allows_and_needs_what_polygon_s_invocations_do() {
        let rule = |tag: &str| tag_rule(tag, None, String::new()).expect("a tag");
        let wa = rule("wrong-answer");
        assert_eq!(wa.permitted, Some(vec![Verdict::AC, Verdict::WA]));
        assert_eq!(wa.required, Some(vec![Verdict::WA]));
        assert_eq!(rule("accepted").required, None);
        assert_eq!(rule("time-limit-exceeded-or-accepted").required, None);
        let tm = rule("time-limit-exceeded-or-memory-limit-exceeded");
        assert_eq!(tm.required, Some(vec![Verdict::TLE, Verdict::MLE]));
        let rejected = rule("rejected");
        assert!(!rejected
            .permitted
            .as_ref()
            .expect("some")
            .contains(&Verdict::JE));
        assert!(!rejected
            .required
            .as_ref()
            .expect("some")
            .contains(&Verdict::AC));
        assert_eq!(rule("failed").required, Some(vec![Verdict::JE]));
        assert!(tag_rule("do-not-run", None, String::new()).is_none());
    }

    #[test]
    fn prerequisites_are_followed_through_and_numbers_are_said_as_runs() {
        let group = |name: &str, deps: &[&str]| GroupXml {
            name: name.to_string(),
            points: None,
            points_policy: PointsPolicy::CompleteGroup,
            feedback_policy: None,
            dependencies: deps.iter().map(|d| d.to_string()).collect(),
            at: String::new(),
        };
        let groups = [
            group("a", &[]),
            group("b", &["a"]),
            group("c", &["b"]),
            group("d", &["c", "d"]),
        ];
        assert_eq!(prerequisites(&groups, &groups[3]), ["c", "b", "a"]);
        assert_eq!(tests_named(&[4]), "test 4");
        assert_eq!(tests_named(&[2, 3, 4, 5, 9]), "tests 2-5, 9");
        assert_eq!(language_of("cpp.g++17").as_deref(), Some("cpp"));
        assert_eq!(language_of("python.3").as_deref(), Some("python3"));
        assert_eq!(language_of("pascal.fpc"), None);
    }
}
