//! Moves on a sum of heaps: the literal moves each rule allows, and every winning move of a
//! normal-play sum found through Grundy values.
//!
//! A heap of an octal game (Stripes included) is a *row* of stones: a move removes a block of
//! `j` contiguous stones at some offset and leaves the pieces on either side. Two offsets may
//! leave the same pieces (mirror images); both are listed, because for Stripes they are
//! different placements on the board. For Nim, bounded Nim and subtraction games there is no
//! row: stones are taken from the left end, so the offset is always 0.

use std::fmt;

use super::ruleset::{OctalCode, Ruleset};

/// One move in a sum of heaps.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Which heap the move is made in, 0-based, as indexed in the position given.
    pub heap: usize,
    /// How many stones the move removes (for Stripes: the length of the stripe placed).
    pub removed: u64,
    /// Stones left of the removed block (for Stripes: the first covered cell is `offset + 1`).
    /// Always 0 for Nim, bounded Nim and subtraction games.
    pub offset: u64,
    /// The non-empty heaps that replace the heap moved in, sorted ascending (empty when the
    /// heap is taken whole).
    pub leaves: Vec<u64>,
}

impl Move {
    /// The first and last cell the removed block covers, 1-based and inclusive.
    pub fn cells(&self) -> (u64, u64) {
        (self.offset + 1, self.offset + self.removed)
    }

    /// The move as a Stripes placement, for explanations:
    /// `placing the length-5 stripe on cells 171-175`.
    pub fn stripe_placement(&self) -> String {
        let (first, last) = self.cells();
        if first == last {
            format!("placing the length-1 stripe on cell {first}")
        } else {
            format!(
                "placing the length-{} stripe on cells {first}-{last}",
                self.removed
            )
        }
    }

    /// The stones left in the heap moved in (the sum of its pieces); for Nim, the new size.
    pub fn stones_left(&self) -> u64 {
        self.leaves.iter().sum()
    }
}

impl fmt::Display for Move {
    /// `heap 3: remove 5 at offset 170, leaving [20, 30]` (heap 1-based).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "heap {}: remove {} at offset {}, leaving {:?}",
            self.heap + 1,
            self.removed,
            self.offset,
            self.leaves
        )
    }
}

/// Every literal move in heap number `heap` holding `size` stones, lazily, in a fixed order
/// (by removal, then offset). Nothing is generated for an empty heap.
///
/// Nim has `size` moves and an octal game about `size` per digit: callers bound `size`.
/// Lazy, so that a search stopping at the first winning move allocates no more.
pub fn heap_moves(rules: &Ruleset, heap: usize, size: u64) -> Box<dyn Iterator<Item = Move> + '_> {
    let take = move |removed: u64| Move {
        heap,
        removed,
        offset: 0,
        leaves: if removed == size {
            Vec::new()
        } else {
            vec![size - removed]
        },
    };
    match rules {
        Ruleset::Nim => Box::new((1..=size).map(take)),
        Ruleset::Bounded { m } => Box::new((1..=size.min(*m)).map(take)),
        Ruleset::Subtraction { set } => {
            Box::new(set.iter().copied().filter(move |&s| s <= size).map(take))
        }
        Ruleset::Octal(code) => Box::new(octal_moves(code, heap, size)),
    }
}

/// Removing `j` contiguous stones at every offset of a row, keeping only the results the
/// digit `d_j` allows: bit 1 nothing left, bit 2 one piece, bit 4 two pieces.
fn octal_moves(code: &OctalCode, heap: usize, size: u64) -> impl Iterator<Item = Move> + '_ {
    let fitting = code.digits().iter().take_while(move |&&(j, _)| j <= size);
    fitting.flat_map(move |&(j, d)| {
        let rest = size - j;
        (0..=rest).filter_map(move |offset| {
            let (left, right) = (offset, rest - offset);
            let allowed = match (left > 0, right > 0) {
                (false, false) => d & 1 != 0,
                (true, true) => d & 4 != 0,
                _ => d & 2 != 0,
            };
            allowed.then(|| Move {
                heap,
                removed: j,
                offset,
                leaves: match (left, right) {
                    (0, 0) => Vec::new(),
                    (0, x) | (x, 0) => vec![x],
                    _ => vec![left.min(right), left.max(right)],
                },
            })
        })
    })
}

/// A heap larger than the Grundy table handed in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a heap of {heap} stones needs G({heap}), but the table holds only G(0..{len})")]
pub struct OutsideTable {
    pub heap: u64,
    /// How many values the table holds: `G(0)` to `G(len - 1)`.
    pub len: u64,
}

