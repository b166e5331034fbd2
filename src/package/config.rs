//! `problem.yaml` and `testdata.yaml` (2025-09: `test_group.yaml`): a Kattis package's
//! configuration, in the legacy format, 2023-07 and 2025-09, read with the defaults
//! problemtools fills in.
//!
//! In 2025-09 every key of the specification is read: the ones about judging are honoured,
//! the others (names, credits, licence) are checked for their shape, and what stonejudge does
//! not do is listed in [`ProblemConfig::unsupported`], naming the key and its value, so that
//! a package using it is refused as not supported rather than judged differently. Keys the
//! specification does not know are warnings ([`super::keys`]). The older formats are read as
//! before: keys that do not concern judging are not read.

use std::collections::BTreeMap;
use std::path::Path;

use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_yaml_ng::Value;

use super::{keys, PackageError};
use crate::within::{read_text_bounded, MAX_CONFIG_BYTES};

/// The format versions a `problem_format_version` can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatVersion {
    Legacy,
    /// `2023-07` or `2023-07-draft`.
    V2023_07,
    /// `2025-09`.
    V2025_09,
}

impl FormatVersion {
    /// Where the output validator lives: `output_validators/` (legacy), `output_validator/`.
    pub fn output_validator_dir(self) -> &'static str {
        match self {
            FormatVersion::Legacy => "output_validators",
            FormatVersion::V2023_07 | FormatVersion::V2025_09 => "output_validator",
        }
    }

    /// The file configuring a test group: `testdata.yaml`, in 2025-09 `test_group.yaml`.
    pub fn group_file(self) -> &'static str {
        match self {
            FormatVersion::V2025_09 => "test_group.yaml",
            _ => "testdata.yaml",
        }
    }
}

/// One string, or a list of them (`type`, and the 2023-07 `*_args` of `testdata.yaml`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    fn words(&self) -> Vec<String> {
        match self {
            OneOrMany::One(text) => text.split_whitespace().map(String::from).collect(),
            OneOrMany::Many(list) => list.clone(),
        }
    }
}

/// `problem.yaml` as written; every key optional. The keys of 2025-09 whose shape varies are
/// kept as YAML values and checked by [`check_2025`].
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawProblem {
    problem_format_version: Option<String>,
    #[serde(rename = "type")]
    kind: Option<OneOrMany>,
    validation: Option<String>,
    validator_flags: Option<String>,
    limits: RawLimits,
    grading: RawGrading,
    name: Option<Value>,
    uuid: Option<String>,
    version: Option<Value>,
    credits: Option<Value>,
    source: Option<Value>,
    license: Option<String>,
    rights_owner: Option<String>,
    embargo_until: Option<String>,
    keywords: Option<Value>,
    languages: Option<OneOrMany>,
    allow_file_writing: Option<bool>,
    constants: Option<BTreeMap<String, Value>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawLimits {
    memory: Option<u64>,
    output: Option<u64>,
    validation_time: Option<f64>,
    validation_memory: Option<u64>,
    /// Legacy.
    time_multiplier: Option<f64>,
    /// Legacy.
    time_safety_margin: Option<f64>,
    /// 2023-07.
    time_multipliers: RawMultipliers,
    /// 2023-07: a fixed time limit.
    time_limit: Option<f64>,
    /// 2023-07.
    time_resolution: Option<f64>,
    /// 2025-09: KiB of source.
    code: Option<u64>,
    /// 2025-09.
    compilation_time: Option<f64>,
    /// 2025-09.
    compilation_memory: Option<u64>,
    /// 2025-09: MiB a validator may write.
    validation_output: Option<u64>,
    /// 2023-07 and 2025-09: multi-pass only, at least 2.
    validation_passes: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawMultipliers {
    ac_to_time_limit: Option<f64>,
    time_limit_to_tle: Option<f64>,
}

/// Legacy `grading:` of `problem.yaml`: the specification's `objective` and
/// `show_test_data_groups`, and the older keys problemtools still reads (`accept_score`,
/// `reject_score`, `range`, `on_reject`), which override every group's.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawGrading {
    on_reject: Option<String>,
    objective: Option<String>,
    /// What a judge shows contestants: no effect on a verdict or a score.
    show_test_data_groups: Option<IgnoredAny>,
    accept_score: Option<f64>,
    reject_score: Option<f64>,
    range: Option<String>,
}

/// What `problem.yaml` says about judging, defaults filled in.
#[derive(Debug, Clone, PartialEq)]
pub struct ProblemConfig {
    pub version: FormatVersion,
    /// `pass-fail`, `scoring`, `interactive`, `multi-pass`, `submit-answer` (legacy
    /// `validation: custom interactive` adds `interactive`).
    pub types: Vec<String>,
    /// Legacy `validation: custom…`: the package's own output validator judges.
    pub custom_validation: bool,
    /// Legacy `validator_flags`, passed to the output validator before each group's own.
    pub validator_flags: Vec<String>,
    pub memory_mib: u64,
    pub output_mib: u64,
    /// `limits.validation_time`, when `problem.yaml` gives it (else the jury's time limit
    /// holds, `crate::run::jury`).
    pub validation_seconds: Option<f64>,
    pub validation_memory_mib: u64,
    pub time: TimePolicy,
    /// Legacy `grading.on_reject`, overriding every group's.
    pub on_reject: Option<OnReject>,
    /// Legacy `grading:` (and the same keys of 2023-07, as problemtools reads them).
    pub grading: LegacyGrading,
    /// Legacy `validation: custom score`: the output validator gives every accepted test
    /// case its score in `score.txt` (it must, and only then may it).
    pub custom_score: bool,
    /// 2025-09 `languages`: the language codes submissions may be in (`None`: all).
    pub languages: Option<Vec<String>>,
    /// 2025-09 `limits.code`: the most KiB a submission's files may hold.
    pub code_kib: Option<u64>,
    /// 2025-09 `limits.validation_output`, in MiB.
    pub validation_output_mib: u64,
    /// `limits.validation_passes`: the most passes of a multi-pass problem (default 2).
    pub validation_passes: u64,
    /// 2025-09 `constants`, by `name` and `name.variant` (`name.value` too): `{{name}}` is
    /// replaced by the value in `test_group.yaml`, test
    /// cases' `.yaml`, validators, included files and submissions.
    pub constants: BTreeMap<String, String>,
    /// What the package asks for that stonejudge does not do: `problem.yaml: type: scoring
    /// is not supported …`. A package with any is refused (exit 2), never judged.
    pub unsupported: Vec<String>,
    /// Keys the specification does not know, at `file:line:col`.
    pub warnings: Vec<String>,
    /// `name`: the problem's title by language code (a plain string is English, as the
    /// specification's default language), in the file's order; empty when it has none.
    pub names: Vec<(String, String)>,
}

/// How the time limit is set (see [`TimePolicy::limit_for`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimePolicy {
    /// The slowest accepted submission's time is multiplied by this (legacy
    /// `time_multiplier`, default 5; 2023-07 `ac_to_time_limit`, default 2).
    pub ac_to_time_limit: f64,
    /// Submissions are also run under the limit times this, to tell a verdict that depends
    /// on the limit (legacy `time_safety_margin`, default 2; 2023-07 `time_limit_to_tle`,
    /// default 1.5).
    pub time_limit_to_tle: f64,
    /// The limit is rounded up to a multiple of this (1 s unless 2023-07 says otherwise).
    pub resolution: f64,
    /// A limit given by the package (2023-07 `time_limit`).
    pub fixed: Option<f64>,
}

