//! The launch server: a hidden mode of the `stonejudge` binary that starts programs on the
//! judge's behalf, so that a program's peak memory is measured from a small process.
//!
//! Why it exists: at `execve` the kernel folds the peak resident size of the memory image being
//! replaced into the new program's `ru_maxrss`. A program forked from the judge starts from a
//! copy of the judge's image, and one spawned with `vfork`/`posix_spawn` starts from the judge's
//! image itself, so either way its reported peak is at least the judge's own peak — hundreds of
//! MiB when the judge holds large outputs. So the judge starts this server (a fresh, small
//! image) once per concurrent job and sends it one request per run; the server forks the
//! program with `CLONE_PARENT`, which makes the judge its parent: the program starts from a
//! copy of the server's few pages, and the judge reaps it with `wait4` and reads its rusage
//! directly. A run thus costs one fork of a small process and the program's own `execve`, not
//! a second `execve` of the judge's binary (which cost as much as the program's start).
//!
//! The server is started as `stonejudge __stonejudge_launch_server FEATURES [SCRATCH
//! [CGROUP HOME]]`: FEATURES is `off` or the comma-separated kernel features to confine
//! programs with (see [`super::confine`], which the server sets up first), SCRATCH the confined
//! programs' scratch directory, CGROUP the memory cgroup the judge made for the server's
//! programs (see [`super::cgroup`]) and HOME the cgroup the server starts in. The server opens
//! both `cgroup.procs` before it enters its namespaces (the kernel checks the opener's
//! credentials), moves itself into CGROUP once its namespaces are made (so its programs are
//! born there: moving each of them in cost more than a tenth of a millisecond per run, the
//! kernel's synchronisation of a cgroup migration), and when it ends moves back HOME and
//! removes CGROUP.
//!
//! The protocol runs over a `SOCK_SEQPACKET` socket that is the server's descriptor
//! [`SOCKET_FD`]. First the server says hello: one message of a native `u32`, the bits of the
//! protections in force, and a native `i32`, the pid of its PID namespace's reaper (0 if none),
//! followed by why the missing protections are missing (UTF-8 lines). Then a
//! request is one message: either a run, whose bytes are [`LaunchRequest::encode`] and whose
//! ancillary data are the program's standard input, output and error, or a sweep, the single
//! byte [`SWEEP`], which kills whatever the last program left behind. The reply is one message
//! of three native `i32`: the program's pid (0 if the fork failed, or for a sweep), the `errno`
//! of what failed (0 if the program started), and which step failed ([`FAILED_EXEC`] or
//! [`FAILED_CONFINEMENT`]). The server exits when the judge closes the socket.
//!
//! In the program, before `execve`: its own process group, in a memory cgroup the first
//! choice of the kernel's OOM killer (`oom_score_adj` 1000, so that the server, which lives in
//! the same cgroup, is never picked while a program is there), the resource limits, default
//! dispositions for the signals the server ignores and an empty signal mask (the Rust runtime
//! ignores `SIGPIPE`, and ignored signals survive `execve`), every descriptor but its standard
//! streams closed at `execve`, and, for a confined request, the confinement.

