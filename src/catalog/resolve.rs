//! Finding a problem by name: the one lookup every command makes, and the place where kinds of
//! problem plug in.
//!
//! [`resolve`] turns a PROBLEM argument and the archive it is looked up in (`--root`) into a
//! [`Resolved`] problem, which says where the problem lives and what judges it. Commands ask
//! it, never a path of their own making, for
//!
//! - its tests ([`Resolved::tests`]) and their limits ([`Resolved::limits`]), which the
//!   archive gives (`testdata/<name>/`, the `[limits]` of `problems/<name>/problem.toml`);
//! - how it is judged ([`Resolved::judging`]: a checker of the output, or a judge the program
//!   plays against), which the judging path calls;
//! - its in-process tools ([`Resolved::problem`]: generator, validator, reference, brute
//!   force, shrinking) and its files ([`Resolved::manifest`], [`Resolved::archive`]).
//!
//! Today every problem is a problem of the catalog, batch ([`Kind::Catalog`]) or interactive
//! ([`Kind::Interactive`]). A new kind (a folder whose `problem.toml` names programs, a Kattis
//! package given as a path, a declared game) is a new [`Kind`], a rule in [`resolve`] that recognises it, and an arm
//! in each method below; the compiler lists every place that must learn about it.

use std::fmt;
use std::path::{Path, PathBuf};

use super::{find, find_interactive, names, DynProblem, Interactive, CATALOG, INTERACTIVE};
use crate::archive::{Archive, LimitFlags, Manifest, ManifestError};
use crate::check::JudgeFailure;
use crate::judge::{Checker, Judging, Test};
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
    /// Compiled into stonejudge and interactive: the program plays against the built-in judge;
    /// its test inputs (setups and the judge's seed) have every batch tool.
    Interactive(Interactive),
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

/// The problem called `name`, looked up in the archive at `root`.
pub fn resolve(name: &str, root: &Path) -> Result<Resolved, UnknownProblem> {
    let kind = match (find(name), find_interactive(name)) {
        (Some(problem), _) => Kind::Catalog(problem),
        (None, Some(interactive)) => Kind::Interactive(interactive),
        (None, None) => {
            return Err(UnknownProblem {
                name: name.to_string(),
            })
        }
    };
    Ok(Resolved {
        kind,
        archive: Archive::new(root),
    })
}

/// Every problem known in the archive at `root`, in catalog order: today, the catalog's,
/// batch then interactive.
pub fn all(root: &Path) -> Vec<Resolved> {
    let batch = CATALOG.iter().map(|&problem| Kind::Catalog(problem));
    let interactive = INTERACTIVE.iter().map(|&i| Kind::Interactive(i));
    batch
        .chain(interactive)
        .map(|kind| Resolved {
            kind,
            archive: Archive::new(root),
        })
        .collect()
}

impl Resolved {
    pub fn name(&self) -> &str {
        self.problem().name()
    }

    /// The in-process tools: generator, validator, reference, brute force, shrinking. For an
    /// interactive problem they are about its test inputs; the reference says who wins each
    /// game.
    pub fn problem(&self) -> &'static dyn DynProblem {
        match self.kind {
            Kind::Catalog(problem) => problem,
            Kind::Interactive(interactive) => interactive.problem,
        }
    }

    /// How a program is judged on this problem's tests: its output by a checker, or its
    /// conversation with a judge.
    pub fn judging(&self) -> Judging<'_> {
        match &self.kind {
            Kind::Catalog(problem) => Judging::Output(problem),
            Kind::Interactive(interactive) => Judging::Interactive(interactive.referee),
        }
    }

    /// Whether the program plays against a judge instead of writing an output.
    pub fn is_interactive(&self) -> bool {
        matches!(self.kind, Kind::Interactive(_))
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
        let every = all(Path::new("."));
        let every: Vec<&str> = every.iter().map(Resolved::name).collect();
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
