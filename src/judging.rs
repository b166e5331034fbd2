//! A program judged on a problem of any format: what `judge` knows of a problem once it is
//! read into the model (`crate::model`, by `crate::readers`), whichever format it came from.
//!
//! One path ([`judge_cases`]): the model's checker, interactor and passes made runnable once
//! ([`PreparedJudging`], its programs built by a [`Toolbox`] as validation builds its
//! validators), each judged case's limits resolved once from [`crate::model::ProblemLimits`]
//! ([`CaseLimits`]: the problem's time and memory, its group's and its case's overrides, the
//! program's language's, the command line's flags over all of them, and a time limit still to
//! be derived from the accepted submissions,
//! [`TimeLimit::FromSubmissions`](crate::model::TimeLimit::FromSubmissions), once it is), and
//! the cases judged on the judging path (`crate::judge`). `stress` judges each case it makes
//! through the same [`PreparedJudging`]. Every format is also scored here, from the model's
//! [`Scoring`](crate::model::Scoring) ([`card`]): our groups' points, a Kattis package's
//! test data groups and `score.txt`, sinol-make's subtask dependencies, `icpc`'s one point
//! and POI's time-scaled points.
//!
//! The formats' folders (`crate::sinol`, `crate::package`) are read without running anything;
//! what runs their programs as the format runs them is here: a sinol-make package's programs
//! built as sinol-make builds them ([`build`], from the model's facts), its checker, interactor and inwer as they
//! speak ([`run_inwer`], and the judge the prepared judging makes of them), its tests made as
//! `sinol-make gen` makes them ([`MadeTests`]); a Kattis package's programs built with its
//! `include/` and constants (the same [`build`]), its `generators.yaml` run as `bt generate`
//! runs it ([`kattis_generators`]), and a legacy or 2023-07 scoring package graded by its
//! graders ([`kattis_grading`]). The protocols of a Kattis package's
//! validators and passes need nothing of the package and are the judge's
//! (`crate::judge::kattis_validators`, `crate::judge::multipass`).
//!
//! A Kattis package's submissions are judged over the same model ([`Runs`]): each run by the
//! [`PreparedJudging`] `judge` uses, the runs of all submissions in one [`pool`], the time
//! limit derived from the accepted ones ([`time_limit`]).

mod build;
mod cases;
pub mod kattis_generators;
pub mod kattis_grading;
mod limits;
mod made;
pub mod planned;
mod pool;
mod prepared;
mod runs;
mod scoring;
mod sinol_made;
mod sinol_protocol;
mod time_limit;
mod toolbox;

pub use crate::score::ScoredRun;
pub use build::{build, Role};
pub use cases::{
    derived_time_limit, judge_cases, toolbox, JudgeError, Judgement, Progress, Request,
};
pub use limits::{language_of, CaseLimits, LimitError};
pub use made::{with_tests_made, Made, WithTests};
pub use pool::{pool, Beside, Early, Plan, Settled};
pub use prepared::{CaseJudging, PreparedJudging, TestJudging};
pub use runs::{JudgedData, RunLimits, Runs, VerdictAtLimit};
pub use scoring::{card, scored_runs, test_fractions, ScoreError};
pub use sinol_made::MadeTests;
pub use sinol_protocol::run_inwer;
pub use time_limit::{time_limit, ChosenTimeLimit, UNKNOWN_LIMIT_CAP};
pub use toolbox::{build_ahead, building_for, python3_here, validation_limits, Toolbox, Unready};
