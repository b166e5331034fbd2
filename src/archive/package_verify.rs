//! `verify` of a Kattis package, in the items and checks of [`super::verify`]:
//!
//! - **the package** (`<PATH>`): `problem.yaml` reads and the package is of a kind stonejudge
//!   judges (interactive, multi-pass and submit-answer packages are skipped as not supported
//!   yet: never passed); `data/` has tests; every input is accepted by every input validator
//!   with its group's flags (a checktestdata script without `checktestdata` installed is
//!   skipped); the output validator compiles, or the default validator's flags are valid; the
//!   time limit can be set (derived from the accepted submissions, or fixed by `problem.yaml`
//!   and then loose enough for them);
//! - **each submission** (`<PATH>/submissions/<folder>/<name>`): it gets its folder's
//!   verdict as `verifyproblem` gives it (see [`crate::package::submissions`]), possibly only
//!   "with extra time"; in a scoring package, accepted submissions must pass every test and
//!   the others are only reported.
//!
//! The time limit is derived once per package and run of `verify` (the accepted submissions
//! run for it first), and reused by every submission item of the package.

use std::path::Path;
use std::sync::OnceLock;

use super::verify::{listed, Check, ItemReport};
use crate::package::data::{Group, PackageTest};
use crate::package::submissions::{self, Judging, Outcome, Runs, Submission, TimeLimit};
use crate::package::validators::{check_inputs, InputCase};
use crate::package::{Package, PackageError, ProgramKind};
use crate::run::{Cache, Program, Runner};

/// One unit of a package's verification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PackageItem {
    /// The package's own checks.
    Package,
    /// One example submission.
    Submission(Submission),
}

/// Verifies the items of one package.
pub struct PackageVerifier<'a> {
    pub package: Package,
    /// How items are named: the path given on the command line.
    pub shown: String,
    pub runner: &'a Runner,
    pub cache: &'a Cache,
    pub jobs: usize,
    prepared: OnceLock<Prepared>,
}

/// An accepted submission's id and its outcomes (at the limit, at the higher limit), or why
/// it could not run.
type AcceptedOutcome = (String, Result<(Outcome, Outcome), String>);

/// What every item of a package needs, made once: its data, its output validator, and the
/// time limit with the accepted submissions' verdicts found on the way.
struct Prepared {
    data: Result<Group, String>,
    validator: Result<Option<Program>, String>,
    limit: Result<TimeLimit, String>,
    accepted: Vec<AcceptedOutcome>,
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
        Ok(PackageVerifier {
            package: Package::load(root)?,
            shown,
            runner,
            cache,
            jobs,
            prepared: OnceLock::new(),
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
            let id = format!("{}/submissions/{}", self.shown, submission.id());
            items.push((id, PackageItem::Submission(submission)));
        }
        Ok(items)
    }

