//! `verify` of a Kattis package, in the items and checks of [`super`]:
//!
//! - **the package** (`<PATH>`): `problem.yaml` reads and the package is of a kind stonejudge
//!   judges (interactive, multi-pass and submit-answer packages are skipped as not supported
//!   yet: never passed); `data/` has tests; every input is accepted by every input validator
//!   with its group's flags (a checktestdata script is run by our own engine; the steps are
//!   every format's, [`super::validation`]); the output validator compiles, or the default
//!   validator's flags are valid; the time limit can be set (derived from the accepted
//!   submissions, or fixed by `problem.yaml` and then loose enough for them);
//!   with `generators/generators.yaml`, every case it names is made again and compared byte
//!   for byte with what is committed ([`crate::package::generators`]);
//! - **each submission** (`<PATH>/submissions/<folder>/<name>`): it gets its folder's
//!   verdict as `verifyproblem` gives it (see [`crate::judging::Runs`]), possibly only
//!   "with extra time"; in a legacy or 2023-07 scoring package it is graded as `verifyproblem`
//!   grades it ([`crate::judging::kattis_grading`]: its verdict and score from the groups' graders,
//!   every group's score in its `range`, `partially_accepted/` short of the full score), and
//!   its item carries the score card. In 2025-09 it is held instead to the requirements of its
//!   folder and `submissions.yaml` on every test's verdict ([`crate::package::expectations`];
//!   every format's submissions are held to what the model says by [`super::expectation`]),
//!   and its item names them (the check `expectation`); in a 2025-09 scoring package it is
//!   also scored ([`crate::judging::card`], from the model) and held to its `score` (the check `score`):
//!   the one `submissions.yaml` gives, else the full score in `accepted/` and less than it in
//!   `partially_accepted/`; its item carries the score card (`score` in `--json`);
//! - in 2023-07 and 2025-09, the validators' own cases: every `invalid_input/` input is
//!   rejected by an input validator, every `invalid_answer/` answer by an answer validator,
//!   every `invalid_output/` output by the output validator and every `valid_output/` one
//!   accepted; every `.ans` is accepted by the answer validators (`answer_validators/`).
//!
//! The time limit is derived once per package and run of `verify` (every program is built
//! first, `jobs` at a time, then the accepted submissions run for it), and then every other
//! submission is judged, all in one pool of `jobs` runs ([`judging::pool`]), when the
//! package is first needed; the submission items read their judgements off. The input
//! validators run beside that pool, in one of its slots ([`judging::Beside`]). Every run
//! gets the limits `judge` gives it, resolved from the model ([`CaseLimits`]), and is judged
//! as `judge` judges it, by the model's prepared checker, interactor or passes
//! ([`PreparedJudging`], through [`judging::Runs`]). A submission's item
//! carries the tests it ran ([`SolutionRuns`], the rows of `verify --html`): those Kattis'
//! rules run, under the time limit, so a rejected submission's row ends at its first failure.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use super::expectation::{self, JudgedTest, Overall};
use super::regeneration::{self, Maker, Remade, RemadeFile, RemakeStep};
use super::validation::Report;
use super::verifier::FormatVerifier;
use super::{listed, Check, ItemReport, SolutionRuns, TestRun};
use crate::formats::LimitFlags;
use crate::judging::kattis_generators::{self, MadeForJudging};
use crate::judging::kattis_grading::{self as grading, Ungraded};
use crate::judging::{
    self, Beside, CaseLimits, ChosenTimeLimit, Early, JudgedData, Plan, PreparedJudging, Role,
    Runs, ScoredRun, Toolbox, Unready, VerdictAtLimit,
};
use crate::model::{self, Problem};
use crate::package::data::{CheckCase, Data, Group, PackageTest};
use crate::package::expectations::Requirements;
use crate::package::submissions::PackageSubmission;
use crate::package::{sources, Package, PackageError, PackageProgram, ProgramKind};
use crate::readers;
use crate::run::{Cache, Language, Limits, PrepareError, Program, Runner, ScratchDir};
use crate::score::{format_score, ScoreCard};
use crate::verdict::{from_kattis, kattis_verdict, Judged};

/// One unit of a package's verification.
#[derive(Debug, Clone, PartialEq)]
pub enum PackageItem {
    /// The package's own checks.
    Package,
    /// One example submission.
    Submission(Box<PackageSubmission>),
}

/// Verifies the items of one package.
pub struct PackageVerifier<'a> {
    pub package: Package,
    /// The package read into the one model ([`crate::readers::kattis`]), what the steps every
    /// format shares work on; why it does not read, when it does not (a failed check then).
    pub model: Result<Problem, String>,
    /// The test data made from `generators.yaml` that it verifies, when `data/` does not
    /// hold it ([`kattis_generators::made_for_judging`]), or why it could not be made.
    made: Result<Option<MadeForJudging>, String>,
    /// How items are named: the path given on the command line.
    pub shown: String,
    pub runner: &'a Runner,
    /// The compile cache, building the package's programs as its model says
    /// ([`judging::building_for`]).
    pub cache: Cache,
    pub jobs: usize,
    prepared: OnceLock<Prepared>,
    /// The ids of the submission items this run verifies, when told
    /// ([`FormatVerifier::verifying`]); else all of them.
    verified: OnceLock<HashSet<String>>,
}

