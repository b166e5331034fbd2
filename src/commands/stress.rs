//! `stress`: search for a failing case of a program and shrink it (see `stonejudge::stress`).
//!
//! Standard output gets the result: `OK …` when nothing failed (exit 0), or the failure
//! report (exit 1): the minimal input verbatim, the expected and received answers, the
//! checker's explanation, the seed and a one-line command that reproduces it all. Standard
//! error gets the setup, progress (cases/s) and a closing count. The run itself is
//! `stonejudge::stress::run`'s.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

use super::output::{check_writable, default_case_path};
use super::{shell_word, Outcome};
use crate::cli::StressArgs;
use stonejudge::catalog::{self, Resolved};
use stonejudge::formats::run_limits;
use stonejudge::package::Package;
use stonejudge::run::{Cache, Program, Runner};
use stonejudge::stress::report::{census_lines, describe, headline};
use stonejudge::stress::run::{Ended, Found, Progress, Setup};
use stonejudge::stress::{self, Budget, Census, Failure, Origin, Search, Tokens};
use stonejudge::text::show::count;
use stonejudge::verdict::Verdict;
use stonejudge::{gen, interrupt};

/// Random cases when neither --cases nor --duration is given.
const DEFAULT_CASES: u64 = 1000;

pub fn run(args: &StressArgs) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    interrupt::install().context("cannot catch SIGINT")?;
    if let Some(save) = &args.save {
        check_writable("--save", save)?;
    }
    let (runner, _) = super::runner(&args.sandbox)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    let problem = args
        .problem
        .as_deref()
        .map(|name| catalog::resolve(name, &args.archive.root))
        .transpose()?;
    let package = problem.as_ref().and_then(Resolved::package);
    let program =
        prepare_words(&args.program, package, &runner, &cache).context("the program under test")?;
    let sinol = problem.as_ref().and_then(Resolved::sinol);
    if package.is_none() && sinol.is_none() && problem.is_some() && args.gen.is_some() {
        bail!(
            "--gen and --ref are generic mode, which takes no PROBLEM (except a Kattis or \
             sinol-make package)"
        );
    }
    if let Some(sinol) = sinol {
        super::sinol::warnings(sinol, false)?;
    }
    // Generic mode has no problem, hence no manifest: the flags, else the defaults; a
    // package's limits are the run's own business.
    let limits = match &problem {
        Some(problem) if package.is_none() => problem.limits(args.limits.flags())?,
        _ => run_limits(None, args.limits.flags()),
    };
    let (seed, fresh) = first_seed(args)?;
    let setup = Setup {
        program: &program,
        runner: &runner,
        cache: &cache,
        limits,
        jobs: args.jobs.count(),
        budget: budget(args),
        seed,
        fresh,
        params: args.params.clone(),
        exhaustive: args.exhaustive,
        bound: args.bound,
        cases: args.cases,
        duration: args.duration,
        started,
    };
    let progress = Bar {
        bar: Mutex::new(None),
        jobs: setup.jobs,
    };
    // Without --gen, the library says why a package needs one.
    let prepare = || external(args, package, &runner, &cache).map_err(|e| format!("{e:#}"));
    let programs = args.gen.as_ref().map(|_| &prepare as &dyn Fn() -> _);
    let ended = match (&problem, package, sinol) {
        (_, Some(package), _) => {
            let flags = (
                args.limits.time_limit.map(|t| t.as_secs_f64()),
                args.limits.memory_limit,
            );
            stress::run::with_package(&setup, &progress, package, flags, programs)
        }
        (_, None, Some(sinol)) => stress::run::with_sinol(&setup, &progress, sinol, programs),
        (Some(problem), None, None) => stress::run::in_process(&setup, &progress, problem)
            .unwrap_or_else(|| stress::run::with_programs(&setup, &progress, problem)),
        (None, None, _) => {
            let (generator, reference) = external(args, None, &runner, &cache)?;
            let how = "token comparison with the reference";
            stress::run::generic(&setup, &progress, (&generator, &reference), &Tokens, how)
        }
    };
    match ended.map_err(anyhow::Error::msg)? {
        Ended::Passed { what, interrupted } => Ok(passed(&what, interrupted)),
        Ended::Failed(found) => report_failure(args, &found),
    }
}