impl ProblemConfig {
    /// Whether it has the type `t` (`interactive`, `scoring`, …).
    pub fn is(&self, t: &str) -> bool {
        self.types.iter().any(|have| have == t)
    }
}

impl TimePolicy {
    /// The time limit the slowest accepted time implies: `slowest × ac_to_time_limit`,
    /// rounded up to a multiple of the resolution, at least one resolution step.
    pub fn limit_for(&self, slowest: f64) -> f64 {
        let steps = (slowest * self.ac_to_time_limit / self.resolution).ceil();
        steps.max(1.0) * self.resolution
    }
}

/// Legacy `grading:` of `problem.yaml`: whether the best score is the highest or the lowest,
/// and the group keys it sets for every group.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LegacyGrading {
    pub objective: Objective,
    pub accept_score: Option<f64>,
    pub reject_score: Option<f64>,
    pub range: Option<ScoreRange>,
}

/// Legacy `grading.objective`: which end of the root group's `range` is the full score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Objective {
    #[default]
    Max,
    Min,
}

/// A group's `range`: the least and the most score it may get (infinite when not bounded).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoreRange {
    pub low: f64,
    pub high: f64,
}

impl Default for ScoreRange {
    fn default() -> ScoreRange {
        ScoreRange {
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        }
    }
}

impl ScoreRange {
    /// `range` as written: two numbers (`inf`, `-inf`, `+inf` allowed), the first not above
    /// the second.
    pub fn parse(text: &str) -> Result<ScoreRange, String> {
        let numbers: Vec<f64> = (text.split_whitespace())
            .map(|word| word.parse::<f64>().ok().filter(|n| !n.is_nan()))
            .collect::<Option<_>>()
            .ok_or_else(|| format!("range {text:?}: expected two numbers (inf allowed)"))?;
        match numbers[..] {
            [low, high] if low <= high => Ok(ScoreRange { low, high }),
            [_, _] => Err(format!("range {text:?}: the minimum is above the maximum")),
            _ => Err(format!(
                "range {text:?}: expected two numbers (inf allowed)"
            )),
        }
    }

    /// Whether `score` lies in it (within [`crate::score::SCORE_TOLERANCE`]: scores are sums
    /// of decimals, and verifyproblem's are rounded to six of them).
    pub fn holds(&self, score: f64) -> bool {
        self.low - crate::score::SCORE_TOLERANCE <= score
            && score <= self.high + crate::score::SCORE_TOLERANCE
    }
}

/// What a group does after a test that is not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnReject {
    /// Stop judging the group (the default).
    Break,
    /// Judge the rest too.
    Continue,
}

