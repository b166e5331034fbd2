//! `verify` of an archive of our own problems (`problems/<name>/problem.toml`), in the items
//! and checks of [`super`].
//!
//! The items, found by walking `problems/`:
//!
//! - **registry**: every directory under `problems/` is a problem: a problem of the catalog
//!   (named after it) or a program-backed one (`[programs]`); the archive holds any subset of
//!   the catalog;
//! - **a problem** (`<name>`): its `problem.toml` loads and its programs (if any) compile; its
//!   statements (`statement.md`, `statement.<lang>.md`) are well-formed UTF-8 Markdown whose
//!   samples are inserted from the plan or, shown by hand, are the plan's with outputs the
//!   checker accepts (and an English one's `## Constraints`, if any, lists the input format's
//!   constraints, when the problem declares them; see [`crate::archive::statement`]);
//!   `testdata/<name>/` is byte for byte what the plan regenerates, and the plan reaches every
//!   constraint bound (but those `[unreached]` declares); every input of the plan validates and
//!   the validator rejects every `[[invalid]]` input (the steps every format shares,
//!   [`super::validation`]), and every answer file on disk checks against itself; brute force agrees with the answer file on every test it can
//!   handle (the catalog's refuses large inputs, a brute force program gets a time budget per
//!   test), on at least one, and on every test of a group marked `small`;
//! - **an example solution** (`<name>/solutions/<folder>/<file>`): judged on every test of
//!   `testdata/<name>/` under the problem's limits (as `judge` resolves them from the model,
//!   [`crate::judging::CaseLimits`]), it gets the verdict its folder names on
//!   at least one test and nothing but that verdict or AC elsewhere (`accepted`: AC on all).
//!   In a scored problem its score is computed too ([`crate::judging::card`]), and a solution
//!   with an `[expect]` entry is held to that entry (its total, its groups' verdicts and points)
//!   instead of to its folder, which may then have any name.
//!   Its tests run one at a time, so that timings are not distorted by each other; the
//!   other checks use `jobs` threads.
//!
//! Items are sorted by name; partition `K/N` takes the items whose position is `K - 1`
//! modulo `N`, so the partitions `1/N … N/N` cover every item exactly once.

use std::path::{Path, PathBuf};
use std::time::Duration;

use walkdir::WalkDir;

use super::expectation::{self, JudgedTest, Outcome};
use super::regeneration::{self, Maker, Remade, RemadeFile, RemakeStep};
use super::{first_line, listed, Check, CrossChecked, ItemReport, SolutionRuns, TestRun};
use crate::archive::manifest::{Unreached, MANIFEST_FILE};
use crate::archive::plan::{stem, Built};
use crate::archive::statement::{self, StatementFile, SAMPLES_MARKER};
use crate::archive::{build, testdata, Archive, Manifest};
use crate::catalog::{self, BruteAnswer, Resolved, ToolError, Tools};
use crate::formats::solutions::solutions_in;
pub use crate::formats::solutions::{folder_verdict, SOLUTION_FOLDERS};
use crate::formats::LimitFlags;
use crate::judge::{judge_each, Judge, Test};
use crate::judging::{self, CaseLimits, Toolbox};
use crate::model::{Problem, Regeneration, VerdictExpectation};
use crate::parallel;
use crate::problem::Constraint;
use crate::readers;
use crate::run::{Cache, Limits, Program, Runner};
use crate::score::{format_score, ScoreCard};
use crate::text::show::count;
use crate::verdict::Verdict;

/// One unit of verification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// `registry`, `<name>` or `<name>/solutions/<folder>/<file>`.
    pub id: String,
    pub kind: ItemKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ItemKind {
    Registry,
    Problem {
        name: String,
    },
    Solution {
        problem: String,
        /// The folder under `solutions/`.
        folder: String,
        path: PathBuf,
    },
}

