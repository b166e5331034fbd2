//! Problem `octal` (docs/games.md §4.8): any octal game `0.d1...dk` on several heaps; who
//! cannot move loses. A case is won iff the xor of the heaps' Grundy values is non-zero.
//!
//! Input: `T`; each case: a code `0.d1...dk` / `n` / n heap sizes `h` (bounds: `T`, `K`, `N`,
//! `H` below). Output per case `first` or `second`.
//!
//! The reference computes one table per distinct code, only up to that code's largest heap,
//! with the automatic Grundy engine ([`crate::game::engine::table`]).
//!
//! # Generator parameters
//! - `mode` (default `random`):
//!   - `random`: codes of random length and digits, heaps up to `max_h`; in every mode but
//!     `min`, half of the cases have their last heap changed so that the second player wins
//!     (when some heap size up to `max_h` allows it);
//!   - `max`: 100 random 16-digit codes with splitting digits, 100 heaps each, every heap
//!     within 10 of `max_h`;
//!   - `min`: one case, code `0.1`, one heap of 0;
//!   - `split`: every code has at least one splitting digit (bit 4), usually two (solutions
//!     that ignore the split);
//!   - `no-split`: no code has a splitting digit.
//! - `t` (1..=100): number of cases; default 1..=5 at random, or as the mode says.
//! - `n` (1..=100): heaps in every case; default 1..=10 at random per case, or as the mode
//!   says.
//! - `k` (1..=16): digits of every code; default 1..=16 at random per case, or as the mode
//!   says.
//! - `max_h` (0..=2000): largest heap; default 2000 (0 in `min`).

use std::collections::HashMap;

use super::answer::{first_few, Winner, FIRST_SECOND};
use super::enumerate::counted_lists;
use super::format::{push_counted, Constraint, InputFormat, Int, Listing, Reader};
use super::shrink::{shrink_list, smaller};
use super::size::Size;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::game::brute::{Play, Solvers, TooLarge};
use crate::game::engine;
use crate::game::moves::winning_moves;
use crate::game::ruleset::parse_octal_digits;
use crate::game::{OctalCode, Ruleset};
use crate::gen::{Gen, ParamError, Params};

const T: Int = Int::new("T", 1, 100, "the number of games");
const K: Int = Int::new("k", 1, 16, "the number of digits d_i (0-7, the last not 0)");
const N: Int = Int::new("n", 1, 100, "the number of heaps of a game");
const H: Int = Int::new("h", 0, 2000, "the size of a heap (may be 0)");
/// An octal digit, as [`enumerate`](TypedProblem::enumerate) spends it.
const DIGIT: Int = Int::new("d_i", 0, 7, "an octal digit");

pub struct Octal;

/// One case: the code's digits `d1...dk` as written, and the heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub digits: Vec<u8>,
    pub heaps: Vec<u64>,
}

impl Case {
    /// The code as written: `0.d1...dk`.
    fn code(&self) -> String {
        let digits: String = self.digits.iter().map(|d| char::from(b'0' + d)).collect();
        format!("0.{digits}")
    }

    /// The ruleset of the code.
    fn rules(&self) -> Ruleset {
        Ruleset::Octal(OctalCode::from_digits(
            (1..).zip(self.digits.iter().copied()),
        ))
    }
}

/// Heaps stop at 2000, where the quadratic engine on one thread beats the automatic choice
/// (rare/common pays off only on long tables): 0.12 s against 0.55 s on the largest test.
const TABLES: engine::Options = engine::Options {
    engine: engine::Engine::Quadratic,
    threads: 1,
};

/// One table per distinct code, each up to that code's largest heap.
fn tables(cases: &[Case]) -> HashMap<&[u8], Vec<u32>> {
    let mut largest: HashMap<&[u8], (u64, &Case)> = HashMap::new();
    for case in cases {
        let top = case.heaps.iter().copied().max().unwrap_or(0);
        let entry = largest.entry(&case.digits).or_insert((0, case));
        entry.0 = entry.0.max(top);
    }
    let table =
        |(upto, case): (u64, &Case)| engine::table_with(&case.rules(), upto as usize, &TABLES);
    largest
        .into_iter()
        .map(|(digits, top)| (digits, table(top)))
        .collect()
}

fn heaps_value(values: &[u32], heaps: &[u64]) -> u32 {
    heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize])
}

