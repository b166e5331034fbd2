//! The processes the judge has started and not yet reaped — each program's process group and
//! each launch server, with its scratch directory and memory cgroup — and the scratch
//! directories it has made for programs ([`ScratchDir`]), so that an interrupted judge can end
//! them all, and remove what they leave, before it exits (see [`super::signals`]).
//!
//! A program is registered until just before it is reaped, so a registered pid is never one
//! the kernel has given to another process.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::cgroup;

/// A live process.
#[derive(Debug)]
enum Entry {
    /// A program, leader of its own process group.
    Program(libc::pid_t),
    /// A launch server (killing it ends its PID namespace and every program in it), and the
    /// scratch directory and memory cgroup of its programs.
    Server(libc::pid_t, Option<PathBuf>, Option<PathBuf>),
    /// A scratch directory of the judge's (see [`ScratchDir`]).
    Directory(PathBuf),
}

static LIVE: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

/// Set by [`kill_all`]: from then on, whatever registers is killed at once.
static ENDING: AtomicBool = AtomicBool::new(false);

/// Programs and servers being started and not yet registered.
static STARTING: AtomicUsize = AtomicUsize::new(0);

/// Marks a start in progress until dropped (after the process it started is registered), so
/// that an ending judge can wait for it: a process started then would outlive the judge.
pub(crate) struct Starting(());

impl Starting {
    pub fn new() -> Starting {
        STARTING.fetch_add(1, Ordering::SeqCst);
        Starting(())
    }
}

impl Drop for Starting {
    fn drop(&mut self) {
        STARTING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether a program or server is being started.
pub(crate) fn starting() -> bool {
    STARTING.load(Ordering::SeqCst) > 0
}

/// Steps under way that must not be cut in half (see [`Unbroken`]).
static UNBROKEN: AtomicUsize = AtomicUsize::new(0);

/// How long an ending judge waits at most for [`Unbroken`] steps to finish.
const UNBROKEN_GRACE: Duration = Duration::from_secs(2);

/// A step that must not be cut in half by an interrupted judge: a directory swapped into
/// place by two renames (`testdata/`, an exported package), which an interruption between
/// them would leave missing. Until it is dropped, an ending judge waits (up to two seconds)
/// before it removes anything; once the judge is ending, no new such step begins (it waits
/// for the end instead).
pub struct Unbroken(());

impl Unbroken {
    pub fn begin() -> Unbroken {
        // Counted before looking, so that an ending judge either sees it or is seen.
        UNBROKEN.fetch_add(1, Ordering::SeqCst);
        if ENDING.load(Ordering::SeqCst) {
            UNBROKEN.fetch_sub(1, Ordering::SeqCst);
            loop {
                std::thread::park();
            }
        }
        Unbroken(())
    }
}

impl Drop for Unbroken {
    fn drop(&mut self) {
        UNBROKEN.fetch_sub(1, Ordering::SeqCst);
    }
}

fn with_live(f: impl FnOnce(&mut Vec<Entry>)) {
    // A panic while holding the lock leaves the list as it was: still the best knowledge.
    let mut live = LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    f(&mut live);
}

fn add(entry: Entry) {
    with_live(|live| live.push(entry));
    if ENDING.load(Ordering::SeqCst) {
        kill_all();
    }
}

/// Registers a program that leads its own process group.
pub(crate) fn add_program(pid: libc::pid_t) {
    add(Entry::Program(pid));
}

/// Registers a launch server and its programs' scratch directory and memory cgroup.
pub(crate) fn add_server(pid: libc::pid_t, scratch: Option<PathBuf>, cgroup: Option<PathBuf>) {
    add(Entry::Server(pid, scratch, cgroup));
}

/// Forgets `pid` (call it before reaping the process).
pub(crate) fn remove(pid: libc::pid_t) {
    with_live(|live| {
        live.retain(|entry| !matches!(entry, Entry::Program(p) | Entry::Server(p, ..) if *p == pid))
    });
}

/// A private directory for files the judge hands a program (a validator's input, answer and
/// feedback directory; a compiler's output): removed when dropped, and by [`kill_all`] when
/// the judge is interrupted, where no destructor runs.
#[derive(Debug)]
pub struct ScratchDir {
    path: PathBuf,
}

impl ScratchDir {
    /// A new empty directory named `stonejudge-<what>-<pid>-<n>` under the system's
    /// temporary directory.
    pub fn new(what: &str) -> Result<ScratchDir, String> {
        ScratchDir::within(&std::env::temp_dir(), &format!("stonejudge-{what}"))
    }

    /// A new empty directory named `<prefix>-<pid>-<n>` in `parent` (which exists): a
    /// compiler's, in the cache it fills.
    pub fn within(parent: &Path, prefix: &str) -> Result<ScratchDir, String> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        // Until it is registered, an ending judge waits (it would not know to remove it).
        let _starting = Starting::new();
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let path = parent.join(format!("{prefix}-{}-{n}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => {
                    add(Entry::Directory(path.clone()));
                    return Ok(ScratchDir { path });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("cannot create {}: {e}", path.display())),
            }
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        with_live(|live| {
            live.retain(|entry| !matches!(entry, Entry::Directory(dir) if *dir == self.path))
        });
        // A leftover scratch directory is harmless; nothing to do if removal fails.
        drop(std::fs::remove_dir_all(&self.path));
    }
}

/// Kills every registered program with its group, and every launch server, and removes the
/// servers' scratch directories and memory cgroups (once their processes are dead); whatever
/// registers later is killed at once (the process is ending), after [`Unbroken`] steps under
/// way have finished. Returns how many processes were signalled.
pub fn kill_all() -> usize {
    ENDING.store(true, Ordering::SeqCst);
    let deadline = Instant::now() + UNBROKEN_GRACE;
    while UNBROKEN.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(1));
    }
    let mut count = 0;
    let mut cgroups = Vec::new();
    let mut directories = Vec::new();
    with_live(|live| {
        for entry in live.drain(..) {
            // SAFETY: signalling processes we started and have not reaped.
            match entry {
                Entry::Program(pid) => unsafe {
                    libc::killpg(pid, libc::SIGKILL);
                    libc::kill(pid, libc::SIGKILL);
                },
                Entry::Server(pid, scratch, cgroup) => {
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                    if let Some(dir) = scratch {
                        drop(std::fs::remove_dir_all(dir));
                    }
                    cgroups.extend(cgroup);
                }
                Entry::Directory(dir) => {
                    directories.push(dir);
                    continue;
                }
            }
            count += 1;
        }
    });
    // After every kill, so that the programs die at once rather than one cgroup at a time.
    for dir in cgroups {
        cgroup::remove(&dir);
    }
    for dir in directories {
        // A thread of the judge may still be writing into it: once it is gone, nothing can be
        // created there again, so try until it is.
        for _ in 0..10 {
            if std::fs::remove_dir_all(&dir).is_ok() || !dir.exists() {
                break;
            }
        }
    }
    count
}