/// Every item of the archive, sorted by id.
pub fn items(archive: &Archive) -> Result<Vec<Item>, String> {
    let problems_dir = archive.root().join("problems");
    let mut items = vec![Item {
        id: "registry".to_string(),
        kind: ItemKind::Registry,
    }];
    for name in problem_dirs(archive)? {
        for solution in solutions_in(&problems_dir.join(&name))? {
            items.push(Item {
                id: format!("{name}/solutions/{}/{}", solution.folder, solution.file),
                kind: ItemKind::Solution {
                    problem: name.clone(),
                    folder: solution.folder,
                    path: solution.path,
                },
            });
        }
        items.push(Item {
            id: name.clone(),
            kind: ItemKind::Problem { name },
        });
    }
    items.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(items)
}

/// The names of the directories under `problems/`, sorted.
fn problem_dirs(archive: &Archive) -> Result<Vec<String>, String> {
    let dir = archive.root().join("problems");
    let mut names = Vec::new();
    for entry in WalkDir::new(&dir)
        .min_depth(1)
        .max_depth(1)
        .sort_by_file_name()
    {
        let entry = entry.map_err(|e| format!("cannot walk {}: {e}", dir.display()))?;
        if entry.file_type().is_dir() {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    Ok(names)
}

/// Verifies items of one archive; solutions are compiled through `cache` and run by `runner`,
/// one test at a time; building and checking test data use `jobs` threads.
pub struct Verifier<'a> {
    pub archive: &'a Archive,
    pub runner: &'a Runner,
    pub cache: &'a Cache,
    pub jobs: usize,
    /// CPU time a brute force program may take per test (see [`DEFAULT_BRUTE_BUDGET`]).
    pub brute_budget: Duration,
}

/// The default `--brute-time-limit`: long enough for a brute force on small inputs, short
/// enough that trying it on every test costs little.
pub const DEFAULT_BRUTE_BUDGET: Duration = Duration::from_secs(2);

impl<'a> Verifier<'a> {
    pub fn verify(&self, item: &Item) -> ItemReport {
        let start = std::time::Instant::now();
        let (checks, runs, score) = match &item.kind {
            ItemKind::Registry => (vec![self.registry()], None, None),
            ItemKind::Problem { name } => (self.problem(name), None, None),
            ItemKind::Solution {
                problem,
                folder,
                path,
            } => match self.solution(problem, folder, path) {
                Ok(judged) => (vec![judged.check], Some(judged.runs), judged.score),
                Err(check) => (vec![check], None, None),
            },
        };
        let mut report = ItemReport::new(item.id.clone(), checks, start.elapsed().as_secs_f64());
        report.runs = runs;
        report.score = score;
        report
    }

    /// Every directory of `problems/` is a problem.
    fn registry(&self) -> Check {
        let on_disk = match catalog::all(self.archive.root()) {
            Ok(found) => found,
            Err(e) => return Check::fail("registry", e),
        };
        let wrong: Vec<String> = on_disk
            .iter()
            .filter_map(|found| found.as_ref().err().map(|e| e.to_string()))
            .collect();
        if wrong.is_empty() {
            Check::pass("registry", format!("{} problems", on_disk.len()))
        } else {
            Check::fail(
                "registry",
                listed(
                    "problems/ has folders that are not problems",
                    wrong.into_iter(),
                ),
            )
        }
    }

    /// The problem `name` of this archive, and its tools; or why there is none.
    fn resolve(&self, name: &str) -> Result<(Resolved, Tools<'a>), String> {
        let resolved = catalog::resolve(name, self.archive.root()).map_err(|e| e.to_string())?;
        let tools = resolved.tools(self.runner, self.cache)?;
        Ok((resolved, tools))
    }

    /// The problem read into the one model ([`crate::readers::ours`]) with its test data
    /// folder, what the steps every format shares work on.
    pub fn model(&self, resolved: &Resolved) -> Result<Problem, String> {
        readers::ours::read(resolved, &resolved.testdata_dir()).map_err(|e| e.to_string())
    }

    /// The checks of one problem directory; later checks are skipped when the manifest fails.
    fn problem(&self, name: &str) -> Vec<Check> {
        let (resolved, tools) = match self.resolve(name) {
            Ok(found) => found,
            Err(e) => return vec![Check::fail("manifest", e)],
        };
        let manifest = match resolved.manifest() {
            Ok(manifest) => manifest,
            Err(e) => return vec![Check::fail("manifest", e.to_string())],
        };
        let mut checks = vec![Check::pass(
            "manifest",
            format!(
                "{}, {}",
                count(manifest.samples.len(), "sample", "samples"),
                count(manifest.groups.len(), "group", "groups")
            ),
        )];
        checks.push(Check::from(
            "statement",
            statement_check(&resolved, &tools, &manifest),
        ));
        match build(&tools, &manifest, self.jobs) {
            Err(e) => checks.push(Check::fail("testdata", e.to_string())),
            Ok(built) => {
                let dir = resolved.testdata_dir();
                let plan = PlanFiles {
                    built: &built,
                    dir: &dir,
                };
                checks.extend(regeneration::checks(&Regeneration::Plan, &plan));
                checks.push(Check::from("bounds", bounds(&built, &manifest)));
            }
        }
        // Validation takes the steps every format shares (super::validation), over the model;
        // the `[[invalid]]` inputs, rejected by the validator, need no test data.
        let model = self.model(&resolved);
        let toolbox = Toolbox::ours(&tools, self.runner, self.cache, self.jobs);
        if let Ok(problem) = &model {
            checks.extend(toolbox.invalid_inputs(problem));
        }
        match resolved.tests() {
            Err(e) => checks.push(Check::fail("inputs", e)),
            Ok(tests) => {
                checks.push(inputs(&toolbox, &model, &tools, &tests, self.jobs));
                let small = small_stems(&manifest);
                checks.push(brute(&tools, &tests, &small, self.brute_budget, self.jobs));
            }
        }
        checks
    }

    /// Judges one example solution on every test: the check of its folder's promise (or of
    /// its `[expect]` entry), its runs and, on a scored problem, its score; or the failed
    /// check when it could not be run.
    fn solution(&self, name: &str, folder: &str, path: &Path) -> Result<JudgedSolution, Check> {
        const CHECK: &str = "verdicts";
        let fail = |detail: String| Check::fail(CHECK, detail);
        let (resolved, tools) = self.resolve(name).map_err(fail)?;
        // The manifest must load: its plan names the tests' groups.
        let manifest = resolved.manifest().map_err(|e| fail(e.to_string()))?;
        let file = path.file_name().unwrap_or_default().to_string_lossy();
        let model = self.model(&resolved).map_err(fail)?;
        let id = format!("solutions/{folder}/{file}");
        let Some(expected) = (model.submissions.iter())
            .find(|s| s.id == id)
            .map(|s| &s.expectation)
        else {
            let known: Vec<&str> = SOLUTION_FOLDERS.iter().map(|(f, _)| *f).collect();
            return Err(fail(format!(
                "unknown folder solutions/{folder}/: expected one of {}, or an [expect] entry \
                 for the solution in {MANIFEST_FILE}",
                known.join(", ")
            )));
        };
        let tests = match resolved.tests() {
            Ok(tests) if !tests.is_empty() => tests,
            Ok(_) => return Err(fail(format!("testdata/{name}/ has no tests"))),
            Err(e) => return Err(fail(e)),
        };
        // Each test's limits as judge resolves them, from the model ([`CaseLimits`]).
        let case_limits = CaseLimits::new(&model, LimitFlags::default(), path);
        let limits = case_limits.of_problem().map_err(|e| fail(e.to_string()))?;
        let per_test: Vec<Limits> = (tests.iter())
            .map(|test| case_limits.of_case(&test.name))
            .collect::<Result<_, _>>()
            .map_err(|e| fail(e.to_string()))?;
        let program = Program::prepare(path, &[], self.runner, self.cache)
            .map_err(|e| fail(format!("{}: {e}", e.verdict)))?;
        let judging = resolved.judging(&tools);
        let judge = Judge {
            runner: self.runner,
            program: &program,
            limits,
            judging,
        };
        // One test at a time: parallel runs share the cores and caches, and a solution near
        // the time limit would flip between AC and TLE with the load.
        let judged = judge_each(&judge, &tests, 1, |i| (judging, per_test[i]), |_, _| {});
        let planned = manifest.tests();
        let group_of = |test: &str| -> String {
            (planned.iter())
                .find(|p| stem(p.number, planned.len()) == test)
                .map(|p| p.group().to_string())
                .unwrap_or_default()
        };
        let scored = judging::scored_runs(&tests, &judged, &per_test);
        let score = judging::card(&model, &scored).map_err(|e| fail(e.to_string()))?;
        let runs: Vec<TestRun> = tests
            .iter()
            .zip(judged)
            .map(|(test, judged)| TestRun {
                group: group_of(&test.name),
                test: test.name.clone(),
                verdict: judged.verdict,
                time_s: judged.measured.map(|m| m.cpu_time.as_secs_f64()),
                memory_kib: judged.measured.map(|m| m.peak_memory_kib),
                message: match &judged.stderr {
                    Some(tail) => format!(
                        "{}\nthe program's standard error ends:\n{tail}",
                        judged.message
                    ),
                    None => judged.message.clone(),
                },
            })
            .collect();
        let outcome = Outcome {
            id,
            tests: (runs.iter())
                .map(|run| JudgedTest {
                    name: run.test.clone(),
                    verdict: run.verdict,
                    at_higher: None,
                    message: run.message.clone(),
                })
                .collect(),
            overall: None,
            card: score.as_ref(),
            names: Verdict::short,
        };
        let check = match &expected.score {
            Some(_) => Check::from("score", expectation::held(expected, &outcome)),
            None => {
                let mut check = Check::from(CHECK, expectation::held(expected, &outcome));
                if let Some(card) = &score {
                    check.detail = format!(
                        "{}; score {} of {}",
                        check.detail,
                        format_score(card.total),
                        format_score(card.max)
                    );
                }
                check
            }
        };
        // The verdict the HTML report marks as meant: the folder's, else the first one the
        // expectation names other than AC.
        let expected = match &expected.verdicts {
            VerdictExpectation::Promised(verdict) => Some(*verdict),
            _ => (expected.score.iter().flat_map(|score| &score.groups))
                .filter_map(|g| g.verdict)
                .find(|&v| v != Verdict::AC),
        }
        .unwrap_or(Verdict::AC);
        let runs = SolutionRuns {
            problem: name.to_string(),
            expected,
            time_limit_s: limits.cpu.as_secs_f64(),
            memory_limit_mib: limits.memory.map(|bytes| bytes >> 20),
            tests: runs,
        };
        Ok(JudgedSolution { check, runs, score })
    }
}

/// Our format's maker ([`RemakeStep::Plan`]): the plan built in memory ([`crate::archive::build`]),
/// whose files must be exactly those of `dir`, `testdata/<name>/`. A problem whose manifest
/// loads is made again by its plan (its reader says [`Regeneration::Plan`] exactly then); the
/// model is not read for it, as reading it needs the very test data this compares.
pub struct PlanFiles<'a> {
    pub built: &'a Built,
    pub dir: &'a Path,
}

