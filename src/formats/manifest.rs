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
//! ```
//!
//! What kind of problem the folder holds is told by the tables present ([`ProblemKind`]):
//! neither `[programs]` nor any other kind's table makes a problem of the catalog (the folder
//! must then be named after one); `[game]` makes a declared game problem (its entries are read
//! by `crate::declared`, this module only keeps where each is written):
//!
//! ```toml
//! [game]
//! ruleset = "subtraction:1,3,4"
//! format = "cases"
//! max_heap = 1000
//! max_heaps = 100
//! max_cases = 100
//! ```
//!
//! `[programs]` makes a program-backed problem:
//!
//! ```toml
//! [programs]                # paths relative to the problem folder; sources are compiled once
//! generator = "gen.py"      # argv: -KEY=VALUE for each param, then -seed=N; prints one input
//! validator = "validate.cpp"               # input on stdin; exit 0 valid, else invalid
//! reference = "solutions/accepted/sol.cpp" # its output is every .ans
//! brute = "brute.py"        # optional: checked against the reference on every test it finishes
//!                           # within verify's --brute-time-limit
//! checker = "check.cpp"     # optional: testlib checker INPUT OUTPUT ANSWER -> 0/1/2/3
//! checker_flags = "float_tolerance 1e-6"   # optional, for the default token checker
//! interactor = "interact.cpp"              # optional: the problem is interactive
//! interactor_protocol = "kattis"           # or "testlib" (see docs/interactive.md)
//! ```
//!
//! An interactive problem's reference plays against the interactor to make each `.ans` (what it
//! wrote, with the Kattis protocol; what the interactor wrote to its OUTPUT file, with
//! testlib's), and every solution plays against it; it has no brute force and no checker
//! (the interactor judges).
//!
//! The statement's language (of `statement.md`; `statement.<lang>.md` files say theirs in their
//! name) is English unless a `[statement]` table says otherwise (see [`super::statement`]):
//!
//! ```toml
//! [statement]
//! language = "pl"           # an ISO 639-1 code, optionally with a region: "pt-BR"
//! ```
//!
//! A group may also be marked `small = true` (the brute force must check its tests: one too
//! large for it fails `verify`, where elsewhere it is only skipped), or list hand-written tests instead of generating them (`files = ["tests/a.in"]`,
//! no `count`, `seed` or `params`). `[[invalid]]` entries (`input = "..."` or `file = "..."`,
//! with an optional `about`) are inputs the validator must reject.
//!
//! A plan in progress may leave constraint bounds unreached on purpose, each with a reason
//! (`testdata --check` and `verify` fail on any other unreached bound, and on an entry whose
//! bound the plan does reach); bound names are checked against the problem's constraints
//! when the plan is built:
//!
//! ```toml
//! [unreached]
//! "n max" = "the reference is quadratic; n = 10^6 needs the large group"
//! ```
//!
//! A problem is scored when its groups have `points` (every group, or none; the samples are
//! worth nothing): a group earns its points when every test of it is accepted (see
//! [`crate::score`]). The scores its example solutions are meant to get go in `[expect]`,
//! keyed by the solution's path; `verify` holds such a solution to them instead of to its
//! folder (which may then be any name, such as `partial`):
//!
//! ```toml
//! [[group]]
//! name = "small"
//! points = 30               # a non-negative number
//!
//! [expect]
//! "solutions/partial/slow.cpp" = { score = 30, groups = { small = "AC", large = "TLE" } }
//! "solutions/partial/half.py" = { groups = { large = { verdict = "WA", points = 0 } } }
//! ```
//!
//! A group's expectation is a verdict (the worst of its tests), a number of points, or both.
//!
//! Loading is strict: an unknown key, a missing one, a wrong type or a value out of range is an
//! error naming `problem.toml:line:col`. The generator parameters are checked by the generator
//! itself when the plan is built (see [`crate::archive::plan`]); their position is kept for that.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use toml::Spanned;

use crate::check::protocol::KattisFlags;
use crate::judge::Protocol;
use crate::score::{Aggregation, GroupRule};
use crate::verdict::Verdict;
use crate::within;

