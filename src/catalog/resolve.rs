//! Finding a problem by name: the one lookup every command makes, and the place where kinds of
//! problem plug in.
//!
//! [`resolve`] turns a PROBLEM argument and the archive it is looked up in (`--root`) into a
//! [`Resolved`] problem, which says where the problem lives and what its tools are:
//!
//! - a path (`./x`, `dir/x`: anything with a `/`, or starting with `.`), or the name of a
//!   folder beside the command that holds a problem in a format stonejudge reads (when the
//!   archive has no `problems/<NAME>`: [`names_a_folder`]), names a problem folder directly;
//!   a package of another format (which format a folder is in is told by
//!   [`crate::formats::detect`], the one rule) is read into the model by its reader
//!   (`crate::readers::resolve`, [`Resolved::read`]), never here;
//! - otherwise `problems/<NAME>` under the archive, when that folder exists, wins;
//! - otherwise NAME is a problem of the catalog;
//! - otherwise, when NAME is a folder beside the command, it is read as one, so that the
//!   error says what the folder lacks rather than that no problem has that name.
//!
//! A folder is a problem of the catalog when its `problem.toml` has no kind's table and the
//! folder is named after a catalog problem ([`Kind::Catalog`]), a program-backed problem
//! when it has `[programs]` ([`Kind::Programs`]), or a game made from its declaration when it
//! has `[game]` ([`Kind::Declared`], whatever the folder's name); anything else is an error
//! that says which folder. Commands ask the [`Resolved`] problem, never a path of their own making, for
//!
//! - its tests ([`Resolved::tests`]) and their limits ([`Resolved::limits`]): the tests are in
//!   `testdata/<name>/` of the archive (of the folder itself when it is not in an archive's
//!   `problems/`), the limits in the `[limits]` of its `problem.toml`;
//! - its tools ([`Resolved::tools`]: generator, validator, reference, brute force, checker);
//! - its files ([`Resolved::manifest`], [`Resolved::dir`]).
//!
//! A problem compiled into stonejudge, or declared with `format = "play"`, may also be
//! interactive ([`Kind::Interactive`]): its program plays against a built-in judge
//! ([`Resolved::judging`]). A new kind is a new [`Kind`], a rule in [`resolve`] that
//! recognises it, and an arm in each method below; the compiler lists every place that must
//! learn about it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::declared::{self, Declared};
use super::tools::Tools;
use super::{find, find_interactive, names, DynProblem, Handle, Interactive, Registered};
use crate::declared::Plays;
use crate::dialog::Referee;
use crate::formats::detect::{detect, Detected};
use crate::formats::manifest::{
    Manifest, ManifestError, ProblemKind, ProgramsSection, MANIFEST_FILE,
};
use crate::formats::{run_limits, tests_in, LimitFlags};
use crate::judge::{Judging, Test};
use crate::model::Problem;
use crate::programs::ProgramTools;
use crate::run::{Cache, Limits, Runner};

/// A problem found by name: what kind it is, and where its files are.
#[derive(Clone)]
pub struct Resolved {
    name: String,
    kind: Kind,
    /// The problem folder (`problems/<name>` of the archive). A catalog problem needs no
    /// files to exist: its manifest and tests are used when they are there.
    dir: PathBuf,
    /// Where its test data is: `testdata/<name>` of the archive.
    testdata: PathBuf,
}

