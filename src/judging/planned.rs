//! A problem's cases made as its plan says ([`crate::model::CasePlan`]: a Polygon package's generators and
//! main solution), in a scratch folder of the compile cache's `tmp/`, never in the package:
//! a standard Polygon package commits only its manual tests, and Polygon's `doall.sh` makes
//! the rest before anything is judged.
//!
//! As Polygon's scripts make them: each generator run in a fresh working folder of its own,
//! confined by the [`Runner`] under the jury's limits for data, its standard output (or the
//! files it writes there) a case's input; each made input checked by the input validators
//! (with its group's arguments, as `gen-answer.sh` calls them); then each missing answer
//! written by the reference on the case's input, under the problem's limits. Steps and
//! answers run `jobs` at a time. The folder goes when [`Planned`] is dropped, and when the
//! judge is interrupted ([`ScratchDir`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::kattis_generators::MakeError;
use super::sinol_made::{files_of, Files};
use super::CaseLimits;
use super::Role;
use crate::formats::LimitFlags;
use crate::judge::interactive;
use crate::model::{
    CaseData, Interactor, InteractorProtocol, PlanOutput, PlanStep, Problem, ProgramFile, TestCase,
    Tool, ValidatorProtocol,
};
use crate::run::jury::beyond_limits;
use crate::run::{Cache, Program, Runner, ScratchDir, Stdin};
use crate::verdict::Verdict;

/// What is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Making {
    /// What the package does not commit: the inputs not there, the answers not there (to
    /// judge on).
    Missing,
    /// Every input a generator writes and every answer, as `doall.sh` makes them (to write
    /// into the package, or compare with what it commits).
    Everything,
}

/// One file made, and where the package holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MadeFile {
    /// In the scratch folder.
    pub made: PathBuf,
    /// Where the model says the package holds it (`PKG/tests/07`).
    pub place: PathBuf,
}

/// The cases of a problem, made in a scratch folder that lives as long as this.
pub struct Planned {
    scratch: ScratchDir,
    /// The problem, each case's input and answer pointing at the made file where one was made.
    pub problem: Problem,
    /// Every file made, in the order of the cases, each input before its answer.
    pub made: Vec<MadeFile>,
}

impl Planned {
    /// The scratch folder.
    pub fn dir(&self) -> &Path {
        self.scratch.path()
    }
}

/// Whether `problem` has a plan with work to do: a judged case whose input or answer is not
/// there.
pub fn needs_making(problem: &Problem) -> bool {
    problem.plan.is_some()
        && problem.judged_cases().any(|case| {
            !committed_input(case) || !case.answer.as_ref().is_some_and(|a| a.is_file())
        })
}

/// The case's input, when it is a file that is there.
fn committed_input(case: &TestCase) -> bool {
    matches!(&case.input, CaseData::File(path) if path.is_file())
}

/// The error of a step of the package's: exit 1.
fn package(message: String) -> MakeError {
    MakeError {
        package_at_fault: true,
        message,
    }
}

/// An error of this machine's, or of what stonejudge does not do: exit 2.
fn here(message: String) -> MakeError {
    MakeError {
        package_at_fault: false,
        message,
    }
}

