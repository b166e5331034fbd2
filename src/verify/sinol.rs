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
//! - **each solution** (`<PATH>/prog/<file>`): judged on every test under its limits, its
//!   score card matches its `sinol_expected_scores` group by group (status and points) and in
//!   total; a solution without an expectation fails, as in sinol-make.

use std::path::Path;

use super::validation::Toolbox;
use super::{listed, Check, ItemReport};
use crate::model::Problem;
use crate::readers;
use crate::run::{Cache, Program, Runner, ScratchDir};
use crate::score::format_score;
use crate::sinol::config::ContestType;
use crate::sinol::judging::{model_output, run_ingen, SinolJudge};
use crate::sinol::scoring::{differences, status};
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
        }
    }

    /// Its items with their ids, the package's first (only that one when it is not supported).
    pub fn items(&self) -> Vec<(String, SinolItem)> {
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

    pub fn verify(&self, id: &str, item: &SinolItem) -> ItemReport {
        let start = std::time::Instant::now();
        let checks = match item {
            SinolItem::Package => self.package_checks(),
            SinolItem::Solution(path) => vec![self.solution(path)],
        };
        ItemReport::new(id.to_string(), checks, start.elapsed().as_secs_f64())
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
        let tests = match sinol.tests() {
            Ok(tests) if tests.is_empty() => {
                Err(format!("no tests in {}", sinol.root.join("in").display()))
            }
            other => other,
        };
        let tests = match tests {
            Ok(tests) => tests,
            Err(why) => {
                checks.push(Check::fail("tests", why));
                return checks;
            }
        };
        checks.push(Check::from("scores", self.scores(&tests)));
        // An interactive task has no out/: its interactor judges, and sinol-make neither
        // expects nor makes outputs for it.
        let interactive = sinol.interactor().is_some();
        let missing: Vec<String> = (tests.iter())
            .filter(|t| !interactive && !t.test.answer.is_file())
            .map(|t| format!("{}: no {}", t.test.name, t.test.answer.display()))
            .collect();
        checks.push(Check::from(
            "tests",
            match (missing.is_empty(), interactive) {
                (true, true) => Ok(format!("{} tests (interactive: no outputs)", tests.len())),
                (true, false) => Ok(format!("{} tests with their outputs", tests.len())),
                (false, _) => Err(listed("tests without an output:", missing.into_iter())),
            },
        ));
        if sinol.ingen().is_some() {
            checks.push(Check::from("ingen", self.regenerated(&tests)));
        }
        if !interactive {
            checks.push(Check::from("outputs", self.outputs(&tests)));
        }
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

    /// Ingen run in a fresh folder writes the inputs of `in/`.
    pub fn regenerated(&self, tests: &[SinolTest]) -> Result<String, String> {
        let sinol = &self.sinol;
        let ingen = sinol.ingen().ok_or("no ingen")?;
        let scratch = ScratchDir::new("sinol-ingen")?;
        let dir = scratch.path().join("in");
        std::fs::create_dir(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        run_ingen(&ingen, &dir, self.runner, self.cache)?;
        let made = sinol.tests_in(&dir)?;
        let mut drift = Vec::new();
        for test in tests {
            if sinol
                .config
                .static_tests
                .iter()
                .any(|s| *s == format!("{}.in", test.test.name))
            {
                continue;
            }
            match made.iter().find(|m| m.test.name == test.test.name) {
                None => drift.push(format!("{}.in: not written by ingen", test.test.name)),
                Some(m)
                    if std::fs::read(&m.test.input).ok()
                        != std::fs::read(&test.test.input).ok() =>
                {
                    drift.push(format!("{}.in: ingen writes other bytes", test.test.name))
                }
                Some(_) => {}
            }
        }
        for m in &made {
            if !tests.iter().any(|t| t.test.name == m.test.name) {
                drift.push(format!("{}.in: written by ingen, not in in/", m.test.name));
            }
        }
        match drift.is_empty() {
            true => Ok(format!("{} inputs made again, the same", made.len())),
            false => Err(listed("in/ is not what ingen writes:", drift.into_iter())),
        }
    }

    /// The model solution writes each `out/`.
    pub fn outputs(&self, tests: &[SinolTest]) -> Result<String, String> {
        let path = self.sinol.model().ok_or_else(|| {
            format!(
                "no model solution prog/{}.{{cpp,c,cc,py,rs}}",
                self.sinol.id
            )
        })?;
        let model = Program::prepare(&path, &[], self.runner, self.cache).map_err(|e| e.message)?;
        let mut drift = Vec::new();
        for test in tests {
            let made = model_output(&model, &test.test.input, self.runner)?;
            if std::fs::read(&test.test.answer).ok().as_deref() != Some(made.as_slice()) {
                drift.push(format!(
                    "{}.out differs from the model solution's output",
                    test.test.name
                ));
            }
        }
        match drift.is_empty() {
            true => Ok(format!(
                "{} outputs of {} made again, the same",
                tests.len(),
                path.display()
            )),
            false => Err(listed(
                "out/ is not what the model solution writes:",
                drift.into_iter(),
            )),
        }
    }

    /// The check `inwer`: it accepts every input ([`super::validation`], over the model);
    /// none without an inwer.
    fn inputs(&self) -> Option<Check> {
        const CHECK: &str = "inwer";
        let problem = match &self.model {
            Ok(problem) => problem,
            Err(e) => return Some(Check::fail(CHECK, e.clone())),
        };
        if problem.programs.input_validators.is_empty() {
            return None;
        }
        // One input at a time, as before: the sinol verifier is given no `jobs`.
        let report = Toolbox::plain(self.runner, self.cache, 1).inputs(problem);
        let passed = format!("{} inputs valid", report.cases);
        Some(report.check(CHECK, "inputs inwer rejects:", passed))
    }

    /// One solution's score card against its expectation.
    fn solution(&self, path: &Path) -> Check {
        let sinol = &self.sinol;
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let outcome = (|| {
            let tests = sinol.tests()?;
            let judge = SinolJudge::new(sinol, self.runner, self.cache).map_err(|e| e.message)?;
            let prepared = Program::prepare(path, &[], self.runner, self.cache);
            let language = path
                .extension()
                .unwrap_or_default()
                .to_string_lossy()
                .to_lowercase();
            judge.solution(sinol, &prepared, &language, &tests, (None, None), |_, _| {})
        })();
        let judgement = match outcome {
            Ok(judgement) => judgement,
            Err(why) => return Check::fail("score", why),
        };
        let card = &judgement.card;
        let groups: Vec<String> = (card.groups.iter())
            .map(|g| format!("{} {} {}", g.name, status(g.verdict), format_score(g.score)))
            .collect();
        let found = format!(
            "{}/{} ({})",
            format_score(card.total),
            format_score(card.max),
            groups.join(", ")
        );
        let Some(expected) = sinol.config.expected.get(&file) else {
            return Check::fail(
                "score",
                format!("{found}; {file} has no sinol_expected_scores in config.yml"),
            );
        };
        let wrong = differences(card, expected);
        match wrong.is_empty() {
            true => Check::pass("score", found),
            false => Check::fail(
                "score",
                listed(
                    &format!("{file}: {found}, not as expected:"),
                    wrong.into_iter(),
                ),
            ),
        }
    }
}
