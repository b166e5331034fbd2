//! `problem.xml` read whole into typed values: names, statements, the judging testsets with
//! their tests and groups, resources and executables, the checker with its tests, the
//! validators with theirs, the interactor, and the solutions with their tags. Every value
//! keeps its place (`problem.xml:line:col`) for the messages of whoever uses it.
//!
//! What the file says that stonejudge does not read is a warning at its place; what it asks
//! for that stonejudge does not do is "not supported" at its place (`Notes`). Windows
//! binaries (`<binary type="exe.win32">`) are noted and left: sources are compiled.

use std::path::PathBuf;

use super::xml::{boolean, points, whole, Element, Notes};

/// What `problem.xml` says.
#[derive(Debug, Clone, PartialEq)]
pub struct ProblemXml {
    /// `short-name`, the problem's id in Polygon.
    pub short_name: Option<String>,
    /// Its name in each language, in the file's order.
    pub names: Vec<Name>,
    pub statements: Vec<StatementEntry>,
    pub judging: JudgingXml,
    /// `<files><resources>`: headers (`testlib.h`), `olymp.sty`, statement templates.
    pub resources: Vec<SourceFile>,
    /// `<files><executables>`: generators and other programs the tests are made with.
    pub executables: Vec<SourceFile>,
    pub checker: Option<CheckerXml>,
    pub interactor: Option<SourceFile>,
    pub validators: Vec<ValidatorXml>,
    pub solutions: Vec<SolutionXml>,
    /// The Windows binaries the file names (`.exe`), left for their sources.
    pub binaries: Vec<PathBuf>,
}

/// One name of the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    /// Polygon's language name (`english`, `russian`).
    pub language: String,
    pub value: String,
    /// `main="true"`: the problem's main language.
    pub main: bool,
}

/// One `<statement>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementEntry {
    pub language: String,
    pub path: PathBuf,
    /// Its MIME type (`application/x-tex`, `text/html`, `application/pdf`).
    pub kind: String,
    pub at: String,
}

/// `<judging>`: where programs read and write, and the testsets.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgingXml {
    /// `input-file`: `None` for standard input (Polygon writes `""` or `stdin`).
    pub input_file: Option<String>,
    /// `output-file`: `None` for standard output.
    pub output_file: Option<String>,
    pub testsets: Vec<Testset>,
    pub at: String,
}

/// A testset: the problem's (`tests`), or a checker's or validator's own tests.
#[derive(Debug, Clone, PartialEq)]
pub struct Testset {
    pub name: Option<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_bytes: Option<u64>,
    pub test_count: Option<usize>,
    pub input_pattern: Option<String>,
    pub output_pattern: Option<String>,
    pub answer_pattern: Option<String>,
    /// In order: the first is test 1.
    pub tests: Vec<TestXml>,
    pub groups: Vec<GroupXml>,
    pub at: String,
}

/// One `<test>`.
#[derive(Debug, Clone, PartialEq)]
pub struct TestXml {
    /// Its number, from 1, as the path patterns and the script number it.
    pub index: usize,
    pub method: Method,
    /// The generator's command line of a generated test (`gen 10 3`).
    pub cmd: Option<String>,
    /// The file the generator writes this test into, when it writes several (`gen > {4-10}`).
    pub from_file: Option<String>,
    pub sample: bool,
    pub group: Option<String>,
    pub points: Option<f64>,
    pub description: Option<String>,
    /// A checker's or validator's test: what it must say.
    pub verdict: Option<String>,
    pub at: String,
}

/// How a test is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// A file of the package.
    Manual,
    /// By a generator, from its `cmd`.
    Generated,
}

/// One `<group>` of a testset.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupXml {
    pub name: String,
    pub points: Option<f64>,
    pub points_policy: PointsPolicy,
    /// What a contestant is shown (`complete`, `icpc`, `points`, `none`): read, and changes
    /// nothing of a verdict or a score.
    pub feedback_policy: Option<String>,
    /// The groups that must be passed first.
    pub dependencies: Vec<String>,
    pub at: String,
}

/// How a group earns its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointsPolicy {
    /// Its points only when every test passes.
    CompleteGroup,
    /// Each passed test earns its own points.
    EachTest,
}

/// A program's source as the file names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    pub path: PathBuf,
    /// Polygon's type (`cpp.g++17`, `python.3`, `h.g++`), when given.
    pub kind: Option<String>,
    pub at: String,
}