impl Maker for PlanFiles<'_> {
    fn remake(&self, step: RemakeStep) -> Result<Option<Remade>, String> {
        if step != RemakeStep::Plan {
            return Err(format!("a problem.toml problem has no {}", step.maker()));
        }
        let files = (testdata::files(self.built).into_iter())
            .map(|(name, contents)| RemadeFile {
                path: self.dir.join(name),
                bytes: contents.as_bytes().to_vec(),
            })
            .collect();
        Ok(Some(Remade {
            count: self.built.tests.len(),
            files,
            committed: regeneration::files_in(self.dir)?,
            wrong: Vec::new(),
        }))
    }
}

/// An example solution judged: the check of what it promises, how it ran, and its score on a
/// scored problem.
struct JudgedSolution {
    check: Check,
    runs: SolutionRuns,
    score: Option<ScoreCard>,
}

/// Every statement of the problem: well-formed, and its samples shown by hand are the plan's
/// (or it gets them inserted); an English statement's constraints list, when it has one, is
/// the input format's.
fn statement_check(
    resolved: &Resolved,
    tools: &Tools<'_>,
    manifest: &Manifest,
) -> Result<String, String> {
    let files = statement::find(resolved.dir(), &manifest.statement_language)?;
    let mut wrong = Vec::new();
    let mut passed = Vec::new();
    for file in &files {
        match one_statement(file, tools, manifest) {
            Ok(how) => passed.push(format!("{} ({how})", file.language)),
            Err(problems) => wrong.extend(problems),
        }
    }
    if wrong.is_empty() {
        Ok(passed.join("; "))
    } else {
        Err(wrong.join("\n"))
    }
}

