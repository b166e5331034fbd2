//! A package's example submissions and what they are held to, as problemtools'
//! `verifyproblem` holds them.
//!
//! - `submissions/<folder>/<program>`: a source file or a directory of sources; any other
//!   entry is reported not supported, never dropped. The folder promises a verdict:
//!   `accepted` and `partially_accepted` AC, `wrong_answer` WA, `run_time_error` RTE,
//!   `time_limit_exceeded` TLE; the entries of any other folder (and, in 2025-09, those no
//!   requirement covers), hidden entries and those ending in `.disabled` or `.template` are
//!   left out, each with why ([`Listing`]).
//! - A submission's verdict is the data tree's ([`Group::verdict`]): the first rejected test
//!   of a group decides under `on_reject: break`. Our verdicts map onto Kattis' (PE is WA, a
//!   crash or MLE is RTE).
//! - The time limit: a fixed one (`--time-limit`, else 2023-07's `limits.time_limit`), else
//!   the slowest accepted submission's CPU time × `ac_to_time_limit`, rounded up to the
//!   resolution ([`TimePolicy::limit_for`]). Accepted submissions run first for that, under a
//!   cap of 300 s (problemtools' own) or the fixed limit × `time_limit_to_tle`.
//! - Every submission runs under the limit × `time_limit_to_tle`; a test that took longer
//!   than the limit itself is TLE at the limit. A submission keeps its promise when its
//!   verdict at the limit is the folder's, or "with extra time" when only its verdict under
//!   the higher limit is.
//! - In 2025-09 a submission is held instead to the requirements of its folder and of
//!   `submissions.yaml` ([`super::expectations`]), checked on every test's verdict; those
//!   that may not time out set the time limit from below, and a requirement to time out is
//!   judged at the higher limit (the specification's time-limit inference), `permitted` at
//!   the limit itself ([`super::expectations::Rule::at_high_limit`]; the rules are held in
//!   `crate::verify::expectation`).
//! - Which runs share the machine ([`Package::build_all`], [`time_limit`], [`pool`]; the rule
//!   is in docs/ci.md, "How submissions are run and timed"): builds run side by side; the
//!   submissions that a time limit is derived from run alone, one test at a time; then every
//!   other submission (and those too when the limit is fixed), and the rest of the tests of
//!   the first ones, run in one pool of `-j` runs across submissions, a 2025-09
//!   submission's stopped at the time limit once its requirement to time out is met
//!   ([`Early`]).

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use super::config::{validation_limits, ProblemConfig, TimePolicy};
use super::data::{Group, PackageTest};
use super::expectations::{default_folders, Requirements, PARTIALLY_ACCEPTED};
use super::{entries_in, program_kind, Package, PackageError, PackageProgram, ProgramKind};
use crate::check::protocol::KattisFlags;
use crate::judge::kattis_validators::OutputValidator;
use crate::judge::multipass::{PassValidator, Passes};
use crate::judge::{self, Checker, Interactor, Judge, Protocol};
use crate::model::LeftOut;
use crate::programs::ProgramChecker;
use crate::run::{Cache, Language, Limits, Program, Runner};
use crate::verdict::{Judged, Verdict};

/// The folders of `submissions/` and the Kattis verdict each promises.
pub const FOLDERS: [(&str, &str); 5] = [
    ("accepted", "AC"),
    ("partially_accepted", "AC"),
    ("wrong_answer", "WA"),
    ("run_time_error", "RTE"),
    ("time_limit_exceeded", "TLE"),
];

/// How long accepted submissions may run when no limit is known yet (problemtools' cap).
pub const UNKNOWN_LIMIT_CAP: f64 = 300.0;

/// One example submission.
#[derive(Debug, Clone, PartialEq)]
pub struct PackageSubmission {
    /// The folder under `submissions/`.
    pub folder: String,
    pub program: PackageProgram,
    /// 2025-09: what its folder and `submissions.yaml` hold it to (`None` when nothing
    /// covers it, and in the older formats).
    pub expectation: Option<Requirements>,
}

impl PackageSubmission {
    /// `accepted/hello.cpp`.
    pub fn id(&self) -> String {
        let name = self.program.path.file_name().unwrap_or_default();
        format!("{}/{}", self.folder, name.to_string_lossy())
    }

    /// The Kattis verdict its folder promises, if the folder is one of [`FOLDERS`].
    pub fn expected(&self) -> Option<&'static str> {
        FOLDERS
            .iter()
            .find(|(f, _)| *f == self.folder)
            .map(|(_, v)| *v)
    }

    /// Whether its time sets the time limit: `accepted/`'s, and in 2025-09 every submission
    /// held to never time out.
    pub fn sets_time_limit(&self) -> bool {
        match &self.expectation {
            Some(expectation) => expectation.lower_bounds_time_limit(),
            None => self.folder == "accepted",
        }
    }
}

