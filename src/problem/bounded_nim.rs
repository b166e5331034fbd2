//! Problem `bounded-nim`: game B, Nim where a move takes 1..=m stones (docs/games.md §4.3).
//!
//! A heap of `a` stones has Grundy value `a mod (m + 1)`, so the first player wins iff those
//! values xor to non-zero. `m + 1` can be `10^18 + 1`: a solution that reduces modulo `m`,
//! or in 32 bits, fails.
//!
//! Input: `T` (1 <= T <= 10^4); each case: `n m` (1 <= n <= 10^5, 1 <= m <= 10^18) / n heap
//! sizes (0 <= a_i <= 10^18); total n <= 10^6. Output per case: `first` or `second`.
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

use super::common::{
    first_mismatch, push_line, reach, read_counted_cases, shrink_list, smaller,
    write_counted_cases, Budget, Size, Winner, FIRST_SECOND,
};
use super::{ParseError, Problem, Reach};
use crate::game::brute::{BruteSolver, Play, TooLarge};
use crate::game::Ruleset;
use crate::gen::{Gen, ParamError, Params};
use crate::text::{Malformed, TokenReader};

const MAX_T: u64 = 10_000;
const MAX_N: u64 = 100_000;
const MAX_TOTAL_N: u64 = 1_000_000;
const MAX_M: u64 = 1_000_000_000_000_000_000;
const MAX_A: u64 = 1_000_000_000_000_000_000;

pub struct BoundedNim;

/// One case: at most `m` stones per move, and the heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoundedCase {
    pub m: u64,
    pub heaps: Vec<u64>,
}

impl BoundedCase {
    /// The Grundy value of a heap of `a` stones.
    fn value(&self, a: u64) -> u64 {
        a % (self.m + 1)
    }

    fn xor(&self) -> u64 {
        self.heaps.iter().fold(0, |acc, &a| acc ^ self.value(a))
    }

    /// A winning move as `(heap index, stones taken)`, if the first player wins: in a heap of
    /// value `g`, taking `k = (g - target) mod (m + 1)` stones (`1 <= k <= m`) reaches value
    /// `target = g xor X`, provided the heap has `k` stones.
    fn winning_move(&self) -> Option<(usize, u64)> {
        let xor = self.xor();
        if xor == 0 {
            return None;
        }
        let modulus = self.m + 1;
        self.heaps.iter().enumerate().find_map(|(i, &a)| {
            let g = self.value(a);
            let target = g ^ xor;
            if target >= modulus {
                return None;
            }
            let take = (g + modulus - target) % modulus;
            (take <= a).then_some((i, take))
        })
    }
}

impl Problem for BoundedNim {
    type Instance = Vec<BoundedCase>;
    type Answer = Vec<Winner>;
    const NAME: &'static str = "bounded-nim";
    const TITLE: &'static str = "Bounded Nim: take 1..m stones from one heap";

    fn parse_input(input: &[u8]) -> Result<Vec<BoundedCase>, ParseError> {
        let mut total = Budget::new("total n <= 10^6", MAX_TOTAL_N);
        read_counted_cases(input, MAX_T, |r| {
            let at = r.position();
            let n = r.int("n", 1, MAX_N)?;
            total.spend(n, at)?;
            r.space()?;
            let m = r.int("m", 1, MAX_M)?;
            r.end_of_values()?;
            let heaps = r.int_line(n as usize, "a_i", 0, MAX_A)?;
            Ok(BoundedCase { m, heaps })
        })
    }

    fn write_input(cases: &Vec<BoundedCase>) -> String {
        write_counted_cases(cases, |out, case| {
            push_line(out, &[case.heaps.len() as u64, case.m]);
            push_line(out, &case.heaps);
        })
    }

    fn solve(cases: &Vec<BoundedCase>) -> Vec<Winner> {
        cases
            .iter()
            .map(|case| Winner::from_mover_wins(case.xor() != 0))
            .collect()
    }

    fn brute(cases: &Vec<BoundedCase>) -> Result<Vec<Winner>, TooLarge> {
        cases
            .iter()
            .map(|case| {
                BruteSolver::new(&Ruleset::Bounded { m: case.m }, Play::Normal)
                    .wins(&case.heaps)
                    .map(Winner::from_mover_wins)
            })
            .collect()
    }

    fn write_answer(_cases: &Vec<BoundedCase>, answer: &Vec<Winner>) -> String {
        FIRST_SECOND.write(answer)
    }

