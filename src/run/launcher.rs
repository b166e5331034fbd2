//! The judge's side of the launch servers (see [`super::launch`]): one server per run in
//! flight, started on first use and kept for the runner's life, so that a run costs one request
//! to a waiting server and not a process start of its own. A run holds its server until it is
//! over ([`Lease`]), so that the server can sweep away what the program left behind before
//! serving the next run.

use std::ffi::{CString, OsStr, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::cgroup::{MemoryCgroup, MemoryUse, Version};
use super::fd::{above_stdio, pipe, poll_in, read_available, wait_bounded, RunError};
use super::launch::{self, ControlBuffer, LaunchRequest, MAX_HELLO, REPLY_BYTES, STREAMS, SWEEP};
use super::live;
use super::private_root::SCRATCH_IN_HOLDER;
use super::sandbox::{switched_off, Feature, Protection, Protections, Sandbox, MEMORY_CGROUP};

/// How long a server may take to answer a request.
const ANSWER_PATIENCE: Duration = Duration::from_secs(10);
/// How long a server may take to exit once its socket is closed, before it is killed.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(1);

/// The launch servers of one runner: idle ones wait in a pool; a run takes one (or starts one
/// if none is idle) and puts it back when the run is over.
#[derive(Debug)]
pub(crate) struct Launchers {
    exe: PathBuf,
    sandbox: Sandbox,
    idle: Mutex<Vec<Launcher>>,
    /// What the first server started reported.
    protections: Mutex<Option<Protections>>,
}

/// What a server said when its program started: its pid (our child), and the `errno` and step
/// of what failed before the program ran (0 and [`launch::FAILED_EXEC`] if it started).
pub(crate) struct Started<'a> {
    pub lease: Lease<'a>,
    pub pid: libc::pid_t,
    pub errno: i32,
    pub step: i32,
}

impl Launchers {
    /// Servers run from the `stonejudge` executable `exe` and confine programs as `sandbox`
    /// says.
    pub fn new(exe: PathBuf, sandbox: Sandbox) -> Launchers {
        Launchers {
            exe,
            sandbox,
            idle: Mutex::new(Vec::new()),
            protections: Mutex::new(None),
        }
    }

    /// The protections in force, as a server reports them (one is started if none has been).
    pub fn protections(&self) -> Result<Protections, RunError> {
        if let Some(known) = self.protections.lock().ok().and_then(|p| p.clone()) {
            return Ok(known);
        }
        let launcher = self.start()?;
        let protections = launcher.protections(self.sandbox);
        self.give_back(launcher);
        Ok(protections)
    }

    fn start(&self) -> Result<Launcher, RunError> {
        let launcher = Launcher::start(&self.exe, self.sandbox)?;
        if let Ok(mut known) = self.protections.lock() {
            known.get_or_insert_with(|| launcher.protections(self.sandbox));
        }
        Ok(launcher)
    }

    fn give_back(&self, launcher: Launcher) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(launcher);
        }
    }

    /// Asks a server to start `request` with `stdio` as its standard streams; the server is
    /// the run's until the returned lease is dropped. A confined request with a memory limit
    /// is limited by the server's memory cgroup where it has one (and by `RLIMIT_AS` where it
    /// has none, or the cgroup cannot be readied).
    pub fn launch(
        &self,
        request: &LaunchRequest,
        stdio: [OwnedFd; STREAMS],
    ) -> Result<Started<'_>, RunError> {
        let pooled = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        let was_pooled = pooled.is_some();
        let mut launcher = match pooled {
            Some(launcher) => launcher,
            None => self.start()?,
        };
        let (message, mut in_cgroup) = launcher.message(request)?;
        let mut reply = launcher.request(&message, &stdio);
        if was_pooled && matches!(reply, Err(Failure::NotSent(_))) {
            // A server that died while idle (killed from outside) never saw the request: a
            // fresh one can take it.
            launcher = self.start()?;
            let (message, fresh_in_cgroup) = launcher.message(request)?;
            in_cgroup = fresh_in_cgroup;
            reply = launcher.request(&message, &stdio);
        }
        let (pid, errno, step) = match reply {
            Ok(reply) => reply,
            Err(Failure::NotSent(why) | Failure::NoAnswer(why)) => {
                return Err(launcher.failed(&why));
            }
        };
        let lease = Lease {
            launchers: self,
            launcher: Some(launcher),
            in_cgroup,
        };
        if pid <= 0 {
            return Err(RunError(format!(
                "the launcher {} cannot start a process: {}",
                self.exe.display(),
                std::io::Error::from_raw_os_error(errno)
            )));
        }
        Ok(Started {
            lease,
            pid,
            errno,
            step,
        })
    }
}