use std::ffi::{CString, OsStr, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::PathBuf;

use super::cgroup;
use super::confine::Jail;
use super::sandbox::Feature;
use super::syscalls::MemoryFiles;
use super::Limits;

/// `argv[1]` of the `stonejudge` binary in launch-server mode.
pub(crate) const MODE: &str = "__stonejudge_launch_server";

/// The server's descriptor for its socket to the judge.
pub(crate) const SOCKET_FD: RawFd = 3;

/// The largest request in bytes (the program's arguments and added environment).
pub(crate) const MAX_REQUEST: usize = 64 << 10;

/// The descriptors a request carries: standard input, output and error.
pub(crate) const STREAMS: usize = 3;

/// The size of a reply: pid, errno and the step that failed.
pub(crate) const REPLY_BYTES: usize = 12;

/// A reply's step: `execve` failed (or nothing did).
pub(crate) const FAILED_EXEC: i32 = 0;
/// A reply's step: confining the program failed.
pub(crate) const FAILED_CONFINEMENT: i32 = 1;

/// The request to sweep the server's namespace.
pub(crate) const SWEEP: u8 = b'S';
/// The first byte of a run request.
const RUN: u8 = b'R';

/// The largest hello message.
pub(crate) const MAX_HELLO: usize = 4096;

/// FEATURES when programs are not confined.
pub(crate) const NO_FEATURES: &str = "off";

/// "No limit" in the encoded request.
const UNLIMITED: u64 = u64::MAX;

/// A request's flag: the program is confined.
const CONFINED: u32 = 1;

/// A flag of a run request: it names the program's working directory (the last path).
const IN_WORKDIR: u32 = 2;

/// If this process was started as a launch server, serves until the judge goes away and exits;
/// otherwise returns at once. Call it first thing in `main`.
pub fn serve_if_requested() {
    let mut args = std::env::args_os().skip(1);
    if args.next().as_deref() != Some(OsStr::new(MODE)) {
        return;
    }
    let code = match serve() {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("stonejudge launch server: {message}");
            125
        }
    };
    std::process::exit(code);
}

/// What the judge asks the server to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LaunchRequest {
    /// `RLIMIT_CPU` soft limit; the hard limit is one second more.
    pub cpu_seconds: Option<u64>,
    /// `RLIMIT_AS` (the stack has no limit of its own: see [`Limits::memory`]); `None` when
    /// the memory cgroup limits memory instead.
    pub memory_bytes: Option<u64>,
    /// `RLIMIT_FSIZE`, and the size of a confined program's scratch directory where the server
    /// gives it one of its own ([`Limits::file_bytes`]).
    pub file_bytes: u64,
    /// Whether the program is confined (a trusted question to a tool is not).
    pub confined: bool,
    /// The program's path (not searched in `PATH`) and its arguments.
    pub argv: Vec<OsString>,
    /// Variables added to (or replacing those of) the environment the server inherited.
    pub env: Vec<(OsString, OsString)>,
    /// Files and directories a confined program may read besides the system's and its own
    /// executable.
    pub reads: Vec<PathBuf>,
    /// Files and directories a confined program may write besides its scratch directory.
    pub writes: Vec<PathBuf>,
    /// The directory the program starts in, when not the one it would be given (its scratch
    /// directory, confined; the server's, not).
    pub workdir: Option<PathBuf>,
}

impl LaunchRequest {
    /// The request for running `argv` under `limits`, confined: the CPU rlimit is a backstop
    /// one second above the (rounded up) limit, which the judge enforces itself by polling.
    pub fn new(
        limits: &Limits,
        argv: Vec<OsString>,
        env: Vec<(OsString, OsString)>,
    ) -> LaunchRequest {
        let cpu = limits.cpu.as_secs() + u64::from(limits.cpu.subsec_nanos() > 0);
        LaunchRequest {
            cpu_seconds: Some(cpu + 1),
            memory_bytes: limits.memory,
            file_bytes: limits.file_bytes(),
            confined: true,
            argv,
            env,
            reads: Vec::new(),
            writes: Vec::new(),
            workdir: None,
        }
    }

