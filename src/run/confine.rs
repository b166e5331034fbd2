//! Confinement, the launch server's side: what a server sets up once when it starts (its own
//! network, PID, mount and IPC namespaces, a reaper as the first process of the PID
//! namespace, the programs' private root, and for itself and so for every process it forks:
//! no new privileges, an empty capability bounding set and the seccomp filters), and what it
//! does in each confined program between `fork` and `execve` (its root, its user and
//! capabilities, a Landlock ruleset, a process limit).
//!
//! Why once per server: a namespace costs a millisecond or more to make, a run a fraction of
//! that; installing a seccomp filter costs the kernel about 0.1 ms (it translates the filter
//! and precomputes its verdict for every system call), and dropping the bounding set a hundred
//! system calls, where inheriting both costs nothing. The trusted tools the server starts
//! (the judge's questions to a compiler) inherit them too: none of them needs a system call
//! the filter refuses, nor privileges gained at `execve`. Only the four calls the server
//! itself makes for each program's root (mounts and `chroot`) are refused to programs by a
//! small filter of their own, installed in each (about 20 µs). A server runs one program at a
//! time (the judge holds it for the whole run), and after each run it sweeps its PID
//! namespace: the reaper kills every process in it (`kill(-1)` from inside reaches only the
//! namespace) and reaps them. So a program's forked, `setsid` or detached children end with
//! it, `kill(-1, SIGKILL)` reaches nothing outside, and a server that dies takes its programs
//! with it (the reaper dies with the server, and the kernel kills a PID namespace whose first
//! process dies).
//!
//! What each feature gives (see [`super::sandbox`] for how the judge reports it):
//!
//! - user namespace (where the server is not root; root makes the others without one): the
//!   room for the other namespaces; in it, `RLIMIT_NPROC` counts only the namespace's
//!   processes, so it becomes a per-run process limit;
//! - mount namespace: a `/proc` of the PID namespace's own, and the programs' private root
//!   ([`super::private_root`]): read-only binds of what they may read, nothing of the
//!   machine's mounts, a scratch directory of a bounded size;
//! - network namespace: no interface but a loopback that is down, so no connection reaches
//!   anything; IPC namespace: no System V object of the machine's;
//! - PID namespace, capped at [`PID_CAP`] processes where the kernel has per-namespace
//!   `pid_max` (Linux 6.14), which holds for root too (root ignores `RLIMIT_NPROC`); the
//!   reaper makes the namespace hand out only its last [`PID_CAP`] pids first (by setting its
//!   `ns_last_pid`, or by forking through the pids before them);
//! - as root, a user and group of their own for the programs ([`super::identity`]), so that
//!   they own no file, and `RLIMIT_NPROC` counts their processes;
//! - Landlock: the program reads the system's directories, its own executable and what its
//!   invocation names, and writes only its scratch directory (and what the invocation names);
//!   it can neither signal nor ptrace processes outside its domain, nor connect to an abstract
//!   UNIX socket outside it;
//! - seccomp: the calls of [`super::syscalls`]: no sockets, namespaces, mounts, ptrace, keys,
//!   BPF, io_uring, memory the judge cannot count.

use std::ffi::{CString, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};

use landlock::{
    path_beneath_rules, Access, AccessFs, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, Scope, ABI,
};
use seccompiler::BpfProgram;

use super::identity;
use super::private_root::PrivateRoot;
use super::sandbox::{Feature, Protection, DEVICES, NPROC, PID_CAP, SYSTEM_DIRS};
use super::syscalls::{self, MemoryFiles};

/// The Landlock ABI whose rights are asked for (best effort below it): Linux 7.1's, whose
/// rights include connecting to a UNIX socket by its path (which the seccomp filter also
/// refuses, by refusing `socket`), after 6.12's scoping of signals and abstract UNIX sockets.
const LANDLOCK_ABI: ABI = ABI::V9;

/// The kernel's `RESERVED_PIDS`: once a namespace has handed out this pid, it hands out only
/// pids from here to `pid_max` (which must be above it). So `pid_max` is this plus
/// [`PID_CAP`], and the reaper uses up the pids below it first.
const RESERVED_PIDS: u32 = 300;

