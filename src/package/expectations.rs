//! What each example submission of a 2025-09 package is held to: the requirements of its
//! folder (`accepted`, `rejected`, `wrong_answer`, `time_limit_exceeded`, `run_time_error`,
//! `brute_force`) and of every key of `submissions/submissions.yaml` that matches it.
//!
//! A key is a glob over submission paths under `submissions/` (`*` within one name, brace
//! alternatives `{a,b}`); it matches a submission when it matches the submission's path or a
//! folder above it. A key that is exactly a default folder's name replaces that folder's
//! requirements key by key; any other key adds its own. Under a key, `permitted`, `required`
//! and `message` apply to every test case, and the same keys under a test glob (`secret/*-hard`)
//! apply to the test cases in the groups or cases it matches. A requirement holds when every
//! test case it covers has a permitted verdict, at least one has a required verdict, and at
//! least one judge message contains the message (held in `crate::verify::expectation`, over
//! the model's rules that `crate::readers::kattis` makes of these).

use std::path::Path;

use serde_yaml_ng::Value;

use super::config::{read_text, ProblemConfig};
use super::{keys, PackageError};

/// The verdicts requirements speak of.
pub const VERDICTS: [&str; 4] = ["AC", "WA", "TLE", "RTE"];

/// A set of verdicts a default folder's requirement names (`None`: no such requirement).
type DefaultVerdicts = Option<&'static [&'static str]>;

/// The requirements of the default folders: (folder, `permitted`, `required`).
const DEFAULTS: [(&str, DefaultVerdicts, DefaultVerdicts); 6] = [
    ("accepted", Some(&["AC"]), None),
    ("rejected", None, Some(&["RTE", "TLE", "WA"])),
    ("wrong_answer", Some(&["AC", "WA"]), Some(&["WA"])),
    ("time_limit_exceeded", Some(&["AC", "TLE"]), Some(&["TLE"])),
    ("run_time_error", Some(&["AC", "RTE"]), Some(&["RTE"])),
    (
        "brute_force",
        Some(&["AC", "RTE", "TLE"]),
        Some(&["RTE", "TLE"]),
    ),
];

/// A scoring package's `partially_accepted/` (legacy's folder, which 2025-09 scoring packages
/// still use, the specification's own example too) as a default folder: no verdict is
/// required or refused (2025-09 gives a scoring submission a score instead of a verdict, and
/// the example's partial solution is wrong on a group); less than the full score is a rule of
/// its score. It does not bound the time limit.
const PARTIALLY_ACCEPTED_DEFAULT: (&str, DefaultVerdicts, DefaultVerdicts) =
    (PARTIALLY_ACCEPTED, None, None);

/// The folders that have requirements without `submissions.yaml`.
pub fn default_folders() -> [&'static str; 6] {
    DEFAULTS.map(|(folder, _, _)| folder)
}

/// The keys of a submission glob's map besides test globs.
const SUBMISSION_KEYS: [&str; 9] = [
    "language",
    "entrypoint",
    "authors",
    "model_solution",
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// The keys of a test glob's map.
const TEST_KEYS: [&str; 5] = [
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// `use_for_time_limit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeUse {
    /// `false`: the submission does not bound the time limit through this requirement.
    Never,
    /// `lower`: as `permitted: [AC, WA, RTE]`.
    Lower,
    /// `upper`: as `required: [TLE]`.
    Upper,
}

/// One requirement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// Where it comes from: `folder accepted`, `submissions.yaml accepted/*.py`,
    /// `submissions.yaml x.py: secret/group1`.
    pub origin: String,
    /// The test glob it is limited to (`None`: every test case).
    pub tests: Option<String>,
    pub permitted: Option<Vec<String>>,
    pub required: Option<Vec<String>>,
    pub message: Option<String>,
    pub time_use: Option<TimeUse>,
}

impl Rule {
    /// Whether it is judged at the higher limit (limit × `time_limit_to_tle`): a requirement
    /// to time out bounds the time limit from above, so only runs slower than the higher
    /// limit count as TLE for it.
    pub fn at_high_limit(&self) -> bool {
        self.time_use == Some(TimeUse::Upper)
            || (self.required.as_deref() == Some(&["TLE".to_string()][..])
                && self.time_use != Some(TimeUse::Never))
    }

