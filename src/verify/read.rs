//! `verify` of a package read into the model alone (a Polygon package:
//! [`Resolved::read`]), in the items and checks of [`super`], every check over the model:
//!
//! - **the package** (`<PATH>`): it uses nothing stonejudge does not support (else the item
//!   is skipped, never passed); its tests are there, made first where the package does not
//!   commit them ([`judging::with_tests_made`], the seam `judge` takes too); the input
//!   validators accept every input and reject every invalid one; the checker accepts each
//!   output it must and rejects each it must (its own tests);
//! - **each submission** (`<PATH>/<id>`): judged on every test by [`judging::judge_cases`],
//!   the one judging `judge` does ([`submission`]), and held to its expectation (a Polygon solution's tag),
//!   verdicts and, on a scored problem, its score card.

use std::sync::OnceLock;

use super::verifier::FormatVerifier;
use super::{expectation, submission, Check, ItemReport};
use crate::catalog::Resolved;
use crate::judging::{self, Made, PreparedJudging, Toolbox, Unready};
use crate::model::{CaseData, CaseKind, Problem};
use crate::run::{Cache, Runner};
use crate::score::ScoreCard;
use crate::verdict::Verdict;

/// One unit of a read package's verification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadItem {
    Package,
    /// The submission of that index in the model.
    Submission(usize),
}

/// Verifies the items of one package read into the model alone.
pub struct ReadVerifier<'a> {
    /// The package as committed.
    pub problem: Problem,
    /// How items are named: the path given on the command line.
    pub shown: String,
    pub runner: &'a Runner,
    pub cache: &'a Cache,
    pub jobs: usize,
    /// The package with its tests made (by the first item that needs them), and the scratch
    /// folder holding them; why they could not be made.
    made: OnceLock<Result<WithMade, String>>,
}

/// The model with its tests made, and what keeps them.
struct WithMade {
    problem: Problem,
    _made: Option<Made>,
}

impl<'a> ReadVerifier<'a> {
    pub fn new(
        problem: Problem,
        shown: String,
        runner: &'a Runner,
        cache: &'a Cache,
        jobs: usize,
    ) -> ReadVerifier<'a> {
        ReadVerifier {
            problem,
            shown,
            runner,
            cache,
            jobs,
            made: OnceLock::new(),
        }
    }

    /// Its items with their ids: the package's, then each submission's (none when the
    /// package uses what stonejudge does not support).
    fn item_list(&self) -> Vec<(String, ReadItem)> {
        let mut items = vec![(self.shown.clone(), ReadItem::Package)];
        if !self.problem.unsupported.is_empty() {
            return items;
        }
        for (index, submission) in self.problem.submissions.iter().enumerate() {
            items.push((
                format!("{}/{}", self.shown, submission.id),
                ReadItem::Submission(index),
            ));
        }
        items
    }

    fn verify_item(&self, id: &str, item: ReadItem) -> ItemReport {
        let start = std::time::Instant::now();
        let (checks, card) = match item {
            ReadItem::Package => (self.package_checks(), None),
            ReadItem::Submission(index) => {
                let (check, card) = self.submission(index);
                (vec![check], card)
            }
        };
        let mut report = ItemReport::new(id.to_string(), checks, start.elapsed().as_secs_f64());
        report.score = card;
        report
    }

    /// The package with its tests made, once, by whoever asks first.
    fn made(&self) -> Result<&Problem, String> {
        let made = self.made.get_or_init(|| {
            let resolved = Resolved::read(self.problem.clone());
            let with_tests = judging::with_tests_made(resolved, self.runner, self.cache, self.jobs)
                .map_err(|e| e.message)?;
            let problem = (with_tests.problem.model().cloned())
                .ok_or("the package is no longer read into the model once its tests are made")?;
            Ok(WithMade {
                problem,
                _made: with_tests.made,
            })
        });
        made.as_ref()
            .map(|made| &made.problem)
            .map_err(Clone::clone)
    }

    fn toolbox(&self) -> Toolbox<'_> {
        Toolbox::plain(self.runner, self.cache, self.jobs)
    }

    fn package_checks(&self) -> Vec<Check> {
        let problem = &self.problem;
        if !problem.unsupported.is_empty() {
            return vec![Check::skip("package", problem.unsupported.join("; "))];
        }
        let warnings = match problem.warnings.len() {
            0 => String::new(),
            n => format!(", {n} warnings"),
        };
        let mut checks = vec![Check::pass(
            "package",
            format!(
                "{} package {}: {} groups, {} submissions{warnings}",
                problem.format.name(),
                problem.name,
                problem.groups.len(),
                problem.submissions.len()
            ),
        )];
        let made = match self.made() {
            Ok(made) => made,
            Err(why) => {
                checks.push(Check::fail("tests", why));
                return checks;
            }
        };
        checks.push(tests_there(made));
        let toolbox = self.toolbox();
        if !made.programs.input_validators.is_empty() {
            let report = toolbox.inputs(made);
            let passed = format!(
                "{} inputs accepted by {} validators",
                report.cases, report.validators
            );
            checks.push(report.check("inputs", "inputs a validator rejects:", passed));
        }
        checks.extend(toolbox.invalid_inputs(made));
        for (kind, name) in [
            (CaseKind::ValidOutput, "checker accepts"),
            (CaseKind::InvalidOutput, "checker rejects"),
        ] {
            checks.extend(checker_tests(made, &toolbox, kind, name));
        }
        checks
    }

    /// The submission of `index` judged as `judge` judges it, against its expectation, and
    /// its score card on a scored problem.
    fn submission(&self, index: usize) -> (Check, Option<ScoreCard>) {
        let fail = |why: String| (Check::fail("expectation", why), None);
        let made = match self.made() {
            Ok(made) => made,
            Err(why) => return fail(format!("no tests to judge on: {why}")),
        };
        let submission = &made.submissions[index];
        let resolved = Resolved::read(made.clone());
        let path = &submission.program.path;
        let judged = match submission::judge(&resolved, made, path, self.runner, self.cache) {
            Ok(judged) => judged,
            Err(why) => return fail(why),
        };
        let outcome = judged.outcome(submission.id.clone(), Verdict::short);
        let held = expectation::held(&submission.expectation, &outcome);
        (Check::from("expectation", held), judged.card)
    }
}

