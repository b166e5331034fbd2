//! One pool of runs across a problem's submissions, as `verify` judges a Kattis package's
//! (the rule is in docs/ci.md, "How submissions are run and timed"): every other submission
//! (and those that set a derived time limit, once they did), each test's run a task, in one
//! pool of `-j` runs, so that no core waits while one submission's last test runs; a 2025-09
//! submission's runs stopped at the time limit once its requirement to time out is met
//! ([`Early`]), and a legacy or 2023-07 one's made in order, its first rejected test ending
//! it ([`Plan::InOrder`]).

use std::sync::Mutex;

use super::runs::Runs;
use crate::verdict::Judged;

/// When a submission's remaining runs may stop at the time limit rather than at the cap
/// (the limit × `time_limit_to_tle`): "stop a run at the limit, not later".
///
/// A test's verdict is about the time limit: a run still going at the limit is TLE there,
/// whatever it would do later, so running it on to the cap only matters to what is judged at
/// the higher limit, a requirement to time out (which needs one covered run that timed out
/// at the cap). Once the runs finished so far settle that (`settled` of their (test, whether
/// it timed out at the cap)), every test not started by then runs only up to `limit`. Which
/// tests run on to the cap depends on the order runs finish in, but no verdict does: at the
/// time limit each run says the same either way, and the requirement at the cap is met by a
/// run that reached it, or, while none has, every test runs to the cap.
pub struct Early<'e> {
    /// The time limit, in seconds.
    pub limit: f64,
    pub settled: Box<Settled<'e>>,
}

/// Whether the runs so far, each a test's name and whether it timed out at the cap, settle
/// what is judged at the cap.
pub type Settled<'f> = dyn Fn(&[(String, bool)]) -> bool + Sync + 'f;

/// Which of a submission's tests run in a [`pool`], and up to which limit.
pub enum Plan<'e> {
    /// Every test, up to the cap until [`Early`] says it is settled, then up to the time
    /// limit (a 2025-09 submission held to every test's verdict).
    Early(Early<'e>),
    /// Every test not run yet, up to the cap (a graded submission; the rest of the tests of
    /// one that set the time limit).
    Every,
    /// The tests Kattis' rules run (`all`: every one), in order, one at a time, up to the
    /// cap: a legacy or 2023-07 submission's first rejected test ends it.
    InOrder { all: bool },
}

/// Other work that may take one of a [`pool`]'s `jobs` slots (verify's input validators):
/// it starts once every run of the pool has started, on the first slot that frees up, so
/// that it fills a core the pool's last runs leave idle instead of waiting for them.
pub type Beside<'b> = dyn Fn() + Sync + 'b;

/// Runs the tests of their data that each submission's [`Plan`] needs, for all of them in one
/// pool of `jobs` runs at a time (and `beside`, when given, in one of those slots), so that no
/// core waits while one submission's last test runs: its runs are then in its [`Runs`]. Every run has a core to itself, as it would
/// alone, and its usual wall-clock limit; times are CPU times, which runs on other cores do
/// not change (as `judge -j` runs tests).
///
/// The next run is chosen in this order: a test of a submission whose [`Early`] is not
/// settled and that has no run to the cap going (the run that may settle it), so that as
/// few runs as possible go on to the cap; then a test of any other submission, in the order
/// given (a [`Plan::InOrder`] submission's whole sequence at once); last, while nothing else
/// is left, another test to the cap of an unsettled submission rather than an idle core.
pub fn pool(entries: &mut [(Runs<'_>, Plan<'_>)], jobs: usize, beside: Option<&Beside<'_>>) {
    let shares: Vec<Share> = (entries.iter())
        .map(|(runs, plan)| Share {
            pending: match plan {
                Plan::InOrder { .. } => Vec::new(),
                _ => (runs.data.tests().enumerate().rev())
                    .filter(|(_, test)| !runs.done.contains_key(&test.name))
                    .map(|(at, _)| at)
                    .collect(),
            },
            in_order: matches!(plan, Plan::InOrder { .. }),
            at_cap: 0,
            finished: (runs.done.iter())
                .map(|(name, judged)| (name.clone(), runs.timed_out(judged)))
                .collect(),
            judged: Vec::new(),
        })
        .collect();
    // Every task is taken once; `beside` is the last one, taken when no run is left to start.
    let count = (shares.iter())
        .map(|share| share.pending.len() + usize::from(share.in_order))
        .sum::<usize>()
        + usize::from(beside.is_some());
    let plans: Vec<&Plan<'_>> = entries.iter().map(|(_, plan)| plan).collect();
    let (state, runs) = (Mutex::new(shares), &*entries);
    crate::parallel::in_order(
        count as u64,
        jobs,
        |_| {
            let Some(task) = next_task(&mut lock(&state), &plans) else {
                return match beside {
                    Some(work) => {
                        work();
                        crate::parallel::Step::Next(())
                    }
                    None => crate::parallel::Step::Stop,
                };
            };
            let (runs, _) = &runs[task.entry];
            let judged = match (task.test, plans[task.entry]) {
                (None, Plan::InOrder { all }) => {
                    let mut alone = Runs {
                        done: runs.done.clone(),
                        ..Runs::new(runs.data, runs.program, runs.limits, runs.cap)
                    };
                    // Its error, if any, is found again when it is judged.
                    let _ = alone.outcome(runs.cap, *all);
                    (alone.done.into_iter())
                        .filter(|(name, _)| !runs.done.contains_key(name))
                        .collect()
                }
                (Some(at), plan) => {
                    let seconds = match (plan, task.at_cap) {
                        (Plan::Early(early), false) => early.limit,
                        _ => runs.cap,
                    };
                    let judged = runs.judged(at, seconds);
                    vec![(runs.data.cases[at].0.name.clone(), judged)]
                }
                (None, _) => Vec::new(),
            };
            lock(&state)[task.entry].finish(&task, judged, runs);
            crate::parallel::Step::Next(())
        },
        |_, ()| {},
    );
    let shares = state
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for ((runs, _), share) in entries.iter_mut().zip(shares) {
        runs.done.extend(share.judged);
    }
}

