//! `testdata/<name>/`: writing a built plan atomically (comparing one with what is on disk is
//! `crate::verify::regeneration`'s, as for every format).
//!
//! The directory holds exactly `NN.in` and `NN.ans` for every test of the plan. It is written
//! as a whole: the new files go to a staging directory next to it, which then replaces the old
//! one by two renames (old out of the way, new in place), so a failure while writing leaves the
//! old directory as it was. Nothing is fsynced: test data can always be regenerated.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

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
