//! Problem `nim`: game A with a winning move (docs/games.md §4.2).
//!
//! A move takes any positive number of stones from one heap; who cannot move loses. The first
//! player wins iff the heaps xor to a non-zero `X` (Bouton), and a winning move leaves
//! `a_i xor X` in a heap where that is smaller than `a_i`. Any winning move is accepted.
//!
//! Input: `T` (1 <= T <= 10^4); each case: `n` (1 <= n <= 10^5) / n heap sizes
//! (0 <= a_i < 2^63); total n over all cases <= 10^6. Output per case: `second` if the first
//! player loses, otherwise `first i x`: leave heap i (1-based) with x stones (0 <= x < a_i).
//!
//! Generator parameters:
//! - `mode` (default `random`):
//!   - `random`: heaps below `2^w` for a random width `w` per case; a third of the cases are
//!     made losing (xor 0);
//!   - `max`: 10 cases of 10^5 heaps (total n = 10^6) below 2^63, half of them losing;
//!   - `min`: one case, one empty heap;
//!   - `huge`: heaps within 1000 of `max_a` = 2^63 - 1, a quarter of them exactly it (catches
//!     32-bit and signed arithmetic);
//!   - `equal`: all heaps of a case equal (losing iff their number is even);
//!   - `single`: one heap per case;
//!   - `many`: 10^4 cases of 100 heaps.
//! - `t` (1..=10^4): number of cases; default 1..=10 at random, or as the mode says.
//! - `n` (1..=10^5): heaps in every case; default 1..=10 at random per case, or as the mode
//!   says. `t * n` must stay within the total of 10^6.
//! - `max_a` (0..=2^63-1): largest heap; default as the mode says.

use super::common::{
    push_line, reach, read_counted_cases, shrink_list, smaller, write_counted_cases, Budget, Size,
};
use super::{ParseError, Problem, Reach};
use crate::game::brute::{BruteSolver, Play, TooLarge};
use crate::game::moves::nim_winning_moves;
use crate::game::Ruleset;
use crate::gen::{Gen, ParamError, Params};
use crate::text::{Malformed, TokenReader};

const MAX_T: u64 = 10_000;
const MAX_N: u64 = 100_000;
const MAX_TOTAL_N: u64 = 1_000_000;
const MAX_A: u64 = (1 << 63) - 1;

pub struct Nim;

/// The reply to one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NimReply {
    /// The first player loses.
    Second,
    /// The first player wins by leaving `left` stones in heap `heap` (1-based). As read from
    /// a contestant, both may be anything; [`Problem::compare`] says why a move is illegal.
    First { heap: u64, left: u64 },
}

impl Problem for Nim {
    /// The heaps of each case.
    type Instance = Vec<Vec<u64>>;
    type Answer = Vec<NimReply>;
    const NAME: &'static str = "nim";
    const TITLE: &'static str = "Nim: who wins, and a winning move";

    fn parse_input(input: &[u8]) -> Result<Vec<Vec<u64>>, ParseError> {
        let mut total = Budget::new("total n <= 10^6", MAX_TOTAL_N);
        read_counted_cases(input, MAX_T, |r| {
            let at = r.position();
            let n = r.int("n", 1, MAX_N)?;
            total.spend(n, at)?;
            r.end_of_values()?;
            r.int_line(n as usize, "a_i", 0, MAX_A)
        })
    }

    fn write_input(cases: &Vec<Vec<u64>>) -> String {
        write_counted_cases(cases, |out, heaps| {
            push_line(out, &[heaps.len() as u64]);
            push_line(out, heaps);
        })
    }

    fn solve(cases: &Vec<Vec<u64>>) -> Vec<NimReply> {
        cases
            .iter()
            .map(|heaps| match nim_winning_moves(heaps).first() {
                Some(&(i, left)) => NimReply::First {
                    heap: i as u64 + 1,
                    left,
                },
                None => NimReply::Second,
            })
            .collect()
    }

    fn brute(cases: &Vec<Vec<u64>>) -> Result<Vec<NimReply>, TooLarge> {
        let mut solver = BruteSolver::new(&Ruleset::Nim, Play::Normal);
        cases
            .iter()
            .map(|heaps| {
                Ok(match solver.winning_moves(heaps)?.first() {
                    Some(mv) => NimReply::First {
                        heap: mv.heap as u64 + 1,
                        left: mv.stones_left(),
                    },
                    None => NimReply::Second,
                })
            })
            .collect()
    }

    fn write_answer(_cases: &Vec<Vec<u64>>, answer: &Vec<NimReply>) -> String {
        let mut out = String::new();
        for reply in answer {
            match reply {
                NimReply::Second => out.push_str("second\n"),
                NimReply::First { heap, left } => out.push_str(&format!("first {heap} {left}\n")),
            }
        }
        out
    }