/// A package's example submissions: those judged, and the entries left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Listing {
    /// By folder and name.
    pub judged: Vec<PackageSubmission>,
    pub left_out: Vec<LeftOut>,
}

/// Why an entry of `submissions/` named `name` (a folder, or an entry of one) is left out, if
/// it is, as BAPCtools leaves it out: hidden (`.gitkeep`), disabled or a template.
fn left_out_by_name(name: &str) -> Option<&'static str> {
    if name.starts_with('.') {
        Some("hidden (its name starts with a dot)")
    } else if name.ends_with(".disabled") {
        Some("disabled (its name ends in .disabled)")
    } else if name.ends_with(".template") {
        Some("a template (its name ends in .template)")
    } else {
        None
    }
}

/// Why the entry `path` of a submissions folder is left out when it is no program that
/// [`program_kind`] knows: no language stonejudge knows or names.
fn not_a_program(path: &Path) -> String {
    match (path.is_dir(), path.extension()) {
        (true, _) => "not a program: it holds no source in a language stonejudge knows \
                      (see README: languages)"
            .to_string(),
        (false, Some(ending)) => format!(
            "not a program: .{} is the ending of no language stonejudge knows (see README: \
             languages)",
            ending.to_string_lossy()
        ),
        (false, None) => "not a program: a file without an ending, of no language".to_string(),
    }
}

impl Package {
    /// Every submission judged, by folder and name ([`Package::listing`]).
    pub fn submissions(&self) -> Result<Vec<PackageSubmission>, PackageError> {
        Ok(self.listing()?.judged)
    }

