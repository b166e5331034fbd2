//! Problem `nim`: game A with a winning move (docs/games.md §4.2).
//!
//! A move takes any positive number of stones from one heap; who cannot move loses. The first
//! player wins iff the heaps xor to a non-zero `X` (Bouton), and a winning move leaves
//! `a_i xor X` in a heap where that is smaller than `a_i`. Any winning move is accepted.
//!
//! Input: `T`; each case: `n` / n heap sizes `a_i` (bounds: `T`, `N`, `A`, `TOTAL_N` below).
//! Output per case: `second` if the first player loses, otherwise `first i x`: leave heap i
//! (1-based) with x stones (0 <= x < a_i).
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

use super::answer::{Mismatch, MoveReply};
use super::enumerate::counted_lists;
use super::format::{push_counted, Constraint, InputFormat, Int, Listing, Reader, Total};
use super::shrink::{shrink_list, smaller};
use super::size::Size;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::game::brute::{Play, Solvers, TooLarge};
use crate::game::moves::nim_winning_moves;
use crate::game::Ruleset;
use crate::gen::{Gen, ParamError, Params};

const T: Int = Int::new("T", 1, 10_000, "the number of games");
const N: Int = Int::new("n", 1, 100_000, "the number of heaps of a game");
const A: Int = Int::new("a_i", 0, i64::MAX as u64, "the size of a heap (may be 0)");
const TOTAL_N: Total = Total::new("total n", "n", 1, 10u64.pow(6), "n summed over all games");

/// A case is the heaps of one game.
pub struct Nim;

impl TypedProblem for Nim {
    type Header = ();
    type Case = Vec<u64>;
    type Answer = MoveReply;

    fn format(&self) -> InputFormat {
        let [t, n, a] = [T, N, A].map(Constraint::Int);
        InputFormat {
            listing: Listing::Counted(T),
            constraints: vec![t, n, a, Constraint::Total(TOTAL_N)],
            unit: "case",
        }
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<Vec<u64>, ParseError> {
        r.count_then_ints(&N, &A)
    }

    fn write_case(&self, _: &(), heaps: &Vec<u64>, out: &mut String) {
        push_counted(out, heaps);
    }

    fn solve(&self, _: &(), heaps: &Vec<u64>) -> MoveReply {
        MoveReply::from_move(nim_winning_moves(heaps).first().copied())
    }

    fn brute(&self, _: &(), heaps: &Vec<u64>, memo: &mut Solvers) -> Result<MoveReply, TooLarge> {
        let solver = memo.get(&Ruleset::Nim, Play::Normal);
        let moves = solver.winning_moves(heaps)?;
        Ok(MoveReply::from_move(
            moves.first().map(|mv| (mv.heap, mv.stones_left())),
        ))
    }

    /// Judges the reply on the heaps alone, so any winning move is accepted.
    fn judge(&self, _: &(), heaps: &Vec<u64>, _: &MoveReply, got: &MoveReply) -> Ruling {
        refute(heaps, *got).map_err(Mismatch::from)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "huge", "equal", "single", "many"],
        )?;
        let (default_t, default_n) = match mode {
            "max" => (10, Some(N.hi)),
            "min" => (1, Some(1)),
            "single" => (gen.range(1, 10), Some(1)),
            "many" => (T.hi, Some(100)),
            _ => (gen.range(1, 10), None),
        };
        let t = params.int("t", default_t, T.lo, T.hi)?;
        let n = Size::param(params, "n", default_n, &N)?;
        n.check_total("n", t, &TOTAL_N)?;
        let max_a = params.int("max_a", if mode == "min" { 0 } else { A.hi }, A.lo, A.hi)?;
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

    /// Size: `n + a_1 + … + a_n`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        Box::new(counted_lists(N, A, size).map(|heaps| ((), heaps)))
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
fn refute(heaps: &[u64], reply: MoveReply) -> Result<(), String> {
    let xor = heaps.iter().fold(0, |acc, &h| acc ^ h);
    let (heap, left) = match reply {
        MoveReply::Second if xor == 0 => return Ok(()),
        MoveReply::Second => {
            let (i, left) = nim_winning_moves(heaps)[0];
            return Err(format!(
                "expected a winning move, got second - the heaps xor to {xor}, so the first \
                 player wins, e.g. by {} (the xor becomes 0)",
                leaving(i, left)
            ));
        }
        MoveReply::First { heap, left } => (heap, left),
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
