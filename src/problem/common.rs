//! Pieces that several problems share: `T` then `T` cases, totals over all cases, answers
//! with two outcomes in each problem's own words, shrink candidates and reach ranges.

use super::{ParseError, Reach, StrictReader};
use crate::gen::{Gen, ParamError, Params};
use crate::text::{Malformed, TokenReader};

/// Reads `T` (in `1..=max_t`) on a line of its own, then `T` cases with `case`, then the end
/// of the input.
pub fn read_counted_cases<C>(
    input: &[u8],
    max_t: u64,
    mut case: impl FnMut(&mut StrictReader<'_>) -> Result<C, ParseError>,
) -> Result<Vec<C>, ParseError> {
    let mut r = StrictReader::new(input);
    let t = r.int("T", 1, max_t)?;
    r.end_of_values()?;
    let mut cases = Vec::with_capacity(t.min(1 << 16) as usize);
    for _ in 0..t {
        cases.push(case(&mut r)?);
    }
    r.eof()?;
    Ok(cases)
}

/// Writes `T` and then each case with `case` (which writes its own line ends).
pub fn write_counted_cases<C>(cases: &[C], mut case: impl FnMut(&mut String, &C)) -> String {
    let mut out = format!("{}\n", cases.len());
    for c in cases {
        case(&mut out, c);
    }
    out
}

/// A line `count v1 … v_count`: a count in `count_range`, then that many values in
/// `value_range`, all separated by single spaces.
pub fn read_counted_line(
    r: &mut StrictReader<'_>,
    count_name: &str,
    count_range: (u64, u64),
    value_name: &str,
    value_range: (u64, u64),
) -> Result<Vec<u64>, ParseError> {
    let count = r.int(count_name, count_range.0, count_range.1)?;
    if count == 0 {
        r.end_of_values()?;
        return Ok(Vec::new());
    }
    r.space()?;
    r.int_line(count as usize, value_name, value_range.0, value_range.1)
}

/// Appends `values` separated by single spaces, then a newline.
pub fn push_line(out: &mut String, values: &[u64]) {
    use std::fmt::Write;
    for (i, v) in values.iter().enumerate() {
        let sep = if i == 0 { "" } else { " " };
        let _ = write!(out, "{sep}{v}");
    }
    out.push('\n');
}

/// A total over the whole input with an upper limit, such as "total n <= 10^6".
pub struct Budget {
    /// The constraint as the statement writes it, e.g. `"total n <= 10^6"`.
    constraint: &'static str,
    limit: u64,
    used: u64,
}

impl Budget {
    pub fn new(constraint: &'static str, limit: u64) -> Budget {
        Budget {
            constraint,
            limit,
            used: 0,
        }
    }

    /// Adds `amount`, a value read at `at`; if the total passes the limit, the error points
    /// at that value, the one that broke the constraint.
    pub fn spend(&mut self, amount: u64, at: (usize, usize)) -> Result<(), ParseError> {
        self.used = self.used.saturating_add(amount);
        if self.used > self.limit {
            return Err(ParseError {
                line: at.0,
                col: at.1,
                message: format!(
                    "this value brings the total to {}, above {} ({})",
                    self.used, self.limit, self.constraint
                ),
            });
        }
        Ok(())
    }
}

/// How many items (cases, heaps, positions) a generator makes: fixed by a parameter or by the
/// mode, or else drawn per use in `1..=10`.
#[derive(Debug, Clone, Copy)]
pub struct Size(Option<u64>);

/// The largest size drawn when no size is fixed.
const DRAWN_SIZE_MAX: u64 = 10;

impl Size {
    /// The `key` parameter if given (in `1..=max`), else `by_mode` (`None`: drawn).
    pub fn param(
        params: &Params,
        key: &str,
        by_mode: Option<u64>,
        max: u64,
    ) -> Result<Size, ParamError> {
        match params.raw(key) {
            Some(_) => params.int(key, 1, 1, max).map(|n| Size(Some(n))),
            None => Ok(Size(by_mode)),
        }
    }

    /// The size of one item.
    pub fn draw(self, gen: &mut Gen) -> u64 {
        self.0.unwrap_or_else(|| gen.range(1, DRAWN_SIZE_MAX))
    }

    /// Refuses `count` items of this size when they could pass `limit` in all (`constraint`
    /// names it, e.g. `"total n <= 10^6"`); `key` is the parameter to blame.
    pub fn check_total(
        self,
        key: &str,
        count: u64,
        limit: u64,
        constraint: &str,
    ) -> Result<(), ParamError> {
        let each = self.0.unwrap_or(DRAWN_SIZE_MAX);
        if count.saturating_mul(each) > limit {
            return Err(ParamError {
                key: key.to_string(),
                message: format!("{count} cases of {each} could pass {constraint}"),
            });
        }
        Ok(())
    }
}

/// Who wins a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    First,
    Second,
}

impl Winner {
    /// The winner of a position in which the player to move wins iff `mover_wins`.
    pub fn from_mover_wins(mover_wins: bool) -> Winner {
        if mover_wins {
            Winner::First
        } else {
            Winner::Second
        }
    }
}

/// How a problem's output names the two outcomes of a case, one per line.
pub struct Outcomes {
    pub first: &'static str,
    pub second: &'static str,
}

/// `first` / `second`.
pub const FIRST_SECOND: Outcomes = Outcomes {
    first: "first",
    second: "second",
};

impl Outcomes {
    pub fn word(&self, winner: Winner) -> &'static str {
        match winner {
            Winner::First => self.first,
            Winner::Second => self.second,
        }
    }

    /// One word per line.
    pub fn write(&self, answers: &[Winner]) -> String {
        let mut out = String::new();
        for &w in answers {
            out.push_str(self.word(w));
            out.push('\n');
        }
        out
    }

    /// `count` words, each exactly one of the two (case-sensitive); `unit` names a case in
    /// messages (`"case"`, `"board"`).
    pub fn read(
        &self,
        tokens: &mut TokenReader<'_>,
        count: usize,
        unit: &str,
    ) -> Result<Vec<Winner>, Malformed> {
        let words = [self.first, self.second];
        (1..=count)
            .map(|i| {
                let expected = format!("{} or {} for {unit} {i}", self.first, self.second);
                tokens.word(&expected, &words).map(|k| match k {
                    0 => Winner::First,
                    _ => Winner::Second,
                })
            })
            .collect()
    }

    /// `"expected first, got second"`.
    pub fn mismatch(&self, expected: Winner, got: Winner) -> String {
        format!("expected {}, got {}", self.word(expected), self.word(got))
    }
}

/// The index of the first case where `got` differs from `reference`.
pub fn first_mismatch<A: PartialEq>(reference: &[A], got: &[A]) -> Option<usize> {
    reference.iter().zip(got).position(|(r, g)| r != g)
}

/// The range a constrained quantity is allowed and the range it takes over `values`.
pub fn reach(
    name: &'static str,
    allowed: (u64, u64),
    values: impl IntoIterator<Item = u64>,
) -> Reach {
    let seen = values.into_iter().fold(None, |acc: Option<(u64, u64)>, v| {
        Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
    });
    Reach {
        name,
        allowed,
        seen,
    }
}

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

    #[test]
    fn a_budget_reports_the_value_that_broke_it() {
        let mut budget = Budget::new("total n <= 10", 10);
        assert!(budget.spend(6, (2, 1)).is_ok());
        let error = budget.spend(5, (4, 1)).unwrap_err();
        assert_eq!((error.line, error.col), (4, 1));
        assert!(error.message.contains("total n <= 10"), "{}", error.message);
    }
}
