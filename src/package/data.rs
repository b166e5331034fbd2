//! A package's test data: `data/` as a tree of groups (`data/sample`, `data/secret` and any
//! groups nested in them), each configured by its `testdata.yaml` (2025-09:
//! `test_group.yaml`) over its parent's, and how the verdicts of a group's tests and
//! subgroups make the group's verdict.
//!
//! In 2025-09 (and 2023-07) a test case is declared by its `.in` and must have its `.ans`, it
//! may have its own `.yaml` over its group's configuration, and the folders of cases that
//! validation must reject or accept (`invalid_input/`, `invalid_answer/` as BAPCtools adds
//! it, `invalid_output/`, `valid_output/`) are not judged: they are [`Checks`] for the
//! validators. In 2025-09 `data/` holds nothing else that is judged than `sample/` and
//! `secret/`.
//!
//! As problemtools reads it: a group's items are its subdirectories (groups) and its test
//! cases (`NAME.ans` with its `NAME.in`), all in name order, so `data/sample` comes before
//! `data/secret`. A group stops at its first rejected item under `on_reject: break` (the
//! default); its verdict is then its items' worst (`worst_error`, the default grader's), or
//! the first rejected (`first_error`), or AC (`always_accept`, or `accept_if_any_accepted`
//! when one was), as `grader_flags` says.

use std::path::{Path, PathBuf};

use super::config::{FormatVersion, GroupConfig, InputArgs, OnReject, ProblemConfig};
use super::PackageError;
use crate::judge::Test;
use crate::model::{Combine, VerdictGroup, VerdictItem};
use crate::within;

/// The folders of `data/` holding cases for the validators, not for submissions.
pub const CHECK_FOLDERS: [&str; 4] = [
    "invalid_input",
    "invalid_answer",
    "invalid_output",
    "valid_output",
];

/// One test case of a package, with the flags its group gives the validators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageTest {
    /// Its name is its path under `data/` without the extension (`secret/group1/03`).
    pub test: Test,
    pub input_validator_flags: InputArgs,
    /// The problem's `validator_flags`, then the group's `output_validator_flags`.
    pub output_validator_flags: Vec<String>,
    pub answer_validator_flags: InputArgs,
}

impl PackageTest {
    /// Whether it is a sample (under `data/sample`).
    pub fn is_sample(&self) -> bool {
        self.test.name.starts_with("sample")
    }
}

/// A group of `data/`.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// Its path under `data/` (`secret/group1`; empty for `data/` itself).
    pub name: String,
    pub config: GroupConfig,
    pub items: Vec<Item>,
    /// Whether it has a configuration file of its own (`testdata.yaml`, 2025-09
    /// `test_group.yaml`): in 2025-09 only such a folder of `secret/` is a test data group.
    pub configured: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Test(PackageTest),
    Group(Group),
}

/// A case of a folder of [`CHECK_FOLDERS`]: an input, and its answer and output where the
/// folder has them, with the arguments its group (or its `.yaml`) gives the validators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckCase {
    /// Its path under `data/` without the extension.
    pub name: String,
    pub input: PathBuf,
    pub answer: Option<PathBuf>,
    pub output: Option<PathBuf>,
    pub input_validator_flags: InputArgs,
    pub output_validator_flags: Vec<String>,
    pub answer_validator_flags: InputArgs,
}

/// The cases of `data/` that check the validators, by folder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checks {
    /// Every input validator must reject none; at least one must reject each.
    pub invalid_input: Vec<CheckCase>,
    /// At least one answer validator must reject each `.ans`.
    pub invalid_answer: Vec<CheckCase>,
    /// The output validator must reject each `.out` against its `.ans`.
    pub invalid_output: Vec<CheckCase>,
    /// The output validator must accept each `.out` against its `.ans`.
    pub valid_output: Vec<CheckCase>,
}

/// All of `data/`, read once: the judged tree, the validators' cases, and what reading found
/// (warnings for keys the specification does not know, keys stonejudge does not do).
#[derive(Debug, Clone)]
pub struct Data {
    pub tree: Group,
    pub checks: Checks,
    pub warnings: Vec<String>,
    pub unsupported: Vec<String>,
}

impl Data {
    /// The data of a package that commits its `generators.yaml` and not the `data/` it
    /// makes: nothing yet, until it is made (`crate::judging::with_tests_made`).
    pub fn not_made(problem: &ProblemConfig) -> Result<Data, PackageError> {
        let mut warnings = Vec::new();
        let config = GroupConfig::default().child(None, problem, &mut warnings)?;
        Ok(Data {
            tree: Group {
                name: String::new(),
                config,
                items: Vec::new(),
                configured: false,
            },
            checks: Checks::default(),
            warnings,
            unsupported: Vec::new(),
        })
    }