/// The programs of --gen and --ref. Against a package, the reference is built as the
/// package builds its submissions (with `include/`), like the program under test; the
/// generator is not a submission and runs as it is.
fn external(
    args: &StressArgs,
    package: Option<&Package>,
    runner: &Runner,
    cache: &Cache,
) -> anyhow::Result<(Program, Program)> {
    let words = |flag: &str, cmd: &Option<String>, package| -> anyhow::Result<Program> {
        let cmd = cmd.as_deref().unwrap_or_default();
        let words: Vec<OsString> = cmd.split_whitespace().map(OsString::from).collect();
        prepare_words(&words, package, runner, cache).with_context(|| format!("{flag} {cmd:?}"))
    };
    Ok((
        words("--gen", &args.gen, None)?,
        words("--ref", &args.reference, package)?,
    ))
}

/// The seed of case 0 and whether it was drawn fresh: --seed, else one from the operating
/// system (printed, so that the run can be repeated).
fn first_seed(args: &StressArgs) -> anyhow::Result<(u64, bool)> {
    Ok(match args.seed {
        Some(seed) => (seed, false),
        None => (
            gen::fresh_seed().context("cannot draw a seed from the operating system")?,
            true,
        ),
    })
}

/// --cases, else --duration, else [`DEFAULT_CASES`].
fn budget(args: &StressArgs) -> Budget {
    Budget {
        cases: match (args.cases, args.duration) {
            (None, None) => Some(DEFAULT_CASES),
            (cases, _) => cases,
        },
        duration: args.duration,
    }
}

/// The end of a search that found nothing: `OK: …` (exit 0), or, when SIGINT stopped it,
/// `interrupted: …` (exit 130).
fn passed(what: &str, interrupted: bool) -> Outcome {
    if interrupted {
        println!("interrupted: {what}; no failure found");
        Outcome::Interrupted
    } else {
        println!("OK: {what}");
        Outcome::Success
    }
}

/// Progress on standard error: notes, the census, a spinner with the rate while searching
/// and a closing line with the count.
struct Bar {
    bar: Mutex<Option<ProgressBar>>,
    /// The jobs the search runs, for the closing line.
    jobs: usize,
}

impl Progress for Bar {
    fn note(&self, line: &str) {
        eprintln!("{line}");
    }

    fn census(&self, census: &Census, bound: u64) {
        for line in census_lines(census, bound) {
            eprintln!("{line}");
        }
    }

    fn searching(&self) {
        let style = ProgressStyle::with_template("{spinner} {pos} cases, {rate} ({elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_spinner())
            .with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0} cases/s", state.per_sec());
                },
            );
        let bar = ProgressBar::new_spinner().with_style(style);
        bar.enable_steady_tick(Duration::from_millis(200));
        *self.bar.lock().unwrap_or_else(|p| p.into_inner()) = Some(bar);
    }

    fn case_judged(&self) {
        if let Some(bar) = &*self.bar.lock().unwrap_or_else(|p| p.into_inner()) {
            bar.inc(1);
        }
    }

    fn searched(&self, search: Option<&Search>) {
        if let Some(bar) = self.bar.lock().unwrap_or_else(|p| p.into_inner()).take() {
            bar.finish_and_clear();
        }
        let Some(search) = search else {
            return;
        };
        let seconds = search.elapsed.as_secs_f64();
        eprintln!(
            "stress: {} in {seconds:.2} s ({:.0} cases/s, {})",
            count(search.tried, "case", "cases"),
            search.tried as f64 / seconds.max(1e-9),
            count(self.jobs, "job", "jobs")
        );
    }
}

