//! The ICPC problem package, written from the model of a problem of any format
//! ([`crate::model`]): a pass-fail problem in the legacy version, as Kattis problemtools'
//! `verifyproblem` reads it; a scored one in version 2025-09, as a scoring package:
//!
//! ```text
//! problem.yaml                          name, uuid, limits, validation (legacy) or type (2025-09)
//! problem_statement/problem.<lang>.tex  each statement (2025-09: statement/)
//! data/sample/<case>.in .ans            the samples
//! data/secret/<case>.in .ans            every other test (2025-09: data/secret/<group>/, each
//!                                       group's test_group.yaml with max_score and
//!                                       score_aggregation)
//! input_validators/<name>.ctd           a checktestdata script
//!                  <name>/…             (a program: as it is, or wrapped, with its headers)
//! output_validators/<name>/…            a checker that accepts more than one answer, a
//!                                       checker program, or the interactor of an
//!                                       interactive problem (2025-09: output_validator/)
//! submissions/<folder>/<file>           the example solutions, each in the folder its
//!                                       expectation says (2025-09: submissions.yaml with
//!                                       what the folders do not say)
//! ```
//!
//! What the format cannot say is refused (`Err`, "(not supported)") before the first file is
//! written. Choices, and why:
//! - **Statements in LaTeX** (`kattis/statements.rs`): the legacy version reads only `.tex`
//!   statements (Markdown needs the 2023-07 draft), so our Markdown is converted
//!   ([`super::latex`]), with the samples where the statement puts them
//!   ([`crate::archive::statement`]): as verbatim blocks with no heading words, so that none
//!   is in the wrong language. problemtools' own sample tables would not help: they are in
//!   English (or Swedish, Icelandic), and it includes them only for samples named `1` to `9`,
//!   not our `01`. A Kattis statement is copied, a Polygon one written from its sections.
//! - **Built-in programs**: the package must stand alone, without stonejudge. A built-in
//!   program is written in its portable form ([`crate::model::PortableSource`], made by
//!   [`crate::catalog::portable`]): the input validator as a checktestdata script
//!   (problemtools runs them itself), a checker whose answers are unique as `validation:
//!   default` with its flags (ours compare words exactly: `case_sensitive`), one that accepts
//!   several answers as its C++ output validator, an interactor in C++ (`validation: custom
//!   interactive`). A built-in checker without a portable form is refused rather than judged
//!   by exact answers.
//! - **Programs** of the problem ship by their protocol: one speaking Kattis' (an input
//!   validator exiting 42, an output validator, an interactor) as it is, in any language
//!   problemtools runs, a folder program whole; a checktestdata script as `.ctd`. Others get a
//!   C++ prelude: an input validator accepting with exit 0 (ours, Polygon's testlib ones,
//!   sinol-make's inwer) one that turns its status into the Kattis one (0 → 42, else 43); a
//!   testlib checker one that speaks the output validator protocol to it (the team's output
//!   saved to a file, the checker's `main` renamed and called with `INPUT OUTPUT ANSWER`, its
//!   status 0 → 42, 1 or 2 → 43); a testlib interactor one with its OUTPUT file in the
//!   feedback directory, its status 0 → 42, 1 or 2 → 43. Wrapped programs must be C++ (with
//!   `main(int argc, char* argv[])` for a checker or a testlib interactor). A C or C++
//!   source keeps its compile's macros (a Polygon package for Windows: `FOR_WINDOWS`) as
//!   `#define`s at its top, and the headers beside it and in its include folders
//!   (`testlib.h` in a Polygon package's `files/`) are copied along. sinol-make's checker
//!   protocol, and a Polygon interactor whose record a checker judges, have no Kattis form.
//! - **Arguments** of the output validator (the default one's flags, or a program's): the
//!   problem's, then those its tests give (a group's `output_validator_args`, a legacy
//!   `testdata.yaml`'s flags), one list for the package (`validator_flags`, 2025-09 `data/`'s
//!   `output_validator_args`); tests giving different ones are refused.
//! - **Scored problems** are 2025-09 scoring packages: each scored group a test data group
//!   under `data/secret/` worth its points (`max_score`, whole numbers as the format has
//!   them), scored by `min` (all or nothing for a test that is accepted or not, as ours) or
//!   `sum`; the expected totals in `submissions/submissions.yaml` (`score`, a number or a
//!   range), each expected group verdict a requirement on that group's test cases. Expected
//!   points of single groups are not written: the format has them, but stonejudge does not
//!   read them back yet (a note says so: an export of the package to sinol-make then leaves
//!   out the submissions that do not pass everything).
//! - **All or nothing** (sinol-make's `icpc` contest type: its points when every test
//!   passes, else none) is pass-fail as a whole: a legacy package, without the points (a
//!   note says so), each submission in the folder of its first rejection where its expected
//!   group statuses tell it (`kattis/submissions.rs`).
//! - **Submissions** go where their expectation says (`kattis/submissions.rs`), never by
//!   the folder they came from. Of a Kattis package, every one ships as it is; of other
//!   formats only C++ and Rust: problemtools runs Python with PyPy, which the authors may not
//!   have timed them with; the others are listed as left out.
//! - **Time**: a fixed limit is said in `problem.yaml` as 2025-09 has it, with the margins
//!   its source verified it with (`time_multipliers`: a Kattis package's own, or 1 and 1 for
//!   a source that has none, whose accepted submissions need only run within the limit); the
//!   legacy version derives it from the accepted submissions (its `time_multiplier`), and a
//!   legacy package's own rule is kept so.

