//! A problem's programs: what makes its tests, what checks its inputs and answers, what judges
//! a submission's output, and the reference solutions.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// Every program a problem has, by its role.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct Programs {
    /// What makes its test inputs (ours: the generator; sinol: ingen; Kattis: the generators
    /// of generators.yaml are in [`super::Regeneration`] instead).
    pub generator: Option<Tool>,
    /// Each must accept every input, and reject every [`super::CaseKind::InvalidInput`].
    pub input_validators: Vec<Validator>,
    /// Each must accept every answer (Kattis 2025-09 `answer_validators/`).
    pub answer_validators: Vec<Validator>,
    /// What judges an output against the answer.
    pub checker: Checker,
    /// The arguments a checker or interactor *program* gets on every case, before its
    /// group's [`super::TestGroup::output_validator_args`]: a Kattis package's
    /// `validator_flags`. The default comparison does not read them: its own
    /// [`Checker::Default`] flags hold them.
    pub checker_args: Vec<String>,
    /// An interactive problem's interactor: submissions talk to it instead of writing an
    /// output for the checker.
    pub interactor: Option<Interactor>,
    /// At most this many passes (Kattis multi-pass): `None` for a problem run once.
    pub passes: Option<u64>,
    /// The model solution that makes the answers.
    pub reference: Option<Tool>,
    /// A slow solution trusted on small tests.
    pub brute: Option<Tool>,
    /// Which Python runs its Python 3 programs (those whose first line names no interpreter).
    pub python3: Python3,
    /// What its program files are built with besides their own sources.
    pub building: Building,
}

/// What a problem's program files are built with besides their own sources, as its format
/// builds them; `crate::judging`'s one builder reads it. Each fact is a mechanism, not a
/// format: which of them a program gets depends on whether it is built as a submission (an
/// example submission, the model solution, a program judged on the problem) or as the jury's
/// (a generator, a validator, a checker, an interactor), a parameter of the build.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct Building {
    /// `{{name}}` is replaced by its value in every text file of every program (Kattis
    /// 2025-09's `constants`); a program so changed is built from a copy.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub constants: BTreeMap<String, String>,
    /// Files a submission gets over its own, by its language (Kattis `include/`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submission_files: Option<SubmissionFiles>,
    /// Files every program's compiler may read beside its source, and an interpreted program
    /// as it runs (a sinol-make package's headers and data in `prog/`); part of the compile
    /// cache's key, so that a header changed rebuilds what includes it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub beside: Vec<PathBuf>,
    /// What a submission is also compiled and run with (a sinol-make package's extras).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submission_extras: Option<SubmissionExtras>,
}

/// `text` with every `{{name}}` of `constants` replaced by its value (names not defined stay
/// as they are, as Kattis 2025-09 says): how [`Building::constants`] are put in a program.
pub fn substituted(constants: &BTreeMap<String, String>, text: &str) -> String {
    let mut text = text.to_string();
    for (name, value) in constants {
        text = text.replace(&format!("{{{{{name}}}}}"), value);
    }
    text
}

/// The folders whose files a submission gets over its own, as Kattis' `include/` gives them:
/// the folder of its language, else the default one.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct SubmissionFiles {
    /// By language code ([`ProgramFile::language`]'s codes: `cpp`, `python3`).
    pub by_language: BTreeMap<String, PathBuf>,
    /// For a language without its own (2023-07 and 2025-09 `include/default/`).
    pub default: Option<PathBuf>,
}

/// What a submission is compiled and run with besides its source, by its file's extension
/// (`cpp`, `py`), as sinol-make's `extra_compilation_args`, `extra_compilation_files` and
/// `extra_execution_files` give them.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct SubmissionExtras {
    /// The folder they are in: an interpreted submission that gets any of them (or files
    /// [`Building::beside`]) may read it whole, as an interpreter finds a module by listing
    /// the folder (sinol-make runs a solution from a folder holding them).
    pub folder: PathBuf,
    /// Sources compiled with it (a task's library), by extension.
    pub sources: BTreeMap<String, Vec<PathBuf>>,
    /// Readable by its compiler, and by an interpreted one as it runs.
    pub compile_files: Vec<PathBuf>,
    /// Readable as it runs, by extension.
    pub run_files: BTreeMap<String, Vec<PathBuf>>,
}

