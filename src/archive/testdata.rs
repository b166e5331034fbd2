//! `testdata/<name>/`: writing a built plan atomically, and comparing one with what is on disk.
//!
//! The directory holds exactly `NN.in` and `NN.ans` for every test of the plan. It is written
//! as a whole: the new files go to a staging directory next to it, which then replaces the old
//! one by two renames (old out of the way, new in place), so a failure while writing leaves the
//! old directory as it was. Nothing is fsynced: test data can always be regenerated.

use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use super::plan::Built;

/// The files a built plan consists of: name (`NN.in`, `NN.ans`) → contents, in name order.
pub fn files(built: &Built) -> BTreeMap<String, &str> {
    let mut files = BTreeMap::new();
    for test in &built.tests {
        files.insert(format!("{}.in", test.stem), test.input.as_str());
        files.insert(format!("{}.ans", test.stem), test.answer.as_str());
    }
    files
}

/// Replaces `dir` by a directory holding exactly the files of `built`.
///
/// Writes into `.<name>.staging` beside `dir`, then swaps it in; on any error the staging
/// directory is removed and `dir` is untouched (unless the error is in the final swap itself,
/// which the message then says).
pub fn write(dir: &Path, built: &Built) -> io::Result<()> {
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = dir
        .file_name()
        .ok_or_else(|| io::Error::other(format!("{} has no file name", dir.display())))?
        .to_string_lossy()
        .into_owned();
    std::fs::create_dir_all(parent).map_err(|e| at(parent, e))?;
    let staging = parent.join(format!(".{name}.staging"));
    let retired = parent.join(format!(".{name}.old"));
    for leftover in [&staging, &retired] {
        remove_if_present(leftover)?;
    }

    let filled = std::fs::create_dir(&staging)
        .map_err(|e| at(&staging, e))
        .and_then(|()| {
            files(built).into_iter().try_for_each(|(file, contents)| {
                let path = staging.join(file);
                std::fs::write(&path, contents).map_err(|e| at(&path, e))
            })
        });
    if let Err(error) = filled {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(error);
    }

    let had_old = dir.exists();
    if had_old {
        if let Err(error) = std::fs::rename(dir, &retired) {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(at(dir, error));
        }
    }
    if let Err(error) = std::fs::rename(&staging, dir) {
        // Put the old directory back before reporting.
        if had_old {
            let _ = std::fs::rename(&retired, dir);
        }
        let _ = std::fs::remove_dir_all(&staging);
        return Err(at(dir, error));
    }
    if had_old {
        std::fs::remove_dir_all(&retired).map_err(|e| at(&retired, e))?;
    }
    Ok(())
}

fn remove_if_present(path: &Path) -> io::Result<()> {
    match std::fs::remove_dir_all(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(at(path, e)),
        _ => Ok(()),
    }
}

fn at(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

/// A file of `testdata/<name>/` that is not what the plan produces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drift {
    pub path: PathBuf,
    pub kind: DriftKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DriftKind {
    /// The plan produces this file; it is not on disk.
    Missing,
    /// On disk, but not produced by the plan.
    Extra,
    /// Both exist and differ; the first difference is at this 1-based line and byte column.
    Differs { line: usize, col: usize },
}

impl fmt::Display for Drift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match self.kind {
            DriftKind::Missing => write!(f, "{path}: missing (the plan produces it)"),
            DriftKind::Extra => write!(f, "{path}: not produced by the plan"),
            DriftKind::Differs { line, col } => write!(
                f,
                "{path}:{line}:{col}: differs from its regeneration from here on"
            ),
        }
    }
}

/// Every difference between `dir` and the files of `built`, in file-name order. A missing
/// directory is all files missing.
pub fn compare(dir: &Path, built: &Built) -> io::Result<Vec<Drift>> {
    let expected = files(built);
    let mut on_disk = BTreeMap::new();
    match std::fs::read_dir(dir) {
        Ok(entries) => {
            for entry in entries {
                let entry = entry.map_err(|e| at(dir, e))?;
                on_disk.insert(
                    entry.file_name().to_string_lossy().into_owned(),
                    entry.path(),
                );
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(at(dir, e)),
    }

    let mut drifts = Vec::new();
    for (name, contents) in &expected {
        let path = dir.join(name);
        let kind = match on_disk.get(name) {
            None => Some(DriftKind::Missing),
            Some(found) => {
                let actual = std::fs::read(found).map_err(|e| at(found, e))?;
                first_difference(contents.as_bytes(), &actual)
                    .map(|(line, col)| DriftKind::Differs { line, col })
            }
        };
        if let Some(kind) = kind {
            drifts.push(Drift { path, kind });
        }
    }
    for (name, path) in on_disk {
        if !expected.contains_key(&name) {
            drifts.push(Drift {
                path,
                kind: DriftKind::Extra,
            });
        }
    }
    drifts.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(drifts)
}

/// The 1-based line and column of the first byte where `a` and `b` differ (one being a prefix
/// of the other counts as differing just past the shorter one), or `None` if they are equal.
fn first_difference(a: &[u8], b: &[u8]) -> Option<(usize, usize)> {
    if a == b {
        return None;
    }
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let before = &a[..common];
    let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |i| i + 1);
    Some((line, common - line_start + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_points_at_the_first_differing_byte() {
        assert_eq!(first_difference(b"1 2\n3\n", b"1 2\n3\n"), None);
        assert_eq!(first_difference(b"1 2\n3\n", b"1 2\n4\n"), Some((2, 1)));
        assert_eq!(first_difference(b"1 2\n", b"1 25\n"), Some((1, 4)));
        assert_eq!(first_difference(b"1\n", b"1\n2\n"), Some((2, 1)));
    }
}
