//! Periodicity that is *proven*, never guessed: the Guy–Smith theorem for finite octal games.
//!
//! If `G(n + p) = G(n)` for every `e <= n < 2e + p + t` (t = the largest removal, `e >= 1`),
//! then `G(n + p) = G(n)` for every `n >= e`. So a period found in a table of values is a proof
//! once the table holds `2e + 2p + t` values; before that it is only a guess and is not used.
//!
//! The theorem needs `e >= 1`: a split must leave two non-empty heaps, so the induction step
//! cannot map a part of size `p` down to size 0. (Octal 0.4 is a counterexample at `e = 0`:
//! `G = 0,0,0,1,…` repeats with period 1 for `0 <= n < 0 + 1 + 1`, yet `G(3) = 1`.) A period
//! from `e = 0` is therefore proven from `e = 1` plus the one comparison `G(p) = G(0)`, and
//! needs `2 + 2p + t` values.
//!
//! Two ways to find one: [`proven_period`] reads a finished table; [`PeriodWatch`] follows a
//! table while it is being computed and says so as soon as the theorem applies, so that a long
//! computation can stop early. Both give the same answer.

use std::fmt;

/// A proven period: `G(n + period) = G(n)` for every `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub preperiod: u64,
    pub period: u64,
}

/// Grundy values for every heap size through a proven period: `values` covers at least the
/// preperiod and one period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periodic {
    pub values: Vec<u32>,
    pub period: Period,
}

impl Periodic {
    /// `G(n)`, for any `n`.
    pub fn value(&self, n: u64) -> u32 {
        self.values[self.period.reduce(n) as usize]
    }

    /// The xor of the heaps' values: the player to move wins the sum iff it is non-zero.
    pub fn sum_value(&self, heaps: &[u64]) -> u32 {
        heaps.iter().fold(0, |acc, &n| acc ^ self.value(n))
    }

    /// The smallest heap of at least `lo` with the value of a heap of `n`, if smaller than `n`
    /// (only one preperiod plus period need be searched).
    pub fn smallest_like(&self, n: u64, lo: u64) -> Option<u64> {
        let g = self.value(n);
        let end = n.min(self.period.preperiod + self.period.period);
        (lo..end).find(|&m| self.value(m) == g)
    }
}

impl Period {
    /// The index whose value equals `G(n)` and lies inside a table of `preperiod + period`
    /// values.
    pub fn reduce(&self, n: u64) -> u64 {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }

    /// How many values `G(0..L)` the theorem needs to prove this period for a game whose
    /// largest removal is `max_removal`: `L = 2·max(e, 1) + 2p + t` (`None` on overflow).
    pub fn values_needed(&self, max_removal: u64) -> Option<u64> {
        2u64.checked_mul(self.preperiod.max(1))?
            .checked_add(2u64.checked_mul(self.period)?)?
            .checked_add(max_removal)
    }

    /// The inequality this period satisfies, to print beside it as its certificate.
    pub fn certificate(&self, max_removal: u64) -> Certificate {
        Certificate {
            period: *self,
            max_removal,
        }
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "proven: preperiod={} period={}",
            self.preperiod, self.period
        )
    }
}

/// What was checked to prove a [`Period`], as one line:
/// `checked G(n+34)=G(n) for 53 <= n < 2*53+34+2 = 142`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Certificate {
    period: Period,
    max_removal: u64,
}

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Period { preperiod, period } = self.period;
        let t = self.max_removal;
        // The theorem starts at e' = max(e, 1); at e = 0 the comparison at n = 0 is extra.
        let start = preperiod.max(1);
        let end = 2 * u128::from(start) + u128::from(period) + u128::from(t);
        write!(
            f,
            "checked G(n+{period})=G(n) for {preperiod} <= n < 2*{start}+{period}+{t} = {end}"
        )?;
        if preperiod == 0 {
            write!(
                f,
                " (the theorem applies from n = 1; n = 0 is compared directly)"
            )?;
        }
        Ok(())
    }
}

/// The smallest period that the Guy–Smith theorem proves from `values = G(0..=N)` of a game
/// whose largest removal is `max_removal`, with the smallest preperiod for that period.
///
/// Once some period is proven this is the game's least eventual period and exact preperiod:
/// every proven period is a multiple of the least one, which then needs no more values than
/// the multiple did. So a longer table gives the same answer.
pub fn proven_period(values: &[u32], max_removal: u64) -> Option<Period> {
    let len = values.len() as u64;
    // Even with e = 0 a period p needs 2p + t values: larger periods cannot be proven.
    let largest = len.saturating_sub(max_removal) / 2;
    (1..=largest).find_map(|p| {
        let period = Period {
            preperiod: preperiod_for(values, p as usize) as u64,
            period: p,
        };
        (period.values_needed(max_removal)? <= len).then_some(period)
    })
}

