//! `problems/<name>/problem.toml`: a problem's title, limits, samples and test plan.
//!
//! ```toml
//! title = "Stripes"
//!
//! [limits]
//! time_seconds = 1.0        # per test, CPU time
//! memory_mib = 256
//!
//! [[sample]]                # one or more; the statement shows them, tests 01, 02, ... are them
//! input = """
//! 1 5 1
//! 3
//! 1
//! 5
//! 6
//! """
//!
//! [[group]]                 # one or more, in test order after the samples
//! name = "small-random"     # lowercase letters, digits and '-'; unique; not "sample"
//! about = "why this group exists (optional)"
//! count = 10                # tests in the group
//! seed = 1000               # test i (0-based) of the group uses seed 1000 + i
//! params = { mode = "random", max_p = 20 }   # --param KEY=VALUE for the generator
//!
//! [game]                    # optional: a declared game problem (see crate::declared)
//! ruleset = "subtraction:1,3,4"
//! format = "cases"
//! max_heap = 1000
//! max_heaps = 100
//! max_cases = 100
//! ```
//!
//! Loading is strict: an unknown key, a missing one, a wrong type or a value out of range is an
//! error naming `problem.toml:line:col`. The generator parameters are checked by the generator
//! itself when the plan is built (see [`super::plan`]); their position is kept for that.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use toml::Spanned;

/// The file name of a manifest inside its problem directory.
pub const MANIFEST_FILE: &str = "problem.toml";

/// The group name the samples get in the test plan; no `[[group]]` may use it.
pub const SAMPLE_GROUP: &str = "sample";

/// The most tests one problem's plan may hold (keeps test numbers and testdata/ bounded).
pub const MAX_TESTS: u64 = 999;

/// A 1-based line and column (in bytes) inside `problem.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub col: usize,
}

/// A `problem.toml` that cannot be read or breaks the schema, with where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ManifestError {
    #[error("{}: cannot read: {message}", path.display())]
    Unreadable { path: PathBuf, message: String },
    #[error("{}:{}:{}: {message}", path.display(), at.line, at.col)]
    Invalid {
        path: PathBuf,
        at: Position,
        message: String,
    },
}

/// A loaded, checked `problem.toml`.
#[derive(Debug, Clone, PartialEq)]
pub struct Manifest {
    /// The problem's name: the name of its directory under `problems/`.
    pub name: String,
    /// Where the manifest was read from, for messages.
    pub path: PathBuf,
    pub title: String,
    pub limits: Limits,
    pub samples: Vec<Sample>,
    pub groups: Vec<Group>,
    /// The `[game]` table of a declared game problem, read as written: what its entries mean
    /// is the declared module's business ([`crate::declared::Spec`]).
    pub game: Option<GameTable>,
}

/// The entries of a `[game]` table, each with where its value is written, in key order.
#[derive(Debug, Clone, PartialEq)]
pub struct GameTable {
    /// Where the table starts (for an entry that is missing).
    pub at: Position,
    pub entries: Vec<(String, toml::Value, Position)>,
}

impl GameTable {
    /// Where `key`'s value is written, or the table's start when it is absent.
    pub fn position_of(&self, key: &str) -> Position {
        (self.entries.iter())
            .find(|(k, _, _)| k == key)
            .map_or(self.at, |&(_, _, at)| at)
    }
}

/// Resource limits per test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// CPU time limit in seconds.
    pub time_seconds: f64,
    /// Memory limit in MiB.
    pub memory_mib: u64,
}

/// A sample test: shown in the statement, and the first tests of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    /// The exact input bytes.
    pub input: String,
    /// Where the sample's `input` is written.
    pub at: Position,
}

/// A group of generated tests sharing generator parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub name: String,
    /// What the group is for (a trap it sets, a bound it reaches).
    pub about: Option<String>,
    /// How many tests the group has.
    pub count: u64,
    /// The seed of the group's first test; test `i` (0-based) uses `seed + i`.
    pub seed: u64,
    /// Generator parameters as `KEY=VALUE` pairs, sorted by key.
    pub params: Vec<(String, String)>,
    /// Where the group's parameters (or the group, when it has none) are written, so that a
    /// generator's complaint about them can point there.
    pub at: Position,
}

impl Group {
    /// The seed of test `index` (0-based) of the group.
    pub fn seed_of(&self, index: u64) -> u64 {
        self.seed + index
    }
}

impl Manifest {
    /// Reads and checks `problem_dir/problem.toml`; the problem's name is the directory's name.
    pub fn load(problem_dir: &Path) -> Result<Manifest, ManifestError> {
        let path = problem_dir.join(MANIFEST_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| ManifestError::Unreadable {
            path: path.clone(),
            message: e.to_string(),
        })?;
        let name = problem_dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        Manifest::parse(&name, &path, &text)
    }

