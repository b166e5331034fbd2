//! Problem `wythoff` (docs/games.md §4.9, POJ 1067 extended to 10^18): two heaps; a move
//! takes any positive number from one heap, or the same number from both; who cannot move
//! loses.
//!
//! Input: lines `a b` until end of file (0 <= a, b <= 10^18, 1 to 10^5 lines). Output per
//! line `1` if the first player wins, else `0`.
//!
//! Exact integers only ([`crate::game::wythoff`]): the P-positions
//! `(floor(k phi), floor(k phi) + k)` come from `isqrt(5 k^2)` in `u128`; floating point is
//! wrong well inside this range.
//!
//! # Generator parameters
//! - `mode` (default `random`):
//!   - `random`: a mix of P-positions (any k, or k <= 1000), their neighbours, and random
//!     pairs up to `max_value`;
//!   - `max`: 10^5 lines: `(0, 0)`, `(max, max)`, `(0, max)`, `(max, 0)`, then the P-positions
//!     with the largest k that fit and their neighbours;
//!   - `min`: the single line `0 0`;
//!   - `p-near-max`: P-positions with the largest k that fit, and their neighbours (each heap
//!     +-1), in both orders (f64 and 80-bit floats misplace them);
//!   - `fibonacci`: P-positions whose difference k is a Fibonacci number or next to one (then
//!     k * phi is nearest an integer, where floating point rounds the wrong way), with
//!     neighbours.
//! - `lines` (1..=10^5): number of lines; default 1..=100 at random, or as the mode says.
//! - `max_value` (0..=10^18): largest heap; default 10^18 (0 in `min`).

use super::common::{first_mismatch, reach, shrink_list, smaller, Outcomes, Winner};
use super::{ParseError, Problem, Reach, StrictReader};
use crate::game::brute::{wythoff_wins_brute, TooLarge};
use crate::game::wythoff::{is_p_position, p_position, winning_moves};
use crate::gen::{Gen, ParamError, Params};
use crate::text::{Malformed, TokenReader};

const MAX_LINES: usize = 100_000;
const MAX_VALUE: u64 = 1_000_000_000_000_000_000;

/// `1` when the first player wins, `0` when the second does, one per line.
const ONE_ZERO: Outcomes = Outcomes {
    first: "1",
    second: "0",
};

pub struct Wythoff;

