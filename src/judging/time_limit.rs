//! The time limit of a problem whose model derives it from the accepted submissions
//! ([`TimeLimit::FromSubmissions`], a Kattis package's), as problemtools derives it: a fixed
//! one (`--time-limit`, else the package's), else the slowest accepted submission's CPU time ×
//! `ac_to_time_limit`, rounded up to the resolution ([`TimePolicy::limit_for`]). The
//! submissions that set it (`accepted/`'s, and in 2025-09 every one held to never time out)
//! run for it alone, one test at a time, under a cap of 300 s (problemtools' own), each
//! judged as `judge` judges a case ([`Runs`]); every submission is then judged under the
//! limit × `time_limit_to_tle` (its [`ChosenTimeLimit::high`]).

use std::path::Path;
use std::time::Duration;

use super::runs::{JudgedData, RunLimits, Runs};
use super::{CaseLimits, PreparedJudging, Toolbox};
use crate::formats::LimitFlags;
use crate::model::{Problem, TimeLimit};
use crate::package::config::TimePolicy;
use crate::run::Program;

/// How long accepted submissions may run when no limit is known yet (problemtools' cap).
pub const UNKNOWN_LIMIT_CAP: f64 = 300.0;

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
/// (and otherwise `limits`), as Kattis' rules judge it, each policed by `policy`. `all`: they run every test (a scoring
/// problem's accepted submissions must pass them all).
pub fn time_limit<'a>(
    data: &'a JudgedData<'a>,
    policy: &TimePolicy,
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
        let mut run = Runs::new(data, program, limits, UNKNOWN_LIMIT_CAP);
        run.outcome(UNKNOWN_LIMIT_CAP, all)?;
        // A judge error (a validator that hung, crashed, or cannot read a test) leaves a run
        // without a time worth deriving from: the derivation stops at the first.
        if let Some((test, judged)) = run.first_judge_error() {
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
    Ok((ChosenTimeLimit::derived(slowest, policy, None), runs))
}

/// The time limit of judging a program against `problem` (`judge`, `stress`) when its model
/// derives it from the submissions: derived from those the model says set it
/// ([`crate::model::Submission::sets_time_limit`]), built by `toolbox` as the problem's
/// submissions are and judged by `prepared` on the model's cases under the model's limits
/// (`flags`' memory limit over them, as the program will run); an error when the model gives
/// a fixed limit.
pub fn limit_for_judging(
    problem: &Problem,
    prepared: &PreparedJudging<'_>,
    toolbox: &Toolbox<'_>,
    flags: LimitFlags,
) -> Result<ChosenTimeLimit, String> {
    let TimeLimit::FromSubmissions {
        ac_to_time_limit,
        time_limit_to_tle,
        resolution,
    } = problem.limits.time
    else {
        return Err("the problem's time limit is not derived from its submissions".to_string());
    };
    let policy = TimePolicy {
        ac_to_time_limit,
        time_limit_to_tle,
        resolution,
        fixed: None,
    };
    let mut accepted = Vec::new();
    for submission in problem.submissions.iter().filter(|s| s.sets_time_limit) {
        let program = (toolbox.submission(&submission.program))
            .map_err(|e| format!("accepted submission {}: {e}", submission.id))?;
        accepted.push(program);
    }
    let data = JudgedData::new(problem, prepared, toolbox.runner)?;
    let case_limits = CaseLimits::new(
        problem,
        LimitFlags {
            time: None,
            ..flags
        },
        Path::new(""),
    );
    let limits =
        |case: &str, seconds: f64| case_limits.with_cpu(case, Duration::from_secs_f64(seconds));
    // A scored problem's accepted submissions must pass every test.
    let all = problem.scoring.is_some();
    let (limit, _) = time_limit(&data, &policy, &accepted, &limits, all)?;
    Ok(limit)
}