/// `<checker>`.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckerXml {
    /// `std::ncmp.cpp` for a checker of testlib's library.
    pub name: Option<String>,
    /// `testlib` (the only type Polygon has).
    pub kind: String,
    pub source: SourceFile,
    /// Its tests: an input, an output and an answer each, with the verdict it must give.
    pub tests: Option<Testset>,
    pub at: String,
}

/// One `<validator>`.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidatorXml {
    pub source: SourceFile,
    /// Its tests: inputs it must call `valid` or `invalid`.
    pub tests: Option<Testset>,
}

/// One `<solution>`.
#[derive(Debug, Clone, PartialEq)]
pub struct SolutionXml {
    /// Its tag as written (`main`, `wrong-answer`, …).
    pub tag: String,
    pub source: SourceFile,
    /// `<extra-tags>`: what it must get on some groups.
    pub extra: Vec<ExtraTag>,
    pub at: String,
}

/// An `<extra-tag>`: a solution's tag on one group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtraTag {
    pub group: String,
    pub tag: String,
    pub at: String,
}

/// The name of the testset submissions are judged on.
pub const JUDGED_TESTSET: &str = "tests";

impl ProblemXml {
    /// `problem.xml` from its root element; errors name `file:line:col`.
    pub fn read(problem: Element, notes: &mut Notes) -> Result<ProblemXml, String> {
        if problem.name() != "problem" {
            return Err(format!(
                "{}: the root element is <{}>, expected <problem>",
                problem.at(),
                problem.name()
            ));
        }
        problem.known(
            &["revision", "short-name", "url"],
            &[
                "names",
                "statements",
                "tutorials",
                "judging",
                "files",
                "assets",
                "properties",
                "stresses",
                "materials",
                "documents",
                "tags",
            ],
            notes,
        );
        let mut binaries = Vec::new();
        let files = problem.one("files")?;
        let resources = match files.map(|f| f.one("resources")).transpose()?.flatten() {
            Some(resources) => files_of(resources, notes, &mut binaries)?,
            None => Vec::new(),
        };
        let executables = match files.map(|f| f.one("executables")).transpose()?.flatten() {
            Some(executables) => executables_of(executables, notes, &mut binaries)?,
            None => Vec::new(),
        };
        if let Some(files) = files {
            files.known(&[], &["resources", "executables", "attachments"], notes);
        }
        let judging = problem
            .one("judging")?
            .ok_or_else(|| format!("{}: <problem> has no <judging>", problem.at()))?;
        let assets = problem.one("assets")?;
        let (checker, interactor, validators, solutions) = match assets {
            Some(assets) => {
                assets.known(
                    &[],
                    &["checker", "interactor", "validators", "solutions", "scorer"],
                    notes,
                );
                for scorer in assets.all("scorer") {
                    notes.unsupported.push(format!(
                        "{}: a scorer program: not supported, the points come from the \
                         groups' policies",
                        scorer.at()
                    ));
                }
                let validators = match assets.one("validators")? {
                    Some(list) => {
                        list.known(&[], &["validator"], notes);
                        (list.all("validator"))
                            .map(|v| validator(v, notes, &mut binaries))
                            .collect::<Result<Vec<_>, _>>()?
                    }
                    None => Vec::new(),
                };
                let solutions = match assets.one("solutions")? {
                    Some(list) => {
                        list.known(&[], &["solution"], notes);
                        (list.all("solution"))
                            .map(|s| solution(s, notes, &mut binaries))
                            .collect::<Result<Vec<_>, _>>()?
                    }
                    None => Vec::new(),
                };
                (
                    (assets.one("checker")?)
                        .map(|c| checker(c, notes, &mut binaries))
                        .transpose()?,
                    (assets.one("interactor")?)
                        .map(|i| interactor(i, notes, &mut binaries))
                        .transpose()?,
                    validators,
                    solutions,
                )
            }
            None => (None, None, Vec::new(), Vec::new()),
        };
        Ok(ProblemXml {
            short_name: problem.attribute("short-name").map(str::to_string),
            names: match problem.one("names")? {
                Some(names) => names_of(names, notes)?,
                None => Vec::new(),
            },
            statements: match problem.one("statements")? {
                Some(statements) => statements_of(statements, notes)?,
                None => Vec::new(),
            },
            judging: judging_of(judging, notes)?,
            resources,
            executables,
            checker,
            interactor,
            validators,
            solutions,
            binaries,
        })
    }

