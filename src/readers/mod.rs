//! Many formats in, one model: a reader per package format turns a folder into a checked
//! [`crate::model::Problem`], and this file is the one place where a folder's format is told.
//!
//! [`READERS`] lists the readers in the order they are tried: the first whose marks a folder
//! has reads it, so the order says which format wins when a folder has the marks of two.
//! [`detect`] is that rule, and [`crate::catalog::resolve`] asks it too. A new format is one
//! reader file, its row here, and its tests (docs/contributing.md).
//!
//! Each reader translates what already reads its format (our manifest and the catalog), it
//! does not parse the files again; its errors name `file:line:col` where the format's own
//! reader does.
//!
//! Layering: layer 6, beside the catalog: the readers use the catalog (our problems'
//! in-process tools) and the catalog asks [`detect`] which format a folder is in.

mod describe;
pub mod kattis;
pub mod ours;
pub mod sinol;

use std::path::Path;

pub use describe::describe;

use crate::catalog::{resolve, ResolveError};
use crate::formats::manifest::{ManifestError, MANIFEST_FILE};
use crate::model::{ModelError, Problem};
use crate::package::{is_package, PackageError};
use crate::sinol::is_sinol;

/// The formats a folder is told to be in, one per reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detected {
    /// A Kattis / ICPC package: `problem.yaml`.
    Kattis,
    /// A sinol-make package: `config.yml` and `prog/`.
    Sinol,
    /// Our `problem.toml`.
    Ours,
}

/// A reader of one package format.
pub struct Reader {
    pub format: Detected,
    /// How messages name it.
    pub name: &'static str,
    /// Whether a folder has the files that mark the format.
    pub marks: fn(&Path) -> bool,
    /// The folder, read into the model.
    pub read: fn(&Path) -> Result<Problem, ReadError>,
}

/// The readers, in the order they are tried: the first that marks a folder reads it.
pub const READERS: &[Reader] = &[
    Reader {
        format: Detected::Kattis,
        name: "Kattis package (problem.yaml)",
        marks: is_package,
        read: kattis::read_folder,
    },
    Reader {
        format: Detected::Sinol,
        name: "sinol-make package (config.yml and prog/)",
        marks: is_sinol,
        read: sinol::read_folder,
    },
    Reader {
        format: Detected::Ours,
        name: "problem.toml",
        marks: |dir| dir.join(MANIFEST_FILE).is_file(),
        read: ours::read_folder,
    },
];

/// Why a folder does not read into the model.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// No reader knows the folder, or it is not a problem.
    #[error(transparent)]
    Resolve(#[from] ResolveError),
    /// Our `problem.toml`, at `file:line:col`.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// A Kattis package's files, named (with the line and column of a YAML error).
    #[error(transparent)]
    Package(#[from] PackageError),
    /// A file or folder that cannot be read; the message names it.
    #[error("{0}")]
    Files(String),
    /// What was read breaks an invariant of the model.
    #[error(transparent)]
    Model(#[from] ModelError),
}

/// The format of the folder `dir`: the first reader's whose marks it has.
pub fn detect(dir: &Path) -> Option<Detected> {
    READERS
        .iter()
        .find(|reader| (reader.marks)(dir))
        .map(|reader| reader.format)
}

/// The problem in the folder `dir`, read by the first reader whose marks it has.
pub fn read(dir: &Path) -> Result<Problem, ReadError> {
    match READERS.iter().find(|reader| (reader.marks)(dir)) {
        Some(reader) => (reader.read)(dir),
        None => Err(ReadError::Files(format!(
            "{}: not a problem folder: it has none of the files that mark a format ({})",
            dir.display(),
            marks_named()
        ))),
    }
}

/// The problem a PROBLEM argument names (a name under the archive at `root`, a name of the
/// catalog, or a folder's path: [`crate::catalog::resolve`]), read by its format's reader.
pub fn read_named(problem: &str, root: &Path) -> Result<Problem, ReadError> {
    let resolved = resolve(problem, root)?;
    if let Some(package) = resolved.package() {
        return kattis::read(package);
    }
    if let Some(package) = resolved.sinol() {
        return sinol::read(package);
    }
    ours::read(&resolved, &resolved.testdata_dir())
}

/// The formats' names, in order, for messages.
fn marks_named() -> String {
    (READERS.iter().map(|reader| reader.name))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_reader_whose_marks_a_folder_has_wins() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        std::fs::create_dir(root.join("prog")).expect("mkdir");
        for file in ["problem.yaml", "config.yml", MANIFEST_FILE] {
            std::fs::write(root.join(file), "").expect("write");
        }
        assert_eq!(detect(root), Some(Detected::Kattis));
        std::fs::remove_file(root.join("problem.yaml")).expect("rm");
        assert_eq!(detect(root), Some(Detected::Sinol));
        std::fs::remove_dir(root.join("prog")).expect("rm");
        assert_eq!(detect(root), Some(Detected::Ours));
        std::fs::remove_file(root.join(MANIFEST_FILE)).expect("rm");
        assert_eq!(detect(root), None);
        let error = read(root).expect_err("no format").to_string();
        assert!(
            error.ends_with(
                "none of the files that mark a format (Kattis package (problem.yaml), \
                 sinol-make package (config.yml and prog/), problem.toml)"
            ),
            "{error}"
        );
    }
}