    /// Checks the text of a manifest; `path` is only used in messages.
    pub fn parse(name: &str, path: &Path, text: &str) -> Result<Manifest, ManifestError> {
        let invalid = |span: Option<Range<usize>>, message: String| ManifestError::Invalid {
            path: path.to_path_buf(),
            at: position(text, span.map_or(0, |s| s.start)),
            message,
        };
        let raw: RawManifest =
            toml::from_str(text).map_err(|e| invalid(e.span(), e.message().to_string()))?;

        let title = raw.title.get_ref().trim();
        if title.is_empty() || title.contains('\n') {
            return Err(invalid(
                Some(raw.title.span()),
                "title must be one non-empty line".to_string(),
            ));
        }

        let time = *raw.limits.time_seconds.get_ref();
        if !(time > 0.0 && time <= 60.0) {
            return Err(invalid(
                Some(raw.limits.time_seconds.span()),
                format!("time_seconds = {time} is outside (0, 60]"),
            ));
        }
        let memory = *raw.limits.memory_mib.get_ref();
        if !(1..=65536).contains(&memory) {
            return Err(invalid(
                Some(raw.limits.memory_mib.span()),
                format!("memory_mib = {memory} is outside 1..=65536"),
            ));
        }

        if raw.samples.is_empty() {
            return Err(invalid(
                None,
                "expected at least one [[sample]] (the statement shows them)".to_string(),
            ));
        }
        let samples = raw
            .samples
            .into_iter()
            .map(|sample| Sample {
                at: position(text, sample.input.span().start),
                input: sample.input.into_inner(),
            })
            .collect();

        if raw.groups.is_empty() {
            return Err(invalid(
                None,
                "expected at least one [[group]] of generated tests".to_string(),
            ));
        }
        let mut groups: Vec<Group> = Vec::with_capacity(raw.groups.len());
        let mut total = 0u64;
        for spanned in raw.groups {
            let group_span = spanned.span();
            let raw = spanned.into_inner();
            let name = raw.name.get_ref();
            if name.is_empty()
                || !name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            {
                return Err(invalid(
                    Some(raw.name.span()),
                    format!("group name {name:?} must be lowercase letters, digits and '-'"),
                ));
            }
            if name == SAMPLE_GROUP || groups.iter().any(|g| &g.name == name) {
                return Err(invalid(
                    Some(raw.name.span()),
                    format!("group name {name:?} is already taken"),
                ));
            }
            let count = *raw.count.get_ref();
            total += count;
            if count == 0 || total > MAX_TESTS {
                return Err(invalid(
                    Some(raw.count.span()),
                    format!("count = {count}: a group needs 1 or more tests and a plan at most {MAX_TESTS}"),
                ));
            }
            let seed = *raw.seed.get_ref();
            if seed.checked_add(count - 1).is_none() {
                return Err(invalid(
                    Some(raw.seed.span()),
                    format!("seeds {seed} + 0..{count} overflow 64 bits"),
                ));
            }
            let (params, at) = match raw.params {
                Some(params) => {
                    let at = position(text, params.span().start);
                    let pairs = params
                        .into_inner()
                        .into_iter()
                        .map(|(k, v)| (k, v.0))
                        .collect();
                    (pairs, at)
                }
                None => (Vec::new(), position(text, group_span.start)),
            };
            groups.push(Group {
                name: name.clone(),
                about: raw.about,
                count,
                seed,
                params,
                at,
            });
        }

        let game = raw.game.map(|table| GameTable {
            at: position(text, table.span().start),
            entries: (table.into_inner().into_iter())
                .map(|(key, value)| {
                    let at = position(text, value.span().start);
                    (key, value.into_inner(), at)
                })
                .collect(),
        });

        Ok(Manifest {
            name: name.to_string(),
            path: path.to_path_buf(),
            title: title.to_string(),
            limits: Limits {
                time_seconds: time,
                memory_mib: memory,
            },
            samples,
            groups,
            game,
        })
    }

    /// An error at `at` in this manifest (for checks made after loading, such as a generator
    /// rejecting a group's parameters).
    pub fn error_at(&self, at: Position, message: impl Into<String>) -> ManifestError {
        ManifestError::Invalid {
            path: self.path.clone(),
            at,
            message: message.into(),
        }
    }
}

