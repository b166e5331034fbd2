//! Reading `generators.yaml` into [`Generators`] as BAPCtools' `bapctools/generate.py`
//! reads it: the order of cases and directories, their names (numbered lists, `count:`),
//! seeds, inherited settings and `include:` (see the module's documentation, [`super`]).

use std::collections::HashMap;
use std::path::Path;

use serde_yaml_ng::{Mapping, Value};

use super::{
    Answer, Command, Directory, GeneratedCase, Generators, Recipe, Rule, Written, TEXT_FILES,
};
use crate::package::config::{parse_yaml, ProblemConfig};
use crate::package::{keys, PackageError};

/// The directories of the top level, in the order `bt` makes them.
const TOP_DIRECTORIES: [&str; 8] = [
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];
/// Keys of the top level besides a directory's; the deprecated ones are only noted.
const ROOT_KEYS: [&str; 2] = ["generators", "version"];
const DEPRECATED_ROOT_KEYS: [&str; 3] = ["gitignore_generated", "parallel", "visualizer"];
/// Keys of a directory.
const DIRECTORY_KEYS: [&str; 8] = [
    "data",
    "test_group.yaml",
    "testdata.yaml",
    "include",
    "solution",
    "random_salt",
    "retries",
    "description",
];
/// Keys that make a map a test case rather than a directory (besides its files but `hint`
/// and `desc`, which `bt` no longer knows).
const CASE_MARKS: [&str; 4] = ["copy", "generate", "count", "match"];
/// Files only samples may have.
const SAMPLE_ONLY: [&str; 4] = [
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
];
/// The keys that may be `{link: …}`, and what they may link to.
const LINKABLE: [&str; 4] = SAMPLE_ONLY;
const LINK_TARGETS: [&str; 6] = [
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "in",
    "ans",
];
/// Keys of a case besides its files.
const CASE_KEYS: [&str; 8] = [
    "generate",
    "copy",
    "count",
    "match",
    "solution",
    "random_salt",
    "retries",
    "visualizer",
];

pub(super) fn parse(
    path: &Path,
    text: &str,
    config: &ProblemConfig,
) -> Result<Generators, PackageError> {
    let value: Value = parse_yaml(path, text)?;
    let top = match value {
        Value::Null => Mapping::new(),
        Value::Mapping(map) => map,
        _ => return Err(PackageError(format!("{}: not a map", path.display()))),
    };
    let mut reader = Reader {
        path,
        text,
        config,
        found: Generators::default(),
        numbered_total: numbered_cases(&top),
        next_number: 1,
        known: HashMap::new(),
    };
    reader.programs(&top)?;
    let root = Settings {
        answer: Answer::Default,
        salt: String::new(),
        retries: 1,
    };
    reader.directory(&top, &[], "", &root)?;
    Ok(reader.found)
}

/// The settings a directory or case inherits.
#[derive(Clone)]
struct Settings {
    answer: Answer,
    salt: String,
    retries: u32,
}

/// What a key of the file names, for `include:`.
#[derive(Clone)]
enum Known {
    /// A case: its index in the cases.
    Case(usize),
    /// A directory: the indices of every case under it (included ones too).
    Directory(Vec<usize>),
}

struct Reader<'a> {
    path: &'a Path,
    text: &'a str,
    config: &'a ProblemConfig,
    found: Generators,
    /// How many numbered cases the file has, for the width of their numbers.
    numbered_total: usize,
    /// The next numbered case's number: numbering runs over the whole file.
    next_number: usize,
    /// Every key of a case or directory, with what it names (several: ambiguous).
    known: HashMap<String, Vec<Known>>,
}

