//! The rare/common engine (Flammenkamp's "sparse space", Winning Ways ch. 4).
//!
//! Classify every position `i >= 1` by one bit `λ(i) = parity(G(i) & mask) xor (pos & b(i))`,
//! where `b(i)` is the parity of `i` relative to the split sizes (usable only when every split
//! size has the same parity, so that `a + b = n - j` fixes `b(a) xor b(b)`). Positions with
//! `λ = 0` are *rare*, the others *common*. For two common parts `a + b = n - j`,
//! `parity((G(a) xor G(b)) & mask) = pos & b(n)`: a fixed parity, so splits into two common
//! parts can only produce values of that parity ("rare-type" values for heap `n`). Hence:
//!
//! 1. mark every option with a rare part (a scan over the rare list, not over all of `0..n`),
//!    and every option that leaves at most one heap;
//! 2. the smallest unmarked *common-type* value `c` is not an option at all: `G(n) <= c`;
//! 3. `G(n) = c` unless some rare-type value below `c` is missed by every split; so scan all
//!    splits, but only until each rare-type value below `c` has been seen — usually within a
//!    few hundred pairs (0.777: about 640 at a million stones), because common xor common
//!    hits rare-type values densely.
//!
//! When `G(n)` is rare-type, position `n` is rare and joins the list. The mask (and the
//! position bit) is the one that makes the fewest positions rare, found from a histogram of
//! (value, position parity) by one Walsh–Hadamard transform; it is chosen again when the list
//! has grown or the values have gained a bit, and the list is rebuilt when another mask is
//! clearly better (by an eighth). The rare list and the rest ring are the only memory beyond
//! the table. Step 1 keeps a ring of rests like the quadratic engine: a rest reached by
//! several split sizes has its rare splits gathered once.
//!
//! From [`LOOKAHEAD_FROM`] values on, heaps are decided in segments in which the work that
//! does not need the newest values — the splits with a rare part whose partner is old, and a
//! window of splits per rest that step 3 strikes before it scans — is computed ahead in
//! chunks of rests by every thread, the main thread included (module `lookahead`); the main
//! thread adds the splits with the smallest rare parts and with positions rare since the
//! segment began, and decides. A segment ends when the classes or the sets' capacity change.
//! The values never depend on the number of threads or their timing.
//!
//! When rare positions stop being rare (the sparse work per heap exceeds the quadratic
//! engine's pairs per heap for two windows of 1024 heaps, from 16384 on), the engine hands
//! over to [`Quadratic`] for the rest of the table; [`super::Engine::RareCommon`] never does.

use std::time::Instant;

use super::bits::{capacity_for, first_set, Bits};
use super::heap_moves::HeapMoves;
use super::lookahead::{Lookahead, Plan, Sets, CHUNK};
use super::quadratic::Quadratic;
use super::rest_cache::RestCache;
use super::shared::append_shared;
use super::tuner::Tuner;
use super::Stats;

/// Heaps between checks of whether to hand over to the quadratic engine.
const FALLBACK_WINDOW: usize = 1024;
/// No hand-over before this many values: while the rare list is still settling, the sparse
/// work can look dearer than the quadratic one, which grows with every heap.
const FALLBACK_FROM: usize = 1 << 14;
/// Heaps are decided with sets of rests computed ahead (by every thread) from this many values
/// on: before, the rare list and the classes change too often for it to pay.
const LOOKAHEAD_FROM: usize = 1 << 12;
/// A segment with sets ahead ends when this many positions have become rare since it began
/// (the main thread adds their splits itself).
const MAX_NEW_RARE: usize = 32;

/// Which positions are rare: `λ(i) = parity(G(i) & mask) xor (position & b(i))`, rare iff 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Classes {
    /// Never 0, so that common-type values exist for every heap.
    mask: u32,
    /// 1 if the parity bit `b(i)` takes part, else 0.
    position: u32,
}

