//! One example submission judged for `verify` as `judge` judges it: every case through
//! [`judging::judge_cases`], the one path over the model, and scored by [`judging::card`] on a
//! scored problem; then told in the terms every format's expectation is held in
//! ([`Outcome`], [`super::expectation`]). The verifiers whose submissions take this path (a
//! package read into the model alone, [`super::read`]; a sinol-make package, [`super::sinol`])
//! share it, so that what `verify` finds of a submission is what `judge` prints of it.

use std::ffi::OsString;
use std::path::Path;

use super::expectation::{JudgedTest, Outcome};
use crate::catalog::Resolved;
use crate::formats::LimitFlags;
use crate::judge::Test;
use crate::judging::{self, Judgement, Request};
use crate::model::Problem;
use crate::run::{Cache, Runner};
use crate::score::ScoreCard;
use crate::verdict::{Judged, Verdict};

/// A submission judged on every case of its problem, and its score card on a scored one.
pub struct JudgedSubmission {
    pub judgement: Judgement,
    pub card: Option<ScoreCard>,
}

/// The program at `path` judged on `problem` (read into `model`, its tests made) by
/// `runner` through `cache`, under the limits the model gives it (no flags over them) and on
/// all its cases, one at a time whatever `verify -j` says, so that its timings hold (an
/// expected TLE, POI's time-scaled points).
pub fn judge(
    problem: &Resolved,
    model: &Problem,
    path: &Path,
    runner: &Runner,
    cache: &Cache,
) -> Result<JudgedSubmission, String> {
    let command = [OsString::from(path)];
    let request = Request {
        runner,
        cache,
        command: &command,
        flags: LimitFlags::default(),
        only: &[],
        tests: None,
        jobs: 1,
    };
    let judgement = judging::judge_cases(problem, model, &request, &mut Quiet).map_err(|e| e.0)?;
    let runs = judging::scored_runs(&judgement.tests, &judgement.outcomes, &judgement.per_test);
    let card = judging::card(model, &runs).map_err(|e| e.to_string())?;
    Ok(JudgedSubmission { judgement, card })
}

impl JudgedSubmission {
    /// How it did, for its expectation: the submission named `id` in messages, its verdicts
    /// named as its format names them.
    pub fn outcome(&self, id: String, names: fn(Verdict) -> &'static str) -> Outcome<'_> {
        let judgement = &self.judgement;
        Outcome {
            id,
            tests: (judgement.tests.iter().zip(&judgement.outcomes))
                .map(|(test, judged)| JudgedTest {
                    name: test.name.clone(),
                    verdict: judged.verdict,
                    at_higher: None,
                    message: judged.message.clone(),
                })
                .collect(),
            overall: None,
            card: self.card.as_ref(),
            names,
        }
    }
}

/// Judging that tells nothing as it goes: `verify` reports each item once done.
struct Quiet;

impl judging::Progress for Quiet {
    fn note(&mut self, _: &str) {}

    fn start(&mut self, _: &[Test]) {}

    fn judged(&mut self, _: &Test, _: &Judged) {}
}
