//! `stonejudge judge`: a program on every test of a problem, one verdict per test, a table, a
//! summary, and optionally a JSON report.

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::{find_problem, Outcome};
use crate::cli::JudgeArgs;
use stonejudge::archive::Manifest;
use stonejudge::run::{judge_test, mebibytes, seconds, Cache, Limits, Program, Runner};
use stonejudge::run::{PrepareError, TestOutcome};
use stonejudge::verdict::Verdict;

/// The time limit when neither a flag nor the problem says otherwise.
const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(1);
/// The memory limit, in MiB, when neither a flag nor the problem says otherwise.
const DEFAULT_MEMORY_MIB: u64 = 256;

/// What the table and the report need of a test's outcome: not its output, so that judging
/// many tests with large outputs does not keep them all in memory.
struct Judged {
    verdict: Verdict,
    message: String,
    /// CPU time, wall-clock time and peak memory in KiB, if the program ran.
    measured: Option<(Duration, Duration, u64)>,
}

impl From<TestOutcome> for Judged {
    fn from(outcome: TestOutcome) -> Judged {
        Judged {
            verdict: outcome.verdict,
            message: outcome.message,
            measured: outcome
                .run
                .map(|run| (run.cpu_time, run.wall_time, run.peak_memory_kib)),
        }
    }
}

/// One test: `NAME.in` and its answer `NAME.ans`.
struct Test {
    name: String,
    input: PathBuf,
    answer: PathBuf,
}

pub fn run(args: &JudgeArgs) -> anyhow::Result<Outcome> {
    let problem = find_problem(&args.problem)?;
    let dir = args
        .tests
        .clone()
        .unwrap_or_else(|| Path::new("testdata").join(&args.problem));
    if args.tests.is_none() && !dir.is_dir() {
        bail!(
            "no directory {}, where the tests of {} are by default; give one with --tests DIR",
            dir.display(),
            args.problem
        );
    }
    let tests = list_tests(&dir, &args.only)?;
    let limits = resolve_limits(&args.problem, args)?;
    let Some((program_path, program_args)) = args.command.split_first() else {
        bail!("missing the program to judge after --");
    };
    let runner = Runner::current_exe()?;
    let cache = Cache::default_location()?;
    let style = Style::detect();

    let outcomes: Vec<Judged> =
        match Program::prepare(Path::new(program_path), program_args, &runner, &cache) {
            Ok(program) => {
                let judge = |test: &Test| {
                    Judged::from(judge_test(
                        &runner,
                        &program,
                        problem,
                        &test.input,
                        &test.answer,
                        &limits,
                    ))
                };
                judge_in_parallel(&tests, args.jobs as usize, judge, &style)
            }
            Err(error) => {
                eprintln!(
                    "{}: {}",
                    style.paint(error.verdict, error.verdict.short()),
                    error
                );
                tests.iter().map(|_| unprepared(&error)).collect()
            }
        };

    println!("{}", summary(&args.problem, &tests, &outcomes));
    if let Some(path) = &args.json {
        let report = json_report(args, &dir, &limits, &tests, &outcomes);
        write_atomically(path, &report)?;
    }
    let judge_errors = outcomes.iter().filter(|o| o.verdict == Verdict::JE).count();
    if judge_errors > 0 {
        bail!(
            "{judge_errors} of {} tests could not be judged (JE)",
            tests.len()
        );
    }
    Ok(if outcomes.iter().all(|o| o.verdict == Verdict::AC) {
        Outcome::Success
    } else {
        Outcome::Rejected
    })
}

/// The limits the tests of `problem` run under. Flags win; then `[limits]` of
/// `problems/<PROBLEM>/problem.toml` when the current directory is an archive; otherwise the
/// defaults (1 s, 256 MiB).
fn resolve_limits(problem: &str, args: &JudgeArgs) -> anyhow::Result<Limits> {
    let manifest_dir = Path::new("problems").join(problem);
    let from_manifest = if manifest_dir.join("problem.toml").is_file() {
        let manifest = Manifest::load(&manifest_dir)?;
        Some((
            Duration::from_secs_f64(manifest.limits.time_seconds),
            manifest.limits.memory_mib,
        ))
    } else {
        None
    };
    let (default_time, default_memory) =
        from_manifest.unwrap_or((DEFAULT_TIME_LIMIT, DEFAULT_MEMORY_MIB));
    let time = args.time_limit.unwrap_or(default_time);
    let memory_mib = args.memory_limit.unwrap_or(default_memory);
    Ok(Limits::new(time, memory_mib << 20))
}