pub use super::detect::MANIFEST_FILE;

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
    pub limits: LimitsSection,
    pub samples: Vec<Sample>,
    pub groups: Vec<Group>,
    /// Inputs the validator must reject.
    pub invalid: Vec<Invalid>,
    /// What the problem is: a problem of the catalog, one backed by programs, or a declared game.
    pub kind: ProblemKind,
    /// The language of `statement.md` (`[statement] language`, `en` by default).
    pub statement_language: String,
    /// Constraint bounds the plan leaves unreached on purpose (`[unreached]`), in key order.
    pub unreached: Vec<Unreached>,
    /// The scores example solutions are meant to get (`[expect]`), in key order; empty
    /// unless the problem is scored.
    pub expectations: Vec<ExpectEntry>,
}

/// An entry of `[expect]`: the score an example solution is meant to get.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectEntry {
    /// The solution's path as written: `solutions/<folder>/<file>`.
    pub solution: String,
    /// Its total, when the entry says it.
    pub score: Option<f64>,
    /// What it is meant to get on some groups, in key order.
    pub groups: Vec<ExpectGroup>,
    /// Where the entry is written.
    pub at: Position,
}

/// What a solution is meant to get on one group: its verdict (the worst of its tests), its
/// points, or both.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectGroup {
    pub group: String,
    pub verdict: Option<Verdict>,
    pub points: Option<f64>,
    pub at: Position,
}

/// An entry of `[unreached]`: a bound the plan is meant not to reach, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreached {
    /// `QUANTITY min` or `QUANTITY max`, as [`crate::archive::reach::Bound::key`] names it.
    pub bound: String,
    /// The quantity's name (`bound` without its end).
    pub quantity: String,
    pub reason: String,
    /// Where the reason is written (on the key's line).
    pub at: Position,
}

/// What kind of problem a manifest describes, told apart by its tables (at most one of them).
/// A new kind is one more variant here and one more table in the schema.
#[derive(Debug, Clone, PartialEq)]
pub enum ProblemKind {
    /// No kind's table: the folder is a problem of the catalog, named after it.
    Catalog,
    /// `[programs]`: generator, validator, reference (and optionally brute force and checker)
    /// are programs in the problem folder.
    Programs(Box<ProgramsSection>),
    /// `[game]`: a declared game problem, read as written: what its entries mean is the
    /// declared module's business (`crate::declared::Spec`).
    Game(GameTable),
}

/// The `[programs]` table: every path is absolute (joined to the problem folder), each with
/// where it is written in `problem.toml`, so that a missing file can point there.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramsSection {
    pub generator: ProgramPath,
    pub validator: ProgramPath,
    pub reference: ProgramPath,
    pub brute: Option<ProgramPath>,
    pub checker: Option<ProgramPath>,
    /// The default token checker's flags (Kattis `validator_flags`), when there is no checker.
    pub checker_flags: KattisFlags,
    /// `checker_flags` as written, for export.
    pub checker_flags_text: String,
    /// The interactor of an interactive problem.
    pub interactor: Option<ProgramInteractor>,
}

/// `interactor` and `interactor_protocol` of `[programs]`.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramInteractor {
    pub path: ProgramPath,
    pub protocol: Protocol,
}

/// A program named by `problem.toml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramPath {
    /// The problem folder joined with the path as written.
    pub path: PathBuf,
    /// The path as written.
    pub written: String,
    pub at: Position,
}

/// An input the validator must reject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub input: InvalidInput,
    pub about: Option<String>,
    pub at: Position,
}

/// Where an invalid input's bytes are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvalidInput {
    /// Written in `problem.toml`.
    Inline(String),
    /// A file, joined to the problem folder.
    File(PathBuf),
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