/// The plan reaches every constraint bound but those `[unreached]` declares, and those it
/// declares it does not reach.
fn bounds(built: &Built, manifest: &Manifest) -> Result<String, String> {
    let sorted = built.reach.against(&manifest.unreached);
    let at = |entry: &Unreached| {
        let path = manifest.path.display();
        format!("{path}:{}:{}", entry.at.line, entry.at.col)
    };
    let mut wrong: Vec<String> = (sorted.missed.iter())
        .map(|bound| format!("never reached: {bound} (not declared under [unreached])"))
        .collect();
    wrong.extend(sorted.stale.iter().map(|entry| {
        format!(
            "{}: [unreached] {:?}: the plan reaches this bound; remove the entry",
            at(entry),
            entry.bound
        )
    }));
    if !wrong.is_empty() {
        return Err(listed("the plan's bounds", wrong.into_iter()));
    }
    Ok(match sorted.declared.as_slice() {
        [] => "every constraint bound is reached".to_string(),
        declared => {
            let shown: Vec<String> = (declared.iter())
                .map(|(bound, entry)| format!("{bound}: {}", entry.reason))
                .collect();
            format!(
                "every constraint bound is reached but {} left unreached on purpose: {}",
                declared.len(),
                shown.join("; ")
            )
        }
    })
}

