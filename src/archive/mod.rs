//! `problems/` and `testdata/` on disk: problem manifests, test plans, regenerating and
//! checking test data, and the constraint bounds it reaches.
//!
//! An archive is a directory holding `problems/<name>/problem.toml` (see [`manifest`]) and
//! `testdata/<name>/NN.in`, `NN.ans` generated from it (see [`plan`] and [`testdata`]). Only
//! this module reads or writes those directories: it lists a problem's tests and gives the
//! limits they run under.
//!
//! Layering: the archive sits above the catalog. What the catalog needs to read a problem
//! folder (the manifest, the limits, a tests folder) is in [`crate::formats`], below it; the
//! parts here work with a problem's code ([`plan`]'s build, test data, [`export`]).

pub mod export;
pub mod plan;
pub mod reach;
pub mod scaffold;
pub mod statement;
pub mod testdata;

use std::path::{Path, PathBuf};

/// Our problem.toml is read below the catalog ([`crate::formats`]); the archive's modules (and
/// their users) still name it `archive::manifest`, as before it moved down.
pub use crate::formats::manifest;
pub use crate::formats::{
    run_limits, tests_in, LimitFlags, DEFAULT_MEMORY_MIB, DEFAULT_TIME_LIMIT,
};
pub use manifest::{Group, LimitsSection, Manifest, ManifestError, Position, Sample};
pub use plan::{build, Built, BuiltTest, PlannedTest, Source};
pub use reach::ReachReport;

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
