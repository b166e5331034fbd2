//! Split sets of recent rests, shared by every split size that reaches them.
//!
//! Splitting a heap of `n` after removing `j` stones divides the rest `r = n - j`, so the set
//! of split values `S(r)` depends on `r` alone: heap `n` needs `S(n - j)` for every split size
//! `j`, and `S(n - j)` was already the newest rest of heap `n - j + j_min`. Keeping the last
//! sets in a ring lets each rest be scanned once instead of once per split size (a third of
//! the work for a Stripes triple). The ring spans `j_max + 1` rests, so that it can also hold
//! the rests up to `n` — computable from `G(0..n)` before heaps `n..=n + j_min` are decided,
//! which is what lets the quadratic engine hand out several rests per round of threads.

/// The most memory the ring may take; beyond it (huge, sparse split sizes with large values)
/// the engines scan every rest directly.
const BUDGET_BYTES: usize = 32 << 20;

/// A ring of the split sets of the most recent rests.
#[derive(Debug, Clone)]
pub(super) struct RestCache {
    /// Slots in the ring: `j_max - j_min + 1`.
    span: usize,
    /// Words per set.
    words: usize,
    sets: Vec<u64>,
    /// The rest each slot holds (`usize::MAX`: none).
    held: Vec<usize>,
}

impl RestCache {
    /// A ring of `span` sets of `words` words, or `None` if it would not fit the budget.
    pub(super) fn new(span: usize, words: usize) -> Option<RestCache> {
        fits(span, words).then(|| RestCache {
            span,
            words,
            sets: vec![0; span * words],
            held: vec![usize::MAX; span],
        })
    }

    /// The set of `rest`, if held.
    pub(super) fn get(&self, rest: usize) -> Option<&[u64]> {
        let slot = rest % self.span;
        (self.held[slot] == rest).then(|| &self.sets[slot * self.words..(slot + 1) * self.words])
    }

    /// Keeps `set` as the set of `rest`, in place of the oldest.
    pub(super) fn store(&mut self, rest: usize, set: &[u64]) {
        let slot = rest % self.span;
        self.held[slot] = rest;
        let target = &mut self.sets[slot * self.words..(slot + 1) * self.words];
        target.fill(0);
        target.iter_mut().zip(set).for_each(|(t, s)| *t = *s);
    }

    /// Lays the ring out for sets of `words` words, keeping what it holds (values below the
    /// old capacity have the same bits); `false` if that no longer fits the budget.
    pub(super) fn resize(&mut self, words: usize) -> bool {
        if words <= self.words {
            return true;
        }
        if !fits(self.span, words) {
            return false;
        }
        let mut sets = vec![0; self.span * words];
        for (new, old) in sets
            .chunks_exact_mut(words)
            .zip(self.sets.chunks_exact(self.words))
        {
            new[..self.words].copy_from_slice(old);
        }
        self.sets = sets;
        self.words = words;
        true
    }

    /// Forgets every set (they were built from data that changed).
    pub(super) fn forget(&mut self) {
        self.held.fill(usize::MAX);
    }
}

fn fits(span: usize, words: usize) -> bool {
    span.checked_mul(words)
        .and_then(|w| w.checked_mul(8))
        .is_some_and(|bytes| bytes <= BUDGET_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_keeps_the_recent_rests_across_resizes() {
        assert!(RestCache::new(1000, BUDGET_BYTES / 1000).is_none());
        let mut cache = RestCache::new(26, 2).expect("fits");
        for rest in 0..100usize {
            cache.store(rest, &[rest as u64, 1]);
            if rest == 50 {
                assert!(cache.resize(4));
            }
        }
        assert_eq!(cache.get(99), Some(&[99, 1, 0, 0][..]));
        assert_eq!(cache.get(74), Some(&[74, 1, 0, 0][..]));
        assert_eq!(cache.get(73), None, "26 slots: 73 was overwritten by 99");
        assert_eq!(cache.get(40), None);
        cache.forget();
        assert_eq!(cache.get(99), None);
        assert!(!cache.resize(BUDGET_BYTES));
    }
}
