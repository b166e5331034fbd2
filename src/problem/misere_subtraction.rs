//! Problem `misere-subtraction` (GAMES.md §4.6, seed 004): one heap of `n` stones, a move
//! removes `s ∈ S` stones (`s ≤` heap), and **the player who cannot move wins**. This is not
//! Sprague–Grundy: the reference is retrograde analysis, made fast by a *proven* period.
//!
//! Input: `T` (1 ≤ T ≤ 1000) / T lines `n k s1 … sk` (0 ≤ n ≤ 10^6, 1 ≤ k ≤ 10,
//! 1 ≤ s_i ≤ 100, any order, repeats allowed). Output per case: `first` or `second`.
//!
//! # Generator parameters
//! - `mode`: `random` (default) — every quantity drawn up to its bound, heaps skewed to small;
//!   `max` — `T`, `n`, `k` and the largest `s` of every set at their bounds; `min` — one case
//!   `0 1 1` (reads no other parameter); `with-one` / `without-one` — every set contains 1 /
//!   none does (solutions that special-case `1 ∈ S` or normal play); `heap-zero` — heaps where
//!   no move exists (0 and below the smallest `s`) mixed with heaps just above;
//!   `long-period` — sets `{a, b, t-b, t-a, t}` chosen to show no period for the first
//!   `min(max-n, 16384)` heaps, with heaps within 1000 of `max-n` (defeats guessed periods).
//! - `max-t` (1..=1000, default 10; 1000 in `max`): number of cases.
//! - `max-n` (0..=10^6, default 10^6): largest heap.
//! - `max-k` (1..=10, default 10): largest set size.
//! - `max-s` (1..=100, default 100): largest removal.

use std::collections::HashMap;

use super::helpers::{fewer, join, lower_values, min_max, FINE};
use super::winner::{Winner, FIRST_SECOND};
use super::{ParseError, Problem, Reach, StrictReader};
use crate::check::{Malformed, TokenReader};
use crate::game::brute::{BruteSolver, Play, TooLarge};
use crate::game::{Period, Ruleset};
use crate::gen::{Gen, ParamError, Params};

const MAX_T: u64 = 1000;
const MAX_HEAP: u64 = 1_000_000;
const MAX_K: u64 = 10;
const MAX_S: u64 = 100;

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
        let mut set = self.set.clone();
        set.sort_unstable();
        set.dedup();
        set
    }
}

/// How many heaps past the largest removal Brent's search examines for one set before the set
/// is handed to the lane-parallel [`sweep`]. Most sets cycle far sooner; some (for example
/// `{a, b, t-b, t-a, t}`) have windows whose preperiod plus period exceeds 10^6.
const CYCLE_BUDGET: usize = 1 << 14;

/// Whether the player to move wins a misère heap, for one removal set, for every heap size.
///
/// For `n ≥ t` (t = the largest removal) every move is available, so `W(n)` is a fixed function
/// of the *window* `W(n-t..n)`; the windows follow a deterministic map of t-bit states. When
/// the window at `n + p` equals the window at `n`, every later window repeats with period `p`,
/// so `W(m + p) = W(m)` for every `m ≥ n - t`: a period proven, not guessed. Brent's cycle
/// search finds such a repeat within a small multiple of (preperiod + period) steps; the table
/// stops there, or at the largest heap asked about, whichever comes first.
struct MisereTable {
    /// `wins[n]`: the player to move wins a heap of `n`.
    wins: Vec<bool>,
    /// Set once a repeated window proves the period; `wins` then covers one full period.
    period: Option<Period>,
}

impl MisereTable {
    /// The table for `set` (sorted, distinct, values in 1..=100), reaching `upto` or a proven
    /// period; `None` if neither happens within `budget` heaps past the largest removal.
    fn new(set: &[u64], upto: u64, budget: usize) -> Option<MisereTable> {
        let t = set.last().map_or(0, |&s| s as usize);
        let upto = upto as usize;
        let mut wins: Vec<bool> = Vec::new();
        // Below t some removals are too large: no move at all is a win, else look for a move
        // to a lost heap.
        for n in 0..=upto.min(t.saturating_sub(1)) {
            let options: Vec<usize> = set
                .iter()
                .map(|&s| s as usize)
                .filter(|&s| s <= n)
                .collect();
            wins.push(options.is_empty() || options.iter().any(|&s| !wins[n - s]));
        }
        if upto < t {
            return Some(MisereTable { wins, period: None });
        }
        // Bit i of `window` is W(n - 1 - i); bit s-1 of `moves` marks removal s.
        let full: u128 = if t == 128 { !0 } else { (1u128 << t) - 1 };
        let moves: u128 = set.iter().fold(0, |acc, &s| acc | 1u128 << (s - 1));
        let mut window: u128 = wins
            .iter()
            .rev()
            .enumerate()
            .fold(0, |acc, (i, &w)| acc | u128::from(w) << i);
        let (mut saved, mut saved_at, mut next_save) = (window, t, t + 1);
        for n in t..=upto {
            if n > saved_at && window == saved {
                let period = Period {
                    preperiod: (saved_at - t) as u64,
                    period: (n - saved_at) as u64,
                };
                return Some(MisereTable {
                    wins,
                    period: Some(period),
                });
            }
            if n - t == budget {
                return None;
            }
            if n == next_save {
                (saved, saved_at) = (window, n);
                next_save = t + 2 * (n - t);
            }
            let w = !window & moves != 0;
            wins.push(w);
            window = (window << 1 | u128::from(w)) & full;
        }
        Some(MisereTable { wins, period: None })
    }