    /// Every entry of every folder of `submissions/`: judged (a program in a language
    /// stonejudge runs, or one that it cannot run here, reported not supported with why), or
    /// left out with why: hidden, disabled and template entries, and those of a folder that
    /// promises nothing ([`Package::promises_nothing`]).
    pub fn listing(&self) -> Result<Listing, PackageError> {
        let dir = self.root.join("submissions");
        let mut listing = Listing::default();
        if !dir.is_dir() {
            return Ok(listing);
        }
        let mut folders: Vec<_> = std::fs::read_dir(&dir)
            .map_err(|e| PackageError(format!("cannot read {}: {e}", dir.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        folders.sort();
        let is_2025 = self.is_2025();
        let name_of =
            |path: &Path| (path.file_name().unwrap_or_default().to_string_lossy()).into_owned();
        for folder in folders {
            let name = name_of(&folder);
            if let Some(why) = left_out_by_name(&name) {
                listing.left_out.push(LeftOut {
                    id: format!("submissions/{name}/"),
                    why: why.to_string(),
                });
                continue;
            }
            for path in entries_in(&self.root, &folder)? {
                let id = format!("submissions/{name}/{}", name_of(&path));
                if let Some(why) = left_out_by_name(&name_of(&path)) {
                    let why = why.to_string();
                    listing.left_out.push(LeftOut { id, why });
                    continue;
                }
                // Not a program at all (a note, a header beside sources): left out, as
                // problemtools passes it over, with why.
                let Some(kind) = program_kind(&path, false) else {
                    let why = not_a_program(&path);
                    listing.left_out.push(LeftOut { id, why });
                    continue;
                };
                let mut submission = PackageSubmission {
                    folder: name.clone(),
                    program: PackageProgram {
                        path,
                        kind,
                        entrypoint: None,
                        language: None,
                    },
                    expectation: None,
                };
                if is_2025 {
                    submission.expectation = self.submissions_yaml.expectation(&submission.id());
                }
                if let Some(why) = self.promises_nothing(&submission) {
                    listing.left_out.push(LeftOut { id, why });
                    continue;
                }
                // Built as submissions.yaml says (a language stonejudge does not know is
                // reported by verify).
                if let Some(expectation) = &submission.expectation {
                    submission.program.entrypoint = expectation.entrypoint.clone();
                    submission.program.language = expectation
                        .language
                        .as_deref()
                        .and_then(Language::from_code);
                }
                listing.judged.push(submission);
            }
        }
        Ok(listing)
    }

    /// Why nothing says what `submission` must get, when nothing does: in the legacy format
    /// and 2023-07, its folder is none of [`FOLDERS`] (problemtools judges only those); in
    /// 2025-09, its folder is not a default one and no key of `submissions.yaml` matches it
    /// (but a scoring package's `partially_accepted/`, held to less than the full score).
    fn promises_nothing(&self, submission: &PackageSubmission) -> Option<String> {
        let folder = &submission.folder;
        match self.is_2025() {
            true => {
                let partially = self.is_scoring() && folder == PARTIALLY_ACCEPTED;
                (submission.expectation.is_none() && !partially).then(|| {
                    format!(
                        "folder {folder}/ is not a default folder ({}) and no key of \
                         submissions/submissions.yaml matches it: nothing says what it must \
                         get (BAPCtools runs it, any verdict permitted)",
                        default_folders().join(", ")
                    )
                })
            }
            false => submission.expected().is_none().then(|| {
                let known: Vec<&str> = FOLDERS.iter().map(|(f, _)| *f).collect();
                format!(
                    "folder {folder}/ is not one the format judges ({}): not judged, as \
                     problemtools leaves it",
                    known.join(", ")
                )
            }),
        }
    }
}

impl Package {
    /// Builds the output validator and every example submission `jobs` at a time, for the
    /// cache ([`crate::run::Cache`]): what is prepared afterwards is found there, so judging
    /// never waits for one build after another. Building judges nothing and times nothing,
    /// so it needs no core to itself; a program that does not build is reported when it is
    /// prepared again, where it is judged.
    pub fn build_all(&self, runner: &Runner, cache: &Cache, jobs: usize) {
        let mut programs: Vec<(PackageProgram, bool)> = Vec::new();
        if let Ok(Some(validator)) = self.output_validator() {
            programs.push((validator, false));
        }
        for submission in self.submissions().unwrap_or_default() {
            if !matches!(submission.program.kind, ProgramKind::Unsupported(_)) {
                programs.push((submission.program, true));
            }
        }
        crate::parallel::map(&programs, jobs, |(program, include)| {
            // Only the cache is wanted here: failures are reported where judged.
            let _ = self.prepare(program, *include, runner, cache);
        });
    }
}

/// A stonejudge verdict as Kattis names it.
pub fn kattis_verdict(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::AC => "AC",
        Verdict::WA | Verdict::PE => "WA",
        Verdict::TLE => "TLE",
        Verdict::RE | Verdict::MLE => "RTE",
        Verdict::OLE => "OLE",
        Verdict::CE => "CE",
        Verdict::JE => "JE",
    }
}

/// A Kattis verdict as ours (`RTE` is RE), when it is one.
pub fn from_kattis(verdict: &str) -> Option<Verdict> {
    match verdict {
        "AC" => Some(Verdict::AC),
        "WA" => Some(Verdict::WA),
        "TLE" => Some(Verdict::TLE),
        "RTE" => Some(Verdict::RE),
        "MLE" => Some(Verdict::MLE),
        "OLE" => Some(Verdict::OLE),
        "JE" => Some(Verdict::JE),
        _ => None,
    }
}

/// What judging a package's submissions needs: the runner, the package's output validator
/// (prepared) or none for the default one, and `problem.yaml`'s limits.
pub struct Judging<'a> {
    pub runner: &'a Runner,
    pub validator: Option<&'a Program>,
    pub config: &'a ProblemConfig,
}

/// How one test of a package is judged: its output by the output validator (or the default
/// one) with the group's flags, or, in an interactive package, the submission playing against
/// the output validator as its interactor.
pub enum TestJudging<'a> {
    Output(Box<dyn Checker + 'a>),
    Interactor(Box<Interactor>),
    /// A multi-pass package's passes ([`super::multipass`]).
    MultiPass(Box<Passes<'a>>),
}

impl TestJudging<'_> {
    /// The judging path's view of it.
    pub fn judging(&self) -> judge::Judging<'_> {
        match self {
            TestJudging::Output(checker) => judge::Judging::Output(checker.as_ref()),
            TestJudging::Interactor(interactor) => judge::Judging::Interactor(interactor),
            TestJudging::MultiPass(passes) => judge::Judging::MultiPass(passes.as_ref()),
        }
    }
}

