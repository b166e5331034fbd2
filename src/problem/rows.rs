//! Problem `rows` (GAMES.md §4.7, game C of seeds 000/002): rows of stones; a move removes two
//! adjacent stones from one row, which may split it in two; who cannot move loses. A row is a
//! heap of Dawson's Kayles (octal 0.07), so a case is won iff the xor of the rows' Grundy
//! values is non-zero.
//!
//! Input: `T` (1 ≤ T ≤ 10^4); each case `n` (1 ≤ n ≤ 10^5) / n row lengths
//! (1 ≤ len ≤ 10^18); total n ≤ 10^6. Output per case `first` or `second`.
//!
//! Lengths up to 10^18 are answered only through the period of 0.07 that the Guy–Smith
//! theorem proves from a computed table (see [`crate::game::period`]); nothing is
//! extrapolated.
//!
//! # Generator parameters
//! - `mode`: `random` (default) — lengths a third each small (≤ 100), medium (≤ 10^6) and up
//!   to `max-len`; `max` — T = 10^4, total n = 10^6 (nine cases of 10^5 rows), lengths near
//!   `max-len`; `min` — one case, one row of length 1 (reads no other parameter); `huge` —
//!   every length in (2^32, `max-len`], many within 10^6 of it (catches 32-bit lengths and
//!   tables that stop at a small bound); `small` — lengths ≤ 100 only.
//! - `max-t` (1..=10^4, default 10): number of cases (`random`, `huge`, `small`).
//! - `max-n` (1..=10^5, default 10): rows per case (`random`, `huge`, `small`).
//! - `max-len` (1..=10^18, default 10^18): longest row (`huge` needs more than 2^32).

use std::sync::OnceLock;

use super::helpers::{fewer, lower_values, min_max, FINE, SMALL};
use super::winner::{Winner, FIRST_SECOND};
use super::{ParseError, Problem, Reach, StrictReader};
use crate::check::{Malformed, TokenReader};
use crate::game::brute::{BruteSolver, Play, TooLarge};
use crate::game::grundy::plain_table;
use crate::game::{proven_period, OctalCode, Period, Ruleset};
use crate::gen::{Gen, ParamError, Params};

const MAX_T: u64 = 10_000;
const MAX_N: u64 = 100_000;
const MAX_TOTAL_N: u64 = 1_000_000;
const MAX_LEN: u64 = 1_000_000_000_000_000_000;

pub struct Rows;

/// The game of one row: Dawson's Kayles, octal 0.07 (remove 2 stones: all of a row of 2, or
/// from the end, or from the middle splitting the row).
fn dawson_rules() -> Ruleset {
    Ruleset::Octal(OctalCode::from_digits([(2, 7)]))
}

/// Grundy values of Dawson's Kayles with their proven period, computed once.
struct Dawson {
    /// `G(0..)`, at least one preperiod plus one period long.
    values: Vec<u32>,
    period: Period,
}

impl Dawson {
    fn get() -> &'static Dawson {
        static DAWSON: OnceLock<Dawson> = OnceLock::new();
        DAWSON.get_or_init(|| {
            // 0.07 has preperiod 52 and period 34, proven from 2·52 + 2·34 + 2 values; the
            // table doubles until the theorem applies, so no constant is trusted here.
            let rules = dawson_rules();
            let mut upto = 64;
            loop {
                let values = plain_table(&rules, upto);
                if let Some(period) = proven_period(&values, 2) {
                    return Dawson { values, period };
                }
                upto *= 2;
            }
        })
    }

    /// `G(len)` for any length.
    fn value(&self, len: u64) -> u32 {
        self.values[self.period.reduce(len) as usize]
    }

    /// A winning move in the row `len`, whose value must become `target`: the number of
    /// stones left of the two removed, or `None`. Removing stones `a+1, a+2` leaves rows `a`
    /// and `len-2-a`; only `a < preperiod + period` need be tried, since once both pieces are
    /// past the preperiod their values repeat with `a`'s residue.
    fn move_to(&self, len: u64, target: u32) -> Option<u64> {
        let rest = len.checked_sub(2)?;
        let last = (rest / 2).min(self.period.preperiod + self.period.period);
        (0..=last).find(|&a| self.value(a) ^ self.value(rest - a) == target)
    }
}