/// The rare/common engine's state between calls.
#[derive(Debug, Clone)]
pub(super) struct RareCommon {
    moves: HeapMoves,
    /// The split sizes' common parity, if they share one: `b(i) = (i xor parity) & 1`.
    split_parity: Option<usize>,
    classes: Classes,
    /// `(i, G(i))` for every rare position `i >= 1`, by increasing `i`.
    rare: Vec<(u32, u32)>,
    /// Positions `i >= 1` counted by `(G(i) << 1) | b(i)`; as long as the sets' capacity.
    histogram: Vec<u64>,
    /// `rare.len()` when the classes were last chosen.
    rare_at_choice: usize,
    largest: u32,
    /// The options of the current heap.
    options: Bits,
    /// The splits with a rare part of one rest.
    fresh: Bits,
    /// Those sets for recent rests, shared by the split sizes that reach them.
    cache: Option<RestCache>,
    /// The common-type values when `flip` is 0 and when it is 1.
    common_type: [Bits; 2],
    /// Step 3's targets: the rare-type values still to be seen; empty between heaps.
    wanted: Bits,
    /// The same targets as a byte per value during the scan; all zero between heaps.
    targets: Vec<u8>,
    /// Threads to use, here and in the quadratic engine handed over to.
    threads: usize,
    /// Whether to hand over to the quadratic engine when that is cheaper.
    hands_over: bool,
    /// Whether the sets of rests ahead fit the memory budget (see [`Ahead`]).
    looks_ahead: bool,
    /// Sparse work and quadratic work since the last hand-over check.
    window: (u64, u64),
    /// Consecutive windows in which the sparse work exceeded the quadratic work.
    strikes: u32,
}

impl RareCommon {
    /// A rare/common engine for `moves` (which must split) on `threads` threads, handing over
    /// to a quadratic engine when that becomes cheaper if `hands_over`.
    pub(super) fn new(moves: HeapMoves, threads: usize, hands_over: bool) -> RareCommon {
        let parities: Vec<usize> = moves.split.iter().map(|j| j & 1).collect();
        let split_parity = parities
            .first()
            .copied()
            .filter(|&p| parities.iter().all(|&q| q == p));
        let options = Bits::with_capacity(capacity_for(0));
        let mut engine = RareCommon {
            split_parity,
            classes: Classes {
                mask: 1,
                position: 0,
            },
            rare: Vec::new(),
            histogram: vec![0; options.capacity()],
            rare_at_choice: 0,
            largest: 0,
            fresh: options.clone(),
            cache: (moves.split.len() >= 2)
                .then(|| RestCache::new(moves.split_span(), options.words().len()))
                .flatten(),
            common_type: [options.clone(), options.clone()],
            wanted: options.clone(),
            targets: vec![0; options.capacity()],
            options,
            moves,
            threads: threads.max(1),
            hands_over,
            looks_ahead: true,
            window: (0, 0),
            strikes: 0,
        };
        engine.build_common_type();
        engine
    }

    /// Appends values until `values.len() == len`, or until handing over: then the quadratic
    /// engine to continue with is returned.
    pub(super) fn extend(
        &mut self,
        values: &mut Vec<u32>,
        len: usize,
        stats: &mut Stats,
    ) -> Option<Quadratic> {
        while values.len() < len {
            if let Some(ahead) = self.ahead(values.len(), len) {
                match self.segment(values, len, stats, ahead) {
                    Step::Go => continue,
                    Step::HandOver => return Some(self.successor(values.len(), stats)),
                }
            }
            let value = self.value(values, stats, None);
            values.push(value);
            self.record(values, stats);
            if self.hand_over(values.len()) {
                return Some(self.successor(values.len(), stats));
            }
        }
        None
    }

    /// The quadratic engine to continue a table of `len` values with.
    fn successor(&self, len: usize, stats: &mut Stats) -> Quadratic {
        stats.fallback_at = Some(len);
        Quadratic::new(self.moves.clone(), self.largest, self.threads)
    }

