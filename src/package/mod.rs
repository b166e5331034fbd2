//! Kattis / ICPC problem packages as they are: a folder holding `problem.yaml`, in the legacy
//! format, 2023-07 or 2025-09, judged and verified without converting it.
//!
//! What is read, and where:
//!
//! - [`config`]: `problem.yaml` (format version, type, limits, the time multipliers,
//!   `validator_flags`; in 2025-09 every key of the specification) and each group's
//!   `testdata.yaml` / `test_group.yaml`; [`keys`]: the keys the 2025-09 specification knows,
//!   and warnings at `file:line:col` for the others;
//! - [`data`]: `data/sample`, `data/secret` and nested groups, and how a group's verdict is
//!   made of its tests'; the cases validators must reject (`invalid_input/`, …);
//! - here: its input, answer and output validators found (the program of each, and what kind
//!   of program it is); the limits they run under are `crate::readers::kattis`'s
//!   `validation_limits`, in the model;
//! - [`submissions`]: `submissions/<folder>/` (single files and directories), the verdict
//!   each folder promises, and which set the time limit (their runs, and the limit derived
//!   from them as problemtools derives it, are `crate::judging`'s); [`expectations`]: 2025-09's requirements of folders and
//!   `submissions.yaml`; [`sources`]: `include/` and constants added to a program before it
//!   is built; [`generators`]: `generators/generators.yaml`, how `data/` is made, read as
//!   `bt generate` reads it (run as it runs it by `crate::judging`, into a directory of
//!   stonejudge's choosing).
//!
//! Reading a package runs nothing. Its programs run elsewhere: validators by their protocol in
//! `crate::judge::kattis_validators` (the output validator as a `judge::Checker`, or the
//! default validator with the package's flags), in every language of [`crate::run::TABLE`]
//! whose tools are installed, compiled once into the cache by `crate::judging`'s one
//! builder (`build.rs`: its `include/` and constants added, as the model says); a language whose
//! tool is missing, or that stonejudge does not run, is reported as unsupported. In an
//! interactive package the output validator is the interactor: each submission plays against
//! it ([`crate::judge::interactive`], problemtools' rules); in a multi-pass package it writes
//! each next pass's input (`crate::judge::multipass`); a 2025-09 scoring package's submissions
//! are scored from the model (`crate::judging::card`), a legacy or 2023-07 one's graded as
//! `verifyproblem` grades them, group by group (`crate::judging::kattis_grading`).
//! Submit-answer packages (and every key stonejudge does not do) are recognised
//! and reported as not supported ([`Package::unsupported`]): that is where support for them
//! plugs in.

pub mod config;
pub mod data;
pub mod expectations;
pub mod generators;
pub mod keys;
pub mod sources;
pub mod submissions;

use std::path::{Path, PathBuf};

use crate::run::Language;
use crate::within;
use config::{FormatVersion, ProblemConfig};
use data::{Data, Group};
use expectations::SubmissionsYaml;

/// Something wrong with a package's files: the message names the file (and the line and
/// column when it is a YAML error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PackageError(pub String);

pub use crate::formats::detect::{is_package, PROBLEM_YAML};

/// A package on disk, its `problem.yaml` read (in 2025-09 its `data/` configuration and
/// `submissions.yaml` too, for what they say of support and unknown keys).
#[derive(Debug, Clone)]
pub struct Package {
    pub root: PathBuf,
    pub config: ProblemConfig,
    /// 2025-09 `submissions/submissions.yaml` (empty otherwise).
    pub submissions_yaml: SubmissionsYaml,
    /// `generators/generators.yaml`, when the package has one.
    pub generators: Option<generators::Generators>,
    /// Where its test data is: `data/`, or a directory its data was made into
    /// ([`Package::with_data`]).
    data: PathBuf,
    /// Keys the specification does not know, at `file:line:col`.
    pub warnings: Vec<String>,
    /// What the package asks for that stonejudge does not do (see [`Package::unsupported`]).
    unsupported: Vec<String>,
}