/// The tests in `dir` (every `NAME.in`, which needs a `NAME.ans`), in name order; only those
/// named in `only`, if any.
fn list_tests(dir: &Path, only: &[String]) -> anyhow::Result<Vec<Test>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the tests directory {}", dir.display()))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
        let file_name = entry.file_name();
        let Some(name) = file_name.to_str().and_then(|n| n.strip_suffix(".in")) else {
            continue;
        };
        if only.is_empty() || only.iter().any(|o| o == name) {
            names.push(name.to_string());
        }
    }
    names.sort();
    if let Some(missing) = only.iter().find(|o| !names.contains(o)) {
        bail!(
            "--test {missing}: there is no {missing}.in in {}",
            dir.display()
        );
    }
    if names.is_empty() {
        bail!("no tests (NAME.in files) in {}", dir.display());
    }
    names
        .into_iter()
        .map(|name| {
            let answer = dir.join(format!("{name}.ans"));
            if !answer.is_file() {
                bail!(
                    "{} has no answer file {}",
                    dir.join(format!("{name}.in")).display(),
                    answer.display()
                );
            }
            Ok(Test {
                input: dir.join(format!("{name}.in")),
                answer,
                name,
            })
        })
        .collect()
}

/// Judges every test, `jobs` at a time, printing each row in test order as soon as it and
/// every test before it are done, under a progress bar on a terminal.
fn judge_in_parallel(
    tests: &[Test],
    jobs: usize,
    judge: impl Fn(&Test) -> Judged + Sync,
    style: &Style,
) -> Vec<Judged> {
    let bar = style.progress_bar(tests.len());
    let width = tests.iter().map(|t| t.name.len()).max().unwrap_or(0).max(4);
    bar.suspend(|| {
        println!(
            "{:width$}  verdict  {:>7}  {:>9}  message",
            "test", "time", "memory"
        )
    });
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, Judged)>();
    let mut done: Vec<Option<Judged>> = tests.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, tests.len()) {
            let sender = sender.clone();
            let (next, judge) = (&next, &judge);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(test) = tests.get(index) else { break };
                if sender.send((index, judge(test))).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut printed = 0;
        for (index, outcome) in receiver {
            done[index] = Some(outcome);
            bar.inc(1);
            while let Some(Some(outcome)) = done.get(printed) {
                let row = style.row(&tests[printed].name, width, outcome);
                bar.suspend(|| println!("{row}"));
                printed += 1;
            }
        }
    });
    bar.finish_and_clear();
    done.into_iter().flatten().collect()
}

/// The outcome of a test whose program could not be prepared.
fn unprepared(error: &PrepareError) -> Judged {
    Judged {
        verdict: error.verdict,
        message: error.message.clone(),
        measured: None,
    }
}

/// `nim: 18 of 20 tests AC; 1 WA, 1 TLE; first failure: test 03 (WA); max time …`.
fn summary(problem: &str, tests: &[Test], outcomes: &[Judged]) -> String {
    let accepted = outcomes.iter().filter(|o| o.verdict == Verdict::AC).count();
    let mut text = if accepted == tests.len() {
        format!("{problem}: all {} tests AC", tests.len())
    } else {
        let counts: Vec<String> = Verdict::ALL
            .into_iter()
            .filter(|&v| v != Verdict::AC)
            .filter_map(|v| {
                let n = outcomes.iter().filter(|o| o.verdict == v).count();
                (n > 0).then(|| format!("{n} {v}"))
            })
            .collect();
        let (first, outcome) = tests
            .iter()
            .zip(outcomes)
            .find(|(_, o)| o.verdict != Verdict::AC)
            .map(|(t, o)| (t.name.as_str(), o.verdict))
            .unwrap_or(("?", Verdict::JE));
        format!(
            "{problem}: {accepted} of {} tests AC; {}; first failure: test {first} ({outcome})",
            tests.len(),
            counts.join(", ")
        )
    };
    let measured: Vec<_> = outcomes.iter().filter_map(|o| o.measured).collect();
    if let (Some(time), Some(memory)) = (
        measured.iter().map(|&(cpu, _, _)| cpu).max(),
        measured.iter().map(|&(_, _, peak)| peak).max(),
    ) {
        text.push_str(&format!(
            "; max time {}, max memory {}",
            seconds(time),
            mebibytes(memory * 1024)
        ));
    }
    text
}

/// How the output looks: colours only on a terminal and without `NO_COLOR`; a progress bar
/// only when standard error is a terminal.
struct Style {
    colour: bool,
    progress: bool,
}