/// A server held by a run: given back to the pool when dropped, unless a sweep failed.
pub(crate) struct Lease<'a> {
    launchers: &'a Launchers,
    launcher: Option<Launcher>,
    /// Whether the run's program entered the server's memory cgroup.
    in_cgroup: bool,
}

impl Lease<'_> {
    /// Has the server kill whatever the run's program left behind, and wait until it is gone.
    /// A server that cannot is stopped (and its namespace dies with it).
    pub fn sweep(&mut self) {
        let Some(launcher) = &mut self.launcher else {
            return;
        };
        if launcher.left_something() && launcher.request(&[SWEEP], &[]).is_err() {
            self.launcher = None;
        }
    }

    /// The bytes the files in the program's scratch directory take, where that directory is a
    /// file system in memory of its own (in the server's private root): memory that no
    /// address space shows. Read before the sweep empties it.
    pub fn scratch_bytes(&self) -> Option<u64> {
        let launcher = self.launcher.as_ref()?;
        if launcher.hello.0 & Protection::FILE_SYSTEM == 0 {
            return None;
        }
        let scratch = launcher.scratch_seen()?;
        let path = std::ffi::CString::new(scratch.as_os_str().as_bytes()).ok()?;
        // SAFETY: a zeroed statvfs is a valid value of the plain C struct, which statvfs fills.
        let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: a NUL-terminated path and a struct alive for the call.
        if unsafe { libc::statvfs(path.as_ptr(), &mut stats) } != 0 {
            return None;
        }
        Some((stats.f_blocks - stats.f_bfree) * stats.f_frsize)
    }

    /// Whether its programs run as a user of their own (see `run::identity`).
    pub fn switches_user(&self) -> bool {
        (self.launcher.as_ref()).is_some_and(|l| l.hello.0 & Protection::IDENTITY != 0)
    }

    /// What the memory cgroup measured of the run, if its program ran in one.
    pub fn memory(&mut self) -> Option<Result<MemoryUse, RunError>> {
        if !self.in_cgroup {
            return None;
        }
        let cgroup = self.launcher.as_mut()?.cgroup.as_mut()?;
        Some(cgroup.measure().map_err(RunError))
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        if let Some(launcher) = self.launcher.take() {
            self.launchers.give_back(launcher);
        }
    }
}

/// How a request failed.
enum Failure {
    /// It did not reach the server (the server is gone): it can be sent to another.
    NotSent(String),
    /// It was sent but no answer came: the program may have started.
    NoAnswer(String),
}

/// One launch server: a child process of ours, with its socket, the read end of its standard
/// error (where it explains a failure), its hello and its confined programs' scratch directory.
#[derive(Debug)]
struct Launcher {
    /// 0 once stopped and reaped.
    pid: libc::pid_t,
    socket: OwnedFd,
    stderr: OwnedFd,
    exe: PathBuf,
    /// Whether it was asked to confine programs.
    confined: bool,
    /// The bits of the protections it reported in force, and why others are missing.
    hello: (u32, Vec<String>),
    /// The reaper of its PID namespace (0 if none).
    reaper: libc::pid_t,
    scratch: Option<PathBuf>,
    /// The memory cgroup of its programs, or why there is none (`None` when not confined).
    cgroup: Option<MemoryCgroup>,
    cgroup_missing: Option<String>,
}