impl Package {
    /// Reads the package at `root`. A `data/` that does not read is reported when the data
    /// is asked for ([`Package::data`]), not here.
    pub fn load(root: &Path) -> Result<Package, PackageError> {
        within::inside(root, &root.join(PROBLEM_YAML)).map_err(PackageError)?;
        let config = config::load_problem(&root.join(PROBLEM_YAML))?;
        let mut package = Package {
            root: root.to_owned(),
            warnings: config.warnings.clone(),
            unsupported: config.unsupported.clone(),
            submissions_yaml: SubmissionsYaml::default(),
            generators: generators::load(root, &config)?,
            data: root.join("data"),
            config,
        };
        if let Some(found) = &package.generators {
            package.warnings.extend(found.warnings.iter().cloned());
            package
                .unsupported
                .extend(found.unsupported.iter().cloned());
        }
        if package.is_2025() {
            if let Ok(data) = Data::load(&package.data, &package.config) {
                package.warnings.extend(data.warnings);
                package.unsupported.extend(data.unsupported);
            }
            let path = root.join("submissions").join("submissions.yaml");
            let yaml = SubmissionsYaml::load(&path, &package.config)?;
            package.warnings.extend(yaml.warnings.iter().cloned());
            package.unsupported.extend(yaml.unsupported.iter().cloned());
            package.submissions_yaml = yaml;
        } else if let Ok(data) = Data::load(&package.data, &package.config) {
            // The older formats' groups: what they ask that stonejudge does not do
            // (a grader flag, a 2023-07 draft's grading map, `.files`).
            package.unsupported.extend(data.unsupported);
        }
        Ok(package)
    }

    /// The warnings of reading it (keys the specification does not know), or, under
    /// `strict` (`--strict`), an error when there are any.
    pub fn warnings(&self, strict: bool) -> Result<&[String], PackageError> {
        match strict && !self.warnings.is_empty() {
            true => Err(PackageError(format!(
                "{} (--strict makes unknown keys errors)",
                self.warnings.join("\n")
            ))),
            false => Ok(&self.warnings),
        }
    }