/// A submission's outcomes at the time limit and at the higher limit, and in 2025-09 every
/// test's (name, verdict, message) at each.
#[derive(Debug, Clone)]
struct Judgement {
    low: VerdictAtLimit,
    high: VerdictAtLimit,
    at_low: Vec<(String, &'static str, String)>,
    at_high: Vec<(String, &'static str, String)>,
    /// Every test run, judged under the time limit, in order.
    ran: Vec<(String, Judged)>,
    /// The same, judged under the higher limit (a legacy or 2023-07 scoring package's
    /// grading "with extra time").
    ran_high: Vec<(String, Judged)>,
}

/// An accepted submission's id and its judgement, or why it could not run.
type AcceptedOutcome = (String, Result<Judgement, String>);

/// What every item of a package needs, made once: its data, its output validator, and the
/// time limit with the accepted submissions' verdicts found on the way.
struct Prepared {
    data: Result<Data, String>,
    validator: Result<Option<Program>, String>,
    limit: Result<ChosenTimeLimit, String>,
    accepted: Vec<AcceptedOutcome>,
    /// Every other submission that is judged, judged once the time limit was set, all in
    /// one pool ([`PackageVerifier::time_limit`]).
    judged: Vec<AcceptedOutcome>,
    /// What the input validators said of every input, when they ran beside that pool
    /// ([`PackageVerifier::validated_inputs`]).
    inputs: OnceLock<Report>,
}

impl<'a> PackageVerifier<'a> {
    /// Reads the package at `root`: a `problem.yaml` that does not read is an error here
    /// (the command's usage error, with the file, line and column).
    pub fn new(
        root: &Path,
        shown: String,
        runner: &'a Runner,
        cache: &'a Cache,
        jobs: usize,
    ) -> Result<PackageVerifier<'a>, PackageError> {
        let package = Package::load(root)?;
        // A package whose generators.yaml names cases data/ does not hold is verified on the
        // data it makes, in a scratch directory that lives as long as the verifier.
        let (package, made) = match kattis_generators::made_for_judging(&package, runner, cache) {
            Ok(Some(made)) => (made.package.clone(), Ok(Some(made))),
            Ok(None) => (package, Ok(None)),
            Err(error) => (package, Err(error.message)),
        };
        let model = readers::kattis::read(&package).map_err(|e| e.to_string());
        let cache = match &model {
            Ok(problem) => judging::building_for(problem, cache),
            Err(_) => cache.clone(),
        };
        Ok(PackageVerifier {
            made,
            model,
            package,
            shown,
            runner,
            cache,
            jobs,
            prepared: OnceLock::new(),
            verified: OnceLock::new(),
        })
    }

    /// Its items with their ids, the package's first: only that one for a package of a kind
    /// not supported yet.
    fn package_items(&self) -> Result<Vec<(String, PackageItem)>, PackageError> {
        let mut items = vec![(self.shown.clone(), PackageItem::Package)];
        if self.package.unsupported().is_some() {
            return Ok(items);
        }
        for submission in self.package.submissions()? {
            let id = self.item_id(&submission);
            items.push((id, PackageItem::Submission(Box::new(submission))));
        }
        Ok(items)
    }

    /// The id of a submission's item: `PATH/submissions/accepted/x.py`.
    fn item_id(&self, submission: &PackageSubmission) -> String {
        format!("{}/submissions/{}", self.shown, submission.id())
    }

    fn verify_item(&self, id: &str, item: &PackageItem) -> ItemReport {
        let start = std::time::Instant::now();
        let mut runs = None;
        let mut score = None;
        let checks = match item {
            PackageItem::Package => self.package_checks(),
            PackageItem::Submission(submission) => {
                self.submission(submission, &mut runs, &mut score)
            }
        };
        let mut report = ItemReport::new(id.to_string(), checks, start.elapsed().as_secs_f64());
        report.runs = runs;
        report.score = score;
        report
    }

    /// The rows of a submission's tests for a report, when its folder promises one verdict
    /// (a 2025-09 expectation of `submissions.yaml` is no single verdict to colour against).
    fn solution_runs(
        &self,
        expected: &str,
        limit: &ChosenTimeLimit,
        judgement: &Judgement,
    ) -> Option<SolutionRuns> {
        let expected = from_kattis(expected)?;
        let tests = (judgement.ran.iter())
            .map(|(name, judged)| TestRun {
                test: name.clone(),
                group: (name.rsplit_once('/').map(|(group, _)| group))
                    .unwrap_or_default()
                    .to_string(),
                verdict: judged.verdict,
                time_s: judged.measured.map(|m| m.cpu_time.as_secs_f64()),
                memory_kib: judged.measured.map(|m| m.peak_memory_kib),
                message: judged.message.clone(),
            })
            .collect();
        Some(SolutionRuns {
            problem: self.shown.clone(),
            expected,
            time_limit_s: limit.seconds,
            memory_limit_mib: Some(self.package.config.memory_mib),
            tests,
        })
    }

    fn package_checks(&self) -> Vec<Check> {
        let config = &self.package.config;
        if let Some(why) = self.package.unsupported() {
            return vec![Check::skip("package", why)];
        }
        let kind = if self.package.is_scoring() {
            "scoring"
        } else {
            "pass-fail"
        };
        let interactive = match (self.package.is_interactive(), self.package.is_multi_pass()) {
            (true, true) => ", interactive, multi-pass",
            (true, false) => ", interactive",
            (false, true) => ", multi-pass",
            (false, false) => "",
        };
        let warnings = match self.package.warnings.len() {
            0 => String::new(),
            n => format!("; {n} unknown keys:\n{}", self.package.warnings.join("\n")),
        };
        let python = (self.model.as_ref().ok())
            .and_then(judging::python3_here)
            .map_or_else(String::new, |how| format!("; {how}"));
        let mut checks = vec![Check::pass(
            "package",
            format!(
                "{:?} format, {kind}{interactive}{python}{warnings}",
                config.version
            ),
        )];
        let prepared = self.prepared();
        let all_data = match &prepared.data {
            Ok(data) => data,
            Err(e) => {
                checks.push(Check::fail("data", e.clone()));
                if self.package.generators.is_some() {
                    checks.push(self.generated());
                }
                return checks;
            }
        };
        let data = &all_data.tree;
        let tests = data.tests();
        checks.push(match tests.len() {
            0 => Check::fail("data", "data/ holds no test (NAME.in with NAME.ans)"),
            n => Check::pass("data", format!("{n} tests")),
        });
        if self.package.generators.is_some() {
            checks.push(self.generated());
        }
        if !self.package.is_2025() {
            checks.extend(self.grading(data));
        }
        checks.push(self.input_validators(&tests));
        checks.extend(self.validator_cases(all_data));
        checks.push(match &prepared.validator {
            Err(e) => Check::fail("output validator", e.clone()),
            Ok(Some(program)) => Check::pass(
                "output validator",
                format!(
                    "{} compiles{}",
                    program.given.display(),
                    match self.package.is_interactive() {
                        true => " (the interactor)",
                        false => "",
                    }
                ),
            ),
            Ok(None) => self.default_flags(&tests),
        });
        checks.push(match &prepared.limit {
            Ok(limit) => match &limit.problem {
                Some(problem) => Check::fail("time limit", problem.clone()),
                None => Check::pass("time limit", limit.how.clone()),
            },
            Err(e) => Check::fail("time limit", e.clone()),
        });
        if let Some(note) = (self.model.as_ref().ok()).and_then(left_out_note) {
            checks.push(note);
        }
        checks
    }

    /// Every case of `generators.yaml` made again and compared byte for byte with what is
    /// committed under `data/` ([`regeneration`]); a committed case it does not name fails too
    /// (the specification wants every case named).
    fn generated(&self) -> Check {
        const CHECK: &str = "generators.yaml";
        match &self.made {
            Err(why) => return Check::fail(CHECK, why.clone()),
            Ok(Some(made)) => {
                return Check::pass(
                    CHECK,
                    format!(
                        "{} made into a scratch directory and judged there (data/ does not \
                         hold them all; `stonejudge testdata` writes them)",
                        crate::text::show::count(made.cases, "case", "cases")
                    ),
                )
            }
            Ok(None) => {}
        }
        let how = match &self.model {
            Ok(problem) => problem.regeneration.as_ref(),
            Err(why) => return Check::fail(CHECK, format!("cannot read the package: {why}")),
        };
        let cases = GeneratedCases {
            package: &self.package,
            runner: self.runner,
            cache: &self.cache,
        };
        let checks = how.map(|how| regeneration::checks(how, &cases));
        (checks.into_iter().flatten().next())
            .unwrap_or_else(|| Check::skip(CHECK, "no generators/generators.yaml"))
    }

    /// Every input against every input validator, with its group's flags
    /// ([`super::validation`], over the model); problemtools requires at least one.
    fn input_validators(&self, tests: &[&PackageTest]) -> Check {
        const CHECK: &str = "input validators";
        let problem = match &self.model {
            Ok(problem) => problem,
            Err(e) => return Check::fail(CHECK, e.clone()),
        };
        if problem.programs.input_validators.is_empty() {
            return Check::fail(
                CHECK,
                format!(
                    "{}: input_validators/ holds no validator",
                    self.package.root.display()
                ),
            );
        }
        let report = (self.prepared().inputs.get().cloned())
            .unwrap_or_else(|| self.toolbox(problem).inputs(problem));
        let passed = format!(
            "{} inputs accepted by {} validators",
            tests.len(),
            report.validators
        );
        report.check(CHECK, "inputs rejected", passed)
    }

    /// The checks of the validators on their own cases (2023-07 and 2025-09): answer
    /// validators on every `.ans` and the invalid inputs and answers ([`validation`], over the
    /// model), and the output validator on the folders of invalid and valid outputs.
    fn validator_cases(&self, data: &Data) -> Vec<Check> {
        let mut checks = Vec::new();
        // A package that does not read into the model fails `input validators` already, saying
        // why.
        if let Ok(problem) = &self.model {
            let toolbox = self.toolbox(problem);
            checks.extend(toolbox.answers(problem));
            checks.extend(toolbox.invalid_inputs(problem));
            checks.extend(toolbox.invalid_answers(problem));
        }
        let checks_data = &data.checks;
        for (name, cases, accept) in [
            ("invalid outputs", &checks_data.invalid_output, false),
            ("valid outputs", &checks_data.valid_output, true),
        ] {
            if !cases.is_empty() {
                checks.push(self.outputs(name, cases, accept));
            }
        }
        checks
    }

    /// What runs the package's validators, as its model `problem` builds them.
    fn toolbox<'s>(&'s self, problem: &'s Problem) -> Toolbox<'s> {
        Toolbox::of(problem, self.runner, &self.cache, self.jobs)
    }

    /// `program` of the package built for `role`, as the reader says the package's programs
    /// are built ([`readers::kattis::building`]).
    fn built(&self, program: &PackageProgram, role: Role) -> Result<Program, PrepareError> {
        let file = readers::kattis::file(program);
        let building = readers::kattis::building(&self.package);
        judging::build(&file, role, &building, &[], self.runner, &self.cache)
    }

    /// The output validator on the `.out` of each case against its `.ans`: it must accept
    /// each (`accept`) or reject each. It judges as on the judging path, through the model's
    /// prepared checker ([`PreparedJudging`]) with the case's group's arguments.
    fn outputs(&self, name: &'static str, cases: &[CheckCase], accept: bool) -> Check {
        let problem = match &self.model {
            Ok(problem) => problem,
            Err(e) => return Check::fail(name, e.clone()),
        };
        if problem.programs.interactor.is_some() {
            return Check::skip(
                name,
                "an interactive problem's output validator reads no .out",
            );
        }
        let prepared = match PreparedJudging::new(problem, &self.toolbox(problem)) {
            Ok(prepared) => prepared,
            Err(Unready::Broken(why)) => return Check::fail(name, why),
            Err(Unready::Skipped(why)) => return Check::skip(name, why),
        };
        let kind = match accept {
            true => model::CaseKind::ValidOutput,
            false => model::CaseKind::InvalidOutput,
        };
        let mut wrong = Vec::new();
        for case in cases {
            let (Some(answer), Some(output)) = (&case.answer, &case.output) else {
                wrong.push(format!("{}: needs its .ans and .out", case.name));
                continue;
            };
            let in_model = (problem.cases.iter()).find(|c| c.kind == kind && c.name == case.name);
            let judged = prepared.check_files(in_model, (&case.input, answer, output));
            match judged {
                Err(e) => wrong.push(format!("{}: {e}", case.name)),
                Ok(judged) => {
                    let accepted = judged.verdict == crate::verdict::Verdict::AC;
                    if accepted != accept {
                        let first = judged.message.lines().next().unwrap_or("").to_string();
                        wrong.push(format!("{}: {} ({first})", case.name, judged.verdict));
                    }
                }
            }
        }
        match wrong.is_empty() {
            true => Check::pass(
                name,
                format!(
                    "{} outputs {} by the output validator",
                    cases.len(),
                    if accept { "accepted" } else { "rejected" }
                ),
            ),
            false => Check::fail(
                name,
                listed(
                    if accept {
                        "outputs rejected"
                    } else {
                        "outputs accepted"
                    },
                    wrong.into_iter(),
                ),
            ),
        }
    }

    /// The default validator's flags, as every group gives them, must parse: the model's
    /// prepared checker ([`PreparedJudging`]) judges each test's group with them.
    fn default_flags(&self, tests: &[&PackageTest]) -> Check {
        const CHECK: &str = "output validator";
        let problem = match &self.model {
            Ok(problem) => problem,
            Err(e) => return Check::fail(CHECK, e.clone()),
        };
        let prepared = match PreparedJudging::new(problem, &self.toolbox(problem)) {
            Ok(prepared) => prepared,
            Err(Unready::Broken(why) | Unready::Skipped(why)) => return Check::fail(CHECK, why),
        };
        let wrong: Vec<String> = tests
            .iter()
            .filter_map(|t| {
                let group = (problem.judged_cases())
                    .find(|c| c.name == t.test.name)
                    .map_or("", |c| c.group.as_str());
                (prepared.of_group(group).err()).map(|e| format!("test {}: {e}", t.test.name))
            })
            .collect();
        match wrong.is_empty() {
            true => Check::pass(CHECK, "the default validator"),
            false => Check::fail(CHECK, listed("bad validator flags", wrong.into_iter())),
        }
    }

    /// One submission held to its folder (in 2025-09: to its expectation).
    /// The checks of a submission; its runs into `runs` when it ran.
    fn submission(
        &self,
        submission: &PackageSubmission,
        runs: &mut Option<SolutionRuns>,
        score: &mut Option<ScoreCard>,
    ) -> Vec<Check> {
        const CHECK: &str = "verdict";
        let is_2025 = self.package.is_2025();
        let expected = submission.expected();
        let scored_2025 = is_2025 && self.package.is_scoring();
        // The package's listing leaves out what nothing holds to anything; a 2025-09
        // submission is held to its requirements, not to one verdict of its folder.
        let expected = expected.unwrap_or_default();
        if let ProgramKind::Unsupported(_) = submission.program.kind {
            return vec![Check::skip(CHECK, submission.program.unsupported_reason())];
        }
        if let Some(expectation) = &submission.expectation {
            if let Some(check) = self.buildable(submission, expectation) {
                return vec![check, Check::pass("expectation", expectation.origins())];
            }
        }
        let prepared = self.prepared();
        let (data, limit) = match (&prepared.data, &prepared.limit) {
            (Ok(data), Ok(limit)) => (&data.tree, limit),
            (Err(e), _) | (_, Err(e)) => return vec![Check::fail(CHECK, e.clone())],
        };
        let scoring = self.package.is_scoring();
        // Graded submissions run every test: their graders decide, not `on_reject` alone.
        let all = scoring && (submission.sets_time_limit() || self.graded());
        let judgement = match prepared
            .accepted
            .iter()
            .find(|(id, _)| *id == submission.id())
        {
            Some((_, judgement)) => judgement.clone(),
            None => self.judge(submission, limit, all),
        };
        let judgement = match judgement {
            Ok(judgement) => judgement,
            Err(e) => return vec![Check::fail(CHECK, e)],
        };
        *runs = self.solution_runs(expected, limit, &judgement);
        if self.graded() {
            return self.grade(submission, expected, data, &judgement, score);
        }
        let expected_in_model = match self.expectation_of(submission) {
            Ok(expected) => expected,
            Err(e) => return vec![Check::fail(CHECK, e)],
        };
        let mut card = None;
        let mut checks = Vec::new();
        if scored_2025 {
            let time_limit = Duration::from_secs_f64(limit.seconds);
            let runs: Vec<ScoredRun> = (judgement.ran.iter())
                .map(|(case, judged)| ScoredRun {
                    case,
                    judged,
                    time_limit,
                })
                .collect();
            let scored = (self.model.as_ref().map_err(Clone::clone))
                .and_then(|problem| judging::card(problem, &runs).map_err(|e| e.to_string()));
            match scored {
                Ok(found) => card = found,
                Err(e) => checks.push(Check::fail("score", e)),
            }
        }
        let outcome = self.outcome(submission, &judgement, limit, card.as_ref());
        checks.insert(
            0,
            Check::from(
                CHECK,
                expectation::verdicts_held(&expected_in_model.verdicts, &outcome),
            ),
        );
        if let Some(card) = &card {
            checks.push(Self::score(submission, expected_in_model, &outcome, card));
        }
        *score = card;
        checks.push(Check::pass(
            "expectation",
            match &submission.expectation {
                Some(expectation) => expectation.origins(),
                None => format!("folder {}", submission.folder),
            },
        ));
        checks
    }

    /// What the package's model says `submission` must get.
    fn expectation_of(
        &self,
        submission: &PackageSubmission,
    ) -> Result<&model::Expectation, String> {
        let problem = self.model.as_ref().map_err(Clone::clone)?;
        let id = format!("submissions/{}", submission.id());
        (problem.submissions.iter())
            .find(|s| s.id == id)
            .map(|s| &s.expectation)
            .ok_or_else(|| format!("{id}: nothing says what it must get"))
    }

    /// A submission's judgement in the terms every format shares: every test under the time
    /// limit and the higher one (in 2025-09; before, the tests Kattis' rules ran), the data
    /// tree's verdict at each, and its score card.
    fn outcome<'c>(
        &self,
        submission: &PackageSubmission,
        judgement: &Judgement,
        limit: &ChosenTimeLimit,
        card: Option<&'c ScoreCard>,
    ) -> expectation::Outcome<'c> {
        let verdict = |code: &str| {
            // A Kattis verdict is one of ours; one that is not cannot come from a run.
            from_kattis(code)
                .or_else(|| code.parse().ok())
                .unwrap_or(crate::verdict::Verdict::JE)
        };
        let tests = match judgement.at_low.is_empty() {
            false => (judgement.at_low.iter().zip(&judgement.at_high))
                .map(
                    |((name, low, message), (_, high, high_message))| JudgedTest {
                        name: name.clone(),
                        verdict: verdict(low),
                        at_higher: Some((verdict(high), high_message.clone())),
                        message: message.clone(),
                    },
                )
                .collect(),
            true => (judgement.ran.iter())
                .map(|(name, judged)| JudgedTest {
                    name: name.clone(),
                    verdict: verdict(kattis_verdict(judged.verdict)),
                    at_higher: None,
                    message: judged.message.clone(),
                })
                .collect(),
        };
        expectation::Outcome {
            id: submission.id(),
            tests,
            overall: Some(Overall {
                at_limit: verdict(judgement.low.verdict),
                shown_at_limit: judgement.low.to_string(),
                at_higher: verdict(judgement.high.verdict),
                shown_at_higher: judgement.high.to_string(),
                limit_s: limit.seconds,
                higher_s: limit.high,
            }),
            card,
            names: kattis_verdict,
        }
    }

    /// A 2025-09 scoring package's submission's score `card` held to its expectation's
    /// score (a range of `submissions.yaml`, else the full score in `accepted/` and less in
    /// `partially_accepted/`); elsewhere it is only reported.
    fn score(
        submission: &PackageSubmission,
        expected: &model::Expectation,
        outcome: &expectation::Outcome,
        card: &ScoreCard,
    ) -> Check {
        const CHECK: &str = "score";
        match &expected.score {
            Some(score) => Check::from(CHECK, expectation::score_held(score, outcome)),
            None => Check::pass(
                CHECK,
                format!(
                    "score {} of {} (folder {} promises no score: reported)",
                    format_score(card.total),
                    format_score(card.max),
                    submission.folder
                ),
            ),
        }
    }

    /// The check `grading` of a legacy or 2023-07 package ([`grading::package_problems`]):
    /// none for a pass-fail package without graders.
    fn grading(&self, data: &Group) -> Option<Check> {
        const CHECK: &str = "grading";
        let problems = grading::package_problems(&self.package, data);
        match (problems.is_empty(), self.graded()) {
            (false, _) => Some(Check::fail(CHECK, problems.join("\n"))),
            (true, true) => Some(Check::pass(
                CHECK,
                "graded as verifyproblem grades (grading:, grader_flags, ranges)",
            )),
            (true, false) => None,
        }
    }

    /// Whether submissions are graded as `verifyproblem` grades a legacy or 2023-07 scoring
    /// package ([`grading`]).
    fn graded(&self) -> bool {
        self.package.is_scoring() && !self.package.is_2025()
    }

    /// A legacy or 2023-07 scoring package's submission graded from its runs into `card`,
    /// and the check that holds it to its folder as `verifyproblem` does
    /// ([`grading::held`]); skipped where the package's grader cannot run.
    fn grade(
        &self,
        submission: &PackageSubmission,
        expected: &str,
        data: &Group,
        judgement: &Judgement,
        card: &mut Option<ScoreCard>,
    ) -> Vec<Check> {
        const CHECK: &str = "verdict";
        let expectation = Check::pass("expectation", format!("folder {}", submission.folder));
        let graded = grading::grade_submission(
            &self.package,
            data,
            self.runner,
            &self.cache,
            &submission.folder,
            expected,
            &judgement.ran,
            &judgement.ran_high,
        );
        let check = match graded {
            Err(Ungraded::Skipped(why)) => Check::skip(CHECK, why),
            Err(Ungraded::Failed(why)) => Check::fail(CHECK, why),
            Ok((found, held)) => {
                *card = Some(found);
                Check::from(CHECK, held)
            }
        };
        vec![check, expectation]
    }

    /// Why a 2025-09 submission cannot be held to its expectation, if it cannot: a language
    /// the package does not allow, a `submissions.yaml` language stonejudge does not know or
    /// whose tool is missing, or more code than `limits.code`.
    fn buildable(
        &self,
        submission: &PackageSubmission,
        expectation: &Requirements,
    ) -> Option<Check> {
        const CHECK: &str = "verdict";
        let path = &submission.program.path;
        let language = match sources::language_of(path) {
            Ok(language) => language,
            Err(e) => return Some(Check::fail(CHECK, e.to_string())),
        };
        // submissions.yaml's language is the one it is built as (Package::submissions).
        let language = match &expectation.language {
            None => language,
            Some(named) => match Language::from_code(named) {
                Some(language) => Some(language),
                None => {
                    return Some(Check::skip(
                        CHECK,
                        format!(
                            "submissions.yaml: language {named} for {}: not supported (not a \
                             language code stonejudge knows; see README: languages)",
                            submission.id()
                        ),
                    ))
                }
            },
        };
        if let Some(tool) = language.and_then(Language::missing_tool) {
            return Some(Check::skip(
                CHECK,
                format!("{}: {tool} is not installed", submission.id()),
            ));
        }
        let code = language.map(|l| l.row().code);
        if let (Some(allowed), Some(code)) = (&self.package.config.languages, code) {
            if !allowed.iter().any(|a| a == code) {
                return Some(Check::fail(
                    CHECK,
                    format!(
                        "{} is in {code}, which problem.yaml languages ({}) does not allow",
                        submission.id(),
                        allowed.join(", ")
                    ),
                ));
            }
        }
        if let Some(kib) = self.package.config.code_kib {
            let bytes: u64 = walkdir::WalkDir::new(path)
                .into_iter()
                .filter_map(Result::ok)
                .filter_map(|e| e.metadata().ok())
                .filter(|m| m.is_file())
                .map(|m| m.len())
                .sum();
            if bytes > kib * 1024 {
                return Some(Check::fail(
                    CHECK,
                    format!(
                        "{} holds {bytes} bytes of code, more than limits.code ({kib} KiB)",
                        submission.id()
                    ),
                ));
            }
        }
        None
    }

    /// A submission's judgement at the time limit and at the higher limit: the one made
    /// while the package was prepared ([`PackageVerifier::time_limit`]), else made now.
    fn judge(
        &self,
        submission: &PackageSubmission,
        limit: &ChosenTimeLimit,
        all: bool,
    ) -> Result<Judgement, String> {
        let id = submission.id();
        if let Some((_, judgement)) = self.prepared().judged.iter().find(|(at, _)| *at == id) {
            return judgement.clone();
        }
        let program = (self.built(&submission.program, Role::Submission))
            .map_err(|e| format!("{}: {e}", e.verdict))?;
        let (problem, prepared) = self.judging(&self.prepared().validator)?;
        let data = JudgedData::new(problem, &prepared, self.runner)?;
        let run_limits = self.run_limits()?;
        let runs = Runs::new(&data, &program, &run_limits, limit.high);
        let mut entries = [(runs, self.plan(submission, limit, all))];
        judging::pool(&mut entries, self.jobs, None);
        let [(mut runs, _)] = entries;
        let per_test = submission.expectation.is_some();
        judgement(&mut runs, limit, all, per_test)
    }

    /// Which tests of a submission that does not set the time limit run, and how far: held
    /// to every test's verdict (2025-09), all of them, each stopped at the time limit once
    /// nothing judged at the cap can change; graded, every test up to the higher limit;
    /// else those Kattis' rules run, in order (judged up to the higher limit).
    fn plan<'e>(
        &self,
        submission: &'e PackageSubmission,
        limit: &ChosenTimeLimit,
        all: bool,
    ) -> Plan<'e> {
        match &submission.expectation {
            Some(expectation) => Plan::Early(Early {
                limit: limit.seconds,
                settled: Box::new(|done: &[(String, bool)]| expectation.settled_at_high(done)),
            }),
            None if self.graded() => Plan::Every,
            None => Plan::InOrder { all },
        }
    }

    /// Whether [`PackageVerifier::submission`] judges a submission that does not set the
    /// time limit: a supported program held to something (its folder's verdict, or in
    /// 2025-09 an expectation), that can be built as it must be, whose item this run
    /// verifies.
    fn judged_later(&self, submission: &PackageSubmission) -> bool {
        let held = match &submission.expectation {
            Some(expectation) => self.buildable(submission, expectation).is_none(),
            None => !self.package.is_2025() && submission.expected().is_some(),
        };
        let id = self.item_id(submission);
        let verified = (self.verified.get()).is_none_or(|ids| ids.contains(&id));
        held && verified
            && !submission.sets_time_limit()
            && !matches!(submission.program.kind, ProgramKind::Unsupported(_))
    }

    /// The limits of a submission's runs ([`judging::RunLimits`]): each test's as `judge`
    /// resolves them from the model ([`CaseLimits`]), with the CPU limit the run is given (the
    /// time limit, or the cap). A Kattis package sets no limit of a language, so these serve
    /// every submission.
    fn run_limits(&self) -> Result<impl Fn(&str, f64) -> Limits + Sync + '_, String> {
        let model = self.model.as_ref().map_err(Clone::clone)?;
        let limits = CaseLimits::new(model, LimitFlags::default(), Path::new(""));
        Ok(move |case: &str, seconds: f64| limits.with_cpu(case, Duration::from_secs_f64(seconds)))
    }

    /// What judges the submissions' runs: the model's checker, interactor or passes made
    /// runnable ([`PreparedJudging`]), as `judge` judges a program on the package; an error
    /// when the output validator (`validator`, prepared) does not build or the model does
    /// not read.
    fn judging(
        &self,
        validator: &Result<Option<Program>, String>,
    ) -> Result<(&Problem, PreparedJudging<'_>), String> {
        validator.as_ref().map_err(Clone::clone)?;
        let problem = self.model.as_ref().map_err(Clone::clone)?;
        let prepared =
            PreparedJudging::new(problem, &self.toolbox(problem)).map_err(|unready| {
                let (Unready::Broken(why) | Unready::Skipped(why)) = unready;
                format!("the output validator: {why}")
            })?;
        Ok((problem, prepared))
    }

    fn prepared(&self) -> &Prepared {
        self.prepared.get_or_init(|| self.prepare())
    }

    /// Reads the data, prepares the output validator, runs the accepted submissions to set
    /// the time limit, and then judges every other submission, all in one pool.
    fn prepare(&self) -> Prepared {
        // Data generators.yaml could not make is no data to judge on: the committed part
        // alone would pass what the rest would catch.
        let data = match &self.made {
            Err(why) => Err(why.clone()),
            Ok(_) => self.package.all_data().map_err(|e| e.to_string()),
        };
        if let Ok(problem) = &self.model {
            judging::build_ahead(problem, &self.toolbox(problem));
        }
        let validator = self
            .package
            .output_validator()
            .map_err(|e| e.to_string())
            .and_then(|found| {
                found
                    .map(|v| self.built(&v, Role::Jury))
                    .transpose()
                    .map_err(|e| format!("the output validator: {}: {e}", e.verdict))
            });
        let (mut accepted, mut judged) = (Vec::new(), Vec::new());
        let inputs = OnceLock::new();
        let validate = || {
            if let Some(report) = self.validated_inputs() {
                let _ = inputs.set(report);
            }
        };
        let limit = self.time_limit(&data, &validator, &mut accepted, &mut judged, &validate);
        Prepared {
            data,
            validator,
            limit,
            accepted,
            judged,
            inputs,
        }
    }

    /// What the input validators say of every input ([`super::validation`], over the model),
    /// when the package's item is verified in this run and has validators to run: what the
    /// check `input validators` reports. Made beside the pool of submissions
    /// ([`judging::Beside`]), in one of its slots, the validators one case at a time.
    fn validated_inputs(&self) -> Option<Report> {
        let problem = self.model.as_ref().ok()?;
        let verified = (self.verified.get()).is_none_or(|ids| ids.contains(&self.shown));
        if !verified || problem.programs.input_validators.is_empty() {
            return None;
        }
        let one_slot = Toolbox {
            jobs: 1,
            ..self.toolbox(problem)
        };
        Some(one_slot.inputs(problem))
    }

    /// The time limit, from the submissions that set it, with their judgements into
    /// `accepted_outcomes`, and every other submission that is judged, into `judged`, all
    /// in one pool ([`judging::pool`]). A limit to derive waits for the first ones, run
    /// alone, one test at a time ([`judging::time_limit`]); a fixed one waits for
    /// nothing, so they run in the pool too. Of the tests Kattis' rules run for them, the
    /// slowest decides whether a fixed limit is loose enough; the rest of their tests (a
    /// 2025-09 submission is held to every test's verdict) run in the pool.
    fn time_limit(
        &self,
        data: &Result<Data, String>,
        validator: &Result<Option<Program>, String>,
        accepted_outcomes: &mut Vec<AcceptedOutcome>,
        judged: &mut Vec<AcceptedOutcome>,
        beside: &Beside<'_>,
    ) -> Result<ChosenTimeLimit, String> {
        data.as_ref().map_err(Clone::clone)?;
        let (problem, prepared) = self.judging(validator)?;
        let run_limits = self.run_limits()?;
        let data = JudgedData::new(problem, &prepared, self.runner)?;
        let data = &data;
        let submissions = self.package.submissions().map_err(|e| e.to_string())?;
        let accepted: Vec<&PackageSubmission> = (submissions.iter())
            .filter(|s| {
                s.sets_time_limit() && !matches!(s.program.kind, ProgramKind::Unsupported(_))
            })
            .collect();
        let per_test = self.package.is_2025();
        let mut programs = Vec::new();
        let mut ids = Vec::new();
        let mut failed = Vec::new();
        for submission in &accepted {
            match self.prepare_submission(submission) {
                Ok(program) => {
                    programs.push(program);
                    ids.push(submission.id());
                }
                Err(e) => failed.push((submission.id(), Err(e))),
            }
        }
        let policy = &self.package.config.time;
        let fixed = policy
            .fixed
            .map(|t| (t, "problem.yaml limits.time_limit", true));
        let all = self.package.is_scoring();
        // Once their Kattis runs are made, the rest of their tests, if they are held to all.
        let rest = || match per_test {
            true => Plan::Every,
            false => Plan::InOrder { all },
        };
        crate::progress::doing(match fixed {
            None => "deriving the time limit, then judging every submission",
            Some(_) => "judging every submission",
        });
        let (mut limit, runs) = match fixed {
            None => judging::time_limit(data, policy, &programs, &run_limits, all)?,
            Some((seconds, source, _)) => {
                let limit = ChosenTimeLimit::fixed(seconds, policy, source);
                let runs = (programs.iter())
                    .map(|program| Runs::new(data, program, &run_limits, limit.high))
                    .collect();
                (limit, runs)
            }
        };
        accepted_outcomes.extend(failed);
        let setting = ids.len();
        let mut entries: Vec<(Runs<'_>, Plan<'_>)> = (runs.into_iter())
            .map(|runs| match fixed {
                None => (runs, rest()),
                Some(_) => (runs, Plan::InOrder { all }),
            })
            .collect();
        // Each entry's id, `all`, `per_test`, and whether it set the time limit.
        let mut judging_of: Vec<(String, bool, bool, bool)> = (ids.into_iter())
            .map(|id| (id, all, per_test, true))
            .collect();
        let later: Vec<&PackageSubmission> = (submissions.iter())
            .filter(|s| self.judged_later(s))
            .collect();
        let mut later_programs = Vec::new();
        for submission in later {
            match self.prepare_submission(submission) {
                Ok(program) => later_programs.push((submission, program)),
                Err(e) => judged.push((submission.id(), Err(e))),
            }
        }
        let graded = self.graded();
        for (submission, program) in &later_programs {
            let runs = Runs::new(data, program, &run_limits, limit.high);
            entries.push((runs, self.plan(submission, &limit, graded)));
            let per_test = submission.expectation.is_some();
            judging_of.push((submission.id(), graded, per_test, false));
        }
        judging::pool(&mut entries, self.jobs, Some(beside));
        if fixed.is_some() {
            let slowest = (entries[..setting].iter())
                .map(|(runs, _)| runs.slowest())
                .fold(0.0, f64::max);
            limit = ChosenTimeLimit::derived(slowest, policy, fixed);
            for (_, plan) in &mut entries[..setting] {
                *plan = rest();
            }
            judging::pool(&mut entries[..setting], self.jobs, None);
        }
        for ((id, all, per_test, set_limit), (mut runs, _)) in judging_of.into_iter().zip(entries) {
            let judgement = judgement(&mut runs, &limit, all, per_test);
            match set_limit {
                true => accepted_outcomes.push((id, judgement)),
                false => judged.push((id, judgement)),
            }
        }
        Ok(limit)
    }

    /// A submission's program, built (from the cache, [`judging::build_ahead`] built it), or
    /// why it cannot run.
    fn prepare_submission(&self, submission: &PackageSubmission) -> Result<Program, String> {
        (self.built(&submission.program, Role::Submission))
            .map_err(|e| format!("{}: {e}", e.verdict))
    }
}