    /// The message bytes: [`RUN`], the three limits (`u64` little-endian, all ones for none),
    /// the flags (`u32`: [`CONFINED`], [`IN_WORKDIR`]), the number of arguments, variables,
    /// readable and writable paths (`u32` little-endian), then each argument, each `KEY=VALUE`
    /// and each path followed by a NUL byte, the working directory last when there is one.
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        let mut bytes = vec![RUN];
        for limit in [self.cpu_seconds, self.memory_bytes, Some(self.file_bytes)] {
            bytes.extend_from_slice(&limit.unwrap_or(UNLIMITED).to_le_bytes());
        }
        let flags = match self.confined {
            true => CONFINED,
            false => 0,
        } | match self.workdir {
            Some(_) => IN_WORKDIR,
            None => 0,
        };
        let counts = [
            flags as usize,
            self.argv.len(),
            self.env.len(),
            self.reads.len(),
            self.writes.len(),
        ];
        for count in counts {
            let count = u32::try_from(count).map_err(|_| "too many arguments".to_string())?;
            bytes.extend_from_slice(&count.to_le_bytes());
        }
        let mut push = |text: &OsStr| -> Result<(), String> {
            if text.as_bytes().contains(&0) {
                return Err(format!("NUL byte in {:?}", text.to_string_lossy()));
            }
            bytes.extend_from_slice(text.as_bytes());
            bytes.push(0);
            Ok(())
        };
        for arg in &self.argv {
            push(arg)?;
        }
        for (key, value) in &self.env {
            if key.is_empty() || key.as_bytes().contains(&b'=') {
                return Err(format!(
                    "bad environment variable name {:?}",
                    key.to_string_lossy()
                ));
            }
            push(&env_entry(key.clone(), value))?;
        }
        for path in self.reads.iter().chain(&self.writes).chain(&self.workdir) {
            push(path.as_os_str())?;
        }
        if bytes.len() > MAX_REQUEST {
            return Err(format!(
                "the program's arguments and environment take {} bytes; at most {MAX_REQUEST} \
                 can be passed to it",
                bytes.len()
            ));
        }
        Ok(bytes)
    }

    /// Reads a message made by [`LaunchRequest::encode`].
    fn decode(bytes: &[u8]) -> Result<LaunchRequest, String> {
        let bytes = match bytes.split_first() {
            Some((&RUN, rest)) => rest,
            _ => return Err("not a run request".to_string()),
        };
        let take = |at: usize, n: usize| -> Result<&[u8], String> {
            bytes
                .get(at..at + n)
                .ok_or_else(|| "request cut short".to_string())
        };
        let u64_at = |at| -> Result<u64, String> {
            let field: [u8; 8] = take(at, 8)?.try_into().map_err(|_| "bad field")?;
            Ok(u64::from_le_bytes(field))
        };
        let count_at = |at| -> Result<usize, String> {
            let field: [u8; 4] = take(at, 4)?.try_into().map_err(|_| "bad field")?;
            Ok(u32::from_le_bytes(field) as usize)
        };
        let limit = |value: u64| (value != UNLIMITED).then_some(value);
        let (cpu_seconds, memory_bytes) = (limit(u64_at(0)?), limit(u64_at(8)?));
        let file_bytes = u64_at(16)?;
        let flags = count_at(24)? as u32;
        let (argc, envc) = (count_at(28)?, count_at(32)?);
        let (readc, writec) = (count_at(36)?, count_at(40)?);
        let mut strings = bytes[44..].split(|&b| b == 0);
        let mut next = || -> Result<OsString, String> {
            strings
                .next()
                .map(|s| OsString::from_vec(s.to_vec()))
                .ok_or_else(|| "request cut short".to_string())
        };
        let argv: Vec<OsString> = (0..argc).map(|_| next()).collect::<Result<_, _>>()?;
        let mut env = Vec::with_capacity(envc.min(MAX_REQUEST));
        for _ in 0..envc {
            let pair = next()?.into_vec();
            let equals = pair
                .iter()
                .position(|&b| b == b'=')
                .ok_or("environment entry without '='")?;
            env.push((
                OsString::from_vec(pair[..equals].to_vec()),
                OsString::from_vec(pair[equals + 1..].to_vec()),
            ));
        }
        let mut paths = |count: usize| -> Result<Vec<PathBuf>, String> {
            (0..count).map(|_| next().map(PathBuf::from)).collect()
        };
        let (reads, writes) = (paths(readc)?, paths(writec)?);
        let workdir = match flags & IN_WORKDIR {
            0 => None,
            _ => Some(next().map(PathBuf::from)?),
        };
        // Every string ends with a NUL, so what follows the last one is empty.
        if strings.next() != Some(&[][..]) || strings.next().is_some() {
            return Err("unexpected bytes after the request".to_string());
        }
        if argv.is_empty() {
            return Err("no program to run".to_string());
        }
        Ok(LaunchRequest {
            cpu_seconds,
            memory_bytes,
            file_bytes,
            confined: flags & CONFINED != 0,
            argv,
            env,
            reads,
            writes,
            workdir,
        })
    }

    /// Forks the program as the judge's child with `streams` as its standard streams, confined
    /// by the server's jail if the request is; returns its pid (0 if the fork failed), the
    /// `errno` of what failed, and which step failed.
    fn launch(self, streams: &[OwnedFd], server: &mut Server) -> (i32, i32, i32) {
        let jail = &mut server.jail;
        let to_c = |text: OsString| CString::new(text.into_vec()).ok();
        let mut reads = self.reads.clone();
        reads.push(PathBuf::from(&self.argv[0]));
        let mut added = jail.environment(self.confined);
        added.extend(self.env);
        let Some(argv) = self.argv.into_iter().map(to_c).collect::<Option<Vec<_>>>() else {
            return (0, libc::EINVAL, FAILED_EXEC);
        };
        let workdir = match self.workdir.map(|dir| to_c(dir.into_os_string())) {
            Some(None) => return (0, libc::EINVAL, FAILED_EXEC),
            Some(Some(dir)) => Some(dir),
            None => None,
        };
        let prepared = match jail.prepare(self.confined, &reads, &self.writes, self.file_bytes) {
            Ok(prepared) => prepared.working_in(workdir),
            Err(why) => {
                eprintln!("stonejudge launch server: {why}");
                return (0, libc::EPERM, FAILED_CONFINEMENT);
            }
        };
        let mut env: Vec<(OsString, OsString)> = std::env::vars_os()
            .filter(|(key, _)| added.iter().all(|(k, _)| k != key))
            .collect();
        env.extend(added);
        let Some(envp) = env
            .into_iter()
            .map(|(key, value)| to_c(env_entry(key, &value)))
            .collect::<Option<Vec<_>>>()
        else {
            return (0, libc::EINVAL, FAILED_EXEC);
        };
        let pointers = |strings: &[CString]| -> Vec<*const libc::c_char> {
            strings
                .iter()
                .map(|s| s.as_ptr())
                .chain(std::iter::once(std::ptr::null()))
                .collect()
        };
        let (argv_ptrs, envp_ptrs) = (pointers(&argv), pointers(&envp));
        let mut rlimits = vec![
            (libc::RLIMIT_CORE, 0, 0),
            (libc::RLIMIT_FSIZE, self.file_bytes, self.file_bytes),
        ];
        if let Some(cpu) = self.cpu_seconds {
            rlimits.push((libc::RLIMIT_CPU, cpu, cpu + 1));
        }
        if let Some(bytes) = self.memory_bytes {
            rlimits.push((libc::RLIMIT_AS, bytes, bytes));
        }
        // The main thread's stack may use all the memory; glibc gives other threads stacks of
        // the stack limit, or of 8 MiB when there is none, which is why there is none.
        rlimits.push((libc::RLIMIT_STACK, UNLIMITED, UNLIMITED));
        let rlimits: Vec<(libc::__rlimit_resource_t, libc::rlimit)> = rlimits
            .into_iter()
            .map(|(resource, soft, hard)| (resource, within_hard_limit(resource, soft, hard)))
            .collect();
        let stdio: Vec<RawFd> = streams.iter().map(AsRawFd::as_raw_fd).collect();
        let (in_cgroup, ignored) = (server.in_cgroup, &server.ignored);

        let mut exec_error = [0 as libc::c_int; 2];
        // SAFETY: pipe2 fills an array we own.
        if unsafe { libc::pipe2(exec_error.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return (0, errno(), FAILED_EXEC);
        }
        // SAFETY: fresh descriptors that nothing else owns.
        let (error_read, error_write) = unsafe {
            (
                OwnedFd::from_raw_fd(exec_error[0]),
                OwnedFd::from_raw_fd(exec_error[1]),
            )
        };
        // SAFETY: a fork (no CLONE_VM) of this single-threaded process; the child only makes
        // async-signal-safe system calls on memory prepared above, then execs or exits.
        let pid = unsafe {
            libc::syscall(
                libc::SYS_clone,
                libc::CLONE_PARENT | libc::SIGCHLD,
                0usize,
                0usize,
                0usize,
                0usize,
            )
        };
        if pid == 0 {
            // SAFETY: see above; `_exit` never returns. The streams are numbered above
            // SOCKET_FD (0 to 3 are taken in the server), so the dup2s cannot clobber one
            // another, and dup2 clears close-on-exec on the copies.
            unsafe {
                for (target, &fd) in stdio.iter().enumerate() {
                    libc::dup2(fd, target as RawFd);
                }
                libc::setpgid(0, 0);
                let first_victim = if in_cgroup { prefer_oom_kill() } else { Ok(()) };
                for (resource, limit) in &rlimits {
                    libc::setrlimit(*resource, limit);
                }
                let mut empty: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut empty);
                libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
                for &signal in ignored {
                    libc::signal(signal, libc::SIG_DFL);
                }
                let failure = match first_victim.and_then(|()| prepared.apply()) {
                    Ok(()) => {
                        libc::execve(argv_ptrs[0], argv_ptrs.as_ptr(), envp_ptrs.as_ptr());
                        [FAILED_EXEC, *libc::__errno_location()]
                    }
                    Err(code) => [FAILED_CONFINEMENT, code],
                };
                libc::write(
                    error_write.as_raw_fd(),
                    failure.as_ptr().cast(),
                    std::mem::size_of_val(&failure),
                );
                libc::_exit(127);
            }
        }
        if pid < 0 {
            return (0, errno(), FAILED_EXEC);
        }
        drop(error_write);
        // The pipe closes at a successful execve; a failure first writes its step and errno.
        let mut failure = [0 as libc::c_int; 2];
        let n = loop {
            // SAFETY: reading into a local from our descriptor.
            let n = unsafe {
                libc::read(
                    error_read.as_raw_fd(),
                    failure.as_mut_ptr().cast(),
                    std::mem::size_of_val(&failure),
                )
            };
            if n >= 0 || errno() != libc::EINTR {
                break n;
            }
        };
        if n == std::mem::size_of_val(&failure) as isize {
            (pid as i32, failure[1], failure[0])
        } else {
            (pid as i32, 0, FAILED_EXEC)
        }
    }
}

