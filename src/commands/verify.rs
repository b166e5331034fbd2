//! `verify [PATH]... [--partition K/N] [--json FILE] [--html FILE]`: every check CI needs, as
//! a table with a summary, and as JSON and an HTML page (`stonejudge::report`). Without PATH,
//! the archive at `--root`; each PATH is an archive (a folder holding `problems/`), one
//! problem folder of an archive (`problems/<name>/`, holding `problem.toml`), or a Kattis
//! package (a folder holding `problem.yaml`), or a sinol-make package (`config.yml` and
//! `prog/`); `stonejudge::verify::targets` tells them apart and orders their items. Exit 1 if any
//! item fails, else 2 if some could not be verified (skipped), else 0. On SIGINT, the items done
//! so far are summed up and the exit status is 130.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};

use super::output::{check_writable, write_atomically};
use super::CommandOutcome;
use crate::cli::VerifyArgs;
use stonejudge::report::{html, scores, VerifyReport};
use stonejudge::run::Cache;
use stonejudge::text::show::count;
use stonejudge::verify::ours::DEFAULT_BRUTE_BUDGET;
use stonejudge::verify::targets::{self, Settings};
use stonejudge::verify::{ItemReport, Partition};
use stonejudge::{interrupt, progress};

/// Width of the item column.
const ITEM_WIDTH: usize = 52;
/// Characters of a detail shown in the table (the full text follows for failures, and is in
/// the JSON).
const DETAIL_CHARS: usize = 72;

pub fn run(args: &VerifyArgs) -> anyhow::Result<CommandOutcome> {
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
    for (done, unit) in units.iter().enumerate() {
        if interrupt::requested() {
            break;
        }
        let spinner = Spinner::start(&format!("[{}/{}] {}", done + 1, units.len(), unit.id()));
        let report = unit.verify();
        spinner.stop();
        // Cut short by Ctrl-C: its checks are of runs the judge itself ended, so no report.
        if interrupt::requested() {
            break;
        }
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
        not_run: units.len() - reports.len(),
        items: &reports,
    };
    if let Some(path) = &args.json {
        write_atomically(path, &report.json()?)?;
    }
    if let Some(path) = &args.html {
        write_atomically(path, &html::render(&report))?;
    }
    if interrupted {
        return Ok(CommandOutcome::Interrupted);
    }
    if failed.is_empty() && !skipped.is_empty() {
        bail!(
            "{} items could not be verified here (skipped, not passed)",
            skipped.len()
        );
    }
    Ok(if failed.is_empty() {
        CommandOutcome::Success
    } else {
        CommandOutcome::Rejected
    })
}

/// On a terminal, the item under way on standard error: its number, its name, the step the
/// library says it is at ([`progress`]), and a bar of the runs done of those planned, redrawn
/// five times a second; cleared when the item is done, so that the table stays clean.
struct Spinner(Option<(ProgressBar, std::thread::JoinHandle<()>, Arc<AtomicBool>)>);

impl Spinner {
    fn start(item: &str) -> Spinner {
        progress::reset();
        if !std::io::stderr().is_terminal() {
            return Spinner(None);
        }
        // A bar once runs are planned; until then, only the spinner.
        let styles = [
            "{spinner} {msg} ({elapsed})",
            "{spinner} {msg} {wide_bar:.cyan/blue} {pos}/{len} runs ({elapsed})",
        ]
        .map(|template| ProgressStyle::with_template(template).map(|s| s.progress_chars("=> ")));
        let bar = ProgressBar::new(0);
        let stop = Arc::new(AtomicBool::new(false));
        let (drawn, stopping, item) = (bar.clone(), Arc::clone(&stop), item.to_string());
        let drawing = std::thread::spawn(move || {
            let mut with_bar = None;
            while !stopping.load(Ordering::Relaxed) {
                let now = progress::now();
                if with_bar != Some(now.planned > 0) {
                    with_bar = Some(now.planned > 0);
                    if let Ok(style) = &styles[usize::from(now.planned > 0)] {
                        drawn.set_style(style.clone());
                    }
                }
                drawn.set_length(now.planned);
                drawn.set_position(now.done.min(now.planned));
                drawn.set_message(match &now.doing {
                    Some(step) => format!("{item}: {step}"),
                    None => item.clone(),
                });
                drawn.tick();
                std::thread::sleep(Duration::from_millis(200));
            }
        });
        Spinner(Some((bar, drawing, stop)))
    }

    fn stop(self) {
        if let Some((bar, drawing, stop)) = self.0 {
            stop.store(true, Ordering::Relaxed);
            // The drawing thread only sleeps and draws: it ends within one period.
            drop(drawing.join());
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
