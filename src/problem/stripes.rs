//! Problem `stripes`: POI 2000 stage I "Paski" (docs/games.md §4.1).
//!
//! Stripes of lengths `c`, `z`, `n` (unlimited supply) are placed in turn on free consecutive
//! cells of a board of `p` cells; who cannot place one loses. A board is a heap of the octal
//! game with digit 7 at each length, so the first player wins iff `G(p) != 0`. Values pass
//! 255 for some triples below 1000, so they are kept in `u32`.
//!
//! Input: `c z n` (1 <= each <= 1000, may be equal) / `m` (1 <= m <= 1000) / m lines `p`
//! (1 <= p <= 1000). Output: m lines, `1` if the first player wins on that board, else `2`.
//!
//! Generator parameters:
//! - `mode` (default `random`):
//!   - `random`: each length is small (1..=10) or anywhere in `1..=max_len`, half the time
//!     each; boards uniform in `1..=max_p`;
//!   - `max`: 1000 boards in the top tenth of `1..=max_p`, `max_p` itself included; one
//!     stripe of length `max_len`, two short ones (1..=10: the slowest table);
//!   - `min`: every constraint at its minimum: lengths 1 1 1, one board of 1 cell;
//!   - `short`: every board shorter than every stripe (no move at all: all answers `2`);
//!   - `equal`: two or three of the lengths equal (the POI sample has `c = n`);
//!   - `wide`: a triple whose Grundy values pass 255 below 1000, with every board from the
//!     first such value up to `max_p` (catches values stored in 8 bits);
//!   - `all`: boards `1, 2, …, max_p` in order (cycling when `m > max_p`).
//! - `m` (1..=1000): number of boards; default 1000 for `max` and `wide`, `max_p` for `all`,
//!   1 for `min`, else uniform in 1..=100.
//! - `max_p` (1..=1000, default 1000): the largest board.
//! - `max_len` (1..=1000, default 1000): the longest stripe (`short` needs 2 or more).

use super::common::{first_mismatch, reach, shrink_list, smaller, Outcomes, Winner};
use super::{ParseError, Problem, Reach, StrictReader};
use crate::game::brute::{BruteSolver, Play, TooLarge};
use crate::game::grundy::plain_table;
use crate::game::moves::{heap_moves, winning_moves, Move};
use crate::game::{OctalCode, Ruleset};
use crate::gen::{Gen, ParamError, Params};
use crate::text::{Malformed, TokenReader};

/// The largest stripe length, number of boards and board length.
const MAX_LENGTH: u64 = 1000;
const MAX_M: u64 = 1000;
const MAX_P: u64 = 1000;

/// Triples of lengths (found by exhaustive search over small lengths) whose Grundy values
/// pass 255 on boards of at most 1000 cells. The generator re-checks this by computation.
const WIDE_TRIPLES: [[u64; 3]; 3] = [[1, 5, 6], [2, 9, 12], [2, 13, 15]];

/// `1` / `2`, as the POI output names the winner.
const OUTCOMES: Outcomes = Outcomes {
    first: "1",
    second: "2",
};

pub struct Stripes;

/// The three stripe lengths and the boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripesInstance {
    /// `c`, `z`, `n` in input order.
    pub lengths: [u64; 3],
    /// Board lengths `p`, in input order.
    pub boards: Vec<u64>,
}

impl StripesInstance {
    fn rules(&self) -> Ruleset {
        Ruleset::Octal(OctalCode::stripes(&self.lengths))
    }

    /// `G(0..=largest board)`.
    fn values(&self) -> Vec<u32> {
        let largest = self.boards.iter().copied().max().unwrap_or(0);
        plain_table(&self.rules(), largest as usize)
    }
}

impl Problem for Stripes {
    type Instance = StripesInstance;
    type Answer = Vec<Winner>;
    const NAME: &'static str = "stripes";
    const TITLE: &'static str = "Stripes (POI 2000): who wins each board";

    fn parse_input(input: &[u8]) -> Result<StripesInstance, ParseError> {
        let mut r = StrictReader::new(input);
        let mut lengths = [0; 3];
        for (i, (slot, name)) in lengths.iter_mut().zip(["c", "z", "n"]).enumerate() {
            if i > 0 {
                r.space()?;
            }
            *slot = r.int(name, 1, MAX_LENGTH)?;
        }
        r.end_of_values()?;
        let m = r.int("m", 1, MAX_M)?;
        r.end_of_values()?;
        let mut boards = Vec::with_capacity(m as usize);
        for _ in 0..m {
            boards.push(r.int("p", 1, MAX_P)?);
            r.end_of_values()?;
        }
        r.eof()?;
        Ok(StripesInstance { lengths, boards })
    }