/// The Grundy value of one heap, looked up in `values = G(0..)`.
fn value_of(values: &[u32], heap: u64) -> Result<u32, OutsideTable> {
    usize::try_from(heap)
        .ok()
        .and_then(|i| values.get(i).copied())
        .ok_or(OutsideTable {
            heap,
            len: values.len() as u64,
        })
}

/// The Grundy value of a sum of heaps: the xor of `G(h)` over the heaps (Sprague–Grundy).
/// The player to move wins a normal-play sum iff this is non-zero.
pub fn sum_value(values: &[u32], heaps: &[u64]) -> Result<u32, OutsideTable> {
    heaps
        .iter()
        .try_fold(0, |acc, &h| Ok(acc ^ value_of(values, h)?))
}

/// True if the player to move wins the normal-play sum of `heaps` (xor of values non-zero).
pub fn first_player_wins(values: &[u32], heaps: &[u64]) -> Result<bool, OutsideTable> {
    Ok(sum_value(values, heaps)? != 0)
}

/// Every winning move of the normal-play sum of `heaps` under `rules`, given
/// `values = G(0..)` covering every heap: the literal moves (see [`heap_moves`]) after which
/// the xor of values is 0. Empty when the player to move loses.
///
/// A move in a heap of value `g` wins iff its pieces have value `g xor X`, `X` the xor of the
/// whole sum. Every heap is searched: unlike Nim, a heap of an octal or subtraction game may
/// also have options of values *above* `g` (Kayles: `G(4) = 1` and 4 -> 2 reaches `G(2) = 2`).
pub fn winning_moves(
    rules: &Ruleset,
    values: &[u32],
    heaps: &[u64],
) -> Result<Vec<Move>, OutsideTable> {
    let total = sum_value(values, heaps)?;
    let mut winning = Vec::new();
    if total == 0 {
        return Ok(winning);
    }
    for (i, &h) in heaps.iter().enumerate() {
        let g = value_of(values, h)?;
        let target = g ^ total;
        for candidate in heap_moves(rules, i, h) {
            if sum_value(values, &candidate.leaves)? == target {
                winning.push(candidate);
            }
        }
    }
    Ok(winning)
}

/// Every winning move of normal-play Nim, as `(heap index 0-based, stones left)`, for heaps of
/// any size (`G(n) = n`, no table needed). Empty when the player to move loses.
pub fn nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let total = heaps.iter().fold(0, |acc, &h| acc ^ h);
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ total < h)
        .map(|(i, &h)| (i, h ^ total))
        .collect()
}

/// The Grundy value of a heap of `a` stones in bounded Nim (take 1..=m): `a mod (m + 1)`.
pub fn bounded_value(m: u64, a: u64) -> u64 {
    m.checked_add(1).map_or(a, |modulus| a % modulus)
}

/// The xor of the bounded-Nim values of `heaps`: the player to move wins iff it is non-zero.
pub fn bounded_sum_value(m: u64, heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, &a| acc ^ bounded_value(m, a))
}

/// A winning move of bounded Nim as `(heap index, stones taken)`, if the player to move wins:
/// in a heap of value `g`, taking `k = (g - target) mod (m + 1)` stones (`1 <= k <= m`) reaches
/// value `target = g xor X`, provided the heap has `k` stones.
pub fn bounded_winning_move(m: u64, heaps: &[u64]) -> Option<(usize, u64)> {
    let xor = bounded_sum_value(m, heaps);
    if xor == 0 {
        return None;
    }
    let modulus = u128::from(m) + 1;
    heaps.iter().enumerate().find_map(|(i, &a)| {
        let g = u128::from(bounded_value(m, a));
        let target = g ^ u128::from(xor);
        if target >= modulus {
            return None;
        }
        let take = (g + modulus - target) % modulus;
        (take <= u128::from(a)).then_some((i, take as u64))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::brute::{BruteSolver, Play};

    #[test]
    fn bounded_winning_moves_leave_positions_that_brute_force_loses() {
        for m in 1..=4 {
            let mut solver = BruteSolver::new(&Ruleset::Bounded { m }, Play::Normal);
            for a in 0..=9 {
                for b in 0..=9 {
                    let heaps = [a, b];
                    let wins = solver.wins(&heaps).expect("small");
                    let Some((i, take)) = bounded_winning_move(m, &heaps) else {
                        assert!(!wins, "m = {m}, heaps {a} {b}: a winning move exists");
                        continue;
                    };
                    assert!(wins && (1..=m).contains(&take) && take <= heaps[i]);
                    let mut after = heaps;
                    after[i] -= take;
                    assert!(!solver.wins(&after).expect("small"), "{heaps:?} {i} {take}");
                }
            }
        }
    }
}