mod statements;
mod submissions;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::{Exported, Package};
use crate::model::{
    CaseData, CaseKind, Checker, CheckerProtocol, InteractorProtocol, PortableChecker,
    PortableLanguage, PortableSource, Problem, ProgramFile, Python3, TestCase, TimeLimit, Tool,
    ValidatorProtocol, SAMPLE_GROUP,
};
use crate::run::fnv1a_128;
use crate::score::{Aggregation, Total};

/// Source extensions exported as submissions (problemtools compiles them with g++ / rustc).
const SUBMISSION_EXTENSIONS: [&str; 4] = ["cpp", "cc", "cxx", "rs"];

/// The version of the package format written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Version {
    /// Pass-fail problems: the legacy version, which problemtools verifies.
    Legacy,
    /// Scored problems: a 2025-09 scoring package.
    Scoring2025,
}

impl Version {
    fn statement_dir(self) -> &'static str {
        match self {
            Version::Legacy => "problem_statement",
            Version::Scoring2025 => "statement",
        }
    }

    /// The folder of the output validator (or interactor) of the problem `name`.
    fn output_validator_dir(self, name: &str) -> String {
        match self {
            Version::Legacy => format!("output_validators/{name}"),
            Version::Scoring2025 => "output_validator".to_string(),
        }
    }
}

/// How a package validates: its kind (`validation` in legacy, `type` in 2025-09), the
/// arguments of its output validator, and the validator files.
struct Validation {
    interactive: bool,
    /// Whether answers are judged by the default output validator.
    default: bool,
    /// The output validator's arguments on every test: the default one's flags, or the
    /// program's (the problem's, then its tests'); legacy `validator_flags`, 2025-09 `data/`'s
    /// `output_validator_args`.
    args: Vec<String>,
    files: Vec<(String, String)>,
}

