//! Many formats in, one model: a reader per package format turns a folder into a checked
//! [`crate::model::Problem`].
//!
//! Which format a folder is in is told in one place below, [`crate::formats::detect`] (the
//! marks of each format, in the order that says which wins), which the catalog asks too;
//! [`READERS`] gives each detected format its reader. A new format is its marks there, one
//! reader file and its row here, and its tests (docs/contributing.md).
//!
//! Each reader translates what already reads its format (our manifest and the catalog), it
//! does not parse the files again; its errors name `file:line:col` where the format's own
//! reader does.
//!
//! Layering: layer 6, beside the catalog: the readers use the catalog (our problems'
//! in-process tools); both ask `formats::detect`, below them, which format a folder is in.

pub mod kattis;
pub mod ours;
pub mod polygon;
pub mod sinol;

use std::path::Path;

use crate::catalog::{self, names_a_folder, ResolveError, Resolved};
use crate::formats::detect::{detect, named, Detected};
use crate::formats::manifest::ManifestError;
use crate::model::{ModelError, Problem};
use crate::package::PackageError;

/// The reader of one package format.
pub struct Reader {
    pub format: Detected,
    /// The folder, read into the model.
    pub read: fn(&Path) -> Result<Problem, ReadError>,
}

/// Each format's reader, in `formats::detect`'s order.
pub const READERS: &[Reader] = &[
    Reader {
        format: Detected::Kattis,
        read: kattis::read_folder,
    },
    Reader {
        format: Detected::Sinol,
        read: sinol::read_folder,
    },
    Reader {
        format: Detected::Ours,
        read: ours::read_folder,
    },
    Reader {
        format: Detected::Polygon,
        read: polygon::read_folder,
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

/// The problem in the folder `dir`, read by its format's reader.
pub fn read(dir: &Path) -> Result<Problem, ReadError> {
    let reader = detect(dir).and_then(|format| READERS.iter().find(|r| r.format == format));
    match reader {
        Some(reader) => (reader.read)(dir),
        None => Err(ReadError::Files(format!(
            "{}: not a problem folder: it has none of the files that mark a format ({})",
            dir.display(),
            named()
        ))),
    }
}

/// The problem a PROBLEM argument names (a name under the archive at `root`, a name of the
/// catalog, or a folder's path: [`crate::catalog::resolve`]); a package of any other format
/// (Kattis, sinol-make, Polygon, any format [`READERS`] reads) read by its reader
/// ([`Resolved::read`]). Every command that takes a PROBLEM finds it here.
pub fn resolve(problem: &str, root: &Path) -> Result<Resolved, ReadError> {
    let path = Path::new(problem);
    if names_a_folder(problem, root) && detect(path).is_some_and(|f| f != Detected::Ours) {
        return Ok(Resolved::read(read(path)?));
    }
    Ok(catalog::resolve(problem, root)?)
}

/// The problem a PROBLEM argument names ([`resolve`]), read by its format's reader.
pub fn read_named(problem: &str, root: &Path) -> Result<Problem, ReadError> {
    read_resolved(&resolve(problem, root)?)
}

/// The problem `resolved` names (as [`resolve`] found it), read by its format's reader.
pub fn read_resolved(resolved: &Resolved) -> Result<Problem, ReadError> {
    if let Some(problem) = resolved.model() {
        return Ok(problem.clone());
    }
    ours::read(resolved, &resolved.testdata_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_of_no_format_is_named_with_every_format_s_marks() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        for format in crate::formats::detect::FORMATS {
            let readers = READERS.iter().filter(|r| r.format == format.format);
            assert_eq!(readers.count(), 1, "{} has one reader", format.name);
        }
        let error = read(root).expect_err("no format").to_string();
        assert!(
            error.ends_with(
                "none of the files that mark a format (Kattis package (problem.yaml), \
                 sinol-make package (config.yml and prog/), problem.toml, Polygon package \
                 (problem.xml))"
            ),
            "{error}"
        );
    }
}
