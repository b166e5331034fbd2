//! `testdata/<name>/`: writing a built plan atomically (comparing one with what is on disk is
//! `crate::verify::regeneration`'s, as for every format); a Kattis package's `data/` made by
//! its `generators.yaml`, written the same way ([`write_package_data`]).
//!
//! The directory holds exactly `NN.in` and `NN.ans` for every test of the plan. It is written
//! as a whole: the new files go to a staging directory next to it, which then replaces the old
//! one by two renames (old out of the way, new in place), so a failure while writing leaves the
//! old directory as it was, and so does an interrupted judge (it removes the staging directory,
//! and never stops between the renames). Nothing is fsynced: test data can always be
//! regenerated.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use super::plan::Built;
use crate::judging::kattis_generators::{self, MadeData, MakeError};
use crate::package::Package;
use crate::run::{Cache, Runner, ScratchDir, Unbroken};

/// The files a built plan consists of: name (`NN.in`, `NN.ans`) → contents, in name order.
pub fn files(built: &Built) -> BTreeMap<String, &str> {
    let mut files = BTreeMap::new();
    for test in &built.tests {
        files.insert(format!("{}.in", test.stem), test.input.as_str());
        files.insert(format!("{}.ans", test.stem), test.answer.as_str());
    }
    files
}

/// Replaces `dir` by a staging directory beside it that `fill` fills, swapped in when it is
/// full (see [`write`]).
fn replace(dir: &Path, fill: impl FnOnce(&Path) -> io::Result<()>) -> io::Result<()> {
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
    let scratch = |what: &str| {
        ScratchDir::within(parent, &format!(".{name}.{what}")).map_err(io::Error::other)
    };
    let staging = scratch("staging")?;
    fill(staging.path())?;
    swap_in(staging.path(), dir, || scratch("old"))
}

/// Replaces `dir` by a directory holding exactly the files of `built`.
///
/// Writes into a staging directory beside `dir` (`.<name>.staging-…`), then swaps it in; on
/// any error the staging directory is removed and `dir` is untouched (unless the error is in
/// the final swap itself, which the message then says). An interrupted judge removes the
/// staging directory, and never stops between the swap's two renames ([`Unbroken`]).
pub fn write(dir: &Path, built: &Built) -> io::Result<()> {
    replace(dir, |staging| {
        files(built).into_iter().try_for_each(|(file, contents)| {
            let path = staging.join(file);
            std::fs::write(&path, contents).map_err(|e| at(&path, e))
        })
    })
}

/// Replaces `dir` by a directory holding exactly `files` (each a name and the file copied
/// under it), as [`write`] replaces one: a sinol-make package's `in/` and `out/`, made in a
/// scratch folder.
pub fn write_copies(dir: &Path, files: &[(String, PathBuf)]) -> io::Result<()> {
    replace(dir, |staging| {
        files.iter().try_for_each(|(name, from)| {
            let path = staging.join(name);
            std::fs::copy(from, &path)
                .map(drop)
                .map_err(|e| at(&path, e))
        })
    })
}

/// Writes `data/` of `package` as `bt generate` writes it, from its `generators.yaml`, as a
/// whole: made into a staging directory beside it (with the top directories of `data/` that
/// `generators.yaml` does not name, such as a committed `invalid_input/`, copied over), then
/// swapped in. When a case cannot be made, nothing is written: the errors are returned.
pub fn write_package_data(
    package: &Package,
    runner: &Runner,
    cache: &Cache,
) -> Result<MadeData, MakeError> {
    let here = |e: io::Error| MakeError {
        package_at_fault: false,
        message: e.to_string(),
    };
    let Some(found) = &package.generators else {
        return Ok(MadeData::default());
    };
    let dir = package.root.join("data");
    let staging = ScratchDir::within(&package.root, ".data.staging")
        .map_err(|e| here(io::Error::other(e)))?;
    let made = kattis_generators::make(package, found, staging.path(), runner, cache)?;
    if !made.errors.is_empty() {
        return Ok(made);
    }
    let named =
        |name: &str| (found.directories.iter()).any(|d| d.path.split('/').next() == Some(name));
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if named(&name) {
            continue;
        }
        for file in walkdir::WalkDir::new(entry.path()).into_iter().flatten() {
            let inside = file.path().strip_prefix(&dir).unwrap_or(file.path());
            let to = staging.path().join(inside);
            let copied = match file.file_type().is_dir() {
                true => std::fs::create_dir_all(&to),
                false => std::fs::copy(file.path(), &to).map(drop),
            };
            copied.map_err(|e| here(at(&to, e)))?;
        }
    }
    swap_in(staging.path(), &dir, || {
        ScratchDir::within(&package.root, ".data.old").map_err(io::Error::other)
    })
    .map_err(here)?;
    Ok(made)
}

/// Renames `staging` to `dir`; an existing `dir` is first renamed to an empty directory that
/// `retired` makes, which goes (with the old files) when the swap is done. The two renames
/// are one [`Unbroken`] step.
pub(super) fn swap_in(
    staging: &Path,
    dir: &Path,
    retired: impl FnOnce() -> io::Result<ScratchDir>,
) -> io::Result<()> {
    let retired = match dir.exists() {
        true => Some(retired()?),
        false => None,
    };
    let _unbroken = Unbroken::begin();
    if let Some(retired) = &retired {
        std::fs::rename(dir, retired.path()).map_err(|e| at(dir, e))?;
    }
    if let Err(error) = std::fs::rename(staging, dir) {
        // Put the old directory back before reporting.
        if let Some(retired) = &retired {
            let _ = std::fs::rename(retired.path(), dir);
        }
        return Err(at(dir, error));
    }
    Ok(())
}

fn at(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}
