//! Problem `octal` (docs/games.md §4.8): any octal game `0.d1...dk` on several heaps; who
//! cannot move loses. A case is won iff the xor of the heaps' Grundy values is non-zero.
//!
//! Input: `T` (1 <= T <= 100); each case: a code `0.d1...dk` (1 <= k <= 16, digits 0-7, the
//! last non-zero) / `n` (1 <= n <= 100) / n heap sizes (0 <= h <= 2000). Output per case
//! `first` or `second`.
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

use super::common::{
    first_mismatch, push_line, reach, read_counted_cases, shrink_list, smaller,
    write_counted_cases, Size, Winner, FIRST_SECOND,
};
use super::{ParseError, Problem, Reach, StrictReader};
use crate::game::brute::{BruteSolver, Play, TooLarge};
use crate::game::engine;
use crate::game::moves::winning_moves;
use crate::game::{OctalCode, Ruleset};
use crate::gen::{Gen, ParamError, Params};
use crate::text::{Malformed, TokenReader};

const MAX_T: u64 = 100;
const MAX_DIGITS: usize = 16;
const MAX_N: u64 = 100;
const MAX_HEAP: u64 = 2000;

pub struct Octal;

/// One case: the code's digits `d1...dk` as written, and the heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub digits: Vec<u8>,
    pub heaps: Vec<u64>,
}

impl Case {
    fn code(&self) -> OctalCode {
        OctalCode::from_digits(
            self.digits
                .iter()
                .enumerate()
                .map(|(i, &d)| (i as u64 + 1, d)),
        )
    }

    fn code_text(&self) -> String {
        let digits: String = self.digits.iter().map(|d| char::from(b'0' + d)).collect();
        format!("0.{digits}")
    }
}

/// Heaps stop at 2000, where the quadratic engine on one thread beats the automatic choice
/// (rare/common pays off only on long tables): 0.12 s against 0.55 s on the largest test.
const TABLES: engine::Options = engine::Options {
    engine: engine::Engine::Quadratic,
    threads: 1,
};

/// One table per distinct code, each up to that code's largest heap.
fn tables(cases: &[Case]) -> HashMap<Vec<u8>, Vec<u32>> {
    let mut largest: HashMap<&[u8], u64> = HashMap::new();
    for case in cases {
        let top = case.heaps.iter().copied().max().unwrap_or(0);
        let entry = largest.entry(&case.digits).or_insert(0);
        *entry = (*entry).max(top);
    }
    largest
        .into_iter()
        .map(|(digits, upto)| {
            let case = Case {
                digits: digits.to_vec(),
                heaps: Vec::new(),
            };
            (
                digits.to_vec(),
                engine::table_with(&Ruleset::Octal(case.code()), upto as usize, &TABLES),
            )
        })
        .collect()
}

fn heaps_value(values: &[u32], heaps: &[u64]) -> u32 {
    heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize])
}

/// Why the reference's winner is right, in the game's terms.
fn explain(case: &Case, winner: Winner) -> String {
    let code = case.code();
    let upto = case.heaps.iter().copied().max().unwrap_or(0);
    let values = engine::table(&Ruleset::Octal(code.clone()), upto as usize);
    let rules = Ruleset::Octal(code);
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
                case.code_text()
            )
        }
        (Winner::First, None) => "the reference found no winning move (judge error)".to_string(),
        (Winner::Second, _) => {
            let mut shown: Vec<String> = case
                .heaps
                .iter()
                .take(8)
                .map(|&h| values[h as usize].to_string())
                .collect();
            if case.heaps.len() > shown.len() {
                shown.push("...".to_string());
            }
            format!(
                "the heaps' Grundy values under {} are {} and xor to 0, so every move leaves a \
                 position that the player to move wins",
                case.code_text(),
                shown.join(", ")
            )
        }
    }
}

/// Reads `0.d1...dk` and reports any fault at its own column.
fn read_code(reader: &mut StrictReader<'_>) -> Result<Vec<u8>, ParseError> {
    let (line, col) = reader.position();
    let at = |offset: usize, message: String| ParseError {
        line,
        col: col + offset,
        message,
    };
    let word = reader.word("an octal code 0.d1...dk")?;
    let Some(digits) = word.strip_prefix("0.") else {
        return Err(at(
            0,
            format!("expected an octal code 0.d1...dk, found {word:?}"),
        ));
    };
    if digits.is_empty() {
        return Err(at(
            2,
            "the octal code needs at least one digit after \"0.\"".to_string(),
        ));
    }
    let mut out = Vec::with_capacity(digits.len());
    for (i, c) in digits.bytes().enumerate() {
        if i == MAX_DIGITS {
            return Err(at(
                2 + i,
                format!("the octal code has more than {MAX_DIGITS} digits"),
            ));
        }
        if !(b'0'..=b'7').contains(&c) {
            return Err(at(
                2 + i,
                format!(
                    "digit d{} is {:?}; octal digits are 0-7",
                    i + 1,
                    char::from(c)
                ),
            ));
        }
        out.push(c - b'0');
    }
    if out.last() == Some(&0) {
        return Err(at(
            1 + digits.len(),
            format!("the last digit d{} of the code must be non-zero", out.len()),
        ));
    }
    Ok(out)
}

