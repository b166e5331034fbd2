//! Problem `stripes-play`: Stripes, played against the perfect judge (docs/games.md §6.10).
//!
//! The test's input file holds the setup and the judge's seed; the program never sees it. It
//! is `c z n` (the stripe lengths) / `s` (the judge's seed) / `g` (games) / g lines `p` (the
//! board of each game). The answer file says who wins each game (`1`: the first player), which
//! is the choice the program must make. The conversation: the judge writes `c z n g`, then for
//! each game `p`; the program answers `1` or `2` and the players alternate moves `L x` (a stripe
//! of length L on cells x..x+L-1); a player with no move writes `0 0`.
//!
//! Generator parameters:
//! - `mode` (default `random`):
//!   - `random`: lengths small or anywhere up to `max_len`, boards uniform in `1..=max_p`;
//!   - `max`: 100 games on boards of `max_p` cells, short stripes (the longest games);
//!   - `min`: lengths 1 1 1, one game on one cell;
//!   - `small`: boards of at most 12 cells and stripes of at most 4 (for brute force);
//!   - `second`: only boards where the first player loses (the program must choose `2`);
//!     refused up front only for `max_p=1 max_len=1`, where no board is lost;
//!   - `long`: one stripe of `max_len` cells, two short ones, one board of `max_p` cells.
//! - The judge's seed is random, except 0 for `min` and its largest value for `max`.
//! - `g` (1..=100): games; default 100 for `max`, 1 for `min`, else 1..=10.
//! - `max_p` (1..=999, default 999: boards as POI states them, `p < 1000`), `max_len`
//!   (1..=1000, default 1000).

use super::answer::Winner;
use super::format::{push_line, Constraint, InputFormat, Int, Listing, Reader};
use super::play::{self, listed, xor_sum, Game, Played, Position};
use super::shrink::smaller;
use super::stripes::Stripes;
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::dialog::{Dialog, Refereed};
use crate::game::brute::{Solvers, TooLarge};
use crate::game::grundy::plain_table;
use crate::game::{OctalCode, Ruleset};
use crate::gen::{Gen, ParamError, Params};

const LENGTH: Int = Int::new("c, z, n", 1, 1000, "the stripe lengths (they may be equal)");
const SEED: Int = Int::new("s", 0, 1_000_000_000_000_000_000, "the judge's seed");
const G: Int = Int::new("g", 1, 100, "the number of games");
/// Boards as in `stripes` (POI: `1 <= p < 1000`), whose reader this problem shares.
const P: Int = Int::new("p", 1, 999, "the number of cells of a board");

/// The setup every game shares: the three lengths and the judge's seed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Setup {
    pub lengths: [u64; 3],
    pub seed: u64,
}

/// A case is one game's board length `p`.
pub struct StripesPlay;