    fn write_input(instance: &StripesInstance) -> String {
        let [c, z, n] = instance.lengths;
        let mut out = format!("{c} {z} {n}\n{}\n", instance.boards.len());
        for p in &instance.boards {
            out.push_str(&format!("{p}\n"));
        }
        out
    }

    fn solve(instance: &StripesInstance) -> Vec<Winner> {
        let values = instance.values();
        instance
            .boards
            .iter()
            .map(|&p| Winner::from_mover_wins(values[p as usize] != 0))
            .collect()
    }

    fn brute(instance: &StripesInstance) -> Result<Vec<Winner>, TooLarge> {
        let mut solver = BruteSolver::new(&instance.rules(), Play::Normal);
        instance
            .boards
            .iter()
            .map(|&p| solver.wins(&[p]).map(Winner::from_mover_wins))
            .collect()
    }

    fn write_answer(_instance: &StripesInstance, answer: &Vec<Winner>) -> String {
        OUTCOMES.write(answer)
    }

    fn read_answer(
        instance: &StripesInstance,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Vec<Winner>, Malformed> {
        OUTCOMES.read(tokens, instance.boards.len(), "board")
    }

    fn compare(
        instance: &StripesInstance,
        reference: &Vec<Winner>,
        got: &Vec<Winner>,
    ) -> Result<(), String> {
        let Some(i) = first_mismatch(reference, got) else {
            return Ok(());
        };
        let p = instance.boards[i];
        let values = instance.values();
        let why = match reference[i] {
            Winner::First => first_wins_because(instance, &values, p),
            Winner::Second => second_wins_because(instance, &values, p),
        };
        Err(format!(
            "board {} (p = {p}): {} - {why}",
            i + 1,
            OUTCOMES.mismatch(reference[i], got[i])
        ))
    }

    fn generate(gen: &mut Gen, params: &Params) -> Result<StripesInstance, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "short", "equal", "wide", "all"],
        )?;
        let max_p = params.int("max_p", MAX_P, 1, MAX_P)?;
        let max_len = params.int("max_len", MAX_LENGTH, 1, MAX_LENGTH)?;
        let default_m = match mode {
            "max" | "wide" => MAX_M,
            "all" => max_p,
            "min" => 1,
            _ => gen.range(1, 100),
        };
        let m = params.int("m", default_m, 1, MAX_M)? as usize;
        let mut lengths = [0; 3];
        lengths
            .iter_mut()
            .for_each(|l| *l = random_length(gen, max_len));
        let uniform_boards =
            |gen: &mut Gen, lo: u64| -> Vec<u64> { (0..m).map(|_| gen.range(lo, max_p)).collect() };
        let boards = match mode {
            "max" => {
                // Short stripes make the Grundy table slowest; one reaches the bound.
                lengths = [0; 3].map(|_| gen.range(1, max_len.min(10)));
                lengths[gen.index(3)] = max_len;
                let mut boards = uniform_boards(gen, (max_p - max_p / 10).max(1));
                let top = gen.index(m);
                boards[top] = max_p;
                boards
            }
            "min" => {
                lengths = [1; 3];
                vec![1; m]
            }
            "short" => {
                if max_len < 2 {
                    return Err(ParamError {
                        key: "max_len".to_string(),
                        message: "mode=short needs stripes of 2 or more cells".to_string(),
                    });
                }
                lengths.iter_mut().for_each(|l| *l = gen.range(2, max_len));
                let shortest = lengths.iter().copied().min().unwrap_or(2);
                (0..m)
                    .map(|_| gen.range(1, (shortest - 1).min(max_p)))
                    .collect()
            }
            "equal" => {
                let repeated = gen.index(3);
                let copy = (repeated + 1 + gen.index(2)) % 3;
                lengths[copy] = lengths[repeated];
                if gen.chance(1, 3) {
                    lengths = [lengths[repeated]; 3];
                }
                uniform_boards(gen, 1)
            }
            "wide" => {
                lengths = *gen.choose(&WIDE_TRIPLES);
                gen.shuffle(&mut lengths);
                wide_boards(gen, &lengths, m, max_p)
            }
            "all" => (0..m as u64).map(|i| i % max_p + 1).collect(),
            _ => uniform_boards(gen, 1),
        };
        Ok(StripesInstance { lengths, boards })
    }

    fn shrink(instance: &StripesInstance) -> Vec<StripesInstance> {
        let with_boards = |boards: Vec<u64>| StripesInstance {
            lengths: instance.lengths,
            boards,
        };
        let mut out: Vec<StripesInstance> = Vec::new();
        let boards = shrink_list(&instance.boards, 1, |_| 1, |&p| smaller(p, 1));
        let (shorter, lowered): (Vec<_>, Vec<_>) = boards
            .into_iter()
            .partition(|b| b.len() < instance.boards.len());
        out.extend(shorter.into_iter().map(with_boards));
        for i in 0..3 {
            for length in smaller(instance.lengths[i], 1) {
                let mut lengths = instance.lengths;
                lengths[i] = length;
                out.push(StripesInstance {
                    lengths,
                    boards: instance.boards.clone(),
                });
            }
        }
        out.extend(lowered.into_iter().map(with_boards));
        out
    }

    fn reach(instance: &StripesInstance) -> Vec<Reach> {
        let [c, z, n] = instance.lengths;
        vec![
            reach("c, z, n", (1, MAX_LENGTH), [c, z, n]),
            reach("m", (1, MAX_M), [instance.boards.len() as u64]),
            reach("p", (1, MAX_P), instance.boards.iter().copied()),
        ]
    }

    /// Size: `c + z + n + 1 + p` (one board).
    fn enumerate(size: u64) -> Vec<StripesInstance> {
        let numbers = size.saturating_sub(1);
        super::enumerate::sequences(4, 1, numbers)
            .into_iter()
            .map(|v| StripesInstance {
                lengths: [v[0], v[1], v[2]],
                boards: vec![v[3]],
            })
            .collect()
    }
}