impl<'a> Judging<'a> {
    /// How `test` is judged: by the output validator with its group's flags (as the
    /// interactor in an interactive package; pass after pass in a multi-pass one).
    pub fn of_test(&self, test: &PackageTest) -> Result<TestJudging<'a>, String> {
        let flags = test.output_validator_flags.clone();
        let interactive = self.config.is("interactive");
        let judging = match (self.config.is("multi-pass"), interactive, self.validator) {
            (true, _, None) => Err("a multi-pass problem needs its output validator".to_string()),
            (true, _, Some(program)) => {
                let validator = match interactive {
                    true => PassValidator::Interactor(self.interactor(program, flags)),
                    false => PassValidator::Output(self.output_validator(program, flags)),
                };
                Ok(TestJudging::MultiPass(Box::new(Passes {
                    validator,
                    most: self.config.validation_passes,
                })))
            }
            (false, true, Some(program)) => Ok(TestJudging::Interactor(Box::new(
                self.interactor(program, flags),
            ))),
            (false, true, None) => {
                Err("an interactive problem needs its output validator".to_string())
            }
            (false, false, _) => self.checker_with(flags).map(TestJudging::Output),
        };
        judging.map_err(|e| format!("test {}: {e}", test.test.name))
    }

    /// The output validator `program` with `flags`, as the interactor.
    fn interactor(&self, program: &Program, flags: Vec<String>) -> Interactor {
        Interactor {
            program: program.clone(),
            flags,
            limits: self.validation_limits(),
            protocol: Protocol::Kattis,
        }
    }

    /// The output validator `program` with `flags`, reading outputs.
    fn output_validator(&self, program: &'a Program, flags: Vec<String>) -> OutputValidator<'a> {
        OutputValidator {
            runner: self.runner,
            program,
            flags,
            limits: self.validation_limits(),
        }
    }

    /// The output validator with `flags`.
    pub fn checker_with(&self, flags: Vec<String>) -> Result<Box<dyn Checker + 'a>, String> {
        Ok(match self.validator {
            Some(program) => Box::new(self.output_validator(program, flags)),
            None => Box::new(ProgramChecker::Default(KattisFlags::parse(&flags)?)),
        })
    }

    /// `validation_time` and `validation_memory` of `problem.yaml`.
    fn validation_limits(&self) -> Limits {
        validation_limits(self.runner.jury(), self.config)
    }

    /// The limits of a submission's run with a CPU limit of `seconds`: `problem.yaml`'s
    /// memory and output limits (what `judge` and `stress` derive a time limit under;
    /// `verify` runs under the model's, [`RunLimits`]).
    pub fn limits(&self, seconds: f64) -> Limits {
        Limits {
            output: self.config.output_mib << 20,
            ..Limits::new(
                Duration::from_secs_f64(seconds),
                self.config.memory_mib << 20,
            )
        }
    }

    /// Runs `program` on `test` under `limits` and judges it.
    pub fn test(&self, program: &Program, test: &PackageTest, limits: Limits) -> Judged {
        match self.of_test(test) {
            Err(why) => Judged::judge_error(why),
            Ok(of_test) => {
                let judge = Judge {
                    runner: self.runner,
                    program,
                    limits,
                    judging: of_test.judging(),
                };
                judge.test(&test.test).0
            }
        }
    }
}

/// The limits of a submission's run on a test with a CPU limit of `seconds` (the time limit,
/// or the cap): its memory, output and wall clock as the problem says for that test. `verify`
/// resolves them from the model (`crate::judging::CaseLimits::with_cpu`), as `judge` resolves
/// a judged program's.
pub type RunLimits<'l> = dyn Fn(&PackageTest, f64) -> Limits + Sync + 'l;

/// A submission's runs, made as the verdicts need them under one CPU cap and kept, so that
/// its verdict under any limit up to the cap is read off the same runs.
pub struct Runs<'a> {
    judging: &'a Judging<'a>,
    program: &'a Program,
    limits: &'a RunLimits<'a>,
    cap: f64,
    done: HashMap<String, Judged>,
}

/// A submission's verdict under one time limit.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The Kattis verdict.
    pub verdict: &'static str,
    /// The first test that was not accepted, and why.
    pub first_failure: Option<(String, String)>,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.first_failure {
            Some((test, why)) => {
                let why = why.lines().next().unwrap_or("");
                write!(f, "{} (test {test}: {why})", self.verdict)
            }
            None => write!(f, "{}", self.verdict),
        }
    }
}

