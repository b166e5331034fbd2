//! FNV-1a, 128-bit: a small, stable content hash for naming cached binaries. It is not
//! cryptographic; it only has to tell different sources apart, and stay the same across
//! versions of Rust and of our dependencies.

const OFFSET_BASIS: u128 = 0x6c62272e07bb014262b821756295c58d;
const PRIME: u128 = 0x0000000001000000000000000000013b;

/// The FNV-1a-128 hash of the concatenation of `parts`, each followed by a 0 byte so that
/// `["ab", "c"]` and `["a", "bc"]` differ.
pub fn fnv1a_128(parts: &[&[u8]]) -> u128 {
    let mut hash = OFFSET_BASIS;
    for part in parts {
        for &byte in part.iter().chain(&[0u8]) {
            hash ^= u128::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain FNV-1a-128 of `bytes` (no separators), to pin the constants to published values.
    fn plain(bytes: &[u8]) -> u128 {
        bytes.iter().fold(OFFSET_BASIS, |hash, &b| {
            (hash ^ u128::from(b)).wrapping_mul(PRIME)
        })
    }

    #[test]
    fn matches_published_test_vectors() {
        assert_eq!(plain(b""), 0x6c62272e07bb014262b821756295c58d);
        assert_eq!(plain(b"a"), 0xd228cb696f1a8caf78912b704e4a8964);
        assert_eq!(plain(b"foobar"), 0x343e1662793c64bf6f0d3597ba446f18);
    }

    #[test]
    fn parts_are_separated() {
        assert_ne!(fnv1a_128(&[b"ab", b"c"]), fnv1a_128(&[b"a", b"bc"]));
        assert_eq!(fnv1a_128(&[b"ab", b"c"]), plain(b"ab\0c\0"));
    }
}
