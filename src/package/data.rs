//! A package's test data: `data/` as a tree of groups (`data/sample`, `data/secret` and any
//! groups nested in them), each configured by its `testdata.yaml` over its parent's, and how
//! the verdicts of a group's tests and subgroups make the group's verdict.
//!
//! As problemtools reads it: a group's items are its subdirectories (groups) and its test
//! cases (`NAME.ans` with its `NAME.in`), all in name order, so `data/sample` comes before
//! `data/secret`. A group stops at its first rejected item under `on_reject: break` (the
//! default); its verdict is then its items' worst (`worst_error`, the default grader's), or
//! the first rejected (`first_error`), or AC (`always_accept`, or `accept_if_any_accepted`
//! when one was), as `grader_flags` says.

use std::path::{Path, PathBuf};

use super::config::{GroupConfig, OnReject, ProblemConfig};
use super::PackageError;
use crate::judge::Test;
use crate::within;

/// One test case of a package, with the flags its group gives the validators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageTest {
    /// Its name is its path under `data/` without the extension (`secret/group1/03`).
    pub test: Test,
    pub input_validator_flags: Vec<String>,
    /// The problem's `validator_flags`, then the group's `output_validator_flags`.
    pub output_validator_flags: Vec<String>,
}

impl PackageTest {
    /// Whether it is a sample (under `data/sample`).
    pub fn is_sample(&self) -> bool {
        self.test.name.starts_with("sample")
    }
}

/// A group of `data/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Its path under `data/` (`secret/group1`; empty for `data/` itself).
    pub name: String,
    pub config: GroupConfig,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    Test(PackageTest),
    Group(Group),
}

impl Group {
    /// Reads `data/` of the package at `root`.
    pub fn load(root: &Path, problem: &ProblemConfig) -> Result<Group, PackageError> {
        let data = root.join("data");
        if !data.is_dir() {
            return Err(PackageError(format!(
                "{}: no data/ directory",
                root.display()
            )));
        }
        within::inside(root, &data).map_err(PackageError)?;
        load_group(&data, &data, &GroupConfig::default(), problem)
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

    /// The verdict of the whole tree, judging tests in order through `judge` (a Kattis
    /// verdict: `AC`, `WA`, `TLE`, `RTE`, `OLE`, `JE`, …) and skipping what `on_reject: break`
    /// makes unnecessary. `Err` when a group needs a grader stonejudge does not have.
    pub fn verdict(
        &self,
        judge: &mut impl FnMut(&PackageTest) -> &'static str,
    ) -> Result<&'static str, String> {
        if self.config.custom_grading {
            return Err(format!(
                "data/{}: grading: custom (a grader program) is not supported yet",
                self.name
            ));
        }
        let mut verdicts = Vec::new();
        for item in &self.items {
            let verdict = match item {
                Item::Test(test) => judge(test),
                Item::Group(group) => group.verdict(judge)?,
            };
            verdicts.push(verdict);
            if verdict != "AC" && self.config.on_reject == OnReject::Break {
                break;
            }
        }
        Ok(aggregate(&verdicts, &self.config.grader_flags))
    }
}

/// The order of `worst_error`, worst first.
const WORST_FIRST: [&str; 9] = ["JE", "IF", "RTE", "MLE", "TLE", "OLE", "WA", "PE", "AC"];

/// The default grader's verdict for a group whose items got `verdicts`.
fn aggregate(verdicts: &[&'static str], grader_flags: &[String]) -> &'static str {
    if verdicts.contains(&"JE") {
        return "JE";
    }
    let flag = |name: &str| grader_flags.iter().any(|f| f == name);
    if flag("always_accept") || (flag("accept_if_any_accepted") && verdicts.contains(&"AC")) {
        return "AC";
    }
    if flag("first_error") {
        return verdicts
            .iter()
            .copied()
            .find(|&v| v != "AC")
            .unwrap_or("AC");
    }
    let rank = |v: &&'static str| WORST_FIRST.iter().position(|w| w == v).unwrap_or(0);
    verdicts.iter().copied().min_by_key(rank).unwrap_or("AC")
}

/// Whether the directory `link` leads to `dir` or to a directory above it (a cycle).
fn encloses(link: &Path, dir: &Path) -> bool {
    match (link.canonicalize(), dir.canonicalize()) {
        (Ok(target), Ok(dir)) => dir.starts_with(target),
        _ => false,
    }
}

fn load_group(
    data: &Path,
    dir: &Path,
    parent: &GroupConfig,
    problem: &ProblemConfig,
) -> Result<Group, PackageError> {
    let own = dir.join("testdata.yaml");
    let config = parent.child(own.is_file().then_some(own.as_path()), problem)?;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| PackageError(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    let mut items = Vec::new();
    let root = data.parent().unwrap_or(data);
    for entry in entries {
        within::inside(root, &entry).map_err(PackageError)?;
        if entry.is_dir() && encloses(&entry, dir) {
            return Err(PackageError(format!(
                "{}: a link to a directory that holds it: the groups would never end",
                entry.display()
            )));
        }
        if entry.is_dir() {
            items.push(Item::Group(load_group(data, &entry, &config, problem)?));
        } else if entry.extension().is_some_and(|e| e == "ans") {
            let input = entry.with_extension("in");
            if !input.is_file() {
                continue;
            }
            within::inside(root, &input).map_err(PackageError)?;
            let name = relative(data, &entry.with_extension(""));
            let mut output_flags = problem.validator_flags.clone();
            output_flags.extend(config.output_validator_flags.iter().cloned());
            items.push(Item::Test(PackageTest {
                test: Test {
                    name,
                    input,
                    answer: entry,
                },
                input_validator_flags: config.input_validator_flags.clone(),
                output_validator_flags: output_flags,
            }));
        }
    }
    Ok(Group {
        name: relative(data, dir),
        config,
        items,
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(list: &[&str]) -> Vec<String> {
        list.iter().map(|f| f.to_string()).collect()
    }

    #[test]
    fn groups_aggregate_as_the_default_grader() {
        assert_eq!(aggregate(&["AC", "WA", "TLE"], &[]), "TLE");
        assert_eq!(
            aggregate(&["AC", "WA", "TLE"], &flags(&["first_error"])),
            "WA"
        );
        assert_eq!(
            aggregate(&["WA", "AC"], &flags(&["accept_if_any_accepted"])),
            "AC"
        );
        assert_eq!(aggregate(&["WA"], &flags(&["always_accept"])), "AC");
        assert_eq!(aggregate(&["WA", "JE"], &flags(&["always_accept"])), "JE");
        assert_eq!(aggregate(&[], &[]), "AC");
    }
}
