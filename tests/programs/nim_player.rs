//! A perfect nim-play player in Rust: moves first iff the heaps xor to non-zero, and on its
//! turn leaves them xoring to 0.
use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    let mut next = || -> Vec<u64> {
        let line = lines.next().and_then(Result::ok).unwrap_or_default();
        line.split_whitespace().filter_map(|t| t.parse().ok()).collect()
    };
    let games = next()[0];
    for _ in 0..games {
        let mut heaps = next()[1..].to_vec();
        let mut mine = heaps.iter().fold(0, |a, h| a ^ h) != 0;
        writeln!(out, "{}", if mine { 1 } else { 2 }).ok();
        out.flush().ok();
        loop {
            if mine {
                let x = heaps.iter().fold(0, |a, h| a ^ h);
                let Some(i) = heaps.iter().position(|&h| h ^ x < h) else {
                    writeln!(out, "0 0").ok();
                    out.flush().ok();
                    break;
                };
                let take = heaps[i] - (heaps[i] ^ x);
                heaps[i] -= take;
                writeln!(out, "{} {take}", i + 1).ok();
                out.flush().ok();
            } else {
                let mv = next();
                if mv[0] == 0 {
                    break;
                }
                heaps[mv[0] as usize - 1] -= mv[1];
            }
            mine = !mine;
        }
    }
}