/// The value of `count:` (1 when absent), as `bt`'s `parse_count`.
fn counts(map: Option<&Mapping>) -> Result<Option<Vec<i64>>, String> {
    let Some(count) = map.and_then(|m| m.get("count")) else {
        return Ok(None);
    };
    let values: Vec<i64> = match count {
        Value::Number(n) => {
            let n = n.as_i64().filter(|n| (1..=100).contains(n));
            let n = n.ok_or_else(|| format!("count {count:?} must be between 1 and 100"))?;
            (1..=n).collect()
        }
        Value::Sequence(items) => {
            let mut values = Vec::new();
            for item in items {
                let value = item
                    .as_i64()
                    .ok_or_else(|| format!("count list: {item:?} is not an integer"))?;
                if values.contains(&value) {
                    return Err(format!("count list: {value} is given twice"));
                }
                values.push(value);
            }
            values
        }
        Value::String(range) => {
            let (lo, hi) = range
                .split_once("..=")
                .and_then(|(lo, hi)| Some((lo.parse::<i64>().ok()?, hi.parse::<i64>().ok()?)))
                .ok_or_else(|| format!("count {range:?}: expected a range as `-4..=5`"))?;
            if lo > hi || hi - lo >= 100 {
                return Err(format!(
                    "count {range:?}: the range must be from 1 to 100 values"
                ));
            }
            (lo..=hi).collect()
        }
        _ => return Ok(None),
    };
    match values.len() {
        1..=100 => Ok(Some(values)),
        _ => Err("count: from 1 to 100 values".to_string()),
    }
}

/// Whether `value` is a test case (rather than a directory) as `bt` tells them apart.
fn is_case(value: &Value) -> bool {
    match value {
        Value::Null | Value::String(_) => true,
        Value::Mapping(map) => (CASE_MARKS.iter())
            .chain(&TEXT_FILES[..9])
            .any(|key| map.contains_key(*key)),
        _ => false,
    }
}

/// How many numbered cases are under `map` (`bt`'s forgiving count, for the width of
/// numbers): the cases of `data:` lists, each `count:` value one, and those of directories.
fn numbered_cases(map: &Mapping) -> usize {
    let (entries, numbered): (Vec<&Mapping>, bool) = match map.get("data") {
        Some(Value::Mapping(data)) => (vec![data], false),
        Some(Value::Sequence(items)) => {
            (items.iter().filter_map(Value::as_mapping).collect(), true)
        }
        _ => return 0,
    };
    let mut total = 0;
    for entry in entries {
        for child in entry.values() {
            if is_case(child) && numbered {
                total += counts(child.as_mapping())
                    .ok()
                    .flatten()
                    .map_or(1, |v| v.len());
            } else if let Value::Mapping(directory) = child.clone() {
                if !is_case(child) {
                    total += numbered_cases(&directory);
                }
            }
        }
    }
    total
}

/// `NN` or `NN-key`: the name of a numbered case or group.
fn number_name(number: usize, width: usize, key: &str) -> String {
    match key {
        "" => format!("{number:0width$}"),
        _ => format!("{number:0width$}-{key}"),
    }
}

/// Whether `name` is a name `bt` accepts for a case or directory.
fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
        && name.len() <= 255
}

fn joined(parent: &str, name: &str) -> String {
    match parent {
        "" => name.to_string(),
        _ => format!("{parent}/{name}"),
    }
}

fn at_key(keys: &[String], key: &str) -> Vec<String> {
    let mut at = keys.to_vec();
    at.push(key.to_string());
    at
}

