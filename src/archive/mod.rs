//! `problems/` and `testdata/` on disk: problem manifests, test plans, regenerating and
//! checking test data, and the constraint bounds it reaches.
//!
//! An archive is a directory holding `problems/<name>/problem.toml` (see [`manifest`]) and
//! `testdata/<name>/NN.in`, `NN.ans` generated from it (see [`plan`] and [`testdata`]). Only
//! this module reads or writes those directories: it lists a problem's tests and gives the
//! limits they run under.
//!
//! Layering: this file and [`manifest`] know no problem; `crate::catalog` finds problems
//! through them. The parts that work with a problem's code ([`plan`]'s build, [`verify`],
//! [`export`]) sit above the catalog.

pub mod export;
pub mod manifest;
pub mod package_verify;
pub mod plan;
pub mod reach;
pub mod scaffold;
pub mod sinol_verify;
pub mod statement;
pub mod testdata;
pub mod verify;

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::judge::Test;
use crate::run;

pub use manifest::{Group, Limits, Manifest, ManifestError, Position, Sample};
pub use plan::{build, Built, BuiltTest, PlannedTest, Source};
pub use reach::ReachReport;
pub use testdata::{Drift, DriftKind};

/// An archive rooted at a directory (usually the repository's root).
#[derive(Debug, Clone)]
pub struct Archive {
    root: PathBuf,
}

impl Archive {
    pub fn new(root: impl Into<PathBuf>) -> Archive {
        Archive { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `problems/<name>`.
    pub fn problem_dir(&self, name: &str) -> PathBuf {
        self.root.join("problems").join(name)
    }

    /// `testdata/<name>`.
    pub fn testdata_dir(&self, name: &str) -> PathBuf {
        self.root.join("testdata").join(name)
    }

    /// The manifest `problems/<name>/problem.toml`.
    pub fn manifest(&self, name: &str) -> Result<Manifest, ManifestError> {
        Manifest::load(&self.problem_dir(name))
    }
}

/// The time limit of a test when neither a flag nor the problem gives one.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(1);
/// The memory limit of a test, in MiB, when neither a flag nor the problem gives one.
pub const DEFAULT_MEMORY_MIB: u64 = 256;

/// Limits given on the command line; each one given wins over the problem's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LimitFlags {
    /// CPU time per test.
    pub time: Option<Duration>,
    /// Memory per test, in MiB.
    pub memory_mib: Option<u64>,
}

/// The limits of one run on a test: each flag given, else the manifest's, else
/// [`DEFAULT_TIME_LIMIT`] and [`DEFAULT_MEMORY_MIB`]. The one place where a manifest's
/// `[limits]` become run limits.
pub fn run_limits(manifest: Option<&Limits>, flags: LimitFlags) -> run::Limits {
    // A manifest's time is checked to lie in (0, 60] when it loads.
    let time = flags
        .time
        .or_else(|| manifest.map(|l| Duration::from_secs_f64(l.time_seconds)))
        .unwrap_or(DEFAULT_TIME_LIMIT);
    let memory_mib = flags
        .memory_mib
        .or(manifest.map(|l| l.memory_mib))
        .unwrap_or(DEFAULT_MEMORY_MIB);
    run::Limits::new(time, memory_mib << 20)
}

/// The tests in `dir`: every `NAME.in`, which needs its `NAME.ans`, in name order. An empty
/// list is not an error here: each caller says what that means for it.
pub fn tests_in(dir: &Path) -> Result<Vec<Test>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the tests directory {}: {e}", dir.display()))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        if let Some(name) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.strip_suffix(".in"))
        {
            names.push(name.to_string());
        }
    }
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let input = dir.join(format!("{name}.in"));
            let answer = dir.join(format!("{name}.ans"));
            if !answer.is_file() {
                return Err(format!(
                    "{} has no answer file {}",
                    input.display(),
                    answer.display()
                ));
            }
            Ok(Test {
                name,
                input,
                answer,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_win_over_the_manifest_which_wins_over_the_defaults() {
        let manifest = Limits {
            time_seconds: 2.5,
            memory_mib: 512,
        };
        let none = LimitFlags::default();
        let defaults = run_limits(None, none);
        assert_eq!(defaults.cpu, DEFAULT_TIME_LIMIT);
        assert_eq!(defaults.memory, Some(DEFAULT_MEMORY_MIB << 20));
        let from_manifest = run_limits(Some(&manifest), none);
        assert_eq!(from_manifest.cpu, Duration::from_millis(2500));
        assert_eq!(from_manifest.memory, Some(512 << 20));
        let time_flag = LimitFlags {
            time: Some(Duration::from_millis(300)),
            memory_mib: None,
        };
        let mixed = run_limits(Some(&manifest), time_flag);
        assert_eq!(mixed.cpu, Duration::from_millis(300));
        assert_eq!(mixed.memory, Some(512 << 20));
    }

    #[test]
    fn tests_are_listed_in_name_order_and_need_answers() {
        let dir = tempfile::tempdir().expect("tempdir");
        for file in ["02.in", "02.ans", "01.in", "01.ans", "notes.txt"] {
            std::fs::write(dir.path().join(file), "").expect("write");
        }
        let names: Vec<String> = tests_in(dir.path())
            .expect("lists")
            .into_iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(names, ["01", "02"]);
        std::fs::write(dir.path().join("03.in"), "").expect("write");
        let error = tests_in(dir.path()).unwrap_err();
        assert!(error.contains("03.in has no answer file"), "{error}");
    }
}
