//! Memory accounting by cgroup: where the kernel lets the judge make memory cgroups, each
//! launch server gets one and lives in it, so that every program it starts is born there; a
//! confined program with a memory limit is limited by it, and its memory verdict and peak come
//! from the cgroup instead of `RLIMIT_AS` and the rules of [`super::outcome::memory_verdict`].
//! Other programs of the server (trusted tools, runs without a memory limit) run with the
//! cgroup's limit lifted.
//!
//! Why: under `RLIMIT_AS` a program whose `malloc` fails may give up in any way it likes (a C
//! program that exits 3 is RE), and the address space is not memory (the JVM reserves far more
//! than it uses). A memory cgroup counts the pages a program really uses (its own, the kernel's
//! for it, the page cache it brings in), and its limit is met by the kernel's OOM killer, which
//! the cgroup records. So the verdict is MLE exactly when the limit was hit: the kernel killed
//! a process of the run for memory, or the run failed after its memory reached the limit. This
//! is what isolate (`memory.max` with no swap, `memory.peak`, `oom_kill` of `memory.events`) and
//! DOMjudge's runguard (`memory.limit_in_bytes` and `memory.memsw.limit_in_bytes`, the peak
//! from `memory.max_usage_in_bytes`, `oom_kill` of `memory.oom_control`) do.
//!
//! Where: with cgroup v1 (a `memory` hierarchy), a child of the judge's own memory cgroup; with
//! cgroup v2, a child of the judge's cgroup or of its parent, whichever has the memory
//! controller enabled for its children (a cgroup with processes cannot, so a delegated subtree
//! whose leaf holds the judge serves through its parent). Whatever cannot be made is reported,
//! and the run falls back to `RLIMIT_AS`.
//!
//! Cost: a cgroup is made once per launch server and reused by its runs (a server runs one
//! program at a time); a run costs writing the limit when it changes, resetting the peak (and
//! v1's failure count), reading three counters after it (which also serve as the next run's
//! baseline), all on descriptors kept open. No program moves into the cgroup: a move costs
//! the kernel a synchronisation of every task's cgroup (more than a tenth of a millisecond),
//! so the server moves in once and its programs are born inside.
//!
//! The server shares the cgroup with its programs: its few pages count toward a run's peak
//! (the pages it had before it moved in stay charged where they were), and the kernel's OOM
//! killer could pick it over a program made of small processes. So each program makes itself
//! the OOM killer's first choice (`oom_score_adj` 1000, see [`super::launch`]).
//!
//! Removal: the judge removes a server's cgroup when it stops the server, on SIGINT (see
//! [`super::live`]), and the server removes it when it ends, after moving back to the cgroup
//! it started in (so a judge killed outright leaves none behind either); processes still in it
//! are killed first.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How long removing a cgroup may wait for its processes to die.
const REMOVAL_PATIENCE: Duration = Duration::from_secs(2);

/// The cgroup hierarchy the memory controller lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Version {
    V1,
    V2,
}

/// Where this process makes its memory cgroups.
#[derive(Debug)]
struct Parent {
    dir: PathBuf,
    version: Version,
    /// This process's own cgroup in the same hierarchy (`dir` itself, or for v2 possibly its
    /// child), where a launch server starts and goes back to before removing its cgroup.
    home: PathBuf,
}

/// What a memory cgroup measured for one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MemoryUse {
    /// The cgroup's peak during the run, when the kernel keeps one that can be reset.
    pub peak_bytes: Option<u64>,
    /// The run's memory reached the limit (the kernel had to reclaim or refuse).
    pub limit_hit: bool,
    /// The kernel's OOM killer killed a process of the run.
    pub oom_killed: bool,
}

