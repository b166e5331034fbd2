//! Problem `rows` (docs/games.md §4.7, game C of seeds 000/002): rows of stones; a move
//! removes two adjacent stones from one row, which may split it in two; who cannot move loses.
//! A row is a heap of Dawson's Kayles (octal 0.07), so a case is won iff the xor of the rows'
//! Grundy values is non-zero.
//!
//! Input: `T`; each case `n` / n row lengths `len` (bounds: `T`, `N`, `TOTAL_N`, `LEN` below).
//! Output per case `first` or `second`.
//!
//! Lengths up to 10^18 are answered only through the period of 0.07 that the Guy-Smith
//! theorem proves from a computed table (see [`crate::game::period`]); nothing is
//! extrapolated.
//!
//! # Generator parameters
//! - `mode` (default `random`):
//!   - `random`: lengths a third each small (<= 100), medium (<= 10^6) and up to `max_len`;
//!     in every mode but `min`, half of the cases have their last row adjusted (moved down
//!     by less than 120) so that the second player wins;
//!   - `max`: 10^4 cases, total n = 10^6 (the first cases take 10^5 rows while the total
//!     allows, every other case one row), lengths within 10^6 of `max_len` or above 2^32,
//!     one row exactly `max_len` and one of length 1;
//!   - `min`: one case, one row of length 1;
//!   - `huge`: every length above 2^32, half within 10^6 of `max_len` (32-bit lengths, tables
//!     that stop at a small bound);
//!   - `small`: lengths <= 100.
//! - `t` (1..=10^4): number of cases; default 1..=10 at random, or as the mode says.
//! - `n` (1..=10^5): rows in every case; default 1..=10 at random per case, or as the mode
//!   says. `t * n` must stay within the total of 10^6.
//! - `max_len` (1..=10^18, above 2^33 for `huge`): longest row; default 10^18 (1 in `min`).

use std::sync::OnceLock;

use super::answer::{first_few, Winner, FIRST_SECOND};
use super::enumerate::counted_lists;
use super::format::{push_counted, Constraint, InputFormat, Int, Listing, Reader, Total};
use super::shrink::{shrink_list, smaller};
use super::size::Size;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::game::brute::{Play, Solvers, TooLarge};
use crate::game::period::Periodic;
use crate::game::{engine, OctalCode, Ruleset};
use crate::gen::{Gen, ParamError, Params};

const T: Int = Int::new("T", 1, 10_000, "the number of games");
const N: Int = Int::new("n", 1, 100_000, "the number of rows of a game");
const TOTAL_N: Total = Total::new("total n", "n", 1, 10u64.pow(6), "n summed over all games");
const LEN: Int = Int::new("len", 1, 10u64.pow(18), "the length of a row");

/// A case is the row lengths of one game.
pub struct Rows;

/// The game of one row: Dawson's Kayles, octal 0.07 (remove 2 stones: all of a row of 2, or
/// from the end, or from the middle splitting the row).
fn dawson_rules() -> Ruleset {
    Ruleset::Octal(OctalCode::from_digits([(2, 7)]))
}

/// Grundy values of Dawson's Kayles for every length, through its proven period, computed
/// once.
fn dawson() -> &'static Periodic {
    static DAWSON: OnceLock<Periodic> = OnceLock::new();
    DAWSON.get_or_init(|| {
        // 0.07 has preperiod 53 and period 34, proven from 2*53 + 2*34 + 2 values; the engine
        // stops at the proof, so no constant is trusted here.
        let (values, period) = engine::proven(&dawson_rules(), 1 << 16)
            .expect("the Guy-Smith theorem proves the period of 0.07 within 2^16 values");
        Periodic { values, period }
    })
}

/// A winning move in the row `len`, whose value must become `target`: the number of stones
/// left of the two removed, or `None`. Removing stones `a+1, a+2` leaves rows `a` and
/// `len-2-a`; only `a < preperiod + period` need be tried, since once both pieces are past the
/// preperiod their values repeat with `a`'s residue.
fn move_to(len: u64, target: u32) -> Option<u64> {
    let (dawson, rest) = (dawson(), len.checked_sub(2)?);
    let last = (rest / 2).min(dawson.period.preperiod + dawson.period.period);
    (0..=last).find(|&a| dawson.value(a) ^ dawson.value(rest - a) == target)
}

/// Why the reference's winner is right, in the game's terms.
fn explain(rows: &[u64], winner: Winner) -> String {
    let dawson = dawson();
    let total = dawson.sum_value(rows);
    if winner == Winner::Second || total == 0 {
        return format!(
            "the rows' Grundy values (Dawson's Kayles, octal 0.07) are {} and xor to 0, so \
             every move leaves a position that the player to move wins",
            first_few(rows.iter().map(|&len| dawson.value(len)))
        );
    }
    for (i, &len) in rows.iter().enumerate() {
        let g = dawson.value(len);
        if g ^ total >= g {
            continue;
        }
        if let Some(a) = move_to(len, g ^ total) {
            let pieces: Vec<String> = [a, len - 2 - a]
                .into_iter()
                .filter(|&p| p > 0)
                .map(|p| p.to_string())
                .collect();
            let leaving = match pieces.as_slice() {
                [] => "leaving nothing of it".to_string(),
                [one] => format!("leaving a row of {one}"),
                _ => format!("leaving rows {} and {}", pieces[0], pieces[1]),
            };
            return format!(
                "the first player wins by taking stones {}-{} of row {} (length {len}), \
                 {leaving}; the Grundy values (Dawson's Kayles) then xor to 0",
                a + 1,
                a + 2,
                i + 1
            );
        }
    }
    "the reference found no winning move (judge error)".to_string()
}