/// Reads `path` (a `problem.yaml`).
pub fn load_problem(path: &Path) -> Result<ProblemConfig, PackageError> {
    let text = read_text(path)?;
    let raw: RawProblem = parse_yaml(path, &text)?;
    let at = |what: String| PackageError(format!("{}: {what}", path.display()));
    let version = match raw.problem_format_version.as_deref() {
        None | Some("legacy") => FormatVersion::Legacy,
        Some("2023-07" | "2023-07-draft") => FormatVersion::V2023_07,
        Some("2025-09") => FormatVersion::V2025_09,
        Some(other) => {
            return Err(at(format!(
                "problem_format_version {other:?}: expected legacy, 2023-07, 2023-07-draft or \
                 2025-09"
            )))
        }
    };
    let mut types = (raw.kind.as_ref())
        .map(|k| k.words())
        .unwrap_or_else(|| vec!["pass-fail".to_string()]);
    let validation: Vec<String> = raw
        .validation
        .as_deref()
        .unwrap_or("default")
        .split_whitespace()
        .map(String::from)
        .collect();
    let custom_validation = validation.first().is_some_and(|v| v == "custom");
    if custom_validation && validation.iter().any(|v| v == "interactive") {
        types.push("interactive".to_string());
    }
    let legacy = version == FormatVersion::Legacy;
    let limits = &raw.limits;
    let time = TimePolicy {
        ac_to_time_limit: match legacy {
            true => limits.time_multiplier.unwrap_or(5.0),
            false => limits.time_multipliers.ac_to_time_limit.unwrap_or(2.0),
        },
        time_limit_to_tle: match legacy {
            true => limits.time_safety_margin.unwrap_or(2.0),
            false => limits.time_multipliers.time_limit_to_tle.unwrap_or(1.5),
        },
        resolution: limits.time_resolution.unwrap_or(1.0),
        fixed: limits.time_limit,
    };
    let positive = [
        ("limits.time_multiplier", time.ac_to_time_limit),
        ("limits.time_safety_margin", time.time_limit_to_tle),
        ("limits.time_resolution", time.resolution),
        ("limits.time_limit", time.fixed.unwrap_or(1.0)),
    ];
    if let Some((key, value)) = positive.iter().find(|(_, v)| !(v.is_finite() && *v > 0.0)) {
        return Err(at(format!("{key} is {value}: expected a positive number")));
    }
    if let Some(passes) = limits.validation_passes.filter(|p| *p < 2) {
        return Err(at(format!(
            "limits.validation_passes is {passes}: expected an integer of at least 2"
        )));
    }
    let grading = legacy_grading(path, &text, &raw.grading, version)?;
    let on_reject = match raw.grading.on_reject.as_deref() {
        Some("first_error") => Some(OnReject::Break),
        Some("grade") => Some(OnReject::Continue),
        _ => None,
    };
    let custom_score = custom_validation && validation.iter().any(|v| v == "score");
    let mut config = ProblemConfig {
        version,
        types,
        custom_validation,
        validator_flags: words(raw.validator_flags.as_deref()),
        memory_mib: limits.memory.unwrap_or(1024),
        output_mib: limits.output.unwrap_or(8),
        validation_seconds: limits.validation_time,
        validation_memory_mib: limits.validation_memory.unwrap_or(1024),
        time,
        on_reject,
        grading,
        custom_score,
        languages: None,
        code_kib: None,
        validation_output_mib: limits.validation_output.unwrap_or(8),
        validation_passes: limits.validation_passes.unwrap_or(2),
        constants: BTreeMap::new(),
        unsupported: Vec::new(),
        warnings: Vec::new(),
        names: names(raw.name.as_ref()),
    };
    if version == FormatVersion::V2025_09 {
        check_2025(path, &text, &raw, &mut config)?;
    }
    Ok(config)
}

/// Legacy `grading:` checked (values at `file:line:col`) and read; 2025-09 has no such key
/// (it is warned of as unknown there).
fn legacy_grading(
    path: &Path,
    text: &str,
    raw: &RawGrading,
    version: FormatVersion,
) -> Result<LegacyGrading, PackageError> {
    if version == FormatVersion::V2025_09 {
        return Ok(LegacyGrading::default());
    }
    let at = |key: &str| keys::at(path, text, &["grading".to_string(), key.to_string()]);
    let objective = match raw.objective.as_deref() {
        None | Some("max") => Objective::Max,
        Some("min") => Objective::Min,
        Some(other) => {
            return Err(PackageError(format!(
                "{}: grading.objective {other:?}: expected max or min",
                at("objective")
            )))
        }
    };
    if let Some(other) =
        (raw.on_reject.as_deref()).filter(|v| !["first_error", "worst_error", "grade"].contains(v))
    {
        return Err(PackageError(format!(
            "{}: grading.on_reject {other:?}: expected first_error, worst_error or grade",
            at("on_reject")
        )));
    }
    let range = (raw.range.as_deref())
        .map(ScoreRange::parse)
        .transpose()
        .map_err(|e| PackageError(format!("{}: grading.{e}", at("range"))))?;
    Ok(LegacyGrading {
        objective,
        accept_score: raw.accept_score,
        reject_score: raw.reject_score,
        range,
    })
}