/// Which implementation of Python runs a problem's Python 3 programs: the one its format's
/// judges run them with, so that a submission is timed as its authors timed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Python3 {
    /// CPython (`python3`): our own problems' solutions are written and timed with it, and
    /// sinol-make runs `python3`.
    #[default]
    CPython,
    /// PyPy (`pypy3`) where it is installed, else CPython: Kattis, problemtools and BAPCtools
    /// run a Kattis package's Python 3 with PyPy.
    PyPy,
}

/// An input or answer validator: the program, and how it says yes or no (the formats
/// disagree: Kattis accepts with exit 42, sinol-make and our programs with exit 0).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Validator {
    pub program: Tool,
    pub protocol: ValidatorProtocol,
}

/// How a validator is called on a case, and how its word is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ValidatorProtocol {
    /// Kattis: `validator [ARGS] < INPUT`, the group's `input_validator_args` as arguments
    /// (an answer validator: `validator INPUT [answer_validator_args] < ANSWER`); exit 42
    /// accepts, anything else rejects.
    Kattis,
    /// A checktestdata script (Kattis `.ctd`), run by our own engine on the input; the
    /// language takes no arguments.
    Checktestdata,
    /// sinol-make's inwer: `inwer NAME.in < INPUT`, the input's file name as its argument;
    /// exit 0 accepts.
    Inwer,
    /// Our `[programs]` validator, or a Polygon package's testlib validator:
    /// `validator [ARGS] < INPUT`, exit 0 accepts, anything else rejects (a signal or running
    /// out of time is the validator's failure, not the input's).
    ExitZero,
    /// Compiled into stonejudge ([`Tool::BuiltIn`]: a problem of the catalog or a declared
    /// game): the strict reader of its input format, run in-process, which names the line and
    /// column of what is wrong.
    BuiltIn,
}

/// A program of a problem: compiled into stonejudge, or a file the problem holds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tool {
    /// Runs in-process: a problem of the catalog or a declared game (ours only). Serialized
    /// as its name: the portable form is the writers' business, not what a problem is.
    #[serde(serialize_with = "name_only")]
    BuiltIn {
        /// How messages name it (`the catalog's stripes generator`).
        name: String,
        /// The same program as source a package can hold, when there is one: an exported
        /// package must run without stonejudge, so the export writers put this in its place
        /// (a built-in input validator's checktestdata script, a built-in interactor in C++).
        portable: Option<PortableSource>,
    },
    Program(ProgramFile),
}

/// A built-in program or checker serialized as its name alone.
fn name_only<S: serde::Serializer, N: AsRef<str>, P>(
    name: &N,
    _portable: &P,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(name.as_ref())
}

/// A built-in program written out as source text, for the export writers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PortableSource {
    pub language: PortableLanguage,
    /// Its files by name, the main one first and then the headers it includes.
    pub files: Vec<(String, String)>,
}

/// The languages [`PortableSource`]s are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PortableLanguage {
    /// A checktestdata script (an input validator every Kattis judge runs itself).
    Checktestdata,
    /// C++: an output validator or an interactor speaking the Kattis protocol.
    Cpp,
}