    /// Whether the submission bounds the time limit from below through this rule: it applies
    /// to every test and does not permit TLE (or says `use_for_time_limit: lower`).
    pub fn lower_bounds_time_limit(&self) -> bool {
        match self.time_use {
            Some(TimeUse::Lower) => true,
            Some(_) => false,
            None => {
                self.tests.is_none()
                    && (self.permitted.as_ref()).is_some_and(|p| !p.iter().any(|v| v == "TLE"))
            }
        }
    }

    /// Whether nothing judged at the higher limit can change any more, given the tests run so
    /// far under it (`done`: each test's name and whether it timed out there): the rule is
    /// not judged there, or it requires TLE, a test it covers already timed out, and it asks
    /// for no message. Then the submission's other tests need running only up to the time
    /// limit itself.
    pub fn settled_at_high(&self, done: &[(String, bool)]) -> bool {
        if !self.at_high_limit() || self.required.is_none() {
            return true;
        }
        let covers = |name: &str| self.tests.as_deref().is_none_or(|g| glob_matches(g, name));
        self.message.is_none()
            && (self.required.iter().flatten()).any(|v| v == "TLE")
            && (done.iter()).any(|(name, timed_out)| *timed_out && covers(name))
    }
}

/// Everything a submission is held to, and what `submissions.yaml` says of how to build it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Requirements {
    pub rules: Vec<Rule>,
    /// `score` of a scoring problem's submission (the last key that gives one).
    pub score: Option<ExpectedScore>,
    /// `language`: the code of the language it is in.
    pub language: Option<String>,
    /// `entrypoint`.
    pub entrypoint: Option<String>,
}

/// The score a submission of a scoring problem must get: `low..=high` (equal for one
/// number), and the key that says so.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectedScore {
    pub low: f64,
    pub high: f64,
    /// Where it is written: `submissions.yaml partial.py`.
    pub origin: String,
}

impl Requirements {
    /// Where its rules come from, for reports: `folder accepted; submissions.yaml x.py`.
    pub fn origins(&self) -> String {
        let mut origins: Vec<&str> = self.rules.iter().map(|r| r.origin.as_str()).collect();
        origins.dedup();
        origins.join("; ")
    }

    /// Whether every rule is [settled at the higher limit](Rule::settled_at_high) by the
    /// runs `done` so far.
    pub fn settled_at_high(&self, done: &[(String, bool)]) -> bool {
        self.rules.iter().all(|r| r.settled_at_high(done))
    }

    /// Whether the submission's times bound the time limit from below.
    pub fn lower_bounds_time_limit(&self) -> bool {
        self.rules.iter().any(Rule::lower_bounds_time_limit)
    }
}

/// The folder of a scoring package's submissions that are accepted on every test case but
/// earn less than the full score (legacy's folder, which 2025-09 scoring packages still use).
pub const PARTIALLY_ACCEPTED: &str = "partially_accepted";

/// One key of `submissions.yaml` and what it says.
#[derive(Debug, Clone)]
struct Entry {
    glob: String,
    own: Rule,
    tests: Vec<Rule>,
    language: Option<String>,
    entrypoint: Option<String>,
    score: Option<ExpectedScore>,
}

/// `submissions/submissions.yaml` of a 2025-09 package, read.
#[derive(Debug, Clone, Default)]
pub struct SubmissionsYaml {
    entries: Vec<Entry>,
    /// Keys it does not know, at `file:line:col`.
    pub warnings: Vec<String>,
    /// Keys stonejudge does not do (`score`).
    pub unsupported: Vec<String>,
}

