//! Portable seeded randomness: the only source of random numbers in stonejudge.
//!
//! Everything is built on the raw `u64` stream of ChaCha8 (`rand_chacha`), whose output for a
//! given key has never changed between versions. Bounded integers, choices and shuffles are
//! implemented here on top of `next_u64`, because `rand`'s own distributions are allowed to
//! change their values in minor releases, which would silently change committed test data.
//!
//! The one thing not reproducible here is [`fresh_seed`]: a seed drawn from the operating
//! system, for runs that should try something new each time (and print the seed they drew).

mod params;

pub use params::{ParamError, Params};

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seed from the operating system's random source (through `rand`), different on every
/// call. Only the seed is random: everything made from it is a [`Gen`] stream, reproducible
/// from the seed alone.
pub fn fresh_seed() -> Result<u64, rand::rngs::SysError> {
    use rand::TryRng;
    rand::rngs::SysRng.try_next_u64()
}

/// A deterministic random stream derived from one `u64` seed.
pub struct Gen {
    rng: ChaCha8Rng,
}

impl Gen {
    /// The 256-bit ChaCha key is the seed expanded by SplitMix64 (four outputs, little-endian),
    /// a documented expansion under our control rather than `seed_from_u64`'s.
    pub fn new(seed: u64) -> Gen {
        let mut state = seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        Gen {
            rng: ChaCha8Rng::from_seed(key),
        }
    }

    /// The next raw 64-bit word of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A uniform integer in `0..bound` (`bound > 0`), without modulo bias: Lemire's
    /// multiply-and-reject method on 128-bit products.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "Gen::below needs a positive bound");
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// A uniform integer in the inclusive range `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Gen::range needs lo <= hi");
        match (hi - lo).checked_add(1) {
            Some(span) => lo + self.below(span),
            None => self.next_u64(),
        }
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }

    /// A uniformly chosen element of a non-empty slice.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// Fisher–Yates shuffle, drawing indices with [`Gen::below`].
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniform index into a collection of `len` items, drawn as a `u64` so that the stream
    /// does not depend on the width of `usize`.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// `count` distinct integers from `lo..=hi`, in increasing order; every subset of that size
    /// is equally likely. Robert Floyd's algorithm: `count` draws whatever the width of the
    /// range, so a few distinct values out of `0..=10^18` cost no more than out of `0..=10`.
    /// Shuffle the result if the order should be random too.
    ///
    /// Panics if the range holds fewer than `count` integers (generators check their
    /// parameters first).
    pub fn sample_distinct(&mut self, count: u64, lo: u64, hi: u64) -> Vec<u64> {
        assert!(lo <= hi, "Gen::sample_distinct needs lo <= hi");
        let span = u128::from(hi - lo) + 1;
        assert!(
            u128::from(count) <= span,
            "Gen::sample_distinct: {count} distinct values do not fit in {lo}..={hi}"
        );
        let mut chosen = std::collections::BTreeSet::new();
        for j in (span - u128::from(count))..span {
            // `j < span <= 2^64`, so it fits; draw uniformly from 0..=j.
            let j = j as u64;
            let t = self.range(0, j);
            if !chosen.insert(t) {
                chosen.insert(j);
            }
        }
        chosen.into_iter().map(|offset| lo + offset).collect()
    }

    /// `total` split into `parts` positive integers that add up to it, every such ordered
    /// split (composition) equally likely: the `parts - 1` cut points are a uniform sample of
    /// distinct positions in `1..total`.
    ///
    /// Panics unless `1 <= parts <= total`.
    pub fn partition(&mut self, total: u64, parts: u64) -> Vec<u64> {
        assert!(
            parts >= 1 && parts <= total,
            "Gen::partition: cannot split {total} into {parts} positive parts"
        );
        let cuts = if parts == 1 {
            Vec::new()
        } else {
            self.sample_distinct(parts - 1, 1, total - 1)
        };
        let mut sizes = Vec::with_capacity(cuts.len() + 1);
        let mut previous = 0;
        for cut in cuts.into_iter().chain(std::iter::once(total)) {
            sizes.push(cut - previous);
            previous = cut;
        }
        sizes
    }

    /// `total` split into `parts` non-negative integers that add up to it, every such ordered
    /// split equally likely (stars and bars: a positive split of `total + parts`, minus one
    /// from each part).
    ///
    /// Panics if `parts == 0` or `total + parts` overflows.
    pub fn partition_nonneg(&mut self, total: u64, parts: u64) -> Vec<u64> {
        let shifted = total
            .checked_add(parts)
            .expect("Gen::partition_nonneg: total + parts overflows u64");
        self.partition(shifted, parts)
            .into_iter()
            .map(|size| size - 1)
            .collect()
    }

    /// An integer in `lo..=hi` whose bit length is uniform among the lengths the range allows,
    /// then uniform among the values of that length in the range. Heaps drawn this way spread
    /// over every order of magnitude, where [`Gen::range`] would almost always give 18-digit
    /// numbers on `0..=10^18`.
    pub fn log_uniform(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Gen::log_uniform needs lo <= hi");
        let bits = |x: u64| u64::from(u64::BITS - x.leading_zeros());
        let length = self.range(bits(lo), bits(hi));
        // The values of bit length `length` are 2^(length-1) ..= 2^length - 1 (just 0 for 0).
        let (first, last) = match length {
            0 => (0, 0),
            64 => (1 << 63, u64::MAX),
            _ => (1 << (length - 1), (1 << length) - 1),
        };
        self.range(first.max(lo), last.min(hi))
    }
}

/// One step of SplitMix64 (Steele, Lea, Flood 2014).
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
