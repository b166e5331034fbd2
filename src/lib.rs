//! stonejudge: reference solvers, brute-force solvers, seeded generators, strict validators,
//! checkers and a judge for impartial stone-taking games (POI 2000 "Stripes" and variants).
//!
//! The pipeline (docs/design.md §1): seed + params → generator → input bytes → validator →
//! instance → reference → answer; a contestant's output goes to the checker with the
//! instance and the answer, and comes out as a verdict with an explanation. An interactive
//! problem's program plays against a judge instead (`dialog`, `run`'s two-way runs).

pub mod archive;
pub mod catalog;
pub mod check;
pub mod declared;
pub mod dialog;
pub mod formats;
pub mod game;
pub mod gen;
pub mod interrupt;
pub mod judge;
pub mod judging;
pub mod model;
pub mod package;
pub mod parallel;
pub mod polygon;
pub mod problem;
pub mod programs;
pub mod progress;
pub mod readers;
pub mod report;
pub mod run;
pub mod score;
pub mod sinol;
pub mod stress;
pub mod text;
pub mod verdict;
pub mod verify;
pub mod within;