impl Reader<'_> {
    /// `file:line:col` of the key at `keys`.
    fn at(&self, keys: &[String]) -> String {
        keys::at(self.path, self.text, keys)
    }

    fn error(&self, keys: &[String], what: impl std::fmt::Display) -> PackageError {
        PackageError(format!("{}: {what}", self.at(keys)))
    }

    /// Sorts the keys of `map` (at `keys`): a warning for one nobody knows, a note for a
    /// visualizer (skipped).
    fn sort_keys(&mut self, map: &Mapping, keys: &[String], known: &[&str]) {
        for key in map.keys() {
            let Some(name) = key.as_str() else { continue };
            let at = at_key(keys, name);
            if name == "visualizer" || DEPRECATED_ROOT_KEYS.contains(&name) && keys.is_empty() {
                let place = self.at(&at);
                self.found.notes.push(format!(
                    "{place}: `{}` is not supported, skipped",
                    at.join(".")
                ));
            } else if !known.contains(&name) {
                let warning = keys::unknown_key(
                    self.path,
                    self.text,
                    &at,
                    "neither the specification nor BAPCtools knows it",
                );
                self.found.warnings.push(warning);
            }
        }
    }

    /// The `generators:` map: a program's name and its files.
    fn programs(&mut self, top: &Mapping) -> Result<(), PackageError> {
        let at = ["generators".to_string()];
        let map = match top.get("generators") {
            None | Some(Value::Null) => return Ok(()),
            Some(Value::Mapping(map)) => map,
            Some(_) => return Err(self.error(&at, "`generators` must be a map")),
        };
        for (name, files) in map {
            let Some(name) = name.as_str().filter(|n| valid_name(n)) else {
                return Err(self.error(&at, format!("{name:?} is not a generator's name")));
            };
            let files: Option<Vec<String>> = files.as_sequence().and_then(|files| {
                files
                    .iter()
                    .map(|f| f.as_str().map(str::to_owned))
                    .collect()
            });
            match files {
                Some(files) if !files.is_empty() => {
                    self.found
                        .programs
                        .insert(format!("generators/{name}"), files);
                }
                _ => {
                    return Err(self.error(
                        &at_key(&at, name),
                        "a generator is a list of its files in generators/",
                    ))
                }
            }
        }
        Ok(())
    }

    /// The settings of the directory or case `map`, its parent's overridden.
    fn inherit(
        &self,
        map: &Mapping,
        keys: &[String],
        parent: &Settings,
    ) -> Result<Settings, PackageError> {
        let mut settings = parent.clone();
        match map.get("solution") {
            None => {}
            Some(Value::Null) => settings.answer = Answer::Nothing,
            Some(Value::String(path)) => {
                settings.answer = Answer::Solution(match path.strip_prefix('/') {
                    Some(from_root) => from_root.to_string(),
                    None => format!("generators/{path}"),
                })
            }
            Some(_) => {
                return Err(self.error(&at_key(keys, "solution"), "`solution` must be a path"))
            }
        }
        match map.get("random_salt") {
            None => {}
            Some(Value::String(salt)) => settings.salt.clone_from(salt),
            Some(Value::Number(n)) => settings.salt = n.to_string(),
            Some(Value::Null) => settings.salt = String::new(),
            Some(_) => {
                let at = at_key(keys, "random_salt");
                return Err(self.error(&at, "`random_salt` must be a string"));
            }
        }
        if let Some(retries) = map.get("retries") {
            settings.retries = retries
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .filter(|&n| n > 0)
                .ok_or_else(|| {
                    self.error(&at_key(keys, "retries"), "`retries` must be a number > 0")
                })?;
        }
        Ok(settings)
    }

    /// The directory `map` at `path` under `data/`; the indices of every case under it.
    fn directory(
        &mut self,
        map: &Mapping,
        keys: &[String],
        path: &str,
        parent: &Settings,
    ) -> Result<Vec<usize>, PackageError> {
        let is_root = keys.is_empty();
        let known: Vec<&str> = match is_root {
            true => DIRECTORY_KEYS.iter().chain(&ROOT_KEYS).copied().collect(),
            false => DIRECTORY_KEYS.to_vec(),
        };
        self.sort_keys(map, keys, &known);
        let settings = self.inherit(map, keys, parent)?;
        let mut group_yaml = None;
        for file in ["test_group.yaml", "testdata.yaml"] {
            match map.get(file) {
                Some(Value::Mapping(yaml)) if !yaml.is_empty() => {
                    let text = self.yaml_text(&at_key(keys, file), yaml)?;
                    group_yaml = Some((file.to_string(), text));
                }
                None | Some(Value::Null) | Some(Value::Mapping(_)) => {}
                Some(_) => return Err(self.error(&at_key(keys, file), "must be a map")),
            }
        }
        self.found.directories.push(Directory {
            path: path.to_string(),
            group_yaml,
        });
        let included = self.includes(map, keys)?;
        let data_at = at_key(keys, "data");
        // (key, value, where the key is) of each child, in the order `bt` takes them.
        let mut children: Vec<(String, &Value, Vec<String>)> = Vec::new();
        let numbered = match map.get("data") {
            None | Some(Value::Null) => false,
            Some(Value::Mapping(data)) => {
                let mut keys_of: Vec<String> = Vec::new();
                for key in data.keys() {
                    match key {
                        Value::String(k) => keys_of.push(k.clone()),
                        Value::Null => keys_of.push(String::new()),
                        Value::Number(n) => keys_of.push(n.to_string()),
                        _ => return Err(self.error(&data_at, "a name must be a string")),
                    }
                }
                let ordered: Vec<String> = match is_root {
                    true => {
                        let (top, other): (Vec<_>, Vec<_>) = (keys_of.into_iter())
                            .partition(|k| TOP_DIRECTORIES.contains(&k.as_str()));
                        for key in other {
                            let warning = keys::unknown_key(
                                self.path,
                                self.text,
                                &at_key(&data_at, &key),
                                "not a directory of data/ that BAPCtools makes",
                            );
                            self.found.warnings.push(warning);
                        }
                        (TOP_DIRECTORIES.iter())
                            .filter(|d| top.iter().any(|k| k == *d))
                            .map(|d| d.to_string())
                            .collect()
                    }
                    false => {
                        keys_of.sort();
                        keys_of
                    }
                };
                for key in ordered {
                    let value = data
                        .iter()
                        .find(|(k, _)| key_text(k).as_deref() == Some(key.as_str()))
                        .map(|(_, v)| v)
                        .expect("a key of the map");
                    let at = at_key(&data_at, &key);
                    children.push((key, value, at));
                }
                false
            }
            Some(Value::Sequence(items)) => {
                if is_root {
                    return Err(self.error(&data_at, "the top level must not be numbered"));
                }
                for (i, item) in items.iter().enumerate() {
                    let item_at = at_key(&data_at, &format!("[{i}]"));
                    let one = item.as_mapping().filter(|m| m.len() == 1);
                    let Some((key, value)) = one.and_then(|m| m.iter().next()) else {
                        return Err(self.error(
                            &item_at,
                            format!(
                                "numbered entry {} must be a map of exactly one entry (to give \
                                 a case's keys, indent them one more level)",
                                i + 1
                            ),
                        ));
                    };
                    let key = key_text(key)
                        .ok_or_else(|| self.error(&item_at, "a name must be a string"))?;
                    let at = at_key(&item_at, &key);
                    children.push((key, value, at));
                }
                true
            }
            Some(_) => {
                return Err(self.error(&data_at, "`data` must be a map or a list of one-key maps"))
            }
        };
        let groups_total = children.iter().filter(|(_, v, _)| !is_case(v)).count();
        let mut next_group = 1;
        let mut under = Vec::new();
        for (key, value, at) in children {
            if !numbered && key.is_empty() {
                return Err(self.error(&at, "a case or group not numbered must have a name"));
            }
            if is_case(value) {
                let first = self.found.cases.len();
                let numbering = numbered.then_some(());
                self.case(value, &at, path, &key, numbering, &settings)?;
                let made: Vec<usize> = (first..self.found.cases.len()).collect();
                for &index in &made {
                    self.learn(&key, Known::Case(index));
                }
                under.extend(made);
            } else if let Value::Mapping(child) = value {
                let name = match numbered {
                    true => number_name(next_group, groups_total.to_string().len(), &key),
                    false => key.clone(),
                };
                next_group += usize::from(numbered);
                if !valid_name(&name) {
                    return Err(self.error(&at, format!("{name:?} is not a valid directory name")));
                }
                let cases = self.directory(child, &at, &joined(path, &name), &settings)?;
                self.learn(&key, Known::Directory(cases.clone()));
                under.extend(cases);
            } else {
                return Err(self.error(&at, "neither a test case nor a directory"));
            }
        }
        // Included cases come after the directory's own, linked to the cases they name.
        let mut linked: Vec<String> = Vec::new();
        for index in included {
            // A case included from a group that included it links to the case itself.
            let target = match &self.found.cases[index].rule {
                Rule::Included(target) => target.clone(),
                Rule::Own(_) => self.found.cases[index].name.clone(),
            };
            let leaf = target.rsplit('/').next().unwrap_or_default().to_string();
            // A case included twice (by itself and by its group) is linked once.
            if linked.contains(&leaf) {
                continue;
            }
            linked.push(leaf.clone());
            under.push(self.found.cases.len());
            self.found.cases.push(GeneratedCase {
                name: joined(path, &leaf),
                rule: Rule::Included(target),
                answer: Answer::Nothing,
            });
        }
        Ok(under)
    }

    /// The YAML file `value` (at `keys`) is written as: as `bt` writes it (ruamel.yaml keeps
    /// the text as it was written), its text in `generators.yaml` taken out of its place;
    /// written anew when that text cannot be found.
    fn yaml_text(&self, keys: &[String], value: &Mapping) -> Result<String, PackageError> {
        if let Some(text) = source_block(self.text, keys) {
            return Ok(text);
        }
        serde_yaml_ng::to_string(value).map_err(|e| self.error(keys, e))
    }

    fn learn(&mut self, key: &str, known: Known) {
        self.known.entry(key.to_string()).or_default().push(known);
    }

    /// The cases `include:` of the directory `map` names (each by a key seen before).
    fn includes(&self, map: &Mapping, keys: &[String]) -> Result<Vec<usize>, PackageError> {
        let at = at_key(keys, "include");
        let names = match map.get("include") {
            None | Some(Value::Null) => return Ok(Vec::new()),
            Some(Value::Sequence(names)) => names,
            Some(_) => return Err(self.error(&at, "`include` must be a list of keys")),
        };
        let mut cases = Vec::new();
        for name in names {
            let name = key_text(name)
                .ok_or_else(|| self.error(&at, "an included key must be a string"))?;
            if name.contains('/') {
                return Err(self.error(&at, format!("include {name:?}: a key, not a path")));
            }
            match self.known.get(&name).map(Vec::as_slice) {
                None | Some([]) => {
                    return Err(self.error(
                        &at,
                        format!("include {name:?}: no case or group before it has this key"),
                    ))
                }
                Some([Known::Case(index)]) => cases.push(*index),
                Some([Known::Directory(under)]) => cases.extend(under.iter().copied()),
                Some(_) => return Err(self.error(&at, format!("include {name:?} is ambiguous"))),
            }
        }
        Ok(cases)
    }

    /// The case (or, with `count:`, cases) `value` of key `key` in the directory at `path`;
    /// `numbering` when its directory is numbered.
    fn case(
        &mut self,
        value: &Value,
        keys: &[String],
        path: &str,
        key: &str,
        numbering: Option<()>,
        parent: &Settings,
    ) -> Result<(), PackageError> {
        let owned;
        let map = match value {
            Value::Null => {
                // `bt` reports it and goes on without it.
                let place = self.at(keys);
                self.found.warnings.push(format!(
                    "{place}: an empty case (it must say how it is made): skipped, as bt skips it"
                ));
                if numbering.is_some() {
                    self.next_number += 1;
                }
                return Ok(());
            }
            Value::String(command) => {
                owned = match command.strip_suffix(".in") {
                    Some(copy) => Mapping::from_iter([("copy".into(), copy.into())]),
                    None => Mapping::from_iter([("generate".into(), command.as_str().into())]),
                };
                &owned
            }
            Value::Mapping(map) => {
                let known: Vec<&str> = CASE_KEYS.iter().chain(&TEXT_FILES).copied().collect();
                self.sort_keys(map, keys, &known);
                map
            }
            _ => return Err(self.error(keys, "a case is a command or a map")),
        };
        let settings = self.inherit(map, keys, parent)?;
        let counted = counts(Some(map)).map_err(|why| self.error(keys, why))?;
        let values = counted.clone().unwrap_or_else(|| vec![1]);
        let (lo, hi) = (values.iter().min(), values.iter().max());
        let consecutive =
            matches!((lo, hi), (Some(lo), Some(hi)) if hi - lo + 1 == values.len() as i64);
        let padding = match consecutive {
            true => values
                .iter()
                .map(|v| v.to_string().len())
                .max()
                .unwrap_or(0),
            false => 0,
        };
        if map.contains_key("match") {
            let place = self.at(&at_key(keys, "match"));
            self.found
                .notes
                .push(format!("{place}: `match` is not checked, skipped"));
        }
        for value in values {
            let mut name = match numbering {
                Some(()) => {
                    let width = self.numbered_total.to_string().len();
                    let name = number_name(self.next_number, width, key);
                    self.next_number += 1;
                    name
                }
                None => key.to_string(),
            };
            if counted.is_some() {
                // As Python's `f"{value:0{padding}}"`: the width counts the sign.
                name = format!("{name}-{value:0padding$}");
            }
            if !valid_name(&format!("{name}.in")) || name == "test_group" {
                return Err(self.error(keys, format!("{name:?} is not a valid case name")));
            }
            let full = joined(path, &name);
            let counting = counted.as_ref().map(|_| value);
            let recipe = self.recipe(map, keys, &full, counting, &settings)?;
            self.found.cases.push(GeneratedCase {
                name: full,
                rule: Rule::Own(recipe),
                answer: settings.answer.clone(),
            });
        }
        Ok(())
    }

    /// How the case `map` (named `name` under `data/`) is made, `count` its value of `count:`.
    fn recipe(
        &mut self,
        map: &Mapping,
        keys: &[String],
        name: &str,
        count: Option<i64>,
        settings: &Settings,
    ) -> Result<Recipe, PackageError> {
        let (path, text) = (self.path, self.text);
        let string = |key: &str| match map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(PackageError(format!(
                "{}: `{key}` must be a string",
                keys::at(path, text, &at_key(keys, key))
            ))),
        };
        let mut recipe = Recipe {
            retries: settings.retries,
            ..Recipe::default()
        };
        if let Some(command) = string("generate")? {
            recipe.generate = Some(self.command(&command, keys, count, &settings.salt)?);
        }
        if let Some(copy) = string("copy")? {
            if copy.starts_with('/') {
                return Err(self.error(&at_key(keys, "copy"), "`copy` must be relative"));
            }
            recipe.copy = Some(Path::new("generators").join(copy));
        }
        let sample = name.starts_with("sample/");
        for key in TEXT_FILES {
            let at = at_key(keys, key);
            let written = match map.get(key) {
                None | Some(Value::Null) => continue,
                Some(Value::String(text)) => {
                    Written::Text(match text.is_empty() || text.ends_with('\n') {
                        true => text.clone(),
                        false => format!("{text}\n"),
                    })
                }
                Some(Value::Mapping(yaml)) if key == "yaml" => {
                    Written::Text(self.yaml_text(&at, yaml)?)
                }
                Some(Value::Mapping(link)) if LINKABLE.contains(&key) && link.len() == 1 => {
                    let target = link.get("link").and_then(Value::as_str);
                    let target = target
                        .filter(|t| LINK_TARGETS.contains(t))
                        .ok_or_else(|| self.error(&at, "a link is `{link: in}` (or ans, …)"))?;
                    if key.split('.').next() != target.split('.').next() {
                        return Err(self.error(&at, format!("a link from {key} to {target}")));
                    }
                    Written::Link(target.to_string())
                }
                Some(_) => {
                    return Err(self.error(&at, format!("`{key}` must be a string")));
                }
            };
            if !sample && SAMPLE_ONLY.contains(&key) {
                return Err(self.error(&at, format!("only a sample may have `{key}`")));
            }
            recipe.written.push((key.to_string(), written));
        }
        let has = |key: &str| recipe.written.iter().any(|(k, _)| k == key);
        let makes_input = recipe.generate.is_some()
            || recipe.copy.is_some()
            || has("in")
            || sample && (has("in.statement") || has("interaction")) && has("in.download");
        if !makes_input {
            return Err(self.error(
                keys,
                "a case needs one of `generate`, `copy` and `in` (a sample: or `in.statement` \
                 and `in.download`)",
            ));
        }
        Ok(recipe)
    }

    /// The generator's command `text` of a case at `keys`: constants and `{count}` replaced,
    /// split as a shell splits it, its seed from `salt`.
    fn command(
        &mut self,
        text: &str,
        keys: &[String],
        count: Option<i64>,
        salt: &str,
    ) -> Result<Command, PackageError> {
        let at = at_key(keys, "generate");
        let mut text = self.config.substitute(text);
        if text.contains("{count}") {
            match count {
                Some(count) => text = text.replace("{count}", &count.to_string()),
                None => {
                    let place = self.at(&at);
                    self.found.warnings.push(format!(
                        "{place}: `{{count}}` without `count:` (bt leaves it as it is)"
                    ));
                }
            }
        }
        let words = shlex::split(&text)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| self.error(&at, format!("{text:?} is not a command")))?;
        let seeds: usize = (words.iter().skip(1)).map(|w| replace_count(w)).sum();
        if seeds > 1 {
            return Err(self.error(&at, "`{seed}` may appear at most once"));
        }
        let program = &words[0];
        if program.starts_with('/') {
            return Err(self.error(&at, "a generator is named from generators/, not from /"));
        }
        let salted = match count {
            Some(value) if value != 1 => format!("{salt}:{}{}", value - 1, text.trim()),
            _ => format!("{salt}{}", text.trim()),
        };
        Ok(Command {
            program: format!("generators/{program}"),
            args: (words[1..].iter())
                .map(|w| w.replace("{name}", "testcase"))
                .collect(),
            seed: super::seed(&salted),
            text,
        })
    }
}