    pub fn verify(&self, id: &str, item: &PackageItem) -> ItemReport {
        let start = std::time::Instant::now();
        let checks = match item {
            PackageItem::Package => self.package_checks(),
            PackageItem::Submission(submission) => vec![self.submission(submission)],
        };
        ItemReport::new(id.to_string(), checks, start.elapsed().as_secs_f64())
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
        let interactive = match self.package.is_interactive() {
            true => ", interactive",
            false => "",
        };
        let mut checks = vec![Check::pass(
            "package",
            format!("{:?} format, {kind}{interactive}", config.version),
        )];
        let prepared = self.prepared();
        let data = match &prepared.data {
            Ok(data) => data,
            Err(e) => {
                checks.push(Check::fail("data", e.clone()));
                return checks;
            }
        };
        let tests = data.tests();
        checks.push(match tests.len() {
            0 => Check::fail("data", "data/ holds no test (NAME.in with NAME.ans)"),
            n => Check::pass("data", format!("{n} tests")),
        });
        checks.push(self.input_validators(&tests));
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

    /// Every input against every input validator, with its group's flags.
    fn input_validators(&self, tests: &[&PackageTest]) -> Check {
        const CHECK: &str = "input validators";
        let cases: Vec<InputCase> = (tests.iter())
            .map(|t| InputCase {
                name: t.test.name.clone(),
                path: t.test.input.clone(),
                flags: t.input_validator_flags.clone(),
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

    /// One submission held to its folder.
    fn submission(&self, submission: &Submission) -> Check {
        const CHECK: &str = "verdict";
        let Some(expected) = submission.expected() else {
            let known: Vec<&str> = submissions::FOLDERS.iter().map(|(f, _)| *f).collect();
            return Check::fail(
                CHECK,
                format!(
                    "submissions/{}/ is not a submissions folder: expected one of {}",
                    submission.folder,
                    known.join(", ")
                ),
            );
        };
        if let ProgramKind::Unsupported(_) = submission.program.kind {
            return Check::skip(CHECK, submission.program.unsupported_reason());
        }
        let prepared = self.prepared();
        let (data, limit) = match (&prepared.data, &prepared.limit) {
            (Ok(data), Ok(limit)) => (data, limit),
            (Err(e), _) | (_, Err(e)) => return Check::fail(CHECK, e.clone()),
        };
        let scoring = self.package.is_scoring();
        let all = scoring && submission.sets_time_limit();
        let outcomes = match prepared
            .accepted
            .iter()
            .find(|(id, _)| *id == submission.id())
        {
            Some((_, outcomes)) => outcomes.clone(),
            None => self.judge(submission, data, limit, all),
        };
        let (low, high) = match outcomes {
            Ok(outcomes) => outcomes,
            Err(e) => return Check::fail(CHECK, e),
        };
        if scoring && !submission.sets_time_limit() {
            return Check::pass(
                CHECK,
                format!("{low} (scoring problem: reported, not held to its folder)"),
            );
        }
        if low.verdict == expected {
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
        }
    }

    /// A submission's outcomes at the time limit and at the higher limit.
    fn judge(
        &self,
        submission: &Submission,
        data: &Group,
        limit: &TimeLimit,
        all: bool,
    ) -> Result<(Outcome, Outcome), String> {
        let program = submission
            .program
            .prepare(self.runner, self.cache)
            .map_err(|e| format!("{}: {e}", e.verdict))?;
        let judging = self.judging(&self.prepared().validator)?;
        let mut runs = Runs::new(&judging, &program, limit.high);
        let high = runs.outcome(data, limit.high, all)?;
        let low = runs.outcome(data, limit.seconds, all)?;
        Ok((low, high))
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

    /// Reads the data, prepares the output validator, and runs the accepted submissions to
    /// set the time limit.
    fn prepare(&self) -> Prepared {
        let data = self.package.data().map_err(|e| e.to_string());
        let validator = self
            .package
            .output_validator()
            .map_err(|e| e.to_string())
            .and_then(|found| {
                found
                    .map(|v| v.prepare(self.runner, self.cache))
                    .transpose()
                    .map_err(|e| format!("the output validator: {}: {e}", e.verdict))
            });
        let mut accepted = Vec::new();
        let limit = self.time_limit(&data, &validator, &mut accepted);
        Prepared {
            data,
            validator,
            limit,
            accepted,
        }
    }

    /// The time limit, and the accepted submissions' outcomes into `accepted` on the way.
    fn time_limit(
        &self,
        data: &Result<Group, String>,
        validator: &Result<Option<Program>, String>,
        accepted_outcomes: &mut Vec<AcceptedOutcome>,
    ) -> Result<TimeLimit, String> {
        let data = data.as_ref().map_err(Clone::clone)?;
        let judging = self.judging(validator)?;
        let submissions = self.package.submissions().map_err(|e| e.to_string())?;
        let accepted: Vec<&Submission> =
            submissions.iter().filter(|s| s.sets_time_limit()).collect();
        let mut programs = Vec::new();
        let mut ids = Vec::new();
        let mut failed = Vec::new();
        for submission in &accepted {
            match submission.program.prepare(self.runner, self.cache) {
                Ok(program) => {
                    programs.push(program);
                    ids.push(submission.id());
                }
                Err(e) => failed.push((submission.id(), Err(format!("{}: {e}", e.verdict)))),
            }
        }
        let policy = &self.package.config.time;
        let fixed = policy
            .fixed
            .map(|t| (t, "problem.yaml limits.time_limit", true));
        let all = self.package.is_scoring();
        let (limit, mut runs) = submissions::time_limit(&judging, data, fixed, &programs, all)?;
        accepted_outcomes.extend(failed);
        for (id, runs) in ids.into_iter().zip(runs.iter_mut()) {
            let judged = runs
                .outcome(data, limit.seconds, all)
                .and_then(|low| Ok((low, runs.outcome(data, limit.high, all)?)));
            accepted_outcomes.push((id, judged));
        }
        Ok(limit)
    }
}
