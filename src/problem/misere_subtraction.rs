//! Problem `misere-subtraction` (docs/games.md §4.6, seed 004): one heap of `n` stones, a move
//! removes `s in S` stones (`s <=` heap), and **the player who cannot move wins**. This is not
//! Sprague-Grundy: the reference is retrograde analysis, one table per distinct set, cut short
//! by a *proven* period of the table; the sets without an early period (they exist: some
//! `{a, b, t-b, t-a, t}` run past 10^6) are swept together, one set per bit of a word.
//!
//! Input: `T` / T lines `n k s1 ... sk` (the removals in any order, repeats allowed; bounds:
//! `T`, `HEAP`, `K`, `S` below). Output per case: `first` or `second`. The tables and the sweep
//! are [`crate::game::misere`]'s.
//!
//! # Generator parameters
//! - `mode` (default `random`):
//!   - `random`: sets of random size, heaps half small (up to 4 times the largest removal),
//!     half anywhere up to `max_n`;
//!   - `max`: 1000 cases, heaps of 10^6, sets of 10 removals containing 100;
//!   - `min`: one case `0 1 1`;
//!   - `with-one` / `without-one`: every set contains 1 / none does (solutions that
//!     special-case `1 in S`, or play normal play);
//!   - `heap-zero`: heaps where no move exists (0, and below the smallest removal) mixed with
//!     heaps just above it (solutions that forget that the player who cannot move wins);
//!   - `long-period`: sets `{a, b, t-b, t-a, t}` chosen to show no period within the first
//!     `min(max_n, 16384)` heaps, heaps within 1000 of `max_n` (solutions that guess a period
//!     from a prefix; the reference's own worst case).
//! - `t` (1..=1000): number of cases; default 1..=10 at random, or as the mode says.
//! - `max_n` (0..=10^6): largest heap; default 10^6 (0 in `min`).
//! - `k` (1..=10): removals in every set; default 1..=10 at random per case, or as the mode
//!   says.
//! - `max_s` (1..=100, at least 2 for `without-one` and `long-period`): largest removal;
//!   default 100 (1 in `min`).

use super::answer::{Winner, FIRST_SECOND};
use super::enumerate::counted_lists;
use super::format::{push_line, Constraint, InputFormat, Int, Listing, Reader};
use super::shrink::{shrink_list, smaller};
use super::size::Size;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::game::brute::{Play, Solvers, TooLarge};
use crate::game::misere::{misere_subtraction_wins, MisereTable, CYCLE_BUDGET};
use crate::game::ruleset::subtraction_set;
use crate::game::Ruleset;
use crate::gen::{Gen, ParamError, Params};

const T: Int = Int::new("T", 1, 1000, "the number of games");
const HEAP: Int = Int::new("n", 0, 1_000_000, "the heap size");
const K: Int = Int::new("k", 1, 10, "the size of S (repeats counted)");
const S: Int = Int::new("s_i", 1, 100, "an element of S");

pub struct MisereSubtraction;

/// One case: a heap and the removal set as written (order and repeats kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub heap: u64,
    pub set: Vec<u64>,
}

impl Case {
    /// The removal set sorted and without repeats: the game it defines.
    fn rules(&self) -> Vec<u64> {
        subtraction_set(&self.set)
    }
}

/// Why `winner` is right for `case`, in the game's terms.
fn explain(case: &Case, winner: Winner) -> String {
    let set = case.rules();
    let n = case.heap;
    let table = MisereTable::full(&set, n);
    let movable: Vec<u64> = set.iter().copied().filter(|&s| s <= n).collect();
    if movable.is_empty() {
        return format!(
            "no move is possible from a heap of {n} (the smallest removal is {}), and the \
             player who cannot move wins",
            set[0]
        );
    }
    match winner {
        Winner::First => match movable.iter().find(|&&s| !table.wins(n - s)) {
            Some(s) => format!(
                "the first player wins by taking {s} stone{}, leaving {}, from which the player \
                 to move loses",
                if *s == 1 { "" } else { "s" },
                n - s
            ),
            None => "the reference found no winning move (judge error)".to_string(),
        },
        Winner::Second => {
            let options: Vec<String> = movable
                .iter()
                .map(|s| format!("taking {s} leaves {}", n - s))
                .collect();
            format!(
                "every move leaves a heap that the player to move wins ({})",
                options.join(", ")
            )
        }
    }
}