/// One statement's checks; each problem as `path:line:col: what`.
fn one_statement(
    file: &StatementFile,
    tools: &Tools<'_>,
    manifest: &Manifest,
) -> Result<String, Vec<String>> {
    let shown = file.path.display();
    let bytes = std::fs::read(&file.path).map_err(|e| vec![format!("cannot read {shown}: {e}")])?;
    let parsed = statement::parse(&bytes).map_err(|problems| {
        (problems.iter())
            .map(|p| format!("{shown}:{}: {}", p.at, p.message))
            .collect::<Vec<_>>()
    })?;
    let mut wrong = Vec::new();
    let plan = manifest.samples.len();
    let how = match (parsed.marker, parsed.samples.len()) {
        (Some(marker), 0) => format!("samples inserted at line {}", marker.line),
        (Some(marker), _) => {
            for (k, sample) in parsed.samples.iter().enumerate() {
                wrong.push(format!(
                    "{shown}:{}: sample {} is written by hand, but the samples are inserted at \
                     the marker ({shown}:{marker}): remove one or the other",
                    sample.at,
                    k + 1
                ));
            }
            String::new()
        }
        (None, 0) => "samples inserted at the end".to_string(),
        (None, written) => {
            if written != plan {
                let at = parsed.samples[0].at;
                wrong.push(format!(
                    "{shown}:{at}: {} written by hand, but problem.toml has {plan}: show them \
                     all, or none and put {SAMPLES_MARKER} where they go",
                    count(written, "sample", "samples")
                ));
            }
            for (k, (shown_sample, sample)) in
                parsed.samples.iter().zip(&manifest.samples).enumerate()
            {
                if let Err((at, why)) = sample_matches(shown_sample, sample, tools) {
                    wrong.push(format!("{shown}:{at}: sample {}: {why}", k + 1));
                }
            }
            format!(
                "{} shown by hand, outputs accepted",
                count(written, "sample", "samples")
            )
        }
    };
    let english = file.language == "en" || file.language.starts_with("en-");
    if let Some(constraints) = tools.constraints().filter(|_| english) {
        let constraints: Vec<String> = (constraints.iter())
            .map(Constraint::statement_line)
            .collect();
        let text = String::from_utf8_lossy(&bytes);
        if let Err(problems) = statement::check_constraints(&text, &constraints) {
            let why = "the constraints must be the input format's, as listed by the problem";
            wrong.extend(
                problems
                    .iter()
                    .map(|p| format!("{shown}:{}: {}: {why}", p.at, p.message)),
            );
        }
    }
    if wrong.is_empty() {
        Ok(how)
    } else {
        Err(wrong)
    }
}