/// A submission's judgement from its runs (made as needed): its outcomes at the time limit
/// and at the higher one, and with `per_test` every test's result at each.
fn judgement(
    runs: &mut Runs<'_>,
    limit: &ChosenTimeLimit,
    all: bool,
    per_test: bool,
) -> Result<Judgement, String> {
    let high = runs.outcome(limit.high, all)?;
    let low = runs.outcome(limit.seconds, all)?;
    let (at_low, at_high) = match per_test {
        true => (runs.results(limit.seconds), runs.results(limit.high)),
        false => (Vec::new(), Vec::new()),
    };
    Ok(Judgement {
        low,
        high,
        at_low,
        at_high,
        ran: runs.ran(limit.seconds),
        ran_high: runs.ran(limit.high),
    })
}

/// The note `left out` of a package's item: the entries of its submissions that are not
/// judged (hidden, disabled, templates, a folder that promises nothing), each with why, when
/// it has any. It passes: leaving them out is the package's choice, as BAPCtools and
/// problemtools take it.
fn left_out_note(problem: &Problem) -> Option<Check> {
    let left_out = &problem.left_out;
    let ids: Vec<&str> = left_out.iter().map(|l| l.id.as_str()).collect();
    let headline = format!(
        "{} not judged: {}",
        crate::text::show::count(left_out.len(), "entry", "entries"),
        ids.join(", ")
    );
    let why = left_out.iter().map(|l| format!("{}: {}", l.id, l.why));
    (!left_out.is_empty()).then(|| Check::pass("left out", listed(&headline, why)))
}

