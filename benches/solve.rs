//! The reference solvers at full constraints: for every problem of the catalog, the input of
//! `gen <problem> --seed 1 --param mode=max`, timed through `DynProblem::solve` (parse and
//! solve, as `stonejudge solve` does), best of 5 runs.
//! Run: `cargo bench --bench solve [PROBLEM]...` (no names: every problem).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use stonejudge::catalog::{DynProblem, CATALOG};
use stonejudge::gen::Params;

const RUNS: usize = 5;

fn main() {
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    println!("| problem | input (mode=max, seed 1) | parse + solve, best of {RUNS} |");
    println!("|---|---|---|");
    for problem in CATALOG {
        if !wanted.is_empty() && !wanted.iter().any(|w| w == problem.name()) {
            continue;
        }
        // A problem still being written (a placeholder) panics: report it and go on.
        match catch_unwind(AssertUnwindSafe(|| measure(*problem))) {
            Ok(Ok((bytes, best))) => println!(
                "| {} | {} | {:.1} ms |",
                problem.name(),
                size(bytes),
                best.as_secs_f64() * 1e3
            ),
            Ok(Err(why)) => println!("| {} | {why} | - |", problem.name()),
            Err(_) => println!("| {} | not implemented | - |", problem.name()),
        }
    }
}

/// The input size and the best time of [`RUNS`] runs.
fn measure(problem: &dyn DynProblem) -> Result<(usize, Duration), String> {
    let params = Params::from_pairs(&[("mode", "max")]);
    let input = problem.generate(1, &params).map_err(|e| e.to_string())?;
    let mut best = Duration::MAX;
    for _ in 0..RUNS {
        let start = Instant::now();
        let answer = problem.solve(input.as_bytes()).map_err(|e| e.to_string())?;
        best = best.min(start.elapsed());
        std::hint::black_box(answer);
    }
    Ok((input.len(), best))
}

fn size(bytes: usize) -> String {
    if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{:.1} kB", bytes as f64 / 1e3)
    }
}
