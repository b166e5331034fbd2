//! Wythoff's game near 10^18: exact integer P-positions, checked by identities that do not
//! use the formula under test, and a demonstration that `f64` gets them wrong.

use stonejudge::game::wythoff::{is_p_position, p_partner, p_position, winning_moves};
use stonejudge::gen::Gen;

const BIG: u64 = 1_000_000_000_000_000_000;

/// `a = floor(k * phi)` iff `a <= k (1 + sqrt 5) / 2 < a + 1` iff
/// `(2a - k)^2 <= 5 k^2 < (2a + 2 - k)^2`: a certificate in integers, no square root.
fn is_floor_k_phi(k: u64, a: u64) -> bool {
    let (k, a) = (u128::from(k), u128::from(a));
    let square = |x: u128| x.checked_mul(x).expect("certificate fits in u128");
    let five_k2 = 5 * square(k);
    a >= k && square(2 * a - k) <= five_k2 && five_k2 < square(2 * a + 2 - k)
}

#[test]
fn small_p_positions_are_the_mex_construction() {
    // a_k = mex of every number used so far, b_k = a_k + k (the classical construction).
    let mut used = std::collections::HashSet::new();
    let mut next = 0u64;
    for k in 0..20_000u64 {
        while used.contains(&next) {
            next += 1;
        }
        let expected = (next, next + k);
        assert_eq!(p_position(k), Some(expected), "k = {k}");
        used.insert(expected.0);
        used.insert(expected.1);
    }
}

#[test]
fn p_positions_near_10_18_are_exact() {
    let mut previous = p_position(BIG - 2001).unwrap();
    for k in BIG - 2000..=BIG {
        let (a, b) = p_position(k).unwrap();
        assert!(is_floor_k_phi(k, a), "k = {k}: a = {a} is not floor(k phi)");
        assert_eq!(b - a, k);
        // Consecutive lower values differ by 1 or 2, upper values by 2 or 3.
        assert!(matches!(a - previous.0, 1 | 2), "k = {k}");
        assert!(matches!(b - previous.1, 2 | 3), "k = {k}");
        previous = (a, b);
        assert!(is_p_position(a, b) && is_p_position(b, a), "k = {k}");
        assert!(
            !is_p_position(a + 1, b) && !is_p_position(a, b + 1),
            "k = {k}"
        );
        assert!(
            !is_p_position(a - 1, b) && !is_p_position(a, b - 1),
            "k = {k}"
        );
        assert_eq!(p_partner(a), Some(b));
        assert_eq!(p_partner(b), Some(a));
    }
}

#[test]
fn every_heap_has_one_partner_near_10_18() {
    for x in BIG..BIG + 3000 {
        let y = p_partner(x).unwrap();
        assert!(is_p_position(x, y), "({x}, {y})");
        assert_eq!(p_partner(y), Some(x), "partner of {y}");
    }
}

#[test]
fn largest_p_positions_and_overflow() {
    // The last k whose P-position fits in u64, found by bisection on p_position itself.
    let (mut lo, mut hi) = (BIG, u64::MAX);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if p_position(mid).is_some() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let (a, b) = p_position(lo).unwrap();
    assert!(is_floor_k_phi(lo, a));
    assert_eq!(b - a, lo);
    assert!(is_p_position(a, b));
    assert!(u64::MAX - b < 3, "the next P-position would still fit: {b}");
    assert!(!is_p_position(0, u64::MAX));
    assert!(!is_p_position(u64::MAX, u64::MAX));
    assert!(p_position(u64::MAX).is_none());
}

#[test]
fn winning_moves_near_10_18_reach_p_positions() {
    let mut gen = Gen::new(0x5eed_00f1);
    for _ in 0..2000 {
        let (a, b) = if gen.chance(1, 4) {
            let (a, b) = p_position(gen.range(BIG / 2, BIG)).unwrap();
            (a + gen.below(3), b - gen.below(3))
        } else {
            (gen.range(0, BIG), gen.range(0, BIG))
        };
        let moves = winning_moves(a, b);
        assert_eq!(moves.is_empty(), is_p_position(a, b), "({a}, {b})");
        for &(x, y) in &moves {
            let legal = (x < a && y == b) || (x == a && y < b) || (a - x == b - y && x < a);
            assert!(legal, "({a}, {b}) -> ({x}, {y}) is not a move");
            assert!(
                is_p_position(x, y),
                "({a}, {b}) -> ({x}, {y}) is not a P-position"
            );
        }
    }
}

#[test]
fn floating_point_is_wrong_below_10_18() {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut gen = Gen::new(0x5eed_00f2);
    let wrong = (0..1000)
        .map(|_| gen.range(1_000_000_000, BIG))
        .find(|&k| ((k as f64) * phi).floor() as u64 != p_position(k).unwrap().0);
    let k = wrong.expect("f64 agreed everywhere sampled");
    let (a, _) = p_position(k).unwrap();
    assert!(
        is_floor_k_phi(k, a),
        "the exact value is certified at k = {k}"
    );
}

#[test]
fn poj_1067_samples() {
    assert!(is_p_position(2, 1));
    assert!(!is_p_position(8, 4));
    assert!(is_p_position(4, 7));
    assert!(is_p_position(0, 0));
}