/// The 1-based line and byte column of byte `offset` in `text`.
fn position(text: &str, offset: usize) -> Position {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    Position {
        line,
        col: before.len() - line_start + 1,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    title: Spanned<String>,
    limits: RawLimits,
    #[serde(default, rename = "sample")]
    samples: Vec<RawSample>,
    #[serde(default, rename = "group")]
    groups: Vec<Spanned<RawGroup>>,
    game: Option<Spanned<BTreeMap<String, Spanned<toml::Value>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLimits {
    time_seconds: Spanned<f64>,
    memory_mib: Spanned<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSample {
    input: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    name: Spanned<String>,
    about: Option<String>,
    count: Spanned<u64>,
    seed: Spanned<u64>,
    params: Option<Spanned<BTreeMap<String, ParamValue>>>,
}

/// A generator parameter's value: a TOML string or a non-negative integer, kept as the text
/// the generator would get from `--param KEY=VALUE`.
struct ParamValue(String);

impl<'de> Deserialize<'de> for ParamValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ParamValue, D::Error> {
        struct ParamVisitor;
        impl Visitor<'_> for ParamVisitor {
            type Value = ParamValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string or a non-negative integer")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<ParamValue, E> {
                Ok(ParamValue(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<ParamValue, E> {
                Ok(ParamValue(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ParamValue, E> {
                u64::try_from(v)
                    .map(|v| ParamValue(v.to_string()))
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
            }
        }
        deserializer.deserialize_any(ParamVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"title = "Stripes"

[limits]
time_seconds = 1.5
memory_mib = 256

[[sample]]
input = """
1 5 1
1
3
"""

[[group]]
name = "small"
about = "tiny boards"
count = 3
seed = 100
params = { mode = "random", max_p = 20 }

[[group]]
name = "max"
count = 1
seed = 7
"#;

    fn parse(text: &str) -> Result<Manifest, ManifestError> {
        Manifest::parse("stripes", Path::new("problem.toml"), text)
    }

    fn error_of(text: &str) -> String {
        parse(text).expect_err("should be rejected").to_string()
    }

    #[test]
    fn a_good_manifest_loads() {
        let m = parse(GOOD).expect("valid");
        assert_eq!(m.title, "Stripes");
        assert_eq!(m.limits.time_seconds, 1.5);
        assert_eq!(m.limits.memory_mib, 256);
        assert_eq!(m.samples[0].input, "1 5 1\n1\n3\n");
        assert_eq!(m.samples[0].at, Position { line: 8, col: 9 });
        assert_eq!(m.groups.len(), 2);
        assert_eq!(
            m.groups[0].params,
            vec![
                ("max_p".to_string(), "20".to_string()),
                ("mode".to_string(), "random".to_string())
            ]
        );
        assert_eq!(m.groups[0].at, Position { line: 19, col: 10 });
        assert_eq!(m.groups[0].seed_of(2), 102);
        assert!(m.groups[1].params.is_empty());
    }

    #[test]
    fn unknown_keys_are_rejected_with_their_position() {
        let text = GOOD.replace("count = 3", "cuont = 3");
        let error = error_of(&text);
        assert!(
            error.starts_with("problem.toml:17:1: unknown field `cuont`"),
            "{error}"
        );
        let error = error_of(&GOOD.replace("memory_mib = 256", "memory_mib = 256\nstack = 1"));
        assert!(
            error.starts_with("problem.toml:6:1: unknown field `stack`"),
            "{error}"
        );
    }

    #[test]
    fn values_out_of_range_are_rejected_with_their_position() {
        let error = error_of(&GOOD.replace("time_seconds = 1.5", "time_seconds = 0.0"));
        assert!(
            error.starts_with("problem.toml:4:16: time_seconds"),
            "{error}"
        );
        let error = error_of(&GOOD.replace("count = 3", "count = 0"));
        assert!(error.starts_with("problem.toml:17:9: count = 0"), "{error}");
        let error = error_of(&GOOD.replace("name = \"max\"", "name = \"small\""));
        assert!(error.contains("already taken"), "{error}");
        let error = error_of(&GOOD.replace("name = \"max\"", "name = \"Max\""));
        assert!(error.contains("lowercase"), "{error}");
        let error = error_of(&GOOD.replace("seed = 7", "seed = -7"));
        assert!(error.starts_with("problem.toml:"), "{error}");
        let error = error_of(&GOOD.replace("max_p = 20", "max_p = -1"));
        assert!(error.contains("non-negative"), "{error}");
        let error = error_of(&GOOD.replace("seed = 100", "seed = 18446744073709551615"));
        assert!(error.contains("overflow"), "{error}");
    }

    #[test]
    fn samples_and_groups_are_required() {
        let no_groups = GOOD.split("[[group]]").next().unwrap_or_default();
        assert!(error_of(no_groups).contains("[[group]]"));
        let no_samples = GOOD.replace("[[sample]]\ninput = \"\"\"\n1 5 1\n1\n3\n\"\"\"\n", "");
        assert!(error_of(&no_samples).contains("[[sample]]"));
    }

    #[test]
    fn a_syntax_error_names_its_position() {
        let error = error_of("title = \"x\"\n[limits\n");
        assert!(error.starts_with("problem.toml:2:"), "{error}");
    }
}
