//! A stress run as the command line asks for it, set up from the problem's model: the
//! problem is read into [`crate::model`] by its format's reader ([`crate::readers`]), and what
//! is stressed comes from the model whatever the format:
//!
//! - the cases: `--gen`, else the model's generator
//!   ([`crate::model::Programs::generator`]): a built-in one (a problem of the catalog:
//!   random cases, or every instance up to a size), a generator program called with
//!   parameters and a seed (a program-backed problem), or one that makes a whole test set at
//!   once (sinol-make's ingen, as [`Regeneration::Ingen`] says; a Polygon package's tests,
//!   those its generators make included);
//! - the expected answer: `--ref`, else the model's reference
//!   ([`crate::model::Programs::reference`]);
//! - the limits of the program under test: [`CaseLimits`], the problem's own with the flags
//!   over them (and a time limit derived from the accepted submissions where the model says
//!   so, by the judging path's own step);
//! - the verdict: the model's checker or interactor, made runnable by [`PreparedJudging`].
//!
//! The command (`stonejudge stress`) turns its flags into a [`StressRequest`], calls [`stress`] and
//! prints the [`Ended`] run.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::run::{self, Ended, Setup, StressProgress, Validity};
use super::{Budget, MadeCases, ModelOracle, Reference, Tokens};
use crate::catalog::Tools;
use crate::formats::{run_limits, LimitFlags};
use crate::judge::Test;
use crate::judge::{Judge, Judging};
use crate::judging::MadeTests;
use crate::judging::{self, CaseLimits, PreparedJudging, Toolbox, Unready};
use crate::model::{
    CaseData, CaseKind, Checker, Format, Interactor, InteractorProtocol, Problem, Regeneration,
    Tool,
};
use crate::readers;
use crate::run::{Cache, PrepareError, Program, Runner, ScratchDir};
use crate::sinol::{Sinol, SinolTest};
use crate::verdict::Judged;
use crate::verify::validation::{Args, Expect, ValidationCase};

/// Random cases when neither a number of cases nor a duration is given.
pub const DEFAULT_CASES: u64 = 1000;

/// What the command line asks of a stress run.
#[derive(Debug, Clone, Default)]
pub struct StressRequest {
    /// The PROBLEM argument (`None`: generic mode, `--gen` and `--ref` alone).
    pub problem: Option<String>,
    /// The archive's root, where a problem's name is looked up.
    pub root: PathBuf,
    /// The program under test: an executable or a source, then its arguments.
    pub program: Vec<OsString>,
    /// `--gen`: a generator command, given each case's seed as its last argument.
    pub generator: Option<String>,
    /// `--ref`: a reference command.
    pub reference: Option<String>,
    /// `--time-limit` and `--memory-limit`, over whatever the problem sets.
    pub limits: LimitFlags,
    pub jobs: usize,
    /// `--seed` (else one is drawn from the operating system).
    pub seed: Option<u64>,
    pub cases: Option<u64>,
    pub duration: Option<Duration>,
    /// `--param KEY=VALUE`, for the generator.
    pub params: Vec<String>,
    pub exhaustive: bool,
    pub bound: Option<u64>,
}

impl StressRequest {
    /// `--cases`, else `--duration`, else [`DEFAULT_CASES`].
    fn budget(&self) -> Budget {
        Budget {
            cases: match (self.cases, self.duration) {
                (None, None) => Some(DEFAULT_CASES),
                (cases, _) => cases,
            },
            duration: self.duration,
        }
    }

    /// The seed of case 0 and whether it was drawn fresh: `--seed`, else one from the
    /// operating system (said with the results, so that the run can be repeated).
    fn first_seed(&self) -> Result<(u64, bool), String> {
        Ok(match self.seed {
            Some(seed) => (seed, false),
            None => (
                crate::gen::fresh_seed()
                    .map_err(|e| format!("cannot draw a seed from the operating system: {e}"))?,
                true,
            ),
        })
    }

    /// The programs of `--gen` and `--ref`: the reference built as `toolbox` builds the
    /// problem's submissions (a Kattis package's with its `include/`), the generator as it is
    /// (it is not a submission).
    fn external(&self, toolbox: &Toolbox<'_>) -> Result<(Program, Program), String> {
        let words = |flag: &str, cmd: &Option<String>| {
            let cmd = cmd.as_deref().unwrap_or_default();
            let words: Vec<OsString> = cmd.split_whitespace().map(OsString::from).collect();
            (words, format!("{flag} {cmd:?}"))
        };
        let (generator, named) = words("--gen", &self.generator);
        let generator = prepared(&generator, named, |path, args| {
            Program::prepare(path, args, toolbox.runner, toolbox.cache)
        })?;
        let (reference, named) = words("--ref", &self.reference);
        let reference = prepared(&reference, named, |path, args| {
            toolbox.contestant(path, args)
        })?;
        Ok((generator, reference))
    }