    fn read_answer(
        cases: &Vec<BoundedCase>,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Vec<Winner>, Malformed> {
        FIRST_SECOND.read(tokens, cases.len(), "case")
    }

    fn compare(
        cases: &Vec<BoundedCase>,
        reference: &Vec<Winner>,
        got: &Vec<Winner>,
    ) -> Result<(), String> {
        let Some(c) = first_mismatch(reference, got) else {
            return Ok(());
        };
        let case = &cases[c];
        let why = match case.winning_move() {
            Some((i, take)) => format!(
                "the first player wins by taking {take} from heap {} (leaving {}); the heap \
                 values a_i mod {} then xor to 0",
                i + 1,
                case.heaps[i] - take,
                u128::from(case.m) + 1
            ),
            None => format!(
                "the heap values a_i mod {} xor to 0, so every move can be answered by one \
                 that restores xor 0",
                u128::from(case.m) + 1
            ),
        };
        Err(format!(
            "case {} (n = {}, m = {}): {} - {why}",
            c + 1,
            case.heaps.len(),
            case.m,
            FIRST_SECOND.mismatch(reference[c], got[c])
        ))
    }

    fn generate(gen: &mut Gen, params: &Params) -> Result<Vec<BoundedCase>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "huge", "one", "wide", "many"],
        )?;
        let (default_t, default_n) = match mode {
            "max" => (10, Some(MAX_N)),
            "min" => (1, Some(1)),
            "many" => (MAX_T, Some(100)),
            _ => (gen.range(1, 10), None),
        };
        let t = params.int("t", default_t, 1, MAX_T)?;
        let n = Size::param(params, "n", default_n, MAX_N)?;
        n.check_total("n", t, MAX_TOTAL_N, "total n <= 10^6")?;
        let max_m = params.int("max_m", if mode == "min" { 1 } else { MAX_M }, 1, MAX_M)?;
        let max_a = params.int("max_a", if mode == "min" { 0 } else { MAX_A }, 0, MAX_A)?;
        let cases = (0..t)
            .map(|_| {
                let len = n.draw(gen) as usize;
                random_case(gen, mode, len, max_m, max_a)
            })
            .collect();
        Ok(cases)
    }

    fn shrink(cases: &Vec<BoundedCase>) -> Vec<Vec<BoundedCase>> {
        shrink_list(
            cases,
            1,
            |case| case.heaps.len(),
            |case| {
                let mut out: Vec<BoundedCase> =
                    shrink_list(&case.heaps, 1, |_| 1, |&a| smaller(a, 0))
                        .into_iter()
                        .map(|heaps| BoundedCase { m: case.m, heaps })
                        .collect();
                out.extend(smaller(case.m, 1).into_iter().map(|m| BoundedCase {
                    m,
                    heaps: case.heaps.clone(),
                }));
                out
            },
        )
    }

    fn reach(cases: &Vec<BoundedCase>) -> Vec<Reach> {
        vec![
            reach("T", (1, MAX_T), [cases.len() as u64]),
            reach("n", (1, MAX_N), cases.iter().map(|c| c.heaps.len() as u64)),
            reach("m", (1, MAX_M), cases.iter().map(|c| c.m)),
            reach(
                "a_i",
                (0, MAX_A),
                cases.iter().flat_map(|c| c.heaps.iter().copied()),
            ),
            reach(
                "total n",
                (1, MAX_TOTAL_N),
                [cases.iter().map(|c| c.heaps.len() as u64).sum()],
            ),
        ]
    }

    /// Size: `1 + n + m + a_1 + … + a_n` (one case).
    fn enumerate(size: u64) -> Vec<Vec<BoundedCase>> {
        let rest = size.saturating_sub(1);
        (1..=rest)
            .flat_map(|m| {
                super::enumerate::counted_lists(0, rest - m)
                    .into_iter()
                    .map(move |heaps| vec![BoundedCase { m, heaps }])
            })
            .collect()
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
    let wanted = rest.iter().fold(0, |acc, &a| acc ^ case.value(a));
    if wanted >= modulus {
        return;
    }
    // Keep the last heap's multiple of m + 1 when that stays within max_a.
    let base = last - case.value(last);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_moves_leave_positions_that_brute_force_loses() {
        for m in 1..=4 {
            let mut solver = BruteSolver::new(&Ruleset::Bounded { m }, Play::Normal);
            for a in 0..=9 {
                for b in 0..=9 {
                    let case = BoundedCase {
                        m,
                        heaps: vec![a, b],
                    };
                    let wins = solver.wins(&case.heaps).expect("small");
                    let Some((i, take)) = case.winning_move() else {
                        assert!(!wins, "m = {m}, heaps {a} {b}: a winning move exists");
                        continue;
                    };
                    assert!(wins && (1..=m).contains(&take) && take <= case.heaps[i]);
                    let mut after = case.heaps.clone();
                    after[i] -= take;
                    assert!(!solver.wins(&after).expect("small"), "{case:?} {i} {take}");
                }
            }
        }
    }
}