impl TypedProblem for StripesPlay {
    type Header = Setup;
    type Case = u64;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        InputFormat {
            listing: Listing::Counted(G),
            constraints: [LENGTH, SEED, G, P].map(Constraint::Int).to_vec(),
            unit: "game",
        }
    }

    fn words(&self) -> super::Outcomes {
        Stripes.words()
    }

    fn read_header(&self, r: &mut Reader<'_>) -> Result<Setup, ParseError> {
        let lengths = Stripes.read_header(r)?;
        let seed = r.int(&SEED)?;
        r.end_of_values()?;
        Ok(Setup { lengths, seed })
    }

    fn write_header(&self, setup: &Setup, out: &mut String) {
        push_line(out, &setup.lengths);
        push_line(out, &[setup.seed]);
    }

    fn read_case(&self, setup: &Setup, r: &mut Reader<'_>) -> Result<u64, ParseError> {
        Stripes.read_case(&setup.lengths, r)
    }

    fn write_case(&self, setup: &Setup, p: &u64, out: &mut String) {
        Stripes.write_case(&setup.lengths, p, out)
    }

    fn solve(&self, setup: &Setup, p: &u64) -> Winner {
        Stripes.solve(&setup.lengths, p)
    }

    fn solve_all(&self, setup: &Setup, boards: &[u64]) -> Vec<Winner> {
        Stripes.solve_all(&setup.lengths, boards)
    }

    fn brute(&self, setup: &Setup, p: &u64, memo: &mut Solvers) -> Result<Winner, TooLarge> {
        Stripes.brute(&setup.lengths, p, memo)
    }

    fn judge(&self, setup: &Setup, p: &u64, want: &Winner, got: &Winner) -> Ruling {
        Stripes.judge(&setup.lengths, p, want, got)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice(
            "mode",
            "random",
            &["random", "max", "min", "small", "second", "long"],
        )?;
        let default_g = match mode {
            "max" => G.hi,
            "min" => 1,
            _ => gen.range(1, 10),
        };
        let g = params.int("g", default_g, G.lo, G.hi)? as usize;
        let small = mode == "small";
        let max_p = params.int("max_p", if small { 12 } else { P.hi }, P.lo, P.hi)?;
        let max_len = params.int(
            "max_len",
            if small { 4 } else { LENGTH.hi },
            LENGTH.lo,
            LENGTH.hi,
        )?;
        let seed = match mode {
            "min" => SEED.lo,
            "max" => SEED.hi,
            _ => gen.range(SEED.lo, SEED.hi),
        };
        let short = |gen: &mut Gen| gen.range(1, max_len.min(10));
        let mut lengths = [0; 3].map(|_| match gen.chance(1, 2) {
            true => short(gen),
            false => gen.range(1, max_len),
        });
        let boards = match mode {
            "max" => {
                lengths = [0; 3].map(|_| short(gen));
                vec![max_p; g]
            }
            "min" => {
                lengths = [1; 3];
                vec![1; g]
            }
            "long" => {
                lengths = [max_len, short(gen), short(gen)];
                gen.shuffle(&mut lengths);
                let mut boards: Vec<u64> = (0..g).map(|_| gen.range(1, max_p)).collect();
                boards[gen.index(g)] = max_p;
                boards
            }
            "second" => {
                let (drawn, losing) = second_player_boards(gen, max_p, max_len)?;
                lengths = drawn;
                (0..g).map(|_| *gen.choose(&losing)).collect()
            }
            _ => (0..g).map(|_| gen.range(1, max_p)).collect(),
        };
        Ok(Instance {
            header: Setup { lengths, seed },
            cases: boards,
        })
    }

    fn shrink_case(&self, setup: &Setup, &p: &u64) -> Vec<u64> {
        let _ = setup;
        smaller(p, P.lo)
    }

    fn shrink_header(&self, setup: &Setup) -> Vec<Setup> {
        Stripes
            .shrink_header(&setup.lengths)
            .into_iter()
            .map(|lengths| Setup { lengths, ..*setup })
            .collect()
    }

    /// Size: `c + z + n + p`, with seed 0.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        Box::new(
            Stripes
                .enumerate(size)
                .map(|(lengths, p)| (Setup { lengths, seed: 0 }, p)),
        )
    }
}

impl Played for StripesPlay {
    fn referee(&self, setup: &Setup, boards: &[u64], dialog: &mut dyn Dialog) -> Refereed {
        let [c, z, n] = setup.lengths;
        let largest = boards.iter().copied().max().unwrap_or(0);
        let values = plain_table(&rules(&setup.lengths), largest as usize);
        let mut lengths = setup.lengths.to_vec();
        lengths.sort_unstable();
        lengths.dedup();
        let games = boards
            .iter()
            .enumerate()
            .map(|(i, &p)| Game {
                announce: p.to_string(),
                place: format!("game {} (p = {p})", i + 1),
                start: Board {
                    lengths: &lengths,
                    values: &values,
                    covered: vec![false; p as usize],
                },
            })
            .collect();
        play::referee(
            &format!("{c} {z} {n} {}", boards.len()),
            games,
            setup.seed,
            dialog,
        )
    }
}

