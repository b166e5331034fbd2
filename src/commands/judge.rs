//! `stonejudge judge`: a program on every test of a problem of any format, one verdict per
//! test, a table, a summary, a scored problem's groups, and optionally a JSON report. The
//! judging is the library's, one path over the model (`stonejudge::judging::judge_cases`).

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::Path;

use anyhow::bail;
use indicatif::{ProgressBar, ProgressStyle};

use super::output::{check_writable, write_atomically};
use super::{shell_word, CommandOutcome};
use crate::cli::JudgeArgs;
use stonejudge::judge::report::{json_report, painted, summary, table_row, wrapped, TestTerms};
use stonejudge::judge::Test;
use stonejudge::judging::{self, judge_cases, Judgement, Progress, Request};
use stonejudge::model::{Format, Problem};
use stonejudge::readers;
use stonejudge::report::scores;
use stonejudge::run::{Cache, Limits, Protections};
use stonejudge::score::{format_score, same_score, ScoreCard};
use stonejudge::text::show::count;
use stonejudge::verdict::{Judged, Verdict};

pub fn run(args: &JudgeArgs) -> anyhow::Result<CommandOutcome> {
    if let Some(path) = &args.json {
        check_writable("--json", path)?;
    }
    let problem = readers::resolve(&args.problem, &args.archive.root)?;
    // What stonejudge does not support is refused before any test is made. A package whose
    // tests are not made yet may not read into the model yet (a sinol-make package committed
    // with too few tests): it is read again once they are, and its error said then.
    if let Ok(model) = readers::read_resolved(&problem) {
        if !model.unsupported.is_empty() {
            bail!("{}", model.unsupported.join("; "));
        }
    }
    let (runner, protections) = super::runner(&args.sandbox, &args.jury)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    // The tests made first (a Kattis package's generators.yaml, a sinol-make package's ingen)
    // live in a scratch folder until the end.
    let with_tests = match judging::with_tests_made(problem, &runner, &cache, args.jobs.count()) {
        Ok(with_tests) => with_tests,
        Err(error) => return super::not_made(error),
    };
    let problem = &with_tests.problem;
    let model = readers::read_resolved(problem)?;
    super::model_warnings(&model, args.strict.strict)?;
    let request = Request {
        runner: &runner,
        cache: &cache,
        command: &args.command,
        flags: args.limits.flags(),
        only: &args.only,
        tests: args.tests.as_deref(),
        jobs: args.jobs.count(),
    };
    let mut table = Table::new(Style::detect());
    let judgement = judge_cases(problem, &model, &request, &mut table)?;
    table.bar.finish_and_clear();
    if let Some(error) = &judgement.unprepared {
        let style = &table.style;
        errln!(
            "{}: {}",
            style.paint(error.verdict, error.verdict.short()),
            error
        );
    }
    print_failure_and_summary(args, &judgement);
    if let Some(verdict) = judgement.kattis_verdict {
        outln!("kattis verdict: {verdict}");
    }
    let scored = match judgement.whole {
        true => scored(&model, &judgement)?,
        false => None,
    };
    finish(args, &model, &protections, &judgement, scored)
}

/// A scored problem's result: its card, each test's fraction of its points (where the card
/// counts the test), and a line said under the groups (sinol-make's total and contest type).
struct Scored {
    card: ScoreCard,
    fractions: Vec<Option<f64>>,
    footer: Option<String>,
}

/// A scored problem's card, from the model whatever its format (`judging::card`), with each
/// test's fraction of its points, when the program was judged on all of the problem's own
/// tests.
fn scored(model: &Problem, judgement: &Judgement) -> anyhow::Result<Option<Scored>> {
    let runs = judging::scored_runs(&judgement.tests, &judgement.outcomes, &judgement.per_test);
    let Some(card) = judging::card(model, &runs)? else {
        return Ok(None);
    };
    let fractions = judging::test_fractions(model, &runs)?;
    let contest_type = model.scoring.as_ref().and_then(|s| s.contest_type.as_ref());
    let footer = contest_type.map(|contest_type| {
        format!(
            "score: {} of {} ({contest_type} contest)",
            format_score(card.total),
            format_score(card.max),
        )
    });
    Ok(Some(Scored {
        card,
        fractions,
        footer,
    }))
}

