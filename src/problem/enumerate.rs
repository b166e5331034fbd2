//! Building blocks for [`super::Problem::enumerate`]: every list of numbers with a given sum.
//! A problem's instances of one size are products of such lists (its counts and values).

/// Every sequence of `len` integers, each at least `lo`, summing to `total`, in
/// lexicographic order (empty if there is none).
pub fn sequences(len: usize, lo: u64, total: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let floor = lo.saturating_mul(len as u64);
    if total >= floor {
        let mut current = Vec::with_capacity(len);
        extend(&mut out, &mut current, len, lo, total - floor);
    }
    out
}

/// Appends every completion of `current` to `len` items that spends exactly `spare` above
/// the floor `lo` of each item.
fn extend(out: &mut Vec<Vec<u64>>, current: &mut Vec<u64>, len: usize, lo: u64, spare: u64) {
    if current.len() + 1 == len {
        current.push(lo + spare);
        out.push(current.clone());
        current.pop();
        return;
    }
    if current.len() == len {
        if spare == 0 {
            out.push(current.clone());
        }
        return;
    }
    for extra in 0..=spare {
        current.push(lo + extra);
        extend(out, current, len, lo, spare - extra);
        current.pop();
    }
}

/// Every list of any positive length whose length plus sum is `total`, each item at least
/// `lo`: the heaps of one case whose count is written in the input.
pub fn counted_lists(lo: u64, total: u64) -> Vec<Vec<u64>> {
    (1..=total)
        .flat_map(|len| {
            let items = total - len;
            sequences(len as usize, lo, items)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequences_are_every_composition_in_order() {
        assert_eq!(sequences(2, 0, 2), vec![vec![0, 2], vec![1, 1], vec![2, 0]]);
        assert_eq!(
            sequences(3, 1, 4),
            vec![vec![1, 1, 2], vec![1, 2, 1], vec![2, 1, 1]]
        );
        assert!(sequences(3, 1, 2).is_empty());
        assert_eq!(sequences(0, 0, 0), vec![Vec::<u64>::new()]);
        assert!(sequences(0, 0, 1).is_empty());
        // Compositions of 10 into 4 non-negative parts: C(13, 3).
        assert_eq!(sequences(4, 0, 10).len(), 286);
    }

    #[test]
    fn counted_lists_include_their_length() {
        assert_eq!(counted_lists(0, 2), vec![vec![1], vec![0, 0]]);
        assert_eq!(counted_lists(1, 4), vec![vec![3], vec![1, 1]]);
    }
}
