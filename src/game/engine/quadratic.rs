//! The quadratic engine: every split of every heap, engineered.
//!
//! `G(n)` needs `G(a) xor G(n - j - a)` for every split size `j` and every `a <= (n - j)/2`:
//! about `n/2` pairs per split size. What remains to engineer is the constant:
//! - each rest `r = n - j` is scanned once, not once per split size that reaches it: its set
//!   `S(r)` waits in a ring ([`RestCache`]) for the heaps that need it;
//! - the pair loop streams `G(a)` forward and its partner backward, both sequential, and sets
//!   bits of a set that stays in the L1 cache ([`insert_splits`]); the mex is a word scan;
//! - the work is handed to threads in rounds: `S(r)` needs only `G(0..r)`, so once `G(0..n)`
//!   is known the rests up to `n` can be scanned, and they decide heaps `n..=n + j_min`. A
//!   round scans those `j_min + 1` rests, each rest's pairs split evenly across the threads
//!   (each filling its own set, the main thread taking the unions), then the main thread
//!   decides the heaps. Waiting spins briefly, then sleeps: on a busy machine a spinning or
//!   yielding thread only delays the one it waits for.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::Instant;

use super::bits::{capacity_for, insert_splits, Bits};
use super::heap_moves::HeapMoves;
use super::rest_cache::RestCache;
use super::shared::{append_shared, SharedTable};
use super::signal::{lock, Signal};
use super::tuner::Tuner;
use super::Stats;

/// Below this many pairs in a round, one thread is faster than a handshake.
const PARALLEL_PAIRS: u64 = 1 << 15;

/// The quadratic engine's state between calls.
#[derive(Debug, Clone)]
pub(super) struct Quadratic {
    moves: HeapMoves,
    /// The options of the current heap.
    options: Bits,
    /// The split sets of the rests that the next heaps need. `None` when the game does not
    /// split or the ring would not fit its memory budget: every heap then scans its own rests,
    /// on one thread.
    ring: Option<RestCache>,
    /// The main thread's share of each rest of a round.
    shares: Vec<Bits>,
    threads: usize,
}

/// One round: the rests to scan, and how many heaps they decide.
struct Round {
    rests: Vec<usize>,
    heaps: usize,
}

impl Round {
    fn pairs(&self) -> u64 {
        self.rests.iter().map(|&rest| (rest / 2) as u64).sum()
    }
}

/// What helpers work on in a round: the rests, and the capacity of the sets to fill.
#[derive(Default)]
struct Job {
    rests: Vec<usize>,
    capacity: usize,
}

impl Quadratic {
    /// An engine for `moves` continuing a table whose values so far are at most `largest`.
    pub(super) fn new(moves: HeapMoves, largest: u32, threads: usize) -> Quadratic {
        let options = Bits::with_capacity(capacity_for(largest));
        let ring = moves
            .split
            .last()
            .and_then(|&j_max| RestCache::new(j_max + 1, options.words().len()));
        Quadratic {
            moves,
            options,
            ring,
            shares: Vec::new(),
            threads: threads.max(1),
        }
    }

    /// Appends values until `values.len() == len`.
    pub(super) fn extend(&mut self, values: &mut Vec<u32>, len: usize, stats: &mut Stats) {
        while values.len() < len {
            let Some(round) = self.round(values.len(), len) else {
                let value = self.scan_heap(values, stats);
                values.push(value);
                self.fit(value);
                continue;
            };
            if self.threads > 1 && round.pairs() >= PARALLEL_PAIRS {
                self.extend_parallel(values, len, stats);
                continue;
            }
            self.prepare(round.rests.len());
            for (share, &rest) in self.shares.iter_mut().zip(&round.rests) {
                insert_splits(share.words_mut(), values, rest, 1, rest / 2 + 1);
            }
            self.keep(&round.rests, stats);
            for _ in 0..round.heaps {
                let value = self.heap_value(values);
                values.push(value);
                self.fit(value);
            }
        }
    }