/// The first failure's message and the program's standard error under the table, then the
/// summary.
fn print_failure_and_summary(args: &JudgeArgs, judgement: &Judgement) {
    let (tests, outcomes) = (&judgement.tests, &judgement.outcomes);
    if let Some((test, failed)) = tests.iter().zip(outcomes).find(|(_, o)| !o.accepted()) {
        outln!("\ntest {} ({}):", test.name, failed.verdict);
        for line in wrapped(&failed.message, MESSAGE_WIDTH) {
            outln!("  {line}");
        }
        if let Some(stderr) = &failed.stderr {
            outln!("  the program's standard error ends:");
            for line in stderr.lines() {
                outln!("  | {line}");
            }
        }
        outln!();
    }
    outln!("{}", summary(&args.problem, tests, outcomes));
}

/// Prints the per-group table of a scored problem, writes `--json` and turns the verdicts
/// (on a scored problem, the score: every point or not) into the exit status.
fn finish(
    args: &JudgeArgs,
    model: &Problem,
    protections: &Protections,
    judgement: &Judgement,
    scored: Option<Scored>,
) -> anyhow::Result<CommandOutcome> {
    let (tests, outcomes) = (&judgement.tests, &judgement.outcomes);
    let (card, fractions) = match scored {
        Some(scored) => {
            out!("\n{}", scores::group_table(&scored.card));
            if let Some(footer) = &scored.footer {
                outln!("\n{footer}");
            }
            (Some(scored.card), Some(scored.fractions))
        }
        None => (None, None),
    };
    if let Some(path) = &args.json {
        let program: Vec<String> = (args.command.iter())
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let terms: Vec<TestTerms> = (judgement.per_test.iter().enumerate())
            .map(|(i, limits)| TestTerms {
                limits: *limits,
                fraction: fractions.as_ref().and_then(|f| f[i]),
            })
            .collect();
        let (dir, limits) = (&judgement.dir, &judgement.limits);
        let report = json_report(
            (&args.problem, program),
            (dir, limits, protections),
            (tests, outcomes, &terms, card.as_ref()),
            &|test| repro(args, model.format == Format::Ours, (dir, limits), test),
        );
        write_atomically(path, &report)?;
    }
    let judge_errors = outcomes.iter().filter(|o| o.verdict == Verdict::JE).count();
    if judge_errors > 0 && !model.format.scores_past_judge_errors() {
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
        true => CommandOutcome::Success,
        false => CommandOutcome::Rejected,
    })
}

/// Characters per line of the first failure's message under the table.
const MESSAGE_WIDTH: usize = 96;

/// The table of tests, printed as it grows, with a progress bar.
struct Table {
    style: Style,
    bar: ProgressBar,
    width: usize,
}

impl Table {
    fn new(style: Style) -> Table {
        Table {
            style,
            bar: ProgressBar::hidden(),
            width: 4,
        }
    }
}

impl Progress for Table {
    fn note(&mut self, line: &str) {
        errln!("{line}");
    }

    fn start(&mut self, tests: &[Test]) {
        self.bar = self.style.progress_bar(tests.len());
        self.width = tests.iter().map(|t| t.name.len()).max().unwrap_or(0).max(4);
        let width = self.width;
        self.bar.suspend(|| {
            outln!(
                "{:width$}  verdict  {:>7}  {:>9}  message",
                "test",
                "time",
                "memory"
            )
        });
    }

    fn judged(&mut self, test: &Test, judged: &Judged) {
        let row = table_row(&test.name, self.width, judged, self.style.colour);
        self.bar.suspend(|| outln!("{row}"));
        self.bar.inc(1);
    }
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
        match self.colour {
            true => painted(verdict, text),
            false => text.to_string(),
        }
    }
}

/// `stonejudge judge nim --tests testdata/nim --test 03 --time-limit 1 --memory-limit 256 -- ./a`
/// (`--tests` only for a problem of ours: a package's tests are its own).
fn repro(args: &JudgeArgs, ours: bool, (dir, limits): (&Path, &Limits), test: &str) -> String {
    let mut words: Vec<OsString> = ["stonejudge", "judge", &args.problem]
        .iter()
        .map(OsString::from)
        .collect();
    if ours {
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
