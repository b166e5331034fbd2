//! A contestant program made ready to run: an executable checked for being one, or a source
//! compiled through the cache, or a script paired with its interpreter.

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::image::{self, Format};
use super::{Cache, Invocation, Language, Runner};
use crate::verdict::Verdict;

/// Why a program cannot be run: a compile error (CE, the program's fault) or anything else
/// (JE: a missing file, something that is not an executable, a missing compiler).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PrepareError {
    /// [`Verdict::CE`] or [`Verdict::JE`].
    pub verdict: Verdict,
    pub message: String,
}

impl PrepareError {
    pub(crate) fn judge(message: impl Into<String>) -> PrepareError {
        PrepareError {
            verdict: Verdict::JE,
            message: message.into(),
        }
    }

    pub(crate) fn compile(message: impl Into<String>) -> PrepareError {
        PrepareError {
            verdict: Verdict::CE,
            message: message.into(),
        }
    }
}

/// A program ready to run on any number of inputs.
#[derive(Debug, Clone)]
pub struct Program {
    /// What to execute (the user's arguments included).
    pub invocation: Invocation,
    /// The path the user gave, for messages and reproduction commands.
    pub given: PathBuf,
    /// The source language, if it was a source.
    pub language: Option<Language>,
}

impl Program {
    /// Makes `path` (an executable, or a source in a [`Language`]) ready to run with `args`.
    pub fn prepare(
        path: &Path,
        args: &[OsString],
        runner: &Runner,
        cache: &Cache,
    ) -> Result<Program, PrepareError> {
        let language = Language::of(path);
        let invocation = match language {
            Some(language) if language.interpreted() => {
                let interpreter = cache.build(runner, language, path)?;
                let script = absolute(path)?;
                let mut invocation = Invocation::new(interpreter.executable)
                    .arg(&script)
                    .args(args.iter().cloned())
                    .reads(script);
                invocation.reads.extend(interpreter.reads);
                invocation
            }
            Some(language) => Invocation::new(cache.build(runner, language, path)?.executable)
                .args(args.iter().cloned()),
            None => Invocation::new(executable(path)?).args(args.iter().cloned()),
        };
        Ok(Program {
            invocation,
            given: path.to_owned(),
            language,
        })
    }
}

impl Program {
    /// Makes a directory of sources (a Kattis package's directory submission) ready to run:
    /// its language is the one most of its files are in (C++ before C before Python before
    /// Rust on a tie, as problemtools decides), its entry point the file called `main.*`, else
    /// the first source in name order.
    pub fn prepare_dir(
        dir: &Path,
        runner: &Runner,
        cache: &Cache,
    ) -> Result<Program, PrepareError> {
        let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(walkdir::DirEntry::into_path)
            .collect();
        files.sort();
        let Some(language) = Language::of_files(&files) else {
            return Err(PrepareError::judge(format!(
                "{}: no C, C++, Python or Rust sources in the directory",
                dir.display()
            )));
        };
        let sources: Vec<PathBuf> = files
            .into_iter()
            .filter(|f| Language::of(f) == Some(language))
            .collect();
        let is_main = |f: &&PathBuf| {
            f.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.to_ascii_lowercase().starts_with("main."))
        };
        let main = sources
            .iter()
            .find(is_main)
            .or(sources.first())
            .cloned()
            .ok_or_else(|| PrepareError::judge(format!("{}: no sources", dir.display())))?;
        let built = cache.build_all(runner, language, &sources, &main, &[dir.to_owned()])?;
        let invocation = match language.interpreted() {
            // The interpreter reads the whole directory (its modules), confined or not.
            true => {
                let mut invocation = Invocation::new(built.executable)
                    .arg(absolute(&main)?)
                    .reads(absolute(dir)?);
                invocation.reads.extend(built.reads);
                invocation
            }
            false => Invocation::new(built.executable),
        };
        Ok(Program {
            invocation,
            given: dir.to_owned(),
            language: Some(language),
        })
    }
}

/// The absolute path of an executable file the kernel can run, or why `path` is not one. A
/// bare name is a file in the current directory if there is one, else a program in `PATH`.
fn executable(path: &Path) -> Result<PathBuf, PrepareError> {
    let is_bare_name = path.components().count() == 1 && !path.exists();
    let path = if is_bare_name {
        find_in_path(path).ok_or_else(|| {
            PrepareError::judge(format!(
                "{}: no such file, and no program of that name in PATH",
                path.display()
            ))
        })?
    } else {
        path.to_owned()
    };
    let shown = path.display();
    let metadata = std::fs::metadata(&path)
        .map_err(|e| PrepareError::judge(format!("cannot run {shown}: {e}")))?;
    if !metadata.is_file() {
        return Err(PrepareError::judge(format!(
            "cannot run {shown}: not a regular file"
        )));
    }
    if metadata.permissions().mode() & 0o111 == 0 {
        // A file with an extension that is not executable is most likely a source in a
        // language we do not compile (A.java): say that, not "chmod +x".
        return Err(PrepareError::judge(match path.extension() {
            Some(extension) => format!(
                "cannot run {shown}: unsupported source type .{} (sources are compiled by their \
                 extension: .cpp, .cc, .cxx, .c, .rs, .py), and not an executable either",
                extension.to_string_lossy()
            ),
            None => format!("cannot run {shown}: it is not executable (chmod +x {shown})"),
        }));
    }
    if image::format(&path) == Format::Unknown {
        return Err(PrepareError::judge(format!(
            "cannot run {shown}: not an executable (neither an ELF binary nor a #! script); \
             sources need the extension .cpp, .cc, .c, .rs or .py"
        )));
    }
    absolute(&path)
}

fn absolute(path: &Path) -> Result<PathBuf, PrepareError> {
    std::path::absolute(path)
        .map_err(|e| PrepareError::judge(format!("cannot resolve {}: {e}", path.display())))
}

/// The executable file called `name` in a directory of `PATH` (or `name` itself if it is a
/// path with a directory part).
pub fn find_in_path(name: impl AsRef<Path>) -> Option<PathBuf> {
    let name = name.as_ref();
    let is_executable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if name.components().count() > 1 {
        return is_executable(name).then(|| name.to_owned());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}