impl Launcher {
    fn start(exe: &Path, sandbox: Sandbox) -> Result<Launcher, RunError> {
        let (socket, server_socket) = socket_pair()?;
        let (stderr, stderr_write) = pipe()?;
        let confined = sandbox != Sandbox::Off;
        let scratch = if confined {
            Some(scratch_directory()?)
        } else {
            None
        };
        let (cgroup, cgroup_missing) = match confined {
            false => (None, None),
            true if switched_off(MEMORY_CGROUP) => (
                None,
                Some(format!(
                    "{MEMORY_CGROUP}: switched off by {}",
                    Feature::WITHOUT_VAR
                )),
            ),
            true => match MemoryCgroup::create() {
                Ok(cgroup) => (Some(cgroup), None),
                Err(why) => (None, Some(format!("{MEMORY_CGROUP}: {why}"))),
            },
        };
        let features: Vec<&str> = Feature::ALL.iter().map(|f| f.name()).collect();
        let mut args: Vec<OsString> = vec![launch::MODE.into()];
        args.push(if confined {
            features.join(",").into()
        } else {
            launch::NO_FEATURES.into()
        });
        args.extend(scratch.iter().map(|s| s.clone().into_os_string()));
        if let Some(cgroup) = &cgroup {
            args.extend([cgroup.dir(), cgroup.home()].map(|dir| dir.as_os_str().to_owned()));
        }
        let pid = spawn(exe, &args, server_socket, stderr_write);
        let mut launcher = Launcher {
            pid: *pid.as_ref().unwrap_or(&0),
            socket,
            stderr,
            exe: exe.to_owned(),
            confined,
            hello: (0, Vec::new()),
            reaper: 0,
            scratch,
            cgroup,
            cgroup_missing,
        };
        pid?;
        let cgroup_dir = launcher.cgroup.as_ref().map(|c| c.dir().to_path_buf());
        live::add_server(launcher.pid, launcher.scratch.clone(), cgroup_dir);
        match launcher.receive(MAX_HELLO) {
            Ok(hello) if hello.len() >= 8 => {
                let bits = u32::from_ne_bytes([hello[0], hello[1], hello[2], hello[3]]);
                launcher.reaper = i32::from_ne_bytes([hello[4], hello[5], hello[6], hello[7]]);
                let missing = String::from_utf8_lossy(&hello[8..]);
                launcher.hello = (bits, missing.lines().map(str::to_string).collect());
                Ok(launcher)
            }
            Ok(_) => Err(launcher.failed("a short hello")),
            Err(why) => Err(launcher.failed(&why)),
        }
    }

    /// Whether the last run may have left a process or a file behind: the reaper has children
    /// (the orphans of the program, and their descendants), or the scratch directory is not
    /// empty. Asking costs two reads here instead of a round trip through two processes.
    fn left_something(&self) -> bool {
        if !self.confined {
            return false;
        }
        let orphans = format!("/proc/{0}/task/{0}/children", self.reaper);
        let processes = self.reaper <= 0
            || std::fs::read(orphans).map_or(true, |children| !children.is_empty());
        let files = self.scratch_seen().is_some_and(|scratch| {
            std::fs::read_dir(scratch).map_or(true, |mut entries| entries.next().is_some())
        });
        processes || files
    }

    /// The programs' scratch directory, as the judge reaches it: in the server's mount
    /// namespace (through `/proc/PID/root`) where the server has private roots, whose holder
    /// covers the scratch directory's path and holds its file system as `scratch`.
    fn scratch_seen(&self) -> Option<PathBuf> {
        let scratch = self.scratch.as_ref()?;
        if self.hello.0 & Protection::FILE_SYSTEM == 0 {
            return Some(scratch.clone());
        }
        let inside = scratch.strip_prefix("/").unwrap_or(scratch);
        Some(
            Path::new(&format!("/proc/{}/root", self.pid))
                .join(inside)
                .join(SCRATCH_IN_HOLDER),
        )
    }

