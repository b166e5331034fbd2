//! Problem `subtraction`: S-Nim in the format of POJ 2960 (docs/games.md §4.4).
//!
//! A move takes exactly `s` stones from one heap, `s` in the set `S`; who cannot move loses.
//! A heap of `h` has Grundy value `G(h) = mex { G(h - s) : s in S, s <= h }`, and a position
//! is a win for the player to move iff the values of its heaps xor to non-zero. The set is
//! given in any order, with repeats.
//!
//! Input: cases until a line `0`. A case: `k s1 … sk` / `m` / m lines `l h1 … hl` (bounds:
//! `K`, `S`, `M`, `L`, `H` below). The statement does not bound the number of cases (an
//! input of only `0` has none). Output per case: one line of m letters, `W` if that position
//! is a win for the player to move, else `L`.
//!
//! Generator parameters:
//! - `mode` (default `random`):
//!   - `random`: sets in random order with repeats at times, sizes at random;
//!   - `max`: 10 cases with k, m, l = 100 and values up to 10^4; each set has `max_s`
//!     and each case a heap of `max_h`;
//!   - `min`: one case: `1 1` / `1` / `1 0`;
//!   - `one`: every set contains 1;
//!   - `no-one`: no set contains 1 (small heaps have no move);
//!   - `zero`: many heaps of 0, and positions of only empty heaps;
//!   - `shuffled`: sets unsorted with many repeats (catches solutions that assume order).
//! - `cases` (1..=1000): number of cases; default 1..=5 at random (10 for `max`, 1 for
//!   `min`).
//! - `k`, `m`, `l` (1..=100): set size, positions per case, heaps per position; default at
//!   random per case in 1..=10 (100 for `max`, 1 for `min`).
//! - `max_s` (1..=10^4) and `max_h` (0..=10^4): largest move and largest heap.

use super::answer::{Answer, At, Mismatch};
use super::enumerate::counted_lists;
use super::format::{push_line, Constraint, InputFormat, Int, Listing, Reader};
use super::shrink::{shrink_list, smaller};
use super::size::Size;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::game::brute::{Play, Solvers, TooLarge};
use crate::game::grundy::plain_table;
use crate::game::moves::{heap_moves, winning_moves, Move};
use crate::game::ruleset::subtraction_set;
use crate::game::Ruleset;
use crate::gen::{Gen, ParamError, Params};
use crate::text::{Malformed, TokenReader};

const K: Int = Int::new("k", 1, 100, "the size of S");
const S: Int = Int::new("s_i", 1, 10_000, "an element of S");
const M: Int = Int::new("m", 1, 100, "the number of positions");
const L: Int = Int::new("l", 1, 100, "the number of heaps of a position");
const H: Int = Int::new("h_i", 0, 10_000, "the size of a heap (may be 0)");
/// The generator's own bound on the number of cases (the statement has none).
const MAX_GENERATED_CASES: u64 = 1000;

pub struct Subtraction;

/// One case: the set as given and the positions to judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionCase {
    /// `s1 … sk` in input order, repeats kept.
    pub set: Vec<u64>,
    /// Each position's heaps.
    pub positions: Vec<Vec<u64>>,
}

impl SubtractionCase {
    /// The ruleset: the set sorted and deduplicated.
    fn rules(&self) -> Ruleset {
        Ruleset::Subtraction {
            set: subtraction_set(&self.set),
        }
    }

    /// `G(0..=largest heap of the case)`.
    fn values(&self) -> Vec<u32> {
        let largest = self.positions.iter().flatten().copied().max().unwrap_or(0);
        plain_table(&self.rules(), largest as usize)
    }
}

/// Per position: does the player to move win (`W`)? One line of letters per case.
impl Answer<SubtractionCase> for Vec<bool> {
    type Words = ();

    fn write(&self, _: &(), out: &mut String) {
        out.extend(self.iter().map(|&w| letter(w)));
    }

    fn read(
        _: &(),
        case: &SubtractionCase,
        at: &At,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Vec<bool>, Malformed> {
        let m = case.positions.len();
        let expected = format!("a line of {m} letters W or L for {at}");
        let token = tokens.next(&expected)?;
        let letters: Option<Vec<bool>> = token
            .bytes
            .iter()
            .map(|&b| match b {
                b'W' => Some(true),
                b'L' => Some(false),
                _ => None,
            })
            .collect();
        match letters {
            Some(letters) if letters.len() == m => Ok(letters),
            _ => Err(Malformed {
                line: token.line,
                col: token.col,
                message: format!("expected {expected}, found {:?}", token.text()),
            }),
        }
    }
}

impl TypedProblem for Subtraction {
    type Header = ();
    type Case = SubtractionCase;
    type Answer = Vec<bool>;