    /// The testset submissions are judged on (`tests`).
    pub fn judged(&self) -> Option<&Testset> {
        (self.judging.testsets.iter()).find(|t| t.name.as_deref() == Some(JUDGED_TESTSET))
    }
}

fn names_of(names: Element, notes: &mut Notes) -> Result<Vec<Name>, String> {
    names.known(&[], &["name"], notes);
    (names.all("name"))
        .map(|name| {
            name.known(&["language", "value", "main"], &[], notes);
            Ok(Name {
                language: name.required("language")?.to_string(),
                value: name.required("value")?.to_string(),
                main: name.parsed("main", boolean)?.unwrap_or(false),
            })
        })
        .collect()
}

fn statements_of(statements: Element, notes: &mut Notes) -> Result<Vec<StatementEntry>, String> {
    statements.known(&[], &["statement"], notes);
    (statements.all("statement"))
        .map(|statement| {
            statement.known(
                &["charset", "language", "mathjax", "path", "type"],
                &[],
                notes,
            );
            Ok(StatementEntry {
                language: statement.required("language")?.to_string(),
                path: PathBuf::from(statement.required("path")?),
                kind: statement.required("type")?.to_string(),
                at: statement.at(),
            })
        })
        .collect()
}

fn judging_of(judging: Element, notes: &mut Notes) -> Result<JudgingXml, String> {
    judging.known(
        &[
            "cpu-name",
            "cpu-speed",
            "input-file",
            "output-file",
            "run-count",
        ],
        &["testset"],
        notes,
    );
    // Polygon writes "" (or stdin / stdout) for the standard streams.
    let named = |name: &str, stream: &str| {
        judging
            .attribute(name)
            .filter(|file| !file.is_empty() && *file != stream)
            .map(str::to_string)
    };
    if let Some(runs) = judging.parsed("run-count", whole)? {
        if runs > 1 {
            notes.unsupported.push(format!(
                "{}: run-count=\"{runs}\": running each solution several times on a test is \
                 not supported",
                judging.at_attribute("run-count")
            ));
        }
    }
    Ok(JudgingXml {
        input_file: named("input-file", "stdin"),
        output_file: named("output-file", "stdout"),
        testsets: (judging.all("testset"))
            .map(|testset| testset_of(testset, notes))
            .collect::<Result<Vec<_>, _>>()?,
        at: judging.at(),
    })
}

fn testset_of(testset: Element, notes: &mut Notes) -> Result<Testset, String> {
    testset.known(
        &["name"],
        &[
            "time-limit",
            "memory-limit",
            "test-count",
            "input-path-pattern",
            "output-path-pattern",
            "answer-path-pattern",
            "tests",
            "groups",
        ],
        notes,
    );
    let number = |name: &'static str| -> Result<Option<u64>, String> {
        testset.one(name)?.map(|e| e.value(whole)).transpose()
    };
    let text = |name: &'static str| -> Result<Option<String>, String> {
        Ok(testset
            .one(name)?
            .map(|e| e.text())
            .transpose()?
            .map(str::to_string))
    };
    let tests = match testset.one("tests")? {
        Some(tests) => {
            tests.known(&[], &["test"], notes);
            (tests.all("test").enumerate())
                .map(|(i, test)| test_of(i + 1, test, notes))
                .collect::<Result<Vec<_>, _>>()?
        }
        None => Vec::new(),
    };
    let test_count = number("test-count")?.map(|n| n as usize);
    if let Some(count) = test_count.filter(|count| *count != tests.len()) {
        return Err(format!(
            "{}: <test-count> is {count}, and the testset lists {} tests",
            testset.at(),
            tests.len()
        ));
    }
    Ok(Testset {
        name: testset.attribute("name").map(str::to_string),
        time_limit_ms: number("time-limit")?,
        memory_limit_bytes: number("memory-limit")?,
        test_count,
        input_pattern: text("input-path-pattern")?,
        output_pattern: text("output-path-pattern")?,
        answer_pattern: text("answer-path-pattern")?,
        tests,
        groups: match testset.one("groups")? {
            Some(groups) => {
                groups.known(&[], &["group"], notes);
                (groups.all("group"))
                    .map(|group| group_of(group, notes))
                    .collect::<Result<Vec<_>, _>>()?
            }
            None => Vec::new(),
        },
        at: testset.at(),
    })
}