/// A set `{a, b, t-b, t-a, t}` (`t <= max_s`, shuffled) whose windows show no period up to
/// `min(max_n, CYCLE_BUDGET)` heaps, if one is found within a few dozen tries. Such
/// symmetric sets often have preperiod plus period beyond 10^6: they defeat solutions that
/// guess a period from a prefix, and they are the reference's own worst case.
fn long_period_set(gen: &mut Gen, max_s: u64, max_n: u64) -> Vec<u64> {
    let mut candidate = Vec::new();
    for _ in 0..64 {
        let t = gen.range(max_s.min(4), max_s);
        let (a, b) = (gen.range(1, t / 2), gen.range(1, t / 2));
        candidate = vec![a, b, t - b, t - a, t];
        gen.shuffle(&mut candidate);
        let mut rules = candidate.clone();
        rules.sort_unstable();
        rules.dedup();
        if MisereTable::new(&rules, max_n, CYCLE_BUDGET).is_none_or(|table| table.period.is_none())
        {
            break;
        }
    }
    candidate
}

impl TypedProblem for MisereSubtraction {
    type Header = ();
    type Case = Case;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        InputFormat {
            listing: Listing::Counted(T),
            constraints: [T, HEAP, K, S].map(Constraint::Int).to_vec(),
            unit: "case",
        }
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<Case, ParseError> {
        let heap = r.int(&HEAP)?;
        r.space()?;
        let set = r.counted_ints(&K, &S)?;
        Ok(Case { heap, set })
    }

    fn write_case(&self, _: &(), case: &Case, out: &mut String) {
        push_line(
            out,
            &[&[case.heap, case.set.len() as u64], &case.set[..]].concat(),
        );
    }

    fn solve(&self, _: &(), case: &Case) -> Winner {
        Winner::from_mover_wins(MisereTable::full(&case.rules(), case.heap).wins(case.heap))
    }

    /// One table per distinct set, and one sweep for the sets without an early period.
    fn solve_all(&self, _: &(), cases: &[Case]) -> Vec<Winner> {
        let queries: Vec<(Vec<u64>, u64)> = cases.iter().map(|c| (c.rules(), c.heap)).collect();
        let wins = misere_subtraction_wins(&queries);
        wins.into_iter().map(Winner::from_mover_wins).collect()
    }