/// Why the reference's winner is right, in the game's terms.
fn explain(case: &Case, winner: Winner) -> String {
    let (rules, upto) = (case.rules(), case.heaps.iter().copied().max().unwrap_or(0));
    let values = engine::table(&rules, upto as usize);
    let moves = winning_moves(&rules, &values, &case.heaps).unwrap_or_default();
    match (winner, moves.first()) {
        (Winner::First, Some(m)) => {
            let leaving = match m.leaves.as_slice() {
                [] => "leaving nothing of it".to_string(),
                [one] => format!("leaving a heap of {one}"),
                pieces => format!("leaving heaps of {} and {}", pieces[0], pieces[1]),
            };
            format!(
                "the first player wins by removing {} stone{} from heap {} (of {}), {leaving}; \
                 the Grundy values under {} then xor to 0",
                m.removed,
                if m.removed == 1 { "" } else { "s" },
                m.heap + 1,
                case.heaps[m.heap],
                case.code()
            )
        }
        (Winner::First, None) => "the reference found no winning move (judge error)".to_string(),
        (Winner::Second, _) => format!(
            "the heaps' Grundy values under {} are {} and xor to 0, so every move leaves a \
             position that the player to move wins",
            case.code(),
            first_few(case.heaps.iter().map(|&h| values[h as usize]))
        ),
    }
}

/// Reads `0.d1...dk` (the game module's parser) and reports any fault at its own column.
fn read_code(r: &mut Reader<'_>) -> Result<Vec<u8>, ParseError> {
    let (line, col) = r.position();
    let word = r.word("an octal code 0.d1...dk")?;
    let digits = parse_octal_digits(word, K.hi as usize).map_err(|e| ParseError {
        line,
        col: col + e.offset,
        message: e.message,
    })?;
    r.record(&K, digits.len() as u64);
    Ok(digits)
}

/// Replaces the last heap by the nearest size up to `max_h` (below it first) whose Grundy
/// value makes the xor 0, when there is one, so that about half of the generated cases are
/// second-player wins: a wrong value then shows in the answer.
fn make_losing(case: &mut Case, max_h: u64) {
    let values = engine::table(&case.rules(), max_h as usize);
    let Some((last, rest)) = case.heaps.split_last_mut() else {
        return;
    };
    let target = heaps_value(&values, rest);
    let has_target = |h: &u64| values[*h as usize] == target;
    let below = (0..=*last).rev().find(has_target);
    if let Some(h) = below.or_else(|| (*last..=max_h).find(has_target)) {
        *last = h;
    }
}

/// A random code of `k` digits; with `split`, every code has at least two digits with bit 4
/// (or one, for k = 1); without, none has.
fn random_code(gen: &mut Gen, k: usize, split: Option<bool>) -> Vec<u8> {
    let mut digits: Vec<u8> = (0..k).map(|_| gen.below(8) as u8).collect();
    match split {
        Some(true) => {
            for _ in 0..2 {
                let i = gen.index(k);
                digits[i] |= 4;
            }
        }
        Some(false) => digits.iter_mut().for_each(|d| *d &= 3),
        None => {}
    }
    let last = digits[k - 1];
    if last == 0 || (split == Some(false) && last & 3 == 0) {
        digits[k - 1] = if split == Some(false) {
            gen.range(1, 3) as u8
        } else {
            gen.range(1, 7) as u8
        };
    }
    digits
}

impl TypedProblem for Octal {
    type Header = ();
    type Case = Case;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        InputFormat {
            listing: Listing::Counted(T),
            constraints: [T, K, N, H].map(Constraint::Int).to_vec(),
            unit: "case",
        }
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<Case, ParseError> {
        let digits = read_code(r)?;
        r.newline()?;
        let heaps = r.count_then_ints(&N, &H)?;
        Ok(Case { digits, heaps })
    }

    fn write_case(&self, _: &(), case: &Case, out: &mut String) {
        out.push_str(&format!("{}\n", case.code()));
        push_counted(out, &case.heaps);
    }

    fn solve(&self, _: &(), case: &Case) -> Winner {
        let upto = case.heaps.iter().copied().max().unwrap_or(0);
        let values = engine::table_with(&case.rules(), upto as usize, &TABLES);
        Winner::from_mover_wins(heaps_value(&values, &case.heaps) != 0)
    }

    /// One table per distinct code, up to its largest heap in the input.
    fn solve_all(&self, _: &(), cases: &[Case]) -> Vec<Winner> {
        let tables = tables(cases);
        cases
            .iter()
            .map(|case| {
                let values = &tables[case.digits.as_slice()];
                Winner::from_mover_wins(heaps_value(values, &case.heaps) != 0)
            })
            .collect()
    }