/// The xor of the rows' Grundy values.
fn total_value(rows: &[u64]) -> u32 {
    let dawson = Dawson::get();
    rows.iter().fold(0, |acc, &len| acc ^ dawson.value(len))
}

/// Why the reference's winner is right, in the game's terms.
fn explain(rows: &[u64], winner: Winner) -> String {
    let dawson = Dawson::get();
    let total = total_value(rows);
    if winner == Winner::Second || total == 0 {
        let mut shown: Vec<String> = rows
            .iter()
            .take(8)
            .map(|&len| dawson.value(len).to_string())
            .collect();
        if rows.len() > shown.len() {
            shown.push("…".to_string());
        }
        return format!(
            "the rows' Grundy values (Dawson's Kayles, octal 0.07) are {} and xor to 0, so \
             every move leaves a position that the player to move wins",
            shown.join(", ")
        );
    }
    for (i, &len) in rows.iter().enumerate() {
        let g = dawson.value(len);
        if g ^ total >= g {
            continue;
        }
        if let Some(a) = dawson.move_to(len, g ^ total) {
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
                "the first player wins by taking stones {}–{} of row {} (length {len}), \
                 {leaving}; the Grundy values (Dawson's Kayles) then xor to 0",
                a + 1,
                a + 2,
                i + 1
            );
        }
    }
    "the reference found no winning move (judge error)".to_string()
}

