//! The quadratic engine: every split of every heap, engineered.
//!
//! `G(n)` needs `G(a) xor G(n - j - a)` for every split size `j` and every `a <= (n - j)/2`:
//! about `n/2` pairs per split size. What remains to engineer is the constant:
//! - each rest `n - j` is scanned once, not once per split size that reaches it
//!   ([`RestCache`]);
//! - the pair loop streams `G(a)` forward and its partner backward, both sequential, and sets
//!   bits of a set that stays in the L1 cache ([`insert_splits`]); the mex is a word scan;
//! - once a heap has enough pairs to pay for a handshake, its pairs are split across threads,
//!   each filling its own set, and the main thread takes the union.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread;

use super::bits::{capacity_for, insert_splits, Bits};
use super::heap_moves::HeapMoves;
use super::rest_cache::RestCache;
use super::shared::{append_shared, SharedTable};
use super::Stats;

/// Below this many pairs to scan for one heap, one thread is faster than a handshake.
const PARALLEL_PAIRS: u64 = 1 << 13;

/// The quadratic engine's state between calls.
#[derive(Debug, Clone)]
pub(super) struct Quadratic {
    moves: HeapMoves,
    /// The options of the current heap.
    options: Bits,
    /// The splits scanned for the current heap.
    fresh: Bits,
    cache: Option<RestCache>,
    /// Rests to scan for the current heap.
    rests: Vec<usize>,
    threads: usize,
}

impl Quadratic {
    /// An engine for `moves` continuing a table whose values so far are at most `largest`.
    pub(super) fn new(moves: HeapMoves, largest: u32, threads: usize) -> Quadratic {
        let options = Bits::with_capacity(capacity_for(largest));
        let cache = RestCache::new(&moves.split, options.words().len());
        Quadratic {
            moves,
            fresh: options.clone(),
            options,
            cache,
            rests: Vec::new(),
            threads: threads.max(1),
        }
    }

    /// Appends values until `values.len() == len`.
    pub(super) fn extend(&mut self, values: &mut Vec<u32>, len: usize, stats: &mut Stats) {
        while values.len() < len {
            if self.threads > 1 && self.pairs_to_scan(values.len()) >= PARALLEL_PAIRS {
                self.extend_parallel(values, len, stats);
                return;
            }
            let value = self.value(values, stats, |rests, fresh| {
                fresh.clear();
                for &rest in rests {
                    insert_splits(fresh.words_mut(), values, rest, 1, rest / 2 + 1);
                }
            });
            values.push(value);
            self.fit(value);
        }
    }

    /// Pairs the next heap scans (the newest rest only, when the others are cached).
    fn pairs_to_scan(&self, n: usize) -> u64 {
        if self.cache.is_some() {
            self.moves.newest_split_pairs(n)
        } else {
            self.moves.split_pairs(n)
        }
    }

    /// `G(n)` for `n = values.len()`; `scan(rests, fresh)` must set `fresh` to the union of
    /// the split sets of `rests`.
    fn value(
        &mut self,
        values: &[u32],
        stats: &mut Stats,
        mut scan: impl FnMut(&[usize], &mut Bits),
    ) -> u32 {
        let n = values.len();
        self.options.clear();
        self.moves.mark_single(values, &mut self.options);
        match &mut self.cache {
            Some(cache) => {
                for rest in self.moves.split_rests(n) {
                    if cache.get(rest).is_none() {
                        scan(&[rest], &mut self.fresh);
                        cache.store(rest, self.fresh.words());
                        stats.split_pairs += (rest / 2) as u64;
                    }
                    if let Some(set) = cache.get(rest) {
                        self.options.union_with(set);
                    }
                }
            }
            None => {
                self.rests.clear();
                self.rests.extend(self.moves.split_rests(n));
                scan(&self.rests, &mut self.fresh);
                self.options.union_with(self.fresh.words());
                stats.split_pairs += self.moves.split_pairs(n);
            }
        }
        self.options.first_absent()
    }

    /// Makes room for values up to `value`.
    fn fit(&mut self, value: u32) {
        self.options.fit(value);
        self.fresh.fit(value);
        let words = self.options.words().len();
        if self.cache.as_mut().is_some_and(|c| !c.resize(words)) {
            self.cache = None;
        }
    }