impl<'a> Runs<'a> {
    /// The runs of `program`, each under `limits` with a CPU limit of at most `cap`.
    pub fn new(
        judging: &'a Judging<'a>,
        program: &'a Program,
        limits: &'a RunLimits<'a>,
        cap: f64,
    ) -> Runs<'a> {
        Runs {
            judging,
            program,
            limits,
            cap,
            done: HashMap::new(),
        }
    }

    /// The verdict of the data tree with a time limit of `limit` (at most the cap): a test
    /// that took longer is TLE. `all`: judge every test and report the first rejected one,
    /// ignoring `on_reject` (a scoring problem's accepted submissions).
    pub fn outcome(&mut self, data: &Group, limit: f64, all: bool) -> Result<Outcome, String> {
        let mut first_failure = None;
        let tests = data.tests();
        let mut judge = |test: &PackageTest| -> Verdict {
            let judged = self.run(test);
            let (verdict, why) = match judged_seconds(judged) > limit {
                true => (Verdict::TLE, format!("over the time limit of {limit} s")),
                false => (judged.verdict, judged.one_line()),
            };
            if verdict != Verdict::AC && first_failure.is_none() {
                first_failure = Some((test.test.name.clone(), why));
            }
            verdict
        };
        let verdict = match all {
            true => {
                // Every test, up to a judge error: the tests after it would be judged by
                // the same broken judge.
                let mut worst = Verdict::AC;
                for test in &tests {
                    let verdict = judge(test);
                    if worst == Verdict::AC {
                        worst = verdict;
                    }
                    if verdict == Verdict::JE {
                        break;
                    }
                }
                worst
            }
            false => {
                let by_name: HashMap<&str, &PackageTest> =
                    (tests.iter()).map(|t| (t.test.name.as_str(), *t)).collect();
                // The rule names only the tree's tests: any other would be no test to judge.
                let mut by_rule = |name: &str| by_name.get(name).map_or(Verdict::JE, |t| judge(t));
                data.verdict_rule().verdict(&mut by_rule)?
            }
        };
        let verdict = kattis_verdict(verdict);
        Ok(Outcome {
            verdict,
            first_failure: first_failure.filter(|_| verdict != "AC"),
        })
    }

    /// Every test's (name, Kattis verdict, message) with a time limit of `limit` (at most
    /// the cap): all are judged, whatever `on_reject` says.
    pub fn results(&mut self, data: &Group, limit: f64) -> Vec<(String, &'static str, String)> {
        (data.tests().into_iter())
            .map(|test| {
                let judged = self.run(test);
                let (verdict, message) = match judged_seconds(judged) > limit {
                    true => ("TLE", format!("over the time limit of {limit} s")),
                    false => (kattis_verdict(judged.verdict), judged.message.clone()),
                };
                (test.test.name.clone(), verdict, message)
            })
            .collect()
    }

    /// The tests of `data` run so far, in order, each judged under the time limit `limit`
    /// (TLE when over it): what a report shows of a submission, without running the tests
    /// that Kattis' rules skip after a failure.
    pub fn ran(&self, data: &Group, limit: f64) -> Vec<(String, Judged)> {
        (data.tests().into_iter())
            .filter_map(|test| {
                let mut judged = self.done.get(&test.test.name)?.clone();
                if judged_seconds(&judged) > limit {
                    judged.verdict = Verdict::TLE;
                    judged.message = format!("over the time limit of {limit} s");
                }
                Some((test.test.name.clone(), judged))
            })
            .collect()
    }

    /// The first test of `data` (in order) run so far whose verdict is a judge error.
    fn first_judge_error(&self, data: &Group) -> Option<(String, &Judged)> {
        (data.tests().into_iter()).find_map(|test| {
            let judged = self.done.get(&test.test.name)?;
            (judged.verdict == Verdict::JE).then(|| (test.test.name.clone(), judged))
        })
    }

    /// Whether `judged` timed out at the cap.
    fn timed_out(&self, judged: &Judged) -> bool {
        judged_seconds(judged) > self.cap || judged.verdict == Verdict::TLE
    }

    /// The CPU time of the slowest test run so far, in seconds.
    pub fn slowest(&self) -> f64 {
        self.done.values().map(judged_seconds).fold(0.0, f64::max)
    }

    /// Runs `test` up to `seconds` of CPU time and judges it.
    fn judged(&self, test: &PackageTest, seconds: f64) -> Judged {
        (self.judging).test(self.program, test, (self.limits)(test, seconds))
    }

    fn run(&mut self, test: &PackageTest) -> &Judged {
        if !self.done.contains_key(&test.test.name) {
            let judged = self.judged(test, self.cap);
            self.done.insert(test.test.name.clone(), judged);
        }
        &self.done[&test.test.name]
    }
}

/// When a submission's remaining runs may stop at the time limit rather than at the cap
/// (the limit × `time_limit_to_tle`): "stop a run at the limit, not later".
///
/// A test's verdict is about the time limit: a run still going at the limit is TLE there,
/// whatever it would do later, so running it on to the cap only matters to what is judged at
/// the higher limit, a requirement to time out (which needs one covered run that timed out
/// at the cap). Once the runs finished so far settle that (`settled` of their (test, whether
/// it timed out at the cap)), every test not started by then runs only up to `limit`. Which
/// tests run on to the cap depends on the order runs finish in, but no verdict does: at the
/// time limit each run says the same either way, and the requirement at the cap is met by a
/// run that reached it, or, while none has, every test runs to the cap.
pub struct Early<'e> {
    /// The time limit, in seconds.
    pub limit: f64,
    pub settled: Box<Settled<'e>>,
}

