//! Sanity of `Gen`'s helpers: exact contracts (ranges, sums, distinctness, edge cases) and
//! uniformity on small domains by a chi-square statistic over a fixed seed (deterministic, so
//! the test either always passes or always fails; the bounds are the 0.1% critical values).

use std::collections::BTreeMap;

use stonejudge::gen::Gen;

/// Pearson's chi-square of `counts` against a uniform distribution over `cells` outcomes.
/// Outcomes never seen count as zero, so a helper that misses one outcome fails.
fn chi_square<K: Ord>(counts: &BTreeMap<K, u64>, cells: usize) -> f64 {
    assert_eq!(
        counts.len(),
        cells,
        "some outcome never occurred or an impossible one did"
    );
    let total: u64 = counts.values().sum();
    let expected = total as f64 / cells as f64;
    counts
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// Critical values of chi-square at p = 0.001 by degrees of freedom.
fn critical(df: usize) -> f64 {
    match df {
        5 => 20.52,
        7 => 24.32,
        8 => 26.12,
        9 => 27.88,
        _ => panic!("no critical value tabulated for {df} degrees of freedom"),
    }
}

fn tally<K: Ord>(samples: impl Iterator<Item = K>) -> BTreeMap<K, u64> {
    let mut counts = BTreeMap::new();
    for s in samples {
        *counts.entry(s).or_insert(0) += 1;
    }
    counts
}

#[test]
fn below_is_uniform_on_a_small_bound() {
    let mut gen = Gen::new(1);
    let counts = tally((0..60_000).map(|_| gen.below(6)));
    assert!(chi_square(&counts, 6) < critical(5));
}

#[test]
fn below_is_uniform_on_a_bound_that_does_not_divide_2_pow_64() {
    // 3 * 2^62 + 1: plain `next_u64() % bound` would make the low third twice as likely.
    let bound = 3 * (1u64 << 62) + 1;
    let mut gen = Gen::new(2);
    let counts = tally((0..30_000).map(|_| gen.below(bound) / (bound / 3 + 1)));
    assert!(chi_square(&counts, 3) < 13.82); // 2 degrees of freedom
}

#[test]
fn range_hits_both_ends() {
    let mut gen = Gen::new(3);
    let counts = tally((0..10_000).map(|_| gen.range(5, 9)));
    assert_eq!(
        counts.keys().copied().collect::<Vec<_>>(),
        vec![5, 6, 7, 8, 9]
    );
    let mut gen = Gen::new(3);
    assert_eq!(gen.range(u64::MAX, u64::MAX), u64::MAX);
}

#[test]
fn shuffle_gives_every_permutation_equally_often() {
    let mut gen = Gen::new(4);
    let counts = tally((0..24_000).map(|_| {
        let mut items = [0, 1, 2, 3];
        gen.shuffle(&mut items);
        items
    }));
    // 24 permutations: 23 degrees of freedom, critical value 49.73 at 0.1%.
    assert!(chi_square(&counts, 24) < 49.73);
}

#[test]
fn choose_is_uniform() {
    let items = ["a", "b", "c", "d", "e", "f"];
    let mut gen = Gen::new(5);
    let counts = tally((0..30_000).map(|_| *gen.choose(&items)));
    assert!(chi_square(&counts, 6) < critical(5));
}

#[test]
fn chance_has_the_right_frequency() {
    let mut gen = Gen::new(6);
    let hits = (0..30_000).filter(|_| gen.chance(1, 3)).count();
    // Mean 10_000, standard deviation about 82: allow four of them.
    assert!((9_670..=10_330).contains(&hits), "{hits}");
}

#[test]
fn sample_distinct_gives_every_subset_equally_often() {
    let mut gen = Gen::new(7);
    // 2 of 1..=5: 10 subsets.
    let counts = tally((0..30_000).map(|_| gen.sample_distinct(2, 1, 5)));
    assert!(chi_square(&counts, 10) < critical(9));
}

#[test]
fn sample_distinct_is_sorted_distinct_and_in_range() {
    let mut gen = Gen::new(8);
    for count in [0, 1, 5, 50, 100] {
        let sample = gen.sample_distinct(count, 1000, 1099);
        assert_eq!(sample.len() as u64, count);
        assert!(sample.windows(2).all(|w| w[0] < w[1]));
        assert!(sample.iter().all(|v| (1000..=1099).contains(v)));
    }
    // The whole range, and the full width of u64.
    assert_eq!(gen.sample_distinct(4, 7, 10), vec![7, 8, 9, 10]);
    let wide = gen.sample_distinct(3, 0, u64::MAX);
    assert_eq!(wide.len(), 3);
    assert!(wide.windows(2).all(|w| w[0] < w[1]));
}

#[test]
#[should_panic(expected = "do not fit")]
fn sample_distinct_refuses_more_values_than_the_range_holds() {
    Gen::new(9).sample_distinct(5, 1, 4);
}

#[test]
fn partition_gives_every_composition_equally_often() {
    let mut gen = Gen::new(10);
    // 6 into 3 positive parts: C(5, 2) = 10 compositions.
    let counts = tally((0..30_000).map(|_| gen.partition(6, 3)));
    assert!(counts.keys().all(|parts| parts.iter().sum::<u64>() == 6));
    assert!(chi_square(&counts, 10) < critical(9));
}

#[test]
fn partition_edge_cases() {
    let mut gen = Gen::new(11);
    assert_eq!(gen.partition(7, 1), vec![7]);
    assert_eq!(gen.partition(4, 4), vec![1, 1, 1, 1]);
    let big = gen.partition(1_000_000, 1000);
    assert_eq!(big.len(), 1000);
    assert_eq!(big.iter().sum::<u64>(), 1_000_000);
    assert!(big.iter().all(|&p| p >= 1));
}

#[test]
#[should_panic(expected = "positive parts")]
fn partition_refuses_more_parts_than_the_total() {
    Gen::new(12).partition(3, 4);
}

#[test]
fn partition_nonneg_gives_every_split_equally_often() {
    let mut gen = Gen::new(13);
    // 3 into 3 non-negative parts: C(5, 2) = 10 splits, zeros included.
    let counts = tally((0..30_000).map(|_| gen.partition_nonneg(3, 3)));
    assert!(counts.contains_key(&vec![0, 0, 3]));
    assert!(chi_square(&counts, 10) < critical(9));
    assert_eq!(gen.partition_nonneg(0, 3), vec![0, 0, 0]);
}

#[test]
fn log_uniform_spreads_over_bit_lengths() {
    let mut gen = Gen::new(14);
    // 0..=255: bit lengths 0 through 8, nine of them, each equally likely.
    let counts = tally((0..27_000).map(|_| u64::BITS - gen.log_uniform(0, 255).leading_zeros()));
    assert!(chi_square(&counts, 9) < critical(8));
    // A range inside one bit length is plain uniform on the range.
    let counts = tally((0..8_000).map(|_| gen.log_uniform(100, 107)));
    assert!(chi_square(&counts, 8) < critical(7));
    // The ends of u64.
    assert_eq!(gen.log_uniform(u64::MAX, u64::MAX), u64::MAX);
    assert_eq!(gen.log_uniform(0, 0), 0);
}

#[test]
fn different_seeds_give_different_streams() {
    let first: Vec<u64> = (0..100).map(|seed| Gen::new(seed).next_u64()).collect();
    let distinct: std::collections::BTreeSet<u64> = first.iter().copied().collect();
    assert_eq!(distinct.len(), first.len());
}