/// Prints the failure report for the final (shrunk or original) `input` and saves the case to
/// --save, by default `.stonejudge/stress-<stem>.in`. The case is shown in full when it could
/// not be saved, so it is never lost. A judge error is not the program's fault: exit 2.
fn report_failure(args: &StressArgs, found: &Found) -> anyhow::Result<Outcome> {
    let Found {
        failure,
        how,
        stem,
        input,
        trial,
        interrupted,
    } = found;
    let saved = (args.save.clone())
        .map_or_else(|| default_case_path(stem), Ok)
        .and_then(|path| save_case(&path, input, &trial.expected).map(|()| path));
    let mut report = headline(failure);
    let _ = writeln!(report, "{how}");
    describe(&mut report, saved.as_deref().ok(), input, trial);
    let _ = writeln!(report, "repro: {}", repro(args, failure));
    print!("{report}");
    if let Err(error) = saved {
        eprintln!("stress: the case is shown in full above: {error:#}");
    }
    if trial.judged.verdict == Verdict::JE {
        bail!(
            "case {} could not be judged (JE): {}",
            failure.case.index,
            trial.judged.message.trim_end()
        );
    }
    Ok(match interrupted {
        true => Outcome::Interrupted,
        false => Outcome::Rejected,
    })
}

/// A program from its command words: the first is an executable or a source, the rest are
/// its arguments. With a `package`, a source given alone is built as the package builds its
/// submissions ([`Package::prepare_contestant`]: the files of `include/` added).
fn prepare_words(
    words: &[OsString],
    package: Option<&Package>,
    runner: &Runner,
    cache: &Cache,
) -> anyhow::Result<Program> {
    let Some((path, rest)) = words.split_first() else {
        bail!("no program given");
    };
    let path = Path::new(path);
    Ok(match package {
        Some(package) => package.prepare_contestant(path, rest, runner, cache)?,
        None => Program::prepare(path, rest, runner, cache)?,
    })
}

/// Writes the case's input to `path` and its expected answer next to it (`.ans`).
fn save_case(path: &Path, input: &str, answer: &str) -> anyhow::Result<()> {
    std::fs::write(path, input).with_context(|| format!("cannot write {}", path.display()))?;
    let answer_path = path.with_extension("ans");
    std::fs::write(&answer_path, answer)
        .with_context(|| format!("cannot write {}", answer_path.display()))
}

/// The command line that finds the same failure again and shrinks it the same way.
fn repro(args: &StressArgs, failure: &Failure) -> String {
    let mut words: Vec<String> = vec!["stonejudge".into(), "stress".into()];
    match &failure.case.origin {
        Origin::Generated { seed, mode } => {
            words.extend(args.problem.clone());
            words.extend([
                "--seed".to_string(),
                seed.to_string(),
                "--cases".into(),
                "1".into(),
            ]);
            for param in &args.params {
                words.extend(["--param".to_string(), param.clone()]);
            }
            if let Some(mode) = mode {
                words.extend(["--param".to_string(), format!("mode={mode}")]);
            }
        }
        Origin::Called(call) => {
            words.extend(args.problem.clone());
            words.extend([
                "--seed".to_string(),
                call.seed.to_string(),
                "--cases".into(),
                "1".into(),
            ]);
            for (key, value) in &call.params {
                words.extend(["--param".to_string(), format!("{key}={value}")]);
            }
        }
        Origin::Enumerated { size } => {
            words.extend(args.problem.clone());
            words.extend([
                "--exhaustive".to_string(),
                "--bound".into(),
                size.to_string(),
                "--cases".into(),
                (failure.case.index + 1).to_string(),
            ]);
        }
        Origin::External { seed } => {
            // A package, whose validator judged.
            words.extend(args.problem.clone());
            for (flag, cmd) in [("--gen", &args.gen), ("--ref", &args.reference)] {
                words.extend([flag.to_string(), cmd.clone().unwrap_or_default()]);
            }
            words.extend([
                "--seed".to_string(),
                seed.to_string(),
                "--cases".into(),
                "1".into(),
            ]);
        }
    }
    if let Some(t) = args.limits.time_limit {
        words.extend(["--time-limit".to_string(), t.as_secs_f64().to_string()]);
    }
    if let Some(m) = args.limits.memory_limit {
        words.extend(["--memory-limit".to_string(), m.to_string()]);
    }
    let root = &args.archive.root;
    if root != Path::new(".") {
        words.extend(["--root".to_string(), root.display().to_string()]);
    }
    words.push("--".into());
    words.extend(
        args.program
            .iter()
            .map(|w| w.to_string_lossy().into_owned()),
    );
    words
        .iter()
        .map(|w| shell_word(w))
        .collect::<Vec<_>>()
        .join(" ")
}