/// What a server set up, and the means to sweep its namespace.
pub(crate) struct Jail {
    /// The protections in force (bits of [`Protection`]).
    pub protections: u32,
    /// Why features that were asked for are missing, one line each.
    pub missing: Vec<String>,
    features: Vec<Feature>,
    /// The confined programs' scratch directory, as they see it.
    scratch: Option<PathBuf>,
    reaper: Option<Reaper>,
    /// The Landlock rulesets of the last confined requests with different files (at most
    /// [`RULESETS_KEPT`], the one in use last), and the files each was made for.
    landlock: Vec<(Vec<NamedFile>, RulesetCreated)>,
    /// The programs' root, where the server has a mount namespace.
    private_root: Option<PrivateRoot>,
    /// The programs' uid and gid, where the server runs as root.
    identity: Option<u32>,
    /// The filter each confined program installs itself (see [`syscalls::Filters`]).
    program_filter: Option<BpfProgram>,
    as_root: bool,
}

/// How many Landlock rulesets a server keeps: a judge alternating between a program and its
/// output validator makes the program's once.
const RULESETS_KEPT: usize = 2;

/// A path a request names, and the file it is (see [`file_identity`]).
type NamedFile = (PathBuf, Option<(u64, u64)>);

/// The first process of the server's PID namespace, with the pipes to ask it to sweep.
struct Reaper {
    pid: libc::pid_t,
    ask: OwnedFd,
    done: OwnedFd,
}

/// What one confined request needs in the program's process, prepared before `fork`.
pub(crate) struct Prepared<'a> {
    landlock: Option<&'a RulesetCreated>,
    /// The private root's directory and the scratch directory in it (`chroot`, `chdir`).
    root: Option<&'a (CString, CString)>,
    /// The scratch directory, where there is no private root (`chdir`).
    scratch: Option<CString>,
    /// The directory the request names to start in, entered last (`chdir`): seen through
    /// the private root, where there is one, at the path the judge gave it.
    workdir: Option<CString>,
    nproc: bool,
    /// The uid and gid the program becomes.
    identity: Option<u32>,
    /// Whether the program must end up with no capabilities.
    no_capabilities: bool,
    filter: Option<&'a BpfProgram>,
}

impl Jail {
    /// Sets up the features asked for that this kernel and the environment allow (see
    /// [`Feature::simulated_missing`]); what cannot be set up is recorded in `missing`. With
    /// `scratch`, confined programs run there (it is their working directory and `TMPDIR`).
    /// `memory_files` says whether a memory cgroup counts what a program's memory files hold.
    pub fn enter(
        features: Vec<Feature>,
        scratch: Option<PathBuf>,
        memory_files: MemoryFiles,
    ) -> Jail {
        // SAFETY: getuid has no preconditions.
        let as_root = unsafe { libc::getuid() } == 0;
        let confining = !features.is_empty();
        let mut jail = Jail {
            protections: 0,
            missing: Vec::new(),
            features: Vec::new(),
            scratch,
            reaper: None,
            landlock: Vec::new(),
            private_root: None,
            identity: None,
            program_filter: None,
            as_root,
        };
        let mut wanted = Vec::new();
        for feature in features {
            if feature.simulated_missing() {
                jail.missing.push(format!(
                    "{}: switched off by {}",
                    feature.name(),
                    Feature::WITHOUT_VAR
                ));
            } else {
                wanted.push(feature);
            }
        }
        if wanted.contains(&Feature::Namespaces) {
            match jail.enter_namespaces() {
                Ok(()) => jail.features.push(Feature::Namespaces),
                Err(why) => jail.missing.push(format!("namespaces: {why}")),
            }
        }
        if confining && as_root {
            jail.become_owner_of_nothing();
        }
        if jail.has(Feature::Namespaces) {
            jail.make_private_root();
        }
        if wanted.contains(&Feature::Landlock) {
            match landlock_abi() {
                Ok(_) => {
                    jail.protections |= Protection::FILES;
                    jail.features.push(Feature::Landlock);
                }
                Err(why) => jail.missing.push(format!("landlock: {why}")),
            }
        }
        let mut server_filters = Vec::new();
        if wanted.contains(&Feature::Seccomp) {
            match syscalls::filters(jail.private_root.is_some(), memory_files) {
                Ok(filters) => {
                    server_filters = filters.server;
                    jail.program_filter = filters.program;
                    jail.protections |= Protection::PRIVILEGES | Protection::SOCKETS;
                    jail.features.push(Feature::Seccomp);
                }
                Err(why) => jail.missing.push(format!("seccomp: {why}")),
            }
        }
        if confining {
            jail.harden_self(&server_filters);
        }
        jail
    }

