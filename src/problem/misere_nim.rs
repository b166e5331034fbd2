//! Problem `misere-nim`: HDU 1907 "John" (docs/games.md §4.5).
//!
//! Nim where whoever takes the last stone loses; John moves first. Bouton's exception decides
//! it: John wins iff (some heap has 2 or more stones and the heaps xor to non-zero) or (every
//! heap has at most one stone and they xor to 0).
//!
//! Input: `T` (1 <= T <= 474); each case `N` (1 <= N <= 47) / N sizes (1 <= A_i <= 4747).
//! Output per case `John` or `Brother`.
//!
//! Generator parameters:
//! - `mode` (default `random`):
//!   - `random`: heaps at a random scale, a third of the cases with xor 0;
//!   - `max`: 474 cases of 47 heaps up to `max_a`, each case with one heap of `max_a`;
//!   - `min`: one case, one heap of one stone;
//!   - `ones`: every heap has one stone (where Bouton's exception flips the answer);
//!   - `one-big`: one heap of 2 or more, the others of one stone.
//! - `t` (1..=474): number of cases; default 1..=10 at random (474 for `max`, 1 for `min`).
//! - `n` (1..=47): heaps per case; default 1..=10 at random per case (47 for `max`, 1 for
//!   `min`).
//! - `max_a` (1..=4747): largest heap; default 4747.

use super::common::{
    first_mismatch, push_line, reach, read_counted_cases, shrink_list, smaller,
    write_counted_cases, Outcomes, Size, Winner,
};
use super::{ParseError, Problem, Reach};
use crate::game::brute::{BruteSolver, Play, TooLarge};
use crate::game::misere::misere_nim_first_wins;
use crate::game::Ruleset;
use crate::gen::{Gen, ParamError, Params};
use crate::text::{Malformed, TokenReader};

const MAX_T: u64 = 474;
const MAX_N: u64 = 47;
const MAX_A: u64 = 4747;

/// John moves first.
const OUTCOMES: Outcomes = Outcomes {
    first: "John",
    second: "Brother",
};

pub struct MisereNim;

impl Problem for MisereNim {
    /// The heaps of each case.
    type Instance = Vec<Vec<u64>>;
    type Answer = Vec<Winner>;
    const NAME: &'static str = "misere-nim";
    const TITLE: &'static str = "Misere Nim (HDU 1907 \"John\"): the last stone loses";

    fn parse_input(input: &[u8]) -> Result<Vec<Vec<u64>>, ParseError> {
        read_counted_cases(input, MAX_T, |r| {
            let n = r.int("N", 1, MAX_N)?;
            r.end_of_values()?;
            r.int_line(n as usize, "A_i", 1, MAX_A)
        })
    }

    fn write_input(cases: &Vec<Vec<u64>>) -> String {
        write_counted_cases(cases, |out, heaps| {
            push_line(out, &[heaps.len() as u64]);
            push_line(out, heaps);
        })
    }

    fn solve(cases: &Vec<Vec<u64>>) -> Vec<Winner> {
        cases
            .iter()
            .map(|heaps| Winner::from_mover_wins(misere_nim_first_wins(heaps)))
            .collect()
    }

    fn brute(cases: &Vec<Vec<u64>>) -> Result<Vec<Winner>, TooLarge> {
        let mut solver = BruteSolver::new(&Ruleset::Nim, Play::Misere);
        cases
            .iter()
            .map(|heaps| solver.wins(heaps).map(Winner::from_mover_wins))
            .collect()
    }

    fn write_answer(_cases: &Vec<Vec<u64>>, answer: &Vec<Winner>) -> String {
        OUTCOMES.write(answer)
    }

