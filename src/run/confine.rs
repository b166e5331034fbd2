//! Confinement, the launch server's side: what a server sets up once when it starts (its own
//! user, network and PID namespaces, a reaper as the first process of the PID namespace, and
//! for itself and so for every process it forks: no new privileges, an empty capability
//! bounding set and a seccomp filter), and what it does in each confined program between
//! `fork` and `execve` (no capabilities, a Landlock ruleset, a process limit).
//!
//! Why once per server: a namespace costs a millisecond or more to make, a run a fraction of
//! that; installing a seccomp filter costs the kernel about 0.1 ms (it translates the filter
//! and precomputes its verdict for every system call), and dropping the bounding set a hundred
//! system calls, where inheriting both costs nothing. The trusted tools the server starts
//! (the judge's questions to a compiler) inherit them too: none of them needs a system call
//! the filter refuses, nor privileges gained at `execve`. A server runs one program at a time (the judge holds it for the whole run), and after
//! each run it sweeps its PID namespace: the reaper kills every process in it (`kill(-1)` from
//! inside reaches only the namespace) and reaps them. So a program's forked, `setsid` or
//! detached children end with it, `kill(-1, SIGKILL)` reaches nothing outside, and a server
//! that dies takes its programs with it (the reaper dies with the server, and the kernel kills
//! a PID namespace whose first process dies).
//!
//! What each feature gives (see [`super::sandbox`] for how the judge reports it):
//!
//! - user namespace (unprivileged): the room for the other namespaces; in it, `RLIMIT_NPROC`
//!   counts only the namespace's processes, so it becomes a per-run process limit;
//! - mount namespace: only so that the PID namespace gets a `/proc` of its own;
//! - network namespace: no interface but a loopback that is down, so no connection reaches
//!   anything; without namespaces, seccomp refuses sockets other than `AF_UNIX` instead;
//! - PID namespace, capped at [`PID_CAP`] processes where the kernel has per-namespace
//!   `pid_max` (Linux 6.14), which holds for root too (root ignores `RLIMIT_NPROC`); the
//!   reaper makes the namespace hand out only its last [`PID_CAP`] pids first (by setting its
//!   `ns_last_pid`, or by forking through the pids before them);
//! - Landlock: the program reads the system's directories, its own executable and what its
//!   invocation names, and writes only its scratch directory (and what the invocation names);
//!   it can neither signal nor ptrace processes outside its domain;
//! - seccomp: no ptrace, no reading other processes' memory, no mounts, keys, BPF or
//!   io_uring (which would bypass the socket rule).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};

use landlock::{
    path_beneath_rules, Access, AccessFs, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, Scope, ABI,
};
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

use super::sandbox::{Feature, Protection, NPROC, PID_CAP};

/// The Landlock ABI whose rights are asked for (best effort below it): Linux 6.12, which adds
/// signal scoping.
const LANDLOCK_ABI: ABI = ABI::V6;

/// The kernel's `RESERVED_PIDS`: once a namespace has handed out this pid, it hands out only
/// pids from here to `pid_max` (which must be above it). So `pid_max` is this plus
/// [`PID_CAP`], and the reaper uses up the pids below it first.
const RESERVED_PIDS: u32 = 300;

/// Directories every program may read and execute from.
pub(crate) const SYSTEM_DIRS: [&str; 12] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/proc",
    "/sys", "/dev",
];

/// Devices every program may also write.
const DEVICES: [&str; 5] = [
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// What a server set up, and the means to sweep its namespace.
pub(crate) struct Jail {
    /// The protections in force (bits of [`Protection`]).
    pub protections: u32,
    /// Why features that were asked for are missing, one line each.
    pub missing: Vec<String>,
    features: Vec<Feature>,
    scratch: Option<PathBuf>,
    reaper: Option<Reaper>,
    /// The Landlock ruleset of the last confined request, and the paths it was made for.
    landlock: Option<(Vec<PathBuf>, RulesetCreated)>,
    root: bool,
}

/// The first process of the server's PID namespace, with the pipes to ask it to sweep.
struct Reaper {
    pid: libc::pid_t,
    ask: OwnedFd,
    done: OwnedFd,
}

/// What one confined request needs in the program's process, prepared before `fork`.
pub(crate) struct Prepared<'a> {
    landlock: Option<&'a RulesetCreated>,
    scratch: Option<std::ffi::CString>,
    nproc: bool,
    /// Whether the program must end up with no capabilities.
    no_capabilities: bool,
}

