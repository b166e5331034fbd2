//! What makes a problem's programs ready to run, once for every format: built as its model
//! says ([`super::build`]: with a Kattis package's `include/` and 2025-09's constants, or what
//! a sinol-make package's `prog/` holds beside them), or our problem's tools already prepared
//! ([`Tools`], in-process or the programs of `[programs]`). Validation (`crate::verify::validation`) makes its validators ready with it,
//! and judging ([`super::PreparedJudging`]) its checker, interactor and passes, and the
//! program under judgement ([`Toolbox::contestant`]).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

use crate::catalog::Tools;
use crate::dialog::Referee;
use crate::model::{Building, Checker, Problem, ProgramFile, Python3, Tool, ValidationLimits};
use crate::run::{Cache, JuryLimits, Language, Limits, PrepareError, Program, Runner};

use super::build::{build, Role};

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
    /// What the problem's program files are built with ([`super::build`]).
    pub building: &'t Building,
    /// What validator, checker and interactor programs run under (the model's
    /// [`ValidationLimits`], a Kattis package's; the jury's limits of the runner elsewhere,
    /// `crate::run::jury`).
    pub limits: Limits,
    /// Our problem's tools, prepared: they run its built-in validator in-process, and its
    /// `[programs]` validator as the rest of our machinery does (with the same messages).
    pub ours: Option<&'t Tools<'t>>,
    /// Our interactive problem's built-in judge, which plays the program in-process
    /// ([`crate::model::InteractorProtocol::BuiltIn`]).
    pub referee: Option<&'t dyn Referee>,
    pub jobs: usize,
}

/// Nothing besides a program's own files: what builds a problem whose model is not at hand.
static NOTHING_BESIDE: Building = Building {
    constants: BTreeMap::new(),
    submission_files: None,
    beside: Vec::new(),
    submission_extras: None,
};

/// Why a program of the problem (a validator, a checker, an interactor) is not ready.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unready {
    /// It does not build, or cannot be used (why): validation or judging fails.
    Broken(String),
    /// It cannot run here (why): what needs it is skipped, never passed.
    Skipped(String),
}

/// The limits a problem's validators, checkers and interactors run under: its own `limits`
/// where the model gives them (the time unless `--jury-time-limit` says otherwise, and the
/// jury's time when it says nothing; the wall-clock time twice that), else the jury's.
pub fn validation_limits(jury: JuryLimits, limits: Option<&ValidationLimits>) -> Limits {
    let Some(own) = limits else {
        return jury.of_message(None);
    };
    Limits {
        memory: Some(own.memory_mib << 20),
        output: own.output_mib << 20,
        ..jury.of_message(own.seconds.map(Duration::from_secs_f64))
    }
}

impl<'t> Toolbox<'t> {
    /// What runs the programs of `problem`, of any format, as its model says they are built,
    /// under the limits it gives its validators: the one place that makes them, so that
    /// `validate`, `judge` and `verify` build a problem's programs alike.
    pub fn of(
        problem: &'t Problem,
        runner: &'t Runner,
        cache: &'t Cache,
        jobs: usize,
    ) -> Toolbox<'t> {
        Toolbox {
            runner,
            cache,
            building: &problem.programs.building,
            limits: validation_limits(runner.jury(), problem.limits.validation.as_ref()),
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
            building: &NOTHING_BESIDE,
            limits: runner.jury().of_message(None),
            ours: None,
            referee: None,
            jobs,
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

    /// The jury's program `file`, built as the model says; one that cannot run here is
    /// skipped with its reason.
    pub(crate) fn build(&self, file: &ProgramFile) -> Result<Program, Unready> {
        if let Some(why) = &file.unsupported {
            return Err(Unready::Skipped(why.clone()));
        }
        let built = build(
            file,
            Role::Jury,
            self.building,
            &[],
            self.runner,
            self.cache,
        );
        built.map_err(|e| Unready::Broken(format!("{}: {}: {e}", file.path.display(), e.verdict)))
    }

    /// A submission `file` of the problem (an example submission, one that sets the time
    /// limit), built as the model builds submissions.
    pub fn submission(&self, file: &ProgramFile) -> Result<Program, PrepareError> {
        build(
            file,
            Role::Submission,
            self.building,
            &[],
            self.runner,
            self.cache,
        )
    }

    /// The program under judgement, prepared as the problem's submissions are (a Kattis
    /// package's with its `include/`); a command with arguments runs as it is.
    pub fn contestant(&self, path: &Path, args: &[OsString]) -> Result<Program, PrepareError> {
        let file = ProgramFile::at(path);
        build(
            &file,
            Role::Submission,
            self.building,
            args,
            self.runner,
            self.cache,
        )
    }
}

/// Builds `problem`'s checker or interactor and every example submission `jobs` at a time,
/// for the cache ([`crate::run::Cache`]): what is prepared afterwards is found there, so
/// judging never waits for one build after another. Building judges nothing and times
/// nothing, so it needs no core to itself; a program that does not build is reported when it
/// is prepared again, where it is judged.
pub fn build_ahead(problem: &Problem, toolbox: &Toolbox<'_>) {
    let judge = match (&problem.programs.interactor, &problem.programs.checker) {
        (Some(interactor), _) => Some(&interactor.program),
        (None, Checker::Program { program, .. }) => Some(program),
        _ => None,
    };
    let mut programs: Vec<(&ProgramFile, Role)> = Vec::new();
    if let Some(Tool::Program(file)) = judge {
        programs.push((file, Role::Jury));
    }
    for submission in &problem.submissions {
        if submission.program.unsupported.is_none() {
            programs.push((&submission.program, Role::Submission));
        }
    }
    crate::parallel::map(&programs, toolbox.jobs, |(file, role)| {
        // Only the cache is wanted here: failures are reported where judged.
        let _ = build(
            file,
            *role,
            toolbox.building,
            &[],
            toolbox.runner,
            toolbox.cache,
        );
    });
}