/// One memory cgroup, made by the judge for one launch server, with its control files open.
#[derive(Debug)]
pub(crate) struct MemoryCgroup {
    dir: PathBuf,
    version: Version,
    /// See [`Parent::home`].
    home: PathBuf,
    /// `memory.limit_in_bytes` (v1) or `memory.max` (v2).
    limit: File,
    /// `memory.memsw.limit_in_bytes` (v1, where swap is accounted): kept equal to the limit.
    memsw: Option<File>,
    /// `memory.max_usage_in_bytes` (v1) or `memory.peak` (v2, Linux 5.19; resettable from 6.12).
    peak: Option<File>,
    /// `memory.failcnt` (v1).
    failcnt: Option<File>,
    /// `memory.oom_control` (v1) or `memory.events` (v2).
    events: File,
    /// The limit written last (`None`: the kernel's default, no limit).
    current_limit: Option<u64>,
    /// The event counters before the run in flight: limit hits (v2), OOM kills.
    before: (u64, u64),
    /// The counters the last run's measurement read: nothing runs in the cgroup between a
    /// measurement and the next run, so they are the next run's `before` without a read.
    /// Taken by each run, so a run that was never measured leaves none.
    measured: Option<(u64, u64)>,
}

impl MemoryCgroup {
    /// Makes a new memory cgroup for one launch server, or says why there can be none.
    pub fn create() -> Result<MemoryCgroup, String> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let parent = match PARENT.get_or_init(find_parent) {
            Ok(parent) => parent,
            Err(why) => return Err(why.clone()),
        };
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = parent
            .dir
            .join(format!("stonejudge-{}-{n}", std::process::id()));
        std::fs::create_dir(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let opened = MemoryCgroup::open(dir.clone(), parent.version, parent.home.clone());
        if opened.is_err() {
            remove(&dir);
        }
        opened
    }

    fn open(dir: PathBuf, version: Version, home: PathBuf) -> Result<MemoryCgroup, String> {
        let file = |name: &str| {
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(dir.join(name))
                .map_err(|e| format!("cannot open {}: {e}", dir.join(name).display()))
        };
        let optional = |name: &str| file(name).ok();
        let (limit, memsw, peak, failcnt, events) = match version {
            Version::V1 => (
                file("memory.limit_in_bytes")?,
                optional("memory.memsw.limit_in_bytes"),
                Some(file("memory.max_usage_in_bytes")?),
                Some(file("memory.failcnt")?),
                file("memory.oom_control")?,
            ),
            Version::V2 => {
                // Swap would let a program use more than its limit; where swap is not
                // accounted the file is missing, and there is nothing to forbid.
                if let Some(mut swap) = optional("memory.swap.max") {
                    write_value(&mut swap, "0")
                        .map_err(|e| format!("cannot forbid swap in {}: {e}", dir.display()))?;
                }
                let events = File::open(dir.join("memory.events"))
                    .map_err(|e| format!("cannot open memory.events: {e}"))?;
                (
                    file("memory.max")?,
                    None,
                    optional("memory.peak"),
                    None,
                    events,
                )
            }
        };
        Ok(MemoryCgroup {
            dir,
            version,
            home,
            limit,
            memsw,
            peak,
            failcnt,
            events,
            current_limit: None,
            before: (0, 0),
            measured: None,
        })
    }

    pub fn version(&self) -> Version {
        self.version
    }

    /// The cgroup's directory (its launch server enters it through its `cgroup.procs`).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The cgroup the launch server starts in and leaves its own for at its end.
    pub fn home(&self) -> &Path {
        &self.home
    }

    /// Lifts the limit, for a run the cgroup does not limit (a trusted tool, a program with no
    /// memory limit, or one limited by `RLIMIT_AS` because the cgroup could not be readied):
    /// the launch server lives in the cgroup, so every program it starts is born there.
    pub fn unlimit(&mut self) -> Result<(), String> {
        if self.current_limit.is_none() {
            return Ok(());
        }
        self.set_limit(None).map_err(|e| {
            format!(
                "cannot lift the memory limit of {}: {e}",
                self.dir.display()
            )
        })
    }

    /// Readies the cgroup for a run limited to `limit` bytes: the limit (and the swap limit
    /// with it), the peak and the failure count reset, the event counters noted.
    pub fn prepare(&mut self, limit: u64) -> Result<(), String> {
        let dir = self.dir.clone();
        let failed =
            |what: &str, e: std::io::Error| format!("cannot {what} of {}: {e}", dir.display());
        if self.current_limit != Some(limit) {
            self.set_limit(Some(limit))
                .map_err(|e| failed("set the memory limit", e))?;
        }
        if let Some(peak) = &mut self.peak {
            if write_value(peak, "0").is_err() {
                // A kernel whose peak cannot be reset (v2 before Linux 6.12): the peak of a
                // reused cgroup would be an earlier run's, so none is taken from it.
                self.peak = None;
            }
        }
        if let Some(failcnt) = &mut self.failcnt {
            write_value(failcnt, "0").map_err(|e| failed("reset the failure count", e))?;
        }
        self.before = match self.measured.take() {
            Some(counters) => counters,
            None => self
                .counters()
                .map_err(|e| failed("read the counters", e))?,
        };
        Ok(())
    }

