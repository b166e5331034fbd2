//! The files commands write their results to (`stress --save`, `judge --json`, `verify
//! --json`): checked before the work starts, so that a long run never ends in "cannot write",
//! and written whole or not at all.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// Where `stress` saves a failing case when --save is not given: a directory of its own that
/// tells git to ignore it, so found cases neither clutter the current directory nor get
/// committed by accident.
pub const CASES_DIR: &str = ".stonejudge";

/// Checks now that `path`, given with `flag`, can be written later: its directory exists and
/// takes a new file, and the path is not a directory.
pub fn check_writable(flag: &str, path: &Path) -> anyhow::Result<()> {
    let shown = path.display();
    if path.is_dir() {
        bail!("{flag} {shown}: is a directory; give a file name");
    }
    if path.file_name().is_none() {
        bail!("{flag} {shown}: not a file name");
    }
    let dir = directory_of(path);
    if !dir.is_dir() {
        bail!("{flag} {shown}: there is no directory {}", dir.display());
    }
    let probe = dir.join(format!(".stonejudge-probe.{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .with_context(|| format!("{flag} {shown}: cannot create a file in {}", dir.display()))?;
    std::fs::remove_file(&probe).with_context(|| format!("cannot remove {}", probe.display()))?;
    Ok(())
}

/// The default file for a failing case of `stem`, in [`CASES_DIR`] (created on first use,
/// with a `.gitignore` that ignores everything in it).
pub fn default_case_path(stem: &str) -> anyhow::Result<PathBuf> {
    let dir = Path::new(CASES_DIR);
    if !dir.is_dir() {
        std::fs::create_dir(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let ignore = dir.join(".gitignore");
        std::fs::write(&ignore, "# Cases found by `stonejudge stress`.\n*\n")
            .with_context(|| format!("cannot write {}", ignore.display()))?;
    }
    Ok(dir.join(format!("stress-{stem}.in")))
}

/// Writes `text` to `path` through a temporary file in the same directory and a rename, so a
/// reader never sees half a file.
pub fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    let name = path
        .file_name()
        .with_context(|| format!("{}: not a file name", path.display()))?;
    let mut temporary_name = OsString::from(".");
    temporary_name.push(name);
    temporary_name.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary_name);
    std::fs::write(&temporary, text)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))
}

/// The directory a file `path` goes into (`.` for a bare name).
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}
