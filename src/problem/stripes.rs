//! Problem `stripes`: POI 2000 stage I "Paski" (docs/games.md §4.1).
//!
//! Stripes of lengths `c`, `z`, `n` (unlimited supply) are placed in turn on free consecutive
//! cells of a board of `p` cells; who cannot place one loses. A board is a heap of the octal
//! game with digit 7 at each length, so the first player wins iff `G(p) != 0`. Values pass
//! 255 for some triples below 1000, so they are kept in `u32`.
//!
//! Input: `c z n` / `m` / m lines `p` (bounds: `LENGTH`, `M`, `P` below; `p < 1000` as in
//! POI's statement). Output: m
//! lines, `1` if the first player wins on that board, else `2`.
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
//! - `max_p` (1..=999, default 999): the largest board.
//! - `max_len` (1..=1000, default 1000): the longest stripe (`short` needs 2 or more).

use super::answer::{Outcomes, Winner};
use super::enumerate::sequences;
use super::format::{push_line, Constraint, InputFormat, Int, Listing, Reader};
use super::shrink::smaller;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::game::brute::{Play, Solvers, TooLarge};
use crate::game::grundy::plain_table;
use crate::game::moves::{heap_moves, winning_moves, Move};
use crate::game::{OctalCode, Ruleset};
use crate::gen::{Gen, ParamError, Params};

const LENGTH: Int = Int::new("c, z, n", 1, 1000, "the stripe lengths (they may be equal)");
const M: Int = Int::new("m", 1, 1000, "the number of boards");
/// POI's statement says `1 <= p < 1000` (while `c, z, n <= 1000`): a solution sized to POI's
/// limits must pass here.
const P: Int = Int::new("p", 1, 999, "the number of cells of a board");

/// Triples of lengths (found by exhaustive search over small lengths) whose Grundy values
/// pass 255 on boards of at most 999 cells. The generator re-checks this by computation.
const WIDE_TRIPLES: [[u64; 3]; 3] = [[1, 5, 6], [2, 9, 12], [2, 13, 15]];

/// `1` / `2`, as the POI output names the winner.
const OUTCOMES: Outcomes = Outcomes {
    first: "1",
    second: "2",
};

/// The header is the three stripe lengths `c`, `z`, `n` in input order; a case is a board's
/// length `p`.
pub struct Stripes;

fn rules(lengths: &[u64; 3]) -> Ruleset {
    Ruleset::Octal(OctalCode::stripes(lengths))
}

impl TypedProblem for Stripes {
    type Header = [u64; 3];
    type Case = u64;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        InputFormat {
            listing: Listing::Counted(M),
            constraints: [LENGTH, M, P].map(Constraint::Int).to_vec(),
            unit: "board",
        }
    }

    fn words(&self) -> Outcomes {
        OUTCOMES
    }

    fn read_header(&self, r: &mut Reader<'_>) -> Result<[u64; 3], ParseError> {
        let mut lengths = [0; 3];
        for (i, (slot, name)) in lengths.iter_mut().zip(["c", "z", "n"]).enumerate() {
            if i > 0 {
                r.space()?;
            }
            *slot = r.int_named(&LENGTH, name)?;
        }
        r.end_of_values()?;
        Ok(lengths)
    }

    fn write_header(&self, lengths: &[u64; 3], out: &mut String) {
        push_line(out, lengths);
    }

    fn read_case(&self, _: &[u64; 3], r: &mut Reader<'_>) -> Result<u64, ParseError> {
        let p = r.int(&P)?;
        r.end_of_values()?;
        Ok(p)
    }

    fn write_case(&self, _: &[u64; 3], &p: &u64, out: &mut String) {
        push_line(out, &[p]);
    }

    fn solve(&self, lengths: &[u64; 3], &p: &u64) -> Winner {
        let values = plain_table(&rules(lengths), p as usize);
        Winner::from_mover_wins(values[p as usize] != 0)
    }

    /// One Grundy table up to the largest board serves every board.
    fn solve_all(&self, lengths: &[u64; 3], boards: &[u64]) -> Vec<Winner> {
        let largest = boards.iter().copied().max().unwrap_or(0);
        let values = plain_table(&rules(lengths), largest as usize);
        boards
            .iter()
            .map(|&p| Winner::from_mover_wins(values[p as usize] != 0))
            .collect()
    }

    fn brute(&self, lengths: &[u64; 3], &p: &u64, memo: &mut Solvers) -> Result<Winner, TooLarge> {
        let solver = memo.get(&rules(lengths), Play::Normal);
        solver.wins(&[p]).map(Winner::from_mover_wins)
    }

    fn judge(&self, lengths: &[u64; 3], &p: &u64, want: &Winner, got: &Winner) -> Ruling {
        let why = || {
            let values = plain_table(&rules(lengths), p as usize);
            match want {
                Winner::First => first_wins_because(lengths, &values, p),
                Winner::Second => second_wins_because(lengths, &values, p),
            }
        };
        OUTCOMES.unless_equal(want, got, || format!(" (p = {p})"), why)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "short", "equal", "wide", "all"],
        )?;
        let max_p = params.int("max_p", P.hi, P.lo, P.hi)?;
        let max_len = params.int("max_len", LENGTH.hi, LENGTH.lo, LENGTH.hi)?;
        let default_m = match mode {
            "max" | "wide" => M.hi,
            "all" => max_p,
            "min" => 1,
            _ => gen.range(1, 100),
        };
        let m = params.int("m", default_m, M.lo, M.hi)? as usize;
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
        Ok(Instance {
            header: lengths,
            cases: boards,
        })
    }

    fn shrink_case(&self, _: &[u64; 3], &p: &u64) -> Vec<u64> {
        smaller(p, P.lo)
    }

    fn shrink_header(&self, lengths: &[u64; 3]) -> Vec<[u64; 3]> {
        let mut out = Vec::new();
        for i in 0..3 {
            for length in smaller(lengths[i], LENGTH.lo) {
                let mut shorter = *lengths;
                shorter[i] = length;
                out.push(shorter);
            }
        }
        out
    }

    /// Size: `c + z + n + p`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        Box::new(
            sequences(4, LENGTH.lo.min(P.lo), LENGTH.hi.max(P.hi), size)
                .map(|v| ([v[0], v[1], v[2]], v[3])),
        )
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
    let values = plain_table(&rules(lengths), max_p as usize);
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
fn first_wins_because(lengths: &[u64; 3], values: &[u32], p: u64) -> String {
    match winning_moves(&rules(lengths), values, &[p]) {
        Ok(moves) if !moves.is_empty() => {
            format!("the first player wins by {}", placement(&moves[0], 0))
        }
        _ => format!("G({p}) = {} is not 0", values[p as usize]),
    }
}

/// Why the first player loses on a board of `p` cells: no stripe fits, or the first
/// placement that fits is answered by a winning reply.
fn second_wins_because(lengths: &[u64; 3], values: &[u32], p: u64) -> String {
    let rules = rules(lengths);
    let Some(first) = heap_moves(&rules, 0, p).next() else {
        let [c, z, n] = *lengths;
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