    /// Rings for the sets of rests ahead, when a segment from `n` values to `len` is worth
    /// computing that way (it is long enough, and the rests are large enough for the windows).
    fn ahead(&mut self, n: usize, len: usize) -> Option<Ahead> {
        if !self.looks_ahead || n < LOOKAHEAD_FROM || len - n < 4 * CHUNK {
            return None;
        }
        let (&j_min, &j_max) = (self.moves.split.first()?, self.moves.split.last()?);
        let words = self.options.words().len();
        let plan = Plan::new(n.checked_sub(j_min)?, len.checked_sub(j_min)?, words)?;
        let span = CHUNK + j_max - j_min;
        let rings = RestCache::new(span, words).zip(RestCache::new(span, words));
        self.looks_ahead = rings.is_some();
        let (old, window) = rings?;
        Some(Ahead {
            plan,
            old,
            window,
            snapshot: self.rare.len(),
        })
    }

    /// Decides heaps with the sets of rests ahead computed by every thread, until `len`
    /// values, or until the classes or the sets' capacity change (the sets ahead would be
    /// stale), or too many positions have become rare since the snapshot, or it is time to
    /// hand over.
    fn segment(
        &mut self,
        values: &mut Vec<u32>,
        len: usize,
        stats: &mut Stats,
        mut ahead: Ahead,
    ) -> Step {
        let snapshot = self.rare.clone();
        let shared = Lookahead::new(ahead.plan, &snapshot);
        let j_min = self.moves.split[0];
        append_shared(values, len, |appender, table| {
            shared.run(self.threads - 1, table, || {
                let mut taken = 0;
                let mut own = shared.scratch();
                let mut tuner = Tuner::default();
                shared.let_help(tuner.parallel());
                let mut started = (Instant::now(), false);
                while table.values().len() < len {
                    let newest = table.values().len() - j_min;
                    while taken <= ahead.plan.chunk_of(newest) {
                        if taken > 0 {
                            tuner.record(started.1, CHUNK as u64, started.0.elapsed());
                            shared.let_help(tuner.parallel());
                            started = (Instant::now(), tuner.parallel());
                        }
                        shared.take(taken, table, &mut own, |sets| {
                            ahead.keep(taken, sets, stats);
                        });
                        taken += 1;
                    }
                    let value = self.value(table.values(), stats, Some(&ahead));
                    appender.push(value);
                    let n = table.values().len();
                    shared.published(n);
                    let changed = self.record(table.values(), stats);
                    if self.hand_over(n) {
                        return Step::HandOver;
                    }
                    if changed || self.rare.len() > ahead.snapshot + MAX_NEW_RARE {
                        break;
                    }
                }
                Step::Go
            })
        })
    }

    /// `b(i)`: the parity bit of position `i` (0 when split sizes have mixed parities).
    fn parity_bit(&self, i: usize) -> u32 {
        self.split_parity.map_or(0, |p| ((i ^ p) & 1) as u32)
    }

    /// `G(n)` for `n = values.len()`, with the sets of rests ahead if there are some.
    fn value(&mut self, values: &[u32], stats: &mut Stats, ahead: Option<&Ahead>) -> u32 {
        let n = values.len();
        self.options.clear();
        self.moves.mark_single(values, &mut self.options);
        // Step 1: every split with a rare part.
        let mut work = 0;
        for rest in self.moves.split_rests(n) {
            match &mut self.cache {
                Some(cache) => {
                    if cache.get(rest).is_none() {
                        self.fresh.clear();
                        work += rare_splits(&self.rare, values, rest, ahead, &mut self.fresh);
                        cache.store(rest, self.fresh.words());
                    }
                    if let Some(set) = cache.get(rest) {
                        self.options.union_with(set);
                    }
                }
                None => work += rare_splits(&self.rare, values, rest, ahead, &mut self.options),
            }
        }
        // Step 2: the smallest unmarked common-type value (the capacity leaves room for it).
        let flip = (self.classes.position & self.parity_bit(n)) as usize;
        let common = self.common_type[flip].words();
        let options = self.options.words();
        let candidate = first_set(common.iter().zip(options).map(|(c, o)| c & !o))
            .unwrap_or(self.options.capacity() as u32);
        // Step 3: the rare-type values below it that no split with a rare part reached.
        let below = candidate as usize;
        for (i, ((w, c), o)) in self
            .wanted
            .words_mut()
            .iter_mut()
            .zip(common)
            .zip(options)
            .enumerate()
        {
            let keep = if (i + 1) * 64 <= below {
                !0
            } else if i * 64 < below {
                (1u64 << (below - i * 64)) - 1
            } else {
                0
            };
            *w = !c & !o & keep;
        }
        let mut pending = self.wanted.count();
        if let (Some(ahead), true) = (ahead, pending > 0) {
            pending = ahead.strike_windows(n, &self.moves, &mut self.wanted);
        }
        let value = if pending == 0 {
            candidate
        } else {
            work += self.scan_for_wanted(values, pending);
            let missed = first_set(self.wanted.words().iter().copied());
            self.wanted.clear();
            missed.unwrap_or(candidate)
        };
        stats.split_pairs += work;
        self.window.0 += work;
        self.window.1 += self.moves.newest_split_pairs(n);
        value
    }

