//! Export formats: a problem of the archive written as another system's package, one writer
//! per format.
//!
//! The writers read only the model of a problem ([`crate::model::Problem`]) and the files it
//! points to, whatever format it came from: [`export`] makes the problem's tests in a scratch
//! folder (ours from its plan, so that a package does not depend on the state of
//! `testdata/`; a package the way its format makes them, [`crate::judging::with_tests_made`]),
//! reads the problem with them ([`crate::readers`]), and hands the model to the writer. What the
//! target format cannot say is refused (exit 2) before anything is written.

pub mod kattis;
mod latex;
pub mod sinol;

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use super::{build, testdata};
use crate::catalog::Resolved;
use crate::judging::with_tests_made;
use crate::model::Problem;
use crate::readers;
use crate::run::{Cache, Runner, ScratchDir};

/// A package format that `export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// The ICPC problem package: a pass-fail problem in its legacy version, as Kattis
    /// problemtools reads it; a scored one as a 2025-09 scoring package.
    Kattis,
    /// A sinol-make package (POI, sio2/oioioi).
    Sinol,
}

impl FromStr for ExportFormat {
    type Err = String;

    fn from_str(text: &str) -> Result<ExportFormat, String> {
        match text {
            "kattis" => Ok(ExportFormat::Kattis),
            "sinol" => Ok(ExportFormat::Sinol),
            _ => Err(format!(
                "unknown format {text:?}; the formats are: kattis, sinol"
            )),
        }
    }
}

/// What an export wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Exported {
    /// Files written, relative to the package root.
    pub files: Vec<PathBuf>,
    /// Files of the archive left out of the package, and why.
    pub left_out: Vec<(PathBuf, String)>,
    /// What the package lacks that its format requires and the problem does not have (a
    /// Kattis package's input validator): written all the same, said to be added.
    pub notes: Vec<String>,
}

/// What an export is told besides the problem, the format and the folder.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExportOptions<'a> {
    /// Tests made this many at a time.
    pub jobs: usize,
    /// A sinol-make package's task id, else made from the problem's name.
    pub task_id: Option<&'a str>,
    /// The time limit the package gets instead of the problem's own (`--time-limit`): a
    /// Kattis package's derived limit has no value a fixed-limit format could write.
    pub time_limit: Option<Duration>,
}

/// Writes `problem` as a package in `format` into `out` (created if needed; it must be empty
/// or absent, so that nothing stale is mixed in; it appears whole, or not at all), its tests
/// made first with `runner`'s programs built in `cache`.
pub fn export(
    problem: &Resolved,
    (runner, cache): (&Runner, &Cache),
    format: ExportFormat,
    out: &Path,
    options: ExportOptions<'_>,
) -> Result<Exported, String> {
    let ExportOptions {
        jobs,
        task_id,
        time_limit,
    } = options;
    if out.exists() {
        let mut entries =
            std::fs::read_dir(out).map_err(|e| format!("cannot read {}: {e}", out.display()))?;
        if entries.next().is_some() {
            return Err(format!(
                "{} is not empty: export writes a whole package into a new or empty directory",
                out.display()
            ));
        }
    }
    // The tests live in scratch folders as long as these: ours built from its plan, a
    // package's made as its format makes them.
    let (tests, made);
    let mut model: Problem = if problem.is_package() {
        made = with_tests_made(problem.clone(), runner, cache, jobs).map_err(|e| e.message)?;
        readers::read_resolved(&made.problem).map_err(|e| e.to_string())?
    } else {
        let tools = problem.tools(runner, cache)?;
        let manifest = problem.manifest().map_err(|e| e.to_string())?;
        let built = build(&tools, &manifest, jobs).map_err(|e| e.to_string())?;
        tests = ScratchDir::new("export")?;
        testdata::write(tests.path(), &built)
            .map_err(|e| format!("cannot write {}: {e}", tests.path().display()))?;
        readers::ours::read(problem, tests.path()).map_err(|e| e.to_string())?
    };
    if let Some(limit) = time_limit {
        model.limits.time = model.limits.time.given_as(limit);
    }
    if !model.unsupported.is_empty() {
        return Err(format!(
            "{}: not supported: {}",
            model.name,
            model.unsupported.join("; ")
        ));
    }
    // Written beside `out` and renamed into place whole: a package is never half there, even
    // when the writer fails or the judge is interrupted.
    let parent = match out.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(parent)
        .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    let scratch = |what: &str| ScratchDir::within(parent, &format!(".{name}.{what}"));
    let staging = scratch("export")?;
    let exported = match format {
        ExportFormat::Kattis => kattis::write(&model, staging.path()),
        ExportFormat::Sinol => {
            let id = task_id.map_or_else(|| sinol::task_id(&model.name), str::to_string);
            sinol::write(&model, staging.path(), &id)
        }
    }?;
    let retired = || scratch("old").map_err(std::io::Error::other);
    testdata::swap_in(staging.path(), out, retired)
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(exported)
}

/// The arguments every judged test gives the checker (or interactor) besides the problem's own:
/// its group's `output_validator_args`, or its own. Both writers give every test the same
/// ones (sinol-make's checker gets none; the Kattis package is written with one list), so a
/// problem whose tests differ is refused, naming two tests that differ: judged with the
/// arguments of neither, its answers would be judged wrongly.
fn uniform_output_args(problem: &Problem) -> Result<Vec<String>, String> {
    let mut first: Option<(&str, &[String])> = None;
    for case in problem.judged_cases() {
        let args = problem.output_validator_args(case);
        match first {
            None => first = Some((&case.name, args)),
            Some((_, seen)) if seen == args => {}
            Some((name, seen)) => {
                return Err(format!(
                    "its tests give the checker different arguments ({seen:?} to test {name}, \
                     {args:?} to test {})",
                    case.name
                ))
            }
        }
    }
    Ok(first.map_or_else(Vec::new, |(_, args)| args.to_vec()))
}

/// A package being written by one of the writers: its folder, and what has been written into
/// it (each writer adds the methods its format needs).
struct Package<'a> {
    root: &'a Path,
    exported: Exported,
}

impl Package<'_> {
    /// Writes `contents` to `relative` inside the package, making its folders.
    fn file(&mut self, relative: &str, contents: &str) -> Result<(), String> {
        self.bytes(relative, contents.as_bytes())
    }

    /// Whether `relative` was written already.
    fn has(&self, relative: &str) -> bool {
        self.exported
            .files
            .iter()
            .any(|file| file == Path::new(relative))
    }

    /// Writes `contents` (text or not: a PDF statement) to `relative` inside the package,
    /// making its folders.
    fn bytes(&mut self, relative: &str, contents: &[u8]) -> Result<(), String> {
        let path = self.root.join(relative);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        std::fs::write(&path, contents)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        self.exported.files.push(PathBuf::from(relative));
        Ok(())
    }
}