/// The smallest `e` such that `values[n + p] == values[n]` for every `n >= e` in the table.
fn preperiod_for(values: &[u32], p: usize) -> usize {
    (p..values.len())
        .rev()
        .find(|&i| values[i] != values[i - p])
        .map_or(0, |i| i - p + 1)
}

/// Follows a table of Grundy values while it grows and reports a period as soon as the
/// Guy–Smith theorem proves one, so that a computation can stop there.
///
/// The answer is exactly what [`proven_period`] says of the shortest prefix that proves a
/// period (and so of every longer table): the watch finds that prefix by binary search, which
/// is valid because provability is monotone — once the theorem proves `p`, every later value
/// agrees with it. Between checks it does nothing; a check costs `O(L)` for `L` values and runs
/// when the table has grown by a sixteenth, so watching adds a small constant per value.
#[derive(Debug, Clone)]
pub struct PeriodWatch {
    max_removal: u64,
    /// The longest prefix known to prove nothing.
    refuted: usize,
    /// The table length at which the next check runs.
    next_check: usize,
    proven: Option<Period>,
}

impl PeriodWatch {
    /// A watch for a game whose largest removal is `max_removal`.
    pub fn new(max_removal: u64) -> PeriodWatch {
        PeriodWatch {
            max_removal,
            refuted: 0,
            next_check: 1,
            proven: None,
        }
    }

    /// Looks at the table `values = G(0..L)` (it must extend what was shown before) when a
    /// check is due; the proven period once there is one.
    pub fn observe(&mut self, values: &[u32]) -> Option<Period> {
        if self.proven.is_none() && values.len() >= self.next_check {
            self.settle(values);
        }
        self.proven
    }

    /// Checks the table now, whether or not a check is due (for the end of a computation).
    pub fn settle(&mut self, values: &[u32]) -> Option<Period> {
        if self.proven.is_some() {
            return self.proven;
        }
        let len = values.len();
        if len <= self.refuted || !any_period_proven(values, self.max_removal) {
            self.refuted = self.refuted.max(len);
            self.next_check = len + (len / 16).max(1);
            return None;
        }
        // The shortest proving prefix lies in (refuted, len]: binary search on monotonicity.
        let (mut lo, mut hi) = (self.refuted, len);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if any_period_proven(&values[..mid], self.max_removal) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        self.refuted = lo;
        self.proven = proven_period(&values[..hi], self.max_removal);
        self.proven
    }
}

/// Whether [`proven_period`] would find a period in `values`, in `O(len)` time and `O(1)`
/// memory whatever the values are.
///
/// With `L` values and `h = ⌊(L - t)/2⌋`, the theorem proves `p` exactly when `p <= h - 1` and
/// `G(i) = G(i - p)` for every `h <= i < L` — that is when the block `B = G(h..L)` occurs again
/// at a start `j = h - p` in `1..h`. A Rabin–Karp scan finds such an occurrence; every hash hit
/// is compared value by value, so the answer is exact, and it stops at the first true one.
fn any_period_proven(values: &[u32], max_removal: u64) -> bool {
    let Some(half) = (values.len() as u64).checked_sub(max_removal) else {
        return false;
    };
    let h = (half / 2) as usize;
    if h < 2 {
        return false;
    }
    let block = &values[h..];
    let m = block.len();
    let target = RollingHash::of(block);
    let mut window = RollingHash::of(&values[1..1 + m]);
    let top = RollingHash::power(m - 1);
    for j in 1..h {
        if window.0 == target.0 && values[j..j + m] == *block {
            return true;
        }
        if j + 1 < h {
            window = window.roll(values[j], values[j + m], top);
        }
    }
    false
}

/// A polynomial hash modulo the Mersenne prime 2^61 - 1 of a block of values (each plus one, so
/// that zeros count).
#[derive(Debug, Clone, Copy)]
struct RollingHash(u64);

impl RollingHash {
    const MODULUS: u64 = (1 << 61) - 1;
    const BASE: u64 = 0x1f3d_5b79_a1c3_e5f7 % Self::MODULUS;

    fn of(block: &[u32]) -> RollingHash {
        RollingHash(
            block
                .iter()
                .fold(0, |h, &v| add_mod(mul_mod(h, Self::BASE), u64::from(v) + 1)),
        )
    }

    /// `BASE^k`.
    fn power(k: usize) -> u64 {
        (0..k).fold(1, |acc, _| mul_mod(acc, Self::BASE))
    }

    /// The hash of the block shifted by one: `leaving` drops off the front, `entering` joins
    /// at the back; `top` is `BASE^(m-1)`.
    fn roll(self, leaving: u32, entering: u32, top: u64) -> RollingHash {
        let without = sub_mod(self.0, mul_mod(u64::from(leaving) + 1, top));
        RollingHash(add_mod(
            mul_mod(without, Self::BASE),
            u64::from(entering) + 1,
        ))
    }
}