/// Replaces the last heap by the nearest size up to `max_h` (below it first) whose Grundy
/// value makes the xor 0, when there is one, so that about half of the generated cases are
/// second-player wins: a wrong value then shows in the answer.
fn make_losing(case: &mut Case, max_h: u64) {
    let values = engine::table(&Ruleset::Octal(case.code()), max_h as usize);
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

impl Problem for Octal {
    type Instance = Vec<Case>;
    type Answer = Vec<Winner>;
    const NAME: &'static str = "octal";
    const TITLE: &'static str = "Any octal game on several heaps";

    fn parse_input(input: &[u8]) -> Result<Vec<Case>, ParseError> {
        read_counted_cases(input, MAX_T, |reader| {
            let digits = read_code(reader)?;
            reader.newline()?;
            let n = reader.int("n", 1, MAX_N)?;
            reader.end_of_values()?;
            let heaps = reader.int_line(n as usize, "h", 0, MAX_HEAP)?;
            Ok(Case { digits, heaps })
        })
    }

    fn write_input(cases: &Vec<Case>) -> String {
        write_counted_cases(cases, |out, case| {
            out.push_str(&case.code_text());
            out.push('\n');
            push_line(out, &[case.heaps.len() as u64]);
            push_line(out, &case.heaps);
        })
    }

    fn solve(cases: &Vec<Case>) -> Vec<Winner> {
        let tables = tables(cases);
        cases
            .iter()
            .map(|case| {
                let values = &tables[&case.digits];
                Winner::from_mover_wins(heaps_value(values, &case.heaps) != 0)
            })
            .collect()
    }

    fn brute(cases: &Vec<Case>) -> Result<Vec<Winner>, TooLarge> {
        cases
            .iter()
            .map(|case| {
                BruteSolver::new(&Ruleset::Octal(case.code()), Play::Normal)
                    .wins(&case.heaps)
                    .map(Winner::from_mover_wins)
            })
            .collect()
    }

    fn write_answer(_cases: &Vec<Case>, answer: &Vec<Winner>) -> String {
        FIRST_SECOND.write(answer)
    }

    fn read_answer(
        cases: &Vec<Case>,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Vec<Winner>, Malformed> {
        FIRST_SECOND.read(tokens, cases.len(), "case")
    }

    fn compare(
        cases: &Vec<Case>,
        reference: &Vec<Winner>,
        got: &Vec<Winner>,
    ) -> Result<(), String> {
        let Some(i) = first_mismatch(reference, got) else {
            return Ok(());
        };
        Err(format!(
            "case {} (code {}): {} - {}",
            i + 1,
            cases[i].code_text(),
            FIRST_SECOND.mismatch(reference[i], got[i]),
            explain(&cases[i], reference[i])
        ))
    }

    fn generate(gen: &mut Gen, params: &Params) -> Result<Vec<Case>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "split", "no-split"],
        )?;
        let (default_t, default_n, default_k, default_h) = match mode {
            "max" => (MAX_T, Some(MAX_N), Some(MAX_DIGITS as u64), MAX_HEAP),
            "min" => (1, Some(1), Some(1), 0),
            _ => (gen.range(1, 5), None, None, MAX_HEAP),
        };
        let t = params.int("t", default_t, 1, MAX_T)?;
        let n = Size::param(params, "n", default_n, MAX_N)?;
        // Code lengths are drawn over all of 1..=16 (not Size's 1..=10).
        let k = match params.raw("k") {
            Some(_) => Some(params.int("k", 1, 1, MAX_DIGITS as u64)?),
            None => default_k,
        };
        let max_h = params.int("max_h", default_h, 0, MAX_HEAP)?;
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
                    let k = k.unwrap_or_else(|| gen.range(1, MAX_DIGITS as u64)) as usize;
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
        Ok(cases)
    }

    fn shrink(cases: &Vec<Case>) -> Vec<Vec<Case>> {
        shrink_list(
            cases,
            1,
            |case| case.heaps.len(),
            |case| {
                let heaps = shrink_list(&case.heaps, 1, |_| 1, |&h| smaller(h, 0));
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
            },
        )
    }

    fn reach(cases: &Vec<Case>) -> Vec<Reach> {
        vec![
            reach("T", (1, MAX_T), [cases.len() as u64]),
            reach(
                "k",
                (1, MAX_DIGITS as u64),
                cases.iter().map(|c| c.digits.len() as u64),
            ),
            reach("n", (1, MAX_N), cases.iter().map(|c| c.heaps.len() as u64)),
            reach(
                "h",
                (0, MAX_HEAP),
                cases.iter().flat_map(|c| c.heaps.clone()),
            ),
        ]
    }

    /// Size: `1 + (k + d_1 + … + d_k) + n + h_1 + … + h_n` (one case; the code `0.d1…dk`
    /// counts as its number of digits plus their sum).
    fn enumerate(size: u64) -> Vec<Vec<Case>> {
        let rest = size.saturating_sub(1);
        let mut out = Vec::new();
        for code_part in 2..=rest {
            for digits in super::enumerate::counted_lists(0, code_part) {
                let digits: Vec<u8> = match digits.iter().map(|&d| u8::try_from(d)).collect() {
                    Ok(digits) => digits,
                    Err(_) => continue,
                };
                for heaps in super::enumerate::counted_lists(0, rest - code_part) {
                    out.push(vec![Case {
                        digits: digits.clone(),
                        heaps,
                    }]);
                }
            }
        }
        out
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
            let code = case.code();
            let upto = gen.range(0, 150) as usize;
            assert_eq!(
                engine::table(&Ruleset::Octal(code.clone()), upto),
                plain_table(&Ruleset::Octal(code.clone()), upto),
                "code {}",
                case.code_text()
            );
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