/// What a problem is, and so what generates, solves and judges it.
#[derive(Clone)]
enum Kind {
    /// Compiled into stonejudge: every tool runs in-process.
    Catalog(&'static dyn DynProblem),
    /// A folder whose `problem.toml` has a `[game]` table: made from the declaration
    /// ([`crate::declared`]), every tool in-process like the catalog's.
    Declared(Arc<dyn DynProblem + Send>),
    /// A folder whose `problem.toml` names programs.
    Programs(Box<ProgramsSection>),
    /// Compiled into stonejudge and interactive: the program plays against the built-in judge;
    /// its test inputs (setups and the judge's seed) have every in-process tool.
    Interactive(Playing),
    /// A package of another format (Kattis, sinol-make, Polygon), read into the model by its
    /// format's reader ([`crate::readers`]): the model says every fact the machinery needs,
    /// and the package is judged, validated and verified from it alone, with no [`Tools`].
    Read(Box<Problem>),
}

/// An interactive problem with a built-in judge: one compiled into stonejudge, or a declared
/// game of format `play`, owned by value.
#[derive(Clone)]
enum Playing {
    Compiled(Interactive),
    Declared(Arc<Registered<Plays>>),
}

impl Playing {
    /// The in-process tools of its test inputs.
    fn problem(&self) -> Handle {
        match self {
            Playing::Compiled(interactive) => Handle::Compiled(interactive.problem),
            Playing::Declared(played) => Handle::Declared(played.clone()),
        }
    }

    /// Its built-in judge.
    fn referee(&self) -> &dyn Referee {
        match self {
            Playing::Compiled(interactive) => interactive.referee,
            Playing::Declared(played) => played.as_ref(),
        }
    }
}

/// A PROBLEM argument that names no problem, or a folder that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    #[error("unknown problem {name:?}; the problems are: {} (or a folder problems/<NAME> under --root, or a path to a problem folder)", names().join(", "))]
    Unknown { name: String },
    #[error("{}: not a problem: {why}", dir.display())]
    NotAProblem { dir: PathBuf, why: String },
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// A folder of a format the commands that resolve a problem do not take yet.
    #[error("{}: not supported: {why}", dir.display())]
    NotSupported { dir: PathBuf, why: String },
}

/// The problem called `name` (or at the path `name`), looked up in the archive at `root`.
pub fn resolve(name: &str, root: &Path) -> Result<Resolved, ResolveError> {
    if names_a_folder(name, root) {
        return folder(Path::new(name));
    }
    let dir = root.join("problems").join(name);
    if dir.is_dir() {
        let testdata = root.join("testdata").join(name);
        return in_folder(name, dir, testdata);
    }
    match compiled(name) {
        Some(kind) => Ok(Resolved {
            name: name.to_string(),
            kind,
            dir,
            testdata: root.join("testdata").join(name),
        }),
        None if Path::new(name).is_dir() => folder(Path::new(name)),
        None => Err(ResolveError::Unknown {
            name: name.to_string(),
        }),
    }
}

/// Whether the PROBLEM argument `name`, looked up in the archive at `root`, names a folder
/// rather than a problem by name: a path (`./x`, `dir/x`), or the name of a folder beside the
/// command that holds a problem in a format stonejudge reads, unless the archive has a
/// `problems/<name>`. A package given by its folder's name (`judge sum`, run beside `sum/`)
/// is that package, before any problem of the catalog with the same name, as `verify` takes
/// it.
pub fn names_a_folder(name: &str, root: &Path) -> bool {
    let written_as_path = name.contains('/') || name.starts_with('.');
    written_as_path
        || (!root.join("problems").join(name).is_dir() && detect(Path::new(name)).is_some())
}

/// The problem compiled into stonejudge under `name`, batch or interactive.
fn compiled(name: &str) -> Option<Kind> {
    match (find(name), find_interactive(name)) {
        (Some(problem), _) => Some(Kind::Catalog(problem)),
        (None, Some(interactive)) => Some(Kind::Interactive(Playing::Compiled(interactive))),
        (None, None) => None,
    }
}