    /// As root: the programs run as a user and group of their own ([`identity`]), which
    /// owns their scratch directory.
    fn become_owner_of_nothing(&mut self) {
        // SAFETY: getpid has no preconditions.
        let id = identity::of_server(unsafe { libc::getpid() });
        let readied = identity::ready_server().and_then(|()| match &self.scratch {
            Some(scratch) => identity::give(std::slice::from_ref(scratch), id),
            None => Ok(()),
        });
        match readied {
            Ok(()) => {
                self.identity = Some(id);
                self.protections |= Protection::IDENTITY | Protection::NPROC;
            }
            Err(why) => self.missing.push(format!("identity: {why}")),
        }
    }

    /// The programs' private root, in the server's scratch directory.
    fn make_private_root(&mut self) {
        let Some(scratch) = &self.scratch else {
            return;
        };
        // SAFETY: getuid and getgid have no preconditions.
        let own = unsafe { (libc::getuid(), libc::getgid()) };
        let owner = self.identity.map_or(own, |id| (id, id));
        match PrivateRoot::make(scratch, owner) {
            Ok(root) => {
                self.private_root = Some(root);
                self.protections |= Protection::FILE_SYSTEM;
            }
            Err(why) => self.missing.push(format!("file system: {why}")),
        }
    }

    /// What every process the server forks inherits, set once on the server itself (after
    /// the reaper has started and the private root is made, as they mount file systems,
    /// which the filter may refuse): an empty capability bounding set and no new privileges
    /// (which Landlock, the filter and a change of user need: a program that is not root
    /// could otherwise become root again through a set-user-id executable), then the seccomp
    /// `filters`. What fails is recorded as missing.
    fn harden_self(&mut self, filters: &[BpfProgram]) {
        let privileges = drop_bounding_set()
            .map_err(|e| format!("cannot drop the capability bounding set: {e}"))
            .and_then(|()| {
                no_new_privileges().map_err(|e| format!("cannot set no_new_privs: {e}"))
            });
        if let Err(why) = privileges {
            self.lose(&[Feature::Landlock, Feature::Seccomp], &why);
            if self.identity.take().is_some() {
                self.protections &= !(Protection::IDENTITY | Protection::NPROC);
                self.missing.push(format!("identity: {why}"));
            }
            return;
        }
        for filter in filters {
            if let Err(e) = seccompiler::apply_filter(filter) {
                self.lose(
                    &[Feature::Seccomp],
                    &format!("cannot install the filter: {e}"),
                );
                break;
            }
        }
    }

    /// Records that `features`, set up so far, are missing after all, because of `why`.
    fn lose(&mut self, features: &[Feature], why: &str) {
        for feature in features.iter().filter(|f| self.features.contains(f)) {
            self.missing.push(format!("{}: {why}", feature.name()));
            self.protections &= !match feature {
                Feature::Landlock => Protection::FILES,
                Feature::Seccomp => Protection::PRIVILEGES | Protection::SOCKETS,
                Feature::Namespaces => 0,
            };
            if *feature == Feature::Seccomp {
                self.program_filter = None;
            }
        }
        self.features.retain(|feature| !features.contains(feature));
    }

    /// The pid of the reaper (0 when there is no PID namespace): the judge reads its children
    /// to know whether a run left anything behind.
    pub fn reaper_pid(&self) -> libc::pid_t {
        self.reaper.as_ref().map_or(0, |reaper| reaper.pid)
    }

    fn has(&self, feature: Feature) -> bool {
        self.features.contains(&feature)
    }