/// Whether a sample shown by hand is the plan's: its input exactly, its output one the checker
/// accepts against the reference's answer. On failure, where the statement goes wrong, and why.
fn sample_matches(
    shown: &statement::ShownSample,
    sample: &crate::archive::manifest::Sample,
    tools: &Tools<'_>,
) -> Result<(), (statement::Position, String)> {
    if shown.input != sample.input {
        return Err((
            shown.input_at,
            format!(
                "the input shown is not problem.toml's (at {}:{}:{})",
                MANIFEST_FILE, sample.at.line, sample.at.col
            ),
        ));
    }
    let judged = tools
        .solve(sample.input.as_bytes())
        .map_err(|e| e.to_string())
        .and_then(|answer| {
            tools
                .checker()
                .check(
                    sample.input.as_bytes(),
                    answer.as_bytes(),
                    shown.output.as_bytes(),
                )
                .map_err(|e| e.to_string())
        });
    match judged {
        Ok(j) if j.verdict == Verdict::AC => Ok(()),
        Ok(j) => Err((
            shown.output_at,
            format!("the output shown is {}: {}", j.verdict, j.message),
        )),
        Err(e) => Err((shown.output_at, e)),
    }
}

/// The check `inputs`: every input of the problem (`model`) valid, and every answer file of
/// `tests` accepted by the checker of `tools` as an output against itself.
fn inputs(
    toolbox: &Toolbox<'_>,
    model: &Result<Problem, String>,
    tools: &Tools<'_>,
    tests: &[Test],
    jobs: usize,
) -> Check {
    const CHECK: &str = "inputs";
    let problem = match model {
        Ok(problem) => problem,
        Err(e) => return Check::fail(CHECK, e.clone()),
    };
    let mut report = toolbox.inputs(problem);
    (report.rejected).extend(answers_rejected_as_outputs(tools, tests, jobs));
    let passed = format!("{} inputs valid, answers readable", report.cases);
    report.check(CHECK, "invalid test files", passed)
}

/// The answer files of `tests` that are not accepted as their own output, and why.
fn answers_rejected_as_outputs(tools: &Tools<'_>, tests: &[Test], jobs: usize) -> Vec<String> {
    parallel::map(tests, jobs, |test| -> Option<String> {
        let read =
            |path: &Path| std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()));
        let (input, answer) = match read(&test.input).and_then(|i| Ok((i, read(&test.answer)?))) {
            Ok(files) => files,
            Err(e) => return Some(e),
        };
        match tools.checker().check(&input, &answer, &answer) {
            Ok(j) if j.verdict == Verdict::AC => None,
            Ok(j) => Some(format!(
                "{}: not accepted as its own output: {}",
                test.answer.display(),
                first_line(&j.message)
            )),
            Err(e) => Some(format!("{}: {e}", test.answer.display())),
        }
    })
    .into_iter()
    .flatten()
    .collect()
}