    fn read_answer(
        cases: &Vec<Vec<u64>>,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Vec<Winner>, Malformed> {
        OUTCOMES.read(tokens, cases.len(), "case")
    }

    fn compare(
        cases: &Vec<Vec<u64>>,
        reference: &Vec<Winner>,
        got: &Vec<Winner>,
    ) -> Result<(), String> {
        let Some(c) = first_mismatch(reference, got) else {
            return Ok(());
        };
        let heaps = &cases[c];
        let why = match winning_move(heaps) {
            Some(mv) => format!("John wins by {}", taking(heaps, mv)),
            None => {
                // Every heap has a stone, so taking one from the first heap is a move.
                let first = (0, heaps[0] - 1);
                let mut after = heaps.clone();
                after[0] = first.1;
                match winning_move(&after) {
                    Some(reply) => format!(
                        "every move of John loses; e.g. {} is answered by Brother {}",
                        taking(heaps, first),
                        taking(&after, reply)
                    ),
                    None => format!(
                        "every move of John loses; e.g. {} takes the last stone",
                        taking(heaps, first)
                    ),
                }
            }
        };
        let shape = if heaps.iter().all(|&a| a <= 1) {
            "every heap has one stone"
        } else {
            "some heap has two or more stones"
        };
        let xor = heaps.iter().fold(0, |acc, &a| acc ^ a);
        Err(format!(
            "case {} (N = {}, xor {xor}, {shape}): {} - {why}",
            c + 1,
            heaps.len(),
            OUTCOMES.mismatch(reference[c], got[c])
        ))
    }

    fn generate(gen: &mut Gen, params: &Params) -> Result<Vec<Vec<u64>>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "ones", "one-big"],
        )?;
        let (default_t, default_n) = match mode {
            "max" => (MAX_T, Some(MAX_N)),
            "min" => (1, Some(1)),
            _ => (gen.range(1, 10), None),
        };
        let t = params.int("t", default_t, 1, MAX_T)?;
        let n = Size::param(params, "n", default_n, MAX_N)?;
        let max_a = params.int("max_a", if mode == "min" { 1 } else { MAX_A }, 1, MAX_A)?;
        if mode == "one-big" && max_a < 2 {
            return Err(ParamError {
                key: "max_a".to_string(),
                message: "mode=one-big needs max_a >= 2".to_string(),
            });
        }
        let cases = (0..t)
            .map(|_| {
                let len = n.draw(gen) as usize;
                random_case(gen, mode, len, max_a)
            })
            .collect();
        Ok(cases)
    }

    fn shrink(cases: &Vec<Vec<u64>>) -> Vec<Vec<Vec<u64>>> {
        shrink_list(cases, 1, Vec::len, |heaps| {
            shrink_list(heaps, 1, |_| 1, |&a| smaller(a, 1))
        })
    }

    fn reach(cases: &Vec<Vec<u64>>) -> Vec<Reach> {
        vec![
            reach("T", (1, MAX_T), [cases.len() as u64]),
            reach("N", (1, MAX_N), cases.iter().map(|c| c.len() as u64)),
            reach("A_i", (1, MAX_A), cases.iter().flatten().copied()),
        ]
    }

    /// Size: `1 + N + A_1 + … + A_N` (one case).
    fn enumerate(size: u64) -> Vec<Vec<Vec<u64>>> {
        super::enumerate::counted_lists(1, size.saturating_sub(1))
            .into_iter()
            .map(|heaps| vec![heaps])
            .collect()
    }
}

/// A move of misère Nim after which the opponent loses, as `(heap, stones left)`, found by
/// trying every move against Bouton's rule (the game module has no misère move search).
fn winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let mut after = heaps.to_vec();
    for (i, &a) in heaps.iter().enumerate() {
        for left in 0..a {
            after[i] = left;
            if !misere_nim_first_wins(&after) {
                return Some((i, left));
            }
        }
        after[i] = a;
    }
    None
}

/// `taking 3 from heap 2 (leaving 4)`.
fn taking(heaps: &[u64], (heap, left): (usize, u64)) -> String {
    format!(
        "taking {} from heap {} (leaving {left})",
        heaps[heap] - left,
        heap + 1
    )
}

/// One case of `len` heaps as `mode` wants it.
fn random_case(gen: &mut Gen, mode: &str, len: usize, max_a: u64) -> Vec<u64> {
    let top = match gen.below(3) {
        0 => max_a.min(3),
        1 => max_a.min(30),
        _ => max_a,
    };
    match mode {
        "ones" => vec![1; len],
        "one-big" => {
            let mut heaps = vec![1; len];
            let big = gen.index(len);
            heaps[big] = gen.range(2, top.max(2));
            heaps
        }
        "max" => {
            let mut heaps: Vec<u64> = (0..len).map(|_| gen.range(1, max_a)).collect();
            heaps[gen.index(len)] = max_a;
            heaps
        }
        _ => {
            let mut heaps: Vec<u64> = (0..len).map(|_| gen.range(1, top)).collect();
            if gen.chance(1, 3) {
                make_xor_zero(&mut heaps, max_a);
            }
            heaps
        }
    }
}

/// Replaces the last heap by the xor of the others when that is a valid size.
fn make_xor_zero(heaps: &mut [u64], max_a: u64) {
    if let Some((last, rest)) = heaps.split_last_mut() {
        let xor = rest.iter().fold(0, |acc, &a| acc ^ a);
        if (1..=max_a).contains(&xor) {
            *last = xor;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_moves_leave_positions_that_brute_force_loses() {
        let mut solver = BruteSolver::new(&Ruleset::Nim, Play::Misere);
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=3 {
                    let heaps = [a, b, c];
                    let wins = solver.wins(&heaps).expect("small");
                    let Some((i, left)) = winning_move(&heaps) else {
                        assert!(!wins, "{heaps:?}: a winning move exists");
                        continue;
                    };
                    assert!(wins && left < heaps[i]);
                    let mut after = heaps;
                    after[i] = left;
                    assert!(
                        !solver.wins(&after).expect("small"),
                        "{heaps:?} -> {after:?}"
                    );
                }
            }
        }
    }
}