/// The server's life: set up the confinement asked for on the command line, say hello, then
/// one request, one fork (or one sweep), one reply, until the socket closes.
fn serve() -> Result<(), String> {
    close_inherited_descriptors_on_exec();
    let mut args = std::env::args_os().skip(2);
    let features = args.next().unwrap_or_default();
    let features: Vec<Feature> = match features.to_str() {
        Some(NO_FEATURES) | None => Vec::new(),
        Some(list) => list.split(',').filter_map(Feature::parse).collect(),
    };
    let scratch = args.next().map(PathBuf::from);
    let cgroup = match (args.next(), args.next()) {
        (Some(dir), Some(home)) => {
            let dir = PathBuf::from(dir);
            let procs = open_procs(&dir)?;
            Some((dir, procs, open_procs(home.as_ref())?))
        }
        _ => None,
    };
    // Where no memory cgroup counts what a program's memory files hold, it may have none.
    let memory_files = match cgroup {
        Some(_) => MemoryFiles::Counted,
        None => MemoryFiles::Uncounted,
    };
    let jail = Jail::enter(features, scratch, memory_files);
    let entered = match &cgroup {
        Some((dir, procs, _)) => move_into(procs)
            .map_err(|e| format!("cannot enter the memory cgroup {}: {e}", dir.display())),
        None => Ok(()),
    };
    let served = entered.and_then(|()| {
        serve_requests(Server {
            jail,
            in_cgroup: cgroup.is_some(),
            ignored: ignored_signals(),
        })
    });
    // The jail is gone (its namespace with it); the cgroup can go too, once the server has
    // left it (removing a cgroup kills what is still in it).
    if let Some((dir, _, home)) = cgroup {
        if move_into(&home).is_ok() {
            cgroup::remove(&dir);
        }
    }
    served
}

