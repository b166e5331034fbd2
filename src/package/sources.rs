//! A program of a package as it is built: a submission gets the files of
//! `include/<language>/` (else, in 2023-07 and 2025-09, `include/default/`) beside its own,
//! overwriting them, and in 2025-09 the package's constants (`{{name}}`) are replaced in
//! submissions, included files and validators. The result is written once into a folder named by a hash of its files, under
//! the compile cache, and built from there; a program that needs neither is built where it
//! is.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::{PackageError, PackageProgram, ProgramKind};
use crate::run::{fnv1a_128, Cache, Language};

/// The files of `program` (path under the program, bytes), in name order.
fn files_of(program: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, PackageError> {
    let read = |path: &Path| {
        std::fs::read(path)
            .map_err(|e| PackageError(format!("cannot read {}: {e}", path.display())))
    };
    if program.is_file() {
        let name = PathBuf::from(program.file_name().unwrap_or_default());
        return Ok(vec![(name, read(program)?)]);
    }
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(program).sort_by_file_name() {
        let entry =
            entry.map_err(|e| PackageError(format!("cannot read {}: {e}", program.display())))?;
        if entry.file_type().is_file() {
            let under = entry.path().strip_prefix(program).unwrap_or(entry.path());
            files.push((under.to_owned(), read(entry.path())?));
        }
    }
    Ok(files)
}

/// The language of the program at `path` (a file or a directory of sources).
pub fn language_of(path: &Path) -> Result<Option<Language>, PackageError> {
    let names: Vec<PathBuf> = files_of(path)?.into_iter().map(|(name, _)| name).collect();
    Ok(match path.is_file() {
        true => Language::of(path),
        false => Language::of_files(&names),
    })
}

/// The files to add to a submission in `language`: `include/<code>/`, else (with `default`)
/// `include/default/` (none when neither exists). The legacy format has no
/// `include/default/`, and problemtools refuses it there.
pub fn included(root: &Path, language: Option<Language>, default: bool) -> Option<PathBuf> {
    let include = root.join("include");
    let own = language
        .map(|l| l.row().code)
        .map(|code| include.join(code))
        .filter(|dir| dir.is_dir());
    let default = Some(include.join("default")).filter(|dir| default && dir.is_dir());
    own.or(default)
}

/// `program` with the files of `include` (if any) added and `substitute` applied to every
/// text file, written under `cache`; `program` itself when nothing changes.
pub fn assemble(
    program: &PackageProgram,
    include: Option<&Path>,
    substitute: &dyn Fn(&str) -> String,
    cache: &Cache,
) -> Result<PackageProgram, PackageError> {
    let own = files_of(&program.path)?;
    let mut files = own.clone();
    if let Some(include) = include {
        for (name, bytes) in files_of(include)? {
            files.retain(|(have, _)| *have != name);
            files.push((name, bytes));
        }
    }
    // A single-file submission with sources added keeps its entry point: a builder of a
    // folder takes `main.*` first, so it becomes `main.<ext>` unless an included file is the
    // driver (named `main`, as the specification asks of one).
    // Sources of its language: files of its own ending.
    let extension = program.path.extension();
    let added_sources = files.len() > own.len()
        && Language::of(&program.path).is_some()
        && files
            .iter()
            .filter(|(n, _)| n.extension() == extension)
            .count()
            > 1;
    let has_main = files.iter().any(|(n, _)| is_main(n));
    // A named entry point is found by its own name.
    if program.path.is_file() && added_sources && !has_main && program.entrypoint.is_none() {
        if let (Some((name, _)), Some(extension)) = (files.first_mut(), program.path.extension()) {
            if own.first().is_some_and(|(o, _)| o == name) {
                *name = PathBuf::from("main").with_extension(extension);
            }
        }
    }
    for (_, bytes) in &mut files {
        if let Ok(text) = std::str::from_utf8(bytes) {
            let replaced = substitute(text);
            if replaced != text {
                *bytes = replaced.into_bytes();
            }
        }
    }
    if files == own {
        return Ok(program.clone());
    }
    files.sort();
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

fn is_main(name: &Path) -> bool {
    name.file_stem()
        .is_some_and(|s| s.eq_ignore_ascii_case("main"))
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
