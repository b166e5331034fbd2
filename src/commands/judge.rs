//! `stonejudge judge`: a program on every test of a problem, one verdict per test, a table, a
//! summary, and optionally a JSON report.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;

use anyhow::bail;
use indicatif::{ProgressBar, ProgressStyle};

use super::output::{check_writable, write_atomically};
use super::{shell_word, Outcome};
use crate::cli::JudgeArgs;
use stonejudge::catalog;
use stonejudge::formats::tests_in;
use stonejudge::judge::report::{json_report, painted, selected, summary, table_row, wrapped};
use stonejudge::judge::{self, judge_each, unprepared, Judge, Test};
use stonejudge::judging::{self, CaseLimits, ScoredRun};
use stonejudge::package::data::PackageTest;
use stonejudge::package::submissions::{kattis_verdict, limit_for_judging, Judging, TestJudging};
use stonejudge::package::{is_package, Package};
use stonejudge::readers;
use stonejudge::report::scores;
use stonejudge::run::{Cache, Limits, Program, Protections, Runner};
use stonejudge::score::{same_score, ScoreCard};
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
    if let Some(sinol) = problem.sinol() {
        return super::sinol::judge(args, sinol);
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
        tests_in(&dir).map_err(anyhow::Error::msg)?,
        &args.only,
        &dir,
    )
    .map_err(anyhow::Error::msg)?;
    let model = readers::ours::read(&problem, &problem.testdata_dir())?;
    let case_limits = CaseLimits::new(&model, args.limits.flags(), program_path(args)?);
    let (limits, per_test) = limits_of(&case_limits, &tests)?;
    let (runner, protections) = super::runner(&args.sandbox)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    let tools = problem.tools(&runner, &cache).map_err(anyhow::Error::msg)?;
    let judging = problem.judging(&tools);
    let outcomes = judge_table(args, &tests, limits, (&runner, &cache), None, &|i| {
        (judging, per_test[i])
    })?;
    // Scored only on the problem's own tests, all of them: their names say their groups.
    let own_tests = args.only.is_empty() && args.tests.is_none();
    let runs = scored_runs(&tests, &outcomes, &per_test);
    let card = match own_tests {
        true => judging::card(&model, &runs)?,
        false => None,
    };
    finish(args, (&dir, &limits, &protections), &tests, &outcomes, card)
}

/// `judge PACKAGE`: every test of `data/`, each judged by the package's output validator (or
/// the default one) with its group's flags, or played against it as the interactor of an
/// interactive package, under the package's limits (resolved from the package read into the
/// model, `stonejudge::judging`); the time limit is `--time-limit`, else the package's fixed
/// one, else derived from its accepted submissions, which run first. Ends with the verdict Kattis would give for the whole data.
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
    let model = readers::kattis::read(package)?;
    let case_limits = CaseLimits::new(&model, args.limits.flags(), program_path(args)?);
    let dir = package.root.join("data");
    let all: Vec<&PackageTest> = data.tests();
    let tests = selected(
        all.iter().map(|t| t.test.clone()).collect(),
        &args.only,
        &dir,
    )
    .map_err(anyhow::Error::msg)?;
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
    if case_limits.to_derive() {
        eprintln!("deriving the time limit from the accepted submissions...");
    }
    let limit =
        limit_for_judging(package, &judging, &data, &cache, flag).map_err(anyhow::Error::msg)?;
    eprintln!("time limit: {}", limit.how);
    let case_limits = match case_limits.to_derive() {
        true => case_limits.derived(Duration::from_secs_f64(limit.seconds)),
        false => case_limits,
    };
    let (limits, per_test) = limits_of(&case_limits, &tests)?;
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
        &|i| (judgings[i].judging(), per_test[i]),
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
    let card = match args.only.is_empty() {
        true => judging::card(&model, &scored_runs(&tests, &outcomes, &per_test)),
        false => Ok(None),
    };
    let card = card.map_err(|e| anyhow::anyhow!("{}: {e}", package.root.display()))?;
    finish(args, (&dir, &limits, &protections), &tests, &outcomes, card)
}