    /// Scans every split of `values.len()` until the `pending` values of `wanted` have all
    /// been seen (removing them as they are); returns the pairs scanned.
    ///
    /// The targets are copied into a byte per value first: testing a byte is one load, and
    /// sixteen pairs share one branch, since hits are rare once most targets are found.
    fn scan_for_wanted(&mut self, values: &[u32], mut pending: u32) -> u64 {
        const BLOCK: usize = 16;
        let targets = &mut self.targets;
        let mask = targets.len() - 1;
        for (i, &word) in self.wanted.words().iter().enumerate() {
            for bit in BitIter(word) {
                targets[i * 64 + bit] = 1;
            }
        }
        let mut work = 0;
        'rests: for rest in self.moves.split_rests(values.len()) {
            let half = rest / 2;
            let low = &values[1..=half];
            let high = &values[rest - half..rest];
            let whole = half / BLOCK * BLOCK;
            let blocks = low[..whole]
                .chunks_exact(BLOCK)
                .zip(high[half - whole..].rchunks_exact(BLOCK));
            let tail = low[whole..].iter().zip(high[..half - whole].iter().rev());
            for (block, (l, h)) in blocks.enumerate() {
                let mut xors = [0u32; BLOCK];
                for (i, x) in xors.iter_mut().enumerate() {
                    *x = l[i] ^ h[BLOCK - 1 - i];
                }
                if xors
                    .iter()
                    .fold(0, |acc, &x| acc | targets[x as usize & mask])
                    == 0
                {
                    continue;
                }
                for x in xors {
                    let target = &mut targets[x as usize & mask];
                    if *target != 0 {
                        *target = 0;
                        pending -= 1;
                        if pending == 0 {
                            work += (BLOCK * block + BLOCK) as u64;
                            break 'rests;
                        }
                    }
                }
            }
            for (&x, &y) in tail {
                let target = &mut targets[(x ^ y) as usize & mask];
                if *target != 0 {
                    *target = 0;
                    pending -= 1;
                    if pending == 0 {
                        work += half as u64;
                        break 'rests;
                    }
                }
            }
            work += half as u64;
        }
        // Back to the bitset: what is left was missed by every split.
        for (i, word) in self.wanted.words_mut().iter_mut().enumerate() {
            for bit in BitIter(*word) {
                if std::mem::take(&mut targets[i * 64 + bit]) == 0 {
                    *word &= !(1 << bit);
                }
            }
        }
        work
    }

    /// Books the newest value: histogram, rare list, set sizes, maybe new classes; whether
    /// the capacity or the classes changed.
    fn record(&mut self, values: &[u32], stats: &mut Stats) -> bool {
        let n = values.len() - 1;
        let value = values[n];
        self.largest = self.largest.max(value);
        let grew = capacity_for(value) > self.options.capacity();
        if grew {
            self.grow(value);
        }
        if n >= 1 {
            let bit = self.parity_bit(n);
            self.histogram[((value as usize) << 1) | bit as usize] += 1;
            if self.lambda(value, bit) == 0 {
                self.rare.push((n as u32, value));
            }
        }
        let mut switched = false;
        if grew || self.rare.len() > self.rare_at_choice + self.rare_at_choice / 16 {
            switched = self.choose_classes(values, stats);
        }
        stats.rare_positions = self.rare.len();
        grew || switched
    }

    /// Makes room for values up to `value` in every set.
    fn grow(&mut self, value: u32) {
        for set in [&mut self.options, &mut self.fresh, &mut self.wanted] {
            set.fit(value);
        }
        self.histogram.resize(self.options.capacity(), 0);
        self.targets.resize(self.options.capacity(), 0);
        let words = self.options.words().len();
        if self.cache.as_mut().is_some_and(|c| !c.resize(words)) {
            self.cache = None;
        }
        self.build_common_type();
    }

    /// Fills `common_type[flip]` with the values whose masked parity differs from `flip`.
    fn build_common_type(&mut self) {
        let capacity = self.options.capacity();
        let mask = self.classes.mask;
        for (flip, set) in self.common_type.iter_mut().enumerate() {
            *set = Bits::with_capacity(capacity);
            for v in 0..capacity as u32 {
                if (v & mask).count_ones() as usize & 1 != flip {
                    set.insert(v);
                }
            }
        }
    }

    /// `λ` of a position with this value and parity bit.
    fn lambda(&self, value: u32, parity_bit: u32) -> u32 {
        ((value & self.classes.mask).count_ones() & 1) ^ (self.classes.position & parity_bit)
    }

    /// Picks the classes that make the fewest positions rare; switches (rebuilding the rare
    /// list) when they beat the current ones by an eighth, and says whether it did.
    fn choose_classes(&mut self, values: &[u32], stats: &mut Stats) -> bool {
        self.rare_at_choice = self.rare.len();
        let mut spectrum: Vec<i64> = self.histogram.iter().map(|&c| c as i64).collect();
        walsh_hadamard(&mut spectrum);
        let total = (values.len() - 1) as i64;
        // Index f = (mask << 1) | position; rare count = (total + spectrum[f]) / 2.
        let usable = |f: usize| f >= 2 && (self.split_parity.is_some() || f & 1 == 0);
        let Some((best, rare)) = (0..spectrum.len())
            .filter(|&f| usable(f))
            .map(|f| (f, ((total + spectrum[f]) / 2) as usize))
            .min_by_key(|&(f, rare)| (rare, f))
        else {
            return false;
        };
        if rare + rare / 8 >= self.rare.len() {
            return false;
        }
        self.classes = Classes {
            mask: (best >> 1) as u32,
            position: (best & 1) as u32,
        };
        self.rare.clear();
        for (i, &value) in values.iter().enumerate().skip(1) {
            if self.lambda(value, self.parity_bit(i)) == 0 {
                self.rare.push((i as u32, value));
            }
        }
        debug_assert_eq!(self.rare.len(), rare, "Hadamard count vs rebuilt list");
        self.rare_at_choice = self.rare.len();
        self.build_common_type();
        if let Some(cache) = &mut self.cache {
            cache.forget();
        }
        stats.reclassifications += 1;
        true
    }

    /// Whether to hand over now that rare positions have stopped being rare: when the sparse
    /// work per heap has exceeded the quadratic engine's pairs per heap for two windows
    /// running. (While the classes settle the sparse work can be high but it stays flat as
    /// heaps grow, whereas the quadratic work grows with every heap, so a hand-over is for
    /// good and is not made on a passing spike or for the threads' sake.)
    fn hand_over(&mut self, len: usize) -> bool {
        if !self.hands_over || !len.is_multiple_of(FALLBACK_WINDOW) {
            return false;
        }
        let (sparse, quadratic) = std::mem::take(&mut self.window);
        self.strikes = if sparse > quadratic {
            self.strikes + 1
        } else {
            0
        };
        len >= FALLBACK_FROM && self.strikes >= 2
    }
}

