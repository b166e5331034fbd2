//! Shrink candidates: smaller numbers to try for one value, and shorter or simpler lists to
//! try for a list of items, most promising first.

/// Smaller values to try for a number `value` that must stay `>= lo`: `lo`, then steps down
/// of half the distance to `lo`, a quarter, an eighth, …, down to one less; distinct, each
/// below `value`. The halving steps let a greedy shrinker home in on the smallest failing
/// value in about log² steps where "one less" alone would take `value` steps.
pub fn smaller(value: u64, lo: u64) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    if value <= lo {
        return out;
    }
    out.push(lo);
    let mut step = (value - lo) / 2;
    while step > 0 {
        let v = value - step;
        if !out.contains(&v) {
            out.push(v);
        }
        step /= 2;
    }
    if !out.contains(&(value - 1)) {
        out.push(value - 1);
    }
    out
}

/// Lists longer than this are only shortened, never shrunk item by item: first find the few
/// items that matter, then make them small.
const ITEMWISE_MAX_LEN: usize = 16;

/// At most this many chunks are tried for removal from one list.
const MAX_CHUNKS: usize = 32;

/// How many items (by `weight`) the candidates of one [`shrink_list`] may hold in total, so
/// that shrinking a maximal input never materializes gigabytes.
const CANDIDATE_WEIGHT_BUDGET: usize = 1 << 22;

/// Shrink candidates for a list that must keep at least `min_len` items, most aggressive
/// first: keep one half, drop one of up to 32 chunks, then (for short lists) replace every
/// item by its first candidate at once, then one item by each of `shrink_item`'s candidates. Every candidate differs from `items`. `weight` is
/// the size of an item (1 for numbers, the heap count for a case), used to bound the memory
/// taken by the candidates.
pub fn shrink_list<T: Clone + PartialEq>(
    items: &[T],
    min_len: usize,
    weight: impl Fn(&T) -> usize,
    shrink_item: impl Fn(&T) -> Vec<T>,
) -> Vec<Vec<T>> {
    let total: usize = items.iter().map(&weight).sum::<usize>().max(1);
    let mut out: Vec<Vec<T>> = Vec::new();
    let mut spent = 0usize;
    let mut room = |candidate_weight: usize, out: &Vec<Vec<T>>| {
        spent = spent.saturating_add(candidate_weight);
        out.len() < 2 || spent <= CANDIDATE_WEIGHT_BUDGET
    };
    let len = items.len();
    let half = len / 2;
    if len >= 2 && half >= min_len.max(1) {
        for kept in [&items[..half], &items[half..]] {
            if kept.len() >= min_len && room(kept.iter().map(&weight).sum(), &out) {
                out.push(kept.to_vec());
            }
        }
    }
    let chunks = len.min(MAX_CHUNKS);
    if chunks >= 3 {
        let size = len.div_ceil(chunks);
        for start in (0..len).step_by(size) {
            let end = (start + size).min(len);
            if len - (end - start) < min_len.max(1) {
                continue;
            }
            let candidate: Vec<T> = [&items[..start], &items[end..]].concat();
            if out.contains(&candidate) {
                continue;
            }
            if !room(candidate.iter().map(&weight).sum(), &out) {
                return out;
            }
            out.push(candidate);
        }
    }
    if len <= ITEMWISE_MAX_LEN {
        let shrunk: Vec<Vec<T>> = items.iter().map(&shrink_item).collect();
        // Every item at its most aggressive candidate at once: equal items that only matter
        // together (two equal Nim heaps) shrink in one step.
        if len >= 2 && shrunk.iter().all(|c| !c.is_empty()) {
            let together: Vec<T> = shrunk.iter().map(|c| c[0].clone()).collect();
            if room(together.iter().map(&weight).sum(), &out) {
                out.push(together);
            }
        }
        for (i, (item, replacements)) in items.iter().zip(shrunk).enumerate() {
            for replacement in replacements {
                let candidate_weight = total - weight(item) + weight(&replacement);
                if !room(candidate_weight, &out) {
                    return out;
                }
                let mut candidate = items.to_vec();
                candidate[i] = replacement;
                out.push(candidate);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smaller_values_are_distinct_and_below() {
        assert_eq!(smaller(10, 1), vec![1, 6, 8, 9]);
        assert_eq!(smaller(2, 1), vec![1]);
        assert_eq!(smaller(1, 1), Vec::<u64>::new());
        assert_eq!(smaller(3, 0), vec![0, 2]);
        assert_eq!(smaller(u64::MAX, 0).len(), 64);
    }

    #[test]
    fn shrinking_a_list_keeps_the_minimum_length_and_changes_something() {
        let items: Vec<u64> = (1..=40).collect();
        let candidates = shrink_list(&items, 1, |_| 1, |&v| smaller(v, 1));
        assert!(!candidates.is_empty());
        for c in &candidates {
            assert!(!c.is_empty() && c.len() < items.len());
        }
        let short = vec![5u64, 7];
        let candidates = shrink_list(&short, 2, |_| 1, |&v| smaller(v, 1));
        assert!(candidates.iter().all(|c| c.len() == 2 && *c != short));
        assert!(candidates.contains(&vec![1, 7]));
    }
}
