//! `verify` of a Kattis package, in the items and checks of [`super`]:
//!
//! - **the package** (`<PATH>`): `problem.yaml` reads and the package is of a kind stonejudge
//!   judges (interactive, multi-pass and submit-answer packages are skipped as not supported
//!   yet: never passed); `data/` has tests; every input is accepted by every input validator
//!   with its group's flags (a checktestdata script without `checktestdata` installed is
//!   skipped); the output validator compiles, or the default validator's flags are valid; the
//!   time limit can be set (derived from the accepted submissions, or fixed by `problem.yaml`
//!   and then loose enough for them);
//!   with `generators/generators.yaml`, every case it names is made again and compared byte
//!   for byte with what is committed ([`crate::package::generators`]);
//! - **each submission** (`<PATH>/submissions/<folder>/<name>`): it gets its folder's
//!   verdict as `verifyproblem` gives it (see [`crate::package::submissions`]), possibly only
//!   "with extra time"; in a legacy or 2023-07 scoring package it is graded as `verifyproblem`
//!   grades it ([`crate::package::grading`]: its verdict and score from the groups' graders,
//!   every group's score in its `range`, `partially_accepted/` short of the full score), and
//!   its item carries the score card. In 2025-09 it is held instead to the requirements of its
//!   folder and `submissions.yaml` on every test's verdict ([`crate::package::expectations`]),
//!   and its item names them (the check `expectation`); in a 2025-09 scoring package it is
//!   also scored ([`crate::package::scoring`]) and held to its `score` (the check `score`):
//!   the one `submissions.yaml` gives, else the full score in `accepted/` and less than it in
//!   `partially_accepted/`; its item carries the score card (`score` in `--json`);
//! - in 2023-07 and 2025-09, the validators' own cases: every `invalid_input/` input is
//!   rejected by an input validator, every `invalid_answer/` answer by an answer validator,
//!   every `invalid_output/` output by the output validator and every `valid_output/` one
//!   accepted; every `.ans` is accepted by the answer validators (`answer_validators/`).
//!
//! The time limit is derived once per package and run of `verify` (every program is built
//! first, `jobs` at a time, then the accepted submissions run for it), and then every other
//! submission is judged, all in one pool of `jobs` runs ([`submissions::pool`]), when the
//! package is first needed; the submission items read their judgements off. How runs share
//! the machine is [`crate::package::submissions`]'s. A submission's item
//! carries the tests it ran ([`SolutionRuns`], the rows of `verify --html`): those Kattis'
//! rules run, under the time limit, so a rejected submission's row ends at its first failure.

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

use super::{listed, Check, ItemReport, SolutionRuns, TestRun};
use crate::model::Problem;
use crate::package::config::InputArgs;
use crate::package::data::{CheckCase, Data, Group, PackageTest};
use crate::package::expectations::{Expectation, Rule};
use crate::package::grading::{self, Ungraded};
use crate::package::submissions::{
    self, Early, Judging, Outcome, Plan, Runs, Submission, TimeLimit,
};
use crate::package::validators::{
    all_accept, check_inputs, must_reject, run_validators, InputCase, InputReport, Ran,
};
use crate::package::{
    generators, scoring, sources, Package, PackageError, PackageProgram, ProgramKind,
};
use crate::readers;
use crate::run::{Cache, Language, Program, Runner};
use crate::score::{format_score, same_score, ScoreCard, SCORE_TOLERANCE};
use crate::verdict::Judged;

/// One unit of a package's verification.
#[derive(Debug, Clone, PartialEq)]
pub enum PackageItem {
    /// The package's own checks.
    Package,
    /// One example submission.
    Submission(Box<Submission>),
}

