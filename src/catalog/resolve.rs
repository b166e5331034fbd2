//! Finding a problem by name: the one lookup every command makes, and the place where kinds of
//! problem plug in.
//!
//! [`resolve`] turns a PROBLEM argument and the archive it is looked up in (`--root`) into a
//! [`Resolved`] problem, which says where the problem lives and what judges it. Commands ask
//! it, never a path of their own making, for
//!
//! - its tests ([`Resolved::tests`]) and their limits ([`Resolved::limits`]), which the
//!   archive gives (`testdata/<name>/`, the `[limits]` of `problems/<name>/problem.toml`);
//! - its checker ([`Resolved::checker`]), which the judging path calls;
//! - its in-process tools ([`Resolved::problem`]: generator, validator, reference, brute
//!   force, shrinking) and its files ([`Resolved::manifest`], [`Resolved::archive`]).
//!
//! A problem is a problem of the catalog ([`Kind::Catalog`]) or a Kattis package given by the
//! path of its folder ([`Kind::Package`]). A new kind (a folder whose `problem.toml` names
//! programs, a declared game, an interactive problem) is a new [`Kind`], a rule in [`resolve`]
//! that recognises it, and an arm in each method below; the compiler lists every place that
//! must learn about it.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{find, names, DynProblem, CATALOG};
use crate::archive::{Archive, LimitFlags, Manifest, ManifestError};
use crate::check::JudgeFailure;
use crate::judge::{Checker, Test};
use crate::package::{is_package, Package, PackageError};
use crate::run::Limits;
use crate::verdict::Judged;

/// A problem found by name: what kind it is, and the archive its files are in.
#[derive(Clone)]
pub struct Resolved {
    kind: Kind,
    /// The archive it was looked up in. A catalog problem needs no files to exist: its tests
    /// and manifest are in this archive when it has them.
    archive: Archive,
}

/// What a problem is, and so what generates, solves and judges it.
#[derive(Clone)]
enum Kind {
    /// Compiled into stonejudge: every tool runs in-process.
    Catalog(&'static dyn DynProblem),
    /// A Kattis / ICPC package (a folder holding `problem.yaml`): its own files and programs
    /// say everything, and it is judged through [`crate::package`]. It has no in-process
    /// tools and no checker without its programs prepared ([`NotInProcess`]).
    Package(Arc<Package>),
}

/// What a problem given as a PROBLEM argument cannot be: unknown, or a package whose
/// `problem.yaml` does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    #[error("{0}")]
    Unknown(UnknownProblem),
    #[error("{0}")]
    Package(PackageError),
}

/// A question only an in-process problem can answer, asked of one that is not.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{name} is a Kattis package: {what} (judge, validate, verify and stress --gen/--ref work on it)")]
pub struct NotInProcess {
    pub name: String,
    pub what: &'static str,
}

/// A PROBLEM argument that names no problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProblem {
    pub name: String,
}

impl fmt::Display for UnknownProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown problem {:?}; the problems are: {}",
            self.name,
            names().join(", ")
        )
    }
}

impl std::error::Error for UnknownProblem {}

/// The problem called `name`, looked up in the archive at `root`; or, when `name` is the
/// path of a folder holding `problem.yaml` (and not a catalog name), that Kattis package.
pub fn resolve(name: &str, root: &Path) -> Result<Resolved, ResolveError> {
    let archive = Archive::new(root);
    match find(name) {
        Some(problem) if !name.contains('/') => Ok(Resolved {
            kind: Kind::Catalog(problem),
            archive,
        }),
        _ if is_package(Path::new(name)) => {
            let package = Package::load(Path::new(name)).map_err(ResolveError::Package)?;
            Ok(Resolved {
                kind: Kind::Package(Arc::new(package)),
                archive,
            })
        }
        Some(problem) => Ok(Resolved {
            kind: Kind::Catalog(problem),
            archive,
        }),
        None => Err(ResolveError::Unknown(UnknownProblem {
            name: name.to_string(),
        })),
    }
}

/// Every problem known in the archive at `root`, in catalog order: today, the catalog's.
pub fn all(root: &Path) -> Vec<Resolved> {
    CATALOG
        .iter()
        .map(|&problem| Resolved {
            kind: Kind::Catalog(problem),
            archive: Archive::new(root),
        })
        .collect()
}

impl Resolved {
    pub fn name(&self) -> String {
        match &self.kind {
            Kind::Catalog(problem) => problem.name().to_string(),
            Kind::Package(package) => package.name(),
        }
    }

    /// The Kattis package, when the problem is one.
    pub fn package(&self) -> Option<&Package> {
        match &self.kind {
            Kind::Catalog(_) => None,
            Kind::Package(package) => Some(package),
        }
    }