/// The titles `name` gives, by language: a string is English's, a map gives each language's;
/// anything else gives none (2025-09 refuses it in [`check_2025`]).
fn names(name: Option<&Value>) -> Vec<(String, String)> {
    match name {
        Some(Value::String(title)) => vec![("en".to_string(), title.clone())],
        Some(Value::Mapping(map)) => (map.iter())
            .filter_map(|(language, title)| {
                Some((language.as_str()?.to_string(), title.as_str()?.to_string()))
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The types of 2025-09, and the ones each excludes.
const TYPES: [(&str, &[&str]); 5] = [
    ("pass-fail", &["scoring"]),
    ("scoring", &["pass-fail"]),
    ("multi-pass", &["submit-answer"]),
    ("interactive", &["submit-answer"]),
    ("submit-answer", &["multi-pass", "interactive"]),
];

/// The licences of 2025-09.
const LICENSES: [&str; 7] = [
    "unknown",
    "public domain",
    "cc0",
    "cc by",
    "cc by-sa",
    "educational",
    "permission",
];

/// Compilers run for at most this many CPU seconds ([`crate::run::Cache`]).
const COMPILE_SECONDS: f64 = 60.0;

/// The 2025-09 rules of `problem.yaml`: required keys and their shapes (errors), what is
/// honoured into `config`, what is not supported, and the keys the specification does not
/// know (warnings).
fn check_2025(
    path: &Path,
    text: &str,
    raw: &RawProblem,
    config: &mut ProblemConfig,
) -> Result<(), PackageError> {
    let shown = path.display();
    let error = |what: String| PackageError(format!("{shown}: {what}"));
    let value: Value = serde_yaml_ng::from_str(text).unwrap_or(Value::Null);
    config.warnings = keys::unknown(path, text, &value, &keys::PROBLEM);
    if raw.uuid.as_deref().is_none_or(|u| u.trim().is_empty()) {
        return Err(error("uuid is required in format 2025-09".to_string()));
    }
    match &raw.name {
        Some(Value::String(name)) if !name.trim().is_empty() => {}
        Some(Value::Mapping(map))
            if !map.is_empty()
                && map
                    .iter()
                    .all(|(k, v)| k.is_string() && v.as_str().is_some_and(|n| !n.is_empty())) => {}
        Some(_) => {
            return Err(error(
                "name: expected a string, or a map from language codes to strings".to_string(),
            ))
        }
        None => return Err(error("name is required in format 2025-09".to_string())),
    }
    for t in &config.types {
        let Some((_, excludes)) = TYPES.iter().find(|(name, _)| name == t) else {
            let known: Vec<&str> = TYPES.iter().map(|(n, _)| *n).collect();
            return Err(error(format!("type {t:?}: expected {}", known.join(", "))));
        };
        if let Some(other) = excludes.iter().find(|e| config.is(e)) {
            return Err(error(format!("type: {t} and {other} exclude each other")));
        }
    }
    if config.is("submit-answer") {
        config.unsupported.push(format!(
            "{}: type: submit-answer is not supported in format 2025-09",
            keys::at(path, text, &["type".to_string()])
        ));
    }
    if let Some(license) = raw.license.as_deref() {
        if !LICENSES.contains(&license) {
            return Err(error(format!(
                "license {license:?}: expected one of {}",
                LICENSES.join(", ")
            )));
        }
        if license == "public domain" && raw.rights_owner.is_some() {
            return Err(error(
                "rights_owner must not be set when the license is public domain".to_string(),
            ));
        }
    }
    if let Some(date) = raw.embargo_until.as_deref() {
        if !is_embargo_date(date) {
            return Err(error(format!(
                "embargo_until {date:?}: expected YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ"
            )));
        }
    }
    if let Some(languages) = &raw.languages {
        let codes = languages.words();
        if codes.is_empty() {
            return Err(error(
                "languages: expected `all` or language codes".to_string(),
            ));
        }
        if codes != ["all"] {
            config.languages = Some(codes);
        }
    }
    let limits = &raw.limits;
    config.code_kib = limits.code;
    let not_supported = |config: &mut ProblemConfig, keys: &[&str], value: String, why: &str| {
        let keys: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
        config.unsupported.push(format!(
            "{}: {}: {value} is not supported ({why})",
            keys::at(path, text, &keys),
            keys.join(".")
        ));
    };
    if let Some(seconds) = limits.compilation_time.filter(|s| *s != COMPILE_SECONDS) {
        not_supported(
            config,
            &["limits", "compilation_time"],
            seconds.to_string(),
            "compilers run for at most 60 s",
        );
    }
    if let Some(mib) = limits.compilation_memory {
        not_supported(
            config,
            &["limits", "compilation_memory"],
            mib.to_string(),
            "compilers run without a memory limit",
        );
    }
    if raw.allow_file_writing == Some(true) {
        not_supported(
            config,
            &["allow_file_writing"],
            "true".to_string(),
            "submissions only read their working directory",
        );
    }
    let multipliers = &limits.time_multipliers;
    for (key, value) in [
        ("ac_to_time_limit", multipliers.ac_to_time_limit),
        ("time_limit_to_tle", multipliers.time_limit_to_tle),
    ] {
        if value.is_some_and(|v| v < 1.0) {
            return Err(error(format!(
                "limits.time_multipliers.{key}: expected at least 1"
            )));
        }
    }
    for (name, value) in raw.constants.iter().flatten() {
        let at = |keys: &[&str]| {
            let keys: Vec<String> = (["constants"].iter().chain(keys))
                .map(|k| k.to_string())
                .collect();
            format!("{}: {}", keys::at(path, text, &keys), keys.join("."))
        };
        if !constant_name(name) {
            return Err(PackageError(format!(
                "{}: expected a name [a-zA-Z_][a-zA-Z0-9_]*",
                at(&[name])
            )));
        }
        // A scalar, or a map of its `value` and the variants written in its place as
        // `{{name.variant}}`.
        let variants: Vec<(String, &Value)> = match value {
            Value::Mapping(map) => {
                if !map.contains_key("value") {
                    return Err(PackageError(format!(
                        "{}: a map needs its `value` (an int, float or string), beside the \
                         variants",
                        at(&[name])
                    )));
                }
                (map.iter())
                    .map(|(key, value)| (key.as_str().unwrap_or_default().to_string(), value))
                    .collect()
            }
            value => vec![("value".to_string(), value)],
        };
        for (variant, value) in variants {
            if !constant_name(&variant) {
                return Err(PackageError(format!(
                    "{}: expected a variant name [a-zA-Z_][a-zA-Z0-9_]*",
                    at(&[name, &variant])
                )));
            }
            let text = match value {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                _ => {
                    return Err(PackageError(format!(
                        "{}: expected an int, float or string",
                        at(&[name, &variant])
                    )))
                }
            };
            if variant == "value" {
                config.constants.insert(name.clone(), text.clone());
            }
            config.constants.insert(format!("{name}.{variant}"), text);
        }
    }
    let strings = |v: &Value| {
        v.as_sequence()
            .is_some_and(|s| s.iter().all(Value::is_string))
    };
    let person = |v: &Value| v.is_string() || v.get("name").is_some_and(Value::is_string);
    let persons = |v: &Value| person(v) || v.as_sequence().is_some_and(|s| s.iter().all(person));
    let source = |v: &Value| v.is_string() || v.get("name").is_some_and(Value::is_string);
    let shapes: [(&str, &Option<Value>, &str); 4] = [
        ("version", &raw.version, "a string"),
        ("keywords", &raw.keywords, "a sequence of strings"),
        ("credits", &raw.credits, "a person, or a map of credits"),
        (
            "source",
            &raw.source,
            "a string, a map with a name, or a sequence of them",
        ),
    ];
    for (key, value, expected) in shapes {
        let fits = match (key, value) {
            (_, None) => true,
            ("version", Some(v)) => v.is_string(),
            ("keywords", Some(v)) => strings(v),
            ("credits", Some(v)) => {
                persons(v)
                    || v.as_mapping().is_some_and(|m| {
                        m.iter().all(|(k, v)| match k.as_str() {
                            Some("translators") => {
                                v.as_mapping().is_some_and(|t| t.values().all(persons))
                            }
                            _ => persons(v),
                        })
                    })
            }
            (_, Some(v)) => source(v) || v.as_sequence().is_some_and(|s| s.iter().all(source)),
        };
        if !fits {
            return Err(error(format!("{key}: expected {expected}")));
        }
    }
    Ok(())
}

/// Whether `name` is a constant's (or a variant's) name: `[a-zA-Z_][a-zA-Z0-9_]*`.
fn constant_name(name: &str) -> bool {
    !name.is_empty()
        && (name.chars().enumerate())
            .all(|(i, c)| c == '_' || c.is_ascii_alphabetic() || (i > 0 && c.is_ascii_digit()))
}

/// `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ`.
fn is_embargo_date(text: &str) -> bool {
    let shape = |pattern: &str| {
        text.len() == pattern.len()
            && text.chars().zip(pattern.chars()).all(|(c, p)| match p {
                'd' => c.is_ascii_digit(),
                _ => c == p,
            })
    };
    shape("dddd-dd-dd") || shape("dddd-dd-ddTdd:dd:ddZ")
}

impl ProblemConfig {
    /// `text` with every `{{name}}` of the package's constants replaced by its value (names
    /// not defined stay as they are, as the specification says).
    pub fn substitute(&self, text: &str) -> String {
        crate::model::substituted(&self.constants, text)
    }
}

/// The arguments a group gives its input validators (or its answer validators): the same for
/// all, or (2025-09) a list per validator, by name (a validator not named gets none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InputArgs {
    pub all: Vec<String>,
    pub by_validator: Option<BTreeMap<String, Vec<String>>>,
}

impl InputArgs {
    /// The arguments of the validator at `path` (named by its file name, with or without its
    /// extension, or its directory's name).
    pub fn of(&self, path: &Path) -> Vec<String> {
        let Some(map) = &self.by_validator else {
            return self.all.clone();
        };
        let names = [path.file_name(), path.file_stem()];
        names
            .into_iter()
            .flatten()
            .find_map(|n| map.get(n.to_string_lossy().as_ref()))
            .cloned()
            .unwrap_or_default()
    }
}

/// `input_validator_args` (or `answer_validator_args`) as written: flags, a list, or
/// (2025-09) a list per validator.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum RawInputArgs {
    Same(OneOrMany),
    ByValidator(BTreeMap<String, Vec<String>>),
}

impl RawInputArgs {
    fn args(self) -> InputArgs {
        match self {
            RawInputArgs::Same(flags) => InputArgs {
                all: flags.words(),
                by_validator: None,
            },
            RawInputArgs::ByValidator(map) => InputArgs {
                all: Vec::new(),
                by_validator: Some(map),
            },
        }
    }
}

/// `testdata.yaml` / `test_group.yaml` (and, in 2025-09, a test case's `.yaml`) as written:
/// every key optional, inherited from the parent group when absent.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct GroupYaml {
    on_reject: Option<String>,
    /// `default` or `custom` (a map in the 2023-07 drafts, which is not supported).
    grading: Option<Value>,
    grader_flags: Option<String>,
    /// Legacy and 2023-07 scoring keys, as problemtools reads them.
    accept_score: Option<f64>,
    reject_score: Option<f64>,
    range: Option<String>,
    input_validator_flags: Option<OneOrMany>,
    output_validator_flags: Option<OneOrMany>,
    /// 2023-07 and 2025-09 spelling.
    input_validator_args: Option<RawInputArgs>,
    /// 2023-07 and 2025-09 spelling.
    output_validator_args: Option<OneOrMany>,
    /// BAPCtools' key, in the shape of `input_validator_args`: the arguments of the answer
    /// validators (`answer_validators/`, BAPCtools' addition), which no specification has.
    answer_validator_args: Option<RawInputArgs>,
    /// 2025-09: arguments of the submission itself.
    args: Option<Vec<String>>,
    /// 2025-09 scoring keys.
    max_score: Option<Value>,
    score_aggregation: Option<Value>,
    require_pass: Option<Value>,
    static_validation_score: Option<Value>,
    static_validator_args: Option<Vec<String>>,
    /// 2025-09: for visualizers, which judging does not run; what teams are shown
    /// (`full_feedback`); for people (`hint`, `description`). Known, and without effect on a
    /// verdict, so taken in any shape.
    input_visualizer_args: Option<IgnoredAny>,
    output_visualizer_args: Option<IgnoredAny>,
    full_feedback: Option<IgnoredAny>,
    hint: Option<IgnoredAny>,
    description: Option<IgnoredAny>,
}

/// A group's configuration, its own `testdata.yaml` over its parent's, over the defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupConfig {
    pub on_reject: OnReject,
    /// `grading: custom`: the package's grader program (`graders/`) aggregates the group.
    pub custom_grading: bool,
    pub grader_flags: Vec<String>,
    /// Legacy and 2023-07 scoring: the score of an accepted test case without `score.txt`
    /// (default 1), of a rejected one (default 0), and the range the group's score must be
    /// in (default unbounded).
    pub accept_score: f64,
    pub reject_score: f64,
    pub range: ScoreRange,
    pub input_validator_flags: InputArgs,
    pub output_validator_flags: Vec<String>,
    /// What the answer validators get after the case's input (BAPCtools'
    /// `answer_validator_args`); not the output validator's arguments.
    pub answer_validator_flags: InputArgs,
    /// 2025-09 keys stonejudge does not do, with the file and line that gives them.
    pub unsupported: Vec<String>,
    /// 2025-09 `max_score` of this group's own `test_group.yaml` (not inherited): `None` when
    /// it gives none.
    pub max_score: Option<MaxScore>,
    /// 2025-09 `score_aggregation` of this group's own `test_group.yaml` (not inherited).
    pub score_aggregation: Option<ScoreAggregation>,
}