impl Jail {
    /// Sets up the features asked for that this kernel and the environment allow (see
    /// [`Feature::simulated_missing`]); what cannot be set up is recorded in `missing`. With
    /// `scratch`, confined programs run there (it is their working directory and `TMPDIR`).
    pub fn enter(features: Vec<Feature>, scratch: Option<PathBuf>) -> Jail {
        // SAFETY: getuid has no preconditions.
        let root = unsafe { libc::getuid() } == 0;
        let mut seccomp = None;
        let mut jail = Jail {
            protections: 0,
            missing: Vec::new(),
            features: Vec::new(),
            scratch,
            reaper: None,
            landlock: None,
            root,
        };
        for feature in features {
            if feature.simulated_missing() {
                jail.missing.push(format!(
                    "{}: switched off by {}",
                    feature.name(),
                    Feature::WITHOUT_VAR
                ));
                continue;
            }
            let result = match feature {
                Feature::Namespaces => jail.enter_namespaces(),
                Feature::Landlock => landlock_abi().map(|_| {
                    jail.protections |= Protection::FILES;
                }),
                Feature::Seccomp => seccomp_program().map(|program| {
                    seccomp = Some(program);
                    jail.protections |= Protection::PRIVILEGES;
                    if jail.protections & Protection::NETWORK_NAMESPACE == 0 {
                        jail.protections |= Protection::NETWORK_SECCOMP;
                    }
                }),
            };
            match result {
                Ok(()) => jail.features.push(feature),
                Err(why) => jail.missing.push(format!("{}: {why}", feature.name())),
            }
        }
        jail.harden_self(seccomp.as_ref());
        jail
    }

    /// What every process the server forks inherits, set once on the server itself (after
    /// the reaper has started, as it mounts a `/proc`, which the filter refuses): an empty
    /// capability bounding set and no new privileges (which Landlock needs too), then the
    /// seccomp `filter`. What fails is recorded as missing.
    fn harden_self(&mut self, filter: Option<&BpfProgram>) {
        if !self.has(Feature::Landlock) && filter.is_none() {
            return;
        }
        let privileges = drop_bounding_set()
            .map_err(|e| format!("cannot drop the capability bounding set: {e}"))
            .and_then(|()| {
                no_new_privileges().map_err(|e| format!("cannot set no_new_privs: {e}"))
            });
        if let Err(why) = privileges {
            self.lose(&[Feature::Landlock, Feature::Seccomp], &why);
            return;
        }
        if let Some(filter) = filter {
            if let Err(e) = seccompiler::apply_filter(filter) {
                self.lose(
                    &[Feature::Seccomp],
                    &format!("cannot install the filter: {e}"),
                );
            }
        }
    }