    fn read_answer(
        cases: &Vec<Vec<u64>>,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Vec<NimReply>, Malformed> {
        (1..=cases.len())
            .map(|c| {
                let expected = format!("first or second for case {c}");
                Ok(match tokens.word(&expected, &["first", "second"])? {
                    0 => NimReply::First {
                        heap: tokens.u64(&format!("the heap of case {c}"), 0, u64::MAX)?,
                        left: tokens.u64(&format!("the stones left in case {c}"), 0, u64::MAX)?,
                    },
                    _ => NimReply::Second,
                })
            })
            .collect()
    }

    /// Judges every reply on the heaps alone, so any winning move is accepted.
    fn compare(
        cases: &Vec<Vec<u64>>,
        _reference: &Vec<NimReply>,
        got: &Vec<NimReply>,
    ) -> Result<(), String> {
        for (c, (heaps, reply)) in cases.iter().zip(got).enumerate() {
            refute(heaps, *reply).map_err(|why| format!("case {}: {why}", c + 1))?;
        }
        Ok(())
    }

    fn generate(gen: &mut Gen, params: &Params) -> Result<Vec<Vec<u64>>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "huge", "equal", "single", "many"],
        )?;
        let (default_t, default_n) = match mode {
            "max" => (10, Some(MAX_N)),
            "min" => (1, Some(1)),
            "single" => (gen.range(1, 10), Some(1)),
            "many" => (MAX_T, Some(100)),
            _ => (gen.range(1, 10), None),
        };
        let t = params.int("t", default_t, 1, MAX_T)?;
        let n = Size::param(params, "n", default_n, MAX_N)?;
        n.check_total("n", t, MAX_TOTAL_N, "total n <= 10^6")?;
        let max_a = params.int("max_a", if mode == "min" { 0 } else { MAX_A }, 0, MAX_A)?;
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
            shrink_list(heaps, 1, |_| 1, |&a| smaller(a, 0))
        })
    }

    fn reach(cases: &Vec<Vec<u64>>) -> Vec<Reach> {
        vec![
            reach("T", (1, MAX_T), [cases.len() as u64]),
            reach("n", (1, MAX_N), cases.iter().map(|c| c.len() as u64)),
            reach("a_i", (0, MAX_A), cases.iter().flatten().copied()),
            reach(
                "total n",
                (1, MAX_TOTAL_N),
                [cases.iter().map(|c| c.len() as u64).sum()],
            ),
        ]
    }

    /// Size: `1 + n + a_1 + … + a_n` (one case).
    fn enumerate(size: u64) -> Vec<Vec<Vec<u64>>> {
        super::enumerate::counted_lists(0, size.saturating_sub(1))
            .into_iter()
            .map(|heaps| vec![heaps])
            .collect()
    }
}

/// One case of `len` heaps as `mode` wants it.
fn random_case(gen: &mut Gen, mode: &str, len: usize, max_a: u64) -> Vec<u64> {
    let width = gen.range(1, 63);
    let top = max_a.min((1u64 << width) - 1);
    let mut heaps: Vec<u64> = match mode {
        "max" | "many" => (0..len).map(|_| gen.range(0, max_a)).collect(),
        "huge" => (0..len)
            .map(|_| max_a - gen.range(0, max_a.min(1000)) * u64::from(gen.chance(3, 4)))
            .collect(),
        "equal" => vec![gen.range(0, top); len],
        _ => (0..len).map(|_| gen.range(0, top)).collect(),
    };
    let losing_share = match mode {
        "max" | "huge" | "many" => 2,
        "random" => 3,
        _ => 0,
    };
    if losing_share > 0 && gen.chance(1, losing_share) {
        make_losing(&mut heaps, max_a);
    }
    heaps
}

/// Replaces the last heap by the xor of the others when that is allowed, so that the heaps
/// xor to 0 and the first player loses.
fn make_losing(heaps: &mut [u64], max_a: u64) {
    if let Some((last, rest)) = heaps.split_last_mut() {
        let xor = rest.iter().fold(0, |acc, &h| acc ^ h);
        if xor <= max_a {
            *last = xor;
        }
    }
}

/// `"leaving 18 stones in heap 5"` for a 0-based heap index.
fn leaving(heap: usize, left: u64) -> String {
    format!("leaving {left} stones in heap {}", heap + 1)
}

/// Why `reply` is wrong for `heaps`, if it is.
fn refute(heaps: &[u64], reply: NimReply) -> Result<(), String> {
    let xor = heaps.iter().fold(0, |acc, &h| acc ^ h);
    let (heap, left) = match reply {
        NimReply::Second if xor == 0 => return Ok(()),
        NimReply::Second => {
            let (i, left) = nim_winning_moves(heaps)[0];
            return Err(format!(
                "expected a winning move, got second - the heaps xor to {xor}, so the first \
                 player wins, e.g. by {} (the xor becomes 0)",
                leaving(i, left)
            ));
        }
        NimReply::First { heap, left } => (heap, left),
    };
    let said = format!("first {heap} {left}");
    let n = heaps.len() as u64;
    if heap == 0 || heap > n {
        return Err(format!(
            "{said}: heap {heap} does not exist (heaps are numbered 1..={n})"
        ));
    }
    let i = (heap - 1) as usize;
    if left >= heaps[i] {
        return Err(format!(
            "{said}: heap {heap} has {} stones, so leaving {left} is not a move \
             (a move leaves 0 <= x < {})",
            heaps[i], heaps[i]
        ));
    }
    let after = xor ^ heaps[i] ^ left;
    if after == 0 {
        return Ok(());
    }
    let mut next = heaps.to_vec();
    next[i] = left;
    let (j, reply_left) = nim_winning_moves(&next)[0];
    let answer = format!(
        "{said} leaves xor {after} != 0, and the opponent wins by {}",
        leaving(j, reply_left)
    );
    if xor == 0 {
        Err(format!(
            "expected second, got {answer}; the heaps xor to 0, so every move loses"
        ))
    } else {
        let (k, good) = nim_winning_moves(heaps)[0];
        Err(format!("{answer}; a winning move is {}", leaving(k, good)))
    }
}