/// Whether the runs so far, each a test's name and whether it timed out at the cap, settle
/// what is judged at the cap.
pub type Settled<'f> = dyn Fn(&[(String, bool)]) -> bool + Sync + 'f;

/// Which of a submission's tests run in a [`pool`], and up to which limit.
pub enum Plan<'e> {
    /// Every test, up to the cap until [`Early`] says it is settled, then up to the time
    /// limit (a 2025-09 submission held to every test's verdict).
    Early(Early<'e>),
    /// Every test not run yet, up to the cap (a graded submission; the rest of the tests of
    /// one that set the time limit).
    Every,
    /// The tests Kattis' rules run (`all`: every one), in order, one at a time, up to the
    /// cap: a legacy or 2023-07 submission's first rejected test ends it.
    InOrder { all: bool },
}

/// Other work that may take one of a [`pool`]'s `jobs` slots (verify's input validators):
/// it starts once every run of the pool has started, on the first slot that frees up, so
/// that it fills a core the pool's last runs leave idle instead of waiting for them.
pub type Beside<'b> = dyn Fn() + Sync + 'b;

/// Runs the tests of `data` that each submission's [`Plan`] needs, for all of them in one
/// pool of `jobs` runs at a time (and `beside`, when given, in one of those slots), so that no
/// core waits while one submission's last test runs: its runs are then in its [`Runs`]. Every run has a core to itself, as it would
/// alone, and its usual wall-clock limit; times are CPU times, which runs on other cores do
/// not change (as `judge -j` runs tests).
///
/// The next run is chosen in this order: a test of a submission whose [`Early`] is not
/// settled and that has no run to the cap going (the run that may settle it), so that as
/// few runs as possible go on to the cap; then a test of any other submission, in the order
/// given (a [`Plan::InOrder`] submission's whole sequence at once); last, while nothing else
/// is left, another test to the cap of an unsettled submission rather than an idle core.
pub fn pool(
    entries: &mut [(Runs<'_>, Plan<'_>)],
    data: &Group,
    jobs: usize,
    beside: Option<&Beside<'_>>,
) {
    let tests = data.tests();
    let shares: Vec<Share<'_>> = (entries.iter())
        .map(|(runs, plan)| Share {
            pending: match plan {
                Plan::InOrder { .. } => Vec::new(),
                _ => (tests.iter().rev().copied())
                    .filter(|test| !runs.done.contains_key(&test.test.name))
                    .collect(),
            },
            in_order: matches!(plan, Plan::InOrder { .. }),
            at_cap: 0,
            finished: (runs.done.iter())
                .map(|(name, judged)| (name.clone(), runs.timed_out(judged)))
                .collect(),
            judged: Vec::new(),
        })
        .collect();
    // Every task is taken once; `beside` is the last one, taken when no run is left to start.
    let count = (shares.iter())
        .map(|share| share.pending.len() + usize::from(share.in_order))
        .sum::<usize>()
        + usize::from(beside.is_some());
    let plans: Vec<&Plan<'_>> = entries.iter().map(|(_, plan)| plan).collect();
    let (state, runs) = (Mutex::new(shares), &*entries);
    crate::parallel::in_order(
        count as u64,
        jobs,
        |_| {
            let Some(task) = next_task(&mut lock(&state), &plans) else {
                return match beside {
                    Some(work) => {
                        work();
                        crate::parallel::Step::Next(())
                    }
                    None => crate::parallel::Step::Stop,
                };
            };
            let (runs, _) = &runs[task.entry];
            let judged = match (task.test, plans[task.entry]) {
                (None, Plan::InOrder { all }) => {
                    let mut alone = Runs {
                        done: runs.done.clone(),
                        ..Runs::new(runs.judging, runs.program, runs.limits, runs.cap)
                    };
                    // Its error, if any, is found again when it is judged.
                    let _ = alone.outcome(data, runs.cap, *all);
                    (alone.done.into_iter())
                        .filter(|(name, _)| !runs.done.contains_key(name))
                        .collect()
                }
                (Some(test), plan) => {
                    let seconds = match (plan, task.at_cap) {
                        (Plan::Early(early), false) => early.limit,
                        _ => runs.cap,
                    };
                    let judged = runs.judged(test, seconds);
                    vec![(test.test.name.clone(), judged)]
                }
                (None, _) => Vec::new(),
            };
            lock(&state)[task.entry].finish(&task, judged, runs);
            crate::parallel::Step::Next(())
        },
        |_, ()| {},
    );
    let shares = state
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for ((runs, _), share) in entries.iter_mut().zip(shares) {
        runs.done.extend(share.judged);
    }
}