/// The text of the value of the key at `keys` in `text`: a flow value on the key's line, or
/// the block under it, its indentation removed; `None` when the key is not found.
fn source_block(text: &str, keys: &[String]) -> Option<String> {
    let (line, column) = keys::locate(text, keys)?;
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.get(line - 1)?;
    let key = keys.last()?;
    let after = first.get(column - 1..)?.split_once(':')?.1.trim();
    if !after.is_empty() && !after.starts_with('#') {
        return (after.starts_with('{') && key.as_str() != "").then(|| format!("{after}\n"));
    }
    let block: Vec<&str> = (lines[line..].iter())
        .take_while(|l| l.trim().is_empty() || l.len() - l.trim_start().len() >= column)
        .copied()
        .collect();
    let end = block.iter().rposition(|l| !l.trim().is_empty())? + 1;
    let block = &block[..end];
    let indent = (block.iter())
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()?;
    let mut out = String::new();
    for l in block {
        out.push_str(l.get(indent..).unwrap_or("").trim_end());
        out.push('\n');
    }
    Some(out)
}

/// How many `{seed}` or `{seed:N}` `word` holds.
fn replace_count(word: &str) -> usize {
    let marked = super::replace_seed(word, 0);
    word.matches("{seed").count() - marked.matches("{seed").count()
}

