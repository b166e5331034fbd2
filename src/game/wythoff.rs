//! Wythoff's game, exactly, in integers: two heaps; take any positive number from one heap or
//! the same number from both.
//!
//! The P-positions are `(a_k, a_k + k)` with `a_k = floor(k * phi)`, and
//! `floor(k * phi) = floor((k + sqrt(5 k^2)) / 2) = (k + isqrt(5 k^2)) / 2` in integer
//! arithmetic. `5 k^2` fits in `u128` for every `k` whose P-position fits in `u64`, so no
//! floating point is ever involved (an `f64` is already wrong below 10^18).

/// `floor(k * phi)`, or `None` when `5 k^2` does not fit in `u128` (then `a_k + k > u64::MAX`).
pub fn floor_k_phi(k: u64) -> Option<u128> {
    let k = u128::from(k);
    let five_k_squared = k.checked_mul(k)?.checked_mul(5)?;
    Some((k + five_k_squared.isqrt()) / 2)
}

/// The `k`-th P-position `(a_k, a_k + k)`, `k >= 0`; `None` if it does not fit in `u64`.
pub fn p_position(k: u64) -> Option<(u64, u64)> {
    let a = u64::try_from(floor_k_phi(k)?).ok()?;
    Some((a, a.checked_add(k)?))
}

/// True if the player to move loses Wythoff's game on heaps `(a, b)` (order irrelevant).
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (low, high) = (a.min(b), a.max(b));
    floor_k_phi(high - low) == Some(u128::from(low))
}

/// The other heap of the unique P-position containing a heap of `x` (Beatty's theorem: every
/// natural number is exactly one `a_k` or one `a_k + k`, and 0 pairs with 0); `None` when that
/// heap does not fit in `u64`.
pub fn p_partner(x: u64) -> Option<u64> {
    let as_lower = |k: u64| floor_k_phi(k);
    let as_upper = |k: u64| floor_k_phi(k).map(|a| a + u128::from(k));
    if let Some(k) = solve_increasing(x, as_lower) {
        return p_position(k).map(|(_, b)| b);
    }
    let k = solve_increasing(x, as_upper)?;
    p_position(k).map(|(a, _)| a)
}

/// The `k` in `0..=x` with `f(k) = x`, for a strictly increasing `f` (`None` = too large),
/// by binary search.
fn solve_increasing(x: u64, f: impl Fn(u64) -> Option<u128>) -> Option<u64> {
    let target = u128::from(x);
    let (mut lo, mut hi) = (0u64, x);
    // Invariant: every k < lo has f(k) < x, every k > hi has f(k) > x.
    while lo <= hi {
        let mid = lo + (hi - lo) / 2;
        match f(mid).map(|v| v.cmp(&target)) {
            Some(std::cmp::Ordering::Equal) => return Some(mid),
            Some(std::cmp::Ordering::Less) => lo = mid + 1,
            _ => hi = mid.checked_sub(1)?,
        }
    }
    None
}

/// The largest `k` whose P-position `(a_k, a_k + k)` has both heaps at most `max`.
pub fn largest_k_within(max: u64) -> u64 {
    let fits = |k: u64| p_position(k).is_some_and(|(_, b)| b <= max);
    // b_k >= 2k, so k <= max / 2; binary search the monotone predicate.
    let (mut lo, mut hi) = (0, max / 2);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// The Fibonacci numbers up to `max`, from 1: the `k` for which `k * phi` lies nearest an
/// integer, so that a rounding error in `floor(k * phi)` misplaces the P-position.
pub fn fibonacci_upto(max: u64) -> Vec<u64> {
    let mut out = vec![1];
    let (mut x, mut y) = (1u64, Some(2u64));
    while let Some(next) = y.filter(|&y| y <= max) {
        out.push(next);
        (x, y) = (next, x.checked_add(next));
    }
    out
}

/// Every winning move from `(a, b)`, as the position it leaves, heaps in the order given.
/// Empty when `(a, b)` is a P-position. At most three: lower heap `a`, lower heap `b`, or
/// lower both by the same amount (keeping the difference `k`, reaching `(a_k, a_k + k)`).
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut moves = Vec::new();
    if let Some(x) = p_partner(b).filter(|&x| x < a) {
        moves.push((x, b));
    }
    if let Some(y) = p_partner(a).filter(|&y| y < b) {
        moves.push((a, y));
    }
    let low = a.min(b);
    if let Some(target) = floor_k_phi(a.max(b) - low).filter(|&t| t < u128::from(low)) {
        let d = low - target as u64;
        moves.push((a - d, b - d));
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fibonacci_numbers_stop_at_the_bound_without_overflow() {
        assert_eq!(fibonacci_upto(20), [1, 2, 3, 5, 8, 13]);
        let all = fibonacci_upto(u64::MAX);
        assert_eq!(all.len(), 92);
        assert!(all.windows(3).all(|w| w[0] + w[1] == w[2]));
    }
}
