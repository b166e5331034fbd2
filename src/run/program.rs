//! A contestant program made ready to run: an executable checked for being one, or a source
//! compiled through the cache, or a script paired with its interpreter.

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::image::{self, ImageFormat};
use super::scripted::is_scripted;
use super::{Cache, Invocation, Language, Runner, Toolchain};
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
    /// Makes `path` (an executable, a source in a [`Language`], or a directory of sources)
    /// ready to run with `args`.
    pub fn prepare(
        path: &Path,
        args: &[OsString],
        runner: &Runner,
        cache: &Cache,
    ) -> Result<Program, PrepareError> {
        if path.is_dir() {
            let mut program = Program::prepare_dir(path, None, None, runner, cache)?;
            program.invocation.args.extend(args.iter().cloned());
            return Ok(program);
        }
        let language = Language::of(path);
        let invocation = match language {
            Some(language) => cache.build(runner, language, path)?.invocation(args),
            None => Invocation::new(executable(path)?).args(args.iter().cloned()),
        };
        Ok(Program {
            invocation,
            given: path.to_owned(),
            language,
        })
    }

    /// Makes the source file or directory of sources `path` ready to run as `language` (a
    /// Kattis package's `submissions.yaml` names it), whatever its endings say, starting at
    /// `entrypoint` (see [`Program::prepare_dir`]).
    pub fn prepare_as(
        path: &Path,
        language: Language,
        entrypoint: Option<&str>,
        runner: &Runner,
        cache: &Cache,
    ) -> Result<Program, PrepareError> {
        if path.is_dir() {
            return Program::prepare_dir(path, Some(language), entrypoint, runner, cache);
        }
        Ok(Program {
            invocation: cache.build(runner, language, path)?.invocation(&[]),
            given: path.to_owned(),
            language: Some(language),
        })
    }

    /// Makes a folder with `build` and `run` scripts ready to run: built (unless cached) as
    /// [`super::scripted`] says, then its `run`.
    pub fn prepare_scripted(
        dir: &Path,
        runner: &Runner,
        cache: &Cache,
    ) -> Result<Program, PrepareError> {
        Ok(Program {
            invocation: cache.build_scripted(runner, dir)?.invocation(&[]),
            given: dir.to_owned(),
            language: None,
        })
    }

    /// Makes a directory of sources (a Kattis package's directory submission) ready to run:
    /// its language is `language` when the caller knows it (its sources are then the files of
    /// that language), else the one most of its files are in (ties go as problemtools
    /// decides, see [`Language::of_files`]); its entry point is `entrypoint` when the caller
    /// knows it (a package's `submissions.yaml`: a file name, or the main class in Java and
    /// Kotlin; a file name that is not there is an error), else the file called `main.*` or
    /// `Main.*`, else (Java, Kotlin) the file holding `main`, else the first source in name
    /// order. A folder with `build` or `run` scripts is built and run by them
    /// ([`Program::prepare_scripted`]) unless the caller names its language.
    pub fn prepare_dir(
        dir: &Path,
        language: Option<Language>,
        entrypoint: Option<&str>,
        runner: &Runner,
        cache: &Cache,
    ) -> Result<Program, PrepareError> {
        if language.is_none() && is_scripted(dir) {
            return Program::prepare_scripted(dir, runner, cache);
        }
        let files = files_of_folder(dir);
        let Some(language) = language.or_else(|| Language::of_files(&files)) else {
            return Err(PrepareError::judge(format!(
                "{}: no sources in the directory in a language stonejudge runs",
                dir.display()
            )));
        };
        let sources: Vec<PathBuf> = files
            .into_iter()
            .filter(|f| is_source_of(language, f))
            .collect();
        let named =
            |f: &&PathBuf| entrypoint.is_some_and(|e| f.file_name().is_some_and(|n| n == e));
        let holds_main =
            |f: &&PathBuf| std::fs::read_to_string(f).is_ok_and(|text| language.holds_main(&text));
        let main = sources
            .iter()
            .find(named)
            .or_else(|| sources.iter().find(|f| language.is_main_file(f)))
            .or_else(|| sources.iter().find(holds_main))
            .or(sources.first())
            .cloned()
            .ok_or_else(|| PrepareError::judge(format!("{}: no sources", dir.display())))?;
        // A file name is not a class name: only the JVM's entry point is passed on.
        let class = entrypoint.filter(|e| {
            !sources
                .iter()
                .any(|f| f.file_name().is_some_and(|n| n == *e))
        });
        let names_classes = matches!(language.row().toolchain, Toolchain::Jvm { .. });
        if let Some(missing) = class.filter(|_| !names_classes) {
            return Err(PrepareError::judge(format!(
                "{}: entry point {missing}: no such {} source in the directory",
                dir.display(),
                language.row().name
            )));
        }
        let built = cache.build_all(runner, language, &sources, &main, class, &[dir.to_owned()])?;
        let mut invocation = built.invocation(&[]);
        if language.interpreted() {
            // The interpreter reads the whole directory (its modules), confined or not.
            invocation.reads.push(absolute(dir)?);
        }
        Ok(Program {
            invocation,
            given: dir.to_owned(),
            language: Some(language),
        })
    }
}

/// The files of the folder program `dir`, at any depth, in name order. A link is followed, to
/// a file or a folder: a package may link a file of one submission into another's folder
/// (links out of a package are refused where it is read).
pub fn files_of_folder(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .collect();
    files.sort();
    files
}

/// Whether `file` is a source of `language`: by its ending, a `.py` file for any Python and a
/// `.sh` file for either shell ([`Language::shares_sources_with`]).
fn is_source_of(language: Language, file: &Path) -> bool {
    Language::of(file).is_some_and(|found| language.shares_sources_with(found))
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
                 extension: {}), and not an executable either",
                extension.to_string_lossy(),
                super::language::extensions()
            ),
            None => format!("cannot run {shown}: it is not executable (chmod +x {shown})"),
        }));
    }
    if image::format(&path) == ImageFormat::Unknown {
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