/// Verifies the items of one package.
pub struct PackageVerifier<'a> {
    pub package: Package,
    /// The package read into the one model ([`crate::readers::kattis`]), what the steps every
    /// format shares work on; why it does not read, when it does not (a failed check then).
    pub model: Result<Problem, String>,
    /// How items are named: the path given on the command line.
    pub shown: String,
    pub runner: &'a Runner,
    pub cache: &'a Cache,
    pub jobs: usize,
    prepared: OnceLock<Prepared>,
    /// The ids of the submission items this run verifies, when told
    /// ([`PackageVerifier::verifying`]); else all of them.
    verified: OnceLock<HashSet<String>>,
}

/// A submission's outcomes at the time limit and at the higher limit, and in 2025-09 every
/// test's (name, verdict, message) at each.
#[derive(Debug, Clone)]
struct Judgement {
    low: Outcome,
    high: Outcome,
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
    limit: Result<TimeLimit, String>,
    accepted: Vec<AcceptedOutcome>,
    /// Every other submission that is judged, judged once the time limit was set, all in
    /// one pool ([`PackageVerifier::time_limit`]).
    judged: Vec<AcceptedOutcome>,
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
        Ok(PackageVerifier {
            model: readers::kattis::read(&package).map_err(|e| e.to_string()),
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
    pub fn items(&self) -> Result<Vec<(String, PackageItem)>, PackageError> {
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
    fn item_id(&self, submission: &Submission) -> String {
        format!("{}/submissions/{}", self.shown, submission.id())
    }

    /// Tells it which of its items this run verifies (`verify --partition` verifies some):
    /// only those submissions are judged in the pool when the package is prepared, the
    /// others only if their item is verified after all. To be called before the first
    /// item is verified; without it, every submission is judged there.
    pub fn verifying<'i>(&self, ids: impl IntoIterator<Item = &'i str>) {
        let _ = (self.verified).set(ids.into_iter().map(str::to_string).collect());
    }

    pub fn verify(&self, id: &str, item: &PackageItem) -> ItemReport {
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
        limit: &TimeLimit,
        judgement: &Judgement,
    ) -> Option<SolutionRuns> {
        let expected = submissions::from_kattis(expected)?;
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
        let mut checks = vec![Check::pass(
            "package",
            format!("{:?} format, {kind}{interactive}{warnings}", config.version),
        )];
        let prepared = self.prepared();
        let all_data = match &prepared.data {
            Ok(data) => data,
            Err(e) => {
                checks.push(Check::fail("data", e.clone()));
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
        checks.extend(self.validator_cases(all_data, &tests));
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
        checks
    }

    /// Every case of `generators.yaml` made again and compared byte for byte with what is
    /// committed under `data/`; a committed case it does not name fails too (the
    /// specification wants every case named).
    fn generated(&self) -> Check {
        const CHECK: &str = "generators.yaml";
        let Some(found) = &self.package.generators else {
            return Check::skip(CHECK, "no generators/generators.yaml");
        };
        let data = self.package.root.join("data");
        let mut problems = Vec::new();
        for case in &found.cases {
            let generated = match generators::generate(&self.package, case, self.runner, self.cache)
            {
                Ok(generated) => generated,
                Err(e) => {
                    problems.push(format!("{}: {e}", case.name));
                    continue;
                }
            };
            let base = data.join(&case.name);
            let files = [
                Some(("in", generated.input)),
                generated.answer.map(|a| ("ans", a)),
            ];
            for (extension, bytes) in files.into_iter().flatten() {
                let path = base.with_extension(extension);
                if let Some(difference) = generators::first_difference(&bytes, &path) {
                    problems.push(format!("{}: {difference}", case.name));
                }
            }
        }
        problems.extend(generators::unnamed(&data, &found.cases));
        problems.extend(generators::group_file_differences(&data, found));
        match problems.is_empty() {
            true => Check::pass(
                CHECK,
                format!(
                    "{} cases regenerated, identical to data/",
                    found.cases.len()
                ),
            ),
            false => Check::fail(CHECK, problems.join("\n")),
        }
    }

    /// Every input against every input validator, with its group's flags.
    fn input_validators(&self, tests: &[&PackageTest]) -> Check {
        const CHECK: &str = "input validators";
        let cases: Vec<InputCase> = (tests.iter())
            .map(|t| InputCase {
                name: t.test.name.clone(),
                path: t.test.input.clone(),
                flags: t.input_validator_flags.clone(),
                input: None,
            })
            .collect();
        let report = match check_inputs(&self.package, self.runner, self.cache, &cases, self.jobs) {
            Ok(report) => report,
            Err(e) => return Check::fail(CHECK, e.to_string()),
        };
        if !report.rejected.is_empty() {
            Check::fail(
                CHECK,
                listed("inputs rejected", report.rejected.into_iter()),
            )
        } else if !report.skipped.is_empty() {
            Check::skip(CHECK, listed("not all run", report.skipped.into_iter()))
        } else {
            Check::pass(
                CHECK,
                format!(
                    "{} inputs accepted by {} validators",
                    tests.len(),
                    report.validators
                ),
            )
        }
    }

    /// The checks of the validators on their own cases (2023-07 and 2025-09): answer
    /// validators on every `.ans`, and the folders of invalid and valid cases.
    fn validator_cases(&self, data: &Data, tests: &[&PackageTest]) -> Vec<Check> {
        let mut checks = Vec::new();
        let answer_validators = match self.package.answer_validators() {
            Ok(found) => found,
            Err(e) => return vec![Check::fail("answer validators", e.to_string())],
        };
        let answers: Vec<InputCase> = (tests.iter())
            .map(|t| {
                answer_case(
                    &t.test.name,
                    &t.test.input,
                    &t.test.answer,
                    &t.output_validator_flags,
                )
            })
            .collect();
        if !answer_validators.is_empty() {
            let ran = self.run(&answer_validators, &answers);
            checks.push(report_check(
                "answer validators",
                all_accept(ran, &answers),
                "answers accepted",
            ));
        }
        let checks_data = &data.checks;
        if !checks_data.invalid_input.is_empty() {
            let cases: Vec<InputCase> = (checks_data.invalid_input.iter())
                .map(|c| InputCase {
                    name: c.name.clone(),
                    path: c.input.clone(),
                    flags: c.input_validator_flags.clone(),
                    input: None,
                })
                .collect();
            checks.push(match self.package.input_validators() {
                Ok(validators) => report_check(
                    "invalid inputs",
                    must_reject(self.run(&validators, &cases), &cases),
                    "invalid inputs rejected",
                ),
                Err(e) => Check::fail("invalid inputs", e.to_string()),
            });
        }
        if !checks_data.invalid_answer.is_empty() {
            let cases: Result<Vec<InputCase>, String> = (checks_data.invalid_answer.iter())
                .map(|c| {
                    let answer = c.answer.as_ref().ok_or_else(|| {
                        format!(
                            "{}: an invalid answer case needs its .ans",
                            c.input.display()
                        )
                    })?;
                    Ok(answer_case(
                        &c.name,
                        &c.input,
                        answer,
                        &c.output_validator_flags,
                    ))
                })
                .collect();
            checks.push(match (cases, answer_validators.is_empty()) {
                (Err(e), _) => Check::fail("invalid answers", e),
                (Ok(_), true) => Check::fail(
                    "invalid answers",
                    "data/invalid_answer/ has cases, but answer_validators/ holds no validator",
                ),
                (Ok(cases), false) => report_check(
                    "invalid answers",
                    must_reject(self.run(&answer_validators, &cases), &cases),
                    "invalid answers rejected",
                ),
            });
        }
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

    /// Runs `validators` on `cases`.
    fn run(&self, validators: &[PackageProgram], cases: &[InputCase]) -> Vec<(String, Ran)> {
        run_validators(
            &self.package,
            validators,
            self.runner,
            self.cache,
            cases,
            self.jobs,
        )
    }

    /// The output validator on the `.out` of each case against its `.ans`: it must accept
    /// each (`accept`) or reject each.
    fn outputs(&self, name: &'static str, cases: &[CheckCase], accept: bool) -> Check {
        if self.package.is_interactive() {
            return Check::skip(
                name,
                "an interactive problem's output validator reads no .out",
            );
        }
        let judging = match self.judging(&self.prepared().validator) {
            Ok(judging) => judging,
            Err(e) => return Check::fail(name, e),
        };
        let mut wrong = Vec::new();
        for case in cases {
            let (Some(answer), Some(output)) = (&case.answer, &case.output) else {
                wrong.push(format!("{}: needs its .ans and .out", case.name));
                continue;
            };
            let read = |p: &std::path::Path| {
                std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
            };
            let files = read(&case.input).and_then(|i| Ok((i, read(answer)?, read(output)?)));
            let judged = files.and_then(|(input, answer, output)| {
                let mut flags = self.package.config.validator_flags.clone();
                flags.extend(case.output_validator_flags.iter().cloned());
                let checker = judging.checker_with(flags)?;
                checker.check(&input, &answer, &output).map_err(|e| e.0)
            });
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

    /// The default validator's flags, as every group gives them, must parse.
    fn default_flags(&self, tests: &[&PackageTest]) -> Check {
        let wrong: Vec<String> = tests
            .iter()
            .filter_map(|t| {
                let flags = &t.output_validator_flags;
                crate::check::protocol::KattisFlags::parse(flags)
                    .err()
                    .map(|e| format!("test {}: {e}", t.test.name))
            })
            .collect();
        match wrong.is_empty() {
            true => Check::pass("output validator", "the default validator"),
            false => Check::fail(
                "output validator",
                listed("bad validator flags", wrong.into_iter()),
            ),
        }
    }

    /// One submission held to its folder (in 2025-09: to its expectation).
    /// The checks of a submission; its runs into `runs` when it ran.
    fn submission(
        &self,
        submission: &Submission,
        runs: &mut Option<SolutionRuns>,
        score: &mut Option<ScoreCard>,
    ) -> Vec<Check> {
        const CHECK: &str = "verdict";
        let is_2025 = self.package.is_2025();
        let expected = submission.expected();
        let scored_2025 = is_2025 && self.package.is_scoring();
        let partially_accepted;
        let submission = match submission.folder == PARTIALLY_ACCEPTED
            && scored_2025
            && submission.expectation.is_none()
        {
            true => {
                partially_accepted = Submission {
                    expectation: Some(partially_accepted_expectation()),
                    ..submission.clone()
                };
                &partially_accepted
            }
            false => submission,
        };
        if is_2025 && submission.expectation.is_none() {
            return vec![Check::fail(
                CHECK,
                format!(
                    "submissions/{}/ is not a default folder ({}) and no key of \
                     submissions/submissions.yaml matches {}: nothing says what it should get",
                    submission.folder,
                    crate::package::expectations::default_folders().join(", "),
                    submission.id()
                ),
            )];
        }
        let Some(expected) = expected.or(is_2025.then_some("")) else {
            let known: Vec<&str> = submissions::FOLDERS.iter().map(|(f, _)| *f).collect();
            return vec![Check::fail(
                CHECK,
                format!(
                    "submissions/{}/ is not a submissions folder: expected one of {}",
                    submission.folder,
                    known.join(", ")
                ),
            )];
        };
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
            None => self.judge(submission, data, limit, all),
        };
        let judgement = match judgement {
            Ok(judgement) => judgement,
            Err(e) => return vec![Check::fail(CHECK, e)],
        };
        *runs = self.solution_runs(expected, limit, &judgement);
        if self.graded() {
            return self.grade(submission, expected, data, &judgement, score);
        }
        let (low, high) = (&judgement.low, &judgement.high);
        if let Some(expectation) = &submission.expectation {
            let broken: Vec<String> = (expectation.rules.iter())
                .filter_map(|rule| rule.broken_at(&judgement.at_low, &judgement.at_high))
                .collect();
            let verdict = match broken.is_empty() {
                true => Check::pass(
                    CHECK,
                    format!(
                        "{low} under the time limit of {} s, as required",
                        limit.seconds
                    ),
                ),
                false => Check::fail(CHECK, format!("{low}: {}", broken.join("; "))),
            };
            let mut checks = vec![verdict];
            if scored_2025 {
                checks.push(self.score(submission, expectation, data, &judgement, score));
            }
            checks.push(Check::pass("expectation", expectation.origins()));
            return checks;
        }
        let expectation = Check::pass("expectation", format!("folder {}", submission.folder));
        let verdict = if low.verdict == expected {
            Check::pass(CHECK, format!("{low}, as its folder promises"))
        } else if high.verdict == expected {
            Check::pass(
                CHECK,
                format!(
                    "{high} with extra time (limit {} s), as its folder promises; {low} at {} s",
                    limit.high, limit.seconds
                ),
            )
        } else {
            Check::fail(
                CHECK,
                format!(
                    "got {low} under the time limit of {} s, expected {expected}",
                    limit.seconds
                ),
            )
        };
        vec![verdict, expectation]
    }

    /// A 2025-09 scoring package's submission's score, from its runs under the time limit,
    /// into `card`, and the check that holds it to its expectation's `score`, else to its
    /// folder's (the full score in `accepted/`, less in `partially_accepted/`; elsewhere it
    /// is only reported).
    fn score(
        &self,
        submission: &Submission,
        expectation: &Expectation,
        data: &Group,
        judgement: &Judgement,
        card: &mut Option<ScoreCard>,
    ) -> Check {
        const CHECK: &str = "score";
        let found = match scoring::card(data, &judgement.ran) {
            Ok(found) => found,
            Err(e) => return Check::fail(CHECK, e),
        };
        let (total, max) = (found.total, found.max);
        let shown = format!("score {} of {}", format_score(total), format_score(max));
        *card = Some(found);
        let (held, origin) = match (&expectation.score, submission.folder.as_str()) {
            (Some(range), _) => (
                (range.low - total) <= SCORE_TOLERANCE * range.low.max(1.0)
                    && (total - range.high) <= SCORE_TOLERANCE * range.high.max(1.0),
                match range.low == range.high {
                    true => format!("{} as {} says", format_score(range.low), range.origin),
                    false => format!(
                        "between {} and {} as {} says",
                        format_score(range.low),
                        format_score(range.high),
                        range.origin
                    ),
                },
            ),
            // Unbounded (`max_score: unbounded`): there is no full score to hold them to.
            (None, "accepted") if max.is_finite() => (
                same_score(max, total),
                "the full score, as folder accepted promises".to_string(),
            ),
            (None, PARTIALLY_ACCEPTED) if max.is_finite() => (
                !same_score(max, total),
                format!("less than the full score, as folder {PARTIALLY_ACCEPTED} promises"),
            ),
            (None, folder) => {
                return Check::pass(
                    CHECK,
                    format!("{shown} (folder {folder} promises no score: reported)"),
                )
            }
        };
        match held {
            true => Check::pass(CHECK, format!("{shown}, expected {origin}")),
            false => Check::fail(CHECK, format!("{shown}, expected {origin}")),
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
        submission: &Submission,
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
            self.cache,
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
    fn buildable(&self, submission: &Submission, expectation: &Expectation) -> Option<Check> {
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
        submission: &Submission,
        data: &Group,
        limit: &TimeLimit,
        all: bool,
    ) -> Result<Judgement, String> {
        let id = submission.id();
        if let Some((_, judgement)) = self.prepared().judged.iter().find(|(at, _)| *at == id) {
            return judgement.clone();
        }
        let program = self
            .package
            .prepare(&submission.program, true, self.runner, self.cache)
            .map_err(|e| format!("{}: {e}", e.verdict))?;
        let judging = self.judging(&self.prepared().validator)?;
        let runs = Runs::new(&judging, &program, limit.high);
        let mut entries = [(runs, self.plan(submission, limit, all))];
        submissions::pool(&mut entries, data, self.jobs);
        let [(mut runs, _)] = entries;
        let per_test = submission.expectation.is_some();
        judgement(&mut runs, data, limit, all, per_test)
    }

    /// Which tests of a submission that does not set the time limit run, and how far: held
    /// to every test's verdict (2025-09), all of them, each stopped at the time limit once
    /// nothing judged at the cap can change; graded, every test up to the higher limit;
    /// else those Kattis' rules run, in order (judged up to the higher limit).
    fn plan<'e>(&self, submission: &'e Submission, limit: &TimeLimit, all: bool) -> Plan<'e> {
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
    fn judged_later(&self, submission: &Submission) -> bool {
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

    fn judging<'p>(
        &'p self,
        validator: &'p Result<Option<Program>, String>,
    ) -> Result<Judging<'p>, String> {
        let validator = validator.as_ref().map_err(Clone::clone)?;
        Ok(Judging {
            runner: self.runner,
            validator: validator.as_ref(),
            config: &self.package.config,
        })
    }

    fn prepared(&self) -> &Prepared {
        self.prepared.get_or_init(|| self.prepare())
    }

    /// Reads the data, prepares the output validator, runs the accepted submissions to set
    /// the time limit, and then judges every other submission, all in one pool.
    fn prepare(&self) -> Prepared {
        let data = self.package.all_data().map_err(|e| e.to_string());
        self.package.build_all(self.runner, self.cache, self.jobs);
        let validator = self
            .package
            .output_validator()
            .map_err(|e| e.to_string())
            .and_then(|found| {
                found
                    .map(|v| self.package.prepare(&v, false, self.runner, self.cache))
                    .transpose()
                    .map_err(|e| format!("the output validator: {}: {e}", e.verdict))
            });
        let (mut accepted, mut judged) = (Vec::new(), Vec::new());
        let limit = self.time_limit(&data, &validator, &mut accepted, &mut judged);
        Prepared {
            data,
            validator,
            limit,
            accepted,
            judged,
        }
    }

    /// The time limit, from the submissions that set it, with their judgements into
    /// `accepted_outcomes`, and every other submission that is judged, into `judged`, all
    /// in one pool ([`submissions::pool`]). A limit to derive waits for the first ones, run
    /// alone, one test at a time ([`submissions::time_limit`]); a fixed one waits for
    /// nothing, so they run in the pool too. Of the tests Kattis' rules run for them, the
    /// slowest decides whether a fixed limit is loose enough; the rest of their tests (a
    /// 2025-09 submission is held to every test's verdict) run in the pool.
    fn time_limit(
        &self,
        data: &Result<Data, String>,
        validator: &Result<Option<Program>, String>,
        accepted_outcomes: &mut Vec<AcceptedOutcome>,
        judged: &mut Vec<AcceptedOutcome>,
    ) -> Result<TimeLimit, String> {
        let data = &data.as_ref().map_err(Clone::clone)?.tree;
        let judging = self.judging(validator)?;
        let submissions = self.package.submissions().map_err(|e| e.to_string())?;
        let accepted: Vec<&Submission> = (submissions.iter())
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
        let (mut limit, runs) = match fixed {
            None => submissions::time_limit(&judging, data, &programs, all)?,
            Some((seconds, source, _)) => {
                let limit = TimeLimit::fixed(seconds, policy, source);
                let runs = (programs.iter())
                    .map(|program| Runs::new(&judging, program, limit.high))
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
        let later: Vec<&Submission> = (submissions.iter())
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
            let runs = Runs::new(&judging, program, limit.high);
            entries.push((runs, self.plan(submission, &limit, graded)));
            let per_test = submission.expectation.is_some();
            judging_of.push((submission.id(), graded, per_test, false));
        }
        submissions::pool(&mut entries, data, self.jobs);
        if fixed.is_some() {
            let slowest = (entries[..setting].iter())
                .map(|(runs, _)| runs.slowest())
                .fold(0.0, f64::max);
            limit = TimeLimit::derived(slowest, policy, fixed);
            for (_, plan) in &mut entries[..setting] {
                *plan = rest();
            }
            submissions::pool(&mut entries[..setting], data, self.jobs);
        }
        for ((id, all, per_test, set_limit), (mut runs, _)) in judging_of.into_iter().zip(entries) {
            let judgement = judgement(&mut runs, data, &limit, all, per_test);
            match set_limit {
                true => accepted_outcomes.push((id, judgement)),
                false => judged.push((id, judgement)),
            }
        }
        Ok(limit)
    }

    /// A submission's program, built (from the cache, [`Package::build_all`] built it), or
    /// why it cannot run.
    fn prepare_submission(&self, submission: &Submission) -> Result<Program, String> {
        (self.package)
            .prepare(&submission.program, true, self.runner, self.cache)
            .map_err(|e| format!("{}: {e}", e.verdict))
    }
}

/// The folder of a scoring problem's submissions that are accepted on every test case but
/// earn less than the full score (legacy's folder, which 2025-09 scoring packages still use).
const PARTIALLY_ACCEPTED: &str = "partially_accepted";

/// What a 2025-09 scoring package's `partially_accepted/` submission that `submissions.yaml`
/// says nothing of is held to: every test case accepted (and, in [`PackageVerifier::score`],
/// less than the full score).
fn partially_accepted_expectation() -> Expectation {
    Expectation {
        rules: vec![Rule {
            origin: format!("folder {PARTIALLY_ACCEPTED}"),
            tests: None,
            permitted: Some(vec!["AC".to_string()]),
            required: None,
            message: None,
            time_use: None,
        }],
        ..Expectation::default()
    }
}

/// A submission's judgement from its runs (made as needed): its outcomes at the time limit
/// and at the higher one, and with `per_test` every test's result at each.
fn judgement(
    runs: &mut Runs<'_>,
    data: &Group,
    limit: &TimeLimit,
    all: bool,
    per_test: bool,
) -> Result<Judgement, String> {
    let high = runs.outcome(data, limit.high, all)?;
    let low = runs.outcome(data, limit.seconds, all)?;
    let (at_low, at_high) = match per_test {
        true => (
            runs.results(data, limit.seconds),
            runs.results(data, limit.high),
        ),
        false => (Vec::new(), Vec::new()),
    };
    Ok(Judgement {
        low,
        high,
        at_low,
        at_high,
        ran: runs.ran(data, limit.seconds),
        ran_high: runs.ran(data, limit.high),
    })
}

/// An answer to validate: read on standard input, the case's input named first.
fn answer_case(
    name: &str,
    input: &std::path::Path,
    answer: &std::path::Path,
    output_flags: &[String],
) -> InputCase {
    InputCase {
        name: name.to_string(),
        path: answer.to_owned(),
        flags: InputArgs {
            all: output_flags.to_vec(),
            by_validator: None,
        },
        input: Some(std::path::absolute(input).unwrap_or_else(|_| input.to_owned())),
    }
}

/// A check of what validators said: failed on a rejection, skipped when one could not run.
fn report_check(name: &'static str, report: InputReport, passed: &str) -> Check {
    if !report.rejected.is_empty() {
        Check::fail(name, listed("wrong", report.rejected.into_iter()))
    } else if !report.skipped.is_empty() {
        Check::skip(name, listed("not all run", report.skipped.into_iter()))
    } else {
        Check::pass(
            name,
            format!("{passed} by {} validators", report.validators),
        )
    }
}