/// The positions of the set bits of a word, lowest first.
struct BitIter(u64);

impl Iterator for BitIter {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let bit = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            bit
        })
    }
}

/// How a segment ended.
enum Step {
    /// Go on (with another segment, or heap by heap).
    Go,
    HandOver,
}

/// The sets of rests ahead, as the main thread keeps them, and which rare positions they
/// leave to it.
struct Ahead {
    plan: Plan,
    /// Each rest's old set and window set (see [`Lookahead`]) for the rests from the oldest
    /// the current heap splits to the newest of the chunk taken last.
    old: RestCache,
    window: RestCache,
    /// The length of the rare list the helpers see.
    snapshot: usize,
}

impl Ahead {
    /// Keeps the sets of chunk `chunk` in the rings.
    fn keep(&mut self, chunk: usize, sets: &Sets, stats: &mut Stats) {
        let words = self.plan.words();
        for ((rest, old), window) in self
            .plan
            .rests(chunk)
            .zip(sets.old.chunks_exact(words))
            .zip(sets.window.chunks_exact(words))
        {
            self.old.store(rest, old);
            self.window.store(rest, window);
        }
        stats.split_pairs += sets.pairs;
    }

    /// Removes from `wanted` the values of the window sets of heap `n`; how many remain.
    fn strike_windows(&self, n: usize, moves: &HeapMoves, wanted: &mut Bits) -> u32 {
        for rest in moves.split_rests(n) {
            if let Some(seen) = self.window.get(rest) {
                wanted
                    .words_mut()
                    .iter_mut()
                    .zip(seen)
                    .for_each(|(w, s)| *w &= !s);
            }
        }
        wanted.count()
    }
}

