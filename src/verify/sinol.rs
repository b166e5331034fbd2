//! `verify` of a sinol-make package ([`crate::sinol`]), in the items and checks of
//! [`super`], as `sinol-make verify` checks it:
//!
//! - **the package** (`<PATH>`): `config.yml` reads and asks for nothing stonejudge does not do
//!   (else the item is skipped, never passed); `scores` names every scored group and no other,
//!   and in `oi` adds up to 100 (`oij`: to `sinol_total_score`); `in/` has tests, each with
//!   its `out/`; ingen (when there is one), run in a fresh folder, writes exactly the inputs of
//!   `in/` (but `sinol_static_tests`), byte for byte; the model solution writes exactly each
//!   `out/` (an interactive task, with `prog/<id>soc.*`, has none); inwer (when there is one)
//!   accepts every input;
//! - **each solution** (`<PATH>/prog/<file>`): judged on every test made as `judge` judges it
//!   ([`submission`]: [`crate::judging::judge_cases`] over the package read into the model,
//!   each test under the limits it resolves), its score card matches its
//!   `sinol_expected_scores` group by group (status and points) and in total; a solution
//!   without an expectation fails, as in sinol-make, saying what to add.

use std::path::Path;
use std::sync::OnceLock;

use super::regeneration::{self, Maker, Remade, RemadeFile, RemakeStep};
use super::submission;
use super::verifier::FormatVerifier;
use super::{expectation, Check, ItemReport};
use crate::catalog::Resolved;
use crate::judging::MadeTests;
use crate::judging::Toolbox;
use crate::model::Problem;
use crate::readers;
use crate::run::{Cache, Runner};
use crate::score::{format_score, ScoreCard};
use crate::sinol::config::ContestType;
use crate::sinol::scoring::status;
use crate::sinol::{Sinol, SinolTest};

/// One unit of a package's verification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SinolItem {
    Package,
    /// A solution of `prog/`.
    Solution(std::path::PathBuf),
}

/// Verifies the items of one sinol-make package.
pub struct SinolVerifier<'a> {
    pub sinol: Sinol,
    /// The package read into the one model ([`crate::readers::sinol`]), what the steps every
    /// format shares work on; why it does not read, when it does not (a failed check then).
    pub model: Result<Problem, String>,
    /// How items are named: the path given on the command line.
    pub shown: String,
    pub runner: &'a Runner,
    pub cache: &'a Cache,
    /// How many of the model solution's runs go at once, when it makes `out/`.
    pub jobs: usize,
    /// The tests made first, as `sinol-make verify` makes them (by the first item that
    /// needs them), with the package read with them; why they could not be made.
    made: OnceLock<Result<Tests, String>>,
}

/// A package's tests made ([`MadeTests`]), and the package read into the model with them.
struct Tests {
    tests: MadeTests,
    model: Result<Problem, String>,
}

