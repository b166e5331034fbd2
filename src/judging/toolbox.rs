//! What makes a problem's programs ready to run, once for every format: built as plainly as
//! sinol-make builds them, or as a Kattis package builds its own (with `include/` and 2025-09's
//! constants), or our problem's tools already prepared ([`Tools`], in-process or the programs of
//! `[programs]`). Validation (`crate::verify::validation`) makes its validators ready with it,
//! and judging ([`super::PreparedJudging`]) its checker, interactor and passes, and the
//! program under judgement ([`Toolbox::contestant`]).

use std::ffi::OsString;
use std::path::Path;

use crate::catalog::{Resolved, Tools};
use crate::dialog::Referee;
use crate::model::{Problem, ProgramFile, Python3};
use crate::package::config::validation_limits;
use crate::package::{Package, PackageProgram, ProgramKind};
use crate::run::{Cache, Language, Limits, PrepareError, Program, Runner};
use crate::sinol::Sinol;

use super::kattis_build;
use super::sinol_build::{self, Role};

/// `cache` building `problem`'s programs as its model says: its Python 3 programs with PyPy
/// where it runs them so and PyPy is installed ([`Python3`]). Every program of the problem
/// (validators, submissions, the program under judgement) is built through it.
pub fn building_for(problem: &Problem, cache: &Cache) -> Cache {
    let python3 = match problem.programs.python3 {
        Python3::CPython => Language::Python3,
        Python3::PyPy => Language::PyPy3,
    };
    cache.clone().running_python3_with(python3)
}

/// How `problem`'s Python 3 programs run here, when it runs them with PyPy (CPython needs no
/// word): with PyPy, or with CPython for want of it, which can make a submission slower than
/// its authors timed it.
pub fn python3_here(problem: &Problem) -> Option<String> {
    (problem.programs.python3 == Python3::PyPy).then(|| match Language::PyPy3.missing_tool() {
        None => "Python 3 runs with PyPy (pypy3), as the format's judges run it".to_string(),
        Some(tool) => format!(
            "Python 3 runs with CPython: {tool} is not installed (the format's judges run \
             it with PyPy, so a submission may be slower here)"
        ),
    })
}

/// What makes a problem's programs ready to run: its validators (validation's steps,
/// `crate::verify::validation`, run them) and what judges an output
/// ([`super::PreparedJudging`]).
pub struct Toolbox<'t> {
    pub runner: &'t Runner,
    pub cache: &'t Cache,
    /// How the problem's program files are built.
    pub builds: Builds<'t>,
    /// What validator, checker and interactor programs run under (a Kattis package's
    /// `validation_time`, `validation_memory` and `validation_output`; the jury's limits of
    /// the runner elsewhere, `crate::run::jury`).
    pub limits: Limits,
    /// Our problem's tools, prepared: they run its built-in validator in-process, and its
    /// `[programs]` validator as the rest of our machinery does (with the same messages).
    pub ours: Option<&'t Tools<'t>>,
    /// Our interactive problem's built-in judge, which plays the program in-process
    /// ([`crate::model::InteractorProtocol::BuiltIn`]).
    pub referee: Option<&'t dyn Referee>,
    pub jobs: usize,
}

/// How a problem's program files are built.
#[derive(Clone, Copy)]
pub enum Builds<'t> {
    /// As they are: a source file or folder of sources, or an executable.
    Plain,
    /// As the Kattis package builds its programs: with `include/`, 2025-09's constants
    /// substituted, and a program of a kind it does not run skipped with the reason.
    Package(&'t Package),
    /// As sinol-make builds a package's programs: with what `prog/` holds beside them
    /// ([`super::sinol_build`]).
    Sinol(&'t Sinol),
}

/// Why a program of the problem (a validator, a checker, an interactor) is not ready.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unready {
    /// It does not build, or cannot be used (why): validation or judging fails.
    Broken(String),
    /// It cannot run here (why): what needs it is skipped, never passed.
    Skipped(String),
}