/// A 2025-09 `max_score`: a whole number of points, or `unbounded` (only the output
/// validator's `score.txt` bounds the score).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaxScore {
    Points(u64),
    Unbounded,
}

/// How a scoring package's group (or `secret`) makes its score (`score_aggregation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreAggregation {
    /// Its maximum when every test case is accepted, else 0.
    PassFail,
    /// The sum of its test cases' scores.
    Sum,
    /// The smallest of its test cases' scores.
    Min,
}

impl Default for GroupConfig {
    fn default() -> GroupConfig {
        GroupConfig {
            on_reject: OnReject::Break,
            custom_grading: false,
            grader_flags: Vec::new(),
            accept_score: 1.0,
            reject_score: 0.0,
            range: ScoreRange::default(),
            input_validator_flags: InputArgs::default(),
            output_validator_flags: Vec::new(),
            answer_validator_flags: InputArgs::default(),
            unsupported: Vec::new(),
            max_score: None,
            score_aggregation: None,
        }
    }
}

impl GroupConfig {
    /// This group's (or test case's) configuration: `own` (its `testdata.yaml`,
    /// `test_group.yaml` or `.yaml`, if any) over `parent`. In 2025-09 the package's
    /// constants are replaced first, and keys the specification does not know go to
    /// `warnings`.
    pub fn child(
        &self,
        own: Option<&Path>,
        problem: &ProblemConfig,
        warnings: &mut Vec<String>,
    ) -> Result<GroupConfig, PackageError> {
        let mut config = GroupConfig {
            max_score: None,
            score_aggregation: None,
            ..self.clone()
        };
        if let Some(path) = own {
            let is_2025 = problem.version == FormatVersion::V2025_09;
            let text = match is_2025 {
                true => problem.substitute(&read_text(path)?),
                false => read_text(path)?,
            };
            let yaml: GroupYaml = parse_yaml(path, &text)?;
            if is_2025 {
                let is_case = (path.file_name()).is_none_or(|n| n != problem.version.group_file());
                let shape = match is_case {
                    true => &keys::TEST_CASE,
                    false => &keys::TEST_GROUP,
                };
                let value: Value = serde_yaml_ng::from_str(&text).unwrap_or(Value::Null);
                warnings.extend(keys::unknown(path, &text, &value, shape));
                config
                    .unsupported
                    .extend(unsupported_group_keys(path, &text, &yaml));
                if !problem.is("scoring") {
                    if let Some(key) = [("max_score", yaml.max_score.is_some())]
                        .into_iter()
                        .chain([("score_aggregation", yaml.score_aggregation.is_some())])
                        .find_map(|(key, here)| here.then_some(key))
                    {
                        return Err(PackageError(format!(
                            "{}: {key} is only for scoring problems (problem.yaml type: \
                             scoring)",
                            keys::at(path, &text, &[key.to_string()])
                        )));
                    }
                }
                read_scoring_keys(path, &text, &yaml, &mut config)?;
            }
            // The older formats' keys: in 2025-09 they are unknown (warned of above), not
            // applied.
            let yaml = match is_2025 {
                true => GroupYaml {
                    on_reject: None,
                    grading: None,
                    grader_flags: None,
                    input_validator_flags: None,
                    output_validator_flags: None,
                    ..yaml
                },
                false => yaml,
            };
            if let Some(on_reject) = yaml.on_reject.as_deref() {
                config.on_reject = match on_reject {
                    "break" => OnReject::Break,
                    "continue" => OnReject::Continue,
                    other => {
                        return Err(PackageError(format!(
                            "{}: on_reject {other:?}: expected break or continue",
                            keys::at(path, &text, &["on_reject".to_string()])
                        )))
                    }
                };
            }
            if !is_2025 {
                read_grading_keys(path, &text, &yaml, problem, &mut config)?;
            }
            let input =
                (yaml.input_validator_flags.map(RawInputArgs::Same)).or(yaml.input_validator_args);
            if let Some(flags) = input {
                config.input_validator_flags = flags.args();
            }
            if let Some(flags) = yaml.output_validator_flags.or(yaml.output_validator_args) {
                config.output_validator_flags = flags.words();
            }
            if let Some(flags) = yaml.answer_validator_args {
                config.answer_validator_flags = flags.args();
            }
        }
        if let Some(on_reject) = problem.on_reject {
            config.on_reject = on_reject;
        }
        let legacy = &problem.grading;
        config.accept_score = legacy.accept_score.unwrap_or(config.accept_score);
        config.reject_score = legacy.reject_score.unwrap_or(config.reject_score);
        config.range = legacy.range.unwrap_or(config.range);
        Ok(config)
    }
}

