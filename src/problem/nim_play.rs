//! Problem `nim-play`: Nim, played against the perfect judge (docs/games.md §6.11).
//!
//! The test's input file: `s` (the judge's seed; the program never sees it) / `g` (games) /
//! g lines `n h1 … hn` (the heaps of each game). The answer file says who wins each game (`1`:
//! the first player), the choice the program must make. The conversation: the judge writes
//! `g`, then for each game `n h1 … hn`; the program answers `1` or `2` and the players
//! alternate moves `i x` (take x stones from heap i); a player with no move writes `0 0`.
//!
//! Generator parameters:
//! - `mode` (default `random`):
//!   - `random`: 1..=10 heaps of 0..=30 stones, a third of the games with xor 0;
//!   - `max`: 100 games of 10 heaps of up to 30 stones (the longest games);
//!   - `min`: one game of one empty heap;
//!   - `second`: only games with xor 0 (the program must choose `2`).
//! - `g` (1..=100): games; default 100 for `max`, 1 for `min`, else 1..=10.
//! - The judge's seed is random, except 0 for `min` and its largest value for `max`.

use super::answer::{Outcomes, Winner};
use super::enumerate::counted_lists;
use super::format::{push_line, Constraint, InputFormat, Int, Listing, Reader};
use super::play::{self, listed, xor_sum, Game, Played, Position};
use super::shrink::{shrink_list, smaller};
use super::{Enumeration, Instance, InstanceOf, ParseError, Ruling, TypedProblem};
use crate::dialog::{Dialog, Refereed};
use crate::game::brute::{Play, Solvers, TooLarge};
use crate::game::moves::nim_winning_moves;
use crate::game::Ruleset;
use crate::gen::{Gen, ParamError, Params};

const SEED: Int = Int::new("s", 0, 1_000_000_000_000_000_000, "the judge's seed");
const G: Int = Int::new("g", 1, 100, "the number of games");
const N: Int = Int::new("n", 1, 10, "the number of heaps of a game");
const H: Int = Int::new("h_i", 0, 30, "the stones of a heap");

/// `1`: move first, `2`: move second.
const OUTCOMES: Outcomes = Outcomes {
    first: "1",
    second: "2",
};

/// The header is the judge's seed; a case is one game's heaps.
pub struct NimPlay;

fn xor(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, h| acc ^ h)
}

impl TypedProblem for NimPlay {
    type Header = u64;
    type Case = Vec<u64>;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        InputFormat {
            listing: Listing::Counted(G),
            constraints: [SEED, G, N, H].map(Constraint::Int).to_vec(),
            unit: "game",
        }
    }

    fn words(&self) -> Outcomes {
        OUTCOMES
    }

    fn read_header(&self, r: &mut Reader<'_>) -> Result<u64, ParseError> {
        let seed = r.int(&SEED)?;
        r.end_of_values()?;
        Ok(seed)
    }

    fn write_header(&self, seed: &u64, out: &mut String) {
        push_line(out, &[*seed]);
    }

    fn read_case(&self, _: &u64, r: &mut Reader<'_>) -> Result<Vec<u64>, ParseError> {
        r.counted_ints(&N, &H)
    }

    fn write_case(&self, _: &u64, heaps: &Vec<u64>, out: &mut String) {
        let mut line = vec![heaps.len() as u64];
        line.extend_from_slice(heaps);
        push_line(out, &line);
    }

    fn solve(&self, _: &u64, heaps: &Vec<u64>) -> Winner {
        Winner::from_mover_wins(xor(heaps) != 0)
    }

    fn brute(&self, _: &u64, heaps: &Vec<u64>, memo: &mut Solvers) -> Result<Winner, TooLarge> {
        let solver = memo.get(&Ruleset::Nim, Play::Normal);
        solver.wins(heaps).map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &u64, heaps: &Vec<u64>, want: &Winner, got: &Winner) -> Ruling {
        let place = || format!(" (heaps {})", shown_heaps(heaps));
        OUTCOMES.unless_equal(want, got, place, || {
            format!("the xor of the heaps is {}", xor_sum(heaps))
        })
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let mode = params.choice("mode", "random", &["random", "max", "min", "second"])?;
        let default_g = match mode {
            "max" => G.hi,
            "min" => 1,
            _ => gen.range(1, 10),
        };
        let g = params.int("g", default_g, G.lo, G.hi)?;
        let seed = match mode {
            "min" => SEED.lo,
            "max" => SEED.hi,
            _ => gen.range(SEED.lo, SEED.hi),
        };
        let games = (0..g)
            .map(|_| match mode {
                "min" => vec![0],
                "max" => (0..N.hi).map(|_| gen.range(H.hi / 2, H.hi)).collect(),
                _ => {
                    let n = gen.range(N.lo, N.hi) as usize;
                    let mut heaps: Vec<u64> = (0..n).map(|_| gen.range(H.lo, H.hi)).collect();
                    if mode == "second" || gen.chance(1, 3) {
                        balance(&mut heaps);
                    }
                    heaps
                }
            })
            .collect();
        Ok(Instance {
            header: seed,
            cases: games,
        })
    }

    fn shrink_case(&self, _: &u64, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        shrink_list(heaps, N.lo as usize, |_| 1, |&h| smaller(h, H.lo))
    }

    fn weight(&self, heaps: &Vec<u64>) -> usize {
        heaps.len()
    }

    /// Size: the heap count plus the heaps, with seed 0.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        Box::new(counted_lists(N, H, size).map(|heaps| (0, heaps)))
    }
}