    /// New network, PID, mount and IPC namespaces for this process's future children (in a
    /// new user namespace unless the server runs as root, which needs none to make them), the
    /// reaper as their first process, and the process cap where the kernel has one.
    fn enter_namespaces(&mut self) -> Result<(), String> {
        // SAFETY: plain system calls; this process is single-threaded, as unshare requires.
        let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
        let user = if self.as_root { 0 } else { libc::CLONE_NEWUSER };
        let flags =
            user | libc::CLONE_NEWNET | libc::CLONE_NEWPID | libc::CLONE_NEWNS | libc::CLONE_NEWIPC;
        if unsafe { libc::unshare(flags) } != 0 {
            return Err(format!(
                "cannot make network, PID, mount and IPC namespaces: {}",
                std::io::Error::last_os_error()
            ));
        }
        if !self.as_root {
            // Map our own user and group, so that files keep their owners and programs their
            // ids.
            let write = |file: &str, text: String| {
                std::fs::write(file, text).map_err(|e| format!("cannot write {file}: {e}"))
            };
            write("/proc/self/setgroups", "deny".to_string())?;
            write("/proc/self/uid_map", format!("{uid} {uid} 1"))?;
            write("/proc/self/gid_map", format!("{gid} {gid} 1"))?;
        }
        // What is mounted here from now on (the reaper's /proc, the private root) stays here:
        // a mount namespace made by root shares its mounts' propagation with the machine's.
        // SAFETY: a mount call with static strings.
        let private = unsafe {
            libc::mount(
                std::ptr::null(),
                c"/".as_ptr(),
                std::ptr::null(),
                libc::MS_REC | libc::MS_SLAVE,
                std::ptr::null(),
            )
        };
        if private != 0 {
            return Err(format!(
                "cannot keep this namespace's mounts to itself: {}",
                std::io::Error::last_os_error()
            ));
        }
        let reaper = Reaper::start()?;
        self.protections |= Protection::NETWORK_NAMESPACE | Protection::PID_NAMESPACE;
        if reaper.capped {
            self.protections |= Protection::PID_CAP;
        }
        if !self.as_root {
            self.protections |= Protection::NPROC;
        }
        self.reaper = Some(reaper.reaper);
        Ok(())
    }

    /// The scratch directory as the server sees it (inside the private root, where there is
    /// one).
    fn scratch_here(&self) -> Option<PathBuf> {
        match &self.private_root {
            Some(root) => Some(root.scratch_inside()),
            None => self.scratch.clone(),
        }
    }

    /// Kills every process left in the PID namespace, reaps them, and empties the scratch
    /// directory: what a run leaves behind is gone before the next one starts.
    pub fn sweep(&self) -> Result<(), String> {
        if let Some(reaper) = &self.reaper {
            reaper.sweep()?;
        }
        if let Some(scratch) = self.scratch_here() {
            empty_directory(&scratch);
        }
        Ok(())
    }

    /// What the program of a confined request (`confined`), whose executable and other
    /// readable files are `reads` and whose writable places are `writes`, and which may write
    /// `file_bytes` into files, needs before `execve`: its private root readied, what it
    /// writes given to its user, its Landlock ruleset (kept for the next request with the same
    /// files).
    pub fn prepare(
        &mut self,
        confined: bool,
        reads: &[PathBuf],
        writes: &[PathBuf],
        file_bytes: u64,
    ) -> Result<Prepared<'_>, String> {
        if !confined {
            return Ok(Prepared {
                landlock: None,
                root: None,
                scratch: None,
                workdir: None,
                nproc: false,
                identity: None,
                no_capabilities: false,
                filter: None,
            });
        }
        if let Some(root) = &mut self.private_root {
            root.prepare(reads, writes, file_bytes)?;
            for retired in root.retired() {
                match &self.reaper {
                    Some(reaper) => reaper.unmount(&retired),
                    None => drop(std::fs::remove_dir(&retired)),
                }
            }
        }
        if let Some(id) = self.identity {
            identity::give(writes, id)?;
        }
        if self.has(Feature::Landlock) {
            let key: Vec<NamedFile> = reads
                .iter()
                .chain(std::iter::once(&PathBuf::from("//")))
                .chain(writes)
                .map(|path| (path.clone(), file_identity(path)))
                .collect();
            match self.landlock.iter().position(|(files, _)| *files == key) {
                Some(at) => {
                    let kept = self.landlock.remove(at);
                    self.landlock.push(kept);
                }
                None => {
                    let scratch = self.scratch_here();
                    let ruleset = landlock_ruleset(reads, writes, scratch.as_deref())
                        .map_err(|e| format!("cannot make the Landlock ruleset: {e}"))?;
                    if self.landlock.len() >= RULESETS_KEPT {
                        self.landlock.remove(0);
                    }
                    self.landlock.push((key, ruleset));
                }
            }
        }
        let scratch = match &self.private_root {
            Some(_) => None,
            None => self
                .scratch
                .as_ref()
                .and_then(|s| CString::new(s.as_os_str().as_encoded_bytes()).ok()),
        };
        Ok(Prepared {
            landlock: self.landlock.last().map(|(_, ruleset)| ruleset),
            root: self.private_root.as_ref().and_then(PrivateRoot::entry),
            scratch,
            workdir: None,
            nproc: self.protections & Protection::NPROC != 0,
            identity: self.identity,
            no_capabilities: self.has(Feature::Landlock) || self.has(Feature::Seccomp),
            filter: self.program_filter.as_ref(),
        })
    }

    /// The variables a confined program's environment gets: `TMPDIR` is its scratch directory.
    pub fn environment(&self, confined: bool) -> Vec<(OsString, OsString)> {
        match (&self.scratch, confined) {
            (Some(scratch), true) => vec![("TMPDIR".into(), scratch.clone().into_os_string())],
            _ => Vec::new(),
        }
    }
}