/// Writes the package of `problem` into `out`.
pub fn write(problem: &Problem, out: &Path) -> Result<Exported, String> {
    let whole = pass_fail_as_a_whole(problem);
    let version = match (&problem.scoring, whole) {
        (None, _) | (Some(_), Some(_)) => Version::Legacy,
        (Some(_), None) => Version::Scoring2025,
    };
    // Everything that can be refused is known before the first file is written.
    same_limits_everywhere(problem)?;
    let validation = validation(problem, version)?;
    let groups = match version {
        Version::Legacy => Vec::new(),
        Version::Scoring2025 => test_groups(problem)?,
    };
    let mut package = Package {
        root: out,
        exported: Exported::default(),
    };
    if let Some(points) = whole {
        package.exported.notes.push(format!(
            "{}: scored {points} when every test passes and 0 otherwise{}: written as a \
             pass-fail package, accepted when every test passes, without the points",
            problem.name,
            (problem
                .scoring
                .as_ref()
                .and_then(|s| s.contest_type.as_deref()))
            .map(|contest| format!(" (sinol-make's {contest} contest type)"))
            .unwrap_or_default()
        ));
    }
    if problem.programs.input_validators.is_empty() {
        package.exported.notes.push(format!(
            "{}: no input validator to export, and the format requires one: add it under \
             input_validators/ (verifyproblem and verify fail the package until then)",
            problem.name
        ));
    }
    package.file(
        "problem.yaml",
        &problem_yaml(problem, version, &validation)?,
    )?;
    let samples: Vec<(String, String)> = (problem.cases.iter())
        .filter(|case| case.kind == CaseKind::Sample)
        .map(|case| Ok((read_input(case)?, read_answer(problem, case)?)))
        .collect::<Result<_, String>>()?;
    for statement in &problem.statements {
        let Some(path) = &statement.path else {
            continue;
        };
        let relative = format!(
            "{}/problem.{}.tex",
            version.statement_dir(),
            statement.language
        );
        match statements::statement_tex(path, &statement.title, &samples)? {
            statements::Written::Tex(tex) => package.file(&relative, &tex)?,
            statements::Written::LeftOut(why) => {
                package.exported.left_out.push((path.clone(), why))
            }
        }
    }
    for case in problem.judged_cases() {
        let folder = match (case.group.as_str(), version) {
            (SAMPLE_GROUP, _) => "sample".to_string(),
            (_, Version::Legacy) => "secret".to_string(),
            (group, Version::Scoring2025) => format!("secret/{group}"),
        };
        let input = read_input(case)?;
        package.file(&format!("data/{folder}/{}.in", case.name), &input)?;
        let answer = read_answer(problem, case)?;
        package.file(&format!("data/{folder}/{}.ans", case.name), &answer)?;
    }
    for (path, contents) in &groups {
        package.file(path, contents)?;
    }
    if version == Version::Scoring2025 && !validation.args.is_empty() {
        let args: Vec<String> = validation.args.iter().map(|f| plain_or_quoted(f)).collect();
        package.file(
            "data/test_group.yaml",
            &format!("output_validator_args: [{}]\n", args.join(", ")),
        )?;
    }
    for (path, contents) in &validation.files {
        package.file(path, contents)?;
    }
    package.submissions(problem, version)?;
    if version == Version::Scoring2025 {
        let per_group = (problem.submissions.iter())
            .filter(|s| {
                (s.expectation.score.as_ref()).is_some_and(|score| !score.groups.is_empty())
            })
            .count();
        if per_group > 0 {
            package.exported.notes.push(format!(
                "{}: the expected points of each group ({per_group} submissions) are not \
                 written, only each one's total `score` and its groups' verdicts: stonejudge \
                 reads a submission's total score alone from submissions.yaml, so an export of \
                 this package to sinol-make leaves the submissions that do not pass everything \
                 out",
                problem.name
            ));
        }
    }
    Ok(package.exported)
}

/// A case's input, as its file or the problem's own text holds it.
fn read_input(case: &TestCase) -> Result<String, String> {
    match &case.input {
        CaseData::File(path) => read(path),
        CaseData::Inline(text) => Ok(text.clone()),
    }
}

