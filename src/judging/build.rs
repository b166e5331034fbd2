//! The one build of a problem's program files, from the model's facts alone: the file
//! ([`ProgramFile`]: its language, entry point, include folders, defines, or why it cannot run
//! here) and what the problem builds every program with ([`Building`]), for a [`Role`].
//! Every program of every format is built here: validators, checkers, interactors, graders,
//! generators, example submissions, the model solution and a program judged on the problem.
//!
//! In order:
//! - a program that cannot run here fails with its reason; a folder with `build` or `run`
//!   scripts is built and run by them, as it is;
//! - when the problem replaces constants in its programs, or a submission gets files over its
//!   own ([`Building::submission_files`]), the program's files are assembled
//!   (`crate::package::sources`) and written once under the compile cache, in a folder named
//!   by a hash of them (`package-sources/`), and built from there; one that comes out
//!   unchanged is built where it is;
//! - a source file is compiled with the sources a submission gets besides
//!   ([`SubmissionExtras`]), its compiler reading only what it is given
//!   (`crate::run::Cache::build_all`): the files [`Building::beside`] it, a submission's
//!   compile files, its include folders (on the include path too), all part of the compile
//!   cache's key; an interpreted program reads at run time what a compiler reads at build
//!   time, and a submission its run files;
//! - a folder of sources is built as one program, anything else (an executable) run as it is.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::model::{substituted, Building, ProgramFile, SubmissionExtras};
use crate::package::sources::{self, Files};
use crate::run::{fnv1a_128, is_scripted, Cache, Language, PrepareError, Program, Runner};

/// Whose program is built: a submission gets what the problem gives submissions (Kattis'
/// `include/`, sinol-make's extras), the jury's programs do not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A generator, a validator, a checker, an interactor, a grader.
    Jury,
    /// An example submission, the model solution, a program judged on the problem.
    Submission,
}

/// `file`, built as `building` says for `role`, ready to run with `args` (a command given
/// with arguments runs as it is, without files assembled over its own). Messages name it
/// where it is.
pub fn build(
    file: &ProgramFile,
    role: Role,
    building: &Building,
    args: &[OsString],
    runner: &Runner,
    cache: &Cache,
) -> Result<Program, PrepareError> {
    if let Some(why) = &file.unsupported {
        return Err(PrepareError::judge(why.clone()));
    }
    let path = file.path.as_path();
    if path.is_dir() && is_scripted(path) {
        let mut program = Program::prepare_scripted(path, runner, cache)?;
        program.invocation.args.extend(args.iter().cloned());
        return Ok(program);
    }
    let assembled = match args.is_empty() {
        true => assembled(file, role, building, cache).map_err(PrepareError::judge)?,
        false => None,
    };
    let extras = match role {
        Role::Submission => building.submission_extras.as_ref(),
        Role::Jury => None,
    };
    let file = assembled.as_ref().unwrap_or(file);
    let mut program = compiled(file, (&building.beside, extras), args, runner, cache)?;
    program.given = path.to_owned();
    Ok(program)
}

/// The language `file` names, else the one its files say.
fn language_of(file: &ProgramFile) -> Result<Option<Language>, String> {
    match file.language.as_deref().and_then(Language::from_code) {
        Some(named) => Ok(Some(named)),
        None => sources::language_of(&file.path).map_err(|e| e.0),
    }
}

/// `file` as it is built when `building` changes its files for `role` (its constants
/// replaced, a submission's files added over its own): a copy written under the cache, or
/// `None` when nothing changes and it is built where it is.
fn assembled(
    file: &ProgramFile,
    role: Role,
    building: &Building,
    cache: &Cache,
) -> Result<Option<ProgramFile>, String> {
    let added = match role {
        Role::Submission => building.submission_files.as_ref(),
        Role::Jury => None,
    };
    if building.constants.is_empty() && added.is_none() {
        return Ok(None);
    }
    let Some(language) = language_of(file)? else {
        return Ok(None);
    };
    let included = added.and_then(|added| {
        let own = added.by_language.get(language.row().code);
        (own.filter(|dir| dir.is_dir())).or(added.default.as_ref().filter(|dir| dir.is_dir()))
    });
    let substitute = |text: &str| substituted(&building.constants, text);
    let entrypoint = file.entrypoint.as_deref();
    let files = sources::assemble(
        &file.path,
        entrypoint,
        included.map(PathBuf::as_path),
        &substitute,
    )
    .map_err(|e| e.0)?;
    let Some(files) = files else {
        return Ok(None);
    };
    let path = written(&file.path, files, cache)?;
    Ok(Some(ProgramFile {
        path,
        ..file.clone()
    }))
}