/// The stems of the tests of groups marked small: the brute force must check them.
fn small_stems(manifest: &Manifest) -> Vec<String> {
    let planned = manifest.tests();
    (planned.iter())
        .filter(|test| test.small())
        .map(|test| stem(test.number, planned.len()))
        .collect()
}

/// What the brute force made of one test.
enum CrossCheck {
    Agrees,
    /// Too large for it (refused, or out of its time budget), and not required.
    TooLarge,
    Wrong(String),
}

/// The brute force agrees with the answer file on every test it can handle: the catalog's
/// brute force refuses large inputs itself, a brute force program gets `budget` of CPU time
/// per test and an input it cannot finish in is too large for it. The tests named in `small`
/// (groups marked `small = true`) must be checked: too large there is a failure. So must at
/// least one test, or the reference is trusted on nothing. A program-backed problem without a
/// brute force program passes.
fn brute(
    tools: &Tools<'_>,
    tests: &[Test],
    small: &[String],
    budget: Duration,
    jobs: usize,
) -> Check {
    const CHECK: &str = "brute";
    if let Tools::Programs(programs) = tools {
        if !programs.has_brute() {
            return Check::pass(CHECK, "no brute force program (brute in [programs])");
        }
    }
    let results: Vec<CrossCheck> = parallel::map(tests, jobs, |test| {
        let wrong = |why: String| CrossCheck::Wrong(format!("test {}: {why}", test.name));
        let read =
            |path: &Path| std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()));
        let (input, answer) = match (read(&test.input), read(&test.answer)) {
            (Ok(i), Ok(a)) => (i, a),
            (Err(e), _) | (_, Err(e)) => return CrossCheck::Wrong(e),
        };
        match tools.brute(&input, budget) {
            Err(e @ ToolError::Broken(_)) => wrong(e.to_string()),
            Err(e) => CrossCheck::Wrong(e.about(&test.input.display().to_string())),
            Ok(BruteAnswer::NoBrute) => CrossCheck::TooLarge,
            Ok(BruteAnswer::TooLarge(why)) if small.contains(&test.name) => wrong(format!(
                "in a group marked small, so the brute force must check it, but: {why}"
            )),
            Ok(BruteAnswer::TooLarge(_)) => CrossCheck::TooLarge,
            Ok(BruteAnswer::Solved(brute)) => {
                match tools.checker().check(&input, &answer, brute.as_bytes()) {
                    Ok(j) if j.verdict == Verdict::AC => CrossCheck::Agrees,
                    Ok(j) => wrong(format!(
                        "brute force disagrees with the answer file: {}",
                        first_line(&j.message)
                    )),
                    Err(e) => wrong(e.to_string()),
                }
            }
        }
    });
    let counts = CrossChecked {
        tests: tests.len(),
        checked: (results.iter())
            .filter(|r| matches!(r, CrossCheck::Agrees))
            .count(),
        too_large: (results.iter())
            .filter(|r| matches!(r, CrossCheck::TooLarge))
            .count(),
    };
    let wrong: Vec<String> = (results.into_iter())
        .filter_map(|r| match r {
            CrossCheck::Wrong(why) => Some(why),
            _ => None,
        })
        .collect();
    let check = if !wrong.is_empty() {
        Check::fail(CHECK, listed("brute force disagrees", wrong.into_iter()))
    } else if counts.checked == 0 {
        Check::fail(
            CHECK,
            format!(
                "the brute force checked none of the {}: each is too large for it (refused, \
                 or more than {} s): add a group of small tests to the plan, or give the brute \
                 force more time (--brute-time-limit)",
                count(tests.len(), "test", "tests"),
                budget.as_secs_f64()
            ),
        )
    } else {
        Check::pass(
            CHECK,
            format!(
                "agrees on {} of {} ({} too large for it)",
                counts.checked,
                count(tests.len(), "test", "tests"),
                counts.too_large
            ),
        )
    };
    Check {
        cross_checked: Some(counts),
        ..check
    }
}
