//! `stonejudge judge`: a program on every test of a problem, one verdict per test, a table, a
//! summary, and optionally a JSON report.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::Path;

use anyhow::bail;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::output::{check_writable, write_atomically};
use super::{shell_word, Outcome};
use crate::cli::JudgeArgs;
use stonejudge::archive;
use stonejudge::catalog;
use stonejudge::judge::{self, judge_each, unprepared, Judge, Test};
use stonejudge::package::data::PackageTest;
use stonejudge::package::submissions::{kattis_verdict, limit_for_judging, Judging, TestJudging};
use stonejudge::package::{is_package, Package};
use stonejudge::run::{mebibytes, seconds, Cache, Limits, Program, Protections, Runner};
use stonejudge::text::show::count;
use stonejudge::verdict::{Judged, Verdict};

pub fn run(args: &JudgeArgs) -> anyhow::Result<Outcome> {
    if let Some(path) = &args.json {
        check_writable("--json", path)?;
    }
    let problem = catalog::resolve(&args.problem, &args.archive.root)?;
    if let Some(package) = problem.package() {
        return run_package(args, package);
    }
    let dir = args.tests.clone().unwrap_or_else(|| problem.testdata_dir());
    if args.tests.is_none() && !dir.is_dir() {
        bail!(
            "no directory {}, where the tests of {} are by default; give one with --tests DIR",
            dir.display(),
            args.problem
        );
    }
    let tests = selected(
        archive::tests_in(&dir).map_err(anyhow::Error::msg)?,
        &args.only,
        &dir,
    )?;
    let limits = problem.limits(args.limits.flags())?;
    let (runner, protections) = super::runner(&args.sandbox)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    let tools = problem.tools(&runner, &cache).map_err(anyhow::Error::msg)?;
    let judging = problem.judging(&tools);
    let outcomes = judge_table(args, &tests, limits, (&runner, &cache), None, &|_| judging)?;
    finish(args, &dir, &limits, &protections, &tests, &outcomes)
}

/// `judge PACKAGE`: every test of `data/`, each judged by the package's output validator (or
/// the default one) with its group's flags, or played against it as the interactor of an
/// interactive package, under the package's limits; the time limit is
/// `--time-limit`, else the package's fixed one, else derived from its accepted submissions,
/// which run first. Ends with the verdict Kattis would give for the whole data.
fn run_package(args: &JudgeArgs, package: &Package) -> anyhow::Result<Outcome> {
    super::package_warnings(package, args.strict.strict)?;
    if let Some(why) = package.unsupported() {
        bail!("{why}");
    }
    if let Some(dir) = &args.tests {
        bail!(
            "--tests {}: a Kattis package's tests are its own data/ folder",
            dir.display()
        );
    }
    let data = package.data()?;
    let dir = package.root.join("data");
    let all: Vec<&PackageTest> = data.tests();
    let tests = selected(
        all.iter().map(|t| t.test.clone()).collect(),
        &args.only,
        &dir,
    )?;
    let (runner, protections) = super::runner(&args.sandbox)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    let mut config = package.config.clone();
    if let Some(memory) = args.limits.memory_limit {
        config.memory_mib = memory;
    }
    let validator = match package.output_validator()? {
        Some(program) => Some(
            package
                .prepare(&program, false, &runner, &cache)
                .map_err(|e| anyhow::anyhow!("the output validator: {e}"))?,
        ),
        None => None,
    };
    let judging = Judging {
        runner: &runner,
        validator: validator.as_ref(),
        config: &config,
    };
    let flag = args.limits.time_limit.map(|t| t.as_secs_f64());
    if flag.is_none() && package.config.time.fixed.is_none() {
        eprintln!("deriving the time limit from the accepted submissions...");
    }
    let limit =
        limit_for_judging(package, &judging, &data, &cache, flag).map_err(anyhow::Error::msg)?;
    eprintln!("time limit: {}", limit.how);
    let limits = judging.limits(limit.seconds);
    let judgings: Vec<TestJudging<'_>> = (tests.iter())
        .map(|test| {
            let of_test = all.iter().find(|t| t.test.name == test.name);
            of_test.map_or(Err("no such test".to_string()), |t| judging.of_test(t))
        })
        .collect::<Result<_, _>>()
        .map_err(anyhow::Error::msg)?;
    let outcomes = judge_table(
        args,
        &tests,
        limits,
        (&runner, &cache),
        Some(package),
        &|i| judgings[i].judging(),
    )?;
    if args.only.is_empty() {
        let by_name: HashMap<&str, Verdict> = (tests.iter())
            .zip(&outcomes)
            .map(|(t, o)| (t.name.as_str(), o.verdict))
            .collect();
        let verdict = data
            .verdict(&mut |t| {
                kattis_verdict(
                    by_name
                        .get(t.test.name.as_str())
                        .copied()
                        .unwrap_or(Verdict::JE),
                )
            })
            .map_err(anyhow::Error::msg)?;
        println!("kattis verdict: {verdict}");
    }
    finish(args, &dir, &limits, &protections, &tests, &outcomes)
}