impl SubmissionsYaml {
    /// Reads `submissions.yaml` at `path` (none: the folders' defaults alone).
    pub fn load(path: &Path, problem: &ProblemConfig) -> Result<SubmissionsYaml, PackageError> {
        let mut read = SubmissionsYaml::default();
        if !path.is_file() {
            return Ok(read);
        }
        let text = problem.substitute(&read_text(path)?);
        let value: Value = super::config::parse_yaml(path, &text)?;
        let Some(map) = value.as_mapping() else {
            return match value {
                Value::Null => Ok(read),
                _ => Err(PackageError(format!(
                    "{}: expected a map from submission globs to requirements",
                    path.display()
                ))),
            };
        };
        for (key, body) in map {
            let glob = scalar(key);
            let keys = [glob.clone()];
            let body = body.as_mapping().ok_or_else(|| {
                PackageError(format!(
                    "{}: {glob}: expected a map of requirements",
                    keys::at(path, &text, &keys)
                ))
            })?;
            let origin = format!("submissions.yaml {glob}");
            let mut entry = Entry {
                glob: glob.clone(),
                own: read.rule(path, &text, &keys, body, &origin, None)?,
                tests: Vec::new(),
                language: string_at(body, "language"),
                entrypoint: string_at(body, "entrypoint"),
                score: expected_score(path, &text, &keys, body, &origin)?,
            };
            for (test_key, test_body) in body {
                let test_glob = scalar(test_key);
                if SUBMISSION_KEYS.contains(&test_glob.as_str()) {
                    continue;
                }
                let test_keys = [glob.clone(), test_glob.clone()];
                let Some(test_body) = test_body.as_mapping() else {
                    read.warnings.push(keys::unknown_key(
                        path,
                        &text,
                        &test_keys,
                        "neither a requirement nor a test glob with requirements",
                    ));
                    continue;
                };
                let origin = format!("submissions.yaml {glob}: {test_glob}");
                let rule =
                    read.rule(path, &text, &test_keys, test_body, &origin, Some(test_glob))?;
                entry.tests.push(rule);
            }
            read.entries.push(entry);
        }
        Ok(read)
    }

    /// One map of requirements (`keys` is where it is; `tests`: the test glob it is under,
    /// where keys other than requirements are warned of).
    fn rule(
        &mut self,
        path: &Path,
        text: &str,
        keys: &[String],
        body: &serde_yaml_ng::Mapping,
        origin: &str,
        tests: Option<String>,
    ) -> Result<Rule, PackageError> {
        let key_path = |key: &str| {
            let mut all = keys.to_vec();
            all.push(key.to_string());
            all
        };
        let error = |key: &str, what: &str| {
            PackageError(format!(
                "{}: {key}: {what}",
                keys::at(path, text, &key_path(key))
            ))
        };
        let verdicts = |key: &str| -> Result<Option<Vec<String>>, PackageError> {
            let Some(value) = body.get(key) else {
                return Ok(None);
            };
            let list: Vec<String> = match value {
                Value::String(one) => vec![one.clone()],
                Value::Sequence(many) => many.iter().map(scalar).collect(),
                _ => return Err(error(key, "expected a list of verdicts")),
            };
            match list.iter().find(|v| !VERDICTS.contains(&v.as_str())) {
                Some(bad) => Err(error(
                    key,
                    &format!("{bad:?} is not one of {}", VERDICTS.join(", ")),
                )),
                None => Ok(Some(list)),
            }
        };
        let time_use = match body.get("use_for_time_limit") {
            None | Some(Value::Bool(true)) => None,
            Some(Value::Bool(false)) => Some(TimeUse::Never),
            Some(Value::String(s)) if s == "lower" => Some(TimeUse::Lower),
            Some(Value::String(s)) if s == "upper" => Some(TimeUse::Upper),
            Some(_) => {
                return Err(error(
                    "use_for_time_limit",
                    "expected true, false, lower or upper",
                ))
            }
        };
        if tests.is_some() && body.contains_key("score") {
            self.unsupported.push(format!(
                "{}: score is not supported under a test data group (stonejudge holds a \
                 submission's total score only)",
                keys::at(path, text, &key_path("score"))
            ));
        }
        if tests.is_some() {
            for (key, _) in body {
                let key = scalar(key);
                if !TEST_KEYS.contains(&key.as_str()) {
                    self.warnings.push(keys::unknown_key(
                        path,
                        text,
                        &key_path(&key),
                        "not a requirement of a test glob",
                    ));
                }
            }
        }
        Ok(Rule {
            origin: origin.to_string(),
            tests,
            permitted: verdicts("permitted")?,
            required: verdicts("required")?,
            message: string_at(body, "message"),
            time_use,
        })
    }