fn test_of(index: usize, test: Element, notes: &mut Notes) -> Result<TestXml, String> {
    test.known(
        &[
            "method",
            "cmd",
            "from-file",
            "sample",
            "group",
            "points",
            "description",
            "verdict",
        ],
        &[],
        notes,
    );
    let method = test
        .parsed("method", |m| match m {
            "manual" => Ok(Method::Manual),
            "generated" => Ok(Method::Generated),
            _ => Err("expected manual or generated".to_string()),
        })?
        .unwrap_or(Method::Manual);
    let cmd = test.attribute("cmd").map(str::to_string);
    if method == Method::Generated && cmd.as_deref().is_none_or(|c| c.trim().is_empty()) {
        return Err(format!(
            "{}: test {index} is generated, and has no cmd",
            test.at()
        ));
    }
    Ok(TestXml {
        index,
        method,
        cmd,
        from_file: test.attribute("from-file").map(str::to_string),
        sample: test.parsed("sample", boolean)?.unwrap_or(false),
        group: (test.attribute("group"))
            .filter(|g| !g.is_empty())
            .map(str::to_string),
        points: test.parsed("points", points)?,
        description: test.attribute("description").map(str::to_string),
        verdict: test.attribute("verdict").map(str::to_string),
        at: test.at(),
    })
}

fn group_of(group: Element, notes: &mut Notes) -> Result<GroupXml, String> {
    group.known(
        &["name", "points", "points-policy", "feedback-policy"],
        &["dependencies"],
        notes,
    );
    let dependencies = match group.one("dependencies")? {
        Some(list) => {
            list.known(&[], &["dependency"], notes);
            (list.all("dependency"))
                .map(|d| {
                    d.known(&["group"], &[], notes);
                    d.required("group").map(str::to_string)
                })
                .collect::<Result<Vec<_>, _>>()?
        }
        None => Vec::new(),
    };
    Ok(GroupXml {
        name: group.required("name")?.to_string(),
        points: group.parsed("points", points)?,
        points_policy: group
            .parsed("points-policy", |policy| match policy {
                "complete-group" => Ok(PointsPolicy::CompleteGroup),
                "each-test" => Ok(PointsPolicy::EachTest),
                _ => Err("expected complete-group or each-test".to_string()),
            })?
            .unwrap_or(PointsPolicy::CompleteGroup),
        feedback_policy: (group.parsed("feedback-policy", |policy| match policy {
            "complete" | "icpc" | "points" | "none" => Ok(policy.to_string()),
            _ => Err("expected complete, icpc, points or none".to_string()),
        }))?,
        dependencies,
        at: group.at(),
    })
}

/// `<resources>`: each `<file>`.
fn files_of(
    list: Element,
    notes: &mut Notes,
    binaries: &mut Vec<PathBuf>,
) -> Result<Vec<SourceFile>, String> {
    list.known(&[], &["file"], notes);
    (list.all("file"))
        .map(|file| {
            file.known(&["path", "type", "for-types"], &["assets", "stages"], notes);
            let source = source_file(file)?;
            if is_binary(&source) {
                binaries.push(source.path.clone());
            }
            Ok(source)
        })
        .collect()
}

/// `<executables>`: each `<executable>`'s source.
fn executables_of(
    list: Element,
    notes: &mut Notes,
    binaries: &mut Vec<PathBuf>,
) -> Result<Vec<SourceFile>, String> {
    list.known(&[], &["executable"], notes);
    (list.all("executable"))
        .map(|executable| program(executable, &[], &[], notes, binaries))
        .collect()
}

/// An element holding a program: its `<source>` (which must be there) and its `<binary>`
/// (noted, not used); `attributes` and `children` are what else it may hold.
fn program(
    element: Element,
    attributes: &[&str],
    children: &[&str],
    notes: &mut Notes,
    binaries: &mut Vec<PathBuf>,
) -> Result<SourceFile, String> {
    let known: Vec<&str> = ["source", "binary"]
        .iter()
        .chain(children)
        .copied()
        .collect();
    element.known(attributes, &known, notes);
    for binary in element.all("binary") {
        binary.known(&["path", "type"], &[], notes);
        binaries.push(PathBuf::from(binary.required("path")?));
    }
    let source = element
        .one("source")?
        .ok_or_else(|| format!("{}: <{}> has no <source>", element.at(), element.name()))?;
    source.known(&["path", "type"], &[], notes);
    source_file(source)
}