/// Makes the heaps xor to 0 by changing the last one, when that keeps it within bounds.
fn balance(heaps: &mut [u64]) {
    let Some((last, rest)) = heaps.split_last_mut() else {
        return;
    };
    let wanted = xor(rest);
    if wanted <= H.hi {
        *last = wanted;
    }
}

fn shown_heaps(heaps: &[u64]) -> String {
    let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
    heaps.join(" ")
}

impl Played for NimPlay {
    fn referee(&self, &seed: &u64, games: &[Vec<u64>], dialog: &mut dyn Dialog) -> Refereed {
        let count = games.len();
        let games = games
            .iter()
            .enumerate()
            .map(|(i, heaps)| Game {
                announce: format!("{} {}", heaps.len(), shown_heaps(heaps)),
                place: format!("game {} (heaps {})", i + 1, shown_heaps(heaps)),
                start: Heaps(heaps.clone()),
            })
            .collect();
        play::referee(&count.to_string(), games, seed, dialog)
    }
}

/// Heaps being played.
struct Heaps(Vec<u64>);

impl Position for Heaps {
    fn mover_wins(&self) -> bool {
        xor(&self.0) != 0
    }

    fn parse_move(&self, [i, x]: [u64; 2]) -> Result<[u64; 2], String> {
        let n = self.0.len();
        match usize::try_from(i).ok().filter(|&i| (1..=n).contains(&i)) {
            None => Err(format!("there is no heap {i} (there are {n})")),
            Some(heap) if x == 0 || x > self.0[heap - 1] => Err(format!(
                "heap {i} has {} stones; taking {x} is not a move",
                self.0[heap - 1]
            )),
            Some(_) => Ok([i, x]),
        }
    }

    fn any_move(&self) -> Option<[u64; 2]> {
        let heap = self.0.iter().position(|&h| h > 0)?;
        Some([heap as u64 + 1, 1])
    }

    fn winning_moves(&self) -> Vec<[u64; 2]> {
        nim_winning_moves(&self.0)
            .into_iter()
            .map(|(heap, left)| [heap as u64 + 1, self.0[heap] - left])
            .collect()
    }

    /// Every move is scored once, in place: the winning answers it leaves are the heaps `h`
    /// with `h xor total < h` after it, counted without building the position (the judge
    /// plays this on every move of a lost game, so it is on the conversation's path).
    fn stalling_move(&self, gen: &mut Gen) -> Option<[u64; 2]> {
        let total = xor(&self.0);
        let answers = |heap: usize, left: u64| {
            let after = total ^ self.0[heap] ^ left;
            let wins = |h: u64| usize::from(h ^ after < h);
            let others: usize = (self.0.iter().enumerate())
                .filter(|&(j, _)| j != heap)
                .map(|(_, &h)| wins(h))
                .sum();
            others + wins(left)
        };
        let scored: Vec<([u64; 2], usize)> = (0..self.0.len())
            .flat_map(|heap| {
                (1..=self.0[heap])
                    .map(move |x| ([heap as u64 + 1, x], answers(heap, self.0[heap] - x)))
            })
            .collect();
        let fewest = scored.iter().map(|&(_, n)| n).min()?;
        let stubborn: Vec<[u64; 2]> = (scored.into_iter())
            .filter(|&(_, n)| n == fewest)
            .map(|(mv, _)| mv)
            .collect();
        Some(stubborn[gen.index(stubborn.len())])
    }

    fn play(&mut self, [i, x]: [u64; 2]) {
        self.0[i as usize - 1] -= x;
    }

    fn unplay(&mut self, [i, x]: [u64; 2]) {
        self.0[i as usize - 1] += x;
    }

    fn describe(&self) -> String {
        let heaps: Vec<String> = self.0.iter().map(u64::to_string).collect();
        format!("heaps {} (xor {})", listed(&heaps), xor_sum(&self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The winning answers left by `mv`, counted on the position after it.
    fn answers_after(heaps: &Heaps, mv: [u64; 2]) -> usize {
        let mut after = Heaps(heaps.0.clone());
        after.play(mv);
        let total = xor(&after.0);
        after.0.iter().filter(|&&h| h ^ total < h).count()
    }

    /// Every stalling move leaves as few winning answers as any legal move does, and every
    /// move that does is picked by some seed.
    #[test]
    fn the_stalling_move_leaves_the_fewest_winning_answers() {
        for heaps in [
            vec![1, 2, 3],
            vec![4, 4],
            vec![5, 1, 7, 2],
            vec![3, 0, 3, 6],
        ] {
            let heaps = Heaps(heaps);
            let moves: Vec<[u64; 2]> = (0..heaps.0.len())
                .flat_map(|i| (1..=heaps.0[i]).map(move |x| [i as u64 + 1, x]))
                .collect();
            let fewest = moves.iter().map(|&mv| answers_after(&heaps, mv)).min();
            let mut picked = std::collections::BTreeSet::new();
            for seed in 0..200 {
                let mv = heaps.stalling_move(&mut Gen::new(seed)).expect("a move");
                assert_eq!(
                    Some(answers_after(&heaps, mv)),
                    fewest,
                    "{:?} {mv:?}",
                    heaps.0
                );
                picked.insert(mv);
            }
            let all = moves
                .iter()
                .filter(|&&mv| Some(answers_after(&heaps, mv)) == fewest);
            assert_eq!(picked.len(), all.count(), "{:?}", heaps.0);
        }
    }
}
