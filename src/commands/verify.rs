//! `verify [--partition K/N] [--json FILE]`: every check CI needs over the archive (see
//! `stonejudge::archive::verify`), as a table with a summary; exit 1 if any item fails.

use std::io::Write;

use anyhow::Context;
use serde::Serialize;

use super::Outcome;
use crate::cli::VerifyArgs;
use stonejudge::archive::verify::{self, ItemReport, Partition, Verifier};
use stonejudge::archive::Archive;
use stonejudge::run::{Cache, Protections};

/// Width of the item column.
const ITEM_WIDTH: usize = 52;
/// Characters of a detail shown in the table (the full text follows for failures, and is in
/// the JSON).
const DETAIL_CHARS: usize = 72;

/// The `--json` document.
#[derive(Serialize)]
struct Document<'a> {
    partition: Partition,
    /// The protections the example solutions ran under.
    sandbox: &'a Protections,
    passed: usize,
    failed: usize,
    items: &'a [ItemReport],
}

pub fn run(args: &VerifyArgs) -> anyhow::Result<Outcome> {
    let archive = Archive::new(&args.archive.root);
    if !archive.root().join("problems").is_dir() {
        anyhow::bail!(
            "{} has no problems/ directory: run verify at the archive's root or give --root",
            archive.root().display()
        );
    }
    let partition = args.partition.unwrap_or(Partition::WHOLE);
    let items = partition.select(verify::items(&archive).map_err(anyhow::Error::msg)?);
    let (runner, protections) = super::runner(&args.sandbox)?;
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
        let report = verifier.verify(item);
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
    writeln!(
        out,
        "\nverify: {} items (partition {partition}): {passed} passed, {} failed",
        reports.len(),
        failed.len()
    )?;
    if let Some(path) = &args.json {
        let document = Document {
            partition,
            sandbox: &protections,
            passed,
            failed: failed.len(),
            items: &reports,
        };
        let text = serde_json::to_string_pretty(&document)?;
        std::fs::write(path, text + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(if failed.is_empty() {
        Outcome::Success
    } else {
        Outcome::Rejected
    })
}

/// `text` cut to [`DETAIL_CHARS`] characters, with `...` when cut.
fn shortened(text: &str) -> String {
    if text.chars().count() <= DETAIL_CHARS {
        return text.to_string();
    }
    let kept: String = text.chars().take(DETAIL_CHARS - 3).collect();
    format!("{kept}...")
}
