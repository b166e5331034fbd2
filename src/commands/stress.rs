//! `stress`: search for a failing case of a program and shrink it (see `stonejudge::stress`).
//!
//! Standard output gets the result: `OK …` when nothing failed (exit 0), or the failure
//! report (exit 1): the minimal input verbatim, the expected and received answers, the
//! checker's explanation, the seed and a one-line command that reproduces it all. Standard
//! error gets the setup, progress (cases/s) and a closing count. The flags become a
//! `stonejudge::stress::request::StressRequest`, and the run is that module's one call.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

use super::output::{check_writable, default_case_path};
use super::{shell_word, CommandOutcome};
use crate::cli::StressArgs;
use stonejudge::interrupt;
use stonejudge::run::Cache;
use stonejudge::stress::report::{census_lines, describe, headline};
use stonejudge::stress::request::{stress, StressRequest};
use stonejudge::stress::run::{Ended, Found, StressProgress};
use stonejudge::stress::{Census, Failure, Origin, Search};
use stonejudge::text::show::count;
use stonejudge::verdict::Verdict;

pub fn run(args: &StressArgs) -> anyhow::Result<CommandOutcome> {
    interrupt::install().context("cannot catch SIGINT")?;
    if let Some(save) = &args.save {
        check_writable("--save", save)?;
    }
    let (runner, _) = super::runner(&args.sandbox, &args.jury)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    let request = StressRequest {
        problem: args.problem.clone(),
        root: args.archive.root.clone(),
        program: args.program.clone(),
        generator: args.gen.clone(),
        reference: args.reference.clone(),
        limits: args.limits.flags(),
        jobs: args.jobs.count(),
        seed: args.seed,
        cases: args.cases,
        duration: args.duration,
        params: args.params.clone(),
        exhaustive: args.exhaustive,
        bound: args.bound,
    };
    let progress = Bar {
        bar: Mutex::new(None),
        jobs: request.jobs,
    };
    match stress(&request, &runner, &cache, &progress).map_err(anyhow::Error::msg)? {
        Ended::Passed { what, interrupted } => Ok(passed(&what, interrupted)),
        Ended::Failed(found) => report_failure(args, &found),
    }
}

/// The end of a search that found nothing: `OK: …` (exit 0), or, when SIGINT stopped it,
/// `interrupted: …` (exit 130).
fn passed(what: &str, interrupted: bool) -> CommandOutcome {
    if interrupted {
        outln!("interrupted: {what}; no failure found");
        CommandOutcome::Interrupted
    } else {
        outln!("OK: {what}");
        CommandOutcome::Success
    }
}

/// Progress on standard error: notes, the census, a spinner with the rate while searching
/// and a closing line with the count.
struct Bar {
    bar: Mutex<Option<ProgressBar>>,
    /// The jobs the search runs, for the closing line.
    jobs: usize,
}

impl StressProgress for Bar {
    fn note(&self, line: &str) {
        errln!("{line}");
    }

    fn census(&self, census: &Census, bound: u64) {
        for line in census_lines(census, bound) {
            errln!("{line}");
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
        errln!(
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
fn report_failure(args: &StressArgs, found: &Found) -> anyhow::Result<CommandOutcome> {
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
    out!("{report}");
    if let Err(error) = saved {
        errln!("stress: the case is shown in full above: {error:#}");
    }
    if trial.judged.verdict == Verdict::JE {
        bail!(
            "case {} could not be judged (JE): {}",
            failure.case.index,
            trial.judged.message.trim_end()
        );
    }
    Ok(match interrupted {
        true => CommandOutcome::Interrupted,
        false => CommandOutcome::Rejected,
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
        Origin::Made { .. } => {
            // The inputs of the problem's own generator, made again in the same order.
            words.extend(args.problem.clone());
            words.extend(["--cases".to_string(), (failure.case.index + 1).to_string()]);
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