/// A Kattis package's maker ([`RemakeStep::GeneratorsYaml`]): its `generators.yaml` made into a
/// scratch directory ([`kattis_generators::make`]), every file of which must be committed as it is
/// under `data/`, and every file committed under `data/` made.
pub struct GeneratedCases<'a> {
    pub package: &'a Package,
    pub runner: &'a Runner,
    pub cache: &'a Cache,
}

impl Maker for GeneratedCases<'_> {
    fn remake(&self, step: RemakeStep) -> Result<Option<Remade>, String> {
        if step != RemakeStep::GeneratorsYaml {
            return Err(format!("a Kattis package has no {}", step.maker()));
        }
        let Some(found) = &self.package.generators else {
            return Ok(None);
        };
        let scratch = ScratchDir::new("data").map_err(|e| e.to_string())?;
        let made =
            kattis_generators::make(self.package, found, scratch.path(), self.runner, self.cache)
                .map_err(|e| e.message)?;
        let data = self.package.root.join("data");
        let files = |dir: &Path| -> Vec<PathBuf> {
            walkdir::WalkDir::new(dir)
                .sort_by_file_name()
                .into_iter()
                .filter_map(Result::ok)
                .filter(|entry| !entry.file_type().is_dir())
                .filter_map(|entry| entry.path().strip_prefix(dir).ok().map(Path::to_owned))
                .collect()
        };
        // The committed files of the directories it makes: `bt generate` would remove those
        // it does not make. But the `.interaction` of an interactive or multi-pass sample,
        // which `bt` makes by running the solution against the validator and stonejudge does
        // not make: a committed one is kept, not compared.
        let conversations = self.package.is_interactive() || self.package.is_multi_pass();
        let kept = |path: &PathBuf| {
            let hidden = (path.file_name()).is_some_and(|n| n.to_string_lossy().starts_with('.'));
            let conversation = path.extension().is_some_and(|e| e == "interaction");
            !(path.is_dir() || hidden || conversations && conversation)
        };
        let committed = (found.directories.iter())
            .flat_map(|directory| regeneration::files_in(&data.join(&directory.path)))
            .flatten()
            .filter(kept)
            .collect();
        let mut remade = Remade {
            count: made.cases,
            committed,
            wrong: made.errors.into_iter().map(|e| e.message).collect(),
            ..Remade::default()
        };
        for path in files(scratch.path()) {
            let bytes = std::fs::read(scratch.path().join(&path))
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            remade.files.push(RemadeFile {
                path: data.join(path),
                bytes,
            });
        }
        Ok(Some(remade))
    }
}

impl FormatVerifier for PackageVerifier<'_> {
    type Item = PackageItem;

    fn items(&self) -> Result<Vec<(String, PackageItem)>, String> {
        self.package_items().map_err(|e| e.to_string())
    }

    fn verify(&self, id: &str, item: &PackageItem) -> ItemReport {
        self.verify_item(id, item)
    }

    /// Only the submissions this run verifies are judged in the pool when the package is
    /// prepared; the others only if their item is verified after all.
    fn verifying(&self, ids: &[&str]) {
        let _ = (self.verified).set(ids.iter().map(|id| id.to_string()).collect());
    }
}