/// A stripe length: small half the time, so that random boards have moves.
fn random_length(gen: &mut Gen, max_len: u64) -> u64 {
    if gen.chance(1, 2) {
        gen.range(1, max_len.min(10))
    } else {
        gen.range(1, max_len)
    }
}

/// Every board from the first one whose Grundy value passes 255 up to `max_p` (shuffled, a
/// random subset if `m` is smaller), the rest uniform in `1..=max_p`.
fn wide_boards(gen: &mut Gen, lengths: &[u64; 3], m: usize, max_p: u64) -> Vec<u64> {
    let values = plain_table(&Ruleset::Octal(OctalCode::stripes(lengths)), max_p as usize);
    let first_wide = values.iter().position(|&v| v > 255).unwrap_or(values.len()) as u64;
    let mut boards: Vec<u64> = (first_wide.max(1)..=max_p).collect();
    gen.shuffle(&mut boards);
    boards.truncate(m);
    while boards.len() < m {
        boards.push(gen.range(1, max_p));
    }
    gen.shuffle(&mut boards);
    boards
}

/// Renders a placement on a part of the board that starts after `shift` cells.
fn placement(mv: &Move, shift: u64) -> String {
    Move {
        offset: mv.offset + shift,
        ..mv.clone()
    }
    .stripe_placement()
}

/// Why the first player wins on a board of `p` cells: a winning placement.
fn first_wins_because(instance: &StripesInstance, values: &[u32], p: u64) -> String {
    match winning_moves(&instance.rules(), values, &[p]) {
        Ok(moves) if !moves.is_empty() => {
            format!("the first player wins by {}", placement(&moves[0], 0))
        }
        _ => format!("G({p}) = {} is not 0", values[p as usize]),
    }
}

/// Why the first player loses on a board of `p` cells: no stripe fits, or the first
/// placement that fits is answered by a winning reply.
fn second_wins_because(instance: &StripesInstance, values: &[u32], p: u64) -> String {
    let rules = instance.rules();
    let Some(first) = heap_moves(&rules, 0, p).next() else {
        let [c, z, n] = instance.lengths;
        return format!("no stripe fits (lengths {c}, {z}, {n}), so the first player cannot move");
    };
    // The first move lies at offset 0, so what is left is one row starting after it.
    let rest = p - first.removed;
    let reply = winning_moves(&rules, values, &[rest])
        .ok()
        .and_then(|moves| moves.into_iter().next());
    match reply {
        Some(reply) => format!(
            "every placement loses; e.g. after {} the second player wins by {}",
            placement(&first, 0),
            placement(&reply, first.removed)
        ),
        None => format!("every placement loses (G({p}) = 0)"),
    }
}
