//! How long the brute-force solver takes at its size bound, and exact Wythoff throughput.
//! Run: `cargo bench --bench game_brute`. Prints one line per measurement.

use std::hint::black_box;
use std::time::Instant;

use stonejudge::game::brute::{BruteSolver, Play, MAX_BRUTE_STONES};
use stonejudge::game::wythoff;
use stonejudge::gen::Gen;

fn main() {
    for name in ["nim", "octal:0.07", "octal:0.77", "stripes:1,2,3"] {
        let rules = name.parse().expect("benchmark ruleset");
        for stones in [30, 40, MAX_BRUTE_STONES] {
            let start = Instant::now();
            let mut brute = BruteSolver::new(&rules, Play::Normal);
            let wins = brute.wins(&[stones]).expect("within the bound");
            println!(
                "brute {name:<14} one heap of {stones:>2}: {:>9.3} ms (first wins: {wins})",
                start.elapsed().as_secs_f64() * 1e3
            );
        }
    }
    let mut gen = Gen::new(1);
    let queries: Vec<(u64, u64)> = (0..100_000)
        .map(|_| {
            let k = gen.range(0, 1_000_000_000_000_000_000);
            let (a, b) = wythoff::p_position(k).expect("fits in u64");
            (a, b + gen.below(2))
        })
        .collect();
    let start = Instant::now();
    let p_count = queries
        .iter()
        .filter(|&&(a, b)| black_box(wythoff::is_p_position(a, b)))
        .count();
    println!(
        "wythoff is_p_position, 100000 queries near 10^18: {:.3} ms ({p_count} P-positions)",
        start.elapsed().as_secs_f64() * 1e3
    );
}
