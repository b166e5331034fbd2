//! A program judged on a problem of any format: what `judge` knows of a problem once it is
//! read into the model (`crate::model`, by `crate::readers`), whichever format it came from.
//!
//! Here each judged case's limits are resolved, once, from
//! [`crate::model::Limits`] ([`CaseLimits`]): the problem's time and memory, its group's and
//! its case's overrides, the program's language's, the command line's flags over all of
//! them, and a time limit still to be derived from the accepted submissions
//! ([`TimeLimit::FromSubmissions`](crate::model::TimeLimit::FromSubmissions), a Kattis
//! package's) once it is. The three paths of `judge` (ours, Kattis, sinol-make) take their
//! limits from here instead of each format's own rule. Every format is also scored here,
//! from the model's [`Scoring`](crate::model::Scoring) ([`card`]): our groups' points, a
//! Kattis package's test data groups and `score.txt`, sinol-make's subtask dependencies,
//! `icpc`'s one point and POI's time-scaled points. Running the cases is still each
//! format's (`crate::judge`, `crate::package::submissions`, `crate::sinol::judging`).

mod limits;
mod scoring;

pub use crate::score::ScoredRun;
pub use limits::{language_of, CaseLimits, LimitError};
pub use scoring::{card, ScoreError};