impl TypedProblem for Rows {
    type Header = ();
    type Case = Vec<u64>;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        let [t, n, len] = [T, N, LEN].map(Constraint::Int);
        InputFormat {
            listing: Listing::Counted(T),
            constraints: vec![t, n, Constraint::Total(TOTAL_N), len],
            unit: "case",
        }
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<Vec<u64>, ParseError> {
        r.count_then_ints(&N, &LEN)
    }

    fn write_case(&self, _: &(), rows: &Vec<u64>, out: &mut String) {
        push_counted(out, rows);
    }

    fn solve(&self, _: &(), rows: &Vec<u64>) -> Winner {
        Winner::from_mover_wins(dawson().sum_value(rows) != 0)
    }

    fn brute(&self, _: &(), rows: &Vec<u64>, memo: &mut Solvers) -> Result<Winner, TooLarge> {
        let solver = memo.get(&dawson_rules(), Play::Normal);
        solver.wins(rows).map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &(), rows: &Vec<u64>, want: &Winner, got: &Winner) -> Ruling {
        let why = || explain(rows, *want);
        FIRST_SECOND.unless_equal(want, got, String::new, why)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice("mode", "random", &["random", "max", "min", "huge", "small"])?;
        let (default_t, default_n, default_len) = match mode {
            "max" => (T.hi, None, LEN.hi),
            "min" => (1, Some(1), 1),
            _ => (gen.range(1, 10), None, LEN.hi),
        };
        let t = params.int("t", default_t, T.lo, T.hi)?;
        let fill_total = mode == "max" && params.raw("n").is_none();
        let n = Size::param(params, "n", default_n, &N)?;
        let lowest_len = if mode == "huge" { 1 << 33 } else { LEN.lo };
        let max_len = params.int("max_len", default_len, lowest_len, LEN.hi)?;
        let sizes = if fill_total {
            rows_filling_the_total(t)
        } else {
            n.check_total("n", t, &TOTAL_N)?;
            (0..t).map(|_| n.draw(gen)).collect()
        };
        let mut cases: Vec<Vec<u64>> = sizes
            .into_iter()
            .map(|n| {
                let mut rows: Vec<u64> =
                    (0..n).map(|_| random_length(gen, mode, max_len)).collect();
                if mode != "min" && gen.chance(1, 2) {
                    make_losing(&mut rows);
                }
                rows
            })
            .collect();
        if mode == "max" {
            // The longest row allowed, exactly, and the shortest.
            cases[0][0] = max_len;
            if let Some(rows) = cases.last_mut() {
                rows[0] = 1;
            }
        }
        Ok(Instance { header: (), cases })
    }

    fn shrink_case(&self, _: &(), rows: &Vec<u64>) -> Vec<Vec<u64>> {
        let dawson = dawson();
        shrink_list(
            rows,
            1,
            |_| 1,
            |&len| {
                // First the shortest row of the same Grundy value: the case keeps its answer.
                let same = dawson.smallest_like(len, LEN.lo);
                let lower = smaller(len, LEN.lo)
                    .into_iter()
                    .filter(|&l| Some(l) != same);
                same.into_iter().chain(lower).collect()
            },
        )
    }

    fn weight(&self, rows: &Vec<u64>) -> usize {
        rows.len()
    }

    /// Size: `n + len_1 + … + len_n`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        Box::new(counted_lists(N, LEN, size).map(|rows| ((), rows)))
    }
}

/// Rows per case for `t` cases filling the total of 10^6: every case has at least one row,
/// and the cases that come first take 10^5 while the total allows.
fn rows_filling_the_total(t: u64) -> Vec<u64> {
    let mut left = TOTAL_N.hi - t.min(TOTAL_N.hi);
    (0..t)
        .map(|_| {
            let extra = left.min(N.hi - 1);
            left -= extra;
            1 + extra
        })
        .collect()
}

/// Moves the last row down to the nearest length (at least 1) whose Grundy value makes the
/// xor 0, when some length within one preperiod plus period below it has that value, so that
/// about half of the generated cases are second-player wins: a wrong value then shows.
fn make_losing(rows: &mut [u64]) {
    let dawson = dawson();
    let Some((last, rest)) = rows.split_last_mut() else {
        return;
    };
    let target = dawson.sum_value(rest);
    let span = dawson.period.preperiod + 2 * dawson.period.period;
    let lowest = last.saturating_sub(span).max(1);
    if let Some(len) = (lowest..=*last)
        .rev()
        .find(|&len| dawson.value(len) == target)
    {
        *last = len;
    }
}

/// One row length as `mode` wants it.
fn random_length(gen: &mut Gen, mode: &str, max_len: u64) -> u64 {
    match mode {
        "min" => max_len,
        "small" => gen.range(1, max_len.min(100)),
        "max" | "huge" if gen.chance(1, 2) => max_len - gen.range(0, max_len.min(1_000_000) - 1),
        "max" | "huge" => gen.range(max_len.min((1 << 32) + 1), max_len),
        _ => match gen.below(3) {
            0 => gen.range(1, max_len.min(100)),
            1 => gen.range(1, max_len.min(1_000_000)),
            _ => gen.range(1, max_len),
        },
    }
}