    /// Records that `features`, set up so far, are missing after all, because of `why`.
    fn lose(&mut self, features: &[Feature], why: &str) {
        for feature in features.iter().filter(|f| self.features.contains(f)) {
            self.missing.push(format!("{}: {why}", feature.name()));
            self.protections &= !match feature {
                Feature::Landlock => Protection::FILES,
                Feature::Seccomp => Protection::PRIVILEGES | Protection::NETWORK_SECCOMP,
                Feature::Namespaces => 0,
            };
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

    /// New user, network and PID namespaces for this process's future children, the reaper
    /// as their first process, and the process cap where the kernel has one.
    fn enter_namespaces(&mut self) -> Result<(), String> {
        // SAFETY: plain system calls; this process is single-threaded, as unshare requires.
        let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
        let flags =
            libc::CLONE_NEWUSER | libc::CLONE_NEWNET | libc::CLONE_NEWPID | libc::CLONE_NEWNS;
        if unsafe { libc::unshare(flags) } != 0 {
            return Err(format!(
                "cannot make user, network, PID and mount namespaces: {}",
                std::io::Error::last_os_error()
            ));
        }
        // Map our own user and group, so that files keep their owners and programs their ids.
        let write = |file: &str, text: String| {
            std::fs::write(file, text).map_err(|e| format!("cannot write {file}: {e}"))
        };
        write("/proc/self/setgroups", "deny".to_string())?;
        write("/proc/self/uid_map", format!("{uid} {uid} 1"))?;
        write("/proc/self/gid_map", format!("{gid} {gid} 1"))?;
        let reaper = Reaper::start()?;
        self.protections |= Protection::NETWORK_NAMESPACE | Protection::PID_NAMESPACE;
        if reaper.capped {
            self.protections |= Protection::PID_CAP;
        }
        if !self.root {
            self.protections |= Protection::NPROC;
        }
        self.reaper = Some(reaper.reaper);
        if self.protections & Protection::NETWORK_SECCOMP != 0 {
            self.protections &= !Protection::NETWORK_SECCOMP;
        }
        Ok(())
    }

    /// Kills every process left in the PID namespace, reaps them, and empties the scratch
    /// directory: what a run leaves behind is gone before the next one starts.
    pub fn sweep(&self) -> Result<(), String> {
        if let Some(reaper) = &self.reaper {
            reaper.sweep()?;
        }
        if let Some(scratch) = &self.scratch {
            empty_directory(scratch);
        }
        Ok(())
    }

    /// What the program of a confined request (`confined`), whose executable and other
    /// readable files are `reads` and whose writable places are `writes`, needs before
    /// `execve`. The Landlock ruleset is kept for the next request with the same paths.
    pub fn prepare(
        &mut self,
        confined: bool,
        reads: &[PathBuf],
        writes: &[PathBuf],
    ) -> Result<Prepared<'_>, String> {
        if !confined {
            return Ok(Prepared {
                landlock: None,
                scratch: None,
                nproc: false,
                no_capabilities: false,
            });
        }
        if self.has(Feature::Landlock) {
            let key: Vec<PathBuf> = reads
                .iter()
                .chain(std::iter::once(&PathBuf::from("//")))
                .chain(writes)
                .cloned()
                .collect();
            if self.landlock.as_ref().map(|(k, _)| k) != Some(&key) {
                let ruleset = landlock_ruleset(reads, writes, self.scratch.as_deref())
                    .map_err(|e| format!("cannot make the Landlock ruleset: {e}"))?;
                self.landlock = Some((key, ruleset));
            }
        }
        let scratch = self
            .scratch
            .as_ref()
            .and_then(|s| std::ffi::CString::new(s.as_os_str().as_encoded_bytes()).ok());
        Ok(Prepared {
            landlock: self.landlock.as_ref().map(|(_, ruleset)| ruleset),
            scratch,
            nproc: self.has(Feature::Namespaces),
            no_capabilities: self.has(Feature::Landlock) || self.has(Feature::Seccomp),
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
    /// scratch directory go with it, even when the judge never drops its runner.
    fn drop(&mut self) {
        if let Some(scratch) = &self.scratch {
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
    /// In the program's process, after `fork` and before `execve`: working directory, process
    /// limit, no capabilities, Landlock (the seccomp filter and no new privileges come from
    /// the server). Returns the `errno` of the first step that failed.
    ///
    /// # Safety
    /// Only in a freshly forked child of the (single-threaded) server.
    pub unsafe fn apply(&self) -> Result<(), i32> {
        let check = |rc: libc::c_int| if rc == 0 { Ok(()) } else { Err(errno()) };
        if let Some(scratch) = &self.scratch {
            check(libc::chdir(scratch.as_ptr()))?;
        }
        if self.nproc {
            let limit = libc::rlimit {
                rlim_cur: NPROC,
                rlim_max: NPROC,
            };
            check(libc::setrlimit(libc::RLIMIT_NPROC, &limit))?;
        }
        if self.no_capabilities {
            // Linux capability version 3: a header and two data words of zeros.
            let header: [u32; 2] = [0x2008_0522, 0];
            let data = [0u32; 6];
            check(libc::syscall(libc::SYS_capset, header.as_ptr(), data.as_ptr()) as libc::c_int)?;
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
/// every request until the server goes away (its end of the pipe closes, or it dies, which
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
    let mut byte = 0u8;
    loop {
        let n = libc::read(ask, (&mut byte as *mut u8).cast(), 1);
        if n < 0 && errno() == libc::EINTR {
            continue;
        }
        if n != 1 {
            libc::_exit(0);
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

/// The seccomp filter: the listed system calls fail with `EPERM`, and so does `socket` for
/// any family but `AF_UNIX`; everything else is allowed.
fn seccomp_program() -> Result<BpfProgram, String> {
    // SAFETY: prctl(PR_GET_SECCOMP) only reads this thread's mode.
    if unsafe { libc::prctl(libc::PR_GET_SECCOMP) } < 0 {
        return Err(format!(
            "not offered by this kernel ({})",
            std::io::Error::last_os_error()
        ));
    }
    let denied = [
        libc::SYS_ptrace,
        libc::SYS_process_vm_readv,
        libc::SYS_process_vm_writev,
        libc::SYS_kcmp,
        libc::SYS_pidfd_getfd,
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_bpf,
        libc::SYS_perf_event_open,
        libc::SYS_userfaultfd,
        libc::SYS_io_uring_setup,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_setns,
        libc::SYS_open_by_handle_at,
        libc::SYS_name_to_handle_at,
        libc::SYS_kexec_load,
        libc::SYS_init_module,
        libc::SYS_finit_module,
        libc::SYS_delete_module,
        libc::SYS_swapon,
        libc::SYS_swapoff,
        libc::SYS_reboot,
        libc::SYS_acct,
    ];
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
        denied.into_iter().map(|call| (call, Vec::new())).collect();
    let not_unix = SeccompCondition::new(
        0,
        SeccompCmpArgLen::Dword,
        SeccompCmpOp::Ne,
        libc::AF_UNIX as u64,
    )
    .and_then(|condition| SeccompRule::new(vec![condition]))
    .map_err(|e| e.to_string())?;
    rules.insert(libc::SYS_socket, vec![not_unix]);
    let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|e| e.to_string())?;
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .map_err(|e| e.to_string())?;
    BpfProgram::try_from(filter).map_err(|e| e.to_string())
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