/// A program on disk: a source file, a folder of sources, or a checktestdata script.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ProgramFile {
    pub path: PathBuf,
    /// Its language as the package names it (spec/languages.md's codes: `cpp`, `python3`,
    /// `java`), when the package says; otherwise it is told from the files.
    pub language: Option<String>,
    /// The entry point of a folder program or a class (`entrypoint` of submissions.yaml).
    pub entrypoint: Option<String>,
    /// Folders a C or C++ source's `#include "…"` is also looked up in, besides its own (a
    /// Polygon package's `files/`, where its `testlib.h` is).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub include: Vec<PathBuf>,
    /// Macros a C or C++ compile of it defines (`-DNAME`): a Polygon package for Windows
    /// builds its validators with `FOR_WINDOWS`, so that testlib reads its tests' line ends
    /// as Polygon's Windows judges read them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub defines: Vec<String>,
    /// Why it cannot run here, when it cannot (a language stonejudge does not run, or whose
    /// tool is not installed): what needs it is skipped, or fails, with this reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsupported: Option<String>,
}

impl ProgramFile {
    /// A program told apart by its files alone.
    pub fn at(path: impl Into<PathBuf>) -> ProgramFile {
        ProgramFile {
            path: path.into(),
            language: None,
            entrypoint: None,
            include: Vec::new(),
            defines: Vec::new(),
            unsupported: None,
        }
    }
}

/// What judges an output.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Checker {
    /// Compiled into stonejudge (ours: a catalog problem's or a declared game's checker,
    /// which explains in the game's terms). Serialized as its name, as [`Tool::BuiltIn`].
    #[serde(serialize_with = "name_only")]
    BuiltIn {
        /// How messages name it.
        name: String,
        /// What judges as it does without stonejudge, for the export writers.
        portable: PortableChecker,
    },
    /// The token comparison of the package format's default output validator, with its flags
    /// (`case_sensitive`, `space_change_sensitive`, `float_tolerance E`, …). Each group's
    /// [`super::TestGroup::output_validator_args`] are added.
    Default { flags: Vec<String> },
    /// A program, called as its protocol says.
    Program {
        program: Tool,
        protocol: CheckerProtocol,
    },
}

impl Default for Checker {
    fn default() -> Checker {
        Checker::Default { flags: Vec::new() }
    }
}

/// A built-in checker as a package can have it, judging without stonejudge as it judges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortableChecker {
    /// Every answer is unique: the default comparison with these flags accepts exactly what it
    /// accepts.
    Compare { flags: Vec<String> },
    /// More than one answer is right: a program, in source, speaking the Kattis output
    /// validator protocol ([`CheckerProtocol::Kattis`]).
    Program(PortableSource),
    /// No stand-alone checker judges as it does, and why: a package would judge wrongly.
    Missing(String),
}

/// How a checker program is called, and how its result is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckerProtocol {
    /// `checker INPUT ANSWER FEEDBACK_DIR [ARGS] < OUTPUT`: exit 42 accepts, 43 rejects;
    /// `score.txt` in the feedback folder gives a scoring problem's score.
    Kattis,
    /// `checker INPUT OUTPUT ANSWER`: exit 0 OK, 1 WA, 2 PE, anything else a judge error.
    Testlib,
    /// sinol-make's: `chk INPUT OUTPUT ANSWER`, its first line `OK` or anything else, the
    /// second a comment, the third the percentage of the points earned.
    Sinol,
}

/// An interactive problem's interactor.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Interactor {
    /// The program; a built-in one's portable source speaks [`InteractorProtocol::Kattis`].
    pub program: Tool,
    pub protocol: InteractorProtocol,
}

/// How an interactor is called and how its verdict is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InteractorProtocol {
    /// `interactor INPUT ANSWER FEEDBACK_DIR`, the submission's output on its stdin and its
    /// stdout the submission's input; exit 42 accepts, 43 rejects.
    Kattis,
    /// `interactor INPUT OUTPUT ANSWER`: testlib's exit codes.
    Testlib,
    /// sio2's `soc`: the interactor talks to the solution through its standard streams and
    /// writes the verdict (`OK` and a percentage, or a reason) for the judge.
    Sinol,
    /// Compiled into stonejudge with its [`Tool::BuiltIn`] (ours: an interactive problem of
    /// the catalog or a declared `play` game): it talks to the program line by line, in
    /// process, and judges as it goes.
    BuiltIn,
}