/// A judged case's answer.
fn read_answer(problem: &Problem, case: &TestCase) -> Result<String, String> {
    match &case.answer {
        Some(path) => read(path),
        None => Err(format!(
            "{}: test {} has no answer",
            problem.name, case.name
        )),
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The validators of `problem`: its programs, or the portable forms of its built-in ones,
/// each as the Kattis protocols want it (see the module documentation).
fn validation(problem: &Problem, version: Version) -> Result<Validation, String> {
    let name = &problem.name;
    let programs = &problem.programs;
    let mut files = Vec::new();
    for validator in &programs.input_validators {
        let program = match &validator.program {
            Tool::BuiltIn { name, portable } => {
                let source = portable_in(name, portable, PortableLanguage::Checktestdata)?;
                for (file, text) in &source.files {
                    files.push((format!("input_validators/{file}"), text.clone()));
                }
                continue;
            }
            Tool::Program(program) => program,
        };
        let folder = format!("input_validators/{}", stem(&program.path));
        files.extend(match validator.protocol {
            ValidatorProtocol::Kattis => program_files(program, &folder, None)?,
            ValidatorProtocol::Checktestdata => {
                vec![(format!("{folder}.ctd"), read(&program.path)?)]
            }
            // An inwer is given the input's file name as its argument; a Kattis input
            // validator gets the group's `input_validator_args`, none here: an inwer that
            // reads its argv[1] finds nothing there.
            ValidatorProtocol::ExitZero | ValidatorProtocol::Inwer => program_files(
                program,
                &folder,
                Some(include_str!("kattis/input_validator_prelude.cpp")),
            )?,
            ValidatorProtocol::BuiltIn => {
                return Err(format!(
                    "{name}: the input validator {} runs only inside stonejudge (not supported)",
                    program.path.display()
                ))
            }
        });
    }
    // The tests' own arguments go after the problem's (or the default validator's flags).
    let tests_args = super::uniform_output_args(problem).map_err(|why| {
        format!(
            "{name}: {why}, and the package gives its output validator one list (not supported)"
        )
    })?;
    let program_args = [programs.checker_args.as_slice(), &tests_args].concat();
    if version == Version::Legacy {
        if let Some(arg) = program_args
            .iter()
            .find(|arg| arg.contains(char::is_whitespace))
        {
            return Err(format!(
                "{name}: the output validator's argument {arg:?} holds a space, and legacy \
                 validator_flags are split at spaces (not supported)"
            ));
        }
    }
    let folder = version.output_validator_dir(name);
    if let Some(interactor) = &programs.interactor {
        let record_checked = interactor.protocol == InteractorProtocol::Testlib
            && matches!(
                programs.checker,
                Checker::Program {
                    protocol: CheckerProtocol::Testlib,
                    ..
                }
            );
        if record_checked {
            return Err(format!(
                "{name}: its checker judges the interactor's record of each game (Polygon's \
                 way); a Kattis interactor judges alone, and the package format has no place \
                 for the checker (not supported)"
            ));
        }
        match &interactor.program {
            Tool::BuiltIn { name, portable } => {
                let source = portable_in(name, portable, PortableLanguage::Cpp)?;
                for (file, text) in &source.files {
                    files.push((format!("{folder}/{file}"), text.clone()));
                }
            }
            Tool::Program(program) => {
                let prelude = match interactor.protocol {
                    InteractorProtocol::Kattis => None,
                    InteractorProtocol::Testlib => Some(concat!(
                        include_str!("kattis/feedback_prelude.cpp"),
                        include_str!("kattis/testlib_interactor_prelude.cpp")
                    )),
                    InteractorProtocol::Sinol | InteractorProtocol::BuiltIn => {
                        return Err(format!(
                            "{name}: an interactor speaking neither the Kattis nor the \
                             testlib protocol has no Kattis form (not supported)"
                        ))
                    }
                };
                files.extend(program_files(program, &folder, prelude)?);
            }
        }
        return Ok(Validation {
            interactive: true,
            default: false,
            args: program_args,
            files,
        });
    }
    let default_flags = match &programs.checker {
        Checker::Default { flags }
        | Checker::BuiltIn {
            portable: PortableChecker::Compare { flags },
            ..
        } => Some([flags.as_slice(), &tests_args].concat()),
        Checker::BuiltIn {
            portable: PortableChecker::Program(source),
            ..
        } => {
            for (file, text) in &source.files {
                files.push((format!("{folder}/{file}"), text.clone()));
            }
            None
        }
        Checker::BuiltIn {
            portable: PortableChecker::Missing(why),
            ..
        } => return Err(format!("{why} (not supported)")),
        Checker::Program {
            program: Tool::Program(program),
            protocol,
        } => {
            let prelude = match protocol {
                CheckerProtocol::Kattis => None,
                CheckerProtocol::Testlib => Some(concat!(
                    include_str!("kattis/feedback_prelude.cpp"),
                    include_str!("kattis/output_validator_prelude.cpp")
                )),
                CheckerProtocol::Sinol => {
                    return Err(format!(
                        "{name}: its checker speaks sinol-make's protocol (OK and a percentage \
                         of the points), which the export does not turn into a Kattis output \
                         validator (not supported)"
                    ))
                }
            };
            files.extend(program_files(program, &folder, prelude)?);
            None
        }
        Checker::Program {
            program: Tool::BuiltIn { name: tool, .. },
            ..
        } => {
            return Err(format!(
                "{name}: {tool} runs only inside stonejudge; no Kattis output validator (not \
                 supported)"
            ))
        }
    };
    Ok(Validation {
        interactive: false,
        default: default_flags.is_some(),
        args: default_flags.unwrap_or(program_args),
        files,
    })
}

/// The portable source, in `language`, of the built-in program `name`.
fn portable_in<'a>(
    name: &str,
    portable: &'a Option<PortableSource>,
    language: PortableLanguage,
) -> Result<&'a PortableSource, String> {
    let wanted = match language {
        PortableLanguage::Checktestdata => "checktestdata script",
        PortableLanguage::Cpp => "C++ source",
    };
    (portable.as_ref())
        .filter(|source| source.language == language)
        .ok_or_else(|| format!("{name} runs only inside stonejudge: no {wanted} of it to export"))
}

