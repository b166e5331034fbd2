//! A sinol-make package's programs built as sinol-make builds them: a source of `prog/` is
//! compiled where it is, so that what it includes from `prog/` (`oi.h`, a task's own
//! library) is found there. Every program of the package goes through here: ingen, inwer,
//! the checker, the interactor, the model solution and the solutions, and a program judged on
//! the package. ingen and inwer are compiled with `_INGEN` and `_INWER` defined, as sinol-make
//! compiles them.
//!
//! A confined compiler reads only what it is given ([`crate::run`]): besides the source, the
//! files of `prog/` that are no program's source (headers, data), and for a solution what
//! `config.yml` adds ([`Extras`](crate::sinol::config::Extras)), all part of the compile cache's key too, so that a header
//! changed rebuilds what includes it.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::run::{Cache, Language, PrepareError, Program, Runner};
use crate::sinol::Sinol;

/// Which of a package's programs is built: sinol-make builds the solutions (the model
/// solution, and any program judged on the package) with the package's extras, and the
/// jury's programs (ingen, inwer, the checker, the interactor) without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Jury,
    Solution,
}

/// `path` (a source, or an executable), made ready to run with `args` as a program of
/// `sinol` in `role`: a solution's sources are it and the files of `prog/` that
/// `extra_compilation_args` gives its language (a task's library), and it may read
/// `extra_compilation_files` as it compiles and, interpreted, as it runs, and
/// `extra_execution_files` of its language as it runs.
pub fn prepare(
    sinol: &Sinol,
    path: &Path,
    role: Role,
    args: &[OsString],
    runner: &Runner,
    cache: &Cache,
) -> Result<Program, PrepareError> {
    let language = match Language::of(path) {
        Some(language) if path.is_file() => language,
        _ => return Program::prepare(path, args, runner, cache),
    };
    let extras = &sinol.config.extras;
    let prog = |names: &[String]| -> Vec<PathBuf> {
        let prog = std::path::absolute(sinol.root.join("prog")).unwrap_or_default();
        names.iter().map(|name| prog.join(name)).collect()
    };
    let extension = path.extension().unwrap_or_default().to_string_lossy();
    let of_language = |table: &BTreeMap<String, Vec<String>>| match role {
        Role::Solution => prog(table.get(extension.as_ref()).map_or(&[], Vec::as_slice)),
        Role::Jury => Vec::new(),
    };
    let mut sources = vec![path.to_owned()];
    sources.extend(of_language(&extras.compilation_args));
    let mut beside = sinol.headers();
    if role == Role::Solution {
        beside.extend(prog(&extras.compilation_files));
    }
    beside.retain(|file| !sources.contains(file));
    // sinol-make compiles ingen with `_INGEN` and inwer with `_INWER` defined
    // (`commands/ingen`, `commands/inwer`): a package may keep code for them behind them.
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let cache = match ["ingen", "inwer"].iter().find(|role| stem.ends_with(*role)) {
        Some(role) => &cache.clone().defining(&format!("_{}", role.to_uppercase())),
        None => cache,
    };
    let built = cache.build_all(runner, language, &sources, path, None, &beside)?;
    let mut invocation = built.invocation(args);
    if language.interpreted() {
        // An interpreter reads at run time what a compiler reads at build time.
        invocation.reads.extend(beside.iter().cloned());
    }
    let to_run = of_language(&extras.execution_files);
    if language.interpreted() && role == Role::Solution && !(to_run.is_empty() && beside.is_empty())
    {
        // An interpreter finds a module by listing the folder it is in (Python's import
        // finder): sinol-make runs the solution from a folder holding the extra files, this
        // one from `prog/`, which it may then read as a whole.
        invocation
            .reads
            .push(std::path::absolute(sinol.root.join("prog")).unwrap_or_default());
    }
    invocation.reads.extend(to_run);
    Ok(Program {
        invocation,
        given: path.to_owned(),
        language: Some(language),
    })
}