/// Inserts `G(r) xor G(rest - r)` for every rare `r < rest` into `set`, taking what it can
/// from the old set of `rest` ahead; returns how many pairs it examined.
fn rare_splits(
    rare: &[(u32, u32)],
    values: &[u32],
    rest: usize,
    ahead: Option<&Ahead>,
    set: &mut Bits,
) -> u64 {
    let Some((ahead, old)) = ahead
        .filter(|ahead| rest >= ahead.plan.first())
        .and_then(|ahead| Some((ahead, ahead.old.get(rest)?)))
    else {
        return insert_rare_splits(rare, values, rest, set);
    };
    set.union_with(old);
    // Left to this thread: the smallest rare positions, and those newer than the snapshot.
    let bound = ahead.plan.fresh_bound(rest);
    let (seen, new) = rare.split_at(ahead.snapshot);
    let small = seen.partition_point(|&(r, _)| r as usize <= bound);
    insert_rare_splits(&seen[..small], values, rest, set)
        + insert_rare_splits(new, values, rest, set)
}

/// Inserts `G(r) xor G(rest - r)` for every rare `r < rest` into `set`; returns how many.
fn insert_rare_splits(rare: &[(u32, u32)], values: &[u32], rest: usize, set: &mut Bits) -> u64 {
    let members = rare.partition_point(|&(r, _)| (r as usize) < rest);
    for &(r, g) in &rare[..members] {
        set.insert(g ^ values[rest - r as usize]);
    }
    members as u64
}

/// The unnormalised Walsh–Hadamard transform: `out[f] = Σ_x (-1)^popcount(f & x) in[x]`.
fn walsh_hadamard(data: &mut [i64]) {
    let mut half = 1;
    while half < data.len() {
        for block in data.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high.iter_mut()) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hadamard_counts_even_parity_classes() {
        // Counts by x; spectrum[f] = #even(f & x) - #odd(f & x).
        let counts: [i64; 8] = [3, 0, 2, 5, 1, 0, 0, 4];
        let mut spectrum = counts;
        walsh_hadamard(&mut spectrum);
        for (f, &got) in spectrum.iter().enumerate() {
            let expected: i64 = counts
                .iter()
                .enumerate()
                .map(|(x, &c)| if (f & x).count_ones() % 2 == 0 { c } else { -c })
                .sum();
            assert_eq!(got, expected, "f = {f}");
        }
    }
}
