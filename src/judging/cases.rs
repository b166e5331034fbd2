//! `judge PROBLEM -- PROGRAM` of a problem of any format, as one path over the model: the
//! problem read into the model (`crate::readers`), its checker, interactor and passes made
//! runnable ([`PreparedJudging`]), each case's limits resolved ([`CaseLimits`]), and the
//! program judged on every case ([`judge::judge_each`]). The command prints what this
//! returns; the score card is [`super::card`]'s.
//!
//! What only one format has is a step the model enables, not a path of its own: a time limit
//! derived from the accepted submissions when the model says it is
//! ([`TimeLimit::FromSubmissions`](crate::model::TimeLimit::FromSubmissions), a Kattis
//! package's: its submissions run as Kattis runs them), and the verdict the whole data gets
//! where the model gives it one ([`Problem::whole_verdict`], a Kattis package's).

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::time_limit::limit_for_judging;
use super::{CaseJudging, CaseLimits, PreparedJudging, Toolbox, Unready};
use crate::catalog::Resolved;
use crate::formats::LimitFlags;
use crate::judge::report::selected;
use crate::judge::{judge_each, unprepared, Judge, Test};
use crate::model::{Problem, TimeLimit, VerdictGroup};
use crate::run::{Cache, Language, Limits, PrepareError, Runner};
use crate::verdict::kattis_verdict;
use crate::verdict::{Judged, Verdict};

/// The answer of a case the format gives none (a sinol-make interactive task's): its
/// interactor judges without one, so it is judged against an empty answer.
const NO_ANSWER: &str = "/dev/null";

/// What judging a program on a problem takes besides the problem.
pub struct Request<'a> {
    pub runner: &'a Runner,
    pub cache: &'a Cache,
    /// The program's path, then its arguments.
    pub command: &'a [OsString],
    /// `--time-limit` and `--memory-limit`, over whatever the problem sets.
    pub flags: LimitFlags,
    /// `--test`: only these cases (all when empty).
    pub only: &'a [String],
    /// `--tests DIR`: cases of a folder instead of the problem's own (only a problem of ours
    /// has no tests of its own that must be judged).
    pub tests: Option<&'a Path>,
    /// `-j`: this many cases at a time.
    pub jobs: usize,
}

/// What the command is told while the cases are judged, to print it as it comes.
pub trait Progress: Send {
    /// A line about the judging (how the time limit was found), before any case runs.
    fn note(&mut self, line: &str);
    /// The cases are about to be judged (not when the program could not be prepared).
    fn start(&mut self, tests: &[Test]);
    /// `test` was judged; in test order.
    fn judged(&mut self, test: &Test, judged: &Judged);
}

/// A program judged on a problem.
pub struct Judgement {
    /// Where the cases are (a report's `tests_dir`, and `--tests` of its commands).
    pub dir: PathBuf,
    /// Whether they are the problem's own, all of them (neither `--tests` nor `--test`):
    /// only then are they scored, and given the verdict of the whole data.
    pub whole: bool,
    pub tests: Vec<Test>,
    /// Each test's verdict, in order.
    pub outcomes: Vec<Judged>,
    /// The limits of the problem as a whole (what a report names), and those of each test.
    pub limits: Limits,
    pub per_test: Vec<Limits>,
    /// Why the program could not be prepared (its verdict on every test), when it could not.
    pub unprepared: Option<PrepareError>,
    /// The verdict the whole data gets, in Kattis' words, where the model gives one (a Kattis
    /// package's, [`Problem::whole_verdict`]) and the program was judged on all of it.
    pub kattis_verdict: Option<&'static str>,
}

/// Why a program could not be judged at all: a usage error or a broken problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct JudgeError(pub String);

impl From<String> for JudgeError {
    fn from(message: String) -> JudgeError {
        JudgeError(message)
    }
}