    /// Writes the limit (`None`: no limit), and the memory+swap limit where there is one, in
    /// the order the kernel accepts (v1 requires memory+swap ≥ memory at every moment); notes
    /// it as the current limit once written.
    fn set_limit(&mut self, limit: Option<u64>) -> std::io::Result<()> {
        let value = match (limit, self.version) {
            (Some(bytes), _) => bytes.to_string(),
            (None, Version::V1) => "-1".to_string(),
            (None, Version::V2) => "max".to_string(),
        };
        let raising = match (self.current_limit, limit) {
            (Some(current), Some(limit)) => limit > current,
            (Some(_), None) => true,
            (None, _) => false,
        };
        match &mut self.memsw {
            Some(memsw) if raising => {
                write_value(memsw, &value)?;
                write_value(&mut self.limit, &value)?;
            }
            Some(memsw) => {
                write_value(&mut self.limit, &value)?;
                write_value(memsw, &value)?;
            }
            None => write_value(&mut self.limit, &value)?,
        }
        self.current_limit = limit;
        Ok(())
    }

    /// The counters of limit hits (v2; v1's failure count is reset instead) and OOM kills.
    fn counters(&mut self) -> std::io::Result<(u64, u64)> {
        let text = read_value(&mut self.events)?;
        let field = |key: &str| {
            text.lines()
                .filter_map(|line| line.split_once(' '))
                .find(|(k, _)| *k == key)
                .and_then(|(_, v)| v.trim().parse::<u64>().ok())
                .unwrap_or(0)
        };
        Ok(match self.version {
            Version::V1 => (0, field("oom_kill")),
            Version::V2 => (field("max"), field("oom_kill")),
        })
    }

    /// What the run since [`MemoryCgroup::prepare`] did.
    pub fn measure(&mut self) -> Result<MemoryUse, String> {
        let dir = self.dir.clone();
        let failed = |e: std::io::Error| format!("cannot read {}: {e}", dir.display());
        let number = |text: String| text.trim().parse::<u64>().ok();
        let peak_bytes = match &mut self.peak {
            Some(peak) => number(read_value(peak).map_err(failed)?),
            None => None,
        };
        let failures = match &mut self.failcnt {
            Some(failcnt) => number(read_value(failcnt).map_err(failed)?).unwrap_or(0),
            None => 0,
        };
        let (hits, kills) = self.counters().map_err(failed)?;
        self.measured = Some((hits, kills));
        Ok(MemoryUse {
            peak_bytes,
            limit_hit: failures > 0 || hits > self.before.0,
            oom_killed: kills > self.before.1,
        })
    }
}

impl Drop for MemoryCgroup {
    fn drop(&mut self) {
        remove(&self.dir);
    }
}

impl Version {
    /// How the protections report memory accounting of this kind.
    pub fn describe(self) -> &'static str {
        match self {
            Version::V1 => {
                "cgroup v1: memory.limit_in_bytes and memsw, MLE when the limit is hit, \
                 peak from max_usage_in_bytes"
            }
            Version::V2 => {
                "cgroup v2: memory.max, no swap, MLE when the limit is hit, peak from \
                 memory.peak"
            }
        }
    }
}

/// Where memory cgroups are made, found once per process.
static PARENT: OnceLock<Result<Parent, String>> = OnceLock::new();

/// The judge's own memory cgroup (v1) or the nearest cgroup of its own and its parent that
/// enables the memory controller for its children (v2).
fn find_parent() -> Result<Parent, String> {
    let own = std::fs::read_to_string("/proc/self/cgroup")
        .map_err(|e| format!("cannot read /proc/self/cgroup: {e}"))?;
    let mounts = std::fs::read_to_string("/proc/self/mountinfo")
        .map_err(|e| format!("cannot read /proc/self/mountinfo: {e}"))?;
    choose_parent(&own, &mounts, |dir| {
        std::fs::read_to_string(dir.join("cgroup.subtree_control"))
            .is_ok_and(|text| text.split_whitespace().any(|c| c == "memory"))
    })
}