    /// What the submission at `path` (under `submissions/`, `accepted/x.py`) is held to, or
    /// `None` when no default folder and no key covers it. In a `scoring` package
    /// `partially_accepted/` is a default folder too.
    pub fn expectation(&self, path: &str, scoring: bool) -> Option<Requirements> {
        let folder = path.split('/').next().unwrap_or(path);
        let mut expectation = Requirements::default();
        let replacing = self.entries.iter().find(|e| e.glob == folder);
        let defaults = DEFAULTS
            .iter()
            .chain(scoring.then_some(&PARTIALLY_ACCEPTED_DEFAULT));
        let default = defaults.clone().find(|(f, _, _)| *f == folder);
        if let Some((_, permitted, required)) = default {
            let list = |l: &Option<&[&str]>| l.map(|l| l.iter().map(|v| v.to_string()).collect());
            let mut rule = Rule {
                origin: format!("folder {folder}"),
                tests: None,
                permitted: list(permitted),
                required: list(required),
                message: None,
                time_use: None,
            };
            if let Some(entry) = replacing {
                let own = &entry.own;
                rule = Rule {
                    origin: format!("folder {folder}, as submissions.yaml {folder} changes it"),
                    tests: None,
                    permitted: own.permitted.clone().or(rule.permitted),
                    required: own.required.clone().or(rule.required),
                    message: own.message.clone(),
                    time_use: own.time_use,
                };
            }
            expectation.rules.push(rule);
        }
        for entry in &self.entries {
            if !glob_matches(&entry.glob, path) {
                continue;
            }
            let is_replacement =
                replacing.is_some_and(|r| std::ptr::eq(r, entry)) && default.is_some();
            if !is_replacement && has_requirement(&entry.own) {
                expectation.rules.push(entry.own.clone());
            }
            expectation.rules.extend(entry.tests.iter().cloned());
            expectation.score = entry.score.clone().or(expectation.score);
            expectation.language = entry.language.clone().or(expectation.language);
            expectation.entrypoint = entry.entrypoint.clone().or(expectation.entrypoint);
        }
        let covered = !expectation.rules.is_empty()
            || self.entries.iter().any(|e| glob_matches(&e.glob, path));
        covered.then_some(expectation)
    }
}

/// The `score` of a submission glob's `body` (at `keys`): a non-negative number, or a list
/// of two, low then high; anything else is an error at its line.
fn expected_score(
    path: &Path,
    text: &str,
    keys: &[String],
    body: &serde_yaml_ng::Mapping,
    origin: &str,
) -> Result<Option<ExpectedScore>, PackageError> {
    let Some(value) = body.get("score") else {
        return Ok(None);
    };
    let mut at = keys.to_vec();
    at.push("score".to_string());
    let number = |v: &Value| v.as_f64().filter(|n| n.is_finite() && *n >= 0.0);
    let (low, high) = match value {
        Value::Sequence(two) if two.len() == 2 => (number(&two[0]), number(&two[1])),
        one => (number(one), number(one)),
    };
    match (low, high) {
        (Some(low), Some(high)) if low <= high => Ok(Some(ExpectedScore {
            low,
            high,
            origin: origin.to_string(),
        })),
        _ => Err(PackageError(format!(
            "{}: score: expected a non-negative number, or a list of two (low, then high)",
            keys::at(path, text, &at)
        ))),
    }
}

fn has_requirement(rule: &Rule) -> bool {
    rule.permitted.is_some()
        || rule.required.is_some()
        || rule.message.is_some()
        || rule.time_use.is_some()
}

fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => serde_yaml_ng::to_string(other)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}

