//! A submission's runs on the whole data of a problem whose model gives the data a verdict
//! ([`Problem::whole_verdict`], a Kattis package's), made as the verdicts need them under one
//! CPU cap and kept, so that its verdict under any time limit up to the cap is read off the
//! same runs: at the time limit, and at the higher limit (the limit × `time_limit_to_tle`).
//!
//! Every run is judged as `judge` judges a case ([`super::judge_cases`]): by the model's
//! checker, interactor or passes made runnable ([`PreparedJudging`]) with the case's own
//! arguments or its group's, under the limits the caller resolves from the model
//! ([`RunLimits`], `super::CaseLimits::with_cpu`). The cases are the model's judged ones in
//! the order of its verdict rule, which says the verdict of the whole data: the first
//! rejected test of a group decides under Kattis' `on_reject: break`, and Kattis' verdict
//! names are given to ours (PE is WA, a crash or MLE is RTE).

use std::collections::HashMap;

use super::PreparedJudging;
use crate::judge::{Judge, Test};
use crate::model::{Problem, TestCase, VerdictGroup};
use crate::run::{Limits, Program, Runner};
use crate::verdict::kattis_verdict;
use crate::verdict::{Judged, Verdict};

/// The whole data a submission is judged on, over the model: its judged cases in the order of
/// the verdict rule, what judges each, and the rule.
pub struct JudgedData<'a> {
    runner: &'a Runner,
    prepared: &'a PreparedJudging<'a>,
    /// Each case's test files and the case.
    pub(super) cases: Vec<(Test, &'a TestCase)>,
    rule: &'a VerdictGroup,
}

impl<'a> JudgedData<'a> {
    /// The whole data of `problem`, judged by `prepared`; an error when the model gives the
    /// data no verdict, or its rule names a test it does not judge.
    pub fn new(
        problem: &'a Problem,
        prepared: &'a PreparedJudging<'a>,
        runner: &'a Runner,
    ) -> Result<JudgedData<'a>, String> {
        let rule = (problem.whole_verdict.as_ref())
            .ok_or("the problem gives its whole data no verdict to judge submissions by")?;
        let by_name: HashMap<&str, &TestCase> = (problem.judged_cases())
            .map(|case| (case.name.as_str(), case))
            .collect();
        let cases = (rule.tests().into_iter())
            .map(|name| {
                let case = by_name
                    .get(name)
                    .ok_or_else(|| format!("test {name}: no judged case of the problem"))?;
                Ok((Test::of_case(case)?, *case))
            })
            .collect::<Result<_, String>>()?;
        Ok(JudgedData {
            runner,
            prepared,
            cases,
            rule,
        })
    }

    /// The tests, in order.
    pub fn tests(&self) -> impl DoubleEndedIterator<Item = &Test> + ExactSizeIterator {
        self.cases.iter().map(|(test, _)| test)
    }

    /// Runs `program` on the case `at` (an index of [`JudgedData::cases`]) under `limits` and
    /// judges it (a judge error when the case's judging cannot be made, its arguments wrong).
    fn judge(&self, program: &Program, at: usize, limits: Limits) -> Judged {
        let (test, case) = &self.cases[at];
        match self.prepared.of_case(case) {
            Err(why) => Judged::judge_error(format!("test {}: {why}", test.name)),
            Ok(judging) => {
                let judge = Judge {
                    runner: self.runner,
                    program,
                    limits,
                    judging: judging.judging(),
                };
                judge.test(test).0
            }
        }
    }
}

/// The limits of a submission's run on the case named by the first argument with a CPU limit
/// of the second, in seconds (the time limit, or the cap): its memory, output and wall clock
/// as the problem says for that case (`crate::judging::CaseLimits::with_cpu`).
pub type RunLimits<'l> = dyn Fn(&str, f64) -> Limits + Sync + 'l;

/// A submission's runs, made as the verdicts need them under one CPU cap and kept, so that
/// its verdict under any limit up to the cap is read off the same runs.
pub struct Runs<'a> {
    pub(super) data: &'a JudgedData<'a>,
    pub(super) program: &'a Program,
    pub(super) limits: &'a RunLimits<'a>,
    pub(super) cap: f64,
    /// Each case run so far, by name.
    pub(super) done: HashMap<String, Judged>,
}

/// A submission's verdict under one time limit.
#[derive(Debug, Clone, PartialEq)]
pub struct VerdictAtLimit {
    /// The Kattis verdict.
    pub verdict: &'static str,
    /// The first test that was not accepted, and why.
    pub first_failure: Option<(String, String)>,
}