/// `problem`'s cases made as its plan says, `making` what is to be made; the generators'
/// runs, then the validations and answers, `jobs` at a time.
pub fn make(
    problem: &Problem,
    making: Making,
    runner: &Runner,
    cache: &Cache,
    jobs: usize,
) -> Result<Planned, MakeError> {
    let plan = problem.plan.clone().unwrap_or_default();
    let parent = cache.dir().join("tmp");
    std::fs::create_dir_all(&parent)
        .map_err(|e| here(format!("cannot create {}: {e}", parent.display())))?;
    let scratch = ScratchDir::within(&parent, "planned-tests").map_err(here)?;
    let dir = std::path::absolute(scratch.path())
        .map_err(|e| here(format!("{}: {e}", scratch.path().display())))?;
    let case = |name: &str| problem.judged_cases().find(|c| c.name == name);
    let to_run: Vec<(usize, &PlanStep)> = (plan.steps.iter().enumerate())
        .filter(|(_, step)| {
            making == Making::Everything
                || step
                    .cases()
                    .iter()
                    .any(|c| !case(c).is_some_and(committed_input))
        })
        .collect();
    let mut built: BTreeMap<PathBuf, Program> = BTreeMap::new();
    for (_, step) in &to_run {
        if !built.contains_key(&step.program.path) {
            let what = format!("{}: generator {}", step.at, step.name);
            let program = build(problem, (&step.program, Role::Jury), &what, runner, cache)?;
            built.insert(step.program.path.clone(), program);
        }
    }
    let runs = crate::parallel::map(&to_run, jobs, |(i, step)| {
        let program = &built[&step.program.path];
        run_step(problem, step, program, &dir, *i, runner, plan.crlf)
    });
    let mut inputs: BTreeMap<String, PathBuf> = BTreeMap::new();
    for run in runs {
        for (name, path) in run? {
            if making == Making::Everything || !case(&name).is_some_and(committed_input) {
                inputs.insert(name, path);
            }
        }
    }
    let mut model = problem.clone();
    for case in model.cases.iter_mut().filter(|c| c.kind.is_judged()) {
        if let Some(path) = inputs.get(&case.name) {
            case.input = CaseData::File(path.clone());
        }
    }
    if let Some(missing) = (model.judged_cases()).find(|c| !committed_input(c)) {
        return Err(package(format!(
            "case {}: its input is not in the package, and no generator run of the plan \
             writes it",
            missing.name
        )));
    }
    // An interactive problem's answers are what its testlib interactor records of the main
    // solution's game (Polygon's answer files); a Kattis interactor records none.
    let interactor = match &problem.programs.interactor {
        None => None,
        Some(Interactor {
            program: Tool::Program(file),
            protocol: InteractorProtocol::Testlib,
        }) => Some(file),
        Some(_) => None,
    };
    let answering = problem.programs.interactor.is_none() || interactor.is_some();
    let to_answer: Vec<usize> = (model.cases.iter().enumerate())
        .filter(|(_, c)| c.kind.is_judged() && answering)
        .filter(|(_, c)| {
            making == Making::Everything || !c.answer.as_ref().is_some_and(|a| a.is_file())
        })
        .filter(|(_, c)| c.answer.is_some())
        .map(|(i, _)| i)
        .collect();
    let validators = validators(&model, &inputs, runner, cache)?;
    let reference = match (to_answer.is_empty(), &problem.programs.reference) {
        (true, _) => None,
        (false, Some(Tool::Program(file))) => Some(build(
            problem,
            (file, Role::Submission),
            "the main solution",
            runner,
            cache,
        )?),
        (false, _) => {
            let first = &model.cases[to_answer[0]];
            return Err(package(format!(
                "case {}: its answer is not in the package, and no main solution makes it",
                first.name
            )));
        }
    };
    let checked: Vec<&TestCase> = (model.judged_cases())
        .filter(|c| inputs.contains_key(&c.name))
        .collect();
    let interactor = match (interactor, to_answer.is_empty()) {
        (Some(file), false) => Some(interactive::Interactor {
            program: build(problem, (file, Role::Jury), "the interactor", runner, cache)?,
            flags: Vec::new(),
            limits: runner.jury().of_message(None),
            protocol: interactive::Protocol::Testlib,
        }),
        _ => None,
    };
    let validated = crate::parallel::map(&checked, jobs, |case| {
        validate(
            &model,
            case,
            &validators,
            plan_place(&plan.steps, &case.name),
            runner,
        )
    });
    validated.into_iter().collect::<Result<(), MakeError>>()?;
    let answers = crate::parallel::map(&to_answer, jobs, |&i| {
        let case = &model.cases[i];
        let place = case
            .answer
            .as_ref()
            .expect("only cases with an answer's place");
        let made = dir.join(relative(problem, place));
        let reference = reference
            .as_ref()
            .expect("a reference when answers are made");
        answer(
            &model,
            case,
            (reference, interactor.as_ref()),
            &made,
            plan_place(&plan.steps, &case.name),
            runner,
        )
        .map(|()| made)
    });
    let mut answered: BTreeMap<usize, PathBuf> = BTreeMap::new();
    for (i, made) in to_answer.iter().zip(answers) {
        answered.insert(*i, made?);
    }
    let mut made = Vec::new();
    for (i, (case, original)) in model.cases.iter_mut().zip(&problem.cases).enumerate() {
        if let (Some(path), CaseData::File(place)) = (inputs.get(&case.name), &original.input) {
            made.push(MadeFile {
                made: path.clone(),
                place: place.clone(),
            });
        }
        if let (Some(path), Some(place)) = (answered.get(&i), &original.answer) {
            made.push(MadeFile {
                made: path.clone(),
                place: place.clone(),
            });
            case.answer = Some(path.clone());
        }
    }
    Ok(Planned {
        scratch,
        problem: model,
        made,
    })
}

