//! Stripes (POI 2000): a board is a heap of the octal game with digit 7 at each stripe
//! length. G(p) = mex over placements of G(left) xor G(right); the first player wins iff
//! G(p) != 0. Values pass 255 for some triples, so they are kept in u32.
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let numbers: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("a number"))
        .collect();
    let lengths = &numbers[..3];
    let boards = &numbers[4..4 + numbers[3]];
    let largest = boards.iter().copied().max().unwrap_or(0);
    let mut g = vec![0u32; largest + 1];
    let mut seen: Vec<usize> = Vec::new();
    for n in 1..=largest {
        for &len in lengths.iter().filter(|&&l| l <= n) {
            let rest = n - len;
            for a in 0..=rest / 2 {
                let v = (g[a] ^ g[rest - a]) as usize;
                if v >= seen.len() {
                    seen.resize(2 * v + 1, 0);
                }
                seen[v] = n;
            }
        }
        g[n] = (0..).find(|&v| seen.get(v) != Some(&n)).unwrap_or(0) as u32;
    }
    let mut out = String::new();
    for &p in boards {
        out.push_str(if g[p] != 0 { "1\n" } else { "2\n" });
    }
    io::stdout().write_all(out.as_bytes()).expect("write stdout");
}