fn mul_mod(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    let folded = (product as u64 & RollingHash::MODULUS) + (product >> 61) as u64;
    if folded >= RollingHash::MODULUS {
        folded - RollingHash::MODULUS
    } else {
        folded
    }
}

fn add_mod(a: u64, b: u64) -> u64 {
    let sum = a + b;
    if sum >= RollingHash::MODULUS {
        sum - RollingHash::MODULUS
    } else {
        sum
    }
}

fn sub_mod(a: u64, b: u64) -> u64 {
    if a >= b {
        a - b
    } else {
        a + RollingHash::MODULUS - b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain definition: is some p proven by the table?
    fn any_proven_by_definition(values: &[u32], t: u64) -> bool {
        proven_period(values, t).is_some()
    }

    #[test]
    fn zero_preperiod_needs_the_theorem_from_one() {
        // Octal 0.4: G = 0,0,0,1,... The old e = 0 rule would have proven period 1 from 3
        // values; with e >= 1 it needs 2 + 2 + 1 = 5 and G(3) != G(2) refutes it.
        let values = [0, 0, 0, 1, 0];
        assert_eq!(proven_period(&values[..3], 1), None);
        assert_eq!(proven_period(&values, 1), None);
        // A genuinely constant table proves period 1 from e = 0 with 2 + 2 + t values.
        let zeros = [0u32; 6];
        assert_eq!(proven_period(&zeros[..4], 2), None);
        assert_eq!(
            proven_period(&zeros[..6], 2),
            Some(Period {
                preperiod: 0,
                period: 1
            })
        );
    }

    #[test]
    fn certificate_line_names_the_inequality() {
        let dawson = Period {
            preperiod: 53,
            period: 34,
        };
        assert_eq!(
            dawson.certificate(2).to_string(),
            "checked G(n+34)=G(n) for 53 <= n < 2*53+34+2 = 142"
        );
        assert_eq!(dawson.values_needed(2), Some(176));
        let from_zero = Period {
            preperiod: 0,
            period: 2,
        };
        assert!(from_zero
            .certificate(3)
            .to_string()
            .starts_with("checked G(n+2)=G(n) for 0 <= n < 2*1+2+3 = 7 "));
    }

    #[test]
    fn rolling_hash_rolls_like_rehashing() {
        let values: Vec<u32> = (0..50u32).map(|i| i * i % 7).collect();
        let m = 9;
        let top = RollingHash::power(m - 1);
        let mut window = RollingHash::of(&values[..m]);
        for j in 0..values.len() - m {
            assert_eq!(window.0, RollingHash::of(&values[j..j + m]).0, "j = {j}");
            window = window.roll(values[j], values[j + m], top);
        }
    }

    #[test]
    fn fast_provability_test_agrees_with_the_definition() {
        // Eventually periodic sequences with assorted preperiods and periods, plus noise.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for case in 0..300 {
            let e = (next() % 40) as usize;
            let p = 1 + (next() % 12) as usize;
            let t = next() % 5;
            let alphabet = 1 + next() % 4;
            let mut values: Vec<u32> = (0..e + p).map(|_| (next() % alphabet) as u32).collect();
            for i in e + p..150 {
                values.push(values[i - p]);
            }
            if case % 3 == 0 {
                let at = (next() % 150) as usize;
                values[at] ^= 1;
            }
            for len in 0..=values.len() {
                assert_eq!(
                    any_period_proven(&values[..len], t),
                    any_proven_by_definition(&values[..len], t),
                    "case {case}, len {len}, t {t}: {:?}",
                    &values[..len]
                );
            }
        }
    }

    #[test]
    fn watch_reports_the_shortest_proving_prefix() {
        // A Kayles-like shape: irregular values (digits of pi), then period 4 from e = 30.
        let mut values: Vec<u32> = vec![
            3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2,
            7,
        ];
        let cycle = [1, 4, 2, 7];
        for i in 30..400 {
            values.push(cycle[i % 4]);
        }
        let t = 3;
        let first = (1..=values.len())
            .find(|&len| proven_period(&values[..len], t).is_some())
            .expect("periodic table");
        let mut watch = PeriodWatch::new(t);
        let mut seen_at = None;
        for len in 1..=values.len() {
            if let Some(period) = watch.observe(&values[..len]) {
                seen_at.get_or_insert((len, period));
            }
        }
        let (len, period) = seen_at.expect("watch must prove it");
        assert!(
            len >= first && len <= first + first / 16 + 1,
            "{len} vs {first}"
        );
        assert_eq!(Some(period), proven_period(&values[..first], t));
        assert_eq!(
            period,
            Period {
                preperiod: 30,
                period: 4
            }
        );
        assert_eq!(Some(period), proven_period(&values, t));
    }
}