/// Where the plan says how case `name` is made, for messages (`problem.xml:7:9`), or where
/// its input is committed.
fn plan_place<'p>(steps: &'p [PlanStep], name: &str) -> Option<&'p str> {
    (steps.iter())
        .find(|step| step.cases().contains(&name))
        .map(|step| step.at.as_str())
}

/// `path` relative to the problem's folder (where the package holds it), else its name.
fn relative(problem: &Problem, path: &Path) -> PathBuf {
    match path.strip_prefix(&problem.root) {
        Ok(inside) => inside.to_owned(),
        Err(_) => PathBuf::from(path.file_name().unwrap_or_default()),
    }
}

/// The program `file` of `problem`, built for its role as the model says; `what` names it in
/// messages. A compile error is the package's; a compiler missing here is not.
fn build(
    problem: &Problem,
    (file, role): (&ProgramFile, Role),
    what: &str,
    runner: &Runner,
    cache: &Cache,
) -> Result<Program, MakeError> {
    let building = &problem.programs.building;
    super::build(file, role, building, &[], runner, cache).map_err(|e| {
        let message = format!(
            "{what} ({}): {}: {}",
            file.path.display(),
            e.verdict,
            e.message
        );
        match e.verdict {
            Verdict::CE => package(message),
            _ => here(message),
        }
    })
}

/// Runs `step` (the `index`th of the plan) in a fresh working folder of `dir`; the inputs it
/// wrote, each in `dir` where the package would hold it, by case name.
fn run_step(
    problem: &Problem,
    step: &PlanStep,
    program: &Program,
    dir: &Path,
    index: usize,
    runner: &Runner,
    crlf: bool,
) -> Result<Vec<(String, PathBuf)>, MakeError> {
    let what = format!(
        "{}: test {}: generator run `{}`",
        step.at,
        step.cases().join(", "),
        step.command()
    );
    let work = dir.join(".work").join(index.to_string());
    std::fs::create_dir_all(&work)
        .map_err(|e| here(format!("cannot create {}: {e}", work.display())))?;
    let invocation = (program.invocation.clone())
        .args(&step.args)
        .writes(&work)
        .working_in(&work);
    let run = runner
        .run(&invocation, Stdin::Empty, &runner.jury().of_data())
        .map_err(|e| here(format!("{what}: {e}")))?;
    if let Some(why) = beyond_limits(&what, &run) {
        return Err(package(why));
    }
    if let Some((_, why)) = run.verdict_with_stderr() {
        return Err(package(format!("{what} failed: {why}")));
    }
    let place = |case: &str| -> Result<PathBuf, MakeError> {
        let known = problem.judged_cases().find(|c| c.name == case);
        let Some(CaseData::File(input)) = known.map(|c| &c.input) else {
            return Err(here(format!("{what}: case {case} has no input file")));
        };
        let made = dir.join(relative(problem, input));
        if let Some(parent) = made.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| here(format!("cannot create {}: {e}", parent.display())))?;
        }
        Ok(made)
    };
    let mut written = Vec::new();
    match &step.writes {
        PlanOutput::Stdout { case } => {
            let made = place(case)?;
            std::fs::write(&made, line_ends(&run.stdout, crlf))
                .map_err(|e| here(format!("cannot write {}: {e}", made.display())))?;
            written.push((case.clone(), made));
        }
        PlanOutput::Files(files) => {
            for file in files {
                let found = written_file(&work, &file.file).ok_or_else(|| {
                    package(format!(
                        "{what}: it wrote no file {:?} in its working folder (test {})",
                        file.file, file.case
                    ))
                })?;
                let made = place(&file.case)?;
                let bytes = std::fs::read(&found)
                    .map_err(|e| here(format!("cannot read {}: {e}", found.display())))?;
                std::fs::write(&made, line_ends(&bytes, crlf))
                    .map_err(|e| here(format!("cannot write {}: {e}", made.display())))?;
                written.push((file.case.clone(), made));
            }
        }
    }
    drop(std::fs::remove_dir_all(&work));
    Ok(written)
}