/// What the server keeps between requests.
struct Server {
    jail: Jail,
    /// Whether the server, and so every program it starts, is in a memory cgroup.
    in_cgroup: bool,
    /// The signals the server ignores, which its programs get back to their defaults.
    ignored: Vec<libc::c_int>,
}

/// Moves this process into the cgroup whose `cgroup.procs` is `procs`.
fn move_into(procs: &OwnedFd) -> std::io::Result<()> {
    // SAFETY: writing one byte from a constant to a descriptor we own.
    if unsafe { libc::write(procs.as_raw_fd(), b"0".as_ptr().cast(), 1) } != 1 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// Makes this process (a program, between `fork` and `execve`) the OOM killer's first choice
/// in its cgroup: `oom_score_adj` 1000, which any process may set for itself and its children.
///
/// # Safety
/// Async-signal-safe system calls only, for a freshly forked child.
unsafe fn prefer_oom_kill() -> Result<(), i32> {
    let fd = libc::open(
        c"/proc/self/oom_score_adj".as_ptr(),
        libc::O_WRONLY | libc::O_CLOEXEC,
    );
    if fd < 0 {
        return Err(*libc::__errno_location());
    }
    let written = libc::write(fd, b"1000".as_ptr().cast(), 4);
    let error = *libc::__errno_location();
    libc::close(fd);
    if written == 4 {
        Ok(())
    } else {
        Err(error)
    }
}

/// The signals this process ignores (`SIGPIPE`, which the Rust runtime ignores, and whatever
/// the judge's own parent made it ignore): an ignored signal stays ignored across `execve`,
/// so a program gets these back to their defaults, and only these (handlers are reset by
/// `execve` itself).
fn ignored_signals() -> Vec<libc::c_int> {
    (1..=libc::SIGRTMAX())
        .filter(|&signal| {
            // SAFETY: a zeroed sigaction is a valid value of the plain C struct.
            let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
            // SAFETY: with no new action, sigaction only writes the current one into ours.
            let queried = unsafe { libc::sigaction(signal, std::ptr::null(), &mut action) };
            queried == 0 && action.sa_sigaction == libc::SIG_IGN
        })
        .collect()
}

/// `cgroup.procs` of the cgroup `dir`, open for writing.
fn open_procs(dir: &std::path::Path) -> Result<OwnedFd, String> {
    let path = dir.join("cgroup.procs");
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .map(OwnedFd::from)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))
}