impl<'a> SinolVerifier<'a> {
    /// Reads the package at `root` (a `config.yml` that does not read is an error here).
    pub fn new(
        root: &Path,
        shown: String,
        runner: &'a Runner,
        cache: &'a Cache,
    ) -> Result<SinolVerifier<'a>, String> {
        Ok(SinolVerifier::of(Sinol::load(root)?, shown, runner, cache))
    }

    /// The package read with its tests made first ([`SinolVerifier::model`] is the package
    /// as it is committed, which may have none): what its solutions are judged and held to.
    pub fn judged_model(&self) -> Result<&Problem, String> {
        self.made()?.model.as_ref().map_err(Clone::clone)
    }

    /// The package's tests, made first as `sinol-make verify` makes them (once, by whoever
    /// asks first), and the package read with them.
    fn made(&self) -> Result<&Tests, String> {
        let made = self.made.get_or_init(|| {
            let tests = MadeTests::make(&self.sinol, false, self.runner, self.cache, self.jobs)?;
            let model = readers::sinol::read(&tests.sinol).map_err(|e| e.to_string());
            Ok(Tests { tests, model })
        });
        made.as_ref().map_err(Clone::clone)
    }

    /// Verifies `sinol`, already read.
    pub fn of(
        sinol: Sinol,
        shown: String,
        runner: &'a Runner,
        cache: &'a Cache,
    ) -> SinolVerifier<'a> {
        SinolVerifier {
            model: readers::sinol::read(&sinol).map_err(|e| e.to_string()),
            sinol,
            shown,
            runner,
            cache,
            jobs: 1,
            made: OnceLock::new(),
        }
    }

    /// The same verifier, the model solution making `jobs` outputs at a time.
    pub fn with_jobs(self, jobs: usize) -> SinolVerifier<'a> {
        SinolVerifier { jobs, ..self }
    }

    /// Its items with their ids, the package's first (only that one when it is not supported).
    fn item_list(&self) -> Vec<(String, SinolItem)> {
        let mut items = vec![(self.shown.clone(), SinolItem::Package)];
        if self.sinol.unsupported().is_some() {
            return items;
        }
        for (path, _) in self.sinol.solutions() {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            items.push((
                format!("{}/prog/{name}", self.shown),
                SinolItem::Solution(path),
            ));
        }
        items
    }

    fn verify_item(&self, id: &str, item: &SinolItem) -> ItemReport {
        let start = std::time::Instant::now();
        let (checks, card) = match item {
            SinolItem::Package => (self.package_checks(), None),
            SinolItem::Solution(path) => {
                let (check, card) = self.solution(path);
                (vec![check], card)
            }
        };
        let mut report = ItemReport::new(id.to_string(), checks, start.elapsed().as_secs_f64());
        report.score = card;
        report
    }

    fn package_checks(&self) -> Vec<Check> {
        let sinol = &self.sinol;
        if let Some(why) = sinol.unsupported() {
            return vec![Check::skip("package", why)];
        }
        let warnings = match sinol.config.warnings.len() {
            0 => String::new(),
            n => format!(", {n} unknown keys (warnings)"),
        };
        let mut checks = vec![Check::pass(
            "package",
            format!(
                "task {}, contest type {}{warnings}",
                sinol.id,
                sinol.config.contest.name()
            ),
        )];
        let made = self.made();
        let tests = made.and_then(|made| match made.tests.sinol.tests()? {
            tests if tests.is_empty() => Err(format!(
                "no tests: {} and nothing in {}",
                match sinol.ingen() {
                    Some(_) => "ingen makes none",
                    None => "no ingen",
                },
                sinol.root.join("in").display()
            )),
            tests => Ok((made, tests)),
        });
        let (made, tests) = match tests {
            Ok(made) => made,
            Err(why) => {
                checks.push(Check::fail("tests", why));
                return checks;
            }
        };
        checks.push(Check::from("scores", self.scores(&tests)));
        // An interactive task has no out/: its interactor judges, and sinol-make neither
        // expects nor makes outputs for it.
        let committed = sinol.committed_tests().map_or(0, |tests| tests.len());
        let interactive = sinol.interactor().is_some();
        let outputs = match (made.tests.outputs, interactive) {
            (true, _) => ", outputs by the model solution",
            (false, true) => " (interactive: no outputs)",
            (false, false) => ", outputs committed (no model solution)",
        };
        let missing: Vec<String> = (tests.iter())
            .filter(|t| !interactive && !t.test.answer.is_file())
            .map(|t| format!("{}: no out/{}.out", t.test.name, t.test.name))
            .collect();
        checks.push(Check::from(
            "tests",
            match missing.is_empty() {
                true => Ok(format!(
                    "{} tests made as sinol-make gen makes them: {} by ingen, {committed} \
                     committed{outputs}",
                    tests.len(),
                    made.tests.by_ingen.len(),
                )),
                false => Err(super::listed(
                    "tests without an output:",
                    missing.into_iter(),
                )),
            },
        ));
        checks.extend(self.regenerated());
        checks.extend(self.inputs());
        checks
    }

    /// `scores` against the groups of the tests, and the sum the contest type requires.
    fn scores(&self, tests: &[SinolTest]) -> Result<String, String> {
        let config = &self.sinol.config;
        let mut groups: Vec<u32> = tests.iter().map(|t| t.group).filter(|g| *g != 0).collect();
        groups.dedup();
        let Some(scores) = &config.scores else {
            return match config.contest {
                ContestType::Oi | ContestType::Oij => {
                    Err("no `scores` in config.yml: contest types oi and oij need them".into())
                }
                _ => Ok(format!("{} groups share 100 points", groups.len())),
            };
        };
        let mut wrong = Vec::new();
        for group in &groups {
            if !scores.contains_key(group) {
                wrong.push(format!("group {group} has tests but no score"));
            }
        }
        for group in scores.keys() {
            if !groups.contains(group) {
                wrong.push(format!("group {group} has a score but no tests"));
            }
        }
        let total: f64 = scores.values().sum();
        let wanted = match config.contest {
            ContestType::Oi => Some(100.0),
            ContestType::Oij => Some(config.total_score),
            _ => None,
        };
        if let Some(wanted) = wanted.filter(|w| !crate::score::same_score(*w, total)) {
            wrong.push(format!(
                "the scores add up to {}, not {}",
                format_score(total),
                format_score(wanted)
            ));
        }
        match wrong.is_empty() {
            true => Ok(format!(
                "{} groups, {} points",
                groups.len(),
                format_score(total)
            )),
            false => Err(wrong.join("; ")),
        }
    }

    /// The checks of making the tests again ([`regeneration`]): ingen's inputs (when there
    /// is ingen), the model solution's outputs (but an interactive task's).
    fn regenerated(&self) -> Vec<Check> {
        match self.judged_model() {
            Ok(problem) => (problem.regeneration.as_ref())
                .map(|how| regeneration::checks(how, self))
                .unwrap_or_default(),
            Err(why) => vec![Check::fail(
                "ingen",
                format!("cannot read the package: {why}"),
            )],
        }
    }

    /// The inputs ingen wrote, each to be that of `in/` where the package commits one, but
    /// `sinol_static_tests`. A committed input ingen does not write is hand-written, as
    /// sinol-make takes it (`gen` leaves it, `verify` judges it): kept, not a difference.
    fn ingen_inputs(&self) -> Result<Remade, String> {
        let sinol = &self.sinol;
        let made = self.made()?;
        let made_again = |name: &String| {
            !sinol.config.static_tests.contains(name) && made.tests.by_ingen.contains(name)
        };
        let committed: Vec<_> = (sinol.committed_tests()?.into_iter())
            .map(|test| test.test.input)
            .filter(|path| made_again(&file_name(path)))
            .collect();
        let files = (made.tests.by_ingen.iter())
            .filter(|name| made_again(name))
            .map(|name| sinol.root.join("in").join(name))
            .filter(|path| committed.contains(path))
            .map(|path| made_file(made.tests.dir().join("in"), path))
            .collect::<Result<Vec<RemadeFile>, String>>()?;
        Ok(Remade {
            count: made.tests.by_ingen.len(),
            files,
            committed,
            wrong: Vec::new(),
        })
    }

    /// The model solution's outputs, each to be that of `out/` where the package commits
    /// one.
    fn model_outputs(&self) -> Result<Remade, String> {
        let made = self.made()?;
        let tests = made.tests.sinol.tests()?;
        let files = (tests.iter())
            .map(|test| (self.sinol.root.join("out")).join(file_name(&test.test.answer)))
            .filter(|path| path.is_file())
            .map(|path| made_file(made.tests.dir().join("out"), path))
            .collect::<Result<Vec<RemadeFile>, String>>()?;
        Ok(Remade {
            count: tests.len(),
            files,
            ..Remade::default()
        })
    }

    /// The check `inwer`: it accepts every input ([`super::validation`], over the model);
    /// none without an inwer.
    fn inputs(&self) -> Option<Check> {
        const CHECK: &str = "inwer";
        let problem = match self.made().and_then(|made| made.model.clone()) {
            Ok(problem) => problem,
            Err(e) => return Some(Check::fail(CHECK, e)),
        };
        if problem.programs.input_validators.is_empty() {
            return None;
        }
        // `-j` inputs at a time, as the model solution makes `out/`: no time is judged here.
        let report = Toolbox::of(&problem, self.runner, self.cache, self.jobs).inputs(&problem);
        let passed = format!("{} inputs valid", report.cases);
        Some(report.check(CHECK, "inputs inwer rejects:", passed))
    }

    /// One solution's score card against its expectation, and the card (for the reports).
    fn solution(&self, path: &Path) -> (Check, Option<ScoreCard>) {
        let fail = |why: String| (Check::fail("score", why), None);
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let made = match self.made() {
            Ok(made) => made,
            Err(why) => return fail(format!("no tests to judge on: {why}")),
        };
        let model = match &made.model {
            Ok(model) => model,
            Err(why) => return fail(why.clone()),
        };
        // Judged as `judge` judges it, on the tests made: the package's own programs built as
        // sinol-make builds them, each test's limits resolved from the model (a test's own
        // limit where the contest type allows none applies, the warning of reading it said
        // when the package was read: an error under `--strict`).
        let problem = Resolved::read(model.clone());
        let judged = submission::judge(&problem, model, path, self.runner, self.cache);
        let judged = match judged {
            Ok(judged) => judged,
            Err(why) => return fail(why),
        };
        let Some(card) = &judged.card else {
            return fail("the package is not scored".to_string());
        };
        let expected = (model.submissions.iter())
            .find(|s| s.id == format!("prog/{file}"))
            .map(|s| &s.expectation)
            .ok_or_else(|| format!("{file} has no sinol_expected_scores in config.yml"));
        let outcome = judged.outcome(file.clone(), status);
        let check = match expected {
            Ok(expected) => Check::from("score", expectation::held(expected, &outcome)),
            Err(why) => Check::fail(
                "score",
                format!(
                    "{}; {why}: add what it got, as `sinol-make run --apply-suggestions` \
                     would:\n{}",
                    expectation::card_briefly(card, status),
                    suggested_expectation(&file, card)
                ),
            ),
        };
        (check, judged.card)
    }
}