impl Drop for Jail {
    /// The server is ending (its judge closed the socket, or is gone): its namespace and its
    /// scratch directory go with it, even when the judge never drops its runner. (A private
    /// root and the scratch directory in it go with the mount namespace.)
    fn drop(&mut self) {
        if let (Some(scratch), None) = (&self.scratch, &self.private_root) {
            drop(std::fs::remove_dir_all(scratch));
        }
        if let Some(reaper) = self.reaper.take() {
            // SAFETY: signalling and reaping our own child.
            unsafe {
                libc::kill(reaper.pid, libc::SIGKILL);
                libc::waitpid(reaper.pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

impl Prepared<'_> {
    /// The same, the program starting in `workdir` when there is one.
    pub fn working_in(self, workdir: Option<CString>) -> Self {
        Prepared { workdir, ..self }
    }

    /// In the program's process, after `fork` and before `execve`: root and working
    /// directory, process limit, user and capabilities, the program's filter, Landlock (the
    /// server's filter and no new privileges come from the server). Returns the `errno` of the
    /// first step that failed.
    ///
    /// # Safety
    /// Only in a freshly forked child of the (single-threaded) server.
    pub unsafe fn apply(&self) -> Result<(), i32> {
        let check = |rc: libc::c_int| if rc == 0 { Ok(()) } else { Err(errno()) };
        if let Some((dir, scratch)) = self.root {
            check(libc::chroot(dir.as_ptr()))?;
            check(libc::chdir(scratch.as_ptr()))?;
        } else if let Some(scratch) = &self.scratch {
            check(libc::chdir(scratch.as_ptr()))?;
        }
        if let Some(workdir) = &self.workdir {
            check(libc::chdir(workdir.as_ptr()))?;
        }
        if self.nproc {
            let limit = libc::rlimit {
                rlim_cur: NPROC,
                rlim_max: NPROC,
            };
            check(libc::setrlimit(libc::RLIMIT_NPROC, &limit))?;
        }
        if let Some(id) = self.identity {
            identity::become_program(id)?;
        } else if self.no_capabilities {
            identity::drop_capabilities()?;
        }
        if let Some(filter) = self.filter {
            seccompiler::apply_filter(filter).map_err(|_| libc::EPERM)?;
        }
        if let Some(ruleset) = self.landlock {
            let status = ruleset
                .try_clone()
                .map_err(|e| e.raw_os_error().unwrap_or(libc::EPERM))?
                .restrict_self()
                .map_err(|_| libc::EPERM)?;
            if status.ruleset == landlock::RulesetStatus::NotEnforced {
                return Err(libc::ENOSYS);
            }
        }
        Ok(())
    }
}

/// The device and inode of the file at `path` (`None` if there is none): a ruleset or bind
/// made for a file holds that file, so one replaced at the same path needs another.
fn file_identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

impl Reaper {
    /// Forks the reaper, the first process of the new PID namespace; `capped` says whether it
    /// could cap the namespace's processes.
    fn start() -> Result<Started, String> {
        let (ask_read, ask) = pipe()?;
        let (done, done_write) = pipe()?;
        // SAFETY: fork of this single-threaded process; the child runs `reap` and never returns.
        let pid = unsafe { libc::fork() };
        if pid < 0 {
            return Err(format!(
                "cannot start a process in the new PID namespace: {}",
                std::io::Error::last_os_error()
            ));
        }
        if pid == 0 {
            drop(ask);
            drop(done);
            // SAFETY: we are the forked child.
            unsafe { reap(ask_read.as_raw_fd(), done_write.as_raw_fd()) };
        }
        drop(ask_read);
        drop(done_write);
        let reaper = Reaper { pid, ask, done };
        let capped = reaper.answer()? == b'1';
        Ok(Started { reaper, capped })
    }

    fn answer(&self) -> Result<u8, String> {
        let mut byte = 0u8;
        loop {
            // SAFETY: reading one byte into a local from our pipe.
            let n = unsafe { libc::read(self.done.as_raw_fd(), (&mut byte as *mut u8).cast(), 1) };
            match n {
                1 => return Ok(byte),
                n if n < 0 && errno() == libc::EINTR => continue,
                _ => return Err("the reaper of the PID namespace is gone".to_string()),
            }
        }
    }

    /// Has the reaper unmount the tree at `path` (and remove its mount point) in its own
    /// time: an unmount waits for the kernel's read-copy-update grace period, which the server
    /// and its programs need not wait for. Nothing runs in the tree any more.
    fn unmount(&self, path: &Path) {
        let mut message = vec![UNMOUNT];
        message.extend_from_slice(path.as_os_str().as_encoded_bytes());
        message.push(0);
        // SAFETY: writing a local buffer to our pipe (a message this short goes in whole).
        unsafe { libc::write(self.ask.as_raw_fd(), message.as_ptr().cast(), message.len()) };
    }

    fn sweep(&self) -> Result<(), String> {
        // SAFETY: writing one byte from a constant to our pipe.
        let sent = unsafe { libc::write(self.ask.as_raw_fd(), b"s".as_ptr().cast(), 1) };
        if sent != 1 {
            return Err("the reaper of the PID namespace is gone".to_string());
        }
        self.answer().map(|_| ())
    }
}

/// A reaper and whether it capped its namespace's processes.
struct Started {
    reaper: Reaper,
    capped: bool,
}

/// The reaper's life: cap the namespace's processes, say whether that worked, then sweep on
/// every request (and unmount what the server no longer needs, see [`Reaper::unmount`]) until
/// the server goes away (its end of the pipe closes, or it dies, which
/// `PR_SET_PDEATHSIG` turns into our death too; either way the kernel then kills everything in
/// the namespace).
///
/// # Safety
/// Only in the freshly forked reaper.
unsafe fn reap(ask: RawFd, done: RawFd) -> ! {
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    // Nothing of the server's but the two pipes: holding its socket would keep it open after
    // the server died, and a request sent then would wait for an answer in vain.
    let (low, high) = (ask.min(done) as libc::c_uint, ask.max(done) as libc::c_uint);
    for (first, last) in [
        (0, low - 1),
        (low + 1, high - 1),
        (high + 1, libc::c_uint::MAX),
    ] {
        if first <= last {
            libc::syscall(libc::SYS_close_range, first, last, 0);
        }
    }
    // A /proc of the namespace, in the server's mount namespace: programs see only their own
    // processes, and a judge run as a trusted tool in it reads its programs' figures there.
    // Where the kernel refuses, /proc stays the machine's.
    libc::mount(
        c"proc".as_ptr(),
        c"/proc".as_ptr(),
        c"proc".as_ptr(),
        libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
        std::ptr::null(),
    );
    let pid_max = (RESERVED_PIDS + PID_CAP).to_string();
    let mut capped = std::fs::write("/proc/sys/kernel/pid_max", pid_max).is_ok();
    // The pids below RESERVED_PIDS used up at once: the namespace's last pid set to it (which
    // the namespace's owner may), instead of a fork per pid (300 forks cost 45 ms, a tenth of
    // a millisecond per test of a 200-test judge). Where the kernel refuses, the forks.
    let last_pid = "/proc/sys/kernel/ns_last_pid";
    let skipped = capped && std::fs::write(last_pid, RESERVED_PIDS.to_string()).is_ok();
    while capped && !skipped {
        let pid = libc::fork();
        if pid == 0 {
            libc::_exit(0);
        }
        capped = pid > 0 && libc::waitpid(pid, std::ptr::null_mut(), 0) == pid;
        if pid >= RESERVED_PIDS as libc::pid_t {
            break;
        }
    }
    let answer = if capped { b"1" } else { b"0" };
    libc::write(done, answer.as_ptr().cast(), 1);
    loop {
        let Some(request) = read_byte(ask) else {
            libc::_exit(0);
        };
        if request == UNMOUNT {
            let mut path = Vec::new();
            loop {
                match read_byte(ask) {
                    Some(0) => break,
                    Some(byte) => path.push(byte),
                    None => libc::_exit(0),
                }
            }
            if let Ok(path) = std::ffi::CString::new(path) {
                libc::umount2(path.as_ptr(), libc::MNT_DETACH);
                libc::rmdir(path.as_ptr());
            }
            continue;
        }
        // Inside the namespace, -1 means every process of it but this one.
        libc::kill(-1, libc::SIGKILL);
        loop {
            let reaped = libc::waitpid(-1, std::ptr::null_mut(), libc::__WALL);
            if reaped < 0 && errno() != libc::EINTR {
                break;
            }
        }
        libc::write(done, b"s".as_ptr().cast(), 1);
    }
}

/// The byte that asks the reaper to unmount a tree (its path follows, then a NUL byte);
/// anything else asks it to sweep.
const UNMOUNT: u8 = b'U';

/// The next byte from `fd`, or `None` at its end.
///
/// # Safety
/// Only in the reaper.
unsafe fn read_byte(fd: RawFd) -> Option<u8> {
    let mut byte = 0u8;
    loop {
        let n = libc::read(fd, (&mut byte as *mut u8).cast(), 1);
        match n {
            1 => return Some(byte),
            n if n < 0 && errno() == libc::EINTR => continue,
            _ => return None,
        }
    }
}

/// The Landlock ABI of this kernel, or why there is none.
fn landlock_abi() -> Result<i64, String> {
    const VERSION: libc::c_uint = 1;
    // SAFETY: the version query reads no memory.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            VERSION,
        )
    };
    if abi < 1 {
        return Err(format!(
            "not offered by this kernel ({})",
            std::io::Error::last_os_error()
        ));
    }
    Ok(abi)
}

/// The ruleset: read and execute the system's directories and `reads`, write the devices,
/// `writes` and the scratch directory; no signals to processes outside.
fn landlock_ruleset(
    reads: &[PathBuf],
    writes: &[PathBuf],
    scratch: Option<&Path>,
) -> Result<RulesetCreated, landlock::RulesetError> {
    let abi = LANDLOCK_ABI;
    let writable: Vec<&Path> = writes.iter().map(PathBuf::as_path).chain(scratch).collect();
    Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(abi))?
        .scope(Scope::from_all(abi))?
        .create()?
        .add_rules(path_beneath_rules(SYSTEM_DIRS, AccessFs::from_read(abi)))?
        .add_rules(path_beneath_rules(DEVICES, AccessFs::from_file(abi)))?
        .add_rules(path_beneath_rules(reads, AccessFs::from_read(abi)))?
        .add_rules(path_beneath_rules(writable, AccessFs::from_all(abi)))
}

/// Empties the capability bounding set, so that no `execve` (of a root-owned or file-capable
/// program) grants a capability. Without the right to (an unprivileged process outside a user
/// namespace) there is nothing to lose: such a process has no capabilities and, with no new
/// privileges, gains none.
fn drop_bounding_set() -> Result<(), std::io::Error> {
    for capability in 0..64 {
        // SAFETY: prctl on this process's own bounding set; no memory is passed.
        if unsafe { libc::prctl(libc::PR_CAPBSET_READ, capability) } != 1 {
            continue;
        }
        // SAFETY: as above.
        if unsafe { libc::prctl(libc::PR_CAPBSET_DROP, capability) } != 0 {
            let error = std::io::Error::last_os_error();
            if error.raw_os_error() == Some(libc::EPERM) {
                return Ok(());
            }
            return Err(error);
        }
    }
    Ok(())
}

/// `PR_SET_NO_NEW_PRIVS` for this process and everything it forks.
fn no_new_privileges() -> Result<(), std::io::Error> {
    // SAFETY: a prctl with no memory passed.
    if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// Removes what is inside `dir`, as far as it can.
fn empty_directory(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let removed = match entry.file_type() {
            Ok(kind) if kind.is_dir() => std::fs::remove_dir_all(&path),
            _ => std::fs::remove_file(&path),
        };
        drop(removed);
    }
}

fn pipe() -> Result<(OwnedFd, OwnedFd), String> {
    let mut fds = [0 as RawFd; 2];
    // SAFETY: pipe2 fills the array with two new descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!(
            "cannot create a pipe: {}",
            std::io::Error::last_os_error()
        ));
    }
    // SAFETY: fresh descriptors owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}