    /// Its name: the folder's.
    pub fn name(&self) -> String {
        let absolute = std::path::absolute(&self.root).unwrap_or_else(|_| self.root.clone());
        absolute.file_name().map_or_else(
            || self.root.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// Why stonejudge cannot judge this package, if it cannot: submit-answer problems, and in 2025-09 every key (and value) it does not do, each named.
    pub fn unsupported(&self) -> Option<String> {
        if !self.unsupported.is_empty() {
            return Some(self.unsupported.join("; "));
        }
        self.config.is("submit-answer").then(|| {
            format!(
                "{}: submit-answer problems are not supported yet",
                self.root.join(PROBLEM_YAML).display()
            )
        })
    }

    /// Whether it is in format 2025-09.
    pub fn is_2025(&self) -> bool {
        self.config.version == FormatVersion::V2025_09
    }

    /// Whether its output validator talks to the submission as an interactor (`type:
    /// interactive`, or legacy `validation: custom interactive`).
    pub fn is_interactive(&self) -> bool {
        self.config.is("interactive")
    }

    /// Whether a submission runs pass after pass, its output validator writing each next
    /// pass's input (`type: multi-pass`, [`multipass`]).
    pub fn is_multi_pass(&self) -> bool {
        self.config.is("multi-pass")
    }

    /// Whether it is a scoring problem (`type: scoring`).
    pub fn is_scoring(&self) -> bool {
        self.config.is("scoring")
    }

    /// Its test data.
    pub fn data(&self) -> Result<Group, PackageError> {
        Group::load(&self.data, &self.config)
    }

    /// Its test data with the cases that check its validators.
    pub fn all_data(&self) -> Result<Data, PackageError> {
        Data::load(&self.data, &self.config)
    }

    /// Where its test data is read from: `data/`, unless [`Package::with_data`] said.
    pub fn data_dir(&self) -> &Path {
        &self.data
    }

    /// The same package, its test data read from `data` (a directory playing `data/`: what
    /// its `generators.yaml` made, `crate::judging::kattis_generators::made_for_judging`)
    /// instead of `data/`.
    /// This is the seam through which a package is judged on test data it makes itself.
    pub fn with_data(self, data: PathBuf) -> Package {
        Package { data, ..self }
    }

    /// Its answer validators (`answer_validators/`, as BAPCtools adds them): each reads a
    /// `.ans` on standard input, gets the `.in` and the output validator's arguments, and
    /// exits 42 when the answer is valid.
    pub fn answer_validators(&self) -> Result<Vec<PackageProgram>, PackageError> {
        programs_in(&self.root, &self.root.join("answer_validators"), false)
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
        // 2025-09: the folder is the program (its files built together).
        let whole = (self.config.version == FormatVersion::V2025_09 && dir.is_dir())
            .then(|| directory_kind(&dir))
            .flatten()
            .map(|kind| PackageProgram {
                path: dir.clone(),
                kind,
                entrypoint: None,
                language: None,
            });
        let found = match whole {
            Some(program) => Some(program),
            None => programs_in(&self.root, &dir, false)?.into_iter().next(),
        };
        if self.is_interactive() && found.is_none() {
            return Err(PackageError(format!(
                "{}: an interactive problem, but {} holds no program (the interactor)",
                self.root.join(PROBLEM_YAML).display(),
                dir.display()
            )));
        }
        if self.is_multi_pass() && found.is_none() {
            return Err(PackageError(format!(
                "{}: a multi-pass problem, but {} holds no program (the validator that writes \
                 each next pass's input)",
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
    /// The entry point of a directory, when the package names it (`submissions.yaml`'s
    /// `entrypoint`: a file name, or the main class in Java and Kotlin).
    pub entrypoint: Option<String>,
    /// Its language, when the package names it (`submissions.yaml`'s `language`): it is
    /// built as that language, whatever its files' endings say.
    pub language: Option<Language>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramKind {
    /// A source file in a language of [`crate::run::TABLE`].
    File,
    /// A directory of sources (compiled together; see
    /// [`Program::prepare_dir`](crate::run::Program::prepare_dir) for the entry point).
    Directory,
    /// A directory with `build` and/or `run` scripts, built and run by them
    /// ([`Program::prepare_scripted`](crate::run::Program::prepare_scripted)).
    Scripted,
    /// A checktestdata script (`.ctd`), for input validation.
    Checktestdata,
    /// A program that cannot run here, and why: a language that stonejudge does not run, or
    /// whose tool is not installed.
    Unsupported(String),
}

impl PackageProgram {
    /// Why it cannot be prepared as a program (a script or an unsupported language).
    pub fn unsupported_reason(&self) -> String {
        match &self.kind {
            ProgramKind::Unsupported(why) => format!("{}: {why}", self.path.display()),
            _ => format!("{}: not a program", self.path.display()),
        }
    }
}

/// Languages problemtools knows and stonejudge does not run, by extension.
const UNSUPPORTED: [(&str, &str); 10] = [
    ("ts", "TypeScript"),
    ("rb", "Ruby"),
    ("pas", "Pascal"),
    ("scala", "Scala"),
    ("swift", "Swift"),
    ("php", "PHP"),
    ("lua", "Lua"),
    ("f90", "Fortran"),
    ("lisp", "Common Lisp"),
    ("viva", "VIVA"),
];

/// Why a file in a language stonejudge does not run cannot be run, if it is one.
fn unsupported_language(path: &Path) -> Option<String> {
    let extension = path.extension()?.to_str()?;
    let extension = extension.to_ascii_lowercase();
    UNSUPPORTED
        .iter()
        .find(|(e, _)| *e == extension)
        .map(|(_, name)| format!("{name} is not supported (see README: languages)"))
}

/// Why a program in `language` cannot run here, if its tool is missing.
fn not_installed(language: Language) -> Option<String> {
    language
        .missing_tool()
        .map(|tool| format!("{tool} is not installed ({} needs it)", language.row().name))
}

/// The entries of `dir` of the package at `root`, in name order; none when `dir` is missing.
/// An entry, or a file beneath one, that links out of the package is refused
/// ([`crate::within`]).
pub fn entries_in(root: &Path, dir: &Path) -> Result<Vec<PathBuf>, PackageError> {
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
    Ok(entries)
}

/// What the entry `path` is as a program: a source file in a known language, a directory
/// holding some (`.ctd` scripts too when `scripts`), or one in a language stonejudge names
/// but cannot run here, and why; `None` when it is none of these.
pub fn program_kind(path: &Path, scripts: bool) -> Option<ProgramKind> {
    if path.is_dir() {
        directory_kind(path)
    } else if scripts && path.extension().is_some_and(|e| e == "ctd") {
        Some(ProgramKind::Checktestdata)
    } else if let Some(language) = Language::of(path) {
        Some(not_installed(language).map_or(ProgramKind::File, ProgramKind::Unsupported))
    } else {
        unsupported_language(path).map(ProgramKind::Unsupported)
    }
}

/// The programs in `dir` of the package at `root`, in name order ([`program_kind`]). Other
/// entries are not programs and are passed over, as problemtools does.
pub fn programs_in(
    root: &Path,
    dir: &Path,
    scripts: bool,
) -> Result<Vec<PackageProgram>, PackageError> {
    Ok(entries_in(root, dir)?
        .into_iter()
        .filter_map(|path| {
            Some(PackageProgram {
                kind: program_kind(&path, scripts)?,
                path,
                entrypoint: None,
                language: None,
            })
        })
        .collect())
}

/// A directory is a program with `build`/`run` scripts, or in a language we run, or in one we
/// name, or not a program (a program judged on the package is told apart the same way).
pub fn directory_kind(dir: &Path) -> Option<ProgramKind> {
    if crate::run::is_scripted(dir) {
        return Some(ProgramKind::Scripted);
    }
    let files = crate::run::files_of_folder(dir);
    if let Some(language) = Language::of_files(&files) {
        return Some(
            not_installed(language).map_or(ProgramKind::Directory, ProgramKind::Unsupported),
        );
    }
    files
        .iter()
        .find_map(|f| unsupported_language(f))
        .map(ProgramKind::Unsupported)
}