/// The flags the default grader knows (problemtools' `default_grader`): how verdicts
/// aggregate, how scores aggregate, and its two switches. Others are not supported: the
/// default grader would pass over them silently.
pub const GRADER_FLAGS: [&str; 10] = [
    "worst_error",
    "no_errors",
    "first_error",
    "always_accept",
    "sum",
    "avg",
    "min",
    "max",
    "ignore_sample",
    "accept_if_any_accepted",
];

/// A legacy or 2023-07 group's `grading`, `grader_flags`, `accept_score`, `reject_score` and
/// `range` into `config`: a malformed value is an error at its line; the scoring keys need a
/// scoring problem (as problemtools says); a 2023-07 draft's `grading:` map, and a flag the
/// default grader does not know, are not supported.
fn read_grading_keys(
    path: &Path,
    text: &str,
    yaml: &GroupYaml,
    problem: &ProblemConfig,
    config: &mut GroupConfig,
) -> Result<(), PackageError> {
    let at = |key: &str| keys::at(path, text, &[key.to_string()]);
    match &yaml.grading {
        None => {}
        Some(Value::String(grading)) if grading == "default" || grading == "custom" => {
            config.custom_grading = grading == "custom";
        }
        Some(Value::Mapping(_)) if problem.version == FormatVersion::V2023_07 => {
            config.unsupported.push(format!(
                "{}: grading: a map (score, max_score, aggregation of the 2023-07 drafts) is \
                 not supported (problemtools reads grading: default or custom; 2025-09 says \
                 max_score and score_aggregation)",
                at("grading")
            ));
        }
        Some(_) => {
            return Err(PackageError(format!(
                "{}: grading: expected default or custom",
                at("grading")
            )))
        }
    }
    if let Some(flags) = yaml.grader_flags.as_deref() {
        config.grader_flags = words(Some(flags));
    }
    if !config.custom_grading {
        if let Some(flag) =
            (config.grader_flags.iter()).find(|f| !GRADER_FLAGS.contains(&f.as_str()))
        {
            config.unsupported.push(format!(
                "{}: grader_flags: {flag} is not supported (the default grader knows {})",
                at("grader_flags"),
                GRADER_FLAGS.join(", ")
            ));
        }
    }
    let scoring_keys = [
        ("accept_score", yaml.accept_score.is_some()),
        ("reject_score", yaml.reject_score.is_some()),
        ("range", yaml.range.is_some()),
    ];
    if let Some((key, _)) = (scoring_keys.iter()).find(|(_, here)| *here && !problem.is("scoring"))
    {
        return Err(PackageError(format!(
            "{}: {key} is only for scoring problems (problem.yaml type: scoring)",
            at(key)
        )));
    }
    config.accept_score = yaml.accept_score.unwrap_or(config.accept_score);
    config.reject_score = yaml.reject_score.unwrap_or(config.reject_score);
    if let Some(range) = yaml.range.as_deref() {
        config.range =
            ScoreRange::parse(range).map_err(|e| PackageError(format!("{}: {e}", at("range"))))?;
    }
    Ok(())
}

