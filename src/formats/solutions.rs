//! Our folder's example solutions: `solutions/<folder>/<file>`, and the verdict each folder
//! promises (the ICPC package's folder names). `verify` judges them; the readers put them
//! in the model with their expectations.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::verdict::Verdict;

/// The folders of `solutions/` and the verdict each promises (the ICPC package's names).
pub const SOLUTION_FOLDERS: [(&str, Verdict); 6] = [
    ("accepted", Verdict::AC),
    ("wrong_answer", Verdict::WA),
    ("time_limit_exceeded", Verdict::TLE),
    ("memory_limit_exceeded", Verdict::MLE),
    ("output_limit_exceeded", Verdict::OLE),
    ("run_time_error", Verdict::RE),
];

/// The verdict a `solutions/` folder promises.
pub fn folder_verdict(folder: &str) -> Option<Verdict> {
    SOLUTION_FOLDERS
        .iter()
        .find(|(name, _)| *name == folder)
        .map(|(_, verdict)| *verdict)
}

/// One example solution: `solutions/<folder>/<file>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolutionFile {
    /// The folder under `solutions/`.
    pub folder: String,
    /// Its name in that folder.
    pub file: String,
    pub path: PathBuf,
}

/// The example solutions of the problem folder `dir`, sorted by folder then file; none when it
/// has no `solutions/`.
pub fn solutions_in(dir: &Path) -> Result<Vec<SolutionFile>, String> {
    let solutions = dir.join("solutions");
    let mut found = Vec::new();
    for entry in WalkDir::new(&solutions)
        .min_depth(2)
        .max_depth(2)
        .sort_by_file_name()
    {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) if e.io_error().map(|io| io.kind()) == Some(std::io::ErrorKind::NotFound) => {
                break
            }
            Err(e) => return Err(format!("cannot walk {}: {e}", solutions.display())),
        };
        let folder = entry
            .path()
            .parent()
            .and_then(Path::file_name)
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        found.push(SolutionFile {
            folder,
            file: entry.file_name().to_string_lossy().into_owned(),
            path: entry.into_path(),
        });
    }
    Ok(found)
}
