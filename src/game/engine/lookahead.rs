//! The rare/common engine on several threads: split sets of the rests ahead of the heap
//! being decided, computed from the values already known.
//!
//! Deciding `G(n)` is sequential, but most of its work does not need the newest values. A
//! split of the rest `r` into `i + (r - i)` reads `G(r - i)`, which is old unless `i` is
//! small. So the rests are cut into chunks of [`CHUNK`]; chunk `c`, rests `s..s + CHUNK`,
//! reads only `G(0..s - LAG)` and can be computed while the main thread is still up to
//! `LAG` heaps behind. For every rest of the chunk it holds two sets:
//!
//! - *old*: `G(i) xor G(r - i)` for the rare positions `i` of a snapshot of the rare list
//!   taken when the segment began, whenever `r - i < s - LAG` — all of them but the few
//!   smallest (`i <= r - s + LAG`), which the main thread adds, with the positions that became
//!   rare since the snapshot;
//! - *window*: `G(a) xor G(r - a)` for every `a` in [`WINDOW`], all old. The main thread's
//!   step 3 (seeing every rare-type value below its candidate among the splits) strikes these
//!   first, so it seldom scans at all; every set is shared by the heaps that split this rest.
//!
//! Chunks are claimed in order by whoever is free, the main thread included: when the chunk it
//! needs is not ready it computes a later one rather than wait, so one thread does all the
//! work alone and two share it without either waiting for long. The main thread only ever
//! waits for a chunk another thread is computing. Results go through a ring of [`SLOTS`]
//! slots; a slot is refilled once the main thread has taken its chunk.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;

use super::shared::SharedTable;
use super::signal::{lock, Signal};

/// Rests per chunk: the unit of work handed out, and the sets filled side by side (consecutive
/// inserts go to different sets, so they do not wait for each other).
pub(super) const CHUNK: usize = 32;
/// How far behind the values a chunk reads are: chunk `s..s + CHUNK` reads `G(0..s - LAG)`.
pub(super) const LAG: usize = 4 * CHUNK;
/// The smaller parts `a` of the window splits: old for every rest of the chunk (`a > LAG +
/// CHUNK`), and enough of them that step 3 rarely has to scan. 256 rather than 512: filling
/// windows is most of a chunk's work, and 0.777 to 2^22 takes 7% less time with half of them
/// (BENCHMARKS.md); 128 leaves too much scanning to the main thread.
pub(super) const WINDOW: Range<usize> = LAG + CHUNK + 1..LAG + CHUNK + 1 + 256;
/// Chunks in flight at most.
const SLOTS: usize = 12;

/// Which chunks a segment has: the rests from `first` on, in sets of `words` words.
#[derive(Debug, Clone, Copy)]
pub(super) struct Plan {
    first: usize,
    chunks: usize,
    words: usize,
}

impl Plan {
    /// Chunks covering the rests `first..until`, or `None` if `first` is too small for the
    /// windows (their splits must all be old and proper).
    pub(super) fn new(first: usize, until: usize, words: usize) -> Option<Plan> {
        (first >= 2 * WINDOW.end + LAG && until > first).then(|| Plan {
            first,
            chunks: (until - first).div_ceil(CHUNK),
            words,
        })
    }

    pub(super) fn first(&self) -> usize {
        self.first
    }

    pub(super) fn words(&self) -> usize {
        self.words
    }

    fn start(&self, chunk: usize) -> usize {
        self.first + chunk * CHUNK
    }

    /// How many values chunk `chunk` reads: `G(0..known)`.
    fn known(&self, chunk: usize) -> usize {
        self.start(chunk) - LAG
    }

    /// The chunk of a rest at or after `first`.
    pub(super) fn chunk_of(&self, rest: usize) -> usize {
        (rest - self.first) / CHUNK
    }

    /// The largest rare position whose split of `rest` the chunk's old set leaves out.
    pub(super) fn fresh_bound(&self, rest: usize) -> usize {
        rest - self.known(self.chunk_of(rest))
    }

    /// The rests of chunk `chunk`.
    pub(super) fn rests(&self, chunk: usize) -> Range<usize> {
        self.start(chunk)..self.start(chunk) + CHUNK
    }

    /// After publishing `len` values: whether a chunk may have become computable.
    pub(super) fn unlocks(&self, len: usize) -> bool {
        (len + LAG).saturating_sub(self.first).is_multiple_of(CHUNK)
    }
}

/// The sets of one chunk: `CHUNK` sets of `words` words each, rest by rest.
#[derive(Debug)]
pub(super) struct Sets {
    pub(super) old: Vec<u64>,
    pub(super) window: Vec<u64>,
    /// The splits examined to fill them.
    pub(super) pairs: u64,
}

impl Sets {
    fn new(words: usize) -> Sets {
        Sets {
            old: vec![0; CHUNK * words],
            window: vec![0; CHUNK * words],
            pairs: 0,
        }
    }
}

struct Slot {
    /// `chunk + 1` once `sets` holds that chunk.
    done: AtomicUsize,
    sets: Mutex<Sets>,
}