    /// What judging takes of the request, for the judging path's own steps (the toolbox of
    /// the problem, a time limit derived from its submissions).
    fn judging<'a>(&'a self, runner: &'a Runner, cache: &'a Cache) -> judging::Request<'a> {
        judging::Request {
            runner,
            cache,
            command: &self.program,
            flags: self.limits,
            only: &[],
            tests: None,
            jobs: self.jobs,
        }
    }
}

/// A program from its command `words` (the first an executable or a source, the rest its
/// arguments), built by `prepare`; an error says it is `named`'s.
fn prepared(
    words: &[OsString],
    named: String,
    prepare: impl FnOnce(&Path, &[OsString]) -> Result<Program, PrepareError>,
) -> Result<Program, String> {
    let Some((path, rest)) = words.split_first() else {
        return Err(format!("{named}: no program given"));
    };
    prepare(Path::new(path), rest).map_err(|e| format!("{named}: {e}"))
}

/// The stress run `request` asks for: the problem read into the model, the cases, the
/// reference and the judging chosen from it, the search, and the shrinking of what failed;
/// what happens meanwhile is told to `progress`.
pub fn stress(
    request: &StressRequest,
    runner: &Runner,
    cache: &Cache,
    progress: &dyn StressProgress,
) -> Result<Ended, String> {
    let started = Instant::now();
    let resolved = (request.problem.as_deref())
        .map(|name| readers::resolve(name, &request.root))
        .transpose()
        .map_err(|e| e.to_string())?;
    // A Kattis package searched on the data its generators.yaml makes, a Polygon package on
    // the tests its generators make, while `_made` lives (ingen's inputs are a generator of
    // their own, below: nothing is made for them first).
    let by_ingen = |model: &Problem| matches!(model.regeneration, Some(Regeneration::Ingen(_)));
    let (resolved, _made) = match resolved {
        Some(resolved) if resolved.model().is_some_and(|m| !by_ingen(m)) => {
            let made =
                judging::with_tests_made(resolved, runner, cache, 1).map_err(|e| e.message)?;
            (Some(made.problem), made.made)
        }
        other => (other, None),
    };
    // What only our problems have: tools stonejudge runs itself (in-process, or the programs
    // of `[programs]` prepared), which judge as the rest of our machinery does.
    let tools = match &resolved {
        Some(ours) if !ours.is_package() => Some(ours.tools(runner, cache)?),
        _ => None,
    };
    let asked = request.judging(runner, cache);
    // The problem read into the model, which says how its programs are built.
    let model = (resolved.as_ref())
        .map(readers::read_resolved)
        .transpose()
        .map_err(|e| e.to_string())?;
    let toolbox = match (&resolved, &model) {
        (Some(resolved), Some(model)) => judging::toolbox(resolved, model, tools.as_ref(), &asked),
        _ => Toolbox::plain(runner, cache, request.jobs),
    };
    let program = prepared(
        &request.program,
        "the program under test".into(),
        |path, args| toolbox.contestant(path, args),
    )?;
    let (seed, fresh) = request.first_seed()?;
    let setup = |limits| Setup {
        program: &program,
        runner,
        cache,
        limits,
        jobs: request.jobs,
        budget: request.budget(),
        seed,
        fresh,
        params: request.params.clone(),
        exhaustive: request.exhaustive,
        bound: request.bound,
        cases: request.cases,
        duration: request.duration,
        started,
    };
    let (Some(resolved), Some(model)) = (&resolved, &model) else {
        // Generic mode has no problem: the flags' limits, else the defaults; outputs compared
        // token by token.
        let cx = setup(run_limits(None, request.limits));
        let (generator, reference) = request.external(&toolbox)?;
        let oracle = ModelOracle {
            reference: Reference::Output(&reference),
            judge: Judge {
                runner,
                program: &program,
                limits: cx.limits,
                judging: Judging::Output(&Tokens),
            },
        };
        let how = "token comparison with the reference";
        return run::generic_search(&cx, progress, &generator, &oracle, how, None);
    };
    if model.format == Format::Ours && request.generator.is_some() {
        return Err(
            "--gen and --ref are generic mode, which takes no PROBLEM (except a Kattis \
                    or sinol-make package)"
                .to_string(),
        );
    }
    // Our problems' warnings are about their test data and statements, which stress does
    // not read; a package's are about its files.
    if model.format != Format::Ours {
        for warning in &model.warnings {
            progress.note(&format!("warning: {warning}"));
        }
    }
    if !model.unsupported.is_empty() {
        return Err(model.unsupported.join("; "));
    }
    if tools.is_none() {
        refused(model)?;
    }
    let prepared = PreparedJudging::new(model, &toolbox).map_err(|unready| {
        let (Unready::Broken(why) | Unready::Skipped(why)) = unready;
        format!("the problem's checker or interactor: {why}")
    })?;
    // The limits of the program under test, the time limit derived from the accepted
    // submissions first where the model says so and no flag gives it.
    let limits = CaseLimits::new(model, request.limits, program.given.as_path());
    let limits = match limits.to_derive() {
        true => {
            let mut notes = Notes(progress);
            let derived =
                judging::derived_time_limit(model, &prepared, &toolbox, &asked, &mut notes)
                    .map_err(|e| e.to_string())?;
            limits.derived(derived)
        }
        false => limits,
    };
    let cx = setup(limits.of_problem().map_err(|e| e.to_string())?);
    let judging = prepared.of_group(stand_in_group(model))?;
    let judge = Judge {
        runner,
        program: &program,
        limits: cx.limits,
        judging: judging.judging(),
    };
    match &tools {
        Some(Tools::InProcess(problem)) => {
            run::in_process(&cx, progress, resolved.name(), &**problem, judge)
        }
        Some(Tools::Programs(programs)) => {
            // An interactive problem's reference plays against the interactor, its game
            // making the answer as `testdata` makes it.
            let reference = match programs.is_interactive() {
                true => Reference::Tools(programs),
                false => Reference::Output(programs.reference()?),
            };
            let oracle = ModelOracle { reference, judge };
            run::with_programs(&cx, progress, resolved, programs, &oracle)
        }
        None => from_package(&cx, progress, request, (model, &toolbox), judge),
    }
}