impl<'t> Toolbox<'t> {
    /// What runs a Kattis package's validators: built as its programs are, under its
    /// `validation_time`, `validation_memory` and `validation_output`.
    pub fn package(
        package: &'t Package,
        runner: &'t Runner,
        cache: &'t Cache,
        jobs: usize,
    ) -> Toolbox<'t> {
        Toolbox {
            runner,
            cache,
            builds: Builds::Package(package),
            limits: validation_limits(runner.jury(), &package.config),
            ours: None,
            referee: None,
            jobs,
        }
    }

    /// What runs the validators of a problem whose programs are built as they are, under the
    /// jury's limits.
    pub fn plain(runner: &'t Runner, cache: &'t Cache, jobs: usize) -> Toolbox<'t> {
        Toolbox {
            runner,
            cache,
            builds: Builds::Plain,
            limits: runner.jury().of_message(None),
            ours: None,
            referee: None,
            jobs,
        }
    }

    /// What runs the programs of `problem`, a package of any format, as its format builds
    /// them: a Kattis package's ([`Toolbox::package`]), a sinol-make package's
    /// ([`Toolbox::sinol`]), a package read into the model alone as the model says
    /// ([`Toolbox::plain`]). The one place that chooses, so that `validate`, `judge` and
    /// `verify` build a package's validators alike.
    pub fn of_package(
        problem: &'t Resolved,
        runner: &'t Runner,
        cache: &'t Cache,
        jobs: usize,
    ) -> Toolbox<'t> {
        match (problem.package(), problem.sinol()) {
            (Some(package), _) => Toolbox::package(package, runner, cache, jobs),
            (None, Some(sinol)) => Toolbox::sinol(sinol, runner, cache, jobs),
            (None, None) => Toolbox::plain(runner, cache, jobs),
        }
    }

    /// What runs a sinol-make package's programs: built as sinol-make builds them, under the
    /// jury's limits.
    pub fn sinol(
        sinol: &'t Sinol,
        runner: &'t Runner,
        cache: &'t Cache,
        jobs: usize,
    ) -> Toolbox<'t> {
        Toolbox {
            builds: Builds::Sinol(sinol),
            ..Toolbox::plain(runner, cache, jobs)
        }
    }

    /// What runs our problem's validator: its prepared `tools`.
    pub fn ours(
        tools: &'t Tools<'t>,
        runner: &'t Runner,
        cache: &'t Cache,
        jobs: usize,
    ) -> Toolbox<'t> {
        Toolbox {
            ours: Some(tools),
            ..Toolbox::plain(runner, cache, jobs)
        }
    }

    /// The same, our interactive problem's built-in judge being `referee`.
    pub fn playing(self, referee: Option<&'t dyn Referee>) -> Toolbox<'t> {
        Toolbox { referee, ..self }
    }

    /// The program `file`, built as [`Toolbox::builds`] says.
    pub(crate) fn build(&self, file: &ProgramFile) -> Result<Program, Unready> {
        let path = file.path.as_path();
        let broken = |e: crate::run::PrepareError| {
            Unready::Broken(format!("{}: {}: {e}", path.display(), e.verdict))
        };
        match self.builds {
            Builds::Plain => as_the_model_says(file, self.runner, self.cache).map_err(broken),
            Builds::Sinol(sinol) => {
                sinol_build::prepare(sinol, path, Role::Jury, &[], self.runner, self.cache)
                    .map_err(broken)
            }
            Builds::Package(package) => {
                let known = (package.input_validators().into_iter().flatten())
                    .chain(package.answer_validators().into_iter().flatten())
                    .chain(package.output_validator().ok().flatten())
                    .find(|program| program.path == path);
                let Some(program) = known else {
                    return Err(Unready::Broken(format!(
                        "{}: not a validator of the package",
                        path.display()
                    )));
                };
                if let ProgramKind::Unsupported(_) = program.kind {
                    return Err(Unready::Skipped(program.unsupported_reason()));
                }
                (kattis_build::prepare(package, &program, false, self.runner, self.cache))
                    .map_err(broken)
            }
        }
    }

    /// The program under judgement, prepared as the problem's submissions are (a Kattis
    /// package's with its `include/`).
    pub fn contestant(&self, path: &Path, args: &[OsString]) -> Result<Program, PrepareError> {
        match self.builds {
            Builds::Package(package) => {
                kattis_build::prepare_contestant(package, path, args, self.runner, self.cache)
            }
            Builds::Plain => Program::prepare(path, args, self.runner, self.cache),
            Builds::Sinol(sinol) => {
                sinol_build::prepare(sinol, path, Role::Solution, args, self.runner, self.cache)
            }
        }
    }
}

/// `file` built as the model says: in the language it names (else the one its files say),
/// its folders of headers (`include`, a Polygon package's `files/` holding `testlib.h`)
/// readable to its compiler and on its include path, its macros defined.
pub fn as_the_model_says(
    file: &ProgramFile,
    runner: &Runner,
    cache: &Cache,
) -> Result<Program, PrepareError> {
    let path = file.path.as_path();
    let named = file.language.as_deref().and_then(Language::from_code);
    let language = match named.or_else(|| Language::of(path)) {
        Some(language) if path.is_file() => language,
        _ => return Program::prepare(path, &[], runner, cache),
    };
    let mut cache = cache.clone().including(&file.include);
    for name in &file.defines {
        cache = cache.defining(name);
    }
    if file.include.is_empty() {
        return Program::prepare_as(path, language, file.entrypoint.as_deref(), runner, &cache);
    }
    let built = cache.build_all(
        runner,
        language,
        &[path.to_owned()],
        path,
        None,
        &file.include,
    )?;
    let mut invocation = built.invocation(&[]);
    if language.interpreted() {
        // An interpreter reads at run time what a compiler reads at build time.
        invocation.reads.extend(file.include.iter().cloned());
    }
    Ok(Program {
        invocation,
        given: path.to_owned(),
        language: Some(language),
    })
}

/// Builds a Kattis package's output validator and every example submission `jobs` at a time,
/// for the cache ([`crate::run::Cache`]): what is prepared afterwards is found there, so
/// judging never waits for one build after another. Building judges nothing and times
/// nothing, so it needs no core to itself; a program that does not build is reported when it
/// is prepared again, where it is judged.
pub fn build_package(package: &Package, runner: &Runner, cache: &Cache, jobs: usize) {
    let mut programs: Vec<(PackageProgram, bool)> = Vec::new();
    if let Ok(Some(validator)) = package.output_validator() {
        programs.push((validator, false));
    }
    for submission in package.submissions().unwrap_or_default() {
        if !matches!(submission.program.kind, ProgramKind::Unsupported(_)) {
            programs.push((submission.program, true));
        }
    }
    crate::parallel::map(&programs, jobs, |(program, include)| {
        // Only the cache is wanted here: failures are reported where judged.
        let _ = kattis_build::prepare(package, program, *include, runner, cache);
    });
}