/// How many random draws of short lengths `mode=second` tries before it settles for lengths
/// that surely leave a losing board.
const SECOND_DRAWS: usize = 20;

/// Lengths for `mode=second` and the boards up to `max_p` on which the first player loses
/// (never empty). Random short lengths are drawn while they leave no such board; after
/// [`SECOND_DRAWS`] tries the lengths are drawn from `2..`, so the one-cell board, with no
/// move, is lost by the first player. Only `max_len = 1` with `max_p = 1` leaves no losing
/// board at all (three stripes of one cell win the one-cell board): it is refused, naming
/// `max_p`, whatever the seed.
fn second_player_boards(
    gen: &mut Gen,
    max_p: u64,
    max_len: u64,
) -> Result<([u64; 3], Vec<u64>), ParamError> {
    if max_p < 2 && max_len < 2 {
        return Err(ParamError {
            key: "max_p".to_string(),
            message: "mode=second needs max_p >= 2 or max_len >= 2: with stripes of one cell \
                      the first player wins the one-cell board"
                .to_string(),
        });
    }
    let losing_boards = |lengths: &[u64; 3]| -> Vec<u64> {
        let values = plain_table(&rules(lengths), max_p as usize);
        (1..=max_p).filter(|&p| values[p as usize] == 0).collect()
    };
    for _ in 0..SECOND_DRAWS {
        let lengths = [0; 3].map(|_| gen.range(1, max_len.min(10)));
        let losing = losing_boards(&lengths);
        if !losing.is_empty() {
            return Ok((lengths, losing));
        }
    }
    let lengths = match max_len {
        // Stripes of one cell: a board of an even number of cells is lost (max_p >= 2 here).
        1 => [1; 3],
        _ => [0; 3].map(|_| gen.range(2, max_len.min(10))),
    };
    let losing = losing_boards(&lengths);
    Ok((lengths, losing))
}

fn rules(lengths: &[u64; 3]) -> Ruleset {
    Ruleset::Octal(OctalCode::stripes(lengths))
}

/// A board being played: which cells are covered.
struct Board<'a> {
    /// The distinct stripe lengths, ascending.
    lengths: &'a [u64],
    /// Grundy values of free segments, up to the board's length.
    values: &'a [u32],
    covered: Vec<bool>,
}

/// Only the endgame is searched for the judge's most stubborn move (counting answers costs a
/// pass over the board per candidate).
const STUBBORN_CELLS: usize = 300;
/// Candidate moves the judge compares when it is losing.
const CANDIDATES: usize = 4;

impl Board<'_> {
    /// The free segments: (first cell, 0-based; length).
    fn segments(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut start = None;
        for (i, &covered) in self.covered.iter().chain([&true]).enumerate() {
            match (covered, start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    out.push((s, i - s));
                    start = None;
                }
                _ => {}
            }
        }
        out
    }

    fn cover(&mut self, [l, x]: [u64; 2], covered: bool) {
        let first = x as usize - 1;
        self.covered[first..first + l as usize].fill(covered);
    }

    fn value(&self, len: usize) -> u32 {
        self.values[len]
    }

    fn total(&self, segments: &[(usize, usize)]) -> u32 {
        segments
            .iter()
            .fold(0, |acc, &(_, len)| acc ^ self.value(len))
    }

    /// Every placement in a segment of `len` cells: (length, offset, value left).
    fn placements(&self, len: usize) -> impl Iterator<Item = (usize, usize, u32)> + '_ {
        self.lengths
            .iter()
            .map(|&l| l as usize)
            .filter(move |&l| l <= len)
            .flat_map(move |l| {
                (0..=len - l).map(move |o| (l, o, self.value(o) ^ self.value(len - l - o)))
            })
    }

    /// How many winning answers the position after a move leaves its mover's opponent.
    fn winning_answers(&self, segments: &[(usize, usize)], total: u32) -> usize {
        if total == 0 {
            return 0;
        }
        segments
            .iter()
            .map(|&(_, len)| {
                let target = self.value(len) ^ total;
                self.placements(len)
                    .filter(|&(_, _, v)| v == target)
                    .count()
            })
            .sum()
    }
}