/// `[limits]` of `problem.toml`: resource limits per test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LimitsSection {
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
#[derive(Debug, Clone, PartialEq)]
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
    /// Hand-written tests (joined to the problem folder) instead of generated ones; `count`
    /// is their number then, and `seed` and `params` are unused.
    pub files: Vec<PathBuf>,
    /// The brute force must check every test of the group (`small = true`).
    pub small: bool,
    /// What the group is worth in a scored problem (`points`); `None` in a pass-fail one.
    pub points: Option<f64>,
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
        let size = std::fs::metadata(&path).map_or(0, |m| m.len());
        if size > within::MAX_CONFIG_BYTES {
            return Err(ManifestError::Unreadable {
                path,
                message: format!(
                    "{size} bytes, more than the {} MiB a problem.toml may have",
                    within::MAX_CONFIG_BYTES >> 20
                ),
            });
        }
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
            let problem_dir = path.parent().unwrap_or(Path::new("."));
            let files: Vec<PathBuf> = match &raw.files {
                Some(files) => {
                    if raw.count.is_some() || raw.seed.is_some() || raw.params.is_some() {
                        return Err(invalid(
                            Some(files.span()),
                            "a group of files has no count, seed or params".to_string(),
                        ));
                    }
                    if files.get_ref().is_empty() {
                        return Err(invalid(
                            Some(files.span()),
                            "files = [] lists no test".to_string(),
                        ));
                    }
                    if let Some(why) =
                        (files.get_ref().iter()).find_map(|f| within::relative_inside(f).err())
                    {
                        return Err(invalid(Some(files.span()), format!("files: {why}")));
                    }
                    files
                        .get_ref()
                        .iter()
                        .map(|f| problem_dir.join(f))
                        .collect()
                }
                None => Vec::new(),
            };
            let required = |value: &Option<Spanned<u64>>, key: &str| match value {
                Some(value) => Ok((*value.get_ref(), value.span())),
                None if !files.is_empty() => Ok((0, group_span.clone())),
                None => Err(invalid(
                    Some(group_span.clone()),
                    format!("group {name:?} needs {key} (or files = [...])"),
                )),
            };
            let (count, count_span) = match files.len() {
                0 => required(&raw.count, "count")?,
                n => (n as u64, group_span.clone()),
            };
            total += count;
            if count == 0 || total > MAX_TESTS {
                return Err(invalid(
                    Some(count_span),
                    format!("count = {count}: a group needs 1 or more tests and a plan at most {MAX_TESTS}"),
                ));
            }
            let (seed, seed_span) = required(&raw.seed, "seed")?;
            if seed.checked_add(count - 1).is_none() {
                return Err(invalid(
                    Some(seed_span),
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
            let points = match &raw.points {
                Some(points) => {
                    let value = *points.get_ref();
                    if !(value.is_finite() && value >= 0.0) {
                        return Err(invalid(
                            Some(points.span()),
                            format!("points = {value}: a group's points are a non-negative number"),
                        ));
                    }
                    Some(value)
                }
                None => None,
            };
            if let Some(first) = groups.first() {
                if first.points.is_some() != points.is_some() {
                    let (with, without) = match points {
                        Some(_) => (name.as_str(), first.name.as_str()),
                        None => (first.name.as_str(), name.as_str()),
                    };
                    return Err(invalid(
                        Some(raw.points.as_ref().map_or(group_span.clone(), |p| p.span())),
                        format!(
                            "group {with:?} has points but group {without:?} has none: in a \
                             scored problem every group has points (the samples are worth nothing)"
                        ),
                    ));
                }
            }
            groups.push(Group {
                points,
                name: name.clone(),
                about: raw.about,
                count,
                seed,
                params,
                at,
                files,
                small: raw.small.unwrap_or(false),
            });
        }

        let problem_dir = path.parent().unwrap_or(Path::new("."));
        let invalid_inputs =
            raw.invalid
                .into_iter()
                .map(|spanned| {
                    let at = position(text, spanned.span().start);
                    let entry = spanned.into_inner();
                    let input = match (entry.input, entry.file) {
                        (Some(input), None) => InvalidInput::Inline(input),
                        (None, Some(file)) => match within::relative_inside(&file) {
                            Ok(()) => InvalidInput::File(problem_dir.join(file)),
                            Err(why) => {
                                return Err(ManifestError::Invalid {
                                    path: path.to_path_buf(),
                                    at,
                                    message: format!("file: {why}"),
                                })
                            }
                        },
                        _ => return Err(ManifestError::Invalid {
                            path: path.to_path_buf(),
                            at,
                            message:
                                "an [[invalid]] input has either input = \"...\" or file = \"...\""
                                    .to_string(),
                        }),
                    };
                    Ok(Invalid {
                        input,
                        about: entry.about,
                        at,
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
        let kind = match (raw.programs, raw.game) {
            (None, None) => ProblemKind::Catalog,
            (Some(programs), None) => {
                ProblemKind::Programs(Box::new(programs_of(text, path, problem_dir, programs)?))
            }
            (None, Some(table)) => ProblemKind::Game(game_table(text, table)),
            (Some(_), Some(table)) => {
                return Err(invalid(
                    Some(table.span()),
                    "a problem has [programs] or [game], not both".to_string(),
                ))
            }
        };

        let unreached = match raw.unreached {
            None => Vec::new(),
            Some(table) => (table.into_iter())
                .map(|(bound, reason)| unreached_entry(text, path, bound, reason))
                .collect::<Result<_, _>>()?,
        };
        let expectations = match raw.expect {
            None => Vec::new(),
            Some(table) => {
                if groups.iter().all(|g| g.points.is_none()) {
                    return Err(invalid(
                        Some(table.span()),
                        "[expect] holds expected scores, but no [[group]] has points: the \
                         problem is not scored"
                            .to_string(),
                    ));
                }
                (table.into_inner().into_iter())
                    .map(|(solution, entry)| expectation(text, path, &groups, solution, entry))
                    .collect::<Result<_, _>>()?
            }
        };
        let statement_language = match raw.statement {
            Some(table) => {
                let language = table.language;
                super::statement::check_language(language.get_ref())
                    .map_err(|e| invalid(Some(language.span()), e))?;
                language.into_inner()
            }
            None => super::statement::DEFAULT_LANGUAGE.to_string(),
        };

        Ok(Manifest {
            name: name.to_string(),
            path: path.to_path_buf(),
            title: title.to_string(),
            limits: LimitsSection {
                time_seconds: time,
                memory_mib: memory,
            },
            samples,
            groups,
            invalid: invalid_inputs,
            kind,
            unreached,
            statement_language,
            expectations,
        })
    }

    /// Whether the problem is scored: its groups have points.
    pub fn scored(&self) -> bool {
        self.groups.iter().any(|g| g.points.is_some())
    }

    /// How each group of a scored problem is scored, the samples first (worth nothing), in
    /// plan order; `None` for a pass-fail problem. Our groups are all or nothing (the smallest
    /// fraction of any test).
    pub fn group_rules(&self) -> Option<Vec<GroupRule>> {
        if !self.scored() {
            return None;
        }
        let sample = GroupRule {
            name: SAMPLE_GROUP.to_string(),
            points: 0.0,
            aggregation: Aggregation::Min,
        };
        let groups = self.groups.iter().map(|g| GroupRule {
            name: g.name.clone(),
            points: g.points.unwrap_or(0.0),
            aggregation: Aggregation::Min,
        });
        Some(std::iter::once(sample).chain(groups).collect())
    }

    /// The `[expect]` entry of the solution at `solutions/<folder>/<file>`, if any.
    pub fn expectation_of(&self, folder: &str, file: &str) -> Option<&ExpectEntry> {
        (self.expectations.iter()).find(|e| {
            let mut parts = e.solution.split('/').filter(|p| !p.is_empty() && *p != ".");
            parts.next() == Some("solutions")
                && parts.next() == Some(folder)
                && parts.next() == Some(file)
                && parts.next().is_none()
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

/// One `[unreached]` entry checked: the key names a bound (`QUANTITY min|max`) and the reason
/// says something.
fn unreached_entry(
    text: &str,
    path: &Path,
    bound: String,
    reason: Spanned<String>,
) -> Result<Unreached, ManifestError> {
    let at = position(text, reason.span().start);
    let invalid = |message: String| ManifestError::Invalid {
        path: path.to_path_buf(),
        at,
        message,
    };
    let (quantity, end) = match bound.rsplit_once(' ') {
        Some((quantity, end @ ("min" | "max"))) if !quantity.trim().is_empty() => {
            (quantity.trim(), end)
        }
        _ => {
            return Err(invalid(format!(
                "[unreached] {bound:?}: a bound is named \"QUANTITY min\" or \"QUANTITY max\" \
                 (such as \"n max\")"
            )))
        }
    };
    let reason = reason.into_inner();
    if reason.trim().is_empty() {
        return Err(invalid(format!(
            "[unreached] {bound:?}: the reason is empty; say why the plan leaves the bound unreached"
        )));
    }
    Ok(Unreached {
        bound: format!("{quantity} {end}"),
        quantity: quantity.to_string(),
        reason: reason.trim().to_string(),
        at,
    })
}

/// One `[expect]` entry checked: it names an example solution that exists (under
/// `solutions/<folder>/`, where `verify` finds it), says something, names only groups of the
/// plan, and expects no more than they are worth.
fn expectation(
    text: &str,
    path: &Path,
    groups: &[Group],
    solution: String,
    entry: Spanned<RawExpect>,
) -> Result<ExpectEntry, ManifestError> {
    let invalid = |span: Range<usize>, message: String| ManifestError::Invalid {
        path: path.to_path_buf(),
        at: position(text, span.start),
        message,
    };
    let span = entry.span();
    let raw = entry.into_inner();
    let problem_dir = path.parent().unwrap_or(Path::new("."));
    let parts: Vec<&str> = (solution.split('/'))
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    if within::relative_inside(&solution).is_err() || parts.len() != 3 || parts[0] != "solutions" {
        return Err(invalid(
            span,
            format!(
                "[expect] {solution:?}: an example solution is named \
                 \"solutions/<folder>/<file>\""
            ),
        ));
    }
    if !problem_dir.join(&solution).is_file() {
        return Err(invalid(
            span,
            format!("[expect] {solution:?}: there is no such solution in the problem folder"),
        ));
    }
    let max: f64 = groups.iter().filter_map(|g| g.points).sum();
    let score = match raw.score {
        Some(score) => {
            let value = *score.get_ref();
            if !(value.is_finite() && (0.0..=max).contains(&value)) {
                return Err(invalid(
                    score.span(),
                    format!(
                        "[expect] {solution:?}: score = {value} is outside 0..={}, what the \
                         groups are worth",
                        crate::score::format_score(max)
                    ),
                ));
            }
            Some(value)
        }
        None => None,
    };
    let mut expected = Vec::new();
    for (name, value) in raw.groups.unwrap_or_default() {
        let at = value.span();
        let Some(group) = groups.iter().find(|g| g.name == name) else {
            let known: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
            return Err(invalid(
                at,
                format!(
                    "[expect] {solution:?}: no group {name:?} (the groups are {})",
                    known.join(", ")
                ),
            ));
        };
        let worth = group.points.unwrap_or(0.0);
        let verdict_of = |value: &toml::Value| -> Result<Verdict, ManifestError> {
            (value.as_str())
                .ok_or_else(|| "a verdict is a string such as \"AC\"".to_string())
                .and_then(str::parse)
                .map_err(|why| {
                    invalid(
                        at.clone(),
                        format!("[expect] {solution:?}: group {name:?}: {why}"),
                    )
                })
        };
        let points_of = |value: &toml::Value| -> Result<f64, ManifestError> {
            let points = match value {
                toml::Value::Integer(n) => *n as f64,
                toml::Value::Float(x) => *x,
                _ => f64::NAN,
            };
            if points.is_finite() && (0.0..=worth).contains(&points) {
                Ok(points)
            } else {
                Err(invalid(
                    at.clone(),
                    format!(
                        "[expect] {solution:?}: group {name:?}: points = {value} is not a number \
                         in 0..={}, what the group is worth",
                        crate::score::format_score(worth)
                    ),
                ))
            }
        };
        let (verdict, points) = match value.get_ref() {
            toml::Value::String(_) => (Some(verdict_of(value.get_ref())?), None),
            toml::Value::Integer(_) | toml::Value::Float(_) => {
                (None, Some(points_of(value.get_ref())?))
            }
            toml::Value::Table(table) => {
                if let Some(key) = table.keys().find(|k| *k != "verdict" && *k != "points") {
                    return Err(invalid(
                        at,
                        format!(
                            "[expect] {solution:?}: group {name:?}: unknown key {key:?} \
                             (expected verdict, points)"
                        ),
                    ));
                }
                (
                    table.get("verdict").map(verdict_of).transpose()?,
                    table.get("points").map(points_of).transpose()?,
                )
            }
            _ => (None, None),
        };
        if verdict.is_none() && points.is_none() {
            return Err(invalid(
                at,
                format!(
                    "[expect] {solution:?}: group {name:?}: expected a verdict (\"AC\"), \
                     points (30), or {{ verdict = \"WA\", points = 0 }}"
                ),
            ));
        }
        expected.push(ExpectGroup {
            group: name,
            verdict,
            points,
            at: position(text, at.start),
        });
    }
    if score.is_none() && expected.is_empty() {
        return Err(invalid(
            span,
            format!("[expect] {solution:?}: expected score = N, groups = {{ ... }}, or both"),
        ));
    }
    Ok(ExpectEntry {
        solution,
        score,
        groups: expected,
        at: position(text, span.start),
    })
}

/// The `[game]` table's entries, each with where its value is written.
fn game_table(text: &str, table: Spanned<BTreeMap<String, Spanned<toml::Value>>>) -> GameTable {
    GameTable {
        at: position(text, table.span().start),
        entries: (table.into_inner().into_iter())
            .map(|(key, value)| {
                let at = position(text, value.span().start);
                (key, value.into_inner(), at)
            })
            .collect(),
    }
}

/// The `[programs]` table checked: the required programs named, the interactor and its
/// protocol read (an interactive problem has no brute force or checker: the interactor
/// judges), the checker flags parsed.
fn programs_of(
    text: &str,
    path: &Path,
    problem_dir: &Path,
    raw: Spanned<RawPrograms>,
) -> Result<ProgramsSection, ManifestError> {
    let invalid = |span: Range<usize>, message: String| ManifestError::Invalid {
        path: path.to_path_buf(),
        at: position(text, span.start),
        message,
    };
    let table_span = raw.span();
    let raw = raw.into_inner();
    let program =
        |value: Option<Spanned<String>>, key: &str| -> Result<Option<ProgramPath>, ManifestError> {
            value
                .map(|value| {
                    let written = value.get_ref().clone();
                    if written.trim().is_empty() {
                        return Err(invalid(value.span(), format!("{key} is empty")));
                    }
                    let leaves = within::relative_inside(&written)
                        .and_then(|()| within::inside(problem_dir, &problem_dir.join(&written)));
                    if let Err(why) = leaves {
                        return Err(invalid(value.span(), format!("{key}: {why}")));
                    }
                    Ok(ProgramPath {
                        path: problem_dir.join(&written),
                        written,
                        at: position(text, value.span().start),
                    })
                })
                .transpose()
        };
    let required = |value: Option<Spanned<String>>, key: &str| {
        program(value, key)?.ok_or_else(|| {
            invalid(
                table_span.clone(),
                format!("[programs] needs {key} = \"...\""),
            )
        })
    };
    let interactor = program(raw.interactor, "interactor")?;
    let protocol = match (&interactor, raw.interactor_protocol) {
        (_, None) => Protocol::Kattis,
        (None, Some(protocol)) => {
            return Err(invalid(
                protocol.span(),
                "interactor_protocol without an interactor".to_string(),
            ))
        }
        (Some(_), Some(protocol)) => (Protocol::ALL.into_iter())
            .find(|p| p.name() == protocol.get_ref())
            .ok_or_else(|| {
                invalid(
                    protocol.span(),
                    format!(
                        "interactor_protocol {:?}: expected \"kattis\" or \"testlib\"",
                        protocol.get_ref()
                    ),
                )
            })?,
    };
    if interactor.is_some() {
        let judged_otherwise = [
            ("brute", raw.brute.as_ref().map(Spanned::span)),
            ("checker", raw.checker.as_ref().map(Spanned::span)),
            (
                "checker_flags",
                raw.checker_flags.as_ref().map(Spanned::span),
            ),
        ];
        if let Some((key, Some(span))) = judged_otherwise.into_iter().find(|(_, s)| s.is_some()) {
            return Err(invalid(
                span,
                format!(
                    "{key} with an interactor is not supported: the interactor judges every \
                     game, and the reference's answers come from its games, not from the input"
                ),
            ));
        }
    }
    let interactor = interactor.map(|path| ProgramInteractor { path, protocol });
    let checker = program(raw.checker, "checker")?;
    let (checker_flags, checker_flags_text) = match raw.checker_flags {
        Some(flags) if checker.is_some() => {
            return Err(invalid(
                flags.span(),
                "checker_flags are for the default checker; a checker program gets none"
                    .to_string(),
            ))
        }
        Some(flags) => {
            let words: Vec<&str> = flags.get_ref().split_whitespace().collect();
            let parsed = KattisFlags::parse(&words).map_err(|e| invalid(flags.span(), e))?;
            (parsed, words.join(" "))
        }
        None => (KattisFlags::default(), String::new()),
    };
    Ok(ProgramsSection {
        generator: required(raw.generator, "generator")?,
        validator: required(raw.validator, "validator")?,
        reference: required(raw.reference, "reference")?,
        brute: program(raw.brute, "brute")?,
        checker,
        checker_flags,
        checker_flags_text,
        interactor,
    })
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
    #[serde(default, rename = "invalid")]
    invalid: Vec<Spanned<RawInvalid>>,
    programs: Option<Spanned<RawPrograms>>,
    game: Option<Spanned<BTreeMap<String, Spanned<toml::Value>>>>,
    unreached: Option<BTreeMap<String, Spanned<String>>>,
    statement: Option<RawStatement>,
    expect: Option<Spanned<BTreeMap<String, Spanned<RawExpect>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    score: Option<Spanned<f64>>,
    groups: Option<BTreeMap<String, Spanned<toml::Value>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStatement {
    language: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrograms {
    generator: Option<Spanned<String>>,
    validator: Option<Spanned<String>>,
    reference: Option<Spanned<String>>,
    brute: Option<Spanned<String>>,
    checker: Option<Spanned<String>>,
    checker_flags: Option<Spanned<String>>,
    interactor: Option<Spanned<String>>,
    interactor_protocol: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInvalid {
    input: Option<String>,
    file: Option<String>,
    about: Option<String>,
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
    count: Option<Spanned<u64>>,
    seed: Option<Spanned<u64>>,
    params: Option<Spanned<BTreeMap<String, ParamValue>>>,
    files: Option<Spanned<Vec<String>>>,
    small: Option<bool>,
    points: Option<Spanned<f64>>,
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
    fn unreached_bounds_are_read_with_their_reasons_and_checked() {
        let with = |entries: &str| format!("{GOOD}\n[unreached]\n{entries}\n");
        let m = parse(&with(
            "\"p max\" = \" quadratic \"\n\"total n min\" = \"x\"",
        ))
        .expect("valid");
        let bounds: Vec<(&str, &str, &str)> = (m.unreached.iter())
            .map(|u| (u.bound.as_str(), u.quantity.as_str(), u.reason.as_str()))
            .collect();
        assert_eq!(
            bounds,
            vec![("p max", "p", "quadratic"), ("total n min", "total n", "x")]
        );
        assert_eq!(m.unreached[0].at, Position { line: 27, col: 11 });
        let error = error_of(&with("\"p\" = \"why\""));
        assert!(
            error.starts_with("problem.toml:27:7: [unreached] \"p\": a bound is named"),
            "{error}"
        );
        let error = error_of(&with("\"p max\" = \"\""));
        assert!(
            error.starts_with("problem.toml:27:11: [unreached] \"p max\": the reason is empty"),
            "{error}"
        );
        assert!(error_of(&with("\" max\" = \"why\"")).contains("a bound is named"));
    }

    #[test]
    fn the_statement_language_is_english_unless_declared() {
        assert_eq!(parse(GOOD).expect("valid").statement_language, "en");
        let polish = format!("{GOOD}\n[statement]\nlanguage = \"pl\"\n");
        assert_eq!(parse(&polish).expect("valid").statement_language, "pl");
        let error = error_of(&polish.replace("\"pl\"", "\"polish\""));
        assert!(
            error.starts_with("problem.toml:27:12: \"polish\" is not a language code"),
            "{error}"
        );
    }

    #[test]
    fn a_syntax_error_names_its_position() {
        let error = error_of("title = \"x\"\n[limits\n");
        assert!(error.starts_with("problem.toml:2:"), "{error}");
    }
}