    fn format(&self) -> InputFormat {
        InputFormat {
            listing: Listing::ZeroEnded(K),
            constraints: [K, S, M, L, H].map(Constraint::Int).to_vec(),
            unit: "case",
        }
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<SubtractionCase, ParseError> {
        let k = r.count_or_end(&K)?;
        r.space()?;
        let set = r.ints(k, &S)?;
        let m = r.int(&M)?;
        r.end_of_values()?;
        let positions = (0..m)
            .map(|_| r.counted_ints(&L, &H))
            .collect::<Result<_, _>>()?;
        Ok(SubtractionCase { set, positions })
    }

    fn write_case(&self, _: &(), case: &SubtractionCase, out: &mut String) {
        push_line(out, &[&[case.set.len() as u64], &case.set[..]].concat());
        push_line(out, &[case.positions.len() as u64]);
        for heaps in &case.positions {
            push_line(out, &[&[heaps.len() as u64], &heaps[..]].concat());
        }
    }

    fn solve(&self, _: &(), case: &SubtractionCase) -> Vec<bool> {
        let values = case.values();
        case.positions
            .iter()
            .map(|heaps| heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]) != 0)
            .collect()
    }

    fn brute(
        &self,
        _: &(),
        case: &SubtractionCase,
        memo: &mut Solvers,
    ) -> Result<Vec<bool>, TooLarge> {
        let solver = memo.get(&case.rules(), Play::Normal);
        case.positions
            .iter()
            .map(|heaps| solver.wins(heaps))
            .collect()
    }

    /// Names the first wrong position of the case.
    fn judge(&self, _: &(), case: &SubtractionCase, want: &Vec<bool>, got: &Vec<bool>) -> Ruling {
        let Some(i) = want.iter().zip(got).position(|(r, g)| r != g) else {
            return Ok(());
        };
        let heaps = &case.positions[i];
        Err(Mismatch {
            place: format!(", position {} ({})", i + 1, describe_heaps(heaps)),
            why: format!(
                "expected {}, got {} - {}",
                letter(want[i]),
                letter(got[i]),
                explain(case, heaps)
            ),
        })
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "one", "no-one", "zero", "shuffled"],
        )?;
        let default_count = match mode {
            "max" => 10,
            "min" => 1,
            _ => gen.range(1, 5),
        };
        let count = params.int("cases", default_count, 1, MAX_GENERATED_CASES)?;
        let by_mode = match mode {
            "max" => Some(100),
            "min" => Some(1),
            _ => None,
        };
        let k = Size::param(params, "k", by_mode, &K)?;
        let m = Size::param(params, "m", by_mode, &M)?;
        let l = Size::param(params, "l", by_mode, &L)?;
        let max_s = params.int("max_s", if mode == "min" { 1 } else { S.hi }, S.lo, S.hi)?;
        let max_h = params.int("max_h", if mode == "min" { 0 } else { H.hi }, H.lo, H.hi)?;
        if mode == "no-one" && max_s < 2 {
            return Err(ParamError {
                key: "max_s".to_string(),
                message: "mode=no-one needs max_s >= 2".to_string(),
            });
        }
        let cases = (0..count)
            .map(|_| {
                let k = k.draw(gen) as usize;
                let set = random_set(gen, mode, k, max_s);
                let m = m.draw(gen);
                let mut positions: Vec<Vec<u64>> = (0..m)
                    .map(|_| {
                        let l = l.draw(gen) as usize;
                        random_position(gen, mode, l, max_h)
                    })
                    .collect();
                if mode == "max" {
                    let at = gen.index(positions.len());
                    let heap = gen.index(positions[at].len());
                    positions[at][heap] = max_h;
                }
                SubtractionCase { set, positions }
            })
            .collect();
        Ok(Instance { header: (), cases })
    }

    fn shrink_case(&self, _: &(), case: &SubtractionCase) -> Vec<SubtractionCase> {
        let positions = shrink_list(&case.positions, 1, Vec::len, |heaps| {
            shrink_list(heaps, 1, |_| 1, |&h| smaller(h, H.lo))
        });
        let mut out: Vec<SubtractionCase> = positions
            .into_iter()
            .map(|positions| SubtractionCase {
                set: case.set.clone(),
                positions,
            })
            .collect();
        let sets = shrink_list(&case.set, 1, |_| 1, |&s| smaller(s, S.lo));
        out.extend(sets.into_iter().map(|set| SubtractionCase {
            set,
            positions: case.positions.clone(),
        }));
        out
    }

    fn weight(&self, case: &SubtractionCase) -> usize {
        case.set.len() + case.positions.iter().map(Vec::len).sum::<usize>()
    }

    /// Size: `k + s_1 + … + s_k + 1 + l + h_1 + … + h_l` (one position; the final `0` adds
    /// nothing).
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        let rest = size.saturating_sub(1);
        Box::new((2..=rest).flat_map(move |set_part| {
            counted_lists(K, S, set_part).flat_map(move |set| {
                counted_lists(L, H, rest - set_part).map(move |heaps| {
                    let positions = vec![heaps];
                    (
                        (),
                        SubtractionCase {
                            set: set.clone(),
                            positions,
                        },
                    )
                })
            })
        }))
    }
}