/// The files of `program` under `folder`: as it is (a folder program with all its files), or,
/// with a `prelude` that makes it speak a Kattis protocol, its C++ source wrapped. A C or C++
/// source keeps its compile's macros (`#define`s at its top) and has the headers beside it
/// and in its include folders (a Polygon package's `files/`, where `testlib.h` is) copied
/// along.
fn program_files(
    program: &ProgramFile,
    folder: &str,
    prelude: Option<&str>,
) -> Result<Vec<(String, String)>, String> {
    let path = &program.path;
    if path.is_dir() {
        if prelude.is_some() {
            return Err(format!(
                "{}: export wraps a single C++ source for the Kattis protocol, not a folder \
                 program (not supported)",
                path.display()
            ));
        }
        return folder_files(path, folder);
    }
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let is_cpp = matches!(extension, "cpp" | "cc" | "cxx");
    if prelude.is_some() && !is_cpp {
        return Err(format!(
            "{}: export needs a C++ source here, to wrap it for the Kattis protocol (the \
             package must run without stonejudge; not supported)",
            path.display()
        ));
    }
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let source = read(path)?;
    let is_c_family = is_cpp || extension == "c";
    let defines: String = (program.defines.iter())
        .filter(|_| is_c_family)
        .map(|define| match define.split_once('=') {
            Some((name, value)) => format!("#define {name} {value}\n"),
            None => format!("#define {define} 1\n"),
        })
        .collect();
    let text = match (prelude, defines.is_empty()) {
        (None, true) => source,
        (prelude, _) => format!(
            "{defines}{}#line 1 \"{file}\"\n{source}",
            prelude.unwrap_or("")
        ),
    };
    let mut files = vec![(format!("{folder}/{file}"), text)];
    if !is_c_family {
        return Ok(files);
    }
    let dirs = std::iter::once(path.parent().unwrap_or(Path::new(".")).to_path_buf())
        .chain(program.include.iter().cloned());
    let mut copied = BTreeSet::new();
    for dir in dirs {
        let entries =
            std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let mut headers: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|p| p.extension().is_some_and(|e| e == "h" || e == "hpp"))
            .collect();
        headers.sort();
        for header in headers {
            let name = header
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default();
            // The first folder looked in has it, as the compiler finds it.
            if copied.insert(name.clone()) {
                files.push((format!("{folder}/{name}"), read(&header)?));
            }
        }
    }
    Ok(files)
}

/// Every file under the folder `dir`, as `<folder>/<its path under dir>`.
fn folder_files(dir: &Path, folder: &str) -> Result<Vec<(String, String)>, String> {
    let mut files = Vec::new();
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let inside = format!("{folder}/{name}");
        match path.is_dir() {
            true => files.extend(folder_files(&path, &inside)?),
            false => files.push((inside, read(&path)?)),
        }
    }
    Ok(files)
}