/// A package's stress run: cases from `--gen` and answers from `--ref`, else (a sinol-make
/// package) the inputs its ingen makes and its model solution's answers; each judged by
/// `judge`, the model's judging (in an interactive task, the reference and the program each
/// play every case against its interactor). A failure from `--gen` is shrunk over its text
/// within what the input validators accept; one of ingen's, to the shortest of its inputs.
fn from_package(
    cx: &Setup<'_>,
    progress: &dyn StressProgress,
    request: &StressRequest,
    (model, toolbox): (&Problem, &Toolbox<'_>),
    judge: Judge<'_>,
) -> Result<Ended, String> {
    let tools = (cx.runner, cx.cache);
    let (inputs, reference) = match &request.generator {
        Some(_) => {
            let (generator, reference) = request.external(toolbox)?;
            (Inputs::Generated(generator), reference)
        }
        None => match (&model.regeneration, &model.plan) {
            (Some(Regeneration::Ingen(ingen)), _) => {
                let reference = model_solution(model, toolbox)?;
                let sinol = Sinol::load(&model.root)?;
                (
                    Inputs::Made(ingen_cases(&sinol, &ingen.path, tools)?),
                    reference,
                )
            }
            (_, Some(_)) => (
                Inputs::Made(made_cases(model)?),
                model_solution(model, toolbox)?,
            ),
            _ => {
                return Err(format!(
                    "{} has no generator stonejudge runs to make cases (no ingen, no plan of \
                     generator runs): give --gen CMD and --ref CMD",
                    model.root.display()
                ))
            }
        },
    };
    let (reference, how) = match (&model.programs.interactor, &model.programs.checker) {
        (Some(_), _) => (
            Reference::Played(&reference),
            "played against the package's interactor",
        ),
        (None, Checker::Program { .. }) => (
            Reference::Output(&reference),
            "judged by the package's checker",
        ),
        (None, _) => (
            Reference::Output(&reference),
            "judged by the default comparison with the package's flags",
        ),
    };
    let oracle = ModelOracle { reference, judge };
    match &inputs {
        Inputs::Generated(generator) => {
            let valid = |text: &str| is_valid(toolbox, model, text);
            let valid =
                (!model.programs.input_validators.is_empty()).then_some(&valid as Validity<'_>);
            run::generic_search(cx, progress, generator, &oracle, how, valid)
        }
        Inputs::Made(made) => run::made(cx, progress, &model.name, made, &oracle, how),
    }
}

/// The group whose arguments a stress case's judging takes: a case stands for a secret test,
/// so the first secret test's group (with the package's flags for the output validator, as
/// its `testdata.yaml` files give them); none when the problem has no secret test.
fn stand_in_group(model: &Problem) -> &str {
    (model.judged_cases())
        .find(|case| case.kind == CaseKind::Secret)
        .map_or("", |case| case.group.as_str())
}

/// Where a package's stress cases come from.
enum Inputs {
    /// `--gen`, given each case's seed.
    Generated(Program),
    /// What its ingen wrote.
    Made(MadeCases),
}

/// What the judging path's own steps say (how a time limit was derived), told to stress's
/// progress.
struct Notes<'p>(&'p dyn StressProgress);

impl judging::Progress for Notes<'_> {
    fn note(&mut self, line: &str) {
        self.0.note(line);
    }

    fn start(&mut self, _: &[Test]) {}

    fn judged(&mut self, _: &Test, _: &Judged) {}
}