impl Style {
    fn detect() -> Style {
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            colour: std::io::stdout().is_terminal() && !no_colour,
            progress: std::io::stderr().is_terminal(),
        }
    }

    fn progress_bar(&self, tests: usize) -> ProgressBar {
        if !self.progress || tests < 2 {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new(tests as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} tests, {elapsed}") {
            bar.set_style(style);
        }
        bar
    }

    fn paint(&self, verdict: Verdict, text: &str) -> String {
        if !self.colour {
            return text.to_string();
        }
        let code = match verdict {
            Verdict::AC => "32",
            Verdict::WA | Verdict::PE => "31",
            Verdict::TLE | Verdict::MLE | Verdict::OLE => "33",
            Verdict::RE => "35",
            Verdict::CE | Verdict::JE => "1;31",
        };
        format!("\x1b[{code}m{text}\x1b[0m")
    }

    /// `03    WA       0.01 s    3.1 MiB  case 1: …`.
    fn row(&self, name: &str, width: usize, outcome: &Judged) -> String {
        let verdict = self.paint(outcome.verdict, &format!("{:7}", outcome.verdict.short()));
        let (time, memory) = match outcome.measured {
            Some((cpu, _, peak)) => (seconds(cpu), mebibytes(peak * 1024)),
            None => ("-".to_string(), "-".to_string()),
        };
        let message = if outcome.verdict == Verdict::AC {
            String::new()
        } else {
            one_line(&outcome.message, 80)
        };
        format!("{name:width$}  {verdict}  {time:>7}  {memory:>9}  {message}")
            .trim_end()
            .to_string()
    }
}

/// The first line of `text`, cut at `max` characters.
fn one_line(text: &str, max: usize) -> String {
    let line = text.lines().next().unwrap_or("");
    match line.char_indices().nth(max) {
        Some((cut, _)) => format!("{}...", &line[..cut]),
        None => line.to_string(),
    }
}

#[derive(Serialize)]
struct JsonReport<'a> {
    problem: &'a str,
    program: Vec<String>,
    tests_dir: String,
    limits: JsonLimits,
    /// AC if every test is AC, else the verdict of the first test that is not.
    verdict: Verdict,
    tests: Vec<JsonTest>,
}

#[derive(Serialize)]
struct JsonLimits {
    time_s: f64,
    wall_s: f64,
    memory_mib: Option<u64>,
    output_mib: u64,
}

#[derive(Serialize)]
struct JsonTest {
    test: String,
    verdict: Verdict,
    time_s: Option<f64>,
    wall_s: Option<f64>,
    memory_kib: Option<u64>,
    message: String,
    /// A shell command judging this test alone under the same limits.
    repro: String,
}

fn json_report(
    args: &JudgeArgs,
    dir: &Path,
    limits: &Limits,
    tests: &[Test],
    outcomes: &[Judged],
) -> String {
    let program: Vec<String> = args
        .command
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let report = JsonReport {
        problem: &args.problem,
        program: program.clone(),
        tests_dir: dir.display().to_string(),
        limits: JsonLimits {
            time_s: limits.cpu.as_secs_f64(),
            wall_s: limits.wall.as_secs_f64(),
            memory_mib: limits.memory.map(|m| m >> 20),
            output_mib: limits.output >> 20,
        },
        verdict: outcomes
            .iter()
            .map(|o| o.verdict)
            .find(|&v| v != Verdict::AC)
            .unwrap_or(Verdict::AC),
        tests: tests
            .iter()
            .zip(outcomes)
            .map(|(test, outcome)| JsonTest {
                test: test.name.clone(),
                verdict: outcome.verdict,
                time_s: outcome.measured.map(|(cpu, _, _)| cpu.as_secs_f64()),
                wall_s: outcome.measured.map(|(_, wall, _)| wall.as_secs_f64()),
                memory_kib: outcome.measured.map(|(_, _, peak)| peak),
                message: outcome.message.clone(),
                repro: repro(args, dir, limits, &test.name),
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&report).unwrap_or_default();
    text.push('\n');
    text
}

/// `stonejudge judge nim --tests testdata/nim --test 03 --time-limit 1 --memory-limit 256 -- ./a`.
fn repro(args: &JudgeArgs, dir: &Path, limits: &Limits, test: &str) -> String {
    let mut words: Vec<OsString> = ["stonejudge", "judge", &args.problem, "--tests"]
        .iter()
        .map(OsString::from)
        .collect();
    words.push(dir.as_os_str().to_owned());
    words.extend(["--test", test, "--time-limit"].iter().map(OsString::from));
    words.push(limits.cpu.as_secs_f64().to_string().into());
    if let Some(memory) = limits.memory {
        words.push("--memory-limit".into());
        words.push((memory >> 20).to_string().into());
    }
    words.push("--".into());
    words.extend(args.command.iter().cloned());
    words
        .iter()
        .map(|w| shell_quote(&w.to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `word` as one shell word: unchanged when safe, else in single quotes.
fn shell_quote(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Writes `text` to `path` through a temporary file in the same directory and a rename, so a
/// reader never sees half a report.
fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    let name = path
        .file_name()
        .with_context(|| format!("--json {}: not a file name", path.display()))?;
    let mut temporary_name = OsString::from(".");
    temporary_name.push(name);
    temporary_name.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary_name);
    std::fs::write(&temporary, text)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_quoting() {
        assert_eq!(shell_quote("./sol.cpp"), "./sol.cpp");
        assert_eq!(shell_quote("a b"), "'a b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn one_line_cuts() {
        assert_eq!(one_line("abc\ndef", 80), "abc");
        assert_eq!(one_line("abcdef", 3), "abc...");
    }
}