    fn brute(&self, _: &(), case: &Case, memo: &mut Solvers) -> Result<Winner, TooLarge> {
        let solver = memo.get(&case.rules(), Play::Normal);
        solver.wins(&case.heaps).map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &(), case: &Case, want: &Winner, got: &Winner) -> Ruling {
        let place = || format!(" (code {})", case.code());
        let why = || explain(case, *want);
        FIRST_SECOND.unless_equal(want, got, place, why)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "split", "no-split"],
        )?;
        let (default_t, default_n, default_k, default_h) = match mode {
            "max" => (T.hi, Some(N.hi), Some(K.hi), H.hi),
            "min" => (1, Some(1), Some(1), 0),
            _ => (gen.range(1, 5), None, None, H.hi),
        };
        let t = params.int("t", default_t, T.lo, T.hi)?;
        let n = Size::param(params, "n", default_n, &N)?;
        // Code lengths are drawn over all of 1..=16 (not Size's 1..=10).
        let k = params.optional_int("k", K.lo, K.hi)?.or(default_k);
        let max_h = params.int("max_h", default_h, H.lo, H.hi)?;
        let split = match mode {
            "split" | "max" => Some(true),
            "no-split" => Some(false),
            _ => None,
        };
        let mut cases: Vec<Case> = Vec::with_capacity(t as usize);
        for _ in 0..t {
            let digits = match mode {
                "min" => vec![1],
                _ => {
                    let k = k.unwrap_or_else(|| gen.range(K.lo, K.hi)) as usize;
                    random_code(gen, k, split)
                }
            };
            let n = n.draw(gen);
            let mut case = Case {
                digits,
                heaps: (0..n)
                    .map(|_| match mode {
                        "max" | "min" => max_h - gen.range(0, max_h.min(10)),
                        _ => gen.range(0, max_h),
                    })
                    .collect(),
            };
            if mode != "min" && gen.chance(1, 2) {
                make_losing(&mut case, max_h);
            }
            cases.push(case);
        }
        Ok(Instance { header: (), cases })
    }

    fn shrink_case(&self, _: &(), case: &Case) -> Vec<Case> {
        let heaps = shrink_list(&case.heaps, 1, |_| 1, |&h| smaller(h, H.lo));
        let mut out: Vec<Case> = heaps
            .into_iter()
            .map(|heaps| Case {
                digits: case.digits.clone(),
                heaps,
            })
            .collect();
        out.extend(simpler_codes(&case.digits).into_iter().map(|digits| Case {
            digits,
            heaps: case.heaps.clone(),
        }));
        out
    }

    fn weight(&self, case: &Case) -> usize {
        case.heaps.len()
    }

    /// Size: `(k + d_1 + … + d_k) + n + h_1 + … + h_n` (the code `0.d1…dk` counts as its
    /// number of digits plus their sum).
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        Box::new((2..=size).flat_map(move |code_part| {
            counted_lists(K, DIGIT, code_part).flat_map(move |digits| {
                let digits: Vec<u8> = digits.iter().map(|&d| d as u8).collect();
                counted_lists(N, H, size - code_part).map(move |heaps| {
                    let digits = digits.clone();
                    ((), Case { digits, heaps })
                })
            })
        }))
    }
}

/// Codes with fewer moves: without the last digit (and the zeros that exposes), or with one
/// bit of one digit cleared, the last digit staying non-zero.
fn simpler_codes(digits: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut shorter = digits.to_vec();
    shorter.pop();
    while shorter.last() == Some(&0) {
        shorter.pop();
    }
    if !shorter.is_empty() {
        out.push(shorter);
    }
    for (j, &d) in digits.iter().enumerate() {
        for bit in [4, 2, 1] {
            let cleared = d & !bit;
            if d & bit != 0 && (cleared != 0 || j + 1 < digits.len()) {
                let mut fewer_moves = digits.to_vec();
                fewer_moves[j] = cleared;
                out.push(fewer_moves);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::grundy::plain_table;

    #[test]
    fn engine_equals_the_plain_oracle_on_generated_codes() {
        let mut gen = Gen::new(7);
        for round in 0..300 {
            let k = gen.range(1, 16) as usize;
            let digits = random_code(&mut gen, k, if round % 2 == 0 { Some(true) } else { None });
            let case = Case {
                digits,
                heaps: Vec::new(),
            };
            let upto = gen.range(0, 150) as usize;
            let (engine, plain) = (
                engine::table(&case.rules(), upto),
                plain_table(&case.rules(), upto),
            );
            assert_eq!(engine, plain, "code {}", case.code());
        }
    }

    #[test]
    fn engine_handles_values_of_64_and_more() {
        let code = OctalCode::from_digits((1..=16).map(|j| (j, 7)));
        let values = engine::table(&Ruleset::Octal(code.clone()), 400);
        assert!(
            values.iter().any(|&v| v >= 64),
            "the wide path is exercised"
        );
        assert_eq!(values, plain_table(&Ruleset::Octal(code), 400));
    }
}
