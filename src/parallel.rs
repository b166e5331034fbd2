//! Work on several threads with the results in order: the one parallel loop of the project.
//!
//! Items are numbered `0, 1, 2, …`; each of `jobs` worker threads takes the next unclaimed
//! number, so one slow item holds up only its own thread. Results reach the caller in item
//! order, each as soon as it and every item before it are done: a table can be printed while
//! later items still run, and a search can stop at its lowest-numbered find. The
//! result never depends on the number of threads or on their timing; only how much work is
//! wasted past an early end does. Every item done is counted in [`crate::progress`], for a
//! command's progress bar.

use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The number of cores, the default number of jobs everywhere.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What one item's work came to.
#[derive(Debug)]
pub enum Step<R> {
    /// A result; later items are still wanted.
    Next(R),
    /// A result, and no later item is wanted (a search found what it looks for).
    Last(R),
    /// Nothing, and no item from this one on is wanted (the time is up).
    Stop,
}

/// Runs `work` on items `0..count`, `jobs` at a time, and hands every result to `deliver` in
/// item order. Ends after the first [`Step::Last`] (delivered) or before the first
/// [`Step::Stop`]: items after either are not started, or their results are dropped.
///
/// `deliver` runs on the worker that completes the item it was waiting for, one call at a
/// time, so that no thread is woken just to pass results on. A panic in `work` or `deliver`
/// stops every worker and is resumed on the caller's thread.
pub fn in_order<R: Send>(
    count: u64,
    jobs: usize,
    work: impl Fn(u64) -> Step<R> + Sync,
    deliver: impl FnMut(u64, R) + Send,
) {
    // Items at or past `end` are not wanted: `count`, or just past the item that ended the run
    // (0 once the run is over, or a worker panicked).
    let end = AtomicU64::new(count);
    let next = AtomicU64::new(0);
    let finished = AtomicU64::new(0);
    crate::progress::planned(count);
    let handover = Mutex::new(Handover {
        waiting: BTreeMap::new(),
        due: 0,
        over: false,
        deliver,
    });
    std::thread::scope(|scope| {
        let workers = (jobs.max(1) as u64).min(count) as usize;
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let stopped = std::panic::catch_unwind(AssertUnwindSafe(|| loop {
                        let item = next.fetch_add(1, Ordering::Relaxed);
                        if item >= end.load(Ordering::Relaxed) {
                            break;
                        }
                        let step = work(item);
                        finished.fetch_add(1, Ordering::Relaxed);
                        crate::progress::done_one();
                        if !matches!(step, Step::Next(_)) {
                            end.fetch_min(item + 1, Ordering::Relaxed);
                        }
                        let Ok(mut handover) = handover.lock() else {
                            break;
                        };
                        if handover.arrived(item, step) {
                            end.store(0, Ordering::Relaxed);
                        }
                    }));
                    if let Err(panic) = stopped {
                        end.store(0, Ordering::Relaxed);
                        std::panic::resume_unwind(panic);
                    }
                })
            })
            .collect();
        for handle in handles {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    crate::progress::dropped(count - finished.load(Ordering::Relaxed));
}

/// Results that arrived before their turn, and the caller's `deliver`.
struct Handover<R, D> {
    waiting: BTreeMap<u64, Step<R>>,
    /// The next item to deliver.
    due: u64,
    /// The run has ended: results of items still running when it did are dropped.
    over: bool,
    deliver: D,
}

impl<R, D: FnMut(u64, R)> Handover<R, D> {
    /// Takes the step of `item` and delivers every result now due; true once the run is over.
    fn arrived(&mut self, item: u64, step: Step<R>) -> bool {
        if self.over {
            return true;
        }
        self.waiting.insert(item, step);
        while let Some(step) = self.waiting.remove(&self.due) {
            let item = self.due;
            self.due += 1;
            match step {
                Step::Next(result) => (self.deliver)(item, result),
                Step::Last(result) => {
                    (self.deliver)(item, result);
                    self.over = true;
                }
                Step::Stop => self.over = true,
            }
            if self.over {
                self.waiting.clear();
                return true;
            }
        }
        false
    }
}

/// `f` applied to every item, `jobs` at a time, results in item order.
pub fn map<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let mut results = Vec::with_capacity(items.len());
    in_order(
        items.len() as u64,
        jobs,
        |i| Step::Next(f(&items[i as usize])),
        |_, result| results.push(result),
    );
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_done_is_counted_as_progress() {
        let before = crate::progress::now().done;
        let squares = map(&[1u64, 2, 3, 4], 2, |n| n * n);
        assert_eq!(squares, [1, 4, 9, 16]);
        // Other tests of the crate may run loops at the same time: at least these four.
        let after = crate::progress::now();
        assert!(after.done >= before + 4, "{after:?}");
        assert!(after.planned >= after.done.min(4), "{after:?}");
    }
    use std::time::Duration;

    #[test]
    fn results_come_in_item_order_whatever_the_timing() {
        for jobs in [1, 2, 5] {
            let slow_first = |i: &u64| {
                std::thread::sleep(Duration::from_millis(if *i == 0 { 30 } else { 1 }));
                i * i
            };
            let items: Vec<u64> = (0..12).collect();
            let squares: Vec<u64> = items.iter().map(|i| i * i).collect();
            assert_eq!(map(&items, jobs, slow_first), squares);
        }
        assert!(map(&[] as &[u8], 3, |_| 0).is_empty());
    }

    #[test]
    fn a_last_result_ends_the_run_at_the_lowest_item() {
        for jobs in [1, 2, 4] {
            let mut seen = Vec::new();
            in_order(
                u64::MAX,
                jobs,
                |i| match i {
                    7 | 9 => Step::Last(i),
                    _ => Step::Next(i),
                },
                |i, r| seen.push((i, r)),
            );
            assert_eq!(seen, (0..=7).map(|i| (i, i)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn nothing_is_delivered_after_the_last_result() {
        for _ in 0..20 {
            let mut seen = Vec::new();
            in_order(
                1000,
                4,
                |i| {
                    // Item 3 ends the run, and is the slowest: later items finish first.
                    if i == 3 {
                        std::thread::sleep(Duration::from_millis(5));
                        return Step::Last(i);
                    }
                    Step::Next(i)
                },
                |_, r| seen.push(r),
            );
            assert_eq!(seen, vec![0, 1, 2, 3]);
        }
    }

    #[test]
    fn a_stop_ends_the_run_before_its_item() {
        let mut seen = Vec::new();
        in_order(
            100,
            3,
            |i| if i >= 5 { Step::Stop } else { Step::Next(i) },
            |_, r| seen.push(r),
        );
        assert_eq!(seen, vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn a_panic_stops_the_run_and_reaches_the_caller() {
        let caught = std::panic::catch_unwind(|| {
            in_order(
                u64::MAX,
                2,
                |i| match i {
                    5 => panic!("item five"),
                    _ => Step::Next(i),
                },
                |_, _| {},
            )
        });
        let payload = caught.expect_err("the panic is resumed");
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"item five"));
    }
}