    /// Appends values until `values.len() == len`, every heap's pairs split across threads.
    fn extend_parallel(&mut self, values: &mut Vec<u32>, len: usize, stats: &mut Stats) {
        let threads = self.threads;
        let helpers: Vec<Mutex<Bits>> = (1..threads)
            .map(|_| Mutex::new(self.fresh.clone()))
            .collect();
        let job: Mutex<Vec<usize>> = Mutex::new(Vec::new());
        let rounds = Rounds::default();
        append_shared(values, len, |appender, table| {
            thread::scope(|scope| {
                for (index, helper) in helpers.iter().enumerate() {
                    let (rounds, job) = (&rounds, &job);
                    scope.spawn(move || help(index + 1, threads, table, job, helper, rounds));
                }
                let mut round = 0;
                while table.values().len() < len {
                    let values = table.values();
                    let value = self.value(values, stats, |rests, fresh| {
                        let mut shared_job = lock(&job);
                        shared_job.clear();
                        shared_job.extend_from_slice(rests);
                        drop(shared_job);
                        round += 1;
                        rounds.start(round);
                        fresh.clear();
                        scan_share(rests, values, fresh, 0, threads);
                        rounds.wait_done(round * (threads as u64 - 1));
                        helpers
                            .iter()
                            .for_each(|h| fresh.union_with(lock(h).words()));
                    });
                    appender.push(value);
                    if value as usize >= self.options.capacity() / 2 {
                        self.fit(value);
                        helpers.iter().for_each(|h| lock(h).fit(value));
                    }
                }
                rounds.stop();
            });
        });
    }
}

/// A helper thread: for every round, fills its set with its share of the job's splits.
fn help(
    index: usize,
    threads: usize,
    table: &SharedTable<'_>,
    job: &Mutex<Vec<usize>>,
    set: &Mutex<Bits>,
    rounds: &Rounds,
) {
    let mut seen_round = 0;
    while let Some(round) = rounds.wait_start(seen_round) {
        seen_round = round;
        {
            let mut set = lock(set);
            set.clear();
            scan_share(&lock(job), table.values(), &mut set, index, threads);
        }
        rounds.finished();
    }
}

/// Inserts the `index`-th of `threads` contiguous shares of the splits of every rest.
fn scan_share(rests: &[usize], values: &[u32], set: &mut Bits, index: usize, threads: usize) {
    for &rest in rests {
        let count = rest / 2;
        let from = 1 + count * index / threads;
        let to = 1 + count * (index + 1) / threads;
        insert_splits(set.words_mut(), values, rest, from, to);
    }
}

/// A poisoned lock only means a helper panicked; the panic reaches the caller through the scope.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The handshake of one heap: the main thread starts a round, helpers report when done.
#[derive(Default)]
struct Rounds {
    /// The current round number; `u64::MAX` tells helpers to leave.
    started: AtomicU64,
    /// Helper rounds finished, in total.
    finished: AtomicU64,
}

impl Rounds {
    fn start(&self, round: u64) {
        self.started.store(round, Ordering::Release);
    }

    fn stop(&self) {
        self.started.store(u64::MAX, Ordering::Release);
    }

    /// Waits for a round after `seen`; `None` when told to stop.
    fn wait_start(&self, seen: u64) -> Option<u64> {
        let round = wait_for(|| {
            let round = self.started.load(Ordering::Acquire);
            (round != seen).then_some(round)
        });
        (round != u64::MAX).then_some(round)
    }

    fn finished(&self) {
        self.finished.fetch_add(1, Ordering::Release);
    }

    fn wait_done(&self, total: u64) {
        wait_for(|| (self.finished.load(Ordering::Acquire) >= total).then_some(()));
    }
}

/// Spins briefly (a handshake takes well under a microsecond when both threads run), then
/// yields the core: the machine may be shared, and spinning against a descheduled thread
/// would only delay it.
fn wait_for<T>(mut ready: impl FnMut() -> Option<T>) -> T {
    let mut spins = 0u32;
    loop {
        if let Some(value) = ready() {
            return value;
        }
        if spins < 20_000 {
            spins += 1;
            std::hint::spin_loop();
        } else {
            thread::yield_now();
        }
    }
}
