//! Building blocks for [`super::TypedProblem::enumerate`]: every list of numbers with a given sum,
//! within bounds, one at a time. A problem's instances of one size are products of such lists
//! (its counts and values); nothing is collected, so the memory an enumeration takes does not
//! grow with the size.

use super::format::Int;

/// Every sequence of `len` integers in `lo..=hi` summing to `total`, in lexicographic order.
pub fn sequences(len: usize, lo: u64, hi: u64, total: u64) -> Sequences {
    let fits = lo <= hi
        && lo.saturating_mul(len as u64) <= total
        && total <= hi.saturating_mul(len as u64);
    let mut first = Sequences {
        current: Vec::with_capacity(len),
        len,
        lo,
        hi,
        fresh: fits,
    };
    if fits {
        first.fill_from(0, total);
    }
    first
}

/// The iterator of [`sequences`].
#[derive(Debug, Clone)]
pub struct Sequences {
    current: Vec<u64>,
    len: usize,
    lo: u64,
    hi: u64,
    /// `current` is the next sequence and has not been handed out.
    fresh: bool,
}

impl Sequences {
    /// Makes `current[from..]` the smallest suffix summing to `total`: each item as small as
    /// the items after it allow.
    fn fill_from(&mut self, from: usize, mut total: u64) {
        self.current.truncate(from);
        for i in from..self.len {
            let after = (self.len - i - 1) as u64;
            let item = self
                .lo
                .max(total.saturating_sub(self.hi.saturating_mul(after)));
            self.current.push(item);
            total -= item;
        }
    }

    /// Moves to the next sequence in lexicographic order: the last item that can grow by one
    /// while the items after it still reach the sum grows, and those items start over.
    fn advance(&mut self) -> bool {
        let len = self.current.len();
        let mut rest: u64 = self.current.last().copied().unwrap_or(0);
        for i in (0..len.saturating_sub(1)).rev() {
            let after = (len - i - 1) as u64;
            if self.current[i] < self.hi && rest > self.lo.saturating_mul(after) {
                self.current[i] += 1;
                self.fill_from(i + 1, rest - 1);
                return true;
            }
            rest += self.current[i];
        }
        false
    }
}

impl Iterator for Sequences {
    type Item = Vec<u64>;

    fn next(&mut self) -> Option<Vec<u64>> {
        if !self.fresh && !self.advance() {
            return None;
        }
        self.fresh = false;
        Some(self.current.clone())
    }
}

/// Every list whose length is within `count` and whose items are within `value`, such that
/// its length plus its sum is `total`: the items of one case whose count is written in the
/// input. Shorter lists first.
pub fn counted_lists(count: Int, value: Int, total: u64) -> impl Iterator<Item = Vec<u64>> {
    (count.lo..=count.hi.min(total))
        .flat_map(move |len| sequences(len as usize, value.lo, value.hi, total - len))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(len: usize, lo: u64, hi: u64, total: u64) -> Vec<Vec<u64>> {
        sequences(len, lo, hi, total).collect()
    }

    #[test]
    fn sequences_are_every_composition_in_order() {
        assert_eq!(all(2, 0, 9, 2), vec![vec![0, 2], vec![1, 1], vec![2, 0]]);
        assert_eq!(
            all(3, 1, 9, 4),
            vec![vec![1, 1, 2], vec![1, 2, 1], vec![2, 1, 1]]
        );
        assert!(all(3, 1, 9, 2).is_empty());
        assert_eq!(all(0, 0, 9, 0), vec![Vec::<u64>::new()]);
        assert!(all(0, 0, 9, 1).is_empty());
        // Compositions of 10 into 4 non-negative parts: C(13, 3).
        assert_eq!(all(4, 0, 100, 10).len(), 286);
    }

    /// The bounded, lazy enumeration equals filtering every composition by the bounds.
    #[test]
    fn bounds_only_leave_out_what_they_exclude() {
        for len in 1..=4 {
            for total in 0..=14 {
                let unbounded = all(len, 1, u64::MAX, total);
                let within: Vec<Vec<u64>> = unbounded
                    .into_iter()
                    .filter(|v| v.iter().all(|&x| x <= 4))
                    .collect();
                assert_eq!(all(len, 1, 4, total), within, "len {len}, total {total}");
            }
        }
        assert!(all(2, 3, 2, 5).is_empty());
    }

    #[test]
    fn counted_lists_include_their_length() {
        let count = Int {
            name: "n",
            lo: 1,
            hi: 100,
            about: "",
        };
        let value = Int {
            name: "a_i",
            lo: 0,
            hi: 100,
            about: "",
        };
        let lists = |total| counted_lists(count, value, total).collect::<Vec<_>>();
        assert_eq!(lists(2), vec![vec![1], vec![0, 0]]);
        assert_eq!(
            counted_lists(count, Int { lo: 1, ..value }, 4).collect::<Vec<_>>(),
            vec![vec![3], vec![1, 1]]
        );
        assert!(lists(0).is_empty());
    }

    #[test]
    fn a_huge_total_starts_at_once() {
        let mut it = sequences(3, 0, u64::MAX, u64::MAX - 1);
        assert_eq!(it.next(), Some(vec![0, 0, u64::MAX - 1]));
        assert_eq!(it.next(), Some(vec![0, 1, u64::MAX - 2]));
    }
}
