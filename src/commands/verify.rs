//! `verify [PATH]... [--partition K/N] [--json FILE] [--html FILE]`: every check CI needs, as
//! a table with a summary, and as JSON and an HTML page (`stonejudge::report`). Without PATH,
//! the archive at `--root`; each PATH is an archive (a folder holding `problems/`), one
//! problem folder of an archive (`problems/<name>/`, holding `problem.toml`), or a Kattis
//! package (a folder holding `problem.yaml`), or a sinol-make package (`config.yml` and
//! `prog/`); see `stonejudge::verify` (`ours`, `kattis` and `sinol`). Exit 1 if any
//! item fails, else 2 if some could not be verified (skipped), else 0. On SIGINT, the items done
//! so far are summed up and the exit status is 130.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};

use super::output::{check_writable, write_atomically};
use super::Outcome;
use crate::cli::VerifyArgs;
use stonejudge::archive::manifest::MANIFEST_FILE;
use stonejudge::archive::Archive;
use stonejudge::interrupt;
use stonejudge::package::is_package;
use stonejudge::report::{html, scores, VerifyReport};
use stonejudge::run::Cache;
use stonejudge::sinol::is_sinol;
use stonejudge::text::show::count;
use stonejudge::verify::kattis::{PackageItem, PackageVerifier};
use stonejudge::verify::ours::{self, Item, Verifier};
use stonejudge::verify::sinol::{SinolItem, SinolVerifier};
use stonejudge::verify::{ItemReport, Partition};

/// Width of the item column.
const ITEM_WIDTH: usize = 52;
/// Characters of a detail shown in the table (the full text follows for failures, and is in
/// the JSON).
const DETAIL_CHARS: usize = 72;

/// What one PATH names.
enum Target {
    /// An archive, or (with `only`) one problem folder of it; `prefix` goes before its ids
    /// when several targets are verified at once.
    Archive {
        archive: Archive,
        only: Option<String>,
        prefix: String,
    },
    Package(PathBuf),
    Sinol(PathBuf),
}

/// One item of one target.
enum Unit<'a> {
    Archive(&'a Verifier<'a>, Item, String),
    Package(&'a PackageVerifier<'a>, PackageItem, String),
    Sinol(&'a SinolVerifier<'a>, SinolItem, String),
}

impl Unit<'_> {
    fn verify(&self) -> ItemReport {
        match self {
            Unit::Archive(verifier, item, id) => {
                let mut report = verifier.verify(item);
                report.id = id.clone();
                report
            }
            Unit::Package(verifier, item, id) => verifier.verify(id, item),
            Unit::Sinol(verifier, item, id) => verifier.verify(id, item),
        }
    }

    fn id(&self) -> &str {
        match self {
            Unit::Archive(.., id) | Unit::Package(.., id) | Unit::Sinol(.., id) => id,
        }
    }
}