/// A program's name without its extension: its folder's name in the package.
fn stem(path: &Path) -> String {
    path.file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// The points of a scored problem that is pass-fail as a whole (sinol-make's `icpc`: all
/// when every test passes, else none; no group depends on another, no points fall with the
/// time taken, no grader makes them): a pass-fail package says it, without the points.
fn pass_fail_as_a_whole(problem: &Problem) -> Option<f64> {
    let scoring = problem.scoring.as_ref()?;
    match scoring.total {
        Total::AllOrNothing { points }
            if scoring.dependencies.is_empty() && !scoring.time_scaled && !scoring.by_graders =>
        {
            Some(points)
        }
        _ => None,
    }
}

/// A scored problem's `test_group.yaml`s: `secret`'s, worth the total, and each scored
/// group's, with its points and aggregation.
fn test_groups(problem: &Problem) -> Result<Vec<(String, String)>, String> {
    let Some(scoring) = &problem.scoring else {
        return Ok(Vec::new());
    };
    let all_or_nothing = matches!(problem.programs.checker, Checker::Default { .. });
    if scoring.time_scaled {
        return Err(format!(
            "{}: points falling with the time taken have no Kattis form (not supported)",
            problem.name
        ));
    }
    if scoring.total != Total::Sum || !scoring.dependencies.is_empty() {
        return Err(format!(
            "{}: a total other than the groups' sum, or groups depending on others, the \
             export does not write (not supported)",
            problem.name
        ));
    }
    let whole = |points: f64, what: &str| match points.fract() == 0.0 && points >= 0.0 {
        true => Ok(points as u64),
        false => Err(format!(
            "{}: {what} is worth {points} points: the package format's max_score is a whole \
             number (not supported)",
            problem.name
        )),
    };
    let mut files = vec![(
        "data/secret/test_group.yaml".to_string(),
        format!(
            "max_score: {}\nscore_aggregation: sum\n",
            whole(scoring.max(), "the problem")?
        ),
    )];
    for rule in &scoring.rules {
        if rule.name == SAMPLE_GROUP {
            continue;
        }
        let aggregation = match rule.aggregation {
            Aggregation::Min => "min",
            // Rounding up changes nothing when each test earns all or nothing, as under the
            // default comparison (sinol-make's groups without a checker).
            Aggregation::MinRoundedUp if all_or_nothing => "min",
            Aggregation::Sum => "sum",
            Aggregation::MinRoundedUp | Aggregation::Avg | Aggregation::Max => {
                return Err(format!(
                    "{}: group {} earns its points as \"{}\", which format 2025-09 cannot say \
                     (not supported)",
                    problem.name,
                    rule.name,
                    rule.aggregation.describe()
                ))
            }
        };
        files.push((
            format!("data/secret/{}/test_group.yaml", rule.name),
            format!(
                "max_score: {}\nscore_aggregation: {aggregation}\n",
                whole(rule.points, &format!("group {}", rule.name))?
            ),
        ));
    }
    Ok(files)
}

impl Package<'_> {
    /// Copies each example solution in a language exported into the folder its expectation
    /// chooses ([`submissions`]), under its own file name (numbered when two land in one
    /// folder), listing the others as left out with why; for a scoring package,
    /// `submissions.yaml` with what the folders do not say.
    fn submissions(&mut self, problem: &Problem, version: Version) -> Result<(), String> {
        let cases: Vec<&TestCase> = problem.judged_cases().collect();
        let mut yaml = String::new();
        let mut taken = BTreeSet::new();
        for submission in &problem.submissions {
            let path = submission.program.path.clone();
            // A Kattis package's own submissions were written for the judges problemtools
            // is (Python run with PyPy): each ships as it is, a folder program whole.
            let exported = problem.programs.python3 == Python3::PyPy
                || (path.extension().and_then(|e| e.to_str()))
                    .is_some_and(|e| SUBMISSION_EXTENSIONS.contains(&e));
            if !exported {
                self.exported.left_out.push((
                    path,
                    format!(
                        "only the C++ and Rust submissions of a {} problem are exported \
                         (problemtools runs Python with PyPy)",
                        problem.format.name()
                    ),
                ));
                continue;
            }
            let placed = match version {
                Version::Legacy => match pass_fail_as_a_whole(problem) {
                    Some(points) => {
                        submissions::all_or_nothing_folder(&submission.expectation, points, &cases)
                    }
                    None => submissions::legacy_folder(&submission.expectation),
                }
                .map(|folder| (folder.to_string(), String::new())),
                Version::Scoring2025 => submissions::scoring_placement(submission, &cases)
                    .map(|placement| (placement.folder, placement.yaml)),
            };
            let (folder, requirements) = match placed {
                Ok(placed) => placed,
                Err(why) => {
                    self.exported.left_out.push((path, why));
                    continue;
                }
            };
            let relative = unique_name(&folder, &path, &mut taken);
            if !requirements.is_empty() {
                yaml.push_str(&format!("{}:\n{requirements}", plain_or_quoted(&relative)));
            }
            let files = match path.is_dir() {
                true => folder_files(&path, &format!("submissions/{relative}"))?,
                false => vec![(format!("submissions/{relative}"), read(&path)?)],
            };
            for (file, text) in &files {
                self.file(file, text)?;
            }
        }
        if !yaml.is_empty() {
            self.file("submissions/submissions.yaml", &yaml)?;
        }
        Ok(())
    }
}

