//! Small helpers shared by the problem files: shrink candidates and the ranges that
//! [`Reach`](super::Reach) reports.

/// Smaller values to try in place of `value`, never below `floor`, most aggressive first:
/// the floor, half the way down, and one less (distinct, all strictly below `value`).
pub fn lower_values(value: u64, floor: u64) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    if value > floor {
        for candidate in [floor, floor + (value - floor) / 2, value - 1] {
            if candidate < value && !out.contains(&candidate) {
                out.push(candidate);
            }
        }
    }
    out
}

/// Collections longer than this shrink by halves only; shorter ones also lose single items.
pub const FINE: usize = 32;

/// Instances with more numbers than this shrink only by halves of their largest parts, never
/// number by number: every candidate is a whole copy, so their count must stay small.
pub const SMALL: usize = 1024;

/// Shorter versions of `items`, never fewer than `keep` items, most aggressive first: without
/// its second half, without its first half, then (when at most [`FINE`] long) without each
/// single item.
pub fn fewer<T: Clone>(items: &[T], keep: usize) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    let len = items.len();
    if len <= keep {
        return out;
    }
    let half = len / 2;
    if half >= 2 && len - half >= keep {
        out.push(items[..len - half].to_vec());
        out.push(items[half..].to_vec());
    }
    if len <= FINE {
        for i in 0..len {
            let mut shorter = items.to_vec();
            shorter.remove(i);
            out.push(shorter);
        }
    }
    out
}

/// The smallest and largest of `values`, or `None` if there are none.
pub fn min_max(values: impl IntoIterator<Item = u64>) -> Option<(u64, u64)> {
    values.into_iter().fold(None, |acc, v| match acc {
        None => Some((v, v)),
        Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
    })
}

/// The items of a list separated by `", "`, for messages.
pub fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_values_are_distinct_and_below() {
        assert_eq!(lower_values(10, 0), vec![0, 5, 9]);
        assert_eq!(lower_values(2, 1), vec![1]);
        assert!(lower_values(1, 1).is_empty());
    }

    #[test]
    fn fewer_keeps_at_least_keep_items() {
        assert!(fewer(&[1], 1).is_empty());
        assert_eq!(fewer(&[1, 2], 1), vec![vec![2], vec![1]]);
        let long: Vec<u32> = (0..100).collect();
        let shorter = fewer(&long, 1);
        assert_eq!(shorter.len(), 2);
        assert!(shorter.iter().all(|v| v.len() == 50));
    }

    #[test]
    fn min_max_of_nothing_is_none() {
        assert_eq!(min_max([]), None);
        assert_eq!(min_max([3, 1, 2]), Some((1, 3)));
    }
}