impl Position for Board<'_> {
    fn mover_wins(&self) -> bool {
        self.total(&self.segments()) != 0
    }

    fn parse_move(&self, [l, x]: [u64; 2]) -> Result<[u64; 2], String> {
        let p = self.covered.len() as u64;
        if !self.lengths.contains(&l) {
            let lengths: Vec<String> = self.lengths.iter().map(u64::to_string).collect();
            return Err(format!(
                "there is no stripe of length {l} (the lengths are {})",
                listed(&lengths)
            ));
        }
        if x == 0 || x.saturating_add(l - 1) > p {
            return Err(format!(
                "cells {x}-{} are not all on the board of {p} cells",
                x.saturating_add(l - 1)
            ));
        }
        match (x..x + l).find(|&cell| self.covered[cell as usize - 1]) {
            Some(cell) => Err(format!("cell {cell} is already covered")),
            None => Ok([l, x]),
        }
    }

    fn any_move(&self) -> Option<[u64; 2]> {
        let (start, len) = self.segments().into_iter().max_by_key(|&(_, len)| len)?;
        let l = *self.lengths.first()?;
        (l as usize <= len).then_some([l, start as u64 + 1])
    }

    fn winning_moves(&self) -> Vec<[u64; 2]> {
        let segments = self.segments();
        let total = self.total(&segments);
        if total == 0 {
            return Vec::new();
        }
        segments
            .iter()
            .flat_map(|&(start, len)| {
                let target = self.value(len) ^ total;
                self.placements(len)
                    .filter(move |&(_, _, v)| v == target)
                    .map(move |(l, o, _)| [l as u64, (start + o + 1) as u64])
            })
            .collect()
    }

    fn stalling_move(&self, gen: &mut Gen) -> Option<[u64; 2]> {
        let segments = self.segments();
        let moves: Vec<[u64; 2]> = segments
            .iter()
            .flat_map(|&(start, len)| {
                self.placements(len)
                    .map(move |(l, o, _)| [l as u64, (start + o + 1) as u64])
            })
            .collect();
        if moves.is_empty() {
            return None;
        }
        let picks: Vec<[u64; 2]> = (0..CANDIDATES)
            .map(|_| moves[gen.index(moves.len())])
            .collect();
        let free: usize = segments.iter().map(|&(_, len)| len).sum();
        if free > STUBBORN_CELLS {
            return picks.first().copied();
        }
        picks.into_iter().min_by_key(|&mv| {
            let mut after = Board {
                covered: self.covered.clone(),
                ..*self
            };
            after.play(mv);
            let segments = after.segments();
            after.winning_answers(&segments, after.total(&segments))
        })
    }

    fn play(&mut self, mv: [u64; 2]) {
        self.cover(mv, true);
    }

    fn unplay(&mut self, mv: [u64; 2]) {
        self.cover(mv, false);
    }

    fn describe(&self) -> String {
        let segments = self.segments();
        if segments.is_empty() {
            return "no free cell".to_string();
        }
        let lens: Vec<String> = segments.iter().map(|&(_, len)| len.to_string()).collect();
        let values: Vec<u64> = segments
            .iter()
            .map(|&(_, len)| u64::from(self.value(len)))
            .collect();
        let noun = if segments.len() == 1 {
            "a free segment"
        } else {
            "free segments"
        };
        format!(
            "{noun} of {} cells (Grundy {})",
            listed(&lens),
            xor_sum(&values)
        )
    }
}