/// `file` compiled (through the cache) from where it is, with the files `beside` it and the
/// `extras` it gets as a submission, and made ready to run with `args`.
fn compiled(
    file: &ProgramFile,
    (beside, extras): (&[PathBuf], Option<&SubmissionExtras>),
    args: &[OsString],
    runner: &Runner,
    cache: &Cache,
) -> Result<Program, PrepareError> {
    let path = file.path.as_path();
    let named = file.language.as_deref().and_then(Language::from_code);
    let entrypoint = file.entrypoint.as_deref();
    if path.is_dir() {
        let mut program = Program::prepare_dir(path, named, entrypoint, runner, cache)?;
        program.invocation.args.extend(args.iter().cloned());
        return Ok(program);
    }
    let Some(language) = named.or_else(|| Language::of(path)) else {
        return Program::prepare(path, args, runner, cache);
    };
    let extension = path.extension().unwrap_or_default().to_string_lossy();
    let of_language =
        |table: fn(&SubmissionExtras) -> &std::collections::BTreeMap<String, Vec<PathBuf>>| {
            (extras.and_then(|extras| table(extras).get(extension.as_ref())))
                .cloned()
                .unwrap_or_default()
        };
    let mut sources = vec![path.to_owned()];
    sources.extend(of_language(|extras| &extras.sources));
    let mut beside = beside.to_vec();
    beside.extend(
        extras
            .iter()
            .flat_map(|extras| extras.compile_files.iter().cloned()),
    );
    beside.retain(|file| !sources.contains(file));
    let reads: Vec<PathBuf> = beside.iter().chain(&file.include).cloned().collect();
    let mut cache = cache.clone().including(&file.include);
    for name in &file.defines {
        cache = cache.defining(name);
    }
    let built = cache.build_all(runner, language, &sources, path, None, &reads)?;
    let mut invocation = built.invocation(args);
    let run_files = of_language(|extras| &extras.run_files);
    if language.interpreted() {
        // An interpreter reads at run time what a compiler reads at build time.
        invocation.reads.extend(reads.iter().cloned());
        if let Some(extras) = extras.filter(|_| !(run_files.is_empty() && beside.is_empty())) {
            // An interpreter finds a module by listing the folder it is in (Python's import
            // finder): the extras' folder may then be read as a whole.
            invocation.reads.push(extras.folder.clone());
        }
    }
    invocation.reads.extend(run_files);
    Ok(Program {
        invocation,
        given: path.to_owned(),
        language: Some(language),
    })
}

/// The assembled `files` of the program at `original` (in name order), written under `cache`
/// in a folder named by their hash (once: a folder there is whole): the folder, or the one
/// file in it when the program was one file and nothing was added.
fn written(original: &Path, files: Files, cache: &Cache) -> Result<PathBuf, String> {
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
    Ok(match original.is_file() && files.len() == 1 {
        true => dir.join(&files[0].0),
        false => dir,
    })
}

/// Writes `files` into a fresh folder beside `dir` and renames it to `dir`, so that a folder
/// there is always whole (another process may have written the same one meanwhile).
fn write_atomically(dir: &Path, files: &[(PathBuf, Vec<u8>)]) -> Result<(), String> {
    let parent = dir.parent().unwrap_or(dir);
    let failed = |e: std::io::Error| format!("cannot write under {}: {e}", parent.display());
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