/// A submission's part of a [`pool`]: what it has left to run and what it has run.
struct Share {
    /// Its tests not started yet (indices of [`super::JudgedData`]'s cases), the next last.
    pending: Vec<usize>,
    /// A [`Plan::InOrder`] submission whose sequence has not started yet.
    in_order: bool,
    /// Its runs going on to the cap.
    at_cap: usize,
    /// Its runs so far: each test's name and whether it timed out at the cap.
    finished: Vec<(String, bool)>,
    judged: Vec<(String, Judged)>,
}

/// The next run of a [`pool`]: a test of the submission `entry`, or its whole sequence.
struct Task {
    entry: usize,
    /// The index of its test among the data's cases.
    test: Option<usize>,
    /// Whether it is a run of an unsettled [`Early`] submission, up to the cap (one that may
    /// settle it).
    at_cap: bool,
}

impl Share {
    /// Whether its plan still needs runs to the cap.
    fn unsettled(&self, plan: &Plan<'_>) -> bool {
        matches!(plan, Plan::Early(early) if !(early.settled)(&self.finished))
    }

    /// Its next task, of the kind `pick` allows (given whether it is unsettled).
    fn take(&mut self, entry: usize, plan: &Plan<'_>, pick: Pick) -> Option<Task> {
        let unsettled = self.unsettled(plan);
        let wanted = match pick {
            Pick::Settling => unsettled && self.at_cap == 0,
            Pick::Any => !unsettled,
            Pick::Spare => unsettled,
        };
        if !wanted {
            return None;
        }
        if std::mem::take(&mut self.in_order) {
            return Some(Task {
                entry,
                test: None,
                at_cap: false,
            });
        }
        let test = self.pending.pop()?;
        self.at_cap += usize::from(unsettled);
        Some(Task {
            entry,
            test: Some(test),
            at_cap: unsettled,
        })
    }

    /// Records what `task` judged.
    fn finish(&mut self, task: &Task, judged: Vec<(String, Judged)>, runs: &Runs<'_>) {
        if task.at_cap {
            self.at_cap -= 1;
            (self.finished)
                .extend((judged.iter()).map(|(name, j)| (name.clone(), runs.timed_out(j))));
        }
        self.judged.extend(judged);
    }
}

/// The kinds of task of a [`pool`], in the order they are chosen.
#[derive(Clone, Copy)]
enum Pick {
    /// A run to the cap that may settle a submission with none going.
    Settling,
    /// A run that no settling waits for.
    Any,
    /// A second run to the cap of an unsettled submission.
    Spare,
}

/// The next task of a [`pool`] from its `shares` (one for each item of the pool, so there is
/// always one).
fn next_task(shares: &mut [Share], plans: &[&Plan<'_>]) -> Option<Task> {
    [Pick::Settling, Pick::Any, Pick::Spare]
        .into_iter()
        .find_map(|pick| {
            (shares.iter_mut().enumerate())
                .find_map(|(entry, share)| share.take(entry, plans[entry], pick))
        })
}

/// The list behind `mutex`, even if a run panicked while holding it (the panic is resumed
/// by [`crate::parallel`] anyway).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