/// Why stress refuses a problem before anything runs: it compares one output, or a
/// conversation with an interactor that needs no answer of its own; an interactor of the
/// Kattis protocol reads the case's answer, which `--gen` does not make, and multi-pass
/// submissions run pass after pass.
fn refused(model: &Problem) -> Result<(), String> {
    let root = model.root.display();
    let kattis_protocol = |i: &Interactor| i.protocol == InteractorProtocol::Kattis;
    if model
        .programs
        .interactor
        .as_ref()
        .is_some_and(kattis_protocol)
    {
        return Err(format!(
            "{root} is an interactive package: its submissions play against its interactor, and \
             stress --gen/--ref compares outputs, which it has none of (judge and verify play \
             it)"
        ));
    }
    if model.programs.passes.is_some() {
        return Err(format!(
            "{root} is a multi-pass package: stress --gen/--ref compares one output, and its \
             submissions run pass after pass (judge and verify run them)"
        ));
    }
    Ok(())
}

/// Whether every input validator of `model` accepts `text`, as an input of no group (a
/// validator that cannot run here does not: nothing would keep the text valid).
fn is_valid(toolbox: &Toolbox<'_>, model: &Problem, text: &str) -> bool {
    let Ok(scratch) = ScratchDir::new("stress-shrink") else {
        return false;
    };
    let file = scratch.path().join(format!("{}.in", model.name));
    if std::fs::write(&file, text).is_err() {
        return false;
    }
    let case = ValidationCase {
        name: "a shrunk input".to_string(),
        data: CaseData::File(file),
        args: Args::default(),
        input: None,
    };
    let validators = &model.programs.input_validators;
    let report = toolbox.validate(validators, &[case], Expect::Accepted);
    report.rejected.is_empty() && report.skipped.is_empty() && report.broken.is_empty()
}

/// The model's reference solution, built as the problem's programs are.
fn model_solution(model: &Problem, toolbox: &Toolbox<'_>) -> Result<Program, String> {
    let Some(Tool::Program(file)) = &model.programs.reference else {
        return Err(format!("{} has no model solution", model.name));
    };
    (toolbox.contestant(&file.path, &[]))
        .map_err(|e| format!("the model solution {}: {e}", file.path.display()))
}

/// Every input a package read into the model alone (a Polygon package) is judged on, those its
/// generators made included, in its order.
fn made_cases(model: &Problem) -> Result<MadeCases, String> {
    let inputs = (model.judged_cases())
        .map(|case| {
            let input = match &case.input {
                CaseData::File(path) => std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
                CaseData::Inline(text) => text.clone(),
            };
            Ok((case.name.clone(), input))
        })
        .collect::<Result<Vec<_>, String>>()?;
    match inputs.is_empty() {
        true => Err(format!("{} has no tests", model.root.display())),
        false => Ok(MadeCases { inputs }),
    }
}

/// The inputs ingen writes (made once in a scratch folder as `sinol-make gen` makes them), in
/// the package's order.
fn ingen_cases(
    sinol: &Sinol,
    ingen: &Path,
    (runner, cache): (&Runner, &Cache),
) -> Result<MadeCases, String> {
    let made = MadeTests::make(sinol, true, runner, cache, 1)?;
    let by_ingen = |test: &SinolTest| made.by_ingen.contains(&format!("{}.in", test.test.name));
    let inputs = (made.sinol.tests()?.into_iter())
        .filter(by_ingen)
        .map(|made| {
            let path = &made.test.input;
            let input = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {} (ingen wrote it): {e}", path.display()))?;
            Ok((made.test.name, input))
        })
        .collect::<Result<Vec<_>, String>>()?;
    if inputs.is_empty() {
        return Err(format!(
            "{} made no input named after the task",
            ingen.display()
        ));
    }
    Ok(MadeCases { inputs })
}
