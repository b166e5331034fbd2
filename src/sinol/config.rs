//! `config.yml` of a sinol-make package, read as sinol-make reads it: the task id, the limits
//! (milliseconds and KiB, per group and per test, per language), the points of each group,
//! the contest type, the expected scores of the solutions.
//!
//! Every key sinol-make knows is either read here or named in [`Config::unsupported`] (at
//! `file:line:col`, so that a command refuses the package with exit 2 rather than judge it
//! differently from sinol-make); every other key is a warning in [`Config::warnings`].
//!
//! Honoured as sinol-make does, or changing nothing stonejudge does: `num_processes: 1` (one
//! solution against the interactor, the default), `testrun_soc` (sio2's interactor for test
//! runs: only its file must exist in `prog/`), `sinol_undocumented_time_tool` (`time` or
//! `sio2jail`: stonejudge always measures CPU time, as sinol-make's `time` tool does),
//! `subtask_dependencies` (a group scored with its prerequisites' tests when that lowers it,
//! `crate::score::score_group_after`). Refused: `num_processes` above 1 (several solutions against one
//! interactor), `fake_time`, and compiler flags in `extra_compilation_args` (its files of
//! `prog/`, `extra_compilation_files` and `extra_execution_files` are honoured: [`Extras`]).

use std::collections::BTreeMap;
use std::path::Path;

use serde_yaml_ng::{Mapping, Value};

use crate::package::config::{parse_yaml, read_text};
use crate::package::keys;

pub use crate::formats::detect::CONFIG_YML;

/// Keys sinol-make reads that stonejudge reads too, or that change nothing of a verdict or a
/// score (`title*`, the LaTeX compiler of the statement).
const READ: &[&str] = &[
    "title",
    "title_pl",
    "title_en",
    "sinol_task_id",
    "sinol_contest_type",
    "sinol_latex_compiler",
    "sinol_static_tests",
    "sinol_undocumented_test_limits",
    "memory_limit",
    "memory_limits",
    "time_limit",
    "time_limits",
    "override_limits",
    "sinol_total_score",
    "scores",
    "sinol_expected_scores",
    "sinol_undocumented_time_tool",
    "num_processes",
    "testrun_soc",
    "subtask_dependencies",
];

/// Keys sinol-make reads that stonejudge does not do yet: a package using them is refused.
const NOT_SUPPORTED: &[&str] = &["fake_time"];

/// How solutions are scored (`sinol_contest_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContestType {
    /// A test earns the checker's percentage; a group its points times the smallest, rounded
    /// up.
    Default,
    /// As `Default`, and a test run past half its time limit loses points linearly (POI).
    Oi,
    /// As `Default` (POI for juniors); the scores add up to `sinol_total_score`.
    Oij,
    /// Pass or fail: 1 point when every test passes.
    Icpc,
}

impl ContestType {
    pub fn name(self) -> &'static str {
        match self {
            ContestType::Default => "default",
            ContestType::Oi => "oi",
            ContestType::Oij => "oij",
            ContestType::Icpc => "icpc",
        }
    }
}

/// Time (ms) and memory (KiB) limits at one level of `config.yml`: the whole package, or one
/// language's `override_limits`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ConfigLimits {
    pub time_limit: Option<u64>,
    pub memory_limit: Option<u64>,
    /// By group (`"3"`) or by test id (`"3a"`).
    pub time_limits: BTreeMap<String, u64>,
    pub memory_limits: BTreeMap<String, u64>,
}

/// What a solution is expected to get, group by group, as `sinol_expected_scores` says.
#[derive(Debug, Clone, PartialEq)]
pub struct Expected {
    /// Group number → (status as sinol-make writes it: `OK`, `WA`, `TL`, `ML`, `RE`, `CE`;
    /// points).
    pub groups: BTreeMap<u32, (String, f64)>,
    pub points: f64,
}

