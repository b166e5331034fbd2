//! A plan of cases: how the cases a package does not commit are made, where its format says
//! how (a Polygon package's generators, run as its `<tests>` say, and its main solution for
//! the answers). The model says what to run; `crate::judging` runs it, whatever the format.
//!
//! A case of a planned problem names where the package would hold its input and answer
//! (`tests/07`, `tests/07.a`) whether or not the files are there: a case whose input is not
//! committed is made by the step that writes it; a case whose answer is not there is
//! answered by the problem's reference ([`super::Programs::reference`]) on its input, under
//! the problem's limits. A case no step writes has its input committed (a manual test).

use super::ProgramFile;

/// How the cases a package does not commit are made: the generator runs, in the package's
/// order. Every judged case without its answer is answered by the reference.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct CasePlan {
    pub steps: Vec<PlanStep>,
    /// The package's tests end their lines with CR LF (a Polygon package for Windows): the
    /// inputs made here are written with CR LF too, as its Windows judges made them.
    pub crlf: bool,
}

/// One run of a generator of the package: `program` with `args`, in a fresh working folder
/// of its own, writing the inputs of the cases [`PlanStep::writes`] says.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PlanStep {
    /// How the package names the generator (`gen`), for messages.
    pub name: String,
    pub program: ProgramFile,
    pub args: Vec<String>,
    pub writes: PlanOutput,
    /// Where the package says it (`problem.xml:12:9`), for messages.
    pub at: String,
}

/// What a generator run writes.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlanOutput {
    /// Its standard output is the input of the case named `case`.
    Stdout { case: String },
    /// It writes files in its working folder, each the input of one case.
    Files(Vec<PlannedFile>),
}

/// A file a generator writes in its working folder, and the case whose input it is.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PlannedFile {
    pub case: String,
    /// Its name in the working folder (`4`; a generator writing `04` or `004` instead is
    /// found too, as Polygon's scripts find it).
    pub file: String,
}

impl PlanStep {
    /// The names of the cases whose inputs it writes.
    pub fn cases(&self) -> Vec<&str> {
        match &self.writes {
            PlanOutput::Stdout { case } => vec![case.as_str()],
            PlanOutput::Files(files) => files.iter().map(|f| f.case.as_str()).collect(),
        }
    }

    /// The generator and its arguments as a command line shows them (`gen 10 3`).
    pub fn command(&self) -> String {
        std::iter::once(self.name.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}
