//! What `verify`'s PATHs name, and their items in one order: each PATH is an archive (a folder
//! holding `problems/`), one problem folder of an archive (`problems/<name>/` holding
//! `problem.toml`), or a package of a format [`crate::formats::detect`] tells (a Kattis package,
//! a sinol-make package, a Polygon package); each gets its format's verifier, one
//! [`FormatVerifier`] (a format read into the model alone needs none of its own: the model's
//! [`ReadVerifier`] verifies it), and the items of all of them, PATH by PATH, are the
//! [`Unit`]s a [`Partition`] splits. The command only parses its flags, verifies the units it
//! is given and prints.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::kattis::PackageVerifier;
use super::ours::{self, Item, Verifier};
use super::read::ReadVerifier;
use super::sinol::SinolVerifier;
use super::verifier::{AnyVerifier, FormatVerifier, Unit};
use super::{ItemReport, Partition};
use crate::archive::Archive;
use crate::formats::detect::{detect, Detected, MANIFEST_FILE};
use crate::readers;
use crate::run::{Cache, Runner};
use crate::text::show::count;

/// What one PATH names.
pub enum Target {
    /// An archive, or (with `only`) one problem folder of it; `prefix` goes before its ids
    /// when several targets are verified at once.
    Archive {
        archive: Archive,
        only: Option<String>,
        prefix: String,
    },
    /// A package of a format [`detect`] tells.
    Package { path: PathBuf, format: Detected },
}

/// What the PATHs name, in order (the archive at `root` when there is none).
pub fn targets(paths: &[PathBuf], root: &Path) -> Result<Vec<Target>, String> {
    let given: Vec<&Path> = match paths.is_empty() {
        true => vec![root],
        false => paths.iter().map(PathBuf::as_path).collect(),
    };
    let several = given.len() > 1;
    let prefix = |path: &Path| match several {
        true => format!("{}/", path.display()),
        false => String::new(),
    };
    given
        .into_iter()
        .map(|path| match detect(path) {
            Some(Detected::Ours) | None if path.join("problems").is_dir() => Ok(Target::Archive {
                archive: Archive::new(path),
                only: None,
                prefix: prefix(path),
            }),
            Some(Detected::Ours) => match problem_folder(path) {
                Some((root, name)) => Ok(Target::Archive {
                    prefix: prefix(&root),
                    archive: Archive::new(root),
                    only: Some(name),
                }),
                None => Err(neither(path)),
            },
            Some(format) => Ok(Target::Package {
                path: path.to_owned(),
                format,
            }),
            None => Err(neither(path)),
        })
        .collect()
}

/// Why `path` is no target.
fn neither(path: &Path) -> String {
    format!(
        "{}: neither an archive (a folder holding problems/), nor a problem folder \
         (problems/<name>/ holding {MANIFEST_FILE}), nor a Kattis package (a folder holding \
         problem.yaml), nor a sinol-make package (config.yml and prog/), nor a Polygon package \
         (problem.xml): run verify at the \
         archive's root, give --root, or give such paths",
        path.display()
    )
}

/// The archive and name of a problem folder `<root>/problems/<name>/` holding a manifest.
fn problem_folder(path: &Path) -> Option<(PathBuf, String)> {
    let absolute = std::path::absolute(path).ok()?;
    let name = absolute.file_name()?.to_string_lossy().into_owned();
    let problems = absolute.parent()?;
    if problems.file_name()? != "problems" {
        return None;
    }
    Some((problems.parent()?.to_owned(), name))
}

/// What every verifier shares.
pub struct Settings<'a> {
    pub runner: &'a Runner,
    pub cache: &'a Cache,
    /// Threads for the checks that may share the cores.
    pub jobs: usize,
    /// CPU time a brute force program of an archive may take per test.
    pub brute_budget: Duration,
    /// Unknown keys of a package are errors, not warnings.
    pub strict: bool,
}