fn string_at(map: &serde_yaml_ng::Mapping, key: &str) -> Option<String> {
    map.get(key).and_then(Value::as_str).map(String::from)
}

/// Whether `glob` (brace alternatives, `*` within a name) matches `path` or a folder above it.
pub fn glob_matches(glob: &str, path: &str) -> bool {
    let names: Vec<&str> = path.split('/').collect();
    expand_braces(glob).iter().any(|alternative| {
        let parts: Vec<&str> = alternative.trim_end_matches('/').split('/').collect();
        parts.len() <= names.len()
            && parts
                .iter()
                .zip(&names)
                .all(|(part, name)| wildcard(part.as_bytes(), name.as_bytes()))
    })
}

/// Every alternative of the braces in `glob` (`{a,b}.py`: `a.py`, `b.py`; nested too).
pub fn expand_braces(glob: &str) -> Vec<String> {
    let Some(open) = glob.find('{') else {
        return vec![glob.to_string()];
    };
    let mut depth = 0;
    let mut close = None;
    let mut cuts = Vec::new();
    for (i, c) in glob[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            ',' if depth == 1 => cuts.push(open + i),
            _ => {}
        }
    }
    let Some(close) = close else {
        return vec![glob.to_string()];
    };
    let mut bounds = vec![open];
    bounds.extend(cuts);
    bounds.push(close);
    let (head, tail) = (&glob[..open], &glob[close + 1..]);
    bounds
        .windows(2)
        .flat_map(|w| expand_braces(&format!("{head}{}{tail}", &glob[w[0] + 1..w[1]])))
        .collect()
}

/// `*` matches any run of characters (within one name), everything else itself.
fn wildcard(pattern: &[u8], name: &[u8]) -> bool {
    match pattern.split_first() {
        None => name.is_empty(),
        Some((b'*', rest)) => (0..=name.len()).any(|skip| wildcard(rest, &name[skip..])),
        Some((c, rest)) => name.first() == Some(c) && wildcard(rest, &name[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_and_stars_match_names_and_the_folders_above() {
        assert_eq!(expand_braces("{a,b}.{py,cpp}").len(), 4);
        assert_eq!(expand_braces("x{a,{b,c}}"), ["xa", "xb", "xc"]);
        assert!(glob_matches("accepted", "accepted/x.py"));
        assert!(glob_matches("accepted/*", "accepted/x.py"));
        assert!(glob_matches("*/{x,y}.py", "wrong_answer/y.py"));
        assert!(!glob_matches("accepted/*.cpp", "accepted/x.py"));
        assert!(glob_matches("secret/*-easy", "secret/03-easy/01"));
        assert!(!glob_matches("secret/*-easy", "secret/03-hard/01"));
    }

    /// `time_limit_exceeded/`'s rule, limited to `tests` when given.
    fn times_out(tests: Option<&str>) -> Rule {
        Rule {
            origin: "folder time_limit_exceeded".to_string(),
            tests: tests.map(str::to_string),
            permitted: Some(vec!["AC".into(), "TLE".into()]),
            required: Some(vec!["TLE".into()]),
            message: None,
            time_use: None,
        }
    }

    #[test]
    fn a_rule_to_time_out_is_settled_by_a_timeout_on_a_test_it_covers() {
        let done = |name: &str, timed_out| vec![(name.to_string(), timed_out)];
        assert!(!times_out(None).settled_at_high(&done("secret/1", false)));
        assert!(times_out(None).settled_at_high(&done("secret/1", true)));
        let secret = times_out(Some("secret"));
        assert!(!secret.settled_at_high(&done("sample/1", true)));
        assert!(secret.settled_at_high(&done("secret/big/1", true)));
        // A message is looked for on every test: never settled early.
        let message = Rule {
            message: Some("slow".into()),
            ..times_out(None)
        };
        assert!(!message.settled_at_high(&done("secret/1", true)));
        // A rule not judged at the higher limit needs nothing there.
        let accepted = Rule {
            permitted: Some(vec!["AC".into()]),
            required: None,
            ..times_out(None)
        };
        assert!(accepted.settled_at_high(&[]));
    }
}