    /// The complete table up to `upto`, however long the search takes.
    fn full(set: &[u64], upto: u64) -> MisereTable {
        MisereTable::new(set, upto, usize::MAX).unwrap_or(MisereTable {
            wins: Vec::new(),
            period: None,
        })
    }

    /// W(n); `n` must be at most the `upto` the table was built for.
    fn wins(&self, n: u64) -> bool {
        let index = self.period.map_or(n, |p| p.reduce(n));
        self.wins[index as usize]
    }
}

/// 64-bit words per lane vector of [`sweep`]: 256 sets side by side.
const LANE_WORDS: usize = 4;
const LANES: usize = 64 * LANE_WORDS;
type Lanes = [u64; LANE_WORDS];

/// One removal set and the cases that ask about it: `(case index, heap)`.
type Queries = (Vec<u64>, Vec<(usize, u64)>);

/// Plain retrograde analysis for up to [`LANES`] sets at once, set `l` in bit `l` of a lane
/// vector: `W_l(n)` is true if no removal of `S_l` fits, else iff `W_l(n - s)` is false for
/// some `s ∈ S_l`. Each heap costs one AND and one OR of lane vectors per removal in the union
/// of the sets, shared by all lanes; this bounds the worst case (sets that do not cycle within
/// [`CYCLE_BUDGET`], at heaps of 10^6) without trusting any period.
fn sweep(group: &[Queries], answers: &mut [Winner]) {
    let mut masks: Vec<(usize, Lanes)> = Vec::new();
    for s in 1..=MAX_S as usize {
        let mut mask = [0; LANE_WORDS];
        for (lane, (set, _)) in group.iter().enumerate() {
            if set.contains(&(s as u64)) {
                mask[lane / 64] |= 1 << (lane % 64);
            }
        }
        if mask != [0; LANE_WORDS] {
            masks.push((s, mask));
        }
    }
    let mut events: Vec<(usize, usize, usize)> = group
        .iter()
        .enumerate()
        .flat_map(|(lane, (_, queries))| {
            queries
                .iter()
                .map(move |&(case, heap)| (heap as usize, lane, case))
        })
        .collect();
    events.sort_unstable();
    let upto = events.last().map_or(0, |e| e.0);
    // lost[n % 128]: lanes where the player to move loses a heap of n (128 > every removal).
    let mut lost = [[0u64; LANE_WORDS]; 128];
    let mut next_event = 0;
    for n in 0..=upto {
        let mut win = [0u64; LANE_WORDS];
        if n < MAX_S as usize {
            let mut movable = [0u64; LANE_WORDS];
            for &(s, mask) in masks.iter().take_while(|(s, _)| *s <= n) {
                let before = &lost[(n - s) % 128];
                for w in 0..LANE_WORDS {
                    win[w] |= mask[w] & before[w];
                    movable[w] |= mask[w];
                }
            }
            (0..LANE_WORDS).for_each(|w| win[w] |= !movable[w]);
        } else {
            for &(s, mask) in &masks {
                let before = &lost[(n - s) % 128];
                for w in 0..LANE_WORDS {
                    win[w] |= mask[w] & before[w];
                }
            }
        }
        lost[n % 128] = win.map(|w| !w);
        while let Some(&(heap, lane, case)) = events.get(next_event).filter(|e| e.0 == n) {
            let first_wins = win[lane / 64] >> (lane % 64) & 1 == 1;
            answers[case] = Winner::from_first_wins(first_wins);
            debug_assert_eq!(heap, n);
            next_event += 1;
        }
    }
}

