//! Sets of Grundy values as bitsets, and the inner loop that fills them with split xors.

/// A set of values below `capacity()`, a power of two at least 64.
///
/// The engines keep the capacity at least twice the largest value so far (rounded up): every
/// xor of two values, every option and every mex then lies below it. Indices are masked with
/// `capacity - 1`, which changes nothing under that invariant and lets the compiler drop
/// bounds checks from the hot loops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// An empty set with room for values below `capacity` (rounded up to a power of two).
    pub(super) fn with_capacity(capacity: usize) -> Bits {
        Bits {
            words: vec![0; words_for(capacity)],
        }
    }

    pub(super) fn capacity(&self) -> usize {
        self.words.len() * 64
    }

    /// Grows to the capacity that the values up to `value` need (twice `value`, rounded up).
    pub(super) fn fit(&mut self, value: u32) {
        let words = words_for(capacity_for(value));
        if words > self.words.len() {
            self.words.resize(words, 0);
        }
    }

    pub(super) fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Empties the set and gives it room for values below `capacity` (rounded up).
    pub(super) fn reset(&mut self, capacity: usize) {
        self.words.clear();
        self.words.resize(words_for(capacity), 0);
    }

    pub(super) fn insert(&mut self, value: u32) {
        let mask = self.words.len() - 1;
        self.words[(value >> 6) as usize & mask] |= 1 << (value & 63);
    }

    /// Adds every value of `other` (whose capacity may be smaller).
    pub(super) fn union_with(&mut self, other: &[u64]) {
        self.words.iter_mut().zip(other).for_each(|(w, o)| *w |= o);
    }

    /// The smallest value not in the set (the mex).
    pub(super) fn first_absent(&self) -> u32 {
        first_set(self.words.iter().map(|w| !w)).unwrap_or(self.capacity() as u32)
    }

    pub(super) fn count(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }

    pub(super) fn words(&self) -> &[u64] {
        &self.words
    }

    pub(super) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }
}

/// The capacity that values up to `value` need: twice the next power of two above it.
pub(super) fn capacity_for(value: u32) -> usize {
    2 * (value as usize + 1).next_power_of_two()
}

fn words_for(capacity: usize) -> usize {
    capacity.div_ceil(64).next_power_of_two()
}

/// The index of the first set bit of a sequence of words.
pub(super) fn first_set(words: impl Iterator<Item = u64>) -> Option<u32> {
    words
        .enumerate()
        .find(|&(_, w)| w != 0)
        .map(|(i, w)| i as u32 * 64 + w.trailing_zeros())
}

/// Inserts `G(a) xor G(rest - a)` into `set` for every `a` in `from..to` (`to <= rest/2 + 1`).
///
/// The inner loop of every split scan: `G(a)` is read forward and its partner backward, both
/// sequential, so the prefetcher keeps up and nothing is copied; eight xors are formed at a
/// time (one vector operation) before their bits are set. `set.len()` is a power of two.
pub(super) fn insert_splits(set: &mut [u64], values: &[u32], rest: usize, from: usize, to: usize) {
    if from >= to {
        return;
    }
    let low = &values[from..to];
    let high = &values[rest + 1 - to..rest + 1 - from];
    let mask = set.len() - 1;
    let whole = low.len() / 8 * 8;
    let (low_blocks, low_tail) = low.split_at(whole);
    let (high_tail, high_blocks) = high.split_at(high.len() - whole);
    for (l, h) in low_blocks.chunks_exact(8).zip(high_blocks.rchunks_exact(8)) {
        let mut xors = [0u32; 8];
        for (i, x) in xors.iter_mut().enumerate() {
            *x = l[i] ^ h[7 - i];
        }
        for x in xors {
            set[(x >> 6) as usize & mask] |= 1 << (x & 63);
        }
    }
    for (&x, &y) in low_tail.iter().zip(high_tail.iter().rev()) {
        let v = x ^ y;
        set[(v >> 6) as usize & mask] |= 1 << (v & 63);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut set = Bits::with_capacity(1);
        assert_eq!(set.capacity(), 64);
        set.fit(100);
        assert_eq!(set.capacity(), 256);
        for v in [0, 1, 2, 4, 200] {
            set.insert(v);
        }
        assert_eq!(set.first_absent(), 3);
        assert_eq!(set.words()[3], 1 << 8, "200 = 3 * 64 + 8");
        assert_eq!(set.count(), 5);
        let mut other = Bits::with_capacity(64);
        other.insert(3);
        set.union_with(other.words());
        assert_eq!(set.first_absent(), 5);
        set.clear();
        assert_eq!(set.first_absent(), 0);
        let mut full = Bits::with_capacity(64);
        (0..64).for_each(|v| full.insert(v));
        assert_eq!(full.first_absent(), 64);
    }

    #[test]
    fn splits_match_the_definition_for_every_range() {
        let values: Vec<u32> = (0..80u32).map(|i| (i * 37 + i / 3) % 61).collect();
        for rest in 2..values.len() {
            for from in 1..=rest / 2 + 1 {
                for to in from..=rest / 2 + 1 {
                    let mut set = Bits::with_capacity(128);
                    insert_splits(set.words_mut(), &values, rest, from, to);
                    let mut expected = Bits::with_capacity(128);
                    (from..to).for_each(|a| expected.insert(values[a] ^ values[rest - a]));
                    assert_eq!(set, expected, "rest {rest}, {from}..{to}");
                }
            }
        }
    }
}
