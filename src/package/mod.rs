//! Kattis / ICPC problem packages as they are: a folder holding `problem.yaml`, in the legacy
//! format or in 2023-07, judged and verified without converting it.
//!
//! What is read, and where:
//!
//! - [`config`]: `problem.yaml` (format version, type, limits, the time multipliers,
//!   `validator_flags`) and each group's `testdata.yaml`;
//! - [`data`]: `data/sample`, `data/secret` and nested groups, and how a group's verdict is
//!   made of its tests';
//! - [`validators`]: input validators (exit 42), the output validator as a `judge::Checker`
//!   (the Kattis protocol), or the default validator with the package's flags;
//! - [`submissions`]: `submissions/<folder>/` (single files and directories), the verdict
//!   each folder promises, and the time limit derived from the accepted ones as problemtools
//!   derives it.
//!
//! Programs (validators, submissions) run through [`crate::run`]: C, C++, Rust and Python are
//! compiled once into the cache; other languages are reported as unsupported. In an
//! interactive package the output validator is the interactor: each submission plays against
//! it ([`crate::judge::interactive`], problemtools' rules). Multi-pass and submit-answer
//! packages are recognised and reported as not supported yet ([`Package::unsupported`]):
//! that is where support for them plugs in.

pub mod config;
pub mod data;
pub mod submissions;
pub mod validators;

use std::path::{Path, PathBuf};

use crate::run::{Cache, Language, PrepareError, Program, Runner};
use crate::within;
use config::{FormatVersion, ProblemConfig};
use data::Group;

/// Something wrong with a package's files: the message names the file (and the line and
/// column when it is a YAML error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PackageError(pub String);

/// The file that makes a folder a package.
pub const PROBLEM_YAML: &str = "problem.yaml";

/// A package on disk, its `problem.yaml` read.
#[derive(Debug, Clone)]
pub struct Package {
    pub root: PathBuf,
    pub config: ProblemConfig,
}

/// Whether `dir` is a package (holds `problem.yaml`).
pub fn is_package(dir: &Path) -> bool {
    dir.join(PROBLEM_YAML).is_file()
}

impl Package {
    /// Reads the package at `root`.
    pub fn load(root: &Path) -> Result<Package, PackageError> {
        within::inside(root, &root.join(PROBLEM_YAML)).map_err(PackageError)?;
        let config = config::load_problem(&root.join(PROBLEM_YAML))?;
        Ok(Package {
            root: root.to_owned(),
            config,
        })
    }