pub fn run(args: &VerifyArgs) -> anyhow::Result<Outcome> {
    interrupt::install().context("cannot catch SIGINT")?;
    for (flag, path) in [("--json", &args.json), ("--html", &args.html)] {
        if let Some(path) = path {
            check_writable(flag, path)?;
        }
    }
    let targets = targets(args)?;
    let (runner, protections) = super::runner(&args.sandbox)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    let jobs = args.jobs.count();
    let mut archive_verifiers = Vec::new();
    let mut package_verifiers = Vec::new();
    let mut sinol_verifiers = Vec::new();
    for target in &targets {
        match target {
            Target::Archive { archive, .. } => archive_verifiers.push(Verifier {
                archive,
                runner: &runner,
                cache: &cache,
                jobs,
                brute_budget: args.brute_time_limit.unwrap_or(ours::DEFAULT_BRUTE_BUDGET),
            }),
            Target::Package(path) => {
                // Item ids are `PATH/submissions/…`: one slash, however PATH was typed.
                let shown = path.display().to_string();
                let shown = match shown.trim_end_matches('/') {
                    "" => shown.clone(),
                    trimmed => trimmed.to_string(),
                };
                let verifier = PackageVerifier::new(path, shown, &runner, &cache, jobs)?;
                super::package_warnings(&verifier.package, args.strict.strict)?;
                package_verifiers.push(verifier)
            }
            Target::Sinol(path) => {
                let shown = path.display().to_string().trim_end_matches('/').to_string();
                let verifier =
                    SinolVerifier::new(path, shown, &runner, &cache).map_err(anyhow::Error::msg)?;
                let strict = args.strict.strict;
                for warning in verifier
                    .sinol
                    .warnings(strict)
                    .map_err(anyhow::Error::msg)?
                {
                    eprintln!("warning: {warning}");
                }
                sinol_verifiers.push(verifier)
            }
        }
    }
    let mut units = Vec::new();
    let (mut archives, mut packages) = (archive_verifiers.iter(), package_verifiers.iter());
    let mut sinols = sinol_verifiers.iter();
    for target in &targets {
        match target {
            Target::Archive { only, prefix, .. } => {
                let Some(verifier) = archives.next() else {
                    continue;
                };
                let items = ours::items(verifier.archive).map_err(anyhow::Error::msg)?;
                let wanted = |item: &Item| match only {
                    None => true,
                    Some(name) => item.id == *name || item.id.starts_with(&format!("{name}/")),
                };
                units.extend((items.into_iter().filter(wanted)).map(|item| {
                    let id = format!("{prefix}{}", item.id);
                    Unit::Archive(verifier, item, id)
                }));
            }
            Target::Package(_) => {
                let Some(verifier) = packages.next() else {
                    continue;
                };
                units.extend(
                    (verifier.items()?.into_iter())
                        .map(|(id, item)| Unit::Package(verifier, item, id)),
                );
            }
            Target::Sinol(_) => {
                let Some(verifier) = sinols.next() else {
                    continue;
                };
                units.extend(
                    (verifier.items().into_iter())
                        .map(|(id, item)| Unit::Sinol(verifier, item, id)),
                );
            }
        }
    }
    let partition = args.partition.unwrap_or(Partition::WHOLE);
    let total = units.len();
    let units: Vec<Unit> = units
        .into_iter()
        .enumerate()
        .filter(|(i, _)| partition.holds(*i))
        .map(|(_, unit)| unit)
        .collect();
    if units.is_empty() {
        bail!(
            "--partition {partition}: part {} of {} has no item, as there are only {}",
            partition.index,
            partition.count,
            count(total, "item", "items")
        );
    }

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

/// What the PATHs name (the archive at `--root` when none is given).
fn targets(args: &VerifyArgs) -> anyhow::Result<Vec<Target>> {
    let given: Vec<&Path> = match args.paths.is_empty() {
        true => vec![args.archive.root.as_path()],
        false => args.paths.iter().map(PathBuf::as_path).collect(),
    };
    let several = given.len() > 1;
    given
        .into_iter()
        .map(|path| {
            let prefix = match several {
                true => format!("{}/", path.display()),
                false => String::new(),
            };
            if is_package(path) {
                Ok(Target::Package(path.to_owned()))
            } else if is_sinol(path) {
                Ok(Target::Sinol(path.to_owned()))
            } else if path.join("problems").is_dir() {
                Ok(Target::Archive {
                    archive: Archive::new(path),
                    only: None,
                    prefix,
                })
            } else if let Some((root, name)) = problem_folder(path) {
                let prefix = match several {
                    true => format!("{}/", root.display()),
                    false => String::new(),
                };
                Ok(Target::Archive {
                    archive: Archive::new(root),
                    only: Some(name),
                    prefix,
                })
            } else {
                bail!(
                    "{}: neither an archive (a folder holding problems/), nor a problem folder \
                     (problems/<name>/ holding {MANIFEST_FILE}), nor a Kattis package (a folder \
                     holding problem.yaml), nor a sinol-make package (config.yml and prog/): run verify at the archive's root, give --root, or \
                     give such paths",
                    path.display()
                )
            }
        })
        .collect()
}

/// The archive and name of a problem folder `<root>/problems/<name>/` holding a manifest.
fn problem_folder(path: &Path) -> Option<(PathBuf, String)> {
    if !path.join(MANIFEST_FILE).is_file() {
        return None;
    }
    let absolute = std::path::absolute(path).ok()?;
    let name = absolute.file_name()?.to_string_lossy().into_owned();
    let problems = absolute.parent()?;
    if problems.file_name()? != "problems" {
        return None;
    }
    Some((problems.parent()?.to_owned(), name))
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
