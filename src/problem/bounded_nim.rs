//! Problem `bounded-nim`: game B, Nim where a move takes 1..=m stones (docs/games.md §4.3).
//!
//! A heap of `a` stones has Grundy value `a mod (m + 1)`, so the first player wins iff those
//! values xor to non-zero. `m + 1` can be `10^18 + 1`: a solution that reduces modulo `m`,
//! or in 32 bits, fails.
//!
//! Input: `T`; each case: `n m` / n heap sizes `a_i` (bounds: `T`, `N`, `M`, `A`, `TOTAL_N`
//! below). Output per case: `first` or `second`.
//!
//! Generator parameters:
//! - `mode` (default `random`):
//!   - `random`: `m` and the heaps of each case at a random scale (small, medium or up to
//!     10^18), a third of the cases made losing;
//!   - `max`: 10 cases of 10^5 heaps (total n = 10^6), `m` and heaps up to 10^18;
//!   - `min`: one case, one empty heap, `m = 1`;
//!   - `huge`: `m` and heaps within 1000 of their bounds (10^18), a quarter exactly at it;
//!   - `one`: `m = 1` (the winner is decided by the parity of each heap);
//!   - `wide`: `m` at least every heap (plain Nim);
//!   - `many`: 10^4 cases of 100 heaps.
//! - `t` (1..=10^4): number of cases; default 1..=10 at random, or as the mode says.
//! - `n` (1..=10^5): heaps in every case; default 1..=10 at random per case, or as the mode
//!   says. `t * n` must stay within the total of 10^6.
//! - `max_m` (1..=10^18) and `max_a` (0..=10^18): upper bounds for `m` and the heaps.

use super::answer::{Winner, FIRST_SECOND};
use super::enumerate::counted_lists;
use super::format::{push_line, Constraint, InputFormat, Int, Listing, Reader, Total};
use super::shrink::{shrink_list, smaller};
use super::size::Size;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::game::brute::{Play, Solvers, TooLarge};
use crate::game::moves::{bounded_sum_value, bounded_value, bounded_winning_move};
use crate::game::Ruleset;
use crate::gen::{Gen, ParamError, Params};

const T: Int = Int::new("T", 1, 10_000, "the number of games");
const N: Int = Int::new("n", 1, 100_000, "the number of heaps of a game");
const M: Int = Int::new("m", 1, 10u64.pow(18), "the most stones one move takes");
const A: Int = Int::new("a_i", 0, 10u64.pow(18), "the size of a heap (may be 0)");
const TOTAL_N: Total = Total::new("total n", "n", 1, 10u64.pow(6), "n summed over all games");

pub struct BoundedNim;

/// One case: at most `m` stones per move, and the heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoundedCase {
    pub m: u64,
    pub heaps: Vec<u64>,
}

impl TypedProblem for BoundedNim {
    type Header = ();
    type Case = BoundedCase;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        let [t, n, m, a] = [T, N, M, A].map(Constraint::Int);
        InputFormat {
            listing: Listing::Counted(T),
            constraints: vec![t, n, m, a, Constraint::Total(TOTAL_N)],
            unit: "case",
        }
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<BoundedCase, ParseError> {
        let n = r.int(&N)?;
        r.space()?;
        let m = r.int(&M)?;
        r.end_of_values()?;
        let heaps = r.ints(n, &A)?;
        Ok(BoundedCase { m, heaps })
    }

    fn write_case(&self, _: &(), case: &BoundedCase, out: &mut String) {
        push_line(out, &[case.heaps.len() as u64, case.m]);
        push_line(out, &case.heaps);
    }

    fn solve(&self, _: &(), case: &BoundedCase) -> Winner {
        Winner::from_mover_wins(bounded_sum_value(case.m, &case.heaps) != 0)
    }