    /// Reads `data`: a package's `data/`, or a directory made to play it (whose parent
    /// every file read must stay inside, as a package's files its root).
    pub fn load(data: &Path, problem: &ProblemConfig) -> Result<Data, PackageError> {
        let root = data.parent().unwrap_or(data);
        if !data.is_dir() {
            return Err(PackageError(format!(
                "{}: no data/ directory",
                root.display()
            )));
        }
        within::inside(root, data).map_err(PackageError)?;
        let mut reader = Reader {
            data,
            problem,
            warnings: Vec::new(),
            unsupported: Vec::new(),
        };
        let root_file = data.join(problem.version.group_file());
        let config = GroupConfig::default().child(
            root_file.is_file().then_some(root_file.as_path()),
            problem,
            &mut reader.warnings,
        )?;
        let tree = reader.group(data, &config, true)?;
        let mut checks = Checks::default();
        if problem.version != FormatVersion::Legacy {
            for (folder, cases) in CHECK_FOLDERS.iter().zip([
                &mut checks.invalid_input,
                &mut checks.invalid_answer,
                &mut checks.invalid_output,
                &mut checks.valid_output,
            ]) {
                let dir = data.join(folder);
                if dir.is_dir() {
                    reader.check_cases(&dir, &config, cases)?;
                }
            }
        }
        for group in tree.groups() {
            reader
                .unsupported
                .extend(group.config.unsupported.iter().cloned());
        }
        reader.unsupported.dedup();
        Ok(Data {
            tree,
            checks,
            warnings: reader.warnings,
            unsupported: reader.unsupported,
        })
    }
}

impl Group {
    /// Reads the judged tree of `data` (see [`Data::load`]).
    pub fn load(data: &Path, problem: &ProblemConfig) -> Result<Group, PackageError> {
        Ok(Data::load(data, problem)?.tree)
    }

    /// Every test, in order.
    pub fn tests(&self) -> Vec<&PackageTest> {
        let mut all = Vec::new();
        for item in &self.items {
            match item {
                Item::Test(test) => all.push(test),
                Item::Group(group) => all.extend(group.tests()),
            }
        }
        all
    }

    /// Every group with tests of its own, in order (to validate inputs once per flag set).
    pub fn groups(&self) -> Vec<&Group> {
        let mut all = vec![self];
        for item in &self.items {
            if let Item::Group(group) = item {
                all.extend(group.groups());
            }
        }
        all
    }

    /// How the verdicts of the tree's tests make its one verdict, for the model
    /// ([`VerdictGroup`]): each group stops at its first rejected item under
    /// `on_reject: break` and combines its items' verdicts as its `grader_flags` say; a group
    /// graded by a program (`grading: custom`, which [`super::grading`] runs for a scoring
    /// package's submissions in `verify`) gives no verdict here.
    pub fn verdict_rule(&self) -> VerdictGroup {
        let flag = |name: &str| self.config.grader_flags.iter().any(|f| f == name);
        let items = (self.items.iter())
            .map(|item| match item {
                Item::Test(test) => VerdictItem::Test(test.test.name.clone()),
                Item::Group(group) => VerdictItem::Group(group.verdict_rule()),
            })
            .collect();
        VerdictGroup {
            name: self.name.clone(),
            items,
            stops_at_rejection: self.config.on_reject == OnReject::Break,
            combine: Combine {
                always_accept: flag("always_accept"),
                accept_if_any_accepted: flag("accept_if_any_accepted"),
                first_error: flag("first_error"),
            },
            by_program: self.config.custom_grading.then(|| {
                format!(
                    "data/{}: grading: custom (a grader program) grades scoring problems only \
                     (verify grades them; judge and pass-fail problems do not)",
                    self.name
                )
            }),
        }
    }
}

/// Reads the groups and cases of one package's `data/`.
struct Reader<'a> {
    data: &'a Path,
    problem: &'a ProblemConfig,
    warnings: Vec<String>,
    unsupported: Vec<String>,
}

