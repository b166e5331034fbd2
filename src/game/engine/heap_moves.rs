//! A ruleset's moves on one heap, sorted into the three kinds the engines treat differently.

use super::bits::Bits;
use crate::game::Ruleset;

/// The moves of a heap game given by removal sizes (an octal code or a subtraction set):
/// taking a whole heap of exactly `j`, leaving one heap of `n - j`, and splitting `n - j` into
/// two non-empty heaps. Sizes are sorted; sizes no table can reach are dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct HeapMoves {
    /// Octal bit 1: a heap of exactly `j` may be removed (option value 0).
    whole: Vec<usize>,
    /// Octal bit 2: `j` stones may be removed leaving one non-empty heap.
    take: Vec<usize>,
    /// Octal bit 4: `j` stones may be removed leaving two non-empty heaps.
    pub(super) split: Vec<usize>,
}

impl HeapMoves {
    /// The moves of `rules`, or `None` for Nim and bounded Nim (which have closed forms).
    pub(super) fn of(rules: &Ruleset) -> Option<HeapMoves> {
        let mut moves = HeapMoves {
            whole: Vec::new(),
            take: Vec::new(),
            split: Vec::new(),
        };
        let sizes = |j: u64| usize::try_from(j).ok().filter(|&j| j <= super::MAX_VALUES);
        match rules {
            Ruleset::Nim | Ruleset::Bounded { .. } => return None,
            Ruleset::Subtraction { set } => {
                // Taking exactly s: octal digit 3 (the whole heap, or leaving one heap).
                moves.whole.extend(set.iter().copied().filter_map(sizes));
                moves.take = moves.whole.clone();
            }
            Ruleset::Octal(code) => {
                for &(j, digit) in code.digits() {
                    let Some(j) = sizes(j) else { break };
                    for (bit, list) in [
                        (1, &mut moves.whole),
                        (2, &mut moves.take),
                        (4, &mut moves.split),
                    ] {
                        if digit & bit != 0 {
                            list.push(j);
                        }
                    }
                }
            }
        }
        Some(moves)
    }

    /// Marks the options of a heap of `values.len()` that leave at most one heap.
    pub(super) fn mark_single(&self, values: &[u32], options: &mut Bits) {
        let n = values.len();
        if self.whole.binary_search(&n).is_ok() {
            options.insert(0);
        }
        for &j in self.take.iter().take_while(|&&j| j < n) {
            options.insert(values[n - j]);
        }
    }

    /// What a split move leaves to divide in a heap of `n`: `n - j` for every split size `j`
    /// with `n - j >= 2`.
    pub(super) fn split_rests(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.split
            .iter()
            .take_while(move |&&j| j + 2 <= n)
            .map(move |&j| n - j)
    }

    /// `j_max - j_min + 1` over the split sizes (0 without any): how many consecutive rests
    /// one heap's splits reach.
    pub(super) fn split_span(&self) -> usize {
        match (self.split.first(), self.split.last()) {
            (Some(first), Some(last)) => last - first + 1,
            _ => 0,
        }
    }

    /// The splits of the newest rest of a heap of `n` (`n - j_min`): what remains to scan when
    /// the other rests' splits are cached.
    pub(super) fn newest_split_pairs(&self, n: usize) -> u64 {
        self.split_rests(n)
            .next()
            .map_or(0, |rest| (rest / 2) as u64)
    }
}