fn source_file(element: Element) -> Result<SourceFile, String> {
    Ok(SourceFile {
        path: PathBuf::from(element.required("path")?),
        kind: element.attribute("type").map(str::to_string),
        at: element.at(),
    })
}

/// A Windows binary: `exe.win32`, or a path ending in `.exe`.
fn is_binary(file: &SourceFile) -> bool {
    file.kind.as_deref().is_some_and(|k| k.starts_with("exe."))
        || file.path.extension().is_some_and(|e| e == "exe")
}

fn checker(
    element: Element,
    notes: &mut Notes,
    binaries: &mut Vec<PathBuf>,
) -> Result<CheckerXml, String> {
    let kind = element.required("type")?.to_string();
    if kind != "testlib" {
        notes.unsupported.push(format!(
            "{}: a checker of type {kind}: only testlib checkers are supported",
            element.at_attribute("type")
        ));
    }
    Ok(CheckerXml {
        name: element.attribute("name").map(str::to_string),
        kind,
        source: program(
            element,
            &["name", "type"],
            &["copy", "testset"],
            notes,
            binaries,
        )?,
        tests: element
            .one("testset")?
            .map(|t| testset_of(t, notes))
            .transpose()?,
        at: element.at(),
    })
}

fn interactor(
    element: Element,
    notes: &mut Notes,
    binaries: &mut Vec<PathBuf>,
) -> Result<SourceFile, String> {
    if let Some(runs) = element.one("runs")? {
        if runs.all("run").count() > 1 {
            notes.unsupported.push(format!(
                "{}: an interactor run several times on a test: not supported",
                runs.at()
            ));
        }
    }
    program(element, &[], &["runs"], notes, binaries)
}

fn validator(
    element: Element,
    notes: &mut Notes,
    binaries: &mut Vec<PathBuf>,
) -> Result<ValidatorXml, String> {
    Ok(ValidatorXml {
        source: program(element, &[], &["testset"], notes, binaries)?,
        tests: element
            .one("testset")?
            .map(|t| testset_of(t, notes))
            .transpose()?,
    })
}