/// `bytes` as the package's tests end their lines: as they are, or (`crlf`, a package for
/// Windows) each LF not already after a CR written as CR LF.
fn line_ends(bytes: &[u8], crlf: bool) -> std::borrow::Cow<'_, [u8]> {
    if !crlf {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 8);
    for (i, &byte) in bytes.iter().enumerate() {
        if byte == b'\n' && (i == 0 || bytes[i - 1] != b'\r') {
            out.push(b'\r');
        }
        out.push(byte);
    }
    std::borrow::Cow::Owned(out)
}

/// The file `name` a generator wrote in `work`: `4`, else `04` or `004`, as Polygon's
/// `gen-input-via-files.sh` looks for it.
fn written_file(work: &Path, name: &str) -> Option<PathBuf> {
    let padded = |width: usize| match name.parse::<usize>() {
        Ok(n) => format!("{n:0width$}"),
        Err(_) => name.to_string(),
    };
    [name.to_string(), padded(2), padded(3)]
        .into_iter()
        .map(|candidate| work.join(candidate))
        .find(|path| path.is_file())
}

/// The input validators, built, when there are made inputs to check.
fn validators(
    problem: &Problem,
    inputs: &BTreeMap<String, PathBuf>,
    runner: &Runner,
    cache: &Cache,
) -> Result<Vec<Program>, MakeError> {
    if inputs.is_empty() {
        return Ok(Vec::new());
    }
    let mut built = Vec::new();
    for validator in &problem.programs.input_validators {
        let (Tool::Program(file), ValidatorProtocol::ExitZero) =
            (&validator.program, validator.protocol)
        else {
            return Err(here(format!(
                "{}: a made input is checked by a validator of the package's own program \
                 accepting with exit 0, and this one is not",
                problem.name
            )));
        };
        built.push(build(
            problem,
            (file, Role::Jury),
            "the validator",
            runner,
            cache,
        )?);
    }
    Ok(built)
}

/// Each validator accepts the made input of `case`, called with its group's arguments.
fn validate(
    problem: &Problem,
    case: &TestCase,
    validators: &[Program],
    at: Option<&str>,
    runner: &Runner,
) -> Result<(), MakeError> {
    let CaseData::File(input) = &case.input else {
        return Ok(());
    };
    let args = problem.input_validator_args(case);
    for validator in validators {
        let what = format!(
            "{}test {}: the validator {}",
            at.map(|at| format!("{at}: ")).unwrap_or_default(),
            case.name,
            validator.given.display()
        );
        let invocation = validator.invocation.clone().args(args);
        let run = runner
            .run(
                &invocation,
                Stdin::File(input),
                &runner.jury().of_message(None),
            )
            .map_err(|e| here(format!("{what}: {e}")))?;
        if let Some(why) = beyond_limits(&what, &run) {
            return Err(package(why));
        }
        if !run.exit.success() {
            let said = String::from_utf8_lossy(&run.stderr);
            let said = said.trim();
            return Err(package(format!(
                "{what} rejects the made input{}",
                match said.is_empty() {
                    true => String::new(),
                    false => format!(": {said}"),
                }
            )));
        }
    }
    Ok(())
}