    /// The in-process tools: generator, validator, reference, brute force, shrinking.
    pub fn problem(&self) -> Result<&'static dyn DynProblem, NotInProcess> {
        match &self.kind {
            Kind::Catalog(problem) => Ok(*problem),
            Kind::Package(_) => Err(self.not_in_process(
                "it has no in-process generator, reference, brute force or test plan",
            )),
        }
    }

    /// What judges an output of this problem. A package's output validator is a program,
    /// judged through `crate::package::submissions::Judging` once prepared.
    pub fn checker(&self) -> Result<&dyn Checker, NotInProcess> {
        match &self.kind {
            Kind::Catalog(problem) => Ok(problem),
            Kind::Package(_) => {
                Err(self.not_in_process("its output validator runs as a program of its own"))
            }
        }
    }

    fn not_in_process(&self, what: &'static str) -> NotInProcess {
        NotInProcess {
            name: self.name(),
            what,
        }
    }

    /// The archive the problem's files are in.
    pub fn archive(&self) -> &Archive {
        &self.archive
    }

    /// Its manifest, `problems/<name>/problem.toml`.
    pub fn manifest(&self) -> Result<Manifest, ManifestError> {
        match &self.kind {
            Kind::Catalog(problem) => self.archive.manifest(problem.name()),
            Kind::Package(package) => Err(ManifestError::Unreadable {
                path: package.root.join(crate::archive::manifest::MANIFEST_FILE),
                message: "a Kattis package has problem.yaml, not problem.toml".to_string(),
            }),
        }
    }

    /// Where its test data is: `testdata/<name>/`, or a package's `data/`.
    pub fn testdata_dir(&self) -> PathBuf {
        match &self.kind {
            Kind::Catalog(problem) => self.archive.testdata_dir(problem.name()),
            Kind::Package(package) => package.root.join("data"),
        }
    }

    /// Its tests, in order (a package's: every group's, named by their path under `data/`).
    pub fn tests(&self) -> Result<Vec<Test>, String> {
        match &self.kind {
            Kind::Catalog(problem) => self.archive.tests(problem.name()),
            Kind::Package(package) => {
                let data = package.data().map_err(|e| e.to_string())?;
                Ok(data.tests().into_iter().map(|t| t.test.clone()).collect())
            }
        }
    }

    /// The limits its tests run under: each flag given, else the problem's, else the defaults.
    /// A package's time limit comes from `--time-limit` or its `problem.yaml`; when neither
    /// gives one it is derived by running its accepted submissions
    /// (`crate::package::submissions`), which this does not do: it is an error here.
    pub fn limits(&self, flags: LimitFlags) -> Result<Limits, ManifestError> {
        match &self.kind {
            Kind::Catalog(problem) => self.archive.limits(problem.name(), flags),
            Kind::Package(package) => {
                let config = &package.config;
                let time = (flags.time.map(|t| t.as_secs_f64()))
                    .or(config.time.fixed)
                    .ok_or_else(|| ManifestError::Unreadable {
                        path: package.root.join(crate::package::PROBLEM_YAML),
                        message: "no fixed time limit: it comes from the accepted submissions"
                            .to_string(),
                    })?;
                let memory = flags.memory_mib.unwrap_or(config.memory_mib);
                Ok(Limits {
                    output: config.output_mib << 20,
                    ..Limits::new(std::time::Duration::from_secs_f64(time), memory << 20)
                })
            }
        }
    }
}

/// A catalog problem judges an output with its own checker.
impl Checker for &dyn DynProblem {
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        DynProblem::check(*self, input, answer, output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_to_catalog_problems_in_the_archive_given() {
        let nim = resolve("nim", Path::new("/some/archive")).expect("nim is known");
        assert_eq!(nim.name(), "nim");
        assert_eq!(nim.testdata_dir(), Path::new("/some/archive/testdata/nim"));
        let unknown = resolve("nimm", Path::new(".")).err().expect("unknown");
        assert!(
            unknown
                .to_string()
                .starts_with("unknown problem \"nimm\"; the problems are: stripes, nim,"),
            "{unknown}"
        );
        let every = all(Path::new("."));
        let every: Vec<String> = every.iter().map(Resolved::name).collect();
        assert_eq!(every, names());
    }

    #[test]
    fn without_a_manifest_the_limits_are_the_defaults() {
        let nim = resolve("nim", Path::new("/nonexistent")).expect("nim is known");
        let limits = nim
            .limits(LimitFlags::default())
            .expect("no manifest is fine");
        assert_eq!(limits.cpu, crate::archive::DEFAULT_TIME_LIMIT);
    }
}
