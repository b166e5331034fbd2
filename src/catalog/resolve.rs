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
//! A problem is one of the catalog ([`Kind::Catalog`]) or a folder declaring a game
//! ([`Kind::Declared`]). A new kind (a folder whose `problem.toml` names programs, a Kattis
//! package given as a path, an interactive problem) is a new [`Kind`], a rule in [`resolve`] that recognises it, and an arm
//! in each method below; the compiler lists every place that must learn about it.

use std::fmt;
use std::path::{Path, PathBuf};

use super::{declared, find, names, DynProblem, CATALOG};
use crate::archive::{Archive, LimitFlags, Manifest, ManifestError};
use crate::check::JudgeFailure;
use crate::judge::{Checker, Test};
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
#[derive(Clone, Copy)]
enum Kind {
    /// Compiled into stonejudge: every tool runs in-process.
    Catalog(&'static dyn DynProblem),
    /// `problems/<NAME>/problem.toml` has a `[game]` table: made from the declaration, every
    /// tool in-process.
    Declared(&'static dyn DynProblem),
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

/// Why a PROBLEM argument names no problem that can be served.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    #[error(transparent)]
    Unknown(#[from] UnknownProblem),
    /// A folder's `problem.toml` that is broken, or whose `[game]` cannot be served.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
}

/// The problem called `name`, looked up in the archive at `root`: a folder declaring a game
/// wins over the catalog's problem of the same name.
pub fn resolve(name: &str, root: &Path) -> Result<Resolved, ResolveError> {
    let archive = Archive::new(root);
    if let Some(problem) = declared::lookup(&archive, name)? {
        return Ok(Resolved {
            kind: Kind::Declared(problem),
            archive,
        });
    }
    match find(name) {
        Some(problem) => Ok(Resolved {
            kind: Kind::Catalog(problem),
            archive: Archive::new(root),
        }),
        None => Err(ResolveError::Unknown(UnknownProblem {
            name: name.to_string(),
        })),
    }
}

/// Every problem known in the archive at `root`: the catalog's in catalog order, then the
/// archive's other folders that declare a game, by name (a folder whose declaration is
/// refused is left out: `verify` reports it).
pub fn all(root: &Path) -> Vec<Resolved> {
    let catalog = CATALOG.iter().map(|problem| problem.name().to_string());
    let folders = std::fs::read_dir(root.join("problems"))
        .map(|dir| {
            let mut names: Vec<String> = dir
                .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
                .filter(|name| find(name).is_none())
                .collect();
            names.sort();
            names
        })
        .unwrap_or_default();
    catalog
        .chain(folders)
        .filter_map(|name| resolve(&name, root).ok())
        .collect()
}

impl Resolved {
    pub fn name(&self) -> &str {
        match self.kind {
            Kind::Catalog(problem) | Kind::Declared(problem) => problem.name(),
        }
    }

    /// The in-process tools: generator, validator, reference, brute force, shrinking.
    pub fn problem(&self) -> &'static dyn DynProblem {
        match self.kind {
            Kind::Catalog(problem) | Kind::Declared(problem) => problem,
        }
    }

    /// What judges an output of this problem.
    pub fn checker(&self) -> &dyn Checker {
        match &self.kind {
            Kind::Catalog(problem) | Kind::Declared(problem) => problem,
        }
    }

    /// The archive the problem's files are in.
    pub fn archive(&self) -> &Archive {
        &self.archive
    }

    /// Its manifest, `problems/<name>/problem.toml`.
    pub fn manifest(&self) -> Result<Manifest, ManifestError> {
        self.archive.manifest(self.name())
    }

    /// Where its test data is written: `testdata/<name>/`.
    pub fn testdata_dir(&self) -> PathBuf {
        self.archive.testdata_dir(self.name())
    }

    /// Its tests, in order.
    pub fn tests(&self) -> Result<Vec<Test>, String> {
        self.archive.tests(self.name())
    }

    /// The limits its tests run under: each flag given, else the problem's, else the defaults.
    pub fn limits(&self, flags: LimitFlags) -> Result<Limits, ManifestError> {
        self.archive.limits(self.name(), flags)
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
        // The catalog in its order, then the folders of the archive that declare a game
        // (this crate's own archive has some).
        let every = all(Path::new("."));
        let every: Vec<&str> = every.iter().map(Resolved::name).collect();
        assert_eq!(every[..names().len()], names());
        assert!(every.contains(&"take-1-3-4"), "{every:?}");
        let in_catalog = resolve("take-1-3-4", Path::new(".")).expect("declared");
        assert!(find(in_catalog.name()).is_none());
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