    /// The next round from a table of `n` values to one of `len`: the rests not yet in the
    /// ring that heaps `n..n + heaps` need, with `heaps <= j_min + 1` so that every one of
    /// those rests is at most `n` (scannable now). `None` without a ring.
    fn round(&self, n: usize, len: usize) -> Option<Round> {
        let ring = self.ring.as_ref()?;
        let (&j_min, &j_max) = (self.moves.split.first()?, self.moves.split.last()?);
        let heaps = (j_min + 1).min(len - n);
        let newest = (n + heaps - 1).saturating_sub(j_min);
        let oldest = n.saturating_sub(j_max).max(2);
        let rests = (oldest..=newest)
            .filter(|&rest| ring.get(rest).is_none())
            .collect();
        Some(Round { rests, heaps })
    }

    /// Empties the main thread's shares for a round of `rests` rests.
    fn prepare(&mut self, rests: usize) {
        let capacity = self.options.capacity();
        if self.shares.len() < rests {
            self.shares.resize(rests, Bits::with_capacity(capacity));
        }
        self.shares[..rests]
            .iter_mut()
            .for_each(|share| share.reset(capacity));
    }

    /// Moves the round's finished sets (in `shares`) into the ring.
    fn keep(&mut self, rests: &[usize], stats: &mut Stats) {
        if let Some(ring) = &mut self.ring {
            for (share, &rest) in self.shares.iter().zip(rests) {
                ring.store(rest, share.words());
                stats.split_pairs += (rest / 2) as u64;
            }
        }
    }

    /// `G(n)` for `n = values.len()`, its split sets taken from the ring.
    fn heap_value(&mut self, values: &[u32]) -> u32 {
        self.options.clear();
        self.moves.mark_single(values, &mut self.options);
        if let Some(ring) = &self.ring {
            for rest in self.moves.split_rests(values.len()) {
                if let Some(set) = ring.get(rest) {
                    self.options.union_with(set);
                }
            }
        }
        self.options.first_absent()
    }

    /// `G(n)` for `n = values.len()`, scanning every rest of the heap itself.
    fn scan_heap(&mut self, values: &[u32], stats: &mut Stats) -> u32 {
        self.options.clear();
        self.moves.mark_single(values, &mut self.options);
        for rest in self.moves.split_rests(values.len()) {
            insert_splits(self.options.words_mut(), values, rest, 1, rest / 2 + 1);
            stats.split_pairs += (rest / 2) as u64;
        }
        self.options.first_absent()
    }

    /// Makes room for values up to `value`; gives up the ring if it outgrows its budget.
    fn fit(&mut self, value: u32) {
        self.options.fit(value);
        let words = self.options.words().len();
        if self.ring.as_mut().is_some_and(|ring| !ring.resize(words)) {
            self.ring = None;
        }
    }

    /// Appends values until `values.len() == len` (or the ring is given up), each round's
    /// rests split across threads — while that is faster than one thread, which a [`Tuner`]
    /// keeps measuring: on a busy machine a round waits for its slowest thread.
    fn extend_parallel(&mut self, values: &mut Vec<u32>, len: usize, stats: &mut Stats) {
        let threads = self.threads;
        let helpers: Vec<Mutex<Vec<Bits>>> = (1..threads).map(|_| Mutex::default()).collect();
        let job = Mutex::new(Job::default());
        let rounds = Rounds::default();
        let mut tuner = Tuner::default();
        append_shared(values, len, |appender, table| {
            thread::scope(|scope| {
                for (index, sets) in helpers.iter().enumerate() {
                    let (rounds, job) = (&rounds, &job);
                    scope.spawn(move || help(index + 1, threads, table, job, sets, rounds));
                }
                // Dismisses the helpers however the loop ends, a panic included (the scope
                // would otherwise wait for them forever).
                let _dismiss = Dismiss(&rounds);
                let mut number = 0;
                while table.values().len() < len {
                    let values = table.values();
                    let Some(round) = self.round(values.len(), len) else {
                        break;
                    };
                    let started = Instant::now();
                    let parallel = tuner.parallel();
                    self.prepare(round.rests.len());
                    if parallel {
                        {
                            let mut job = lock(&job);
                            job.rests.clone_from(&round.rests);
                            job.capacity = self.options.capacity();
                        }
                        number += 1;
                        rounds.start(number);
                        for (share, &rest) in self.shares.iter_mut().zip(&round.rests) {
                            scan_share(rest, values, share, 0, threads);
                        }
                        rounds.wait_done(number * (threads as u64 - 1));
                        for sets in &helpers {
                            for (share, set) in self.shares.iter_mut().zip(lock(sets).iter()) {
                                share.union_with(set.words());
                            }
                        }
                    } else {
                        for (share, &rest) in self.shares.iter_mut().zip(&round.rests) {
                            scan_share(rest, values, share, 0, 1);
                        }
                    }
                    self.keep(&round.rests, stats);
                    for _ in 0..round.heaps {
                        let value = self.heap_value(table.values());
                        appender.push(value);
                        self.fit(value);
                    }
                    tuner.record(parallel, round.pairs(), started.elapsed());
                }
            });
        });
    }
}