/// The check `tests`: the problem has tests to judge on, each input and answer a file.
fn tests_there(problem: &Problem) -> Check {
    let judged: Vec<_> = problem.judged_cases().collect();
    if judged.is_empty() {
        return Check::fail("tests", "no tests to judge on");
    }
    let missing: Vec<String> = (judged.iter())
        .flat_map(|case| {
            let input = match &case.input {
                CaseData::File(path) => Some(path.clone()),
                CaseData::Inline(_) => None,
            };
            input.into_iter().chain(case.answer.clone())
        })
        .filter(|path| !path.is_file())
        .map(|path| format!("{} is missing", path.display()))
        .collect();
    match missing.is_empty() {
        true => Check::pass(
            "tests",
            format!("{} tests, each with its answer", judged.len()),
        ),
        false => Check::fail(
            "tests",
            super::listed("tests not there:", missing.into_iter()),
        ),
    }
}

/// The checker's own tests of `kind` (outputs it must accept, or reject), each judged by the
/// checker as on the judging path; none when the problem has none.
fn checker_tests(
    problem: &Problem,
    toolbox: &Toolbox<'_>,
    kind: CaseKind,
    name: &'static str,
) -> Option<Check> {
    let cases: Vec<_> = problem.cases.iter().filter(|c| c.kind == kind).collect();
    if cases.is_empty() {
        return None;
    }
    let prepared = match PreparedJudging::new(problem, toolbox) {
        Ok(prepared) => prepared,
        Err(Unready::Broken(why)) => return Some(Check::fail(name, why)),
        Err(Unready::Skipped(why)) => return Some(Check::skip(name, why)),
    };
    let accept = kind == CaseKind::ValidOutput;
    let mut wrong = Vec::new();
    for case in cases {
        let judged = match (&case.input, &case.answer, &case.output) {
            (CaseData::File(input), Some(answer), Some(output)) => {
                prepared.check_files(Some(case), (input, answer, output))
            }
            _ => Err("it needs an input, an answer and an output file".to_string()),
        };
        match judged {
            Err(why) => wrong.push(format!("{}: {why}", case.name)),
            Ok(judged) if (judged.verdict == Verdict::AC) != accept => {
                let first = super::first_line(&judged.message);
                wrong.push(format!("{}: {} ({first})", case.name, judged.verdict));
            }
            Ok(_) => {}
        }
    }
    let count = problem.cases.iter().filter(|c| c.kind == kind).count();
    Some(match wrong.is_empty() {
        true => Check::pass(name, format!("{count} of its tests")),
        false => Check::fail(name, super::listed("wrong:", wrong.into_iter())),
    })
}

impl FormatVerifier for ReadVerifier<'_> {
    type Item = ReadItem;

    fn items(&self) -> Result<Vec<(String, ReadItem)>, String> {
        Ok(self.item_list())
    }

    fn verify(&self, id: &str, item: &ReadItem) -> ItemReport {
        self.verify_item(id, *item)
    }
}
