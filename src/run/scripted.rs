//! A program folder that says itself how it is built and run: a `build` script, a `run`
//! script, or both (the package format's "other programs" form, which BAPCtools and DOMjudge
//! take for any program: DOMjudge's own validators come so).
//!
//! The folder is copied into a scratch directory, `build` runs there (its working directory,
//! confined and limited as a compiler is: it may write only that copy), and afterwards the
//! copy must hold an executable `run`. The copy is stored in the compile cache like a JVM
//! program's classes ([`super::cached`]), under a key made of every file's name, bytes and
//! whether it is executable: a changed file builds afresh. What `build` itself calls (`cc`,
//! `python3`) is not part of the key: a changed compiler is not noticed, as with no cache.
//! The program is then `run`, with the arguments of its role (a validator's three), reading
//! its stored folder: a `run` that finds what `build` made beside itself (`$(dirname "$0")`)
//! finds it there.

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::{cached, fnv1a_128, Built, Cache, Invocation, PrepareError, Runner};

/// The script that builds the program (optional).
pub const BUILD: &str = "build";
/// The script (or binary) that runs it: present in the folder, or made by [`BUILD`].
pub const RUN: &str = "run";

/// Whether the folder `dir` is such a program: it holds a file named `build` or `run`.
pub fn is_scripted(dir: &Path) -> bool {
    [BUILD, RUN].iter().any(|name| dir.join(name).is_file())
}

impl Cache {
    /// The scripted program folder `dir` built (unless cached), as `run` with nothing before
    /// the caller's arguments; a failing `build`, or no executable `run` after it, is a
    /// compile error with what the script said.
    pub fn build_scripted(&self, runner: &Runner, dir: &Path) -> Result<Built, PrepareError> {
        let files = folder_files(dir)?;
        let files_confined = runner.protections().is_ok_and(|p| p.files.is_some());
        let mut key_parts: Vec<&[u8]> = vec![b"stonejudge-scripted-1"];
        key_parts.push(match files_confined {
            true => b"files confined",
            false => b"unconfined",
        });
        for file in &files {
            key_parts.push(file.name.as_encoded_bytes());
            key_parts.push(if file.executable { b"x" } else { b"-" });
            key_parts.push(&file.bytes);
        }
        let target = self.dir().join(format!("{:032x}", fnv1a_128(&key_parts)));
        if !target.exists() {
            self.build_into(runner, dir, &files, &target)?;
        }
        Ok(Built {
            executable: target.join(RUN),
            args: Vec::new(),
            reads: vec![target],
            heap: None,
        })
    }

    /// Copies the folder's `files` into a scratch directory, runs `build` there when it has
    /// one, checks `run`, and stores the result at `target`.
    fn build_into(
        &self,
        runner: &Runner,
        dir: &Path,
        files: &[FolderFile],
        target: &Path,
    ) -> Result<(), PrepareError> {
        let scratch_dir = self.scratch_dir()?;
        let copy = scratch_dir.path().join("program");
        write_copy(&copy, files).map_err(PrepareError::judge)?;
        if copy.join(BUILD).is_file() {
            // `cd` in a shell: a confined program's working directory is its scratch
            // directory, and the specification runs `build` in the folder's copy.
            let invocation = Invocation::new("/bin/sh")
                .args(["-c", "cd \"$1\" && exec ./build", "build"])
                .arg(&copy)
                .writes(scratch_dir.path())
                .compiler();
            let run = self.run_compiler(runner, &invocation)?;
            let shown = dir.join(BUILD);
            self.compile_verdict(&run, &invocation, &shown)?;
        }
        let run = copy.join(RUN);
        let executable = std::fs::metadata(&run)
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
        if !executable {
            return Err(PrepareError::compile(format!(
                "{}: no executable `{RUN}` in the folder{}",
                dir.display(),
                match dir.join(BUILD).is_file() {
                    true => " after its `build` ran",
                    false => "",
                }
            )));
        }
        let stored = cached::store(&copy, target).map_err(PrepareError::judge);
        drop(scratch_dir);
        stored
    }
}

/// A file of a scripted folder, as it goes into the cache key and the build's copy.
struct FolderFile {
    /// Its path under the folder.
    name: OsString,
    executable: bool,
    bytes: Vec<u8>,
}

/// The files beneath `dir`, in name order (links followed: a package may link a shared file
/// in).
fn folder_files(dir: &Path) -> Result<Vec<FolderFile>, PrepareError> {
    let mut found = Vec::new();
    for entry in walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
    {
        let entry = entry
            .map_err(|e| PrepareError::judge(format!("cannot read {}: {e}", dir.display())))?;
        if !entry.file_type().is_file() {
            continue;
        }
        let path = entry.path();
        let failed =
            |e: std::io::Error| PrepareError::judge(format!("cannot read {}: {e}", path.display()));
        let executable = entry
            .metadata()
            .map_err(|e| failed(e.into()))?
            .permissions()
            .mode()
            & 0o111
            != 0;
        found.push(FolderFile {
            name: path
                .strip_prefix(dir)
                .unwrap_or(path)
                .as_os_str()
                .to_owned(),
            executable,
            bytes: std::fs::read(path).map_err(failed)?,
        });
    }
    Ok(found)
}

/// Writes `files` under the new folder `copy`, the executable ones executable.
fn write_copy(copy: &Path, files: &[FolderFile]) -> Result<(), String> {
    std::fs::create_dir(copy).map_err(|e| format!("cannot create {}: {e}", copy.display()))?;
    for file in files {
        let path: PathBuf = copy.join(&file.name);
        let failed = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(failed)?;
        }
        std::fs::write(&path, &file.bytes).map_err(failed)?;
        let mode = if file.executable { 0o755 } else { 0o644 };
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).map_err(failed)?;
    }
    Ok(())
}