    fn brute(&self, _: &(), case: &Case, memo: &mut Solvers) -> Result<Winner, TooLarge> {
        let solver = memo.get(&Ruleset::Subtraction { set: case.rules() }, Play::Misere);
        solver.wins(&[case.heap]).map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &(), case: &Case, want: &Winner, got: &Winner) -> Ruling {
        let place = || {
            let set: Vec<String> = case.rules().iter().map(u64::to_string).collect();
            format!(" (heap {}, S = {{{}}})", case.heap, set.join(", "))
        };
        let why = || explain(case, *want);
        FIRST_SECOND.unless_equal(want, got, place, why)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &[
                "random",
                "max",
                "min",
                "with-one",
                "without-one",
                "heap-zero",
                "long-period",
            ],
        )?;
        let (default_t, default_n, default_k, default_s) = match mode {
            "max" => (T.hi, HEAP.hi, Some(K.hi), S.hi),
            "min" => (1, 0, Some(1), 1),
            _ => (gen.range(1, 10), HEAP.hi, None, S.hi),
        };
        let t = params.int("t", default_t, T.lo, T.hi)?;
        let max_n = params.int("max_n", default_n, HEAP.lo, HEAP.hi)?;
        let k = Size::param(params, "k", default_k, &K)?;
        let lowest = if matches!(mode, "without-one" | "long-period") {
            2
        } else {
            1
        };
        let max_s = params.int("max_s", default_s.max(lowest), lowest, S.hi)?;
        let cases = (0..t)
            .map(|_| random_case(gen, mode, k, max_n, max_s))
            .collect();
        Ok(Instance { header: (), cases })
    }

    fn shrink_case(&self, _: &(), case: &Case) -> Vec<Case> {
        let mut heaps = heaps_like(case);
        for heap in smaller(case.heap, HEAP.lo) {
            if !heaps.contains(&heap) {
                heaps.push(heap);
            }
        }
        let mut out: Vec<Case> = heaps
            .into_iter()
            .map(|heap| Case {
                heap,
                set: case.set.clone(),
            })
            .collect();
        let sets = shrink_list(&case.set, 1, |_| 1, |&s| smaller(s, S.lo));
        out.extend(sets.into_iter().map(|set| Case {
            heap: case.heap,
            set,
        }));
        out
    }

    fn weight(&self, case: &Case) -> usize {
        case.set.len() + 1
    }

    /// Size: `n + k + s_1 + … + s_k`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        Box::new((HEAP.lo..=size.min(HEAP.hi)).flat_map(move |heap| {
            counted_lists(K, S, size - heap).map(move |set| ((), Case { heap, set }))
        }))
    }
}

/// Smaller heaps that play like `case.heap`: the same place in the proven period of the
/// table, then the smallest heap with the same winner (shrinking keeps the structure of a
/// failing case rather than jumping to unrelated heaps).
fn heaps_like(case: &Case) -> Vec<u64> {
    let set = case.rules();
    let Some(table) = MisereTable::new(&set, case.heap, CYCLE_BUDGET) else {
        return Vec::new();
    };
    let wins = table.wins(case.heap);
    let mut out = Vec::new();
    if let Some(period) = table.period {
        let same_place = period.reduce(case.heap);
        if same_place < case.heap {
            out.push(same_place);
        }
    }
    if let Some(first) = (0..case.heap).find(|&h| table.wins(h) == wins) {
        if !out.contains(&first) {
            out.push(first);
        }
    }
    out
}

/// One case as `mode` wants it, with a set of `k` removals.
fn random_case(gen: &mut Gen, mode: &str, k: Size, max_n: u64, max_s: u64) -> Case {
    if mode == "long-period" {
        return Case {
            heap: max_n - gen.range(0, max_n.min(1000)),
            set: long_period_set(gen, max_s, max_n),
        };
    }
    let k = k.draw(gen);
    let lowest = if mode == "without-one" { 2 } else { 1 };
    let mut set: Vec<u64> = (0..k).map(|_| gen.range(lowest, max_s)).collect();
    match mode {
        "max" | "min" => set[0] = max_s,
        "with-one" => set[0] = 1,
        _ => {}
    }
    gen.shuffle(&mut set);
    let smallest = set.iter().copied().min().unwrap_or(1);
    let largest = set.iter().copied().max().unwrap_or(1);
    let heap = match mode {
        "max" | "min" => max_n,
        "heap-zero" => match gen.below(3) {
            0 => 0,
            1 => gen.range(0, smallest - 1),
            _ => smallest + gen.range(0, smallest),
        }
        .min(max_n),
        _ if gen.chance(1, 2) => gen.range(0, max_n.min(4 * largest)),
        _ => gen.range(0, max_n),
    };
    Case { heap, set }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Some sets really have no period within the budget, so the sweep is not dead weight.
    #[test]
    fn some_symmetric_sets_outrun_the_cycle_budget() {
        let mut gen = Gen::new(5);
        let slow = (0..40)
            .filter(|_| {
                let mut set = long_period_set(&mut gen, S.hi, HEAP.hi);
                set.sort_unstable();
                set.dedup();
                MisereTable::new(&set, HEAP.hi, CYCLE_BUDGET).is_none()
            })
            .count();
        assert!(slow > 0);
    }
}