/// The state the threads of one segment share.
pub(super) struct Lookahead<'s> {
    plan: Plan,
    /// Rare positions `(i, G(i))` when the segment began, by increasing `i`.
    rare: &'s [(u32, u32)],
    /// The next chunk to claim.
    next: AtomicUsize,
    /// Chunks the main thread has taken (in order).
    taken: AtomicUsize,
    /// Tells helpers to leave.
    stop: AtomicBool,
    /// Tells helpers to claim nothing for now (the main thread alone is faster).
    pause: AtomicBool,
    /// Set when a helper panicked.
    failed: AtomicBool,
    slots: Vec<Slot>,
    signal: Signal,
}

impl<'s> Lookahead<'s> {
    pub(super) fn new(plan: Plan, rare: &'s [(u32, u32)]) -> Lookahead<'s> {
        let slots = (0..SLOTS)
            .map(|_| Slot {
                done: AtomicUsize::new(0),
                sets: Mutex::new(Sets::new(plan.words)),
            })
            .collect();
        Lookahead {
            plan,
            rare,
            next: AtomicUsize::new(0),
            taken: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            pause: AtomicBool::new(false),
            failed: AtomicBool::new(false),
            slots,
            signal: Signal::default(),
        }
    }

    /// Runs `body` with `helpers` threads computing chunks beside it; they leave when it
    /// returns (or panics).
    pub(super) fn run<R>(
        &self,
        helpers: usize,
        table: &SharedTable<'_>,
        body: impl FnOnce() -> R,
    ) -> R {
        thread::scope(|scope| {
            for _ in 0..helpers {
                scope.spawn(|| self.help(table));
            }
            let _dismiss = Dismiss(self);
            body()
        })
    }

    /// A helper: claims the next chunk as soon as it is computable and computes it, until the
    /// chunks run out or the segment ends. (Claiming only computable chunks means that the
    /// main thread never waits for a helper that is itself waiting.)
    fn help(&self, table: &SharedTable<'_>) {
        let _alarm = PanicAlarm(self);
        while let Some(chunk) = self.signal.wait_for(|| {
            if self.stop.load(Ordering::Acquire)
                || self.next.load(Ordering::Acquire) >= self.plan.chunks
            {
                Some(None)
            } else if self.pause.load(Ordering::Acquire) {
                None
            } else {
                self.claim_computable(table).map(Some)
            }
        }) {
            self.fill_slot(chunk, table);
            self.signal.notify();
        }
    }

    /// Computes a claimed chunk into its slot, unless the slot already holds a later chunk.
    ///
    /// That happens when the claimer was preempted between claiming and locking for so long
    /// that the main thread computed the chunk itself ([`Lookahead::take`] does not wait
    /// forever), took it, and another thread filled the slot with the chunk `SLOTS` later.
    /// Filling it now would put this chunk's sets under the later chunk's mark, and the main
    /// thread would decide heaps with the wrong splits (on a loaded machine with more threads
    /// than cores, this once changed a value of the table).
    fn fill_slot(&self, chunk: usize, table: &SharedTable<'_>) {
        let slot = &self.slots[chunk % SLOTS];
        let mut sets = lock(&slot.sets);
        if slot.done.load(Ordering::Acquire) > chunk {
            return;
        }
        fill(&self.plan, self.rare, table.values(), chunk, &mut sets);
        // Under the lock, so that the mark always names the chunk the sets hold.
        slot.done.store(chunk + 1, Ordering::Release);
    }

    /// Claims the next chunk if it is computable now: its values are known and its slot is
    /// free (the main thread has taken the chunk the slot held).
    fn claim_computable(&self, table: &SharedTable<'_>) -> Option<usize> {
        let chunk = self.next.load(Ordering::Acquire);
        let computable = chunk < self.plan.chunks
            && table.values().len() >= self.plan.known(chunk)
            && self.taken.load(Ordering::Acquire) + SLOTS > chunk;
        computable
            .then(|| {
                self.next
                    .compare_exchange(chunk, chunk + 1, Ordering::AcqRel, Ordering::Acquire)
                    .ok()
            })
            .flatten()
    }

    /// The main thread: hands the sets of `chunk` (the next one not taken) to `keep`. While
    /// the chunk is not ready it computes the next computable one, for a helper; when there is
    /// none, it waits for the helper computing `chunk` a little, and then computes `chunk`
    /// itself into `own`: on a busy machine the helper may not run for milliseconds.
    pub(super) fn take(
        &self,
        chunk: usize,
        table: &SharedTable<'_>,
        own: &mut Sets,
        keep: impl FnOnce(&Sets),
    ) {
        let slot = &self.slots[chunk % SLOTS];
        let ready = || slot.done.load(Ordering::Acquire) == chunk + 1;
        loop {
            if ready() {
                keep(&lock(&slot.sets));
                break;
            }
            if let Some(other) = self.claim_computable(table) {
                self.fill_slot(other, table);
                continue;
            }
            if self.signal.spin_for(|| ready().then_some(())).is_none() {
                assert!(
                    !self.failed.load(Ordering::Acquire),
                    "a helper thread of the rare/common engine panicked"
                );
                fill(&self.plan, self.rare, table.values(), chunk, own);
                keep(own);
                break;
            }
        }
        self.taken.store(chunk + 1, Ordering::Release);
        self.signal.notify();
    }

    /// Lets the helpers work, or not.
    pub(super) fn let_help(&self, help: bool) {
        if self.pause.swap(!help, Ordering::AcqRel) == help {
            self.signal.notify();
        }
    }

    /// A scratch set for [`Lookahead::take`].
    pub(super) fn scratch(&self) -> Sets {
        Sets::new(self.plan.words)
    }

    /// The main thread published values: wakes helpers waiting for them.
    pub(super) fn published(&self, len: usize) {
        if self.plan.unlocks(len) && !self.pause.load(Ordering::Relaxed) {
            self.signal.notify();
        }
    }
}

/// Fills the sets of `chunk` from `G(0..known)`.
fn fill(plan: &Plan, rare: &[(u32, u32)], values: &[u32], chunk: usize, sets: &mut Sets) {
    let start = plan.start(chunk);
    let values = &values[..plan.known(chunk)];
    let words = plan.words;
    let mask = words - 1;
    sets.old.fill(0);
    sets.window.fill(0);
    sets.pairs = (CHUNK * WINDOW.len()) as u64;
    // The xors of one part with the partners of all the chunk's rests are formed together
    // (vector operations), then each goes to its own rest's set.
    let mut xors = [0u32; CHUNK];
    // Rare part i of rest start + k: needs i < start + k (a proper split) and
    // start + k - i < known, i.e. k < i - LAG.
    for &(i, g) in rare {
        let i = i as usize;
        let low = (i + 1).saturating_sub(start);
        let high = i.saturating_sub(LAG).min(CHUNK);
        if low >= high {
            continue;
        }
        let partners = &values[start + low - i..start + high - i];
        sets.pairs += partners.len() as u64;
        let xors = &mut xors[low..high];
        xors.iter_mut().zip(partners).for_each(|(x, &v)| *x = g ^ v);
        let rests = sets.old.chunks_exact_mut(words).skip(low);
        for (set, &x) in rests.zip(xors.iter()) {
            set[(x >> 6) as usize & mask] |= 1 << (x & 63);
        }
    }
    for a in WINDOW {
        let g = values[a];
        let partners = &values[start - a..start - a + CHUNK];
        xors.iter_mut().zip(partners).for_each(|(x, &v)| *x = g ^ v);
        for (set, &x) in sets.window.chunks_exact_mut(words).zip(&xors) {
            set[(x >> 6) as usize & mask] |= 1 << (x & 63);
        }
    }
}

/// Ends the helpers' loops when dropped.
struct Dismiss<'a, 's>(&'a Lookahead<'s>);

impl Drop for Dismiss<'_, '_> {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Release);
        self.0.signal.notify();
    }
}