    /// Its name: the folder's.
    pub fn name(&self) -> String {
        let absolute = std::path::absolute(&self.root).unwrap_or_else(|_| self.root.clone());
        absolute.file_name().map_or_else(
            || self.root.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// Why stonejudge cannot judge this package yet, if it cannot: multi-pass and
    /// submit-answer problems.
    pub fn unsupported(&self) -> Option<String> {
        let kind = ["multi-pass", "submit-answer"]
            .into_iter()
            .find(|k| self.config.is(k))?;
        Some(format!(
            "{}: {kind} problems are not supported yet",
            self.root.join(PROBLEM_YAML).display()
        ))
    }

    /// Whether its output validator talks to the submission as an interactor (`type:
    /// interactive`, or legacy `validation: custom interactive`).
    pub fn is_interactive(&self) -> bool {
        self.config.is("interactive")
    }

    /// Whether it is a scoring problem (`type: scoring`).
    pub fn is_scoring(&self) -> bool {
        self.config.is("scoring")
    }

    /// Its test data.
    pub fn data(&self) -> Result<Group, PackageError> {
        Group::load(&self.root, &self.config)
    }

    /// Its input validators, in name order.
    pub fn input_validators(&self) -> Result<Vec<PackageProgram>, PackageError> {
        let mut all = Vec::new();
        for dir in ["input_format_validators", "input_validators"] {
            all.extend(programs_in(&self.root, &self.root.join(dir), true)?);
        }
        Ok(all)
    }

    /// Its own output validator, or `None` when the default validator judges (legacy:
    /// unless `validation: custom`; 2023-07: unless `output_validator/` holds a program). An
    /// interactive package must have one: it is the interactor.
    pub fn output_validator(&self) -> Result<Option<PackageProgram>, PackageError> {
        let dir = self.root.join(self.config.version.output_validator_dir());
        let found = programs_in(&self.root, &dir, false)?.into_iter().next();
        if self.is_interactive() && found.is_none() {
            return Err(PackageError(format!(
                "{}: an interactive problem, but {} holds no program (the interactor)",
                self.root.join(PROBLEM_YAML).display(),
                dir.display()
            )));
        }
        match (self.config.version, self.config.custom_validation, found) {
            (FormatVersion::Legacy, false, _) => Ok(None),
            (FormatVersion::Legacy, true, None) => Err(PackageError(format!(
                "{}: validation: custom, but {} holds no program",
                self.root.join(PROBLEM_YAML).display(),
                dir.display()
            ))),
            (_, _, found) => Ok(found),
        }
    }
}

/// A program of a package: a source file, a directory of sources, a checktestdata script, or
/// something in a language stonejudge does not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageProgram {
    pub path: PathBuf,
    pub kind: ProgramKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramKind {
    /// A C, C++, Rust or Python source file.
    File,
    /// A directory of sources (compiled together, `main.*` the entry point).
    Directory,
    /// A checktestdata script (`.ctd`), for input validation.
    Checktestdata,
    /// A language that stonejudge does not compile or run (named).
    Unsupported(String),
}

impl PackageProgram {
    /// Compiles it (through the cache) and makes it ready to run.
    pub fn prepare(&self, runner: &Runner, cache: &Cache) -> Result<Program, PrepareError> {
        match &self.kind {
            ProgramKind::File => Program::prepare(&self.path, &[], runner, cache),
            ProgramKind::Directory => Program::prepare_dir(&self.path, runner, cache),
            ProgramKind::Checktestdata | ProgramKind::Unsupported(_) => {
                Err(PrepareError::judge(self.unsupported_reason()))
            }
        }
    }

    /// Why it cannot be prepared as a program (a script or an unsupported language).
    pub fn unsupported_reason(&self) -> String {
        match &self.kind {
            ProgramKind::Unsupported(language) => format!(
                "{}: {language} is not supported (stonejudge runs C, C++, Rust and Python)",
                self.path.display()
            ),
            _ => format!("{}: not a program", self.path.display()),
        }
    }
}

/// Languages problemtools knows and stonejudge does not run, by extension.
const UNSUPPORTED: [(&str, &str); 22] = [
    ("java", "Java"),
    ("kt", "Kotlin"),
    ("cs", "C#"),
    ("go", "Go"),
    ("js", "JavaScript"),
    ("ts", "TypeScript"),
    ("rb", "Ruby"),
    ("hs", "Haskell"),
    ("ml", "OCaml"),
    ("pas", "Pascal"),
    ("scala", "Scala"),
    ("swift", "Swift"),
    ("php", "PHP"),
    ("pl", "Perl"),
    ("lua", "Lua"),
    ("f90", "Fortran"),
    ("lisp", "Common Lisp"),
    ("pro", "Prolog"),
    ("sh", "Bash"),
    ("viva", "VIVA"),
    ("py2", "Python 2"),
    ("c++", "C++ (extension .c++)"),
];

/// The language named for an extension stonejudge does not run, if it is one.
fn unsupported_language(path: &Path) -> Option<String> {
    let extension = path.extension()?.to_str()?;
    let extension = extension.to_ascii_lowercase();
    UNSUPPORTED
        .iter()
        .find(|(e, _)| *e == extension)
        .map(|(_, name)| name.to_string())
}

/// The programs in `dir` of the package at `root`, in name order: files in a known language
/// and directories holding some (`.ctd` scripts too when `scripts`). Other files are not
/// programs and are passed over, as problemtools does. A missing `dir` has none. A program, or
/// a file of a program's directory, that links out of the package is refused
/// ([`crate::within`]).
pub fn programs_in(
    root: &Path,
    dir: &Path,
    scripts: bool,
) -> Result<Vec<PackageProgram>, PackageError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    within::inside(root, dir).map_err(PackageError)?;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| PackageError(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in &entries {
        for file in walkdir::WalkDir::new(entry)
            .into_iter()
            .filter_map(Result::ok)
        {
            within::inside(root, file.path()).map_err(PackageError)?;
        }
    }
    Ok(entries
        .into_iter()
        .filter_map(|path| {
            let kind = if path.is_dir() {
                directory_kind(&path)?
            } else if scripts && path.extension().is_some_and(|e| e == "ctd") {
                ProgramKind::Checktestdata
            } else if Language::of(&path).is_some() {
                ProgramKind::File
            } else {
                ProgramKind::Unsupported(unsupported_language(&path)?)
            };
            Some(PackageProgram { path, kind })
        })
        .collect())
}

/// A directory is a program in a language we run, or in one we name, or not a program.
fn directory_kind(dir: &Path) -> Option<ProgramKind> {
    let files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .collect();
    if Language::of_files(&files).is_some() {
        return Some(ProgramKind::Directory);
    }
    files
        .iter()
        .find_map(|f| unsupported_language(f))
        .map(ProgramKind::Unsupported)
}