/// What a package's solutions (and its model solution) are built and run with beside their
/// source, files of `prog/` by name, as sinol-make gives them (ingen, inwer and the checker
/// get none of it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Extras {
    /// `extra_compilation_files`: readable by every solution's compiler, and by an
    /// interpreted solution as it runs (sinol-make copies them beside the executable).
    pub compilation_files: Vec<String>,
    /// `extra_compilation_args`, by language (`cpp`): files of `prog/` compiled with the
    /// solution (a task's library).
    pub compilation_args: BTreeMap<String, Vec<String>>,
    /// `extra_execution_files`, by language (`py`): readable by the solution as it runs.
    pub execution_files: BTreeMap<String, Vec<String>>,
}

/// `config.yml`, read.
#[derive(Debug, Clone)]
pub struct Config {
    pub task_id: Option<String>,
    pub contest: ContestType,
    pub limits: ConfigLimits,
    /// Language (the solution's extension: `cpp`, `py`, …) → its own limits.
    pub overrides: BTreeMap<String, ConfigLimits>,
    /// Group → points; `None` when `scores` is absent (sinol-make then shares 100 equally).
    pub scores: Option<BTreeMap<u32, f64>>,
    pub total_score: f64,
    /// Solution file name → expectation.
    pub expected: BTreeMap<String, Expected>,
    /// Test files of `in/` that ingen does not write (`sinol_static_tests`).
    pub static_tests: Vec<String>,
    /// Limits for single tests are allowed (never in `oi`, unless
    /// `sinol_undocumented_test_limits`).
    pub test_limits_allowed: bool,
    /// `subtask_dependencies`: group → the groups whose tests it is also scored with.
    pub dependencies: BTreeMap<u32, Vec<u32>>,
    /// `testrun_soc`: the file of `prog/` sio2 runs as the interactor of test runs, and
    /// where the key is written (`file:line:col`).
    pub testrun_soc: Option<(String, String)>,
    /// What the solutions are built and run with beside their source
    /// (`extra_compilation_files`, `extra_compilation_args`, `extra_execution_files`).
    pub extras: Extras,
    /// Keys sinol-make does not know, at `file:line:col`.
    pub warnings: Vec<String>,
    /// Keys sinol-make knows and stonejudge does not do, at `file:line:col`.
    pub unsupported: Vec<String>,
}