/// The reference's output on `case`'s input, under the problem's limits, written to `made`.
fn answer(
    problem: &Problem,
    case: &TestCase,
    (reference, interactor): (&Program, Option<&interactive::Interactor>),
    made: &Path,
    at: Option<&str>,
    runner: &Runner,
) -> Result<(), MakeError> {
    let CaseData::File(input) = &case.input else {
        return Err(here(format!(
            "case {}: an inline input has no answer to make",
            case.name
        )));
    };
    let what = format!(
        "{}test {}: the main solution {}",
        at.map(|at| format!("{at}: ")).unwrap_or_default(),
        case.name,
        reference.given.display()
    );
    let limits = CaseLimits::new(problem, LimitFlags::default(), &reference.given)
        .of_case(&case.name)
        .map_err(|e| here(format!("{what}: {e}")))?;
    if let Some(interactor) = interactor {
        let bytes = std::fs::read(input)
            .map_err(|e| here(format!("cannot read {}: {e}", input.display())))?;
        let test = (bytes.as_slice(), &b""[..]);
        let played = interactive::play_test(
            runner,
            &reference.invocation,
            &limits,
            interactor,
            test,
            true,
        );
        if !played.judged.accepted() {
            return Err(package(format!(
                "{what} against the interactor: {} ({})",
                played.judged.verdict,
                played.judged.message.lines().next().unwrap_or("")
            )));
        }
        return write_answer(made, &played.interactor_output);
    }
    let run = runner
        .run(&reference.invocation, Stdin::File(input), &limits)
        .map_err(|e| here(format!("{what}: {e}")))?;
    if let Some(why) = beyond_limits(&what, &run) {
        return Err(package(why));
    }
    if let Some((_, why)) = run.verdict_with_stderr() {
        return Err(package(format!("{what} failed: {why}")));
    }
    write_answer(made, &run.stdout)
}

/// Writes a made answer, making its folder.
fn write_answer(made: &Path, answer: &[u8]) -> Result<(), MakeError> {
    if let Some(parent) = made.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| here(format!("cannot create {}: {e}", parent.display())))?;
    }
    std::fs::write(made, answer).map_err(|e| here(format!("cannot write {}: {e}", made.display())))
}

impl Planned {
    /// What `doall.sh` leaves in each folder the made files go to: each folder, and its
    /// files (a name and the file it is copied from): what the package has there, every made
    /// file written over it.
    pub fn as_doall_leaves(&self) -> Result<Vec<(PathBuf, Files)>, String> {
        let mut folders: BTreeMap<PathBuf, BTreeMap<String, PathBuf>> = BTreeMap::new();
        for file in &self.made {
            let (Some(dir), Some(name)) = (file.place.parent(), file.place.file_name()) else {
                return Err(format!("{}: not a file's place", file.place.display()));
            };
            if !folders.contains_key(dir) {
                folders.insert(dir.to_owned(), files_of(dir)?.into_iter().collect());
            }
            let files = folders.get_mut(dir).expect("inserted");
            files.insert(name.to_string_lossy().into_owned(), file.made.clone());
        }
        Ok((folders.into_iter())
            .map(|(dir, files)| (dir, files.into_iter().collect()))
            .collect())
    }

    /// Each made file the package does not commit byte for byte, named with why.
    pub fn differences(&self) -> Result<Vec<String>, String> {
        let mut found = Vec::new();
        for file in &self.made {
            let made = std::fs::read(&file.made)
                .map_err(|e| format!("cannot read {}: {e}", file.made.display()))?;
            match std::fs::read(&file.place) {
                Ok(committed) if committed == made => {}
                Ok(_) => found.push(format!(
                    "{}: differs from what the plan makes",
                    file.place.display()
                )),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => found.push(format!(
                    "{}: not in the package, and the plan makes it",
                    file.place.display()
                )),
                Err(e) => return Err(format!("cannot read {}: {e}", file.place.display())),
            }
        }
        Ok(found)
    }
}
