//! Brute force that does not use Sprague–Grundy: memoized win/lose search over positions,
//! with moves generated literally from each rule.

use std::collections::HashMap;

use super::moves::{heap_moves, Move};
use super::ruleset::Ruleset;

/// Who wins when no move is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins (the last mover loses).
    Misere,
}

/// A position too large for exhaustive search, with what bound it broke.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("too large for brute force: {0}")]
pub struct TooLarge(pub String);

/// The most stones (summed over all heaps) a [`BruteSolver`] accepts. Positions are sorted
/// multisets of heap sizes, so for splitting games the search may visit every partition of
/// every total up to this bound (about a million at 50: seconds and tens of MiB; each 10
/// more stones cost about eight times as much). It also bounds the recursion depth.
pub const MAX_BRUTE_STONES: u64 = 50;

/// The largest heap [`wythoff_wins_brute`] accepts.
pub const MAX_WYTHOFF_BRUTE: u64 = 1000;

/// Exhaustive win/lose search for one ruleset and one play convention, with no game theory:
/// a position is won iff some literal move reaches a position lost for the opponent, and a
/// position with no move is lost (normal play) or won (misère play).
///
/// The memo is kept across queries, so asking about many small positions is cheap.
pub struct BruteSolver {
    rules: Ruleset,
    play: Play,
    /// Player-to-move-wins, keyed by the sorted non-empty heaps.
    memo: HashMap<Vec<u64>, bool>,
}

/// Brute-force solvers by ruleset and play convention, kept across many queries (the cases
/// of one input) so that queries about the same game share one memo.
#[derive(Default)]
pub struct Solvers(HashMap<(Ruleset, Play), BruteSolver>);

impl Solvers {
    /// The solver for `rules` under `play`, made on first use.
    pub fn get(&mut self, rules: &Ruleset, play: Play) -> &mut BruteSolver {
        self.0
            .entry((rules.clone(), play))
            .or_insert_with(|| BruteSolver::new(rules, play))
    }
}

impl BruteSolver {
    pub fn new(rules: &Ruleset, play: Play) -> BruteSolver {
        BruteSolver {
            rules: rules.clone(),
            play,
            memo: HashMap::new(),
        }
    }

    /// True if the player to move wins the sum of `heaps` (empty heaps allowed).
    /// Refuses positions of more than [`MAX_BRUTE_STONES`] stones in total.
    pub fn wins(&mut self, heaps: &[u64]) -> Result<bool, TooLarge> {
        check_size(heaps)?;
        let position = canonical(heaps.to_vec());
        Ok(search(&self.rules, self.play, &mut self.memo, position))
    }

    /// Every literal move (see [`heap_moves`]) after which the opponent loses; empty when the
    /// player to move loses. `Move::heap` indexes `heaps` as given.
    pub fn winning_moves(&mut self, heaps: &[u64]) -> Result<Vec<Move>, TooLarge> {
        check_size(heaps)?;
        let mut winning = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for candidate in heap_moves(&self.rules, i, h) {
                if !search(
                    &self.rules,
                    self.play,
                    &mut self.memo,
                    after(heaps, &candidate),
                ) {
                    winning.push(candidate);
                }
            }
        }
        Ok(winning)
    }
}

/// Player-to-move-wins for a canonical position, memoized; stops at the first winning move.
fn search(
    rules: &Ruleset,
    play: Play,
    memo: &mut HashMap<Vec<u64>, bool>,
    position: Vec<u64>,
) -> bool {
    if let Some(&known) = memo.get(&position) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    'heaps: for (i, &h) in position.iter().enumerate() {
        if i > 0 && position[i - 1] == h {
            continue; // an equal heap offers the same moves
        }
        for candidate in heap_moves(rules, i, h) {
            any_move = true;
            if !search(rules, play, memo, after(&position, &candidate)) {
                wins = true;
                break 'heaps;
            }
        }
    }
    let wins = if any_move { wins } else { play == Play::Misere };
    memo.insert(position, wins);
    wins
}

/// The position after `candidate`, canonical (sorted, no empty heaps).
fn after(heaps: &[u64], candidate: &Move) -> Vec<u64> {
    let mut next: Vec<u64> = heaps
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != candidate.heap)
        .map(|(_, &h)| h)
        .collect();
    next.extend_from_slice(&candidate.leaves);
    canonical(next)
}

fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

fn check_size(heaps: &[u64]) -> Result<(), TooLarge> {
    let total = heaps
        .iter()
        .try_fold(0u64, |acc, &h| acc.checked_add(h))
        .filter(|&t| t <= MAX_BRUTE_STONES);
    match total {
        Some(_) => Ok(()),
        None => Err(TooLarge(format!(
            "{} stones in total; the brute-force solver accepts at most {MAX_BRUTE_STONES}",
            heaps.iter().map(|&h| u128::from(h)).sum::<u128>()
        ))),
    }
}

/// Wythoff's game on heaps `(a, b)` by exhaustive search: true if the player to move wins.
/// Refuses heaps above [`MAX_WYTHOFF_BRUTE`].
pub fn wythoff_wins_brute(a: u64, b: u64) -> Result<bool, TooLarge> {
    let table = wythoff_table_brute(a.max(b))?;
    Ok(table[a as usize][b as usize])
}

/// `table[x][y]` = the player to move wins Wythoff's game on heaps `(x, y)`, for every
/// `x, y <= max`, by exhaustive search over the literal moves: take any positive number from
/// one heap, or the same number from both. Refuses `max` above [`MAX_WYTHOFF_BRUTE`].
pub fn wythoff_table_brute(max: u64) -> Result<Vec<Vec<bool>>, TooLarge> {
    if max > MAX_WYTHOFF_BRUTE {
        return Err(TooLarge(format!(
            "a Wythoff heap of {max}; the brute-force solver accepts heaps up to {MAX_WYTHOFF_BRUTE}"
        )));
    }
    let n = max as usize + 1;
    // Filled in increasing order of both coordinates, so every option is known when needed.
    let mut wins = vec![vec![false; n]; n];
    for x in 0..n {
        for y in 0..n {
            let lost = |x: usize, y: usize| !wins[x][y];
            wins[x][y] = (0..x).any(|x2| lost(x2, y))
                || (0..y).any(|y2| lost(x, y2))
                || (1..=x.min(y)).any(|d| lost(x - d, y - d));
        }
    }
    Ok(wins)
}