    /// The protections it reported, and the judge's memory cgroup, for a runner in mode
    /// `sandbox`.
    fn protections(&self, sandbox: Sandbox) -> Protections {
        let (bits, missing) = &self.hello;
        let memory = match self.cgroup.as_ref().map(MemoryCgroup::version) {
            Some(Version::V1) => Protection::MEMORY_CGROUP_V1,
            Some(Version::V2) => Protection::MEMORY_CGROUP_V2,
            None => 0,
        };
        let mut missing = missing.clone();
        missing.extend(self.cgroup_missing.clone());
        Protections::from_bits(sandbox, bits | memory, missing)
    }

    /// The message for `request`: limited by the memory cgroup (and not by `RLIMIT_AS`) when
    /// the request is confined and limited and the cgroup could be readied for its limit;
    /// returns whether it is. Otherwise the cgroup, in which every program of the server is
    /// born, has no limit.
    fn message(&mut self, request: &LaunchRequest) -> Result<(Vec<u8>, bool), RunError> {
        let readied = match (&mut self.cgroup, request.memory_bytes) {
            (Some(cgroup), Some(limit)) if request.confined => cgroup.prepare(limit).is_ok(),
            _ => false,
        };
        let message = if readied {
            let mut in_cgroup = request.clone();
            in_cgroup.memory_bytes = None;
            in_cgroup.encode()
        } else {
            if let Some(cgroup) = &mut self.cgroup {
                cgroup.unlimit().map_err(RunError)?;
            }
            request.encode()
        };
        Ok((message.map_err(RunError)?, readied))
    }

    /// Sends one request with `stdio` attached and waits for the reply.
    fn request(&mut self, message: &[u8], stdio: &[OwnedFd]) -> Result<(i32, i32, i32), Failure> {
        send_with_descriptors(&self.socket, message, stdio)
            .map_err(|e| Failure::NotSent(format!("cannot send it a request: {e}")))?;
        let reply = self.receive(REPLY_BYTES).map_err(Failure::NoAnswer)?;
        let reply: [u8; REPLY_BYTES] = reply
            .try_into()
            .map_err(|r: Vec<u8>| Failure::NoAnswer(format!("a {}-byte reply", r.len())))?;
        Ok(launch::parse_reply(&reply))
    }

