//! Test groups and test cases: what a submission is judged on, and the cases validators must
//! reject or accept.

use std::path::PathBuf;

/// The name of the samples' group, in every format.
pub const SAMPLE_GROUP: &str = "sample";

/// A group of test cases: what its cases share (the arguments of validators and checkers) and
/// what the reader says about its tests. Its points are in the problem's
/// [`Scoring`](super::Scoring).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct TestGroup {
    /// Unique in the problem: ours `sample` / `large`, Kattis `sample` / `secret/group1`,
    /// sinol `0`, `1`, ….
    pub name: String,
    /// What the setter says the group is for, if anything.
    pub about: Option<String>,
    /// Arguments every input validator gets on this group's inputs.
    pub input_validator_args: Vec<String>,
    /// Arguments for one input validator only (Kattis 2025-09's map form), by the validator's
    /// name; they replace [`TestGroup::input_validator_args`] for it.
    pub input_validator_args_by_name: Vec<(String, Vec<String>)>,
    /// Arguments the output checker (or the default comparison) gets on this group's tests.
    pub output_validator_args: Vec<String>,
    /// Arguments every answer validator gets after the case's input (BAPCtools'
    /// `answer_validator_args`; the output validator's are not theirs).
    pub answer_validator_args: Vec<String>,
    /// Arguments for one answer validator only, by its name, as
    /// [`TestGroup::input_validator_args_by_name`].
    pub answer_validator_args_by_name: Vec<(String, Vec<String>)>,
    /// The brute force must agree on every test of this group (ours: `small = true`).
    pub small: bool,
}

/// One test case.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TestCase {
    /// Its name, as tables and `--test` show it (`03`, `secret/group1/big`, `abc1a`); unique
    /// among the cases of its kind.
    pub name: String,
    /// The [`TestGroup`] it belongs to.
    pub group: String,
    pub kind: CaseKind,
    pub input: CaseData,
    /// The jury's answer; `None` where the format has none (a sinol interactive task), or where
    /// the answer is made by the model solution and nothing is committed yet.
    pub answer: Option<PathBuf>,
    /// A contestant's output, for [`CaseKind::InvalidOutput`] and [`CaseKind::ValidOutput`].
    pub output: Option<PathBuf>,
    /// The validators' arguments the case sets for itself, in place of its group's (a Kattis
    /// 2025-09 case's own `.yaml`); `None` where it takes its group's.
    pub own_args: Option<CaseArgs>,
}

/// Validator arguments of one case, in place of its [`TestGroup`]'s: the same lists.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct CaseArgs {
    pub input_validator_args: Vec<String>,
    pub input_validator_args_by_name: Vec<(String, Vec<String>)>,
    pub output_validator_args: Vec<String>,
    pub answer_validator_args: Vec<String>,
    pub answer_validator_args_by_name: Vec<(String, Vec<String>)>,
}

impl CaseArgs {
    /// The arguments `group` gives, as a case's own.
    pub fn of_group(group: &TestGroup) -> CaseArgs {
        CaseArgs {
            input_validator_args: group.input_validator_args.clone(),
            input_validator_args_by_name: group.input_validator_args_by_name.clone(),
            output_validator_args: group.output_validator_args.clone(),
            answer_validator_args: group.answer_validator_args.clone(),
            answer_validator_args_by_name: group.answer_validator_args_by_name.clone(),
        }
    }
}

/// Where a case's input is.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CaseData {
    File(PathBuf),
    /// Written inside the problem's own file (ours: an `[[invalid]]` input given inline).
    Inline(String),
}

/// What a case is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CaseKind {
    /// Shown in the statement; judged, and worth nothing in a scored problem.
    Sample,
    /// Judged.
    Secret,
    /// An input every input validator must reject.
    InvalidInput,
    /// An answer an answer validator must reject.
    InvalidAnswer,
    /// An output the output validator must reject.
    InvalidOutput,
    /// An output the output validator must accept.
    ValidOutput,
}

impl CaseKind {
    /// Whether submissions are judged on it.
    pub fn is_judged(self) -> bool {
        matches!(self, CaseKind::Sample | CaseKind::Secret)
    }

    /// How messages name it.
    pub fn name(self) -> &'static str {
        match self {
            CaseKind::Sample => "sample",
            CaseKind::Secret => "secret",
            CaseKind::InvalidInput => "invalid input",
            CaseKind::InvalidAnswer => "invalid answer",
            CaseKind::InvalidOutput => "invalid output",
            CaseKind::ValidOutput => "valid output",
        }
    }
}