/// A submission's part of a [`pool`]: what it has left to run and what it has run.
struct Share<'t> {
    /// Its tests not started yet, the next last.
    pending: Vec<&'t PackageTest>,
    /// A [`Plan::InOrder`] submission whose sequence has not started yet.
    in_order: bool,
    /// Its runs going on to the cap.
    at_cap: usize,
    /// Its runs so far: each test's name and whether it timed out at the cap.
    finished: Vec<(String, bool)>,
    judged: Vec<(String, Judged)>,
}

/// The next run of a [`pool`]: a test of the submission `entry`, or its whole sequence.
struct Task<'t> {
    entry: usize,
    test: Option<&'t PackageTest>,
    /// Whether it is a run of an unsettled [`Early`] submission, up to the cap (one that may
    /// settle it).
    at_cap: bool,
}

impl<'t> Share<'t> {
    /// Whether its plan still needs runs to the cap.
    fn unsettled(&self, plan: &Plan<'_>) -> bool {
        matches!(plan, Plan::Early(early) if !(early.settled)(&self.finished))
    }

    /// Its next task, of the kind `pick` allows (given whether it is unsettled).
    fn take(&mut self, entry: usize, plan: &Plan<'_>, pick: Pick) -> Option<Task<'t>> {
        let unsettled = self.unsettled(plan);
        let wanted = match pick {
            Pick::Settling => unsettled && self.at_cap == 0,
            Pick::Any => !unsettled,
            Pick::Spare => unsettled,
        };
        if !wanted {
            return None;
        }
        if std::mem::take(&mut self.in_order) {
            return Some(Task {
                entry,
                test: None,
                at_cap: false,
            });
        }
        let test = self.pending.pop()?;
        self.at_cap += usize::from(unsettled);
        Some(Task {
            entry,
            test: Some(test),
            at_cap: unsettled,
        })
    }

    /// Records what `task` judged.
    fn finish(&mut self, task: &Task<'_>, judged: Vec<(String, Judged)>, runs: &Runs<'_>) {
        if task.at_cap {
            self.at_cap -= 1;
            (self.finished)
                .extend((judged.iter()).map(|(name, j)| (name.clone(), runs.timed_out(j))));
        }
        self.judged.extend(judged);
    }
}

/// The kinds of task of a [`pool`], in the order they are chosen.
#[derive(Clone, Copy)]
enum Pick {
    /// A run to the cap that may settle a submission with none going.
    Settling,
    /// A run that no settling waits for.
    Any,
    /// A second run to the cap of an unsettled submission.
    Spare,
}

/// The next task of a [`pool`] from its `shares` (one for each item of the pool, so there is
/// always one).
fn next_task<'t>(shares: &mut [Share<'t>], plans: &[&Plan<'_>]) -> Option<Task<'t>> {
    [Pick::Settling, Pick::Any, Pick::Spare]
        .into_iter()
        .find_map(|pick| {
            (shares.iter_mut().enumerate())
                .find_map(|(entry, share)| share.take(entry, plans[entry], pick))
        })
}

/// The list behind `mutex`, even if a run panicked while holding it (the panic is resumed
/// by [`crate::parallel`] anyway).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The CPU seconds `judged` counts for against the time limit, and towards deriving it: none
/// for a run out of memory. Its time past reaching the limit is the kernel's reclaim charged
/// to it (`crate::run::Run::memory_held`), where Kattis' own judge refuses the allocation at
/// once: counted, it turned an MLE into a TLE and set the time limit from below by it.
fn judged_seconds(judged: &Judged) -> f64 {
    match judged.verdict {
        Verdict::MLE => 0.0,
        _ => judged.measured.map_or(0.0, |m| m.cpu_time.as_secs_f64()),
    }
}

/// The time limit submissions are judged under, and how it was found.
#[derive(Debug, Clone, PartialEq)]
pub struct ChosenTimeLimit {
    pub seconds: f64,
    /// The limit × `time_limit_to_tle`: the cap of every run.
    pub high: f64,
    /// `slowest accepted 0.02 s × 5, rounded up: 1 s`, or where a fixed limit came from.
    pub how: String,
    /// A fixed limit given by `problem.yaml` that the accepted submissions do not fit in.
    pub problem: Option<String>,
}

impl ChosenTimeLimit {
    /// A limit given (by `--time-limit`, or by `problem.yaml`'s `time_limit`).
    pub fn fixed(seconds: f64, policy: &TimePolicy, source: &str) -> ChosenTimeLimit {
        ChosenTimeLimit {
            seconds,
            high: seconds * policy.time_limit_to_tle,
            how: format!("{seconds} s, from {source}"),
            problem: None,
        }
    }

    /// The limit the slowest accepted time implies, unless one is `fixed` (with where it came
    /// from, and whether it came from the package, which then must fit the accepted ones).
    pub fn derived(
        slowest: f64,
        policy: &TimePolicy,
        fixed: Option<(f64, &str, bool)>,
    ) -> ChosenTimeLimit {
        let derived = policy.limit_for(slowest);
        let how = format!(
            "slowest accepted {slowest:.3} s × {}, rounded up to a multiple of {} s: {derived} s",
            policy.ac_to_time_limit, policy.resolution
        );
        match fixed {
            None => ChosenTimeLimit {
                seconds: derived,
                high: derived * policy.time_limit_to_tle,
                how,
                problem: None,
            },
            Some((seconds, source, from_package)) => {
                let mut limit = ChosenTimeLimit::fixed(seconds, policy, source);
                if from_package && slowest * policy.ac_to_time_limit > seconds {
                    limit.problem = Some(format!(
                        "the fixed time limit {seconds} s is tighter than the accepted \
                         submissions need ({how})"
                    ));
                }
                limit
            }
        }
    }
}

/// The time limit derived from the accepted submissions `accepted`, and their runs (to read
/// their own verdicts off): each runs alone, one test at a time, under [`UNKNOWN_LIMIT_CAP`]
/// (and otherwise `limits`), as Kattis' rules judge it. `all`: they run every test (a scoring
/// problem's accepted submissions must pass them all).
pub fn time_limit<'a>(
    judging: &'a Judging<'a>,
    data: &Group,
    accepted: &'a [Program],
    limits: &'a RunLimits<'a>,
    all: bool,
) -> Result<(ChosenTimeLimit, Vec<Runs<'a>>), String> {
    if accepted.is_empty() {
        return Err(
            "no accepted submission (submissions/accepted/) to derive the time limit \
                    from: give --time-limit"
                .to_string(),
        );
    }
    let mut runs = Vec::with_capacity(accepted.len());
    for program in accepted {
        let mut run = Runs::new(judging, program, limits, UNKNOWN_LIMIT_CAP);
        run.outcome(data, UNKNOWN_LIMIT_CAP, all)?;
        // A judge error (a validator that hung, crashed, or cannot read a test) leaves a run
        // without a time worth deriving from: the derivation stops at the first.
        if let Some((test, judged)) = run.first_judge_error(data) {
            return Err(format!(
                "cannot derive the time limit: the accepted submission {} on test {test}: \
                 JE: {}",
                program.given.display(),
                judged.message
            ));
        }
        runs.push(run);
    }
    let slowest = runs.iter().map(Runs::slowest).fold(0.0, f64::max);
    Ok((
        ChosenTimeLimit::derived(slowest, &judging.config.time, None),
        runs,
    ))
}