fn solution(
    element: Element,
    notes: &mut Notes,
    binaries: &mut Vec<PathBuf>,
) -> Result<SolutionXml, String> {
    let extra = match element.one("extra-tags")? {
        Some(list) => {
            list.known(&[], &["extra-tag"], notes);
            (list.all("extra-tag"))
                .map(|tag| {
                    tag.known(&["group", "testset", "tag"], &[], notes);
                    Ok(ExtraTag {
                        group: tag.required("group")?.to_string(),
                        tag: tag.required("tag")?.to_string(),
                        at: tag.at(),
                    })
                })
                .collect::<Result<Vec<_>, String>>()?
        }
        None => Vec::new(),
    };
    Ok(SolutionXml {
        tag: element.required("tag")?.to_string(),
        source: program(element, &["tag", "note"], &["extra-tags"], notes, binaries)?,
        extra,
        at: element.at(),
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn read(text: &str) -> Result<(ProblemXml, Notes), String> {
        let document = roxmltree::Document::parse(text).map_err(|e| e.to_string())?;
        let mut notes = Notes::default();
        let root = Element::root(&document, Path::new("problem.xml"));
        ProblemXml::read(root, &mut notes).map(|problem| (problem, notes))
    }

    const FULL: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<problem revision="3" short-name="sum" url="https://example.invalid/sum">
  <names>
    <name language="english" value="Sum"/>
    <name language="russian" value="Сумма" main="true"/>
  </names>
  <statements>
    <statement charset="UTF-8" language="english" path="statements/english/problem.tex" type="application/x-tex"/>
  </statements>
  <judging cpu-name="x" cpu-speed="3600" input-file="" output-file="output.txt" run-count="1">
    <testset name="tests">
      <time-limit>2000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" sample="true" group="samples" points="0"/>
        <test cmd="gen 5 1" method="generated" group="g1" points="30"/>
        <test cmd="gen 5 2" method="generated" group="g1" points="0" colour="red"/>
      </tests>
      <groups>
        <group name="samples" points="0" points-policy="complete-group" feedback-policy="complete"/>
        <group name="g1" points="30" points-policy="complete-group" feedback-policy="icpc">
          <dependencies><dependency group="samples"/></dependencies>
        </group>
      </groups>
    </testset>
  </judging>
  <files>
    <resources><file path="files/testlib.h" type="h.g++"/></resources>
    <executables>
      <executable><source path="files/gen.cpp" type="cpp.g++17"/><binary path="files/gen.exe" type="exe.win32"/></executable>
    </executables>
  </files>
  <assets>
    <checker name="std::ncmp.cpp" type="testlib">
      <source path="files/check.cpp" type="cpp.g++17"/>
      <copy path="check.cpp"/>
    </checker>
    <solutions>
      <solution tag="main"><source path="solutions/ok.cpp" type="cpp.g++17"/></solution>
      <solution tag="rejected" note="slow">
        <source path="solutions/slow.cpp" type="cpp.g++17"/>
        <extra-tags><extra-tag group="g1" testset="tests" tag="time-limit-exceeded"/></extra-tags>
      </solution>
    </solutions>
  </assets>
  <unheard/>
</problem>
"#;

    #[test]
    fn a_whole_problem_xml_reads_into_typed_values_with_places() {
        let (problem, notes) = read(FULL).expect("reads");
        assert_eq!(problem.short_name.as_deref(), Some("sum"));
        assert!(problem.names[1].main && problem.names[1].value == "Сумма");
        assert_eq!(problem.judging.input_file, None);
        assert_eq!(problem.judging.output_file.as_deref(), Some("output.txt"));
        let tests = problem.judged().expect("the tests testset");
        assert_eq!(
            (tests.time_limit_ms, tests.memory_limit_bytes),
            (Some(2000), Some(268435456))
        );
        assert_eq!(tests.tests[1].cmd.as_deref(), Some("gen 5 1"));
        assert_eq!(tests.tests[1].method, Method::Generated);
        assert!(tests.tests[0].sample);
        assert_eq!(tests.tests[2].at, "problem.xml:20:9");
        assert_eq!(tests.groups[1].dependencies, ["samples"]);
        assert_eq!(tests.groups[1].points_policy, PointsPolicy::CompleteGroup);
        assert_eq!(problem.binaries, [PathBuf::from("files/gen.exe")]);
        let checker = problem.checker.as_ref().expect("a checker");
        assert_eq!(checker.source.path, PathBuf::from("files/check.cpp"));
        assert_eq!(problem.solutions[1].extra[0].tag, "time-limit-exceeded");
        assert_eq!(
            notes.warnings,
            [
                "problem.xml:49:3: unknown element <unheard> in <problem>: not read",
                "problem.xml:20:70: unknown attribute colour of <test>: not read",
            ]
        );
        assert!(notes.unsupported.is_empty(), "{:?}", notes.unsupported);
    }

    #[test]
    fn a_wrong_value_or_a_missing_part_is_an_error_at_its_place() {
        let bad_points = FULL.replace("points=\"30\" points-policy", "points=\"-3\" points-policy");
        assert_eq!(
            read(&bad_points).unwrap_err(),
            "problem.xml:24:26: points=\"-3\" of <group>: expected a number of points, 0 or more"
        );
        let count = FULL.replace("<test-count>3<", "<test-count>4<");
        assert_eq!(
            read(&count).unwrap_err(),
            "problem.xml:11:5: <test-count> is 4, and the testset lists 3 tests"
        );
        let no_cmd = FULL.replace("cmd=\"gen 5 1\" ", "");
        assert_eq!(
            read(&no_cmd).unwrap_err(),
            "problem.xml:19:9: test 2 is generated, and has no cmd"
        );
        let limit = FULL.replace("<time-limit>2000<", "<time-limit>2 s<");
        assert_eq!(
            read(&limit).unwrap_err(),
            "problem.xml:12:7: <time-limit>2 s: expected a whole number"
        );
        let scorer = FULL.replace(
            "<solutions>",
            "<scorer><source path=\"s.cpp\"/></scorer><solutions>",
        );
        let (_, notes) = read(&scorer).expect("reads");
        assert_eq!(notes.unsupported.len(), 1, "{:?}", notes.unsupported);
        assert!(notes.unsupported[0].contains("a scorer program: not supported"));
    }
}
