//! The test suite, one crate: each module tests one area through the library or the real
//! `stonejudge` binary on real programs (`tests/programs/`, `problems/*/solutions/`).

mod check_cli;
mod declared_games;
mod engine;
mod engine_cli;
mod engine_period;
mod evil;
mod export_kattis;
mod game_certify;
mod game_known;
mod game_limits;
mod game_wythoff;
mod gen_golden;
mod gen_helpers;
mod gen_problems;
mod judge_cli;
mod launch_server;
mod parser_fuzz;
mod problem_bounded_nim;
mod problem_kit;
mod problem_misere_nim;
mod problem_misere_subtraction;
mod problem_nim;
mod problem_octal;
mod problem_rows;
mod problem_stripes;
mod problem_subtraction;
mod problem_wythoff;
mod stress_cli;
mod testdata_archive;
mod testdata_cli;
mod testdata_strength;
mod validate_rejects;
mod verify_cli;