impl Problem for Rows {
    type Instance = Vec<Vec<u64>>;
    type Answer = Vec<Winner>;
    const NAME: &'static str = "rows";
    const TITLE: &'static str = "Rows of stones, take two adjacent (Dawson's Kayles)";

    fn parse_input(input: &[u8]) -> Result<Vec<Vec<u64>>, ParseError> {
        let mut reader = StrictReader::new(input);
        let t = reader.int("T", 1, MAX_T)?;
        reader.newline()?;
        let mut cases = Vec::with_capacity(t as usize);
        let mut total = 0;
        for _ in 0..t {
            let (line, col) = reader.position();
            let n = reader.int("n", 1, MAX_N)?;
            total += n;
            if total > MAX_TOTAL_N {
                return Err(ParseError {
                    line,
                    col,
                    message: format!(
                        "n = {n} makes the total number of rows {total}, more than {MAX_TOTAL_N}"
                    ),
                });
            }
            reader.newline()?;
            cases.push(reader.int_line(n as usize, "len", 1, MAX_LEN)?);
        }
        reader.eof()?;
        Ok(cases)
    }

    fn write_input(cases: &Vec<Vec<u64>>) -> String {
        let mut out = format!("{}\n", cases.len());
        for rows in cases {
            out.push_str(&format!("{}\n", rows.len()));
            let line: Vec<String> = rows.iter().map(u64::to_string).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }

    fn solve(cases: &Vec<Vec<u64>>) -> Vec<Winner> {
        cases
            .iter()
            .map(|rows| Winner::from_first_wins(total_value(rows) != 0))
            .collect()
    }

    fn brute(cases: &Vec<Vec<u64>>) -> Result<Vec<Winner>, TooLarge> {
        let mut solver = BruteSolver::new(&dawson_rules(), Play::Normal);
        cases
            .iter()
            .map(|rows| solver.wins(rows).map(Winner::from_first_wins))
            .collect()
    }

    fn write_answer(_cases: &Vec<Vec<u64>>, answer: &Vec<Winner>) -> String {
        FIRST_SECOND.write(answer)
    }

    fn read_answer(
        cases: &Vec<Vec<u64>>,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Vec<Winner>, Malformed> {
        FIRST_SECOND.read(tokens, cases.len())
    }

    fn compare(
        cases: &Vec<Vec<u64>>,
        reference: &Vec<Winner>,
        got: &Vec<Winner>,
    ) -> Result<(), String> {
        match FIRST_SECOND.first_difference(reference, got) {
            None => Ok(()),
            Some(i) => Err(format!(
                "case {}: {} — {}",
                i + 1,
                FIRST_SECOND.mismatch(reference[i], got[i]),
                explain(&cases[i], reference[i])
            )),
        }
    }

    fn generate(gen: &mut Gen, params: &Params) -> Result<Vec<Vec<u64>>, ParamError> {
        let mode = params.choice("mode", "random", &["random", "max", "min", "huge", "small"])?;
        if mode == "min" {
            return Ok(vec![vec![1]]);
        }
        let lowest_max_len = if mode == "huge" { 1 << 33 } else { 1 };
        let max_len = params.int("max-len", MAX_LEN, lowest_max_len, MAX_LEN)?;
        let length = |gen: &mut Gen| match mode {
            "small" => gen.range(1, max_len.min(100)),
            "max" | "huge" if gen.chance(1, 2) => max_len - gen.range(0, 1_000_000),
            "max" | "huge" => gen.range((1 << 32) + 1, max_len),
            _ => match gen.below(3) {
                0 => gen.range(1, max_len.min(100)),
                1 => gen.range(1, max_len.min(1_000_000)),
                _ => gen.range(1, max_len),
            },
        };
        if mode == "max" {
            // Nine cases of 10^5 rows, and the remaining 10^5 rows spread over 9991 cases.
            let mut sizes = vec![MAX_N; 9];
            let rest = MAX_T - 9;
            let spare = MAX_TOTAL_N - 9 * MAX_N;
            sizes.extend((0..rest).map(|i| spare / rest + u64::from(i < spare % rest)));
            return Ok(sizes
                .into_iter()
                .map(|n| (0..n).map(|_| length(gen)).collect())
                .collect());
        }
        let max_t = params.int("max-t", 10, 1, MAX_T)?;
        let max_n = params.int("max-n", 10, 1, MAX_N)?;
        let t = gen.range(1, max_t);
        // Keep the total within bounds: each case gets at most its share of what is left.
        let mut left = MAX_TOTAL_N;
        let mut cases = Vec::with_capacity(t as usize);
        for i in 0..t {
            let share = left / (t - i);
            let n = gen.range(1, max_n.min(share));
            left -= n;
            cases.push((0..n).map(|_| length(gen)).collect());
        }
        Ok(cases)
    }

    fn shrink(cases: &Vec<Vec<u64>>) -> Vec<Vec<Vec<u64>>> {
        let mut out = fewer(cases, 1);
        let replaced = |i: usize, rows: Vec<u64>| {
            let mut smaller = cases.clone();
            smaller[i] = rows;
            smaller
        };
        let total: usize = cases.iter().map(Vec::len).sum();
        if total > SMALL {
            // Large: only halve the case with the most rows.
            if let Some(i) = (0..cases.len()).max_by_key(|&i| cases[i].len()) {
                out.extend(
                    fewer(&cases[i], 1)
                        .into_iter()
                        .map(|rows| replaced(i, rows)),
                );
            }
            return out;
        }
        for (i, rows) in cases.iter().enumerate() {
            out.extend(fewer(rows, 1).into_iter().map(|rows| replaced(i, rows)));
            if total <= FINE {
                for (j, &len) in rows.iter().enumerate() {
                    for lower in lower_values(len, 1) {
                        let mut changed = rows.clone();
                        changed[j] = lower;
                        out.push(replaced(i, changed));
                    }
                }
            }
        }
        out
    }

    fn reach(cases: &Vec<Vec<u64>>) -> Vec<Reach> {
        let total: u64 = cases.iter().map(|rows| rows.len() as u64).sum();
        vec![
            Reach {
                name: "T",
                allowed: (1, MAX_T),
                seen: Some((cases.len() as u64, cases.len() as u64)),
            },
            Reach {
                name: "n",
                allowed: (1, MAX_N),
                seen: min_max(cases.iter().map(|rows| rows.len() as u64)),
            },
            Reach {
                name: "total n",
                allowed: (1, MAX_TOTAL_N),
                seen: Some((total, total)),
            },
            Reach {
                name: "len",
                allowed: (1, MAX_LEN),
                seen: min_max(cases.iter().flatten().copied()),
            },
        ]
    }
}