/// The entry of `sinol_expected_scores` that holds a solution to the scores of `card`, in the
/// form sinol-make writes it (`sinol-make run --apply-suggestions`): each group's status and
/// points, and the total.
fn suggested_expectation(file: &str, card: &ScoreCard) -> String {
    let mut entry = format!("{file}:\n  expected:\n");
    for group in &card.groups {
        entry.push_str(&format!(
            "    {}: {{points: {}, status: {}}}\n",
            group.name,
            format_score(group.score),
            status(group.verdict)
        ));
    }
    entry.push_str(&format!("  points: {}", format_score(card.total)));
    entry
}

/// A sinol-make package's makers: ingen ([`RemakeStep::Ingen`]) and the model solution
/// ([`RemakeStep::Answers`], none for an interactive task, which has no `out/`), each compared with
/// what the package commits of theirs, when it commits any.
impl Maker for SinolVerifier<'_> {
    fn remake(&self, step: RemakeStep) -> Result<Option<Remade>, String> {
        let compared = |remade: Remade| {
            (!remade.files.is_empty() || !remade.committed.is_empty()).then_some(remade)
        };
        match step {
            RemakeStep::Ingen => self.ingen_inputs().map(compared),
            RemakeStep::Answers if self.sinol.interactor().is_some() => Ok(None),
            RemakeStep::Answers => self.model_outputs().map(compared),
            RemakeStep::Plan | RemakeStep::GeneratorsYaml => {
                Err(format!("a sinol-make package has no {}", step.maker()))
            }
        }
    }
}

/// The file `path` names, made in `dir`: what [`regeneration`] compares with `path`.
fn made_file(dir: std::path::PathBuf, path: std::path::PathBuf) -> Result<RemadeFile, String> {
    let made = dir.join(file_name(&path));
    let bytes = std::fs::read(&made).map_err(|e| format!("cannot read {}: {e}", made.display()))?;
    Ok(RemadeFile { path, bytes })
}

/// The file name of `path`, as text.
fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

impl FormatVerifier for SinolVerifier<'_> {
    type Item = SinolItem;

    fn items(&self) -> Result<Vec<(String, SinolItem)>, String> {
        Ok(self.item_list())
    }

    fn verify(&self, id: &str, item: &SinolItem) -> ItemReport {
        self.verify_item(id, item)
    }
}