impl Reader<'_> {
    /// The package's root, which every file read must stay inside.
    fn root(&self) -> &Path {
        self.data.parent().unwrap_or(self.data)
    }

    /// The group in `dir`, whose own configuration (already read) is `config`. `top`: `data/`
    /// itself, where 2025-09 judges only `sample/` and `secret/`.
    fn group(
        &mut self,
        dir: &Path,
        config: &GroupConfig,
        top: bool,
    ) -> Result<Group, PackageError> {
        let version = self.problem.version;
        let mut items = Vec::new();
        for entry in sorted_entries(self.root(), dir)? {
            let file_name = entry.file_name().unwrap_or_default().to_string_lossy();
            if entry.is_dir() {
                let special = CHECK_FOLDERS.contains(&file_name.as_ref());
                if file_name.ends_with(".files") {
                    self.unsupported.push(format!(
                        "{}: .files directories (input files of a test case) are not supported",
                        entry.display()
                    ));
                    continue;
                }
                if top && version != FormatVersion::Legacy && special {
                    continue;
                }
                if top
                    && version == FormatVersion::V2025_09
                    && !["sample", "secret"].contains(&file_name.as_ref())
                {
                    self.warnings.push(format!(
                        "{}: not a folder of the 2025-09 specification (sample, secret, \
                             {}); not judged",
                        entry.display(),
                        CHECK_FOLDERS.join(", ")
                    ));
                    continue;
                }
                let own = entry.join(version.group_file());
                let child = config.child(
                    own.is_file().then_some(own.as_path()),
                    self.problem,
                    &mut self.warnings,
                )?;
                items.push(Item::Group(self.group(&entry, &child, false)?));
            } else if let Some(case) =
                self.case(&entry, config, version == FormatVersion::V2025_09)?
            {
                let (input, answer) = (case.input, case.answer);
                let answer = answer.ok_or_else(|| {
                    PackageError(format!(
                        "{}: a test case needs its .ans ({} is missing)",
                        input.display(),
                        input.with_extension("ans").display()
                    ))
                })?;
                let mut output_flags = self.problem.validator_flags.clone();
                output_flags.extend(case.output_validator_flags);
                items.push(Item::Test(PackageTest {
                    test: Test {
                        name: case.name,
                        input,
                        answer,
                    },
                    input_validator_flags: case.input_validator_flags,
                    output_validator_flags: output_flags,
                    answer_validator_flags: case.answer_validator_flags,
                }));
            } else if version == FormatVersion::V2025_09 && file_name == "testdata.yaml" {
                self.warnings.push(format!(
                    "{}: 2025-09 calls this file test_group.yaml; it is not read",
                    entry.display()
                ));
            }
        }
        Ok(Group {
            name: relative(self.data, dir),
            config: config.clone(),
            items,
            configured: dir.join(version.group_file()).is_file(),
        })
    }

    /// The case that `file` declares, if it declares one: a `.in` when `by_input` (2025-09,
    /// and the validators' cases), with its `.ans`, `.out` and `.yaml` when they exist; else,
    /// as problemtools reads the older formats, a `.ans` with its `.in`.
    fn case(
        &mut self,
        file: &Path,
        config: &GroupConfig,
        by_input: bool,
    ) -> Result<Option<CheckCase>, PackageError> {
        let declares = match by_input {
            true => "in",
            false => "ans",
        };
        if file.extension().is_none_or(|e| e != declares) {
            return Ok(None);
        }
        let (input, answer) = (file.with_extension("in"), file.with_extension("ans"));
        if !input.is_file() {
            return Ok(None);
        }
        within::inside(self.root(), &input).map_err(PackageError)?;
        let own = file.with_extension("yaml");
        let config = match self.problem.version == FormatVersion::V2025_09 && own.is_file() {
            true => config.child(Some(&own), self.problem, &mut self.warnings)?,
            false => config.clone(),
        };
        self.unsupported.extend(config.unsupported.iter().cloned());
        let output = file.with_extension("out");
        Ok(Some(CheckCase {
            name: relative(self.data, &file.with_extension("")),
            input,
            answer: answer.is_file().then_some(answer),
            output: output.is_file().then_some(output),
            input_validator_flags: config.input_validator_flags,
            output_validator_flags: config.output_validator_flags,
            answer_validator_flags: config.answer_validator_flags,
        }))
    }

    /// Every case under `dir` (a folder of [`CHECK_FOLDERS`]), its groups' files inherited.
    fn check_cases(
        &mut self,
        dir: &Path,
        parent: &GroupConfig,
        cases: &mut Vec<CheckCase>,
    ) -> Result<(), PackageError> {
        let own = dir.join(self.problem.version.group_file());
        let config = parent.child(
            own.is_file().then_some(own.as_path()),
            self.problem,
            &mut self.warnings,
        )?;
        for entry in sorted_entries(self.root(), dir)? {
            if entry.is_dir() {
                self.check_cases(&entry, &config, cases)?;
            } else if let Some(case) = self.case(&entry, &config, true)? {
                cases.push(case);
            }
        }
        Ok(())
    }
}

/// Whether the directory `link` leads to `dir` or to a directory above it (a cycle).
fn encloses(link: &Path, dir: &Path) -> bool {
    match (link.canonicalize(), dir.canonicalize()) {
        (Ok(target), Ok(dir)) => dir.starts_with(target),
        _ => false,
    }
}

/// The entries of `dir` in name order, without the hidden ones (`.git`, …) that the
/// specification says a judge behaves as if removed; each must stay inside the package at
/// `root` (see [`within`]), and a directory must not lead back to one that holds it.
fn sorted_entries(root: &Path, dir: &Path) -> Result<Vec<PathBuf>, PackageError> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| PackageError(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    entries.sort();
    for entry in &entries {
        within::inside(root, entry).map_err(PackageError)?;
        if entry.is_dir() && encloses(entry, dir) {
            return Err(PackageError(format!(
                "{}: a link to a directory that holds it: the groups would never end",
                entry.display()
            )));
        }
    }
    Ok(entries)
}

/// `path` under `data`, with `/` separators.
fn relative(data: &Path, path: &Path) -> String {
    let under = path.strip_prefix(data).unwrap_or(path);
    under
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
