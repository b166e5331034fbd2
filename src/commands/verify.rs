//! `verify [--partition K/N] [--json FILE]`: every check CI needs over the archive (see
//! `stonejudge::archive::verify`), as a table with a summary; exit 1 if any item fails. On
//! SIGINT, the items done so far are summed up and the exit status is 130.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::output::{check_writable, write_atomically};
use super::Outcome;
use crate::cli::VerifyArgs;
use stonejudge::archive::verify::{self, ItemReport, Partition, Verifier};
use stonejudge::archive::Archive;
use stonejudge::interrupt;
use stonejudge::run::{Cache, Runner};
use stonejudge::text::show::count;

/// Width of the item column.
const ITEM_WIDTH: usize = 52;
/// Characters of a detail shown in the table (the full text follows for failures, and is in
/// the JSON).
const DETAIL_CHARS: usize = 72;

/// The `--json` document.
#[derive(Serialize)]
struct Document<'a> {
    partition: Partition,
    passed: usize,
    failed: usize,
    items: &'a [ItemReport],
}

pub fn run(args: &VerifyArgs) -> anyhow::Result<Outcome> {
    interrupt::install().context("cannot catch SIGINT")?;
    if let Some(path) = &args.json {
        check_writable("--json", path)?;
    }
    let archive = Archive::new(&args.archive.root);
    if !archive.root().join("problems").is_dir() {
        anyhow::bail!(
            "{} has no problems/ directory: run verify at the archive's root or give --root",
            archive.root().display()
        );
    }
    let partition = args.partition.unwrap_or(Partition::WHOLE);
    let all = verify::items(&archive).map_err(anyhow::Error::msg)?;
    let total = all.len();
    let items = partition.select(all);
    if items.is_empty() {
        anyhow::bail!(
            "--partition {partition}: part {} of {} has no item, as there are only {}",
            partition.index,
            partition.count,
            count(total, "item", "items")
        );
    }
    let runner = Runner::current_exe()?;
    let cache = Cache::default_location()?;
    let verifier = Verifier {
        archive: &archive,
        runner: &runner,
        cache: &cache,
        jobs: args.jobs.count(),
    };

    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:<ITEM_WIDTH$} {:<6} {:>7}  DETAIL",
        "ITEM", "RESULT", "TIME"
    )?;
    let mut reports = Vec::with_capacity(items.len());
    for item in &items {
        if interrupt::requested() {
            break;
        }
        let spinner = Spinner::start(&item.id);
        let report = verifier.verify(item);
        spinner.stop();
        let result = if report.ok { "ok" } else { "FAILED" };
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
            "{:<ITEM_WIDTH$} {result:<6} {:>6.1}s  {detail}",
            report.id, report.seconds
        )?;
        out.flush()?;
        reports.push(report);
    }
    let failed: Vec<&ItemReport> = reports.iter().filter(|r| !r.ok).collect();
    for report in &failed {
        writeln!(out, "\n{} FAILED:", report.id)?;
        for check in report.checks.iter().filter(|c| !c.ok) {
            writeln!(
                out,
                "  {}: {}",
                check.name,
                check.detail.replace('\n', "\n  ")
            )?;
        }
    }
    let passed = reports.len() - failed.len();
    let interrupted = reports.len() < items.len();
    let ran = if interrupted {
        format!(
            "interrupted after {} of {} (partition {partition}); the rest did not run",
            reports.len(),
            count(items.len(), "item", "items")
        )
    } else {
        format!(
            "{} (partition {partition})",
            count(items.len(), "item", "items")
        )
    };
    writeln!(
        out,
        "\nverify: {ran}: {passed} passed, {} failed",
        failed.len()
    )?;
    if let Some(path) = &args.json {
        let document = Document {
            partition,
            passed,
            failed: failed.len(),
            items: &reports,
        };
        let text = serde_json::to_string_pretty(&document)?;
        write_atomically(path, &(text + "\n"))?;
    }
    Ok(if interrupted {
        Outcome::Interrupted
    } else if failed.is_empty() {
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