impl std::fmt::Display for VerdictAtLimit {
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
    /// The runs of `program` on `data`, each under `limits` with a CPU limit of at most `cap`.
    pub fn new(
        data: &'a JudgedData<'a>,
        program: &'a Program,
        limits: &'a RunLimits<'a>,
        cap: f64,
    ) -> Runs<'a> {
        Runs {
            data,
            program,
            limits,
            cap,
            done: HashMap::new(),
        }
    }

    /// The verdict of the whole data with a time limit of `limit` (at most the cap): a test
    /// that took longer is TLE. `all`: judge every test and report the first rejected one,
    /// ignoring `on_reject` (a scoring problem's accepted submissions).
    pub fn outcome(&mut self, limit: f64, all: bool) -> Result<VerdictAtLimit, String> {
        let mut first_failure = None;
        let data = self.data;
        let mut judge = |at: usize| -> Verdict {
            let judged = self.run(at);
            let (verdict, why) = match judged_seconds(judged) > limit {
                true => (Verdict::TLE, format!("over the time limit of {limit} s")),
                false => (judged.verdict, judged.one_line()),
            };
            if verdict != Verdict::AC && first_failure.is_none() {
                first_failure = Some((data.cases[at].0.name.clone(), why));
            }
            verdict
        };
        let verdict = match all {
            true => {
                // Every test, up to a judge error: the tests after it would be judged by
                // the same broken judge.
                let mut worst = Verdict::AC;
                for at in 0..data.cases.len() {
                    let verdict = judge(at);
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
                let by_name: HashMap<&str, usize> = (data.tests().enumerate())
                    .map(|(at, test)| (test.name.as_str(), at))
                    .collect();
                // The rule names only the data's tests: any other would be no test to judge.
                let mut by_rule =
                    |name: &str| by_name.get(name).map_or(Verdict::JE, |&at| judge(at));
                data.rule.verdict(&mut by_rule)?
            }
        };
        let verdict = kattis_verdict(verdict);
        Ok(VerdictAtLimit {
            verdict,
            first_failure: first_failure.filter(|_| verdict != "AC"),
        })
    }

    /// Every test's (name, Kattis verdict, message) with a time limit of `limit` (at most
    /// the cap): all are judged, whatever `on_reject` says.
    pub fn results(&mut self, limit: f64) -> Vec<(String, &'static str, String)> {
        (0..self.data.cases.len())
            .map(|at| {
                let judged = self.run(at);
                let (verdict, message) = match judged_seconds(judged) > limit {
                    true => ("TLE", format!("over the time limit of {limit} s")),
                    false => (kattis_verdict(judged.verdict), judged.message.clone()),
                };
                (self.data.cases[at].0.name.clone(), verdict, message)
            })
            .collect()
    }

    /// The tests run so far, in order, each judged under the time limit `limit` (TLE when
    /// over it): what a report shows of a submission, without running the tests that Kattis'
    /// rules skip after a failure.
    pub fn ran(&self, limit: f64) -> Vec<(String, Judged)> {
        (self.data.tests())
            .filter_map(|test| {
                let mut judged = self.done.get(&test.name)?.clone();
                if judged_seconds(&judged) > limit {
                    judged.verdict = Verdict::TLE;
                    judged.message = format!("over the time limit of {limit} s");
                }
                Some((test.name.clone(), judged))
            })
            .collect()
    }

    /// The first test (in order) run so far whose verdict is a judge error.
    pub(super) fn first_judge_error(&self) -> Option<(String, &Judged)> {
        (self.data.tests()).find_map(|test| {
            let judged = self.done.get(&test.name)?;
            (judged.verdict == Verdict::JE).then(|| (test.name.clone(), judged))
        })
    }

    /// Whether `judged` timed out at the cap.
    pub(super) fn timed_out(&self, judged: &Judged) -> bool {
        judged_seconds(judged) > self.cap || judged.verdict == Verdict::TLE
    }

    /// The CPU time of the slowest test run so far, in seconds.
    pub fn slowest(&self) -> f64 {
        self.done.values().map(judged_seconds).fold(0.0, f64::max)
    }

    /// Runs the case `at` up to `seconds` of CPU time and judges it.
    pub(super) fn judged(&self, at: usize, seconds: f64) -> Judged {
        let name = &self.data.cases[at].0.name;
        (self.data).judge(self.program, at, (self.limits)(name, seconds))
    }

    fn run(&mut self, at: usize) -> &Judged {
        let name = &self.data.cases[at].0.name;
        if !self.done.contains_key(name) {
            let judged = self.judged(at, self.cap);
            self.done.insert(name.clone(), judged);
        }
        &self.done[name]
    }
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