/// The largest `k` whose P-position `(a_k, a_k + k)` has both heaps at most `max`.
fn largest_k(max: u64) -> u64 {
    let fits = |k: u64| p_position(k).is_some_and(|(_, b)| b <= max);
    // b_k >= 2k, so k <= max / 2; binary search the monotone predicate.
    let (mut lo, mut hi) = (0, max / 2);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// The P-position `k` and the positions next to it (each heap +-1), in a random order of heaps,
/// keeping those within `0..=max`.
fn with_neighbours(gen: &mut Gen, k: u64, max: u64, out: &mut Vec<(u64, u64)>) {
    let Some((a, b)) = p_position(k) else { return };
    let near = [
        (a, b),
        (a.wrapping_sub(1), b),
        (a + 1, b),
        (a, b.wrapping_sub(1)),
        (a, b + 1),
        (a + 1, b + 1),
    ];
    for (x, y) in near {
        if x <= max && y <= max {
            out.push(if gen.chance(1, 2) { (x, y) } else { (y, x) });
        }
    }
}

/// Shrink candidates that keep where `(a, b)` lies relative to the P-position of its
/// diagonal: with `k = |a - b|` and `(a_k, a_k + k)` that P-position, the pair is the
/// P-position moved by `d = min(a, b) - a_k` along the diagonal. The same `d` on a diagonal
/// `k' < k` (same heap order) keeps a P-position a P-position and a neighbour a neighbour,
/// which plain lowering of the numbers cannot do.
fn same_place_on_a_smaller_diagonal(a: u64, b: u64) -> Vec<(u64, u64)> {
    let (low, k) = (a.min(b), a.abs_diff(b));
    let Some((a_k, _)) = p_position(k) else {
        return Vec::new();
    };
    let d = i128::from(low) - i128::from(a_k);
    smaller(k, 0)
        .into_iter()
        .filter_map(|k2| {
            let (x, y) = p_position(k2)?;
            let x = u64::try_from(i128::from(x) + d).ok()?;
            let y = u64::try_from(i128::from(y) + d).ok()?;
            Some(if a <= b { (x, y) } else { (y, x) })
        })
        .collect()
}

/// Fibonacci numbers up to `max`, from 1.
fn fibonacci_upto(max: u64) -> Vec<u64> {
    let mut out = vec![1];
    let (mut x, mut y) = (1u64, 2u64);
    while y <= max {
        out.push(y);
        (x, y) = (y, x + y);
    }
    out
}

/// Why `winner` is right for `(a, b)`.
fn explain(a: u64, b: u64, winner: Winner) -> String {
    match (winner, winning_moves(a, b).first()) {
        (Winner::First, Some(&(x, y))) => format!(
            "the first player wins by moving to ({x}, {y}), a P-position (a_k, a_k + k) with \
             k = {}",
            x.abs_diff(y)
        ),
        (Winner::First, None) => "the reference found no winning move (judge error)".to_string(),
        (Winner::Second, _) => format!(
            "({a}, {b}) is the P-position (a_k, a_k + k) with k = {} and a_k = floor(k phi) = {}: \
             every move leaves a position that the player to move wins",
            a.abs_diff(b),
            a.min(b)
        ),
    }
}

impl Problem for Wythoff {
    type Instance = Vec<(u64, u64)>;
    type Answer = Vec<Winner>;
    const NAME: &'static str = "wythoff";
    const TITLE: &'static str = "Wythoff's game on two heaps up to 10^18";

    fn parse_input(input: &[u8]) -> Result<Vec<(u64, u64)>, ParseError> {
        let mut reader = StrictReader::new(input);
        let mut lines = Vec::new();
        loop {
            if lines.len() == MAX_LINES {
                return Err(reader.error(format!("more than {MAX_LINES} lines")));
            }
            let a = reader.int("a", 0, MAX_VALUE)?;
            reader.space()?;
            let b = reader.int("b", 0, MAX_VALUE)?;
            reader.end_of_values()?;
            lines.push((a, b));
            if reader.at_eof() {
                return Ok(lines);
            }
        }
    }

    fn write_input(lines: &Vec<(u64, u64)>) -> String {
        lines.iter().map(|(a, b)| format!("{a} {b}\n")).collect()
    }

    fn solve(lines: &Vec<(u64, u64)>) -> Vec<Winner> {
        lines
            .iter()
            .map(|&(a, b)| Winner::from_mover_wins(!is_p_position(a, b)))
            .collect()
    }

    fn brute(lines: &Vec<(u64, u64)>) -> Result<Vec<Winner>, TooLarge> {
        lines
            .iter()
            .map(|&(a, b)| wythoff_wins_brute(a, b).map(Winner::from_mover_wins))
            .collect()
    }

    fn write_answer(_lines: &Vec<(u64, u64)>, answer: &Vec<Winner>) -> String {
        ONE_ZERO.write(answer)
    }

    fn read_answer(
        lines: &Vec<(u64, u64)>,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Vec<Winner>, Malformed> {
        ONE_ZERO.read(tokens, lines.len(), "line")
    }

    fn compare(
        lines: &Vec<(u64, u64)>,
        reference: &Vec<Winner>,
        got: &Vec<Winner>,
    ) -> Result<(), String> {
        let Some(i) = first_mismatch(reference, got) else {
            return Ok(());
        };
        let (a, b) = lines[i];
        Err(format!(
            "line {} (a = {a}, b = {b}): {} - {}",
            i + 1,
            ONE_ZERO.mismatch(reference[i], got[i]),
            explain(a, b, reference[i])
        ))
    }

    fn generate(gen: &mut Gen, params: &Params) -> Result<Vec<(u64, u64)>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "p-near-max", "fibonacci"],
        )?;
        let default_lines = match mode {
            "max" => MAX_LINES as u64,
            "min" => 1,
            _ => gen.range(1, 100),
        };
        let count = params.int("lines", default_lines, 1, MAX_LINES as u64)? as usize;
        let default_max = if mode == "min" { 0 } else { MAX_VALUE };
        let max = params.int("max_value", default_max, 0, MAX_VALUE)?;
        let top_k = largest_k(max);
        let fibonacci = fibonacci_upto(top_k);
        let mut lines = Vec::with_capacity(count + 8);
        match mode {
            "max" => lines.extend([(max, max), (0, max), (max, 0), (0, 0)]),
            "min" => lines.push((0, 0)),
            _ => {}
        }
        while lines.len() < count {
            let k = match mode {
                "max" | "min" | "p-near-max" => top_k - gen.range(0, top_k.min(1_000_000)),
                "fibonacci" => {
                    let f = *gen.choose(&fibonacci);
                    (f + gen.range(0, 2)).saturating_sub(1).min(top_k)
                }
                _ => match gen.below(3) {
                    0 => gen.range(0, top_k),
                    1 => gen.range(0, top_k.min(1000)),
                    _ => {
                        let (x, y) = (gen.range(0, max), gen.range(0, max));
                        lines.push((x, y));
                        continue;
                    }
                },
            };
            with_neighbours(gen, k, max, &mut lines);
        }
        lines.truncate(count);
        Ok(lines)
    }

    fn shrink(lines: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
        shrink_list(
            lines,
            1,
            |_| 2,
            |&(a, b)| {
                let mut out = same_place_on_a_smaller_diagonal(a, b);
                // Lowering both heaps by the same amount keeps the difference k; lowering one
                // heap changes it.
                let low = a.min(b);
                out.extend(
                    smaller(low, 0)
                        .into_iter()
                        .map(|l| (a - (low - l), b - (low - l))),
                );
                out.extend(smaller(a, 0).into_iter().map(|x| (x, b)));
                out.extend(smaller(b, 0).into_iter().map(|y| (a, y)));
                out
            },
        )
    }

    fn reach(lines: &Vec<(u64, u64)>) -> Vec<Reach> {
        vec![
            reach("lines", (1, MAX_LINES as u64), [lines.len() as u64]),
            reach("a", (0, MAX_VALUE), lines.iter().map(|&(a, _)| a)),
            reach("b", (0, MAX_VALUE), lines.iter().map(|&(_, b)| b)),
        ]
    }

    /// Size: `a + b` (one line).
    fn enumerate(size: u64) -> Vec<Vec<(u64, u64)>> {
        (0..=size).map(|a| vec![(a, size - a)]).collect()
    }
}