/// Tells the main thread when a helper unwinds, so that it stops waiting for the helper's
/// chunk and the panic reaches the caller instead of a hang.
struct PanicAlarm<'a, 's>(&'a Lookahead<'s>);

impl Drop for PanicAlarm<'_, '_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.failed.store(true, Ordering::Release);
            self.0.signal.notify();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::shared::append_shared;
    use super::*;

    /// The interleaving that once changed a value of a table on a loaded machine, played out
    /// step by step: a thread claims chunk 0 and is preempted before it locks the slot; the
    /// main thread computes chunk 0 itself and takes it; chunk `SLOTS` is claimed and filled
    /// into the same slot; then the preempted thread goes on. The slot must still hold chunk
    /// `SLOTS`, as its mark says.
    #[test]
    fn a_late_filler_leaves_the_later_chunk_in_its_slot() {
        let first = 2 * WINDOW.end + LAG;
        let len = first + (SLOTS + 1) * CHUNK;
        let words = 2;
        let mut values: Vec<u32> = (0..len).map(|i| ((i * 37) % 101) as u32).collect();
        let rare: Vec<(u32, u32)> = (1..first as u32)
            .step_by(97)
            .map(|i| (i, i % 101))
            .collect();
        let plan = Plan::new(first, len, words).expect("a plan");
        let shared = Lookahead::new(plan, &rare);
        append_shared(&mut values, len, |_, table| {
            let preempted = shared.claim_computable(table);
            assert_eq!(preempted, Some(0));
            let mut own = shared.scratch();
            fill(&plan, &rare, table.values(), 0, &mut own);
            shared.taken.store(1, Ordering::Release);
            for chunk in 1..=SLOTS {
                assert_eq!(shared.claim_computable(table), Some(chunk));
                shared.fill_slot(chunk, table);
            }
            shared.fill_slot(0, table);
            let slot = &shared.slots[0];
            assert_eq!(slot.done.load(Ordering::Acquire), SLOTS + 1);
            let mut expected = shared.scratch();
            fill(&plan, &rare, table.values(), SLOTS, &mut expected);
            let held = lock(&slot.sets);
            assert!(held.old == expected.old && held.window == expected.window);
        });
    }
}