/// [`find_parent`] from the texts of `/proc/self/cgroup` and `/proc/self/mountinfo`;
/// `delegates_memory` says whether a v2 cgroup enables the memory controller for its children.
fn choose_parent(
    own: &str,
    mounts: &str,
    delegates_memory: impl Fn(&Path) -> bool,
) -> Result<Parent, String> {
    let v1 = own.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        controllers
            .split(',')
            .any(|c| c == "memory")
            .then_some(path)
    });
    if let Some(path) = v1 {
        let dir = mounted(mounts, path, |fstype, options| {
            fstype == "cgroup" && options.split(',').any(|o| o == "memory")
        })
        .ok_or("the memory cgroup hierarchy (v1) is not mounted here")?;
        return Ok(Parent {
            home: dir.clone(),
            dir,
            version: Version::V1,
        });
    }
    let path = own
        .lines()
        .find_map(|line| line.strip_prefix("0::"))
        .ok_or("this process is in no memory cgroup (v1) and no cgroup v2")?;
    let dir = mounted(mounts, path, |fstype, _| fstype == "cgroup2")
        .ok_or("cgroup v2 is not mounted here")?;
    let candidates = [Some(dir.clone()), dir.parent().map(Path::to_path_buf)];
    candidates
        .into_iter()
        .flatten()
        .find(|candidate| delegates_memory(candidate))
        .map(|parent| Parent {
            dir: parent,
            version: Version::V2,
            home: dir.clone(),
        })
        .ok_or_else(|| {
            format!(
                "cgroup v2: neither {} nor its parent enables the memory controller for its \
                 children (cgroup.subtree_control); run stonejudge in a delegated cgroup \
                 (systemd-run --user -p Delegate=yes …) whose parent does",
                dir.display()
            )
        })
}

/// The directory of cgroup `path` (as `/proc/self/cgroup` names it) in the mount of a
/// hierarchy that `wanted` recognises by its file system type and super options.
fn mounted(mountinfo: &str, path: &str, wanted: impl Fn(&str, &str) -> bool) -> Option<PathBuf> {
    mountinfo.lines().find_map(|line| {
        let (mount, fs) = line.split_once(" - ")?;
        let mut fs = fs.split(' ');
        let (fstype, _source, options) = (fs.next()?, fs.next()?, fs.next().unwrap_or(""));
        if !wanted(fstype, options) {
            return None;
        }
        let mut fields = mount.split(' ');
        let (root, point) = (fields.nth(3)?, fields.next()?);
        let inside = path.strip_prefix(root.trim_end_matches('/'))?;
        if !inside.is_empty() && !inside.starts_with('/') {
            return None;
        }
        Some(Path::new(point).join(inside.trim_start_matches('/')))
    })
}

