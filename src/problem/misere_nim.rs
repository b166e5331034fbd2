//! Problem `misere-nim`: HDU 1907 "John" (docs/games.md §4.5).
//!
//! Nim where whoever takes the last stone loses; John moves first. Bouton's exception decides
//! it: John wins iff (some heap has 2 or more stones and the heaps xor to non-zero) or (every
//! heap has at most one stone and they xor to 0).
//!
//! Input: `T`; each case `N` / N sizes `A_i` (bounds: `T`, `N`, `A` below). Output per case
//! `John` or `Brother`.
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

use super::answer::{Outcomes, Winner};
use super::enumerate::counted_lists;
use super::format::{push_counted, Constraint, InputFormat, Int, Listing, Reader};
use super::shrink::{shrink_list, smaller};
use super::size::Size;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::game::brute::{Play, Solvers, TooLarge};
use crate::game::misere::{misere_nim_first_wins, misere_nim_winning_move};
use crate::game::Ruleset;
use crate::gen::{Gen, ParamError, Params};

const T: Int = Int::new("T", 1, 474, "the number of games");
const N: Int = Int::new("N", 1, 47, "the number of heaps of a game");
const A: Int = Int::new("A_i", 1, 4747, "the size of a heap");

/// John moves first.
const OUTCOMES: Outcomes = Outcomes {
    first: "John",
    second: "Brother",
};

/// A case is the heaps of one game.
pub struct MisereNim;

impl TypedProblem for MisereNim {
    type Header = ();
    type Case = Vec<u64>;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        InputFormat {
            listing: Listing::Counted(T),
            constraints: [T, N, A].map(Constraint::Int).to_vec(),
            unit: "case",
        }
    }

    fn words(&self) -> Outcomes {
        OUTCOMES
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<Vec<u64>, ParseError> {
        r.count_then_ints(&N, &A)
    }

    fn write_case(&self, _: &(), heaps: &Vec<u64>, out: &mut String) {
        push_counted(out, heaps);
    }

    fn solve(&self, _: &(), heaps: &Vec<u64>) -> Winner {
        Winner::from_mover_wins(misere_nim_first_wins(heaps))
    }

    fn brute(&self, _: &(), heaps: &Vec<u64>, memo: &mut Solvers) -> Result<Winner, TooLarge> {
        let solver = memo.get(&Ruleset::Nim, Play::Misere);
        solver.wins(heaps).map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &(), heaps: &Vec<u64>, want: &Winner, got: &Winner) -> Ruling {
        let place = || {
            let shape = if heaps.iter().all(|&a| a <= 1) {
                "every heap has one stone"
            } else {
                "some heap has two or more stones"
            };
            let xor = heaps.iter().fold(0, |acc, &a| acc ^ a);
            format!(" (N = {}, xor {xor}, {shape})", heaps.len())
        };
        OUTCOMES.unless_equal(want, got, place, || explain(heaps))
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "ones", "one-big"],
        )?;
        let (default_t, default_n) = match mode {
            "max" => (T.hi, Some(N.hi)),
            "min" => (1, Some(1)),
            _ => (gen.range(1, 10), None),
        };
        let t = params.int("t", default_t, T.lo, T.hi)?;
        let n = Size::param(params, "n", default_n, &N)?;
        let max_a = params.int("max_a", if mode == "min" { 1 } else { A.hi }, A.lo, A.hi)?;
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
        Ok(Instance { header: (), cases })
    }

    fn shrink_case(&self, _: &(), heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        shrink_list(heaps, 1, |_| 1, |&a| smaller(a, A.lo))
    }

    fn weight(&self, heaps: &Vec<u64>) -> usize {
        heaps.len()
    }

    /// Size: `N + A_1 + … + A_N`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        Box::new(counted_lists(N, A, size).map(|heaps| ((), heaps)))
    }
}

/// Why the player to move (John) wins or loses `heaps`: a winning move, or a move that is
/// answered.
fn explain(heaps: &[u64]) -> String {
    match misere_nim_winning_move(heaps) {
        Some(mv) => format!("John wins by {}", taking(heaps, mv)),
        None => {
            // Every heap has a stone, so taking one from the first heap is a move.
            let first = (0, heaps[0] - 1);
            let mut after = heaps.to_vec();
            after[0] = first.1;
            match misere_nim_winning_move(&after) {
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
    }
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
