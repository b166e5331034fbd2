//! Exploratory timing of the Grundy engines (temporary form).
use std::time::Instant;
use stonejudge::game::engine::{Engine, Grundy, Options};
use stonejudge::game::Ruleset;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--bench"))
        .collect();
    let rules: Ruleset = args[0].parse().unwrap();
    let len: usize = args[1].parse().unwrap();
    let engine: Engine = args[2].parse().unwrap();
    let threads: usize = args.get(3).map_or(1, |t| t.parse().unwrap());
    let mut g = Grundy::new(&rules, &Options { engine, threads });
    let start = Instant::now();
    let mut at = 1024;
    while at <= len {
        g.extend_to(at).unwrap();
        let s = g.stats();
        eprintln!(
            "{at:>9} {:>8.3}s {} rare={} recl={} pairs={:.3e} fb={:?} max={}",
            start.elapsed().as_secs_f64(),
            g.running(),
            s.rare_positions,
            s.reclassifications,
            s.split_pairs as f64,
            s.fallback_at,
            g.values().iter().max().unwrap()
        );
        at *= 2;
    }
}