/// `<folder>/<file name of path>`, numbered (`sol-2.cpp`) when `taken` has it already.
fn unique_name(folder: &str, path: &Path, taken: &mut BTreeSet<String>) -> String {
    let stem = stem(path);
    let extension = (path.extension())
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let mut name = format!("{folder}/{stem}{extension}");
    let mut number = 2;
    while !taken.insert(name.clone()) {
        name = format!("{folder}/{stem}-{number}{extension}");
        number += 1;
    }
    name
}

/// Refuses a problem whose tests do not all have the problem's limits (by group, by test or
/// by language): `problem.yaml` gives every test and every language the same.
fn same_limits_everywhere(problem: &Problem) -> Result<(), String> {
    let limits = &problem.limits;
    if !limits.by_language.is_empty() {
        return Err(format!(
            "{}: limits by language have no Kattis form (not supported)",
            problem.name
        ));
    }
    let base = (limits.time.given(), limits.memory_kib);
    match (problem.cases.iter()).find(|case| limits.for_test(None, &case.group, &case.name) != base)
    {
        Some(case) => Err(format!(
            "{}: test {} has limits of its own (from its group or itself), which a Kattis \
             package cannot give one test (not supported)",
            problem.name, case.name
        )),
        None => Ok(()),
    }
}

/// `problem.yaml`.
fn problem_yaml(
    problem: &Problem,
    version: Version,
    validation: &Validation,
) -> Result<String, String> {
    let name = &problem.name;
    let title = problem
        .statements
        .first()
        .map_or(name.as_str(), |s| s.title.as_str());
    // problem.yaml's memory is in MiB: ours are whole MiB, any other rounded up.
    let memory = problem.limits.memory_kib.div_ceil(1024);
    let source = format!(
        "{}/ ({})",
        problem
            .root
            .file_name()
            .unwrap_or_default()
            .to_string_lossy(),
        problem.format.name()
    );
    // 2025-09 holds a fixed limit to margins over the submissions' times; a source without
    // them (Polygon, sinol-make, ours: the accepted need only run within the limit) has its
    // own rule said as margins of 1, so the export is verified as its source was.
    let (seconds, margins) = match (problem.limits.time, version) {
        (TimeLimit::Fixed(time), _) => (time.as_secs_f64(), (1.0, 1.0)),
        (
            TimeLimit::FixedWithMargins {
                limit,
                ac_to_time_limit,
                time_limit_to_tle,
            },
            _,
        ) => (limit.as_secs_f64(), (ac_to_time_limit, time_limit_to_tle)),
        // Legacy's own rule, said in its own keys (its limit is rounded up to whole seconds).
        (
            TimeLimit::FromSubmissions {
                ac_to_time_limit,
                time_limit_to_tle,
                resolution: 1.0,
            },
            Version::Legacy,
        ) => {
            let keys = format!(
                "  time_multiplier: {ac_to_time_limit}\n  time_safety_margin: {time_limit_to_tle}\n"
            );
            return Ok(legacy_yaml(problem, &source, "", validation, &keys, title));
        }
        (TimeLimit::FromSubmissions { .. }, _) => {
            return Err(format!(
                "{name}: a time limit derived from the submissions, other than legacy's own \
                 (whole seconds, in a pass-fail package), is not exported (not supported)"
            ))
        }
    };
    if version == Version::Scoring2025 {
        let kind = match validation.interactive {
            true => "[scoring, interactive]",
            false => "scoring",
        };
        return Ok(format!(
            "# Exported by stonejudge from {source}.\n\
             problem_format_version: 2025-09\n\
             type: {kind}\n\
             name: {}\n\
             uuid: {}\n\
             license: unknown\n\
             limits:\n  time_limit: {seconds}\n  time_multipliers:\n    \
             ac_to_time_limit: {:?}\n    time_limit_to_tle: {:?}\n  memory: {memory}\n",
            yaml_string(title),
            uuid(name),
            margins.0,
            margins.1,
        ));
    }
    Ok(legacy_yaml(
        problem,
        &source,
        &format!(" (time limit there: {seconds} s of CPU time)"),
        validation,
        "",
        title,
    ))
}

