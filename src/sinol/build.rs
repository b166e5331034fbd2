//! A sinol-make package's programs built as sinol-make builds them: a source of `prog/` is
//! compiled where it is, so that what it includes from `prog/` (`oi.h`, a task's own
//! library) is found there. Every program of the package goes through here: ingen, inwer,
//! the checker, the interactor, the model solution and the solutions, and a program judged on
//! the package.
//!
//! A confined compiler reads only what it is given ([`crate::run`]): besides the source, the
//! files of `prog/` that are no program's source (headers, data), which are part of the
//! compile cache's key too, so that a header changed rebuilds what includes it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::Sinol;
use crate::run::{Cache, Language, PrepareError, Program, Runner};

/// `path` (a source, or an executable), made ready to run with `args` as a program of
/// `sinol`.
pub fn prepare(
    sinol: &Sinol,
    path: &Path,
    args: &[OsString],
    runner: &Runner,
    cache: &Cache,
) -> Result<Program, PrepareError> {
    let language = match Language::of(path) {
        Some(language) if path.is_file() => language,
        _ => return Program::prepare(path, args, runner, cache),
    };
    let beside = sinol.headers();
    let built = cache.build_all(runner, language, &[path.to_owned()], path, None, &beside)?;
    let mut invocation = built.invocation(args);
    if language.interpreted() {
        // An interpreter reads at run time what a compiler reads at build time.
        invocation.reads.extend(beside);
    }
    Ok(Program {
        invocation,
        given: path.to_owned(),
        language: Some(language),
    })
}

impl Sinol {
    /// The files of `prog/` that are no program's source (by their extension), absolute, in
    /// name order: what its programs may include.
    pub fn headers(&self) -> Vec<PathBuf> {
        let prog = self.root.join("prog");
        let mut found: Vec<PathBuf> = std::fs::read_dir(&prog)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.is_file() && Language::of(path).is_none())
            .filter_map(|path| std::path::absolute(path).ok())
            .collect();
        found.sort();
        found
    }
}