/// The answer to every case: per distinct removal set, a table with a proven period (or up to
/// the largest heap asked); the sets that do not cycle soon enough are swept together.
fn solve_cases(cases: &[Case]) -> Vec<Winner> {
    let mut by_set: HashMap<Vec<u64>, Vec<(usize, u64)>> = HashMap::new();
    for (i, case) in cases.iter().enumerate() {
        by_set.entry(case.rules()).or_default().push((i, case.heap));
    }
    let mut answers = vec![Winner::Second; cases.len()];
    let mut slow: Vec<Queries> = Vec::new();
    for (set, queries) in by_set {
        let upto = queries.iter().map(|q| q.1).max().unwrap_or(0);
        match MisereTable::new(&set, upto, CYCLE_BUDGET) {
            Some(table) => {
                for &(case, heap) in &queries {
                    answers[case] = Winner::from_first_wins(table.wins(heap));
                }
            }
            None => slow.push((set, queries)),
        }
    }
    // Sets with similar largest heaps share a sweep, so no sweep runs far for one lane only.
    slow.sort_by_key(|(_, queries)| std::cmp::Reverse(queries.iter().map(|q| q.1).max()));
    for group in slow.chunks(LANES) {
        sweep(group, &mut answers);
    }
    answers
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

/// A set `{a, b, t-b, t-a, t}` (t ≤ `max_s`, shuffled) whose windows show no period up to
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

impl Problem for MisereSubtraction {
    type Instance = Vec<Case>;
    type Answer = Vec<Winner>;
    const NAME: &'static str = "misere-subtraction";
    const TITLE: &'static str = "One heap, removals from a set, whoever cannot move wins";

    fn parse_input(input: &[u8]) -> Result<Vec<Case>, ParseError> {
        let mut reader = StrictReader::new(input);
        let t = reader.int("T", 1, MAX_T)?;
        reader.newline()?;
        let mut cases = Vec::with_capacity(t as usize);
        for _ in 0..t {
            let heap = reader.int("n", 0, MAX_HEAP)?;
            reader.space()?;
            let k = reader.int("k", 1, MAX_K)?;
            reader.space()?;
            let set = reader.int_line(k as usize, "s_i", 1, MAX_S)?;
            cases.push(Case { heap, set });
        }
        reader.eof()?;
        Ok(cases)
    }

    fn write_input(cases: &Vec<Case>) -> String {
        let mut out = format!("{}\n", cases.len());
        for case in cases {
            out.push_str(&format!("{} {}", case.heap, case.set.len()));
            for s in &case.set {
                out.push_str(&format!(" {s}"));
            }
            out.push('\n');
        }
        out
    }

    fn solve(cases: &Vec<Case>) -> Vec<Winner> {
        solve_cases(cases)
    }

    fn brute(cases: &Vec<Case>) -> Result<Vec<Winner>, TooLarge> {
        cases
            .iter()
            .map(|case| {
                let rules = Ruleset::Subtraction { set: case.rules() };
                BruteSolver::new(&rules, Play::Misere)
                    .wins(&[case.heap])
                    .map(Winner::from_first_wins)
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
        FIRST_SECOND.read(tokens, cases.len())
    }

    fn compare(
        cases: &Vec<Case>,
        reference: &Vec<Winner>,
        got: &Vec<Winner>,
    ) -> Result<(), String> {
        match FIRST_SECOND.first_difference(reference, got) {
            None => Ok(()),
            Some(i) => {
                let case = &cases[i];
                Err(format!(
                    "case {} (heap {}, S = {{{}}}): {} — {}",
                    i + 1,
                    case.heap,
                    join(&case.rules()),
                    FIRST_SECOND.mismatch(reference[i], got[i]),
                    explain(case, reference[i])
                ))
            }
        }
    }

    fn generate(gen: &mut Gen, params: &Params) -> Result<Vec<Case>, ParamError> {
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
        if mode == "min" {
            return Ok(vec![Case {
                heap: 0,
                set: vec![1],
            }]);
        }
        let max_t = params.int("max-t", if mode == "max" { MAX_T } else { 10 }, 1, MAX_T)?;
        let max_n = params.int("max-n", MAX_HEAP, 0, MAX_HEAP)?;
        let max_k = params.int("max-k", MAX_K, 1, MAX_K)?;
        let lowest = if mode == "without-one" { 2 } else { 1 };
        let max_s = params.int("max-s", MAX_S, lowest, MAX_S)?;
        let t = if mode == "max" {
            max_t
        } else {
            gen.range(1, max_t)
        };
        if mode == "long-period" {
            return Ok((0..t)
                .map(|_| Case {
                    heap: max_n - gen.range(0, max_n.min(1000)),
                    set: long_period_set(gen, max_s, max_n),
                })
                .collect());
        }
        let cases = (0..t)
            .map(|_| {
                let k = if mode == "max" {
                    max_k
                } else {
                    gen.range(1, max_k)
                };
                let mut set: Vec<u64> = (0..k).map(|_| gen.range(lowest, max_s)).collect();
                if mode == "max" {
                    set[0] = max_s;
                }
                if mode == "with-one" {
                    set[0] = 1;
                }
                gen.shuffle(&mut set);
                let smallest = set.iter().copied().min().unwrap_or(1);
                let largest = set.iter().copied().max().unwrap_or(1);
                let heap = match mode {
                    "max" => max_n,
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
            })
            .collect();
        Ok(cases)
    }

    fn shrink(cases: &Vec<Case>) -> Vec<Vec<Case>> {
        let mut out = fewer(cases, 1);
        if cases.len() > FINE {
            return out;
        }
        for (i, case) in cases.iter().enumerate() {
            let mut with = |heap: u64, set: Vec<u64>| {
                let mut smaller = cases.clone();
                smaller[i] = Case { heap, set };
                out.push(smaller);
            };
            for heap in lower_values(case.heap, 0) {
                with(heap, case.set.clone());
            }
            for set in fewer(&case.set, 1) {
                with(case.heap, set);
            }
            for (j, &s) in case.set.iter().enumerate() {
                for lower in lower_values(s, 1) {
                    let mut set = case.set.clone();
                    set[j] = lower;
                    with(case.heap, set);
                }
            }
        }
        out
    }

    fn reach(cases: &Vec<Case>) -> Vec<Reach> {
        let heaps = cases.iter().map(|c| c.heap);
        let sizes = cases.iter().map(|c| c.set.len() as u64);
        let removals = cases.iter().flat_map(|c| c.set.iter().copied());
        vec![
            Reach {
                name: "T",
                allowed: (1, MAX_T),
                seen: Some((cases.len() as u64, cases.len() as u64)),
            },
            Reach {
                name: "n",
                allowed: (0, MAX_HEAP),
                seen: min_max(heaps),
            },
            Reach {
                name: "k",
                allowed: (1, MAX_K),
                seen: min_max(sizes),
            },
            Reach {
                name: "s_i",
                allowed: (1, MAX_S),
                seen: min_max(removals),
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::misere::misere_subtraction_table;

    fn random_set(gen: &mut Gen) -> Vec<u64> {
        let max_s = gen.range(4, MAX_S);
        let mut set: Vec<u64> = if gen.chance(1, 2) {
            long_period_set(gen, max_s, 3000)
        } else {
            let k = gen.range(1, MAX_K);
            (0..k).map(|_| gen.range(1, max_s)).collect()
        };
        set.sort_unstable();
        set.dedup();
        set
    }

    /// The proven period and the lane sweep both agree with plain retrograde analysis.
    #[test]
    fn periods_and_sweep_agree_with_plain_retrograde() {
        let mut gen = Gen::new(11);
        let upto = 6000;
        let mut group: Vec<Queries> = Vec::new();
        let mut plain: Vec<Vec<bool>> = Vec::new();
        for lane in 0..300 {
            let set = random_set(&mut gen);
            let expected = misere_subtraction_table(&set, upto);
            // A small budget, so that some sets fall back to the full table.
            let table = MisereTable::new(&set, upto as u64, 500)
                .unwrap_or_else(|| MisereTable::full(&set, upto as u64));
            for (n, &want) in expected.iter().enumerate() {
                assert_eq!(table.wins(n as u64), want, "S = {set:?}, n = {n}");
            }
            let queries = (0..20)
                .map(|i| (lane * 20 + i, gen.range(0, upto as u64)))
                .collect();
            group.push((set, queries));
            plain.push(expected);
        }
        let mut answers = vec![Winner::Second; 300 * 20];
        for chunk in group.chunks(LANES) {
            sweep(chunk, &mut answers);
        }
        for ((_, queries), expected) in group.iter().zip(&plain) {
            for &(case, heap) in queries {
                let want = Winner::from_first_wins(expected[heap as usize]);
                assert_eq!(answers[case], want, "case {case}, heap {heap}");
            }
        }
    }

    /// Some sets really have no period within the budget, so the sweep is not dead weight.
    #[test]
    fn some_symmetric_sets_outrun_the_cycle_budget() {
        let mut gen = Gen::new(5);
        let slow = (0..40)
            .filter(|_| {
                let mut set = long_period_set(&mut gen, MAX_S, MAX_HEAP);
                set.sort_unstable();
                set.dedup();
                MisereTable::new(&set, MAX_HEAP, CYCLE_BUDGET).is_none()
            })
            .count();
        assert!(slow > 0);
    }

    #[test]
    fn seed_004_losing_heaps_are_one_mod_three() {
        let table = MisereTable::full(&[1, 2, 4], 100);
        for n in 0..=100 {
            assert_eq!(table.wins(n), n % 3 != 1, "n = {n}");
        }
    }
}