/// A verifier for each target, in order, its format's ([`FormatVerifier`]); each warning of
/// reading a package goes to `warn` (under `strict`, it is an error instead). A format read
/// into the model alone (Polygon, and any new one) is verified from the model
/// ([`ReadVerifier`]).
pub fn verifiers<'a>(
    targets: &'a [Target],
    settings: &Settings<'a>,
    warn: &mut dyn FnMut(&str),
) -> Result<Vec<Box<dyn AnyVerifier + 'a>>, String> {
    let (runner, cache) = (settings.runner, settings.cache);
    (targets.iter())
        .map(|target| -> Result<Box<dyn AnyVerifier + 'a>, String> {
            let (path, format) = match target {
                Target::Archive {
                    archive,
                    only,
                    prefix,
                } => {
                    return Ok(Box::new(ArchiveVerifier {
                        verifier: Verifier {
                            archive,
                            runner,
                            cache,
                            jobs: settings.jobs,
                            brute_budget: settings.brute_budget,
                        },
                        only: only.clone(),
                        prefix: prefix.clone(),
                    }))
                }
                Target::Package { path, format } => (path, format),
            };
            match format {
                Detected::Kattis => {
                    let verifier =
                        PackageVerifier::new(path, shown(path), runner, cache, settings.jobs)
                            .map_err(|e| e.to_string())?;
                    let warnings =
                        (verifier.package.warnings(settings.strict)).map_err(|e| e.to_string())?;
                    warnings.iter().for_each(|w| warn(w));
                    Ok(Box::new(verifier))
                }
                Detected::Sinol => {
                    let verifier = SinolVerifier::new(path, shown(path), runner, cache)?
                        .with_jobs(settings.jobs);
                    verifier
                        .sinol
                        .warnings(settings.strict)?
                        .iter()
                        .for_each(|w| warn(w));
                    // Judge's rule: a test's own limit where the contest type allows none
                    // applies, and is said (an error under `strict`).
                    if let Ok(model) = &verifier.model {
                        let sinol = &verifier.sinol;
                        let beyond =
                            readers::sinol::warnings_beyond_config(sinol, model, settings.strict);
                        beyond?.into_iter().for_each(&mut *warn);
                    }
                    Ok(Box::new(verifier))
                }
                _ => {
                    let problem = readers::read(path).map_err(|e| e.to_string())?;
                    match (settings.strict, problem.warnings.is_empty()) {
                        (true, false) => {
                            let each = problem.warnings.iter().map(|w| format!("{w} (--strict)"));
                            return Err(each.collect::<Vec<_>>().join("\n"));
                        }
                        _ => problem.warnings.iter().for_each(|w| warn(w)),
                    }
                    let verifier =
                        ReadVerifier::new(problem, shown(path), runner, cache, settings.jobs);
                    Ok(Box::new(verifier))
                }
            }
        })
        .collect()
}

/// How a package's items are named: `PATH/…` with one slash, however PATH was typed.
fn shown(path: &Path) -> String {
    let shown = path.display().to_string();
    match shown.trim_end_matches('/') {
        "" => shown.clone(),
        trimmed => trimmed.to_string(),
    }
}

/// An archive of our own problems, or one problem of it, as one verifier.
struct ArchiveVerifier<'a> {
    verifier: Verifier<'a>,
    /// One problem's items only.
    only: Option<String>,
    prefix: String,
}

impl FormatVerifier for ArchiveVerifier<'_> {
    type Item = Item;

    fn items(&self) -> Result<Vec<(String, Item)>, String> {
        let wanted = |item: &Item| match &self.only {
            None => true,
            Some(name) => item.id == *name || item.id.starts_with(&format!("{name}/")),
        };
        Ok((ours::items(self.verifier.archive)?.into_iter())
            .filter(wanted)
            .map(|item| (format!("{}{}", self.prefix, item.id), item))
            .collect())
    }

    fn verify(&self, id: &str, item: &Item) -> ItemReport {
        let mut report = self.verifier.verify(item);
        report.id = id.to_string();
        report
    }
}

/// The items of every verifier, in order, and of them those of `partition` (each verifier
/// told which of its items those are); a part without any is an error.
pub fn units<'a>(
    verifiers: &'a [Box<dyn AnyVerifier + 'a>],
    partition: Partition,
) -> Result<Vec<Box<dyn Unit + 'a>>, String> {
    let mut all = Vec::new();
    for (index, verifier) in verifiers.iter().enumerate() {
        all.extend(verifier.units()?.into_iter().map(|unit| (index, unit)));
    }
    let total = all.len();
    let units = partition.select(all);
    if units.is_empty() {
        return Err(format!(
            "--partition {partition}: part {} of {} has no item, as there are only {}",
            partition.index,
            partition.count,
            count(total, "item", "items")
        ));
    }
    for (index, verifier) in verifiers.iter().enumerate() {
        let ids: Vec<&str> = (units.iter())
            .filter(|(of, _)| *of == index)
            .map(|(_, unit)| unit.id())
            .collect();
        verifier.verifying(&ids);
    }
    Ok(units.into_iter().map(|(_, unit)| unit).collect())
}
