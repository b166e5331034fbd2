//! `problem.yaml` and `testdata.yaml`: the parts of a Kattis package's configuration that say
//! how it is judged, in the legacy format and in 2023-07, read with the defaults problemtools
//! fills in. Keys that do not concern judging (names, credits, licences) are not read.

use std::path::Path;

use serde::Deserialize;

use super::PackageError;
use crate::within::{read_text_bounded, MAX_CONFIG_BYTES};

/// The format versions a `problem_format_version` can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatVersion {
    Legacy,
    /// `2023-07` or `2023-07-draft`.
    V2023_07,
}

impl FormatVersion {
    /// Where the output validator lives: `output_validators/` (legacy), `output_validator/`.
    pub fn output_validator_dir(self) -> &'static str {
        match self {
            FormatVersion::Legacy => "output_validators",
            FormatVersion::V2023_07 => "output_validator",
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

/// `problem.yaml` as written; every key optional.
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
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawMultipliers {
    ac_to_time_limit: Option<f64>,
    time_limit_to_tle: Option<f64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RawGrading {
    on_reject: Option<String>,
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
    pub validation_seconds: f64,
    pub validation_memory_mib: u64,
    pub time: TimePolicy,
    /// Legacy `grading.on_reject`, overriding every group's.
    pub on_reject: Option<OnReject>,
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
    let raw: RawProblem = read_yaml(path)?;
    let at = |what: String| PackageError(format!("{}: {what}", path.display()));
    let version = match raw.problem_format_version.as_deref() {
        None | Some("legacy") => FormatVersion::Legacy,
        Some("2023-07" | "2023-07-draft") => FormatVersion::V2023_07,
        Some(other) => {
            return Err(at(format!(
                "problem_format_version {other:?}: expected legacy, 2023-07 or 2023-07-draft"
            )))
        }
    };
    let mut types = raw
        .kind
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
    let on_reject = match raw.grading.on_reject.as_deref() {
        Some("first_error") => Some(OnReject::Break),
        Some("grade") => Some(OnReject::Continue),
        _ => None,
    };
    Ok(ProblemConfig {
        version,
        types,
        custom_validation,
        validator_flags: words(raw.validator_flags.as_deref()),
        memory_mib: limits.memory.unwrap_or(1024),
        output_mib: limits.output.unwrap_or(8),
        validation_seconds: limits.validation_time.unwrap_or(60.0),
        validation_memory_mib: limits.validation_memory.unwrap_or(1024),
        time,
        on_reject,
    })
}

/// `testdata.yaml` as written: every key optional, inherited from the parent group when
/// absent.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct GroupYaml {
    on_reject: Option<String>,
    grading: Option<String>,
    grader_flags: Option<String>,
    input_validator_flags: Option<OneOrMany>,
    output_validator_flags: Option<OneOrMany>,
    /// 2023-07 spelling.
    input_validator_args: Option<OneOrMany>,
    /// 2023-07 spelling.
    output_validator_args: Option<OneOrMany>,
}

/// A group's configuration, its own `testdata.yaml` over its parent's, over the defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupConfig {
    pub on_reject: OnReject,
    /// `grading: custom`: a grader program of the package aggregates (not supported).
    pub custom_grading: bool,
    pub grader_flags: Vec<String>,
    pub input_validator_flags: Vec<String>,
    pub output_validator_flags: Vec<String>,
}

impl Default for GroupConfig {
    fn default() -> GroupConfig {
        GroupConfig {
            on_reject: OnReject::Break,
            custom_grading: false,
            grader_flags: Vec::new(),
            input_validator_flags: Vec::new(),
            output_validator_flags: Vec::new(),
        }
    }
}

impl GroupConfig {
    /// This group's configuration: `own` (its `testdata.yaml`, if any) over `parent`.
    pub fn child(
        &self,
        own: Option<&Path>,
        problem: &ProblemConfig,
    ) -> Result<GroupConfig, PackageError> {
        let mut config = self.clone();
        if let Some(path) = own {
            let yaml: GroupYaml = read_yaml(path)?;
            if let Some(on_reject) = yaml.on_reject.as_deref() {
                config.on_reject = match on_reject {
                    "break" => OnReject::Break,
                    "continue" => OnReject::Continue,
                    other => {
                        return Err(PackageError(format!(
                            "{}: on_reject {other:?}: expected break or continue",
                            path.display()
                        )))
                    }
                };
            }
            if let Some(grading) = yaml.grading.as_deref() {
                config.custom_grading = grading == "custom";
            }
            if let Some(flags) = yaml.grader_flags.as_deref() {
                config.grader_flags = words(Some(flags));
            }
            if let Some(flags) = yaml.input_validator_flags.or(yaml.input_validator_args) {
                config.input_validator_flags = flags.words();
            }
            if let Some(flags) = yaml.output_validator_flags.or(yaml.output_validator_args) {
                config.output_validator_flags = flags.words();
            }
        }
        if let Some(on_reject) = problem.on_reject {
            config.on_reject = on_reject;
        }
        Ok(config)
    }
}

fn words(text: Option<&str>) -> Vec<String> {
    text.unwrap_or("")
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// Parses a YAML file into `T` (an empty file is every default); errors at `file:line:col`.
fn read_yaml<T: for<'de> Deserialize<'de> + Default>(path: &Path) -> Result<T, PackageError> {
    let text = read_text_bounded(path, MAX_CONFIG_BYTES).map_err(PackageError)?;
    if text.trim().is_empty() {
        return Ok(T::default());
    }
    serde_yaml_ng::from_str(&text).map_err(|e| {
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
