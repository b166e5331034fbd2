//! A program's files as it is built: files added over its own (a Kattis submission gets those
//! of `include/<language>/`, overwriting them), and constants (`{{name}}`) replaced in every
//! text file (Kattis 2025-09). This reads and assembles the files only: `crate::judging`'s
//! one builder writes them once into a folder of the compile cache named by a hash of its
//! files and builds them there; a program that needs neither is built where it is.

use std::path::{Path, PathBuf};

use super::PackageError;
use crate::run::Language;

/// Files of a program: each one's path under the program, and its bytes.
pub type Files = Vec<(PathBuf, Vec<u8>)>;

/// The files of `program`, in name order.
fn files_of(program: &Path) -> Result<Files, PackageError> {
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

/// The files of the program at `path` (its entry point `entrypoint`, when named) as it is
/// built, in name order:
/// its own, the files of `include` (if any) added over them, and `substitute` applied to
/// every text file; `None` when they are its own files unchanged, so that it is built where
/// it is. Writing them where they are built is `crate::judging`'s.
pub fn assemble(
    path: &Path,
    entrypoint: Option<&str>,
    include: Option<&Path>,
    substitute: &dyn Fn(&str) -> String,
) -> Result<Option<Files>, PackageError> {
    let own = files_of(path)?;
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
    let extension = path.extension();
    let added_sources = files.len() > own.len()
        && Language::of(path).is_some()
        && files
            .iter()
            .filter(|(n, _)| n.extension() == extension)
            .count()
            > 1;
    let has_main = files.iter().any(|(n, _)| is_main(n));
    // A named entry point is found by its own name.
    if path.is_file() && added_sources && !has_main && entrypoint.is_none() {
        if let (Some((name, _)), Some(extension)) = (files.first_mut(), path.extension()) {
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
        return Ok(None);
    }
    files.sort();
    Ok(Some(files))
}

fn is_main(name: &Path) -> bool {
    name.file_stem()
        .is_some_and(|s| s.eq_ignore_ascii_case("main"))
}
