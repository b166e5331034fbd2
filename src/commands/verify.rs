//! `verify [PATH]... [--partition K/N] [--json FILE] [--html FILE]`: every check CI needs, as
//! a table with a summary, and as JSON and an HTML page (`stonejudge::report`). Without PATH,
//! the archive at `--root`; each PATH is an archive (a folder holding `problems/`), one
//! problem folder of an archive (`problems/<name>/`, holding `problem.toml`), or a Kattis
//! package (a folder holding `problem.yaml`), or a sinol-make package (`config.yml` and
//! `prog/`); `stonejudge::verify::targets` tells them apart and orders their items. Exit 1 if any
//! item fails, else 2 if some could not be verified (skipped), else 0. On SIGINT, the items done
//! so far are summed up and the exit status is 130.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};

use super::output::{check_writable, write_atomically};
use super::Outcome;
use crate::cli::VerifyArgs;
use stonejudge::interrupt;
use stonejudge::report::{html, scores, VerifyReport};
use stonejudge::run::Cache;
use stonejudge::text::show::count;
use stonejudge::verify::ours::DEFAULT_BRUTE_BUDGET;
use stonejudge::verify::targets::{self, Settings};
use stonejudge::verify::{ItemReport, Partition};

/// Width of the item column.
const ITEM_WIDTH: usize = 52;
/// Characters of a detail shown in the table (the full text follows for failures, and is in
/// the JSON).
const DETAIL_CHARS: usize = 72;

pub fn run(args: &VerifyArgs) -> anyhow::Result<Outcome> {
    interrupt::install().context("cannot catch SIGINT")?;
    for (flag, path) in [("--json", &args.json), ("--html", &args.html)] {
        if let Some(path) = path {
            check_writable(flag, path)?;
        }
    }
    let targets = targets::targets(&args.paths, &args.archive.root).map_err(anyhow::Error::msg)?;
    let (runner, protections) = super::runner(&args.sandbox, &args.jury)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    let settings = Settings {
        runner: &runner,
        cache: &cache,
        jobs: args.jobs.count(),
        brute_budget: args.brute_time_limit.unwrap_or(DEFAULT_BRUTE_BUDGET),
        strict: args.strict.strict,
    };
    let verifiers = targets::verifiers(&targets, &settings, &mut |warning| {
        errln!("warning: {warning}")
    })
    .map_err(anyhow::Error::msg)?;
    let partition = args.partition.unwrap_or(Partition::WHOLE);
    let units = targets::units(&verifiers, partition).map_err(anyhow::Error::msg)?;

    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:<ITEM_WIDTH$} {:<7} {:>7}  DETAIL",
        "ITEM", "RESULT", "TIME"
    )?;
    let mut reports = Vec::with_capacity(units.len());
    for unit in &units {
        if interrupt::requested() {
            break;
        }
        let spinner = Spinner::start(unit.id());
        let report = unit.verify();
        spinner.stop();
        let result = match (report.ok, report.skipped) {
            (true, _) => "ok",
            (false, true) => "skipped",
            (false, false) => "FAILED",
        };
        let detail = report
            .checks
            .iter()
            .find(|c| !c.ok)
            .or(report.checks.last())
            .map(|c| format!("{}: {}", c.name, c.detail.lines().next().unwrap_or("")))
            .map(|d| shortened(&d))
            .unwrap_or_default();
        writeln!(
            out,
            "{:<ITEM_WIDTH$} {result:<7} {:>6.1}s  {detail}",
            report.id, report.seconds
        )?;
        out.flush()?;
        reports.push(report);
    }
    let failed: Vec<&ItemReport> = reports.iter().filter(|r| !r.ok && !r.skipped).collect();
    let skipped: Vec<&ItemReport> = reports.iter().filter(|r| r.skipped).collect();
    for (report, what) in (failed.iter().map(|r| (r, "FAILED")))
        .chain(skipped.iter().map(|r| (r, "SKIPPED (not verified)")))
    {
        writeln!(out, "\n{} {what}:", report.id)?;
        for check in report.checks.iter().filter(|c| !c.ok) {
            writeln!(
                out,
                "  {}: {}",
                check.name,
                check.detail.replace('\n', "\n  ")
            )?;
        }
    }
    write!(out, "{}", scores::solutions_table(&reports))?;
    let passed = reports.len() - failed.len() - skipped.len();
    let interrupted = reports.len() < units.len();
    let ran = if interrupted {
        format!(
            "interrupted after {} of {} (partition {partition}); the rest did not run",
            reports.len(),
            count(units.len(), "item", "items")
        )
    } else {
        format!(
            "{} (partition {partition})",
            count(units.len(), "item", "items")
        )
    };
    writeln!(
        out,
        "\nverify: {ran}: {passed} passed, {} failed, {} skipped{}",
        failed.len(),
        skipped.len(),
        scores::totals(&reports)
    )?;
    let report = VerifyReport {
        partition,
        sandbox: &protections,
        passed,
        failed: failed.len(),
        skipped: skipped.len(),
        items: &reports,
    };
    if let Some(path) = &args.json {
        write_atomically(path, &report.json()?)?;
    }
    if let Some(path) = &args.html {
        write_atomically(path, &html::render(&report))?;
    }
    if interrupted {
        return Ok(Outcome::Interrupted);
    }
    if failed.is_empty() && !skipped.is_empty() {
        bail!(
            "{} items could not be verified here (skipped, not passed)",
            skipped.len()
        );
    }
    Ok(if failed.is_empty() {
        Outcome::Success
    } else {
        Outcome::Rejected
    })
}

/// A spinner on standard error naming the item that runs, so that a slow item does not look
/// like a hang; only when standard error is a terminal.
struct Spinner(Option<ProgressBar>);

impl Spinner {
    fn start(item: &str) -> Spinner {
        if !std::io::stderr().is_terminal() {
            return Spinner(None);
        }
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
            bar.set_style(style);
        }
        bar.set_message(item.to_string());
        bar.enable_steady_tick(Duration::from_millis(200));
        Spinner(Some(bar))
    }

    fn stop(self) {
        if let Some(bar) = self.0 {
            bar.finish_and_clear();
        }
    }
}

/// `text` cut to [`DETAIL_CHARS`] characters, with `...` when cut.
fn shortened(text: &str) -> String {
    if text.chars().count() <= DETAIL_CHARS {
        return text.to_string();
    }
    let kept: String = text.chars().take(DETAIL_CHARS - 3).collect();
    format!("{kept}...")
}