    /// The next message from the server, of at most `size` bytes, waiting at most
    /// [`ANSWER_PATIENCE`].
    fn receive(&self, size: usize) -> Result<Vec<u8>, String> {
        let deadline = Instant::now() + ANSWER_PATIENCE;
        let mut reply = vec![0u8; size];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let mut fd = poll_in(self.socket.as_raw_fd());
            // SAFETY: poll on one descriptor we own.
            let ready = unsafe { libc::poll(&mut fd, 1, left.as_millis() as i32 + 1) };
            if ready == 0 && Instant::now() >= deadline {
                return Err(format!("no answer within {} s", ANSWER_PATIENCE.as_secs()));
            }
            // SAFETY: reading into a local buffer from our socket.
            let n = unsafe {
                libc::recv(
                    self.socket.as_raw_fd(),
                    reply.as_mut_ptr().cast(),
                    reply.len(),
                    libc::MSG_DONTWAIT,
                )
            };
            match n {
                0 => return Err("it closed its socket".to_string()),
                n if n > 0 => {
                    reply.truncate(n as usize);
                    return Ok(reply);
                }
                _ => {
                    let error = std::io::Error::last_os_error();
                    if !matches!(
                        error.kind(),
                        std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock
                    ) {
                        return Err(format!("cannot read its reply: {error}"));
                    }
                }
            }
        }
    }

    /// The error for a server that failed, with what it said before it was stopped.
    fn failed(mut self, why: &str) -> RunError {
        let status = self.stop();
        let said = String::from_utf8_lossy(&read_available(&self.stderr)).into_owned();
        let died = match status {
            Some(status) if libc::WIFSIGNALED(status) => {
                format!("; it was killed by signal {}", libc::WTERMSIG(status))
            }
            _ => String::new(),
        };
        RunError(format!(
            "the launcher {} failed ({why}{died}){}",
            self.exe.display(),
            if said.trim().is_empty() {
                String::new()
            } else {
                format!(": {}", said.trim())
            }
        ))
    }

    /// Closes the socket, which ends the server's loop; a server that does not exit in time
    /// is killed. Either way it is reaped, once.
    /// Returns its wait status, if it was reaped now.
    fn stop(&mut self) -> Option<i32> {
        if let Some(scratch) = self.scratch.take() {
            drop(std::fs::remove_dir_all(scratch));
        }
        if self.pid <= 0 {
            // Never started: its cgroup, if any, goes now (dropping it removes it).
            self.cgroup = None;
            return None;
        }
        live::remove(self.pid);
        // SAFETY: shutting down our own socket; signalling our own unreaped child.
        unsafe { libc::shutdown(self.socket.as_raw_fd(), libc::SHUT_RDWR) };
        let mut reaped = wait_bounded(self.pid, SHUTDOWN_GRACE);
        if reaped.is_none() {
            unsafe { libc::kill(self.pid, libc::SIGKILL) };
            reaped = wait_bounded(self.pid, ANSWER_PATIENCE);
        }
        self.pid = 0;
        // The server removes its cgroup as it ends; this is for a server that was killed.
        self.cgroup = None;
        reaped.map(|(status, _)| status)
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A connected pair of close-on-exec `SOCK_SEQPACKET` sockets, numbered above the server's
/// socket descriptor.
fn socket_pair() -> Result<(OwnedFd, OwnedFd), RunError> {
    let mut fds = [0 as RawFd; 2];
    // SAFETY: socketpair fills the array with two new descriptors.
    let rc = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if rc != 0 {
        return Err(RunError(format!(
            "cannot create a socket pair: {}",
            std::io::Error::last_os_error()
        )));
    }
    // SAFETY: fresh descriptors owned by nobody else.
    let (ours, theirs) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    Ok((above_stdio(ours)?, above_stdio(theirs)?))
}

/// A new private directory for the confined programs of one server. A name already taken
/// (left behind by a killed process that had the same PID, or anyone's) is passed over for the
/// next: the directory is always one this process made, never one it found.
fn scratch_directory() -> Result<PathBuf, RunError> {
    use std::os::unix::fs::DirBuilderExt;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("stonejudge-{}-{n}", std::process::id()));
        match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(RunError::io(&format!("cannot create {}", dir.display()), e)),
        }
    }
}

/// Sends `message` with `fds` attached (`SCM_RIGHTS`; none for an empty slice).
fn send_with_descriptors(socket: &OwnedFd, message: &[u8], fds: &[OwnedFd]) -> std::io::Result<()> {
    let mut control = ControlBuffer::new();
    let mut iov = libc::iovec {
        iov_base: message.as_ptr().cast_mut().cast(),
        iov_len: message.len(),
    };
    // SAFETY: a zeroed msghdr is valid; it points at buffers alive for the call, and the one
    // control message written fits the buffer (ControlBuffer::len is its CMSG_SPACE).
    let sent = unsafe {
        let mut header: libc::msghdr = std::mem::zeroed();
        header.msg_iov = &mut iov;
        header.msg_iovlen = 1;
        if fds.len() == STREAMS {
            header.msg_control = control.as_mut_ptr();
            header.msg_controllen = control.len() as _;
            let cmsg = libc::CMSG_FIRSTHDR(&header);
            (*cmsg).cmsg_level = libc::SOL_SOCKET;
            (*cmsg).cmsg_type = libc::SCM_RIGHTS;
            (*cmsg).cmsg_len = libc::CMSG_LEN((STREAMS * std::mem::size_of::<RawFd>()) as u32) as _;
            let data = libc::CMSG_DATA(cmsg).cast::<RawFd>();
            for (i, fd) in fds.iter().enumerate() {
                data.add(i).write_unaligned(fd.as_raw_fd());
            }
        }
        libc::sendmsg(socket.as_raw_fd(), &header, libc::MSG_NOSIGNAL)
    };
    if sent == message.len() as isize {
        Ok(())
    } else if sent < 0 {
        Err(std::io::Error::last_os_error())
    } else {
        Err(std::io::Error::other(format!(
            "sent {sent} of {} bytes",
            message.len()
        )))
    }
}