/// The problem in the folder at `path`. Its tests are in the archive's `testdata/<name>` when
/// the folder is in an archive's `problems/`, else in the folder's own `testdata/`.
pub fn folder(path: &Path) -> Result<Resolved, ResolveError> {
    let not_a_problem = |why: &str| ResolveError::NotAProblem {
        dir: path.to_owned(),
        why: why.to_string(),
    };
    if !path.is_dir() {
        return Err(not_a_problem("no such folder"));
    }
    // Which format the folder is in is told in one place (`crate::formats::detect::FORMATS`).
    // A package of another format is read into the model by its reader
    // (`crate::readers::resolve`), not here.
    if let Some(format) = detect(path).filter(|f| *f != Detected::Ours) {
        return Err(ResolveError::NotSupported {
            dir: path.to_owned(),
            why: format!("a {format:?} package is read by its reader (`readers::resolve`), not resolved here"),
        });
    }
    let absolute = std::path::absolute(path).map_err(|e| not_a_problem(&e.to_string()))?;
    let absolute: PathBuf = absolute.components().collect();
    let name = absolute
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| not_a_problem("a problem folder has a name"))?;
    if !path.join(MANIFEST_FILE).is_file() {
        return Err(not_a_problem(&format!("it has no {MANIFEST_FILE}")));
    }
    let parent = absolute.parent();
    let testdata = match parent.filter(|p| p.file_name().is_some_and(|n| n == "problems")) {
        Some(problems) => problems
            .parent()
            .unwrap_or(Path::new("/"))
            .join("testdata")
            .join(&name),
        None => path.join("testdata"),
    };
    in_folder(&name, path.to_owned(), testdata)
}

/// The problem `name` whose folder is `dir`, told apart by its manifest.
fn in_folder(name: &str, dir: PathBuf, testdata: PathBuf) -> Result<Resolved, ResolveError> {
    let kind = match (Manifest::load(&dir), compiled(name)) {
        (Ok(manifest), catalog) => match (&manifest.kind, catalog) {
            (ProblemKind::Programs(programs), _) => Kind::Programs(programs.clone()),
            (ProblemKind::Game(table), _) => match declared::from_table(name, &manifest, table)? {
                Declared::Batch(problem) => Kind::Declared(problem),
                Declared::Interactive(played) => Kind::Interactive(Playing::Declared(played)),
            },
            (ProblemKind::Catalog, Some(kind)) => kind,
            (ProblemKind::Catalog, None) => {
                return Err(ResolveError::NotAProblem {
                    dir,
                    why: format!(
                        "{name} is not a problem of the catalog, and its {MANIFEST_FILE} has no \
                         [programs] or [game] table"
                    ),
                })
            }
        },
        // A catalog problem's manifest is read again, and its error reported, by whatever
        // needs it; a folder of another name has no kind without one.
        (Err(_), Some(kind)) => kind,
        (Err(e), None) => return Err(e.into()),
    };
    Ok(Resolved {
        name: name.to_string(),
        kind,
        dir,
        testdata,
    })
}

/// Every problem folder under `problems/` of the archive at `root`, by name, each resolved
/// (or why it is not a problem).
pub fn all(root: &Path) -> Result<Vec<Result<Resolved, ResolveError>>, String> {
    let dir = root.join("problems");
    let entries =
        std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    Ok(names.iter().map(|name| resolve(name, root)).collect())
}