/// Judges the program of `request` on `problem` (read into `model`), telling `progress` as
/// it goes.
pub fn judge_cases(
    problem: &Resolved,
    model: &Problem,
    request: &Request<'_>,
    progress: &mut dyn Progress,
) -> Result<Judgement, JudgeError> {
    let Some((path, args)) = request.command.split_first() else {
        return Err(JudgeError("missing the program to judge after --".into()));
    };
    let path = Path::new(path);
    // Every program of the problem is built as its model says (its Python 3 with PyPy, say).
    let cache = super::building_for(model, request.cache);
    let request = &Request {
        cache: &cache,
        ..*request
    };
    if Language::of(path) == Some(Language::Python3) {
        if let Some(how) = super::python3_here(model) {
            progress.note(&how);
        }
    }
    let (dir, tests) = cases(problem, model, request)?;
    let whole = request.only.is_empty() && request.tests.is_none();
    // Only our problems have prepared tools; a package's programs are its own.
    let tools = match problem.is_package() {
        true => None,
        false => Some(problem.tools(request.runner, request.cache)?),
    };
    let toolbox = toolbox(problem, model, tools.as_ref(), request);
    let prepared = PreparedJudging::new(model, &toolbox).map_err(|unready| match unready {
        Unready::Broken(why) | Unready::Skipped(why) => JudgeError(why),
    })?;
    let judgings: Vec<CaseJudging<'_>> = (tests.iter())
        .map(|test| {
            let judging = match model.judged_cases().find(|case| case.name == test.name) {
                Some(case) => prepared.of_case(case),
                None => prepared.of_group(""),
            };
            judging.map_err(|e| format!("test {}: {e}", test.name))
        })
        .collect::<Result<_, _>>()?;
    let program = toolbox.contestant(path, args);
    let case_limits = CaseLimits::new(model, request.flags, path);
    let from_submissions = matches!(model.limits.time, TimeLimit::FromSubmissions { .. });
    let case_limits = match (
        case_limits.to_derive(),
        from_submissions,
        request.flags.time,
    ) {
        (true, _, _) => {
            let time = derived_time_limit(model, &prepared, &toolbox, request, progress)?;
            case_limits.derived(time)
        }
        // Said, as a derived one is: the flag stands for the submissions' limit.
        (false, true, Some(time)) => {
            let seconds = time.as_secs_f64();
            progress.note(&format!("time limit: {seconds} s, from --time-limit"));
            case_limits
        }
        (false, _, _) => case_limits,
    };
    let per_test = (tests.iter())
        .map(|test| case_limits.of_case(&test.name))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| JudgeError(e.to_string()))?;
    let limits = case_limits
        .of_problem()
        .map_err(|e| JudgeError(e.to_string()))?;
    let (outcomes, unprepared_error) = match program {
        Ok(program) => {
            progress.start(&tests);
            let judge = Judge {
                runner: request.runner,
                program: &program,
                limits,
                judging: judgings[0].judging(),
            };
            let of_test = |i: usize| (judgings[i].judging(), per_test[i]);
            let outcomes = judge_each(&judge, &tests, request.jobs, of_test, |test, judged| {
                progress.judged(test, judged)
            });
            (outcomes, None)
        }
        // Nothing runs: every test gets the verdict of the preparation.
        Err(error) => (
            tests.iter().map(|_| unprepared(&error)).collect(),
            Some(error),
        ),
    };
    let kattis_verdict = match (whole, &model.whole_verdict) {
        (true, Some(rule)) => Some(whole_verdict(rule, &tests, &outcomes)?),
        _ => None,
    };
    Ok(Judgement {
        dir,
        whole,
        tests,
        outcomes,
        limits,
        per_test,
        unprepared: unprepared_error,
        kattis_verdict,
    })
}

/// Where the cases are, and the cases: the folder of `--tests`, or the problem's own (those
/// of `--test` only, when given).
fn cases(
    problem: &Resolved,
    model: &Problem,
    request: &Request<'_>,
) -> Result<(PathBuf, Vec<Test>), JudgeError> {
    let own_dir = model.tests_dir.clone();
    let (dir, all) = match request.tests {
        Some(dir) if problem.is_package() => {
            return Err(JudgeError(format!(
                "--tests {}: a {} package's tests are its own ({})",
                dir.display(),
                model.format.name(),
                own_dir.display()
            )))
        }
        Some(dir) => (dir.to_owned(), crate::formats::tests_in(dir)?),
        None if !own_dir.is_dir() => {
            return Err(JudgeError(format!(
                "no directory {}, where the tests of {} are by default; give one with --tests DIR",
                own_dir.display(),
                problem.name()
            )))
        }
        None => (own_dir, problem.tests()?),
    };
    let mut tests = selected(all, request.only, &dir)?;
    // A case of an interactive problem the format gives no answer is judged against an empty
    // one (any other's missing answer is a judge error where it is read).
    let interactive = model.programs.interactor.is_some();
    for test in tests.iter_mut().filter(|_| interactive) {
        let answerless =
            (model.judged_cases()).any(|case| case.name == test.name && case.answer.is_none());
        if answerless {
            test.answer = PathBuf::from(NO_ANSWER);
        }
    }
    Ok((dir, tests))
}

/// What builds the problem's programs: as its model says, our problem's through its prepared
/// `tools` (and its built-in judge) when it has them.
pub fn toolbox<'t>(
    problem: &'t Resolved,
    model: &'t Problem,
    tools: Option<&'t crate::catalog::Tools<'t>>,
    request: &Request<'t>,
) -> Toolbox<'t> {
    let of_model = Toolbox::of(model, request.runner, request.cache, request.jobs);
    match tools {
        Some(tools) => Toolbox {
            ours: Some(tools),
            ..of_model
        }
        .playing(problem.referee()),
        None => of_model,
    }
}

/// The time limit derived from the submissions the model says set it (a Kattis package's),
/// which run for it as Kattis runs them, each built by `toolbox` and judged by `prepared` on
/// the model's cases as the program will be.
pub fn derived_time_limit(
    model: &Problem,
    prepared: &PreparedJudging<'_>,
    toolbox: &Toolbox<'_>,
    request: &Request<'_>,
    progress: &mut dyn Progress,
) -> Result<Duration, JudgeError> {
    progress.note("deriving the time limit from the accepted submissions...");
    let limit = limit_for_judging(model, prepared, toolbox, request.flags)?;
    progress.note(&format!("time limit: {}", limit.how));
    Ok(Duration::from_secs_f64(limit.seconds))
}

/// The verdict the model's rule gives the whole data from each test's (a test it names that
/// was not judged is a judge error), in Kattis' words (`RTE`), where the rule is Kattis'.
fn whole_verdict(
    rule: &VerdictGroup,
    tests: &[Test],
    outcomes: &[Judged],
) -> Result<&'static str, JudgeError> {
    let by_name: HashMap<&str, Verdict> = (tests.iter())
        .zip(outcomes)
        .map(|(t, o)| (t.name.as_str(), o.verdict))
        .collect();
    let verdict = rule.verdict(&mut |name| by_name.get(name).copied().unwrap_or(Verdict::JE))?;
    Ok(kattis_verdict(verdict))
}
