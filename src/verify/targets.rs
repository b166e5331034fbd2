//! What `verify`'s PATHs name, and their items in one order: each PATH is an archive (a folder
//! holding `problems/`), one problem folder of an archive (`problems/<name>/` holding
//! `problem.toml`), or a package of a format [`crate::formats::detect`] tells (a Kattis package,
//! a sinol-make package); each gets its format's verifier, and the items of all of them, PATH
//! by PATH, are the [`Unit`]s a [`Partition`] splits. The command only parses its flags,
//! verifies the units it is given and prints.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::kattis::{PackageItem, PackageVerifier};
use super::ours::{self, Item, Verifier};
use super::read::{ReadItem, ReadVerifier};
use super::sinol::{SinolItem, SinolVerifier};
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
    Package(PathBuf),
    Sinol(PathBuf),
    /// A package its format's reader reads into the model alone (a Polygon package).
    Read(PathBuf),
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
            Some(Detected::Kattis) => Ok(Target::Package(path.to_owned())),
            Some(Detected::Sinol) => Ok(Target::Sinol(path.to_owned())),
            Some(Detected::Polygon) => Ok(Target::Read(path.to_owned())),
            _ if path.join("problems").is_dir() => Ok(Target::Archive {
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

/// The verifier of one target, its format's.
pub enum FormatVerifier<'a> {
    Ours {
        verifier: Verifier<'a>,
        /// One problem's items only.
        only: Option<String>,
        prefix: String,
    },
    /// Boxed: a package's verifier is much larger than the others.
    Kattis(Box<PackageVerifier<'a>>),
    Sinol(Box<SinolVerifier<'a>>),
    Read(Box<ReadVerifier<'a>>),
}

/// A verifier for each target, in order; each warning of reading a package goes to `warn`
/// (under `strict`, it is an error instead).
pub fn verifiers<'a>(
    targets: &'a [Target],
    settings: &Settings<'a>,
    warn: &mut dyn FnMut(&str),
) -> Result<Vec<FormatVerifier<'a>>, String> {
    let (runner, cache) = (settings.runner, settings.cache);
    (targets.iter())
        .map(|target| match target {
            Target::Archive {
                archive,
                only,
                prefix,
            } => Ok(FormatVerifier::Ours {
                verifier: Verifier {
                    archive,
                    runner,
                    cache,
                    jobs: settings.jobs,
                    brute_budget: settings.brute_budget,
                },
                only: only.clone(),
                prefix: prefix.clone(),
            }),
            Target::Package(path) => {
                let verifier =
                    PackageVerifier::new(path, shown(path), runner, cache, settings.jobs)
                        .map_err(|e| e.to_string())?;
                let warnings =
                    (verifier.package.warnings(settings.strict)).map_err(|e| e.to_string())?;
                warnings.iter().for_each(|w| warn(w));
                Ok(FormatVerifier::Kattis(Box::new(verifier)))
            }
            Target::Sinol(path) => {
                let verifier =
                    SinolVerifier::new(path, shown(path), runner, cache)?.with_jobs(settings.jobs);
                verifier
                    .sinol
                    .warnings(settings.strict)?
                    .iter()
                    .for_each(|w| warn(w));
                // Judge's rule: a test's own limit where the contest type allows none applies,
                // and is said (an error under `strict`).
                if let Ok(model) = &verifier.model {
                    let sinol = &verifier.sinol;
                    let beyond =
                        readers::sinol::warnings_beyond_config(sinol, model, settings.strict);
                    beyond?.into_iter().for_each(&mut *warn);
                }
                Ok(FormatVerifier::Sinol(Box::new(verifier)))
            }
            Target::Read(path) => {
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
                Ok(FormatVerifier::Read(Box::new(verifier)))
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

impl<'a> FormatVerifier<'a> {
    /// Its items, in its format's order, with their ids.
    pub fn units(&'a self) -> Result<Vec<Unit<'a>>, String> {
        Ok(match self {
            FormatVerifier::Ours {
                verifier,
                only,
                prefix,
            } => {
                let wanted = |item: &Item| match only {
                    None => true,
                    Some(name) => item.id == *name || item.id.starts_with(&format!("{name}/")),
                };
                (ours::items(verifier.archive)?.into_iter())
                    .filter(wanted)
                    .map(|item| {
                        let id = format!("{prefix}{}", item.id);
                        Unit::Ours(verifier, item, id)
                    })
                    .collect()
            }
            FormatVerifier::Kattis(verifier) => (verifier.items().map_err(|e| e.to_string())?)
                .into_iter()
                .map(|(id, item)| Unit::Kattis(verifier, item, id))
                .collect(),
            FormatVerifier::Sinol(verifier) => (verifier.items().into_iter())
                .map(|(id, item)| Unit::Sinol(verifier, item, id))
                .collect(),
            FormatVerifier::Read(verifier) => (verifier.items().into_iter())
                .map(|(id, item)| Unit::Read(verifier, item, id))
                .collect(),
        })
    }
}

/// One item of one target, with its id.
pub enum Unit<'a> {
    Ours(&'a Verifier<'a>, Item, String),
    Kattis(&'a PackageVerifier<'a>, PackageItem, String),
    Sinol(&'a SinolVerifier<'a>, SinolItem, String),
    Read(&'a ReadVerifier<'a>, ReadItem, String),
}

impl Unit<'_> {
    pub fn verify(&self) -> ItemReport {
        match self {
            Unit::Ours(verifier, item, id) => {
                let mut report = verifier.verify(item);
                report.id = id.clone();
                report
            }
            Unit::Kattis(verifier, item, id) => verifier.verify(id, item),
            Unit::Sinol(verifier, item, id) => verifier.verify(id, item),
            Unit::Read(verifier, item, id) => verifier.verify(id, *item),
        }
    }

    pub fn id(&self) -> &str {
        match self {
            Unit::Ours(.., id)
            | Unit::Kattis(.., id)
            | Unit::Sinol(.., id)
            | Unit::Read(.., id) => id,
        }
    }
}

/// The items of every verifier, in order, and of them those of `partition` (each package told
/// which of its submissions those are); a part without any is an error.
pub fn units<'a>(
    verifiers: &'a [FormatVerifier<'a>],
    partition: Partition,
) -> Result<Vec<Unit<'a>>, String> {
    let mut all = Vec::new();
    for verifier in verifiers {
        all.extend(verifier.units()?);
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
    // A package judges its submissions in one pool when first asked: only this part's.
    for verifier in verifiers {
        if let FormatVerifier::Kattis(package) = verifier {
            package.verifying(units.iter().filter_map(|unit| match unit {
                Unit::Kattis(of, _, id) if std::ptr::eq(*of, &**package) => Some(id.as_str()),
                _ => None,
            }));
        }
    }
    Ok(units)
}