/// A legacy `problem.yaml`: `limits` has the memory and `time_keys`.
fn legacy_yaml(
    problem: &Problem,
    source: &str,
    time_note: &str,
    validation: &Validation,
    time_keys: &str,
    title: &str,
) -> String {
    let kind = match (validation.default, validation.interactive) {
        (_, true) => "custom interactive",
        (false, false) => "custom",
        (true, false) => "default",
    };
    let flags = match validation.args.is_empty() {
        true => String::new(),
        false => format!(
            "validator_flags: {}\n",
            plain_or_quoted(&validation.args.join(" "))
        ),
    };
    let validation = format!("validation: {kind}\n{flags}");
    format!(
        "# Exported by stonejudge from {source}{time_note}.\n\
         name: {}\n\
         uuid: {}\n\
         license: unknown\n\
         {validation}\
         limits:\n  memory: {}\n{time_keys}",
        yaml_string(title),
        uuid(&problem.name),
        problem.limits.memory_kib.div_ceil(1024),
    )
}

/// `text` as a YAML scalar: plain when it is words of letters, digits and `_.-/*` (as flags
/// and submission paths are), else double-quoted.
fn plain_or_quoted(text: &str) -> String {
    let plain = text.starts_with(|c: char| c.is_ascii_alphabetic())
        && (text.split(' ')).all(|word| {
            !word.is_empty()
                && (word.chars()).all(|c| c.is_ascii_alphanumeric() || "_.-/*".contains(c))
        })
        && !matches!(
            text,
            "true" | "false" | "null" | "yes" | "no" | "on" | "off"
        );
    match plain {
        true => text.to_string(),
        false => yaml_string(text),
    }
}

/// A YAML double-quoted string.
fn yaml_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A UUID derived from the problem's name, so that re-exports keep it (version 4 layout).
fn uuid(name: &str) -> String {
    let hash = fnv1a_128(&[b"stonejudge problem ", name.as_bytes()]);
    let bytes = hash.to_be_bytes();
    let mut hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    hex[6] = format!("4{}", &hex[6][1..]);
    hex[8] = format!("{:x}{}", 0x8 | (bytes[8] >> 6 & 0x3), &hex[8][1..]);
    let hex = hex.concat();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// Why problemtools will refuse the package folder `out` by its name, with a name it takes:
/// the folder's name is the problem's short name, which must be lowercase letters and digits
/// (`[a-z0-9]+`). `None` when the name is fine (or `out` has none, like `/`).
pub fn short_name_note(out: &Path) -> Option<String> {
    let name = out.file_name()?.to_string_lossy();
    let fine = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    if name.chars().all(fine) {
        return None;
    }
    let suggestion: String = name
        .to_ascii_lowercase()
        .chars()
        .filter(|&c| fine(c))
        .collect();
    let instead = if suggestion.is_empty() {
        "a folder named with lowercase letters and digits".to_string()
    } else {
        format!("a folder named {suggestion:?}")
    };
    Some(format!(
        "problemtools takes the folder's name {name:?} as the problem's short name, which must \
         be lowercase letters and digits only; verifyproblem will refuse it: export into {instead}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_name_problemtools_refuses_gets_a_note_with_a_name_it_takes() {
        assert_eq!(short_name_note(Path::new("out/miserenim2")), None);
        let note = short_name_note(Path::new("out/Misere-Nim")).expect("a note");
        assert!(
            note.contains("\"Misere-Nim\"") && note.ends_with("\"miserenim\""),
            "{note}"
        );
        let note = short_name_note(Path::new("out/--")).expect("a note");
        assert!(note.ends_with("lowercase letters and digits"), "{note}");
    }

    #[test]
    fn uuids_are_stable_and_well_formed() {
        let a = uuid("stripes");
        assert_eq!(a, uuid("stripes"));
        assert_ne!(a, uuid("nim"));
        let groups: Vec<usize> = a.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12]);
        assert_eq!(&a[14..15], "4");
        assert!("89ab".contains(&a[19..20]), "{a}");
    }

    #[test]
    fn yaml_scalars_are_plain_only_where_yaml_reads_them_as_written() {
        assert_eq!(plain_or_quoted("case_sensitive"), "case_sensitive");
        assert_eq!(
            plain_or_quoted("float_tolerance 1e-6"),
            "float_tolerance 1e-6"
        );
        assert_eq!(plain_or_quoted("partial/small.rs"), "partial/small.rs");
        assert_eq!(plain_or_quoted("yes"), "\"yes\"");
        assert_eq!(plain_or_quoted("a: b"), "\"a: b\"");
        assert_eq!(plain_or_quoted("1e-6"), "\"1e-6\"");
        assert_eq!(plain_or_quoted("say \"hi\""), "\"say \\\"hi\\\"\"");
    }
}