impl Resolved {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The problem whose tools run in-process (one of the catalog, or made from a declared
    /// game), if it is one (for an interactive problem: the tools of its test inputs, whose
    /// reference says who wins each game).
    pub fn catalog(&self) -> Option<Handle> {
        match &self.kind {
            Kind::Catalog(problem) => Some(Handle::Compiled(*problem)),
            Kind::Declared(problem) => Some(Handle::Declared(problem.clone())),
            Kind::Interactive(interactive) => Some(interactive.problem()),
            Kind::Programs(_) | Kind::Read(_) => None,
        }
    }

    /// How a program is judged on this problem's tests, given its `tools`: its output by their
    /// checker, or its conversation with the built-in judge of an interactive problem, or with
    /// the interactor program of a program-backed one. (A package has no tools; it is judged
    /// over its model.)
    pub fn judging<'a>(&'a self, tools: &'a Tools<'a>) -> Judging<'a> {
        match &self.kind {
            Kind::Interactive(interactive) => Judging::Interactive(interactive.referee()),
            Kind::Programs(_) => tools.judging(),
            Kind::Catalog(_) | Kind::Declared(_) | Kind::Read(_) => {
                Judging::Output(tools.checker())
            }
        }
    }

    /// The built-in judge of an interactive problem.
    pub fn referee(&self) -> Option<&dyn Referee> {
        match &self.kind {
            Kind::Interactive(interactive) => Some(interactive.referee()),
            Kind::Catalog(_) | Kind::Declared(_) | Kind::Programs(_) | Kind::Read(_) => None,
        }
    }

    /// A package read into the model (`Kind::Read`), its model.
    pub fn read(problem: Problem) -> Resolved {
        Resolved {
            name: problem.name.clone(),
            dir: problem.root.clone(),
            testdata: problem.root.clone(),
            kind: Kind::Read(Box::new(problem)),
        }
    }

    /// The model, when the problem is a package read into it (`Kind::Read`).
    pub fn model(&self) -> Option<&Problem> {
        match &self.kind {
            Kind::Read(problem) => Some(problem),
            Kind::Catalog(_) | Kind::Declared(_) | Kind::Programs(_) | Kind::Interactive(_) => None,
        }
    }

    /// Whether the problem's programs are its package's own (a package read into the model),
    /// not stonejudge's prepared tools.
    pub fn is_package(&self) -> bool {
        self.model().is_some()
    }

    /// Whether the program plays against a judge instead of writing an output (a built-in
    /// judge, or an interactor: an interactive package's, or a program-backed problem's).
    pub fn is_interactive(&self) -> bool {
        match &self.kind {
            Kind::Interactive(_) => true,
            Kind::Programs(programs) => programs.interactor.is_some(),
            Kind::Read(problem) => problem.programs.interactor.is_some(),
            Kind::Catalog(_) | Kind::Declared(_) => false,
        }
    }

    /// Its tools. A program-backed problem's programs must exist, and are prepared (compiled)
    /// when first used; an error names the program and its line in `problem.toml`.
    pub fn tools<'a>(&self, runner: &'a Runner, cache: &'a Cache) -> Result<Tools<'a>, String> {
        match &self.kind {
            Kind::Catalog(problem) => Ok(Tools::InProcess(Handle::Compiled(*problem))),
            Kind::Declared(problem) => Ok(Tools::InProcess(Handle::Declared(problem.clone()))),
            Kind::Interactive(interactive) => Ok(Tools::InProcess(interactive.problem())),
            Kind::Programs(programs) => {
                let manifest = self.dir.join(MANIFEST_FILE);
                ProgramTools::prepare(programs, &manifest, runner, cache)
                    .map(|tools| Tools::Programs(Box::new(tools)))
            }
            Kind::Read(problem) => Err(format!(
                "{} is a {} package: its programs are its own, and it is judged through them \
                 (judge, validate, verify and testdata work on it)",
                problem.root.display(),
                problem.format.name()
            )),
        }
    }

    /// The problem folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Its manifest, `problem.toml` in its folder.
    pub fn manifest(&self) -> Result<Manifest, ManifestError> {
        let format = match &self.kind {
            Kind::Read(problem) => Some(format!(
                "a {} package has its own descriptor",
                problem.format.name()
            )),
            _ => None,
        };
        if let Some(format) = format {
            return Err(ManifestError::Unreadable {
                path: self.dir.join(MANIFEST_FILE),
                message: format!("{format}, not {MANIFEST_FILE}"),
            });
        }
        Manifest::load(&self.dir)
    }

    /// Where its test data is written: `testdata/<name>/`.
    pub fn testdata_dir(&self) -> PathBuf {
        self.testdata.clone()
    }

    /// Its tests, in order (a package's: every group's, named by their path under `data/`).
    pub fn tests(&self) -> Result<Vec<Test>, String> {
        match &self.kind {
            Kind::Read(problem) => (problem.judged_cases()).map(Test::of_case).collect(),
            Kind::Catalog(_) | Kind::Declared(_) | Kind::Programs(_) | Kind::Interactive(_) => {
                tests_in(&self.testdata)
            }
        }
    }

    /// The limits its tests run under: each flag given, else the `[limits]` of its manifest
    /// when there is one, else the defaults. A manifest that exists but does not load is an
    /// error, never silently the defaults. A package's are its model's, for the jury's
    /// programs: a time limit derived from its submissions (`crate::judging::time_limit`) is
    /// not derived here, and the default stands for it.
    pub fn limits(&self, flags: LimitFlags) -> Result<Limits, ManifestError> {
        if let Kind::Read(problem) = &self.kind {
            // The problem's own limits, for the commands that run the jury's programs.
            let time = (flags.time.or(problem.limits.time.given()))
                .unwrap_or(crate::formats::DEFAULT_TIME_LIMIT);
            let memory =
                (flags.memory_mib.map(|mib| mib << 20)).unwrap_or(problem.limits.memory_kib << 10);
            return Ok(Limits::new(time, memory));
        }
        let manifest = match self.dir.join(MANIFEST_FILE).is_file() {
            true => Some(self.manifest()?),
            false => None,
        };
        Ok(run_limits(manifest.as_ref().map(|m| &m.limits), flags))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_to_catalog_problems_in_the_archive_given() {
        let nim = resolve("nim", Path::new("/some/archive")).expect("nim is known");
        assert_eq!(nim.name(), "nim");
        assert_eq!(nim.testdata_dir(), Path::new("/some/archive/testdata/nim"));
        let unknown = resolve("nimm", Path::new(".")).err().expect("unknown");
        assert!(
            unknown
                .to_string()
                .starts_with("unknown problem \"nimm\"; the problems are: stripes, nim,"),
            "{unknown}"
        );
        // This crate's own archive declares games: their folders resolve to in-process tools.
        let declared = resolve("take-1-3-4", Path::new(".")).expect("declared");
        assert!(declared.catalog().is_some() && find(declared.name()).is_none());
    }

    #[test]
    fn without_a_manifest_the_limits_are_the_defaults() {
        let nim = resolve("nim", Path::new("/nonexistent")).expect("nim is known");
        let limits = nim
            .limits(LimitFlags::default())
            .expect("no manifest is fine");
        assert_eq!(limits.cpu, crate::formats::DEFAULT_TIME_LIMIT);
    }

    #[test]
    fn folders_win_over_the_catalog_and_paths_name_folders() {
        let root = tempfile::tempdir().expect("tempdir");
        let dir = root.path().join("problems").join("odd");
        std::fs::create_dir_all(&dir).expect("mkdir");
        let error = resolve("odd", root.path()).err().expect("no manifest");
        assert!(error.to_string().contains("problem.toml"), "{error}");
        std::fs::write(
            dir.join(MANIFEST_FILE),
            "title = \"Odd\"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 64\n[[sample]]\n\
             input = \"1\\n\"\n[[group]]\nname = \"g\"\ncount = 1\nseed = 1\n",
        )
        .expect("write");
        let error = resolve("odd", root.path()).err().expect("no kind");
        assert!(
            error.to_string().contains("no [programs] or [game] table"),
            "{error}"
        );
        let by_path = resolve(&format!("{}", dir.display()), Path::new("/elsewhere"));
        assert!(by_path
            .err()
            .expect("no kind")
            .to_string()
            .contains("[programs]"));
        let nim_dir = root.path().join("problems").join("nim");
        std::fs::create_dir_all(&nim_dir).expect("mkdir");
        let nim = resolve("nim", root.path()).expect("a catalog folder");
        assert_eq!(nim.dir(), nim_dir);
        assert!(nim.catalog().is_some());
        let all = all(root.path()).expect("lists");
        assert_eq!(all.len(), 2);
        assert!(all[0].is_ok() && all[1].is_err());
    }
}
