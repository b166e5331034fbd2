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
//!   no move exists (0 and below the smallest `s`) mixed with heaps just above.
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
    /// The table for `set` (sorted, distinct, values in 1..=100), reaching at least `upto` or a
    /// proven period.
    fn new(set: &[u64], upto: u64) -> MisereTable {
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
            return MisereTable { wins, period: None };
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
                return MisereTable {
                    wins,
                    period: Some(period),
                };
            }
            if n == next_save {
                (saved, saved_at) = (window, n);
                next_save = t + 2 * (n - t);
            }
            let w = !window & moves != 0;
            wins.push(w);
            window = (window << 1 | u128::from(w)) & full;
        }
        MisereTable { wins, period: None }
    }

    /// W(n); `n` must be at most the `upto` the table was built for.
    fn wins(&self, n: u64) -> bool {
        let index = self.period.map_or(n, |p| p.reduce(n));
        self.wins[index as usize]
    }
}

/// The answer to every case, one table per distinct removal set.
fn solve_cases(cases: &[Case]) -> Vec<Winner> {
    let mut largest: HashMap<Vec<u64>, u64> = HashMap::new();
    for case in cases {
        let upto = largest.entry(case.rules()).or_insert(0);
        *upto = (*upto).max(case.heap);
    }
    let tables: HashMap<Vec<u64>, MisereTable> = largest
        .into_iter()
        .map(|(set, upto)| {
            let table = MisereTable::new(&set, upto);
            (set, table)
        })
        .collect();
    cases
        .iter()
        .map(|case| Winner::from_first_wins(tables[&case.rules()].wins(case.heap)))
        .collect()
}

/// Why `winner` is right for `case`, in the game's terms.
fn explain(case: &Case, winner: Winner) -> String {
    let set = case.rules();
    let n = case.heap;
    let table = MisereTable::new(&set, n);
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
