//! What a long command is doing now, for its command line to show on a terminal: a label
//! ("deriving the time limit") and how many units of work are done of those planned.
//!
//! The library only records; a command that draws a progress bar reads [`now`] from a thread
//! of its own, so nothing here knows about terminals and nothing costs more than a lock when
//! no one reads. The units are counted where every loop of the project runs, in
//! [`crate::parallel`]: each test run, each validation, each step of a pool. Nested loops count
//! both levels, so the figure is of work, not of tests; it only grows, and reaches its total
//! when the work is done. The state is process-wide, as the terminal is.

use std::sync::Mutex;

/// What [`now`] says: the work done so far, and what it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WorkDone {
    /// The step under way, as the library named it last.
    pub doing: Option<String>,
    /// Units of work done.
    pub done: u64,
    /// Units planned so far (those a loop ended early never started are taken back).
    pub planned: u64,
}

static NOW: Mutex<WorkDone> = Mutex::new(WorkDone {
    doing: None,
    done: 0,
    planned: 0,
});

fn update(change: impl FnOnce(&mut WorkDone)) {
    let mut now = NOW.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    change(&mut now);
}

/// What is being done now.
pub fn now() -> WorkDone {
    NOW.lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone()
}

/// Names the step under way.
pub fn doing(what: impl Into<String>) {
    let what = what.into();
    update(|now| now.doing = Some(what));
}

/// Starts afresh (a command's next item).
pub fn reset() {
    update(|now| *now = WorkDone::default());
}

/// `units` more units of work are planned.
pub(crate) fn planned(units: u64) {
    update(|now| now.planned += units);
}

/// One unit of work is done.
pub(crate) fn done_one() {
    update(|now| now.done += 1);
}

/// `units` planned units will not be done (a loop ended early).
pub(crate) fn dropped(units: u64) {
    update(|now| now.planned = now.planned.saturating_sub(units));
}