/// Says hello, then serves requests until the judge closes the socket.
fn serve_requests(mut server: Server) -> Result<(), String> {
    let jail = &server.jail;
    let mut hello = jail.protections.to_ne_bytes().to_vec();
    hello.extend_from_slice(&jail.reaper_pid().to_ne_bytes());
    hello.extend_from_slice(jail.missing.join("\n").as_bytes());
    hello.truncate(MAX_HELLO);
    send(&hello)?;
    let mut buffer = vec![0u8; MAX_REQUEST + 1];
    loop {
        let Some((length, streams)) = receive(&mut buffer)? else {
            return Ok(());
        };
        let message = &buffer[..length];
        let (pid, errno, step) = if message == [SWEEP] && streams.is_empty() {
            match server.jail.sweep() {
                Ok(()) => (0, 0, FAILED_EXEC),
                Err(why) => return Err(why),
            }
        } else {
            match (LaunchRequest::decode(message), streams.len()) {
                (Ok(request), STREAMS) => request.launch(&streams, &mut server),
                (Ok(_), _) | (Err(_), _) => (0, libc::EINVAL, FAILED_EXEC),
            }
        };
        drop(streams);
        let mut reply = [0u8; REPLY_BYTES];
        for (at, field) in [pid, errno, step].into_iter().enumerate() {
            reply[at * 4..at * 4 + 4].copy_from_slice(&field.to_ne_bytes());
        }
        send(&reply)?;
    }
}