/// A key of a map as `bt` reads it: a string (or a number written bare, as YAML reads
/// `01`), or empty for `null`.
fn key_text(key: &Value) -> Option<String> {
    match key {
        Value::String(k) => Some(k.clone()),
        Value::Null => Some(String::new()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Generators, PackageError> {
        let dir = tempfile::tempdir().expect("tempdir");
        let problem = dir.path().join("problem.yaml");
        std::fs::write(&problem, "name: x\n").expect("write");
        let config = crate::package::config::load_problem(&problem).expect("problem.yaml");
        parse(Path::new("generators/generators.yaml"), text, &config)
    }

    fn names(text: &str) -> Vec<String> {
        let found = read(text).expect("reads");
        found.cases.into_iter().map(|c| c.name).collect()
    }

    #[test]
    fn numbered_cases_are_numbered_over_the_whole_file() {
        let text = "data:\n  sample:\n    data:\n      - '': {in: '1'}\n  secret:\n    data:\n\
                    \x20     - a: gen.py 1\n      - b:\n          generate: gen.py {count}\n\
                    \x20         count: 9\n";
        let found = names(text);
        assert_eq!(found[0], "sample/01");
        assert_eq!(found[1], "secret/02-a");
        assert_eq!(found[2], "secret/03-b-1");
        assert_eq!(found[10], "secret/11-b-9");
    }

    #[test]
    fn counts_pad_consecutive_values_only() {
        let text = "data:\n  secret:\n    data:\n      r:\n        generate: g {count}\n\
                    \x20       count: -9..=10\n      p:\n        generate: g {count}\n\
                    \x20       count: [-5, 100]\n";
        let found = names(text);
        assert!(found.contains(&"secret/r--9".to_string()), "{found:?}");
        assert!(found.contains(&"secret/r-01".to_string()), "{found:?}");
        assert!(found.contains(&"secret/p--5".to_string()), "{found:?}");
        assert!(found.contains(&"secret/p-100".to_string()), "{found:?}");
    }

    #[test]
    fn the_root_must_not_be_numbered() {
        let e = read("data:\n  - sample: {}\n").unwrap_err();
        assert!(e.0.contains("must not be numbered"), "{e}");
    }
}