/// The keys of a 2025-09 group or test case file that stonejudge does not do: submission
/// arguments, group dependencies (`require_pass`) and static validation. Visualizer arguments, `full_feedback`,
/// `hint` and `description` do not change a verdict: they are read and have no effect.
fn unsupported_group_keys(path: &Path, text: &str, yaml: &GroupYaml) -> Vec<String> {
    let present = [
        ("args", yaml.args.as_ref().is_some_and(|a| !a.is_empty())),
        ("require_pass", yaml.require_pass.is_some()),
        (
            "static_validation_score",
            yaml.static_validation_score.is_some(),
        ),
        (
            "static_validator_args",
            yaml.static_validator_args.is_some(),
        ),
    ];
    present
        .into_iter()
        .filter(|(_, here)| *here)
        .map(|(key, _)| {
            format!(
                "{}: {key} is not supported (stonejudge passes no arguments to submissions, \
                 and neither runs static validators nor makes groups depend on others in \
                 format 2025-09)",
                keys::at(path, text, &[key.to_string()])
            )
        })
        .collect()
}

/// A 2025-09 group's `max_score` and `score_aggregation` into `config`: a malformed value is
/// an error at its line.
fn read_scoring_keys(
    path: &Path,
    text: &str,
    yaml: &GroupYaml,
    config: &mut GroupConfig,
) -> Result<(), PackageError> {
    let at = |key: &str| keys::at(path, text, &[key.to_string()]);
    config.max_score = match &yaml.max_score {
        None => None,
        Some(Value::String(s)) if s == "unbounded" => Some(MaxScore::Unbounded),
        Some(value) => match value.as_u64() {
            Some(points) => Some(MaxScore::Points(points)),
            None => {
                return Err(PackageError(format!(
                    "{}: max_score: expected a non-negative integer or unbounded",
                    at("max_score")
                )))
            }
        },
    };
    config.score_aggregation = match &yaml.score_aggregation {
        None => None,
        Some(value) => Some(match value.as_str() {
            Some("pass-fail") => ScoreAggregation::PassFail,
            Some("sum") => ScoreAggregation::Sum,
            Some("min") => ScoreAggregation::Min,
            _ => {
                return Err(PackageError(format!(
                    "{}: score_aggregation: expected pass-fail, sum or min",
                    at("score_aggregation")
                )))
            }
        }),
    };
    Ok(())
}

