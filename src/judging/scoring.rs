//! The score card of a program judged on a scored problem, from the model: the problem's
//! [`Scoring`](crate::model::Scoring) rules, each case's group as the model has it, and each
//! run's score as [`crate::archive::scoring::test_score`] reads it (the checker's fraction,
//! else all or nothing), added up by [`crate::score`], the one scoring core.

use crate::archive::scoring::{card as score_runs, test_score};
use crate::model::Problem;
use crate::score::ScoreCard;
use crate::verdict::Judged;

/// The card of the runs `runs`, each as `(case name, judgement)`; `None` for a pass-fail
/// problem. A run on a case the problem does not have counts for nothing.
pub fn card(problem: &Problem, runs: &[(&str, &Judged)]) -> Option<ScoreCard> {
    let scoring = problem.scoring.as_ref()?;
    let grouped: Vec<(&str, _)> = (runs.iter())
        .map(|&(name, judged)| {
            let group = (problem.judged_cases())
                .find(|case| case.name == name)
                .map_or("", |case| case.group.as_str());
            (group, test_score(judged))
        })
        .collect();
    Some(score_runs(&scoring.rules, &grouped))
}