/// Prepares the program (as a submission of `package`, its `include/` added) and judges it
/// on `tests` (as `judging_of(i)` says for test `i`), printing the table as it grows and the
/// summary; the verdicts in test order.
fn judge_table<'c>(
    args: &JudgeArgs,
    tests: &[Test],
    limits: Limits,
    (runner, cache): (&Runner, &Cache),
    package: Option<&Package>,
    judging_of: &(dyn (Fn(usize) -> judge::Judging<'c>) + Sync),
) -> anyhow::Result<Vec<Judged>> {
    let Some((program_path, program_args)) = args.command.split_first() else {
        bail!("missing the program to judge after --");
    };
    let style = Style::detect();
    let path = Path::new(program_path);
    let prepared = match package {
        Some(package) => package.prepare_contestant(path, program_args, runner, cache),
        None => Program::prepare(path, program_args, runner, cache),
    };
    let outcomes: Vec<Judged> = match prepared {
        Ok(program) => {
            let judge = Judge {
                runner,
                program: &program,
                limits,
                judging: judging_of(0),
            };
            let bar = style.progress_bar(tests.len());
            let width = tests.iter().map(|t| t.name.len()).max().unwrap_or(0).max(4);
            bar.suspend(|| {
                println!(
                    "{:width$}  verdict  {:>7}  {:>9}  message",
                    "test", "time", "memory"
                )
            });
            let judged = judge_each(
                &judge,
                tests,
                args.jobs.count(),
                judging_of,
                |test, judged| {
                    let row = style.row(&test.name, width, judged);
                    bar.suspend(|| println!("{row}"));
                    bar.inc(1);
                },
            );
            bar.finish_and_clear();
            judged
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
    if let Some((test, failed)) = tests.iter().zip(&outcomes).find(|(_, o)| !o.accepted()) {
        println!("\ntest {} ({}):", test.name, failed.verdict);
        for line in wrapped(&failed.message, MESSAGE_WIDTH) {
            println!("  {line}");
        }
        if let Some(stderr) = &failed.stderr {
            println!("  the program's standard error ends:");
            for line in stderr.lines() {
                println!("  | {line}");
            }
        }
        println!();
    }
    println!("{}", summary(&args.problem, tests, &outcomes));
    Ok(outcomes)
}

/// Writes `--json` and turns the verdicts into the exit status.
fn finish(
    args: &JudgeArgs,
    dir: &Path,
    limits: &Limits,
    protections: &Protections,
    tests: &[Test],
    outcomes: &[Judged],
) -> anyhow::Result<Outcome> {
    if let Some(path) = &args.json {
        let report = json_report(args, dir, limits, protections, tests, outcomes);
        write_atomically(path, &report)?;
    }
    let judge_errors = outcomes.iter().filter(|o| o.verdict == Verdict::JE).count();
    if judge_errors > 0 {
        bail!(
            "{judge_errors} of {} could not be judged (JE)",
            count(tests.len(), "test", "tests")
        );
    }
    Ok(if outcomes.iter().all(Judged::accepted) {
        Outcome::Success
    } else {
        Outcome::Rejected
    })
}

/// Characters per line of the first failure's message under the table.
const MESSAGE_WIDTH: usize = 96;

/// The tests named by `--test` (all of them when none is), or which name is not a test (and
/// which one was meant, when only leading zeros are missing: `1` for `01`).
fn selected(tests: Vec<Test>, only: &[String], dir: &Path) -> anyhow::Result<Vec<Test>> {
    if let Some(missing) = only.iter().find(|o| !tests.iter().any(|t| &t.name == *o)) {
        let meant = tests
            .iter()
            .find(|t| t.name.trim_start_matches('0') == missing.trim_start_matches('0'))
            .map(|t| format!(" (did you mean {}?)", t.name))
            .unwrap_or_default();
        bail!(
            "--test {missing}: there is no {missing}.in in {}{meant}",
            dir.display()
        );
    }
    let tests: Vec<Test> = tests
        .into_iter()
        .filter(|t| only.is_empty() || only.contains(&t.name))
        .collect();
    if tests.is_empty() {
        bail!("no tests (NAME.in files) in {}", dir.display());
    }
    Ok(tests)
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
            "{problem}: {accepted} of {} AC; {}; first failure: test {first} ({outcome})",
            count(tests.len(), "test", "tests"),
            counts.join(", ")
        )
    };
    let measured: Vec<_> = outcomes.iter().filter_map(|o| o.measured).collect();
    if let (Some(time), Some(memory)) = (
        measured.iter().map(|m| m.cpu_time).max(),
        measured.iter().map(|m| m.peak_memory_kib).max(),
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
            Some(m) => (seconds(m.cpu_time), mebibytes(m.peak_memory_kib * 1024)),
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

/// `text` in lines of at most `width` characters, broken at spaces where it can be (a longer
/// word gets a line of its own); its own line breaks are kept.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.trim_end().lines() {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    lines
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
    /// The protections the program ran under.
    sandbox: &'a Protections,
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
    /// The end of the program's standard error on a verdict that is not AC (the last 20
    /// lines, at most 2 KiB, headed by a `[... cut ...]` line when more came before); null
    /// when it wrote nothing, and on AC.
    stderr: Option<String>,
    /// A shell command judging this test alone under the same limits.
    repro: String,
}

fn json_report(
    args: &JudgeArgs,
    dir: &Path,
    limits: &Limits,
    sandbox: &Protections,
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
        sandbox,
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
                time_s: outcome.measured.map(|m| m.cpu_time.as_secs_f64()),
                wall_s: outcome.measured.map(|m| m.wall_time.as_secs_f64()),
                memory_kib: outcome.measured.map(|m| m.peak_memory_kib),
                message: outcome.message.clone(),
                stderr: outcome.stderr.clone(),
                repro: repro(args, dir, limits, &test.name),
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&report).unwrap_or_default();
    text.push('\n');
    text
}

/// `stonejudge judge nim --tests testdata/nim --test 03 --time-limit 1 --memory-limit 256 -- ./a`
/// (a Kattis package's tests are its own: no `--tests`).
fn repro(args: &JudgeArgs, dir: &Path, limits: &Limits, test: &str) -> String {
    let mut words: Vec<OsString> = ["stonejudge", "judge", &args.problem]
        .iter()
        .map(OsString::from)
        .collect();
    if !is_package(Path::new(&args.problem)) {
        words.push("--tests".into());
        words.push(dir.as_os_str().to_owned());
    }
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
        .map(|w| shell_word(&w.to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_at_spaces_and_keeps_line_breaks() {
        assert_eq!(wrapped("aa bb cc\ndd", 5), ["aa bb", "cc", "dd"]);
        assert_eq!(wrapped("abcdefg hi", 3), ["abcdefg", "hi"]);
    }

    #[test]
    fn one_line_cuts() {
        assert_eq!(one_line("abc\ndef", 80), "abc");
        assert_eq!(one_line("abcdef", 3), "abc...");
    }
}