/// Removes the cgroup `dir`, killing the processes still in it; gives up (leaving it) only if
/// they do not die within [`REMOVAL_PATIENCE`].
pub(crate) fn remove(dir: &Path) {
    let deadline = Instant::now() + REMOVAL_PATIENCE;
    loop {
        match std::fs::remove_dir(dir) {
            Ok(()) => return,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
            Err(_) if Instant::now() < deadline => {
                kill_members(dir);
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(_) => return,
        }
    }
}

/// Kills every process in the cgroup `dir`: at once through `cgroup.kill` (v2, Linux 5.14),
/// else one by one through pidfds, each signalled only if its pid is still in the cgroup once
/// the pidfd holds the process (so a pid the kernel gave to another process is never hit).
fn kill_members(dir: &Path) {
    if std::fs::write(dir.join("cgroup.kill"), "1").is_ok() {
        return;
    }
    let members = || -> Vec<libc::pid_t> {
        std::fs::read_to_string(dir.join("cgroup.procs"))
            .unwrap_or_default()
            .lines()
            .filter_map(|line| line.trim().parse().ok())
            .collect()
    };
    let held: Vec<(libc::pid_t, OwnedFd)> = members()
        .into_iter()
        .filter_map(|pid| {
            // SAFETY: the syscall returns a new descriptor or -1.
            let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
            // SAFETY: a fresh descriptor that nothing else owns.
            (fd >= 0).then(|| (pid, unsafe { OwnedFd::from_raw_fd(fd as i32) }))
        })
        .collect();
    let still = members();
    for (pid, pidfd) in held {
        if still.contains(&pid) {
            // SAFETY: signalling the process the pidfd holds; no memory is passed.
            unsafe {
                libc::syscall(
                    libc::SYS_pidfd_send_signal,
                    pidfd.as_raw_fd(),
                    libc::SIGKILL,
                    std::ptr::null::<libc::siginfo_t>(),
                    0,
                )
            };
        }
    }
}

/// Writes `value` to a control file from its start.
fn write_value(file: &mut File, value: &str) -> std::io::Result<()> {
    file.seek(SeekFrom::Start(0))?;
    file.write_all(value.as_bytes())
}

/// Reads a control file afresh from its start.
fn read_value(file: &mut File) -> std::io::Result<String> {
    file.seek(SeekFrom::Start(0))?;
    let mut text = String::new();
    file.read_to_string(&mut text)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cgroup_path_is_found_in_its_mount() {
        let mountinfo = "\
30 25 0:26 / /sys/fs/cgroup/memory rw,relatime shared:9 - cgroup cgroup rw,memory
31 25 0:27 / /sys/fs/cgroup/pids rw,relatime shared:10 - cgroup cgroup rw,pids
35 25 0:30 / /sys/fs/cgroup/unified rw,relatime shared:4 - cgroup2 cgroup2 rw
";
        let v1 = |fstype: &str, options: &str| {
            fstype == "cgroup" && options.split(',').any(|o| o == "memory")
        };
        assert_eq!(
            mounted(mountinfo, "/jobs/a", v1),
            Some(PathBuf::from("/sys/fs/cgroup/memory/jobs/a"))
        );
        assert_eq!(
            mounted(mountinfo, "/", |t, _| t == "cgroup2"),
            Some(PathBuf::from("/sys/fs/cgroup/unified"))
        );
        // A container's mount of its own subtree: the mount's root is cut off the path.
        let container = "40 1 0:26 /docker/x /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
        assert_eq!(
            mounted(container, "/docker/x/job", |t, _| t == "cgroup2"),
            Some(PathBuf::from("/sys/fs/cgroup/job"))
        );
        assert_eq!(
            mounted(container, "/elsewhere", |t, _| t == "cgroup2"),
            None
        );
        assert_eq!(
            mounted(container, "/docker/xy", |t, _| t == "cgroup2"),
            None
        );
        assert_eq!(mounted(mountinfo, "/x", |t, _| t == "btrfs"), None);
    }

    #[test]
    fn the_parent_is_the_memory_hierarchy_or_a_delegating_v2_cgroup() {
        let hybrid = "\
30 25 0:26 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory
35 25 0:30 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw
";
        // cgroup v1 with a memory hierarchy: a child of our own memory cgroup.
        let v1 = choose_parent("4:memory:/jobs/a\n0::/\n", hybrid, |_| false).unwrap();
        assert_eq!(v1.dir, PathBuf::from("/sys/fs/cgroup/memory/jobs/a"));
        assert_eq!(v1.version, Version::V1);
        assert_eq!(v1.home, v1.dir, "the judge's own memory cgroup");
        // cgroup v2: our own cgroup holds us, so it is its parent that enables memory.
        let unified = "40 1 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
        let own = "0::/user.slice/app.slice/term.scope\n";
        let delegating = |dir: &Path| dir == Path::new("/sys/fs/cgroup/user.slice/app.slice");
        let v2 = choose_parent(own, unified, delegating).unwrap();
        assert_eq!(v2.dir, PathBuf::from("/sys/fs/cgroup/user.slice/app.slice"));
        assert_eq!(v2.version, Version::V2);
        let term = "/sys/fs/cgroup/user.slice/app.slice/term.scope";
        assert_eq!(v2.home, PathBuf::from(term), "the judge's own cgroup");
        let refused = choose_parent(own, unified, |_| false).unwrap_err();
        assert!(refused.contains("subtree_control"), "{refused}");
        // A memory hierarchy named but not mounted here; no cgroup at all.
        assert!(choose_parent("4:memory:/a\n", unified, |_| true).is_err());
        assert!(choose_parent("", unified, |_| true).is_err());
    }
}
