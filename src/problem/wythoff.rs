//! Problem `wythoff` (docs/games.md §4.9, POJ 1067 extended to 10^18): two heaps; a move
//! takes any positive number from one heap, or the same number from both; who cannot move
//! loses.
//!
//! Input: lines `a b` until end of file (bounds: `LINES`, `A`, `B` below). Output per line `1`
//! if the first player wins, else `0`.
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

use super::answer::{Outcomes, Winner};
use super::format::{Constraint, InputFormat, Int, Listing, Reader};
use super::shrink::smaller;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::game::brute::{wythoff_wins_brute, Solvers, TooLarge};
use crate::game::wythoff::{
    fibonacci_upto, is_p_position, largest_k_within, p_position, winning_moves,
};
use crate::gen::{Gen, ParamError, Params};

const LINES: Int = Int::new("lines", 1, 100_000, "the number of lines");
const A: Int = Int::new("a", 0, 10u64.pow(18), "the size of the first heap");
const B: Int = Int::new("b", 0, 10u64.pow(18), "the size of the second heap");

/// `1` when the first player wins, `0` when the second does, one per line.
const ONE_ZERO: Outcomes = Outcomes {
    first: "1",
    second: "0",
};

/// A case is one line `a b`.
pub struct Wythoff;

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

impl TypedProblem for Wythoff {
    type Header = ();
    type Case = (u64, u64);
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        InputFormat {
            listing: Listing::ToEnd(LINES),
            constraints: [LINES, A, B].map(Constraint::Int).to_vec(),
            unit: "line",
        }
    }

    fn words(&self) -> Outcomes {
        ONE_ZERO
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<(u64, u64), ParseError> {
        let a = r.int(&A)?;
        r.space()?;
        let b = r.int(&B)?;
        r.end_of_values()?;
        Ok((a, b))
    }

    fn write_case(&self, _: &(), (a, b): &(u64, u64), out: &mut String) {
        out.push_str(&format!("{a} {b}\n"));
    }

    fn solve(&self, _: &(), &(a, b): &(u64, u64)) -> Winner {
        Winner::from_mover_wins(!is_p_position(a, b))
    }

    fn brute(&self, _: &(), &(a, b): &(u64, u64), _: &mut Solvers) -> Result<Winner, TooLarge> {
        wythoff_wins_brute(a, b).map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &(), &(a, b): &(u64, u64), want: &Winner, got: &Winner) -> Ruling {
        let place = || format!(" (a = {a}, b = {b})");
        ONE_ZERO.unless_equal(want, got, place, || explain(a, b, *want))
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "p-near-max", "fibonacci"],
        )?;
        let default_lines = match mode {
            "max" => LINES.hi,
            "min" => 1,
            _ => gen.range(1, 100),
        };
        let count = params.int("lines", default_lines, LINES.lo, LINES.hi)? as usize;
        let default_max = if mode == "min" { 0 } else { A.hi };
        let max = params.int("max_value", default_max, A.lo, A.hi)?;
        let top_k = largest_k_within(max);
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
        Ok(Instance {
            header: (),
            cases: lines,
        })
    }

    fn shrink_case(&self, _: &(), &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        let mut out = same_place_on_a_smaller_diagonal(a, b);
        // Lowering both heaps by the same amount keeps the difference k; lowering one heap
        // changes it.
        let low = a.min(b);
        out.extend(
            smaller(low, 0)
                .into_iter()
                .map(|l| (a - (low - l), b - (low - l))),
        );
        out.extend(smaller(a, A.lo).into_iter().map(|x| (x, b)));
        out.extend(smaller(b, B.lo).into_iter().map(|y| (a, y)));
        out
    }

    fn weight(&self, _: &(u64, u64)) -> usize {
        2
    }

    /// Size: `a + b`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        let lowest = size.saturating_sub(B.hi);
        Box::new((lowest..=size.min(A.hi)).map(move |a| ((), (a, size - a))))
    }
}