/// Sends one message to the judge.
fn send(message: &[u8]) -> Result<(), String> {
    // SAFETY: sending a local buffer on our socket.
    let sent = unsafe {
        libc::send(
            SOCKET_FD,
            message.as_ptr().cast(),
            message.len(),
            libc::MSG_NOSIGNAL,
        )
    };
    if sent != message.len() as isize {
        return Err(format!("cannot reply: {}", std::io::Error::last_os_error()));
    }
    Ok(())
}

/// The next request: its length in `buffer` and the descriptors it carried, or `None` once the
/// judge has closed the socket.
fn receive(buffer: &mut [u8]) -> Result<Option<(usize, Vec<OwnedFd>)>, String> {
    loop {
        let mut control = ControlBuffer::new();
        let mut iov = libc::iovec {
            iov_base: buffer.as_mut_ptr().cast(),
            iov_len: buffer.len(),
        };
        // SAFETY: a zeroed msghdr is valid; we point it at buffers alive for the call.
        let mut message: libc::msghdr = unsafe { std::mem::zeroed() };
        message.msg_iov = &mut iov;
        message.msg_iovlen = 1;
        message.msg_control = control.as_mut_ptr();
        message.msg_controllen = control.len() as _;
        // SAFETY: recvmsg fills the buffers described by `message`.
        let n = unsafe { libc::recvmsg(SOCKET_FD, &mut message, libc::MSG_CMSG_CLOEXEC) };
        if n < 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(format!("cannot read a request: {error}"));
        }
        // SAFETY: `message` was filled by recvmsg above.
        let fds = unsafe { received_descriptors(&message) };
        if n == 0 && fds.is_empty() {
            return Ok(None);
        }
        if message.msg_flags & (libc::MSG_TRUNC | libc::MSG_CTRUNC) != 0 {
            // Too large: answered as a bad request (its descriptors are closed on drop).
            return Ok(Some((0, fds)));
        }
        return Ok(Some((n as usize, fds)));
    }
}

/// Room for the ancillary data of one message carrying [`STREAMS`] descriptors, aligned as
/// `cmsghdr` needs.
pub(crate) struct ControlBuffer([u64; 8]);

impl ControlBuffer {
    pub(crate) fn new() -> ControlBuffer {
        ControlBuffer([0; 8])
    }

    pub(crate) fn as_mut_ptr(&mut self) -> *mut libc::c_void {
        self.0.as_mut_ptr().cast()
    }

    /// The bytes a message with `STREAMS` descriptors needs (at most the buffer's size).
    pub(crate) fn len(&self) -> usize {
        // SAFETY: CMSG_SPACE is pure arithmetic.
        let needed = unsafe { libc::CMSG_SPACE((STREAMS * std::mem::size_of::<RawFd>()) as u32) };
        (needed as usize).min(std::mem::size_of_val(&self.0))
    }
}

/// The descriptors passed with `SCM_RIGHTS` in a received message, now owned by us.
///
/// # Safety
/// `message` must have been filled by a successful `recvmsg`.
unsafe fn received_descriptors(message: &libc::msghdr) -> Vec<OwnedFd> {
    let mut fds = Vec::new();
    let mut header = libc::CMSG_FIRSTHDR(message);
    while !header.is_null() {
        if (*header).cmsg_level == libc::SOL_SOCKET && (*header).cmsg_type == libc::SCM_RIGHTS {
            let data = libc::CMSG_DATA(header).cast::<RawFd>();
            let bytes = (*header).cmsg_len as usize - libc::CMSG_LEN(0) as usize;
            for i in 0..bytes / std::mem::size_of::<RawFd>() {
                fds.push(OwnedFd::from_raw_fd(data.add(i).read_unaligned()));
            }
        }
        header = libc::CMSG_NXTHDR(message, header);
    }
    fds
}

/// `KEY=VALUE`, as an environment holds it.
pub(crate) fn env_entry(mut key: OsString, value: &OsStr) -> OsString {
    key.push("=");
    key.push(value);
    key
}