/// A helper thread: in every round, fills one set per rest with its share of the pairs.
fn help(
    index: usize,
    threads: usize,
    table: &SharedTable<'_>,
    job: &Mutex<Job>,
    sets: &Mutex<Vec<Bits>>,
    rounds: &Rounds,
) {
    let _alarm = PanicAlarm(rounds);
    let mut seen = 0;
    while let Some(round) = rounds.wait_start(seen) {
        seen = round;
        {
            let job = lock(job);
            let mut sets = lock(sets);
            if sets.len() < job.rests.len() {
                sets.resize(job.rests.len(), Bits::with_capacity(job.capacity));
            }
            for (set, &rest) in sets.iter_mut().zip(&job.rests) {
                set.reset(job.capacity);
                scan_share(rest, table.values(), set, index, threads);
            }
        }
        rounds.finished();
    }
}

/// Inserts the `index`-th of `threads` contiguous shares of the splits of `rest`.
fn scan_share(rest: usize, values: &[u32], set: &mut Bits, index: usize, threads: usize) {
    let count = rest / 2;
    let from = 1 + count * index / threads;
    let to = 1 + count * (index + 1) / threads;
    insert_splits(set.words_mut(), values, rest, from, to);
}

/// Ends the helpers' loops when dropped.
struct Dismiss<'a>(&'a Rounds);

impl Drop for Dismiss<'_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Tells the main thread when a helper unwinds, so that it stops waiting for the helper's
/// round and the panic reaches the caller instead of a hang.
struct PanicAlarm<'a>(&'a Rounds);

impl Drop for PanicAlarm<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.helper_failed.store(true, Ordering::Release);
            self.0.signal.notify();
        }
    }
}

/// The handshake of a round: the main thread starts it, helpers report when done.
#[derive(Default)]
struct Rounds {
    /// The current round number; `u64::MAX` tells helpers to leave.
    started: AtomicU64,
    /// Helper rounds finished, in total.
    finished: AtomicU64,
    /// Set when a helper panicked.
    helper_failed: AtomicBool,
    signal: Signal,
}

impl Rounds {
    fn start(&self, round: u64) {
        self.started.store(round, Ordering::Release);
        self.signal.notify();
    }

    fn stop(&self) {
        self.start(u64::MAX);
    }

    fn finished(&self) {
        self.finished.fetch_add(1, Ordering::Release);
        self.signal.notify();
    }

    /// Waits for a round after `seen`; `None` when told to stop.
    fn wait_start(&self, seen: u64) -> Option<u64> {
        let round = self.signal.wait_for(|| {
            let round = self.started.load(Ordering::Acquire);
            (round != seen).then_some(round)
        });
        (round != u64::MAX).then_some(round)
    }

    fn wait_done(&self, total: u64) {
        self.signal.wait_for(|| {
            let failed = self.helper_failed.load(Ordering::Acquire);
            (failed || self.finished.load(Ordering::Acquire) >= total).then_some(())
        });
        assert!(
            !self.helper_failed.load(Ordering::Acquire),
            "a helper thread of the quadratic engine panicked"
        );
    }
}
