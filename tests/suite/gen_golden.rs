//! Golden vectors: the exact first outputs of `Gen` for fixed seeds. Committed test data is
//! regenerated from seeds, so any change to these numbers (a new rand_chacha, a different key
//! expansion, a "harmless" rewrite of a helper) would silently change every archive; these
//! tests make such a change loud. If one fails, the stream changed: do not re-pin the values
//! unless you mean to regenerate all of testdata/.
//!
//! The first two tests tie the stream to published values, independently of this code: the
//! ChaCha8 keystream of draft-strombergson-chacha-test-vectors TC1 and SplitMix64's reference
//! outputs for state 0.

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use stonejudge::gen::Gen;

/// draft-strombergson-chacha-test-vectors, TC1 (all-zero 256-bit key and IV), 8 rounds:
/// the first 64 keystream bytes.
const CHACHA8_TC1: &str = "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e\
                           984ce172b9216f419f445367456d5619314a42a3da86b001387bfdb80e0cfe42";

/// SplitMix64 (Vigna's splitmix64.c) from state 0: the first four outputs.
const SPLITMIX64_FROM_0: [u64; 4] = [
    0xE220_A839_7B1D_CDAF,
    0x6E78_9E6A_A1B9_65F4,
    0x06C4_5D18_8009_454F,
    0xF88B_B8A8_724C_81EC,
];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn chacha8_matches_the_published_tc1_keystream() {
    let mut rng = ChaCha8Rng::from_seed([0; 32]);
    let mut block = [0u8; 64];
    rng.fill_bytes(&mut block);
    assert_eq!(hex(&block), CHACHA8_TC1);
}

#[test]
fn next_u64_reads_the_keystream_little_endian() {
    let mut rng = ChaCha8Rng::from_seed([0; 32]);
    // The first eight TC1 bytes 3e 00 ef 2f 89 5f 40 d6, read little-endian.
    assert_eq!(rng.next_u64(), 0xd640_5f89_2fef_003e);
}

#[test]
fn gen_keys_chacha8_with_splitmix64_of_the_seed() {
    // Gen::new(0)'s key is the four SplitMix64 outputs from state 0, little-endian.
    let mut key = [0u8; 32];
    for (chunk, word) in key.chunks_exact_mut(8).zip(SPLITMIX64_FROM_0) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let mut reference = ChaCha8Rng::from_seed(key);
    let mut gen = Gen::new(0);
    for _ in 0..100 {
        assert_eq!(gen.next_u64(), reference.next_u64());
    }
}

#[test]
fn next_u64_golden() {
    let cases: [(u64, [u64; 4]); 4] = [
        (
            0,
            [
                0xbf94d1332d8ee5e8,
                0x3a738775a6da5a01,
                0x3d46ff10c143ee06,
                0x17c6ab23e9f6424f,
            ],
        ),
        (
            1,
            [
                0xef72eaf448a8b558,
                0x8a33ba97599a55b3,
                0x0c40074ee248f1ee,
                0xdbb160985b660e10,
            ],
        ),
        (
            42,
            [
                0x31159ef987c91afc,
                0x17559844b4169001,
                0xf7d0afbf9ad9a69f,
                0xb9207ad5fd37495a,
            ],
        ),
        (
            u64::MAX,
            [
                0x167fca9c60ef8644,
                0xf792fa24f2f83696,
                0x71e8f282dbcbe0b1,
                0xebaa0dca9492a6e7,
            ],
        ),
    ];
    for (seed, expected) in cases {
        let mut gen = Gen::new(seed);
        let got: Vec<u64> = (0..4).map(|_| gen.next_u64()).collect();
        assert_eq!(got, expected, "seed {seed}");
    }
}

#[test]
fn below_golden() {
    let cases: [(u64, [u64; 8]); 3] = [
        (0, [7, 2, 2, 0, 3, 0, 3, 5]),
        (1, [9, 5, 0, 8, 4, 1, 9, 2]),
        (42, [1, 0, 9, 7, 0, 2, 7, 6]),
    ];
    for (seed, expected) in cases {
        let mut gen = Gen::new(seed);
        let got: Vec<u64> = (0..8).map(|_| gen.below(10)).collect();
        assert_eq!(got, expected, "seed {seed}");
    }
}

#[test]
fn range_golden() {
    let cases: [(u64, [u64; 4]); 2] = [
        (
            0,
            [
                748364520067805821,
                228325334762169347,
                239364568319856836,
                92875190990491273,
            ],
        ),
        (
            42,
            [
                191736160202513537,
                91149822972591333,
                968028053549324067,
                723151852839888273,
            ],
        ),
    ];
    for (seed, expected) in cases {
        let mut gen = Gen::new(seed);
        let got: Vec<u64> = (0..4)
            .map(|_| gen.range(1, 1_000_000_000_000_000_000))
            .collect();
        assert_eq!(got, expected, "seed {seed}");
    }
}

#[test]
fn range_over_all_of_u64_is_the_raw_word() {
    let mut a = Gen::new(7);
    let mut b = Gen::new(7);
    assert_eq!(a.range(0, u64::MAX), b.next_u64());
}

#[test]
fn shuffle_golden() {
    let cases: [(u64, [u32; 10]); 3] = [
        (0, [5, 4, 3, 9, 6, 8, 0, 1, 2, 7]),
        (1, [1, 5, 8, 3, 7, 2, 6, 0, 4, 9]),
        (42, [6, 4, 3, 2, 9, 8, 5, 7, 0, 1]),
    ];
    for (seed, expected) in cases {
        let mut items: Vec<u32> = (0..10).collect();
        Gen::new(seed).shuffle(&mut items);
        assert_eq!(items, expected, "seed {seed}");
    }
}

#[test]
fn helpers_golden() {
    // One stream, the helpers in sequence: pins each helper's consumption of the stream too.
    type Case = (u64, [u64; 5], [u64; 4], [u64; 4], [u64; 5]);
    let cases: [Case; 2] = [
        (
            0,
            [10, 23, 24, 37, 72],
            [1, 6, 5, 8],
            [0, 6, 3, 1],
            [
                9143983675028,
                873887753095284295,
                24369898616979253,
                0,
                143401752467,
            ],
        ),
        (
            42,
            [3, 9, 19, 72, 95],
            [5, 9, 5, 1],
            [1, 2, 5, 2],
            [129738728264, 120155856424468, 6845848, 0, 79625785265269],
        ),
    ];
    for (seed, sample, partition, partition_nonneg, log_uniform) in cases {
        let mut gen = Gen::new(seed);
        assert_eq!(gen.sample_distinct(5, 1, 100), sample, "seed {seed}");
        assert_eq!(gen.partition(20, 4), partition, "seed {seed}");
        assert_eq!(gen.partition_nonneg(10, 4), partition_nonneg, "seed {seed}");
        let got: Vec<u64> = (0..5)
            .map(|_| gen.log_uniform(0, 1_000_000_000_000_000_000))
            .collect();
        assert_eq!(got, log_uniform, "seed {seed}");
    }
}