/// `soft` and `hard` lowered to the current hard limit (only root may raise a hard limit).
fn within_hard_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> libc::rlimit {
    let mut current = libc::rlimit {
        rlim_cur: 0,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: getrlimit writes into the struct we pass.
    unsafe { libc::getrlimit(resource, &mut current) };
    libc::rlimit {
        rlim_cur: soft.min(current.rlim_max),
        rlim_max: hard.min(current.rlim_max),
    }
}

/// Marks every descriptor above 2 close-on-exec: the server may have inherited some from
/// whoever started the judge (a build tool's job-server pipes, say), and a program must get
/// only its standard streams.
fn close_inherited_descriptors_on_exec() {
    let fds: Vec<i32> = match std::fs::read_dir("/proc/self/fd") {
        Ok(entries) => entries
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
            .filter(|&fd| fd > 2)
            .collect(),
        Err(_) => (3..1024).collect(),
    };
    for fd in fds {
        // SAFETY: fcntl on a descriptor number; a closed one just fails with EBADF.
        unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
    }
}

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// A reply's pid, errno and failed step.
pub(crate) fn parse_reply(reply: &[u8; REPLY_BYTES]) -> (i32, i32, i32) {
    let field =
        |at: usize| i32::from_ne_bytes([reply[at], reply[at + 1], reply[at + 2], reply[at + 3]]);
    (field(0), field(4), field(8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn requests_round_trip_through_bytes() {
        let limits = Limits::new(Duration::from_millis(1500), 256 << 20);
        let mut request = LaunchRequest::new(
            &limits,
            vec!["/bin/prog".into(), "a b".into(), "".into()],
            vec![("KEY".into(), "x=y".into()), ("EMPTY".into(), "".into())],
        );
        request.reads = vec!["/data/in".into()];
        request.writes = vec!["/out".into(), "/out2".into()];
        assert_eq!(request.cpu_seconds, Some(3));
        let bytes = request.encode().unwrap();
        assert_eq!(LaunchRequest::decode(&bytes), Ok(request.clone()));
        request.workdir = Some("/out2".into());
        assert_eq!(
            LaunchRequest::decode(&request.encode().unwrap()),
            Ok(request)
        );
        let mut tools = LaunchRequest::new(
            &Limits::for_tools(Duration::from_secs(60)),
            vec!["cc".into()],
            vec![],
        );
        tools.confined = false;
        assert_eq!(tools.memory_bytes, None);
        assert_eq!(LaunchRequest::decode(&tools.encode().unwrap()), Ok(tools));
    }

    #[test]
    fn bad_requests_are_refused() {
        let limits = Limits::new(Duration::from_secs(1), 1 << 20);
        let good = LaunchRequest::new(&limits, vec!["p".into(), "q".into()], vec![]);
        let bytes = good.encode().unwrap();
        for cut in [0, 10, 31, bytes.len() - 1] {
            assert!(
                LaunchRequest::decode(&bytes[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        let mut extra = bytes.clone();
        extra.extend_from_slice(b"junk\0");
        assert!(LaunchRequest::decode(&extra).is_err());
        assert!(LaunchRequest::decode(&[SWEEP]).is_err());
        let nothing = LaunchRequest::new(&limits, vec![], vec![]);
        assert!(LaunchRequest::decode(&nothing.encode().unwrap()).is_err());
        let nul = LaunchRequest::new(&limits, vec!["a\0b".into()], vec![]);
        assert!(nul.encode().is_err());
        let bad_key =
            LaunchRequest::new(&limits, vec!["p".into()], vec![("A=B".into(), "".into())]);
        assert!(bad_key.encode().is_err());
        let huge = LaunchRequest::new(
            &limits,
            vec!["p".into(), "x".repeat(MAX_REQUEST).into()],
            vec![],
        );
        assert!(huge.encode().unwrap_err().contains("at most"));
    }

    #[test]
    fn replies_parse() {
        let mut reply = [0u8; REPLY_BYTES];
        reply[..4].copy_from_slice(&1234i32.to_ne_bytes());
        reply[4..8].copy_from_slice(&2i32.to_ne_bytes());
        reply[8..].copy_from_slice(&FAILED_CONFINEMENT.to_ne_bytes());
        assert_eq!(parse_reply(&reply), (1234, 2, FAILED_CONFINEMENT));
    }
}
