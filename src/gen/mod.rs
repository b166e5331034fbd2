//! Portable seeded randomness: the only source of random numbers in stonejudge.
//!
//! Everything is built on the raw `u64` stream of ChaCha8 (`rand_chacha`), whose output for a
//! given key has never changed between versions. Bounded integers, choices and shuffles are
//! implemented here on top of `next_u64`, because `rand`'s own distributions are allowed to
//! change their values in minor releases, which would silently change committed test data.

mod params;

pub use params::{ParamError, Params};

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

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
}

/// One step of SplitMix64 (Steele, Lea, Flood 2014).
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