    fn brute(&self, _: &(), case: &BoundedCase, memo: &mut Solvers) -> Result<Winner, TooLarge> {
        let solver = memo.get(&Ruleset::Bounded { m: case.m }, Play::Normal);
        solver.wins(&case.heaps).map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &(), case: &BoundedCase, want: &Winner, got: &Winner) -> Ruling {
        let place = || format!(" (n = {}, m = {})", case.heaps.len(), case.m);
        let modulus = u128::from(case.m) + 1;
        let why = || match bounded_winning_move(case.m, &case.heaps) {
            Some((i, take)) => format!(
                "the first player wins by taking {take} from heap {} (leaving {}); the heap \
                 values a_i mod {modulus} then xor to 0",
                i + 1,
                case.heaps[i] - take,
            ),
            None => format!(
                "the heap values a_i mod {modulus} xor to 0, so every move can be answered by \
                 one that restores xor 0",
            ),
        };
        FIRST_SECOND.unless_equal(want, got, place, why)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "huge", "one", "wide", "many"],
        )?;
        let (default_t, default_n) = match mode {
            "max" => (10, Some(N.hi)),
            "min" => (1, Some(1)),
            "many" => (T.hi, Some(100)),
            _ => (gen.range(1, 10), None),
        };
        let t = params.int("t", default_t, T.lo, T.hi)?;
        let n = Size::param(params, "n", default_n, &N)?;
        n.check_total("n", t, &TOTAL_N)?;
        let max_m = params.int("max_m", if mode == "min" { 1 } else { M.hi }, M.lo, M.hi)?;
        let max_a = params.int("max_a", if mode == "min" { 0 } else { A.hi }, A.lo, A.hi)?;
        let cases = (0..t)
            .map(|_| {
                let len = n.draw(gen) as usize;
                random_case(gen, mode, len, max_m, max_a)
            })
            .collect();
        Ok(Instance { header: (), cases })
    }

    fn shrink_case(&self, _: &(), case: &BoundedCase) -> Vec<BoundedCase> {
        let heaps = shrink_list(&case.heaps, 1, |_| 1, |&a| smaller(a, A.lo));
        let mut out: Vec<BoundedCase> = heaps
            .into_iter()
            .map(|heaps| BoundedCase { m: case.m, heaps })
            .collect();
        out.extend(smaller(case.m, M.lo).into_iter().map(|m| BoundedCase {
            m,
            heaps: case.heaps.clone(),
        }));
        out
    }

    fn weight(&self, case: &BoundedCase) -> usize {
        case.heaps.len()
    }

    /// Size: `n + m + a_1 + … + a_n`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        Box::new((M.lo..=size.min(M.hi)).flat_map(move |m| {
            counted_lists(N, A, size - m).map(move |heaps| ((), BoundedCase { m, heaps }))
        }))
    }
}

/// A number in `lo..=hi` at a random scale: below 10, below 1000, or anywhere.
fn scaled(gen: &mut Gen, lo: u64, hi: u64) -> u64 {
    let top = match gen.below(3) {
        0 => hi.min(lo.saturating_add(9)),
        1 => hi.min(lo.saturating_add(999)),
        _ => hi,
    };
    gen.range(lo, top)
}

/// One case of `len` heaps as `mode` wants it.
fn random_case(gen: &mut Gen, mode: &str, len: usize, max_m: u64, max_a: u64) -> BoundedCase {
    let near_top = |gen: &mut Gen, top: u64, lo: u64| {
        top - gen.range(0, (top - lo).min(1000)) * u64::from(gen.chance(3, 4))
    };
    let (m, heaps): (u64, Vec<u64>) = match mode {
        "max" | "many" => (
            gen.range(1, max_m),
            (0..len).map(|_| gen.range(0, max_a)).collect(),
        ),
        "huge" => (
            near_top(gen, max_m, 1),
            (0..len).map(|_| near_top(gen, max_a, 0)).collect(),
        ),
        "one" => (1, (0..len).map(|_| scaled(gen, 0, max_a)).collect()),
        "wide" => {
            let heaps: Vec<u64> = (0..len).map(|_| scaled(gen, 0, max_a)).collect();
            let largest = heaps.iter().copied().max().unwrap_or(0).clamp(1, max_m);
            (gen.range(largest, max_m), heaps)
        }
        _ => {
            let m = scaled(gen, 1, max_m);
            let top = max_a.min(m.saturating_mul(gen.range(1, 10)).saturating_add(m));
            (m, (0..len).map(|_| scaled(gen, 0, top)).collect())
        }
    };
    let mut case = BoundedCase { m, heaps };
    if mode != "min" && gen.chance(1, 3) {
        make_losing(&mut case, max_a);
    }
    case
}

/// Changes the last heap, when possible, so that the values xor to 0: the first player loses.
fn make_losing(case: &mut BoundedCase, max_a: u64) {
    let Some((&last, rest)) = case.heaps.split_last() else {
        return;
    };
    let modulus = case.m + 1;
    let wanted = bounded_sum_value(case.m, rest);
    if wanted >= modulus {
        return;
    }
    // Keep the last heap's multiple of m + 1 when that stays within max_a.
    let base = last - bounded_value(case.m, last);
    let replacement = base
        .checked_add(wanted)
        .filter(|&a| a <= max_a)
        .unwrap_or(wanted);
    if replacement <= max_a {
        if let Some(slot) = case.heaps.last_mut() {
            *slot = replacement;
        }
    }
}