/// Reads `config.yml` at `path`. Errors (not YAML, a value of the wrong type) name the file,
/// and the line and column of the key.
pub fn load(path: &Path) -> Result<Config, String> {
    let text = read_text(path).map_err(|e| e.0)?;
    let value: Value = parse_yaml(path, &text).map_err(|e| e.0)?;
    let empty = Mapping::new();
    let map = match &value {
        Value::Mapping(map) => map,
        Value::Null => &empty,
        _ => return Err(format!("{}: expected a mapping of keys", path.display())),
    };
    let reader = Reader { path, text: &text };
    let mut config = Config {
        task_id: None,
        contest: ContestType::Default,
        limits: ConfigLimits::default(),
        overrides: BTreeMap::new(),
        scores: None,
        total_score: 100.0,
        expected: BTreeMap::new(),
        static_tests: Vec::new(),
        test_limits_allowed: true,
        testrun_soc: None,
        dependencies: BTreeMap::new(),
        extras: Extras::default(),
        warnings: Vec::new(),
        unsupported: Vec::new(),
    };
    let mut undocumented_test_limits = false;
    for (key, child) in map {
        let name = key_name(key);
        let at = [name.clone()];
        match name.as_str() {
            "sinol_task_id" => config.task_id = Some(reader.string(&at, child)?),
            "sinol_contest_type" => {
                config.contest = match reader.string(&at, child)?.to_lowercase().as_str() {
                    "default" => ContestType::Default,
                    "oi" => ContestType::Oi,
                    "oij" => ContestType::Oij,
                    "icpc" => ContestType::Icpc,
                    other => {
                        return Err(reader.error(
                            &at,
                            &format!("unknown contest type {other:?} (default, oi, oij or icpc)"),
                        ))
                    }
                }
            }
            "sinol_static_tests" => {
                config.static_tests = match child {
                    Value::Sequence(items) => items
                        .iter()
                        .map(|item| reader.string(&at, item))
                        .collect::<Result<_, _>>()?,
                    other => vec![reader.string(&at, other)?],
                }
            }
            "sinol_undocumented_test_limits" => {
                undocumented_test_limits = child.as_bool().unwrap_or(false)
            }
            "sinol_total_score" => config.total_score = reader.number(&at, child)?,
            "num_processes" => match reader.whole(&at, child)? {
                1 => {}
                0 => return Err(reader.error(&at, "expected at least 1 process")),
                several => config.unsupported.push(format!(
                    "{}: `num_processes: {several}` (several solutions against one \
                     interactor) is not supported by stonejudge yet",
                    keys::at(path, &text, &at)
                )),
            },
            "subtask_dependencies" => {
                for (group, prerequisites) in reader.mapping(&at, child)? {
                    let keys = [name.clone(), key_name(group)];
                    let number = reader.group(&keys, group)?;
                    let Value::Sequence(items) = prerequisites else {
                        return Err(reader.error(&keys, "expected a list of groups ([2], not 2)"));
                    };
                    let list = (items.iter())
                        .map(|item| reader.group(&keys, item))
                        .collect::<Result<Vec<u32>, _>>()?;
                    if number == 0 || list.contains(&0) {
                        return Err(reader.error(
                            &keys,
                            "group 0 (the examples) is not scored: it has no place in \
                             dependencies",
                        ));
                    }
                    config.dependencies.insert(number, list);
                }
            }
            "extra_compilation_files" => {
                config.extras.compilation_files = reader.strings(&at, child)?;
            }
            "extra_compilation_args" | "extra_execution_files" => {
                let mut by_language = BTreeMap::new();
                for (language, value) in reader.mapping(&at, child)? {
                    let keys = [name.clone(), key_name(language)];
                    let files = reader.strings(&keys, value)?;
                    let prog = path.parent().unwrap_or(Path::new(".")).join("prog");
                    // sinol-make passes an argument that is no file of `prog/` to the
                    // compiler as it is: a flag, which stonejudge's language table decides.
                    if let Some(flag) = files.iter().find(|file| !prog.join(file).is_file()) {
                        config.unsupported.push(format!(
                            "{}: `{flag}` is no file of prog/: compiler flags in `{name}` are \
                             not supported by stonejudge yet",
                            keys::at(path, &text, &keys)
                        ));
                    }
                    by_language.insert(key_name(language).to_lowercase(), files);
                }
                match name.as_str() {
                    "extra_compilation_args" => config.extras.compilation_args = by_language,
                    _ => config.extras.execution_files = by_language,
                }
            }
            "testrun_soc" => {
                let file = reader.string(&at, child)?;
                config.testrun_soc = Some((file, keys::at(path, &text, &at)));
            }
            "sinol_undocumented_time_tool" => match reader.string(&at, child)?.as_str() {
                "time" | "sio2jail" | "" => {}
                other => {
                    return Err(reader.error(
                        &at,
                        &format!("unknown time tool {other:?} (time or sio2jail)"),
                    ))
                }
            },
            "scores" => {
                let mut scores = BTreeMap::new();
                for (group, points) in reader.mapping(&at, child)? {
                    let keys = [name.clone(), key_name(group)];
                    scores.insert(reader.group(&keys, group)?, reader.number(&keys, points)?);
                }
                config.scores = Some(scores);
            }
            "override_limits" => {
                for (language, table) in reader.mapping(&at, child)? {
                    let keys = [name.clone(), key_name(language)];
                    let mut limits = ConfigLimits::default();
                    for (key, value) in reader.mapping(&keys, table)? {
                        let path = [keys[0].clone(), keys[1].clone(), key_name(key)];
                        if !reader.limit(&mut limits, &path, value)? {
                            config.warnings.push(keys::unknown_key(
                                reader.path,
                                reader.text,
                                &path,
                                "sinol-make has no such limit",
                            ));
                        }
                    }
                    config
                        .overrides
                        .insert(key_name(language).to_lowercase(), limits);
                }
            }
            "sinol_expected_scores" => {
                for (solution, expectation) in reader.mapping(&at, child)? {
                    let keys = [name.clone(), key_name(solution)];
                    let expected = reader.expected(&keys, expectation)?;
                    config.expected.insert(key_name(solution), expected);
                }
            }
            "time_limit" | "memory_limit" | "time_limits" | "memory_limits" => {
                reader.limit(&mut config.limits, &at, child)?;
            }
            known if READ.contains(&known) => {}
            known if NOT_SUPPORTED.contains(&known) => config.unsupported.push(format!(
                "{}: `{known}` is not supported by stonejudge yet",
                keys::at(path, &text, &at)
            )),
            _ => config.warnings.push(keys::unknown_key(
                path,
                &text,
                &at,
                "sinol-make has no such key",
            )),
        }
    }
    config.test_limits_allowed = undocumented_test_limits || config.contest != ContestType::Oi;
    check_dependencies(&config, &reader)?;
    Ok(config)
}