/// The runs of `tests` judged as `outcomes` under `limits`, as the score card takes them.
fn scored_runs<'a>(
    tests: &'a [Test],
    outcomes: &'a [Judged],
    limits: &[Limits],
) -> Vec<ScoredRun<'a>> {
    (tests.iter().zip(outcomes).zip(limits))
        .map(|((test, judged), limits)| ScoredRun {
            case: &test.name,
            judged,
            time_limit: limits.cpu,
        })
        .collect()
}

/// The program's path, the first word after `--`.
fn program_path(args: &JudgeArgs) -> anyhow::Result<&Path> {
    match args.command.first() {
        Some(path) => Ok(Path::new(path)),
        None => bail!("missing the program to judge after --"),
    }
}

/// The limits of the problem as a whole (what the JSON report and its commands name), and
/// those of each of `tests`, in order.
fn limits_of(limits: &CaseLimits<'_>, tests: &[Test]) -> anyhow::Result<(Limits, Vec<Limits>)> {
    let per_test = (tests.iter())
        .map(|test| limits.of_case(&test.name))
        .collect::<Result<_, _>>()?;
    Ok((limits.of_problem()?, per_test))
}

/// Prepares the program (as a submission of `package`, its `include/` added) and judges it
/// on `tests` (as `of_test(i)` says for test `i`: how, and under which limits), printing the
/// table as it grows and the summary; the verdicts in test order. `limits` are the problem's.
fn judge_table<'c>(
    args: &JudgeArgs,
    tests: &[Test],
    limits: Limits,
    (runner, cache): (&Runner, &Cache),
    package: Option<&Package>,
    of_test: &(dyn (Fn(usize) -> (judge::Judging<'c>, Limits)) + Sync),
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
                judging: of_test(0).0,
            };
            let bar = style.progress_bar(tests.len());
            let width = tests.iter().map(|t| t.name.len()).max().unwrap_or(0).max(4);
            bar.suspend(|| {
                println!(
                    "{:width$}  verdict  {:>7}  {:>9}  message",
                    "test", "time", "memory"
                )
            });
            let judged = judge_each(&judge, tests, args.jobs.count(), of_test, |test, judged| {
                let row = style.row(&test.name, width, judged);
                bar.suspend(|| println!("{row}"));
                bar.inc(1);
            });
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

/// Prints the per-group table of a scored problem, writes `--json` and turns the verdicts
/// (on a scored problem, the score: every point or not) into the exit status.
fn finish(
    args: &JudgeArgs,
    (dir, limits, protections): (&Path, &Limits, &Protections),
    tests: &[Test],
    outcomes: &[Judged],
    card: Option<ScoreCard>,
) -> anyhow::Result<Outcome> {
    if let Some(card) = &card {
        print!("\n{}", scores::group_table(card));
    }
    if let Some(path) = &args.json {
        let program: Vec<String> = (args.command.iter())
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let report = json_report(
            (&args.problem, program),
            (dir, limits, protections),
            (tests, outcomes, card.as_ref()),
            &|test| repro(args, dir, limits, test),
        );
        write_atomically(path, &report)?;
    }
    let judge_errors = outcomes.iter().filter(|o| o.verdict == Verdict::JE).count();
    if judge_errors > 0 {
        bail!(
            "{judge_errors} of {} could not be judged (JE)",
            count(tests.len(), "test", "tests")
        );
    }
    let passed = match &card {
        Some(card) => same_score(card.max, card.total),
        None => outcomes.iter().all(Judged::accepted),
    };
    Ok(match passed {
        true => Outcome::Success,
        false => Outcome::Rejected,
    })
}

/// Characters per line of the first failure's message under the table.
const MESSAGE_WIDTH: usize = 96;

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
        match self.colour {
            true => painted(verdict, text),
            false => text.to_string(),
        }
    }

    fn row(&self, name: &str, width: usize, outcome: &Judged) -> String {
        table_row(name, width, outcome, self.colour)
    }
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
