//! A Kattis package's programs built as the format builds them: a submission (and a program
//! judged on the package, `judge PACKAGE -- PROGRAM`) gets the files of `include/` for its
//! language, and in 2025-09 every program gets the package's constants replaced
//! (`crate::package::sources` says which files, and assembles them); the assembled files
//! are written once into a folder of the compile cache named by a hash of them, and built
//! from there. A program that needs neither is built where it is. Every program of a
//! package goes through here: validators, output validators and interactors, graders,
//! generators, submissions.
//!
//! Free functions over a `&Package`, as `sinol_build`'s are over a sinol-make package: the
//! package stays what was read, and building is this layer's.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::package::config::FormatVersion;
use crate::package::sources::{self, Files};
use crate::package::{directory_kind, Package, PackageError, PackageProgram, ProgramKind};
use crate::run::{fnv1a_128, Cache, Language, PrepareError, Program, Runner};

/// `program` of `package` made ready to run: with the package's constants replaced
/// (2025-09), and for a submission (`include`) the files of `include/` for its language
/// (in every format: the legacy specification has `include/<language>/`, and problemtools
/// adds `include/` in 2023-07 too, whose specification does not name it).
/// Messages name the program where it is in the package.
pub fn prepare(
    package: &Package,
    program: &PackageProgram,
    include: bool,
    runner: &Runner,
    cache: &Cache,
) -> Result<Program, PrepareError> {
    let is_2025 = package.is_2025();
    let has_include = include && package.root.join("include").is_dir();
    if !(is_2025 || has_include)
        || !matches!(program.kind, ProgramKind::File | ProgramKind::Directory)
    {
        return prepare_where_it_is(program, runner, cache);
    }
    let assembled = (|| {
        let language = match program.language {
            Some(named) => Some(named),
            None => sources::language_of(&program.path)?,
        };
        let default = package.config.version != FormatVersion::Legacy;
        let included = match include {
            true => sources::included(&package.root, language, default),
            false => None,
        };
        // Constants are 2025-09's.
        let substitute = |text: &str| match is_2025 {
            true => package.config.substitute(text),
            false => text.to_string(),
        };
        match sources::assemble(program, included.as_deref(), &substitute)? {
            Some(files) => written(program, files, cache),
            None => Ok(program.clone()),
        }
    })()
    .map_err(|e| PrepareError::judge(e.0))?;
    let mut prepared = prepare_where_it_is(&assembled, runner, cache)?;
    prepared.given = program.path.clone();
    Ok(prepared)
}

/// A contestant's program for `judge PACKAGE -- PROGRAM`, made ready as a submission of
/// `package` is: a source file or a directory of sources given alone gets the files of
/// `include/` for its language ([`prepare`]); an executable, or a command with arguments,
/// runs as it is.
pub fn prepare_contestant(
    package: &Package,
    path: &Path,
    args: &[OsString],
    runner: &Runner,
    cache: &Cache,
) -> Result<Program, PrepareError> {
    let kind = match path.is_dir() {
        true => directory_kind(path),
        false => Language::of(path).map(|_| ProgramKind::File),
    };
    match kind {
        Some(kind @ (ProgramKind::File | ProgramKind::Directory)) if args.is_empty() => {
            let program = PackageProgram {
                path: path.to_owned(),
                kind,
                entrypoint: None,
                language: None,
            };
            prepare(package, &program, true, runner, cache)
        }
        _ => Program::prepare(path, args, runner, cache),
    }
}

/// `program` compiled (through the cache) from where it is, and made ready to run.
fn prepare_where_it_is(
    program: &PackageProgram,
    runner: &Runner,
    cache: &Cache,
) -> Result<Program, PrepareError> {
    let entrypoint = program.entrypoint.as_deref();
    match (&program.kind, program.language) {
        (ProgramKind::File | ProgramKind::Directory, Some(language)) => {
            Program::prepare_as(&program.path, language, entrypoint, runner, cache)
        }
        (ProgramKind::File, None) => Program::prepare(&program.path, &[], runner, cache),
        (ProgramKind::Directory, None) => {
            Program::prepare_dir(&program.path, None, entrypoint, runner, cache)
        }
        (ProgramKind::Scripted, _) => Program::prepare_scripted(&program.path, runner, cache),
        (ProgramKind::Checktestdata | ProgramKind::Unsupported(_), _) => {
            Err(PrepareError::judge(program.unsupported_reason()))
        }
    }
}

/// `program` as its assembled `files` (in name order): written under `cache` in a folder
/// named by their hash (once: a folder there is whole), a single file when it was one and
/// nothing was added.
fn written(
    program: &PackageProgram,
    files: Files,
    cache: &Cache,
) -> Result<PackageProgram, PackageError> {
    let parts: Vec<&[u8]> = files
        .iter()
        .flat_map(|(name, bytes)| [name.as_os_str().as_encoded_bytes(), bytes.as_slice()])
        .collect();
    let dir = cache
        .dir()
        .join("package-sources")
        .join(format!("{:032x}", fnv1a_128(&parts)));
    if !dir.is_dir() {
        write_atomically(&dir, &files)?;
    }
    let single = program.path.is_file() && files.len() == 1;
    Ok(PackageProgram {
        path: match single {
            true => dir.join(&files[0].0),
            false => dir,
        },
        kind: match single {
            true => ProgramKind::File,
            false => ProgramKind::Directory,
        },
        entrypoint: program.entrypoint.clone(),
        language: program.language,
    })
}

/// Writes `files` into a fresh folder beside `dir` and renames it to `dir`, so that a folder
/// there is always whole (another process may have written the same one meanwhile).
fn write_atomically(dir: &Path, files: &[(PathBuf, Vec<u8>)]) -> Result<(), PackageError> {
    let parent = dir.parent().unwrap_or(dir);
    let failed =
        |e: std::io::Error| PackageError(format!("cannot write under {}: {e}", parent.display()));
    std::fs::create_dir_all(parent).map_err(failed)?;
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let scratch = parent.join(format!(
        ".writing-{}-{}",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    for (name, bytes) in files {
        let path = scratch.join(name);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).map_err(failed)?;
        }
        std::fs::write(&path, bytes).map_err(failed)?;
    }
    if std::fs::rename(&scratch, dir).is_err() {
        // Another process put the same folder there first.
        let _ = std::fs::remove_dir_all(&scratch);
    }
    Ok(())
}