fn letter(wins: bool) -> char {
    if wins {
        'W'
    } else {
        'L'
    }
}

/// `heaps 3 5 7`, or only their number when there are many.
fn describe_heaps(heaps: &[u64]) -> String {
    if heaps.len() > 10 {
        return format!("{} heaps", heaps.len());
    }
    let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
    format!("heaps {}", list.join(" "))
}

/// `taking 3 from heap 2 (leaving 4)`.
fn taking(mv: &Move) -> String {
    format!(
        "taking {} from heap {} (leaving {})",
        mv.removed,
        mv.heap + 1,
        mv.stones_left()
    )
}

/// Why the player to move wins or loses the position `heaps` of `case`.
fn explain(case: &SubtractionCase, heaps: &[u64]) -> String {
    let rules = case.rules();
    let values = case.values();
    if let Ok(Some(win)) = winning_moves(&rules, &values, heaps).map(|w| w.into_iter().next()) {
        return format!(
            "the player to move wins by {}, after which the heap values xor to 0",
            taking(&win)
        );
    }
    let first = heaps
        .iter()
        .enumerate()
        .find_map(|(i, &h)| heap_moves(&rules, i, h).next());
    let Some(first) = first else {
        let smallest = case.set.iter().copied().min().unwrap_or(0);
        return format!(
            "no move is possible: every heap is smaller than the smallest s = {smallest}"
        );
    };
    let mut after = heaps.to_vec();
    after[first.heap] = first.stones_left();
    match winning_moves(&rules, &values, &after).map(|w| w.into_iter().next()) {
        Ok(Some(reply)) => format!(
            "the heap values xor to 0, so every move loses; e.g. {} is answered by {}",
            taking(&first),
            taking(&reply)
        ),
        _ => "the heap values xor to 0, so every move loses".to_string(),
    }
}

/// A set of `k` moves as `mode` wants it, in the order it will be written.
fn random_set(gen: &mut Gen, mode: &str, k: usize, max_s: u64) -> Vec<u64> {
    let scale = if gen.chance(1, 2) {
        max_s.min(10)
    } else {
        max_s
    };
    let lowest = if mode == "no-one" { 2 } else { 1 };
    let mut set: Vec<u64> = (0..k)
        .map(|_| gen.range(lowest, scale.max(lowest)))
        .collect();
    match mode {
        "one" => set[gen.index(k)] = 1,
        "max" => set[gen.index(k)] = max_s,
        _ => {}
    }
    if mode == "shuffled" && k >= 2 {
        for _ in 0..k / 2 {
            let (from, to) = (gen.index(k), gen.index(k));
            set[to] = set[from];
        }
        set.sort_unstable_by(|a, b| b.cmp(a));
        gen.shuffle(&mut set[k / 2..]);
    } else if mode != "max" && gen.chance(1, 4) {
        set.sort_unstable();
    }
    set
}

/// A position of `l` heaps as `mode` wants it.
fn random_position(gen: &mut Gen, mode: &str, l: usize, max_h: u64) -> Vec<u64> {
    let top = if mode != "max" && gen.chance(1, 2) {
        max_h.min(30)
    } else {
        max_h
    };
    match mode {
        "zero" if gen.chance(1, 3) => vec![0; l],
        "zero" => (0..l)
            .map(|_| {
                if gen.chance(1, 2) {
                    0
                } else {
                    gen.range(0, top)
                }
            })
            .collect(),
        _ => (0..l).map(|_| gen.range(0, top)).collect(),
    }
}
