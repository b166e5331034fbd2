//! Waiting for another thread of an engine: spin briefly, then sleep until notified.
//!
//! A handshake between running threads takes well under a microsecond, so waiters spin
//! first; on a busy machine a spinning thread only delays the one it waits for, so they then
//! sleep. Notifying costs a fence and a load while nobody sleeps, so the engines may notify
//! after every change their waiters could be waiting for.

use std::sync::atomic::{fence, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Spins before a waiter sleeps.
const SPINS: usize = 4096;

/// Where the threads of one engine run wait for each other.
#[derive(Debug, Default)]
pub(super) struct Signal {
    sleep: Mutex<()>,
    wake: Condvar,
    /// Waiters asleep or about to be.
    sleepers: AtomicUsize,
}

impl Signal {
    /// Waits until `ready` gives a value. `ready` must read the state it waits on with
    /// `Acquire` loads, and whoever changes that state must call [`Signal::notify`] after.
    pub(super) fn wait_for<T>(&self, mut ready: impl FnMut() -> Option<T>) -> T {
        if let Some(value) = self.spin_for(&mut ready) {
            return value;
        }
        let mut guard = lock(&self.sleep);
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        // With the fence in `notify` (Dekker's pattern): either this check sees the change,
        // or the notifier sees the sleeper and, taking the lock we hold, waits until we sleep.
        fence(Ordering::SeqCst);
        let value = loop {
            if let Some(value) = ready() {
                break value;
            }
            guard = self
                .wake
                .wait(guard)
                .unwrap_or_else(PoisonError::into_inner);
        };
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
        value
    }

    /// Spins until `ready` gives a value, for a while: `None` if it did not.
    pub(super) fn spin_for<T>(&self, mut ready: impl FnMut() -> Option<T>) -> Option<T> {
        (0..SPINS).find_map(|_| {
            let value = ready();
            if value.is_none() {
                std::hint::spin_loop();
            }
            value
        })
    }

    /// Wakes every sleeper; to be called after changing what waiters wait for.
    pub(super) fn notify(&self) {
        fence(Ordering::SeqCst);
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            drop(lock(&self.sleep));
            self.wake.notify_all();
        }
    }
}

/// A poisoned lock only means another thread panicked; the panic reaches the caller through
/// the thread scope.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
