//! Whether a second thread pays right now: on a busy machine a thread that waits for another
//! only loses time, so the engines keep measuring both ways and use the faster.

use std::time::Duration;

/// Chooses between work on all threads and work on the main thread alone by the work per
/// second each has achieved lately: epochs of about 20 ms, each in one mode; the faster
/// mode runs, and every eighth epoch tries the other again, since the load may have changed.
/// Only speed depends on this, never a value.
#[derive(Debug, Default)]
pub(super) struct Tuner {
    /// Work per second lately, single-threaded and parallel.
    rate: [Option<f64>; 2],
    /// The epoch in progress: parallel or not, work, time.
    parallel: bool,
    work: u64,
    time: Duration,
    epochs: u64,
}

impl Tuner {
    const EPOCH: Duration = Duration::from_millis(20);

    /// Whether the helpers should work now.
    pub(super) fn parallel(&self) -> bool {
        self.parallel
    }

    /// Books `work` units done in `time`, on all threads or not.
    pub(super) fn record(&mut self, parallel: bool, work: u64, time: Duration) {
        self.work += work;
        self.time += time;
        if self.time < Self::EPOCH {
            return;
        }
        let rate = self.work as f64 / self.time.as_secs_f64();
        let slot = &mut self.rate[usize::from(parallel)];
        *slot = Some(slot.map_or(rate, |old| (old + rate) / 2.0));
        (self.work, self.time) = (0, Duration::ZERO);
        self.epochs += 1;
        self.parallel = match self.rate {
            [_, None] => true,
            [None, _] => false,
            [Some(one), Some(all)] => (all > one) != self.epochs.is_multiple_of(8),
        };
    }
}