/// Starts a launch server from `exe` with `args` with `posix_spawn` (no copy of the judge's
/// memory, no pre-exec code): standard input and output on `/dev/null`, standard error to
/// `stderr`, the socket as [`launch::SOCKET_FD`], an empty signal mask, the judge's
/// environment.
fn spawn(
    exe: &Path,
    args: &[OsString],
    socket: OwnedFd,
    stderr: OwnedFd,
) -> Result<libc::pid_t, RunError> {
    let c_string = |s: &OsStr| {
        CString::new(s.as_bytes())
            .map_err(|_| RunError(format!("NUL byte in {:?}", s.to_string_lossy())))
    };
    let path = c_string(exe.as_os_str())?;
    let mut argv = vec![path.clone()];
    for arg in args {
        argv.push(c_string(arg)?);
    }
    let envp: Vec<CString> = std::env::vars_os()
        .map(|(key, value)| c_string(&launch::env_entry(key, &value)))
        .collect::<Result<_, _>>()?;
    let pointers = |strings: &[CString]| -> Vec<*mut libc::c_char> {
        strings
            .iter()
            .map(|s| s.as_ptr().cast_mut())
            .chain(std::iter::once(std::ptr::null_mut()))
            .collect()
    };
    let (argv_ptrs, envp_ptrs) = (pointers(&argv), pointers(&envp));
    let dev_null = c"/dev/null";

    let mut pid: libc::pid_t = 0;
    // SAFETY: the posix_spawn objects are initialised before use and destroyed after; every
    // pointer handed over points into values alive for the whole call.
    let rc = unsafe {
        let mut actions: libc::posix_spawn_file_actions_t = std::mem::zeroed();
        let mut attributes: libc::posix_spawnattr_t = std::mem::zeroed();
        libc::posix_spawn_file_actions_init(&mut actions);
        libc::posix_spawnattr_init(&mut attributes);
        libc::posix_spawn_file_actions_addopen(
            &mut actions,
            0,
            dev_null.as_ptr(),
            libc::O_RDONLY,
            0,
        );
        libc::posix_spawn_file_actions_addopen(
            &mut actions,
            1,
            dev_null.as_ptr(),
            libc::O_WRONLY,
            0,
        );
        libc::posix_spawn_file_actions_adddup2(&mut actions, stderr.as_raw_fd(), 2);
        libc::posix_spawn_file_actions_adddup2(&mut actions, socket.as_raw_fd(), launch::SOCKET_FD);
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::posix_spawnattr_setsigmask(&mut attributes, &empty);
        libc::posix_spawnattr_setflags(&mut attributes, libc::POSIX_SPAWN_SETSIGMASK as _);
        let rc = libc::posix_spawn(
            &mut pid,
            path.as_ptr(),
            &actions,
            &attributes,
            argv_ptrs.as_ptr(),
            envp_ptrs.as_ptr(),
        );
        libc::posix_spawn_file_actions_destroy(&mut actions);
        libc::posix_spawnattr_destroy(&mut attributes);
        rc
    };
    if rc != 0 {
        return Err(RunError(format!(
            "cannot start the launcher {}: {}",
            exe.display(),
            std::io::Error::from_raw_os_error(rc)
        )));
    }
    Ok(pid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_name_left_behind_is_passed_over() {
        // As a killed process with this PID would have left them: the next names taken.
        let taken: Vec<PathBuf> = (0..64)
            .map(|n| std::env::temp_dir().join(format!("stonejudge-{}-{n}", std::process::id())))
            .filter(|dir| std::fs::create_dir(dir).is_ok())
            .collect();
        let made = scratch_directory().expect("a fresh name");
        assert!(
            !taken.contains(&made),
            "{} was found, not made",
            made.display()
        );
        assert!(made.is_dir());
        for dir in taken.iter().chain([&made]) {
            let _ = std::fs::remove_dir(dir);
        }
    }
}