fn words(text: Option<&str>) -> Vec<String> {
    text.unwrap_or("")
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// The text of `path` (a configuration file: refused past its size bound).
pub fn read_text(path: &Path) -> Result<String, PackageError> {
    read_text_bounded(path, MAX_CONFIG_BYTES).map_err(PackageError)
}

/// Parses the YAML `text` of `path` into `T` (an empty file is every default); errors at
/// `file:line:col`.
pub fn parse_yaml<T: for<'de> Deserialize<'de> + Default>(
    path: &Path,
    text: &str,
) -> Result<T, PackageError> {
    if text.trim().is_empty() {
        return Ok(T::default());
    }
    serde_yaml_ng::from_str(text).map_err(|e| {
        let place = match e.location() {
            Some(at) => format!("{}:{}:{}", path.display(), at.line(), at.column()),
            None => path.display().to_string(),
        };
        let message = e.to_string();
        // The library appends the position it already gave; say it once.
        let message = message
            .split(" at line ")
            .next()
            .unwrap_or(&message)
            .to_string();
        PackageError(format!("{place}: {message}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> Result<ProblemConfig, PackageError> {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("problem.yaml");
        std::fs::write(&path, text).expect("write");
        load_problem(&path)
    }

    #[test]
    fn legacy_and_2023_defaults() {
        let legacy = problem("name: Hello\n").expect("loads");
        assert_eq!(legacy.version, FormatVersion::Legacy);
        assert_eq!(legacy.time.ac_to_time_limit, 5.0);
        assert_eq!(legacy.time.time_limit_to_tle, 2.0);
        assert_eq!((legacy.memory_mib, legacy.output_mib), (1024, 8));
        let new = problem(
            "problem_format_version: 2023-07-draft\ntype: [pass-fail]\nlimits:\n  time_limit: 2\n",
        )
        .expect("loads");
        assert_eq!(new.version, FormatVersion::V2023_07);
        assert_eq!(new.time.ac_to_time_limit, 2.0);
        assert_eq!(new.time.fixed, Some(2.0));
        let interactive = problem("validation: custom interactive\n").expect("loads");
        assert!(interactive.types.iter().any(|t| t == "interactive"));
    }

    #[test]
    fn time_limits_round_up_to_the_resolution() {
        let policy = problem("").expect("loads").time;
        assert_eq!(policy.limit_for(0.01), 1.0);
        assert_eq!(policy.limit_for(0.21), 2.0);
        let fine = TimePolicy {
            resolution: 0.1,
            ..policy
        };
        assert!((fine.limit_for(0.21) - 1.1).abs() < 1e-9);
    }

    #[test]
    fn constants_are_scalars_or_a_value_with_variants() {
        let head = "problem_format_version: 2025-09\nname: c\nuuid: 1\nlicense: cc0\n";
        let config = problem(&format!(
            "{head}constants:\n  SIX: 6\n  FIVE:\n    value: 5\n    ROMAN: \"V\"\n"
        ))
        .expect("loads");
        assert_eq!(
            config.substitute("{{SIX}} {{FIVE}} {{FIVE.value}} {{FIVE.ROMAN}} {{FIVE.X}}"),
            "6 5 5 V {{FIVE.X}}"
        );
        let no_value = problem(&format!("{head}constants:\n  FIVE:\n    ROMAN: V\n"))
            .unwrap_err()
            .0;
        assert!(
            no_value.contains("problem.yaml:6:3: constants.FIVE: a map needs its `value`"),
            "{no_value}"
        );
        let nested = problem(&format!("{head}constants:\n  FIVE:\n    value: [5]\n"))
            .unwrap_err()
            .0;
        assert!(
            nested.contains("problem.yaml:7:5: constants.FIVE.value: expected an int"),
            "{nested}"
        );
    }

    #[test]
    fn errors_name_the_file_line_and_column() {
        let error = problem("name: [unclosed\n").unwrap_err().0;
        assert!(error.contains("problem.yaml:"), "{error}");
        let place = error.split("problem.yaml:").nth(1).expect("after the name");
        let mut numbers = place.split(':').take(2).map(|n| n.parse::<u32>());
        assert!(numbers.all(|n| n.is_ok()), "{error}");
        let wrong_type = problem("limits:\n  memory: lots\n").unwrap_err().0;
        assert!(wrong_type.contains("problem.yaml:2:"), "{wrong_type}");
    }
}