/// The time limit of judging a program against `package` (`judge`, `stress`): `flag`
/// (`--time-limit`), else the package's fixed one, else derived from its accepted
/// submissions, which are compiled and run for it.
pub fn limit_for_judging(
    package: &Package,
    judging: &Judging<'_>,
    data: &Group,
    cache: &Cache,
    flag: Option<f64>,
) -> Result<ChosenTimeLimit, String> {
    let policy = &package.config.time;
    if let Some(time) = flag {
        return Ok(ChosenTimeLimit::fixed(time, policy, "--time-limit"));
    }
    if let Some(time) = policy.fixed {
        return Ok(ChosenTimeLimit::fixed(
            time,
            policy,
            "problem.yaml limits.time_limit",
        ));
    }
    let mut accepted = Vec::new();
    for submission in package.submissions().map_err(|e| e.to_string())? {
        if submission.sets_time_limit() {
            let program = (package.prepare(&submission.program, true, judging.runner, cache))
                .map_err(|e| format!("accepted submission {}: {e}", submission.id()))?;
            accepted.push(program);
        }
    }
    let limits = |_: &PackageTest, seconds| judging.limits(seconds);
    let (limit, _) = time_limit(judging, data, &accepted, &limits, package.is_scoring())?;
    Ok(limit)
}