/// `subtask_dependencies` name only groups that `scores` gives points (when it is there), and
/// no group depends on itself through others, as sinol-make requires.
fn check_dependencies(config: &Config, reader: &Reader<'_>) -> Result<(), String> {
    let key = "subtask_dependencies".to_string();
    for (group, prerequisites) in &config.dependencies {
        let keys = [key.clone(), group.to_string()];
        if let Some(scores) = &config.scores {
            if let Some(other) = std::iter::once(group)
                .chain(prerequisites)
                .find(|g| !scores.contains_key(g))
            {
                return Err(
                    reader.error(&keys, &format!("group {other} has no points in `scores`"))
                );
            }
        }
        // Depth-first from `group`: reaching it again is a cycle.
        let mut stack: Vec<u32> = prerequisites.clone();
        let mut seen = std::collections::BTreeSet::new();
        while let Some(next) = stack.pop() {
            if next == *group {
                return Err(reader.error(&keys, "the dependencies go round in a circle"));
            }
            if seen.insert(next) {
                stack.extend(config.dependencies.get(&next).into_iter().flatten());
            }
        }
    }
    Ok(())
}

/// A key as text: YAML keys of `scores` and the limits are often numbers.
fn key_name(key: &Value) -> String {
    match key {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => serde_yaml_ng::to_string(other)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}

/// Reads values of `config.yml`, with errors at the key's place.
struct Reader<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Reader<'_> {
    fn error(&self, keys: &[String], what: &str) -> String {
        format!(
            "{}: {}: {what}",
            keys::at(self.path, self.text, keys),
            keys.join(".")
        )
    }

    fn string(&self, keys: &[String], value: &Value) -> Result<String, String> {
        match value {
            Value::String(s) => Ok(s.clone()),
            Value::Number(n) => Ok(n.to_string()),
            _ => Err(self.error(keys, "expected a string")),
        }
    }

    /// A string or a list of strings (sinol-make takes either).
    fn strings(&self, keys: &[String], value: &Value) -> Result<Vec<String>, String> {
        match value {
            Value::Sequence(items) => items.iter().map(|item| self.string(keys, item)).collect(),
            other => Ok(vec![self.string(keys, other)?]),
        }
    }

    fn number(&self, keys: &[String], value: &Value) -> Result<f64, String> {
        value
            .as_f64()
            .filter(|n| n.is_finite() && *n >= 0.0)
            .ok_or_else(|| self.error(keys, "expected a number, at least 0"))
    }

    fn whole(&self, keys: &[String], value: &Value) -> Result<u64, String> {
        value
            .as_u64()
            .ok_or_else(|| self.error(keys, "expected a whole number, at least 0"))
    }

    fn group(&self, keys: &[String], value: &Value) -> Result<u32, String> {
        key_name(value)
            .parse()
            .map_err(|_| self.error(keys, "a group is a whole number"))
    }

    fn mapping<'v>(&self, keys: &[String], value: &'v Value) -> Result<&'v Mapping, String> {
        value
            .as_mapping()
            .ok_or_else(|| self.error(keys, "expected a mapping"))
    }

    /// Reads the limit key at the end of `keys` into `table`; `false` when it is not one.
    fn limit(
        &self,
        table: &mut ConfigLimits,
        keys: &[String],
        value: &Value,
    ) -> Result<bool, String> {
        let key = keys.last().map(String::as_str).unwrap_or_default();
        match key {
            "time_limit" => table.time_limit = Some(self.whole(keys, value)?),
            "memory_limit" => table.memory_limit = Some(self.whole(keys, value)?),
            "time_limits" | "memory_limits" => {
                let mut limits = BTreeMap::new();
                for (test, limit) in self.mapping(keys, value)? {
                    let mut at = keys.to_vec();
                    at.push(key_name(test));
                    limits.insert(key_name(test), self.whole(&at, limit)?);
                }
                match key {
                    "time_limits" => table.time_limits = limits,
                    _ => table.memory_limits = limits,
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// One solution's `expected` (each group's `{status, points}`, or the old form: a status
    /// alone) and `points`.
    fn expected(&self, keys: &[String], value: &Value) -> Result<Expected, String> {
        let map = self.mapping(keys, value)?;
        let at = |key: &str| {
            let mut at = keys.to_vec();
            at.push(key.to_string());
            at
        };
        let points = match map.get("points") {
            Some(points) => self.number(&at("points"), points)?,
            None => return Err(self.error(keys, "expected `points`, the solution's total")),
        };
        let mut groups = BTreeMap::new();
        let Some(expected) = map.get("expected") else {
            return Err(self.error(keys, "expected `expected`, the result of each group"));
        };
        for (group, result) in self.mapping(&at("expected"), expected)? {
            let mut keys = at("expected");
            keys.push(key_name(group));
            let number = self.group(&keys, group)?;
            let (status, points) = match result {
                Value::String(status) => (status.clone(), None),
                Value::Mapping(map) => {
                    let status = map
                        .get("status")
                        .map(|s| self.string(&keys, s))
                        .transpose()?
                        .ok_or_else(|| self.error(&keys, "expected `status` and `points`"))?;
                    let points = map
                        .get("points")
                        .map(|p| self.number(&keys, p))
                        .transpose()?;
                    (status, points)
                }
                _ => return Err(self.error(&keys, "expected {status, points}")),
            };
            if !["OK", "WA", "TL", "ML", "RE", "CE"].contains(&status.as_str()) {
                return Err(self.error(&keys, &format!("unknown status {status:?}")));
            }
            // The old form, a status alone: full points for OK, none otherwise (as sinol-make
            // converts it); the group's worth is filled in by the package.
            let points = points.unwrap_or(match status.as_str() {
                "OK" => f64::NAN,
                _ => 0.0,
            });
            groups.insert(number, (status, points));
        }
        Ok(Expected { groups, points })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(text: &str) -> Result<Config, String> {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(CONFIG_YML);
        std::fs::write(&path, text).expect("write");
        let shown = |text: &String| text.replace(&dir.path().display().to_string(), "DIR");
        let mut config = load(&path).map_err(|e| shown(&e))?;
        config.warnings = config.warnings.iter().map(shown).collect();
        config.unsupported = config.unsupported.iter().map(shown).collect();
        Ok(config)
    }

    #[test]
    fn keys_are_read_warned_or_refused_at_their_place() {
        let config = config(
            "title: Abc\nsinol_task_id: abc\nsinol_contest_type: oi\ntime_limit: 1000\n\
             memory_limit: 65536\ntime_limits:\n  2: 2000\nscores:\n  1: 40\n  2: 60\n\
             colour: red\nfake_time: 1\noverride_limits:\n  py:\n    time_limit: 3000\n\
             sinol_expected_scores:\n  abc.cpp:\n    expected:\n      1: {points: 40, status: OK}\n\
             \x20     2: {points: 60, status: OK}\n    points: 100\n",
        )
        .expect("loads");
        assert_eq!(config.task_id.as_deref(), Some("abc"));
        assert_eq!(config.contest, ContestType::Oi);
        assert!(!config.test_limits_allowed);
        assert_eq!(config.limits.time_limits.get("2"), Some(&2000));
        assert_eq!(config.overrides["py"].time_limit, Some(3000));
        assert_eq!(config.scores.as_ref().map(|s| s[&2]), Some(60.0));
        assert_eq!(config.expected["abc.cpp"].groups[&1], ("OK".into(), 40.0));
        assert_eq!(config.warnings.len(), 1);
        assert!(config.warnings[0].starts_with("DIR/config.yml:11:1: unknown key `colour`"));
        assert!(config.unsupported[0].starts_with("DIR/config.yml:12:1: `fake_time`"));
    }

    #[test]
    fn bad_values_name_their_key() {
        let error = config("time_limit: 1000\nscores:\n  one: 10\n").expect_err("bad");
        assert!(
            error.starts_with("DIR/config.yml:3:3: scores.one:"),
            "{error}"
        );
        let error = config("sinol_contest_type: ioi\n").expect_err("bad");
        assert!(error.contains("unknown contest type"), "{error}");
    }

    #[test]
    fn dependencies_are_read_and_checked_at_their_key() {
        let config_of = |text: &str| config(text);
        let read = config_of("scores:\n  1: 40\n  2: 60\nsubtask_dependencies:\n  2: [1]\n")
            .expect("loads");
        assert_eq!(read.dependencies[&2], [1]);
        let error = config_of("scores:\n  1: 40\n  2: 60\nsubtask_dependencies:\n  2: 1\n")
            .expect_err("not a list");
        assert!(
            error.starts_with("DIR/config.yml:5:3: subtask_dependencies.2:"),
            "{error}"
        );
        let error = config_of("subtask_dependencies:\n  1: [0]\n").expect_err("group 0");
        assert!(error.contains("group 0"), "{error}");
        let error = config_of("scores:\n  1: 40\n  2: 60\nsubtask_dependencies:\n  2: [3]\n")
            .expect_err("no such group");
        assert!(error.contains("group 3 has no points"), "{error}");
        let error = config_of("subtask_dependencies:\n  1: [2]\n  2: [3]\n  3: [1]\n")
            .expect_err("a cycle");
        assert!(error.contains("circle"), "{error}");
    }

    #[test]
    fn one_process_and_the_time_tools_are_honoured_several_processes_refused() {
        let config_of = |text: &str| config(text).expect("loads");
        let one = config_of("num_processes: 1\nsinol_undocumented_time_tool: time\n");
        assert!(one.unsupported.is_empty(), "{:?}", one.unsupported);
        let soc = config_of("testrun_soc: abcsoc2.cpp\n");
        let (file, at) = soc.testrun_soc.expect("read");
        assert_eq!(file, "abcsoc2.cpp");
        assert!(at.ends_with("config.yml:1:1"), "{at}");
        let two = config_of("title: t\nnum_processes: 2\n");
        assert!(
            two.unsupported[0].starts_with("DIR/config.yml:2:1: `num_processes: 2`"),
            "{:?}",
            two.unsupported
        );
        let error = config("num_processes: 0\n").expect_err("bad");
        assert!(
            error.starts_with("DIR/config.yml:1:1: num_processes:"),
            "{error}"
        );
        let error = config("sinol_undocumented_time_tool: perf\n").expect_err("bad");
        assert!(error.contains("unknown time tool"), "{error}");
    }
}

#[cfg(test)]
mod extras {
    use super::*;

    #[test]
    fn extra_files_are_read_and_a_compiler_flag_refused_at_its_key() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("prog")).expect("mkdir");
        for file in ["lib.cpp", "lib.h", "lib.py"] {
            std::fs::write(dir.path().join("prog").join(file), "").expect("write");
        }
        let path = dir.path().join(CONFIG_YML);
        std::fs::write(
            &path,
            "extra_compilation_files: [lib.cpp, lib.h]\nextra_compilation_args: {cpp: lib.cpp}\n\
             extra_execution_files:\n  py: [lib.py]\n",
        )
        .expect("write");
        let config = load(&path).expect("loads");
        assert_eq!(config.extras.compilation_files, ["lib.cpp", "lib.h"]);
        assert_eq!(config.extras.compilation_args["cpp"], ["lib.cpp"]);
        assert_eq!(config.extras.execution_files["py"], ["lib.py"]);
        assert!(config.unsupported.is_empty(), "{:?}", config.unsupported);
        std::fs::write(&path, "extra_compilation_args:\n  cpp: [lib.cpp, -DX]\n").expect("write");
        let config = load(&path).expect("loads");
        assert_eq!(config.unsupported.len(), 1);
        assert!(
            config.unsupported[0].contains("config.yml:2:3: `-DX` is no file of prog/"),
            "{}",
            config.unsupported[0]
        );
    }
}
