//! Starting a program through a launch server, watching it, capturing its output, reaping it.

use std::ffi::OsString;
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::capture::{Bounded, HeadTail};
use super::cgroup::MemoryUse;
use super::cpu::CpuWatch;
use super::fd::{inode, pipe, poll_in, set_nonblocking, wait_bounded};
use super::jury::JuryLimits;
use super::launch::{LaunchRequest, FAILED_CONFINEMENT};
use super::launcher::{Launchers, Lease};
use super::outcome::{
    heap_exhausted, mebibytes, memory_verdict, memory_verdict_by_cgroup, Exit, Run,
};
use super::sandbox::{Protections, Sandbox};
use super::{escape, identity, image, live, Limits, RunError};

/// How long the output pipes may stay open after the program and its group are dead, before
/// the processes holding them are hunted down, and again before the pipes are abandoned.
const DRAIN_GRACE: Duration = Duration::from_millis(150);
/// How long a killed process may take to die.
const PATIENCE: Duration = Duration::from_secs(10);
/// Bytes read from one pipe per wake-up, so a flood cannot starve the deadline checks.
const READ_BURST: usize = 1 << 20;

/// A command line to run: an executable file (a path; it is not searched in `PATH`), its
/// arguments, and variables added to the environment it inherits from the judge; and what
/// its confinement lets it touch besides the system's directories, its own executable and its
/// scratch directory (its working directory and `TMPDIR`), unless it is trusted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invocation {
    pub program: PathBuf,
    pub args: Vec<OsString>,
    pub env: Vec<(OsString, OsString)>,
    /// Files and directories it may read (a script its interpreter runs, a checker's data).
    pub reads: Vec<PathBuf>,
    /// Files and directories it may write (an output directory).
    pub writes: Vec<PathBuf>,
    /// The directory it starts in, when not its own scratch directory (a confined program's)
    /// or the judge's (an unconfined one's): one of `reads` or `writes` (else a confined
    /// program cannot enter it), as a sinol-make ingen writes the tests where it runs.
    pub workdir: Option<PathBuf>,
    /// A question the judge asks an installed tool, with nothing of a user's in it (a
    /// compiler's version, where its toolchain lives): never confined, since finding what a
    /// confined compiler may read is what it is for.
    pub trusted: bool,
    /// A compiler (or a syntax check) building a program, or a question to one: it runs on
    /// launch servers of its own, never on a program's (see [`Runner`]).
    pub compiler: bool,
    /// A runtime that manages a heap of its own (a JVM), told the memory limit of each run.
    pub heap: Option<ManagedHeap>,
}

/// How a runtime that manages a heap of its own (the JVM, V8, GHC's) is told a run's memory
/// limit, so that a program filling its heap fails as out of memory (MLE) rather than with an
/// error of its own, and the address space it reserves without ever using it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ManagedHeap {
    /// Arguments put right after the program, `{mib}` replaced by the limit in MiB (rounded
    /// down); left out when the run has no memory limit.
    pub flags: &'static [&'static str],
    /// Address space the runtime reserves and never touches: added to `RLIMIT_AS` where the
    /// address space limits memory (a memory cgroup counts only what is used).
    pub reserved_bytes: u64,
}

impl ManagedHeap {
    /// The flags for a memory limit of `bytes`.
    fn flags_for(&self, bytes: Option<u64>) -> Vec<OsString> {
        let Some(bytes) = bytes else {
            return Vec::new();
        };
        let mib = (bytes >> 20).max(1).to_string();
        self.flags
            .iter()
            .map(|flag| OsString::from(flag.replace("{mib}", &mib)))
            .collect()
    }
}

impl Invocation {
    pub fn new(program: impl Into<PathBuf>) -> Invocation {
        Invocation {
            program: program.into(),
            args: Vec::new(),
            env: Vec::new(),
            reads: Vec::new(),
            writes: Vec::new(),
            workdir: None,
            trusted: false,
            compiler: false,
            heap: None,
        }
    }

    /// Lets the confined program read `path` (a file, or a directory and what is beneath).
    pub fn reads(mut self, path: impl Into<PathBuf>) -> Invocation {
        self.reads.push(path.into());
        self
    }

    /// Lets the confined program read and write `path` (a file, or a directory and what is
    /// beneath).
    pub fn writes(mut self, path: impl Into<PathBuf>) -> Invocation {
        self.writes.push(path.into());
        self
    }

    /// Starts the program in `dir` (see [`Invocation::workdir`]).
    pub fn working_in(mut self, dir: impl Into<PathBuf>) -> Invocation {
        self.workdir = Some(dir.into());
        self
    }

    /// Marks a question to an installed tool, which runs unconfined (see
    /// [`Invocation::trusted`]).
    pub fn trusted(mut self) -> Invocation {
        self.trusted = true;
        self
    }

    /// Marks a compiler's run (see [`Invocation::compiler`]).
    pub fn compiler(mut self) -> Invocation {
        self.compiler = true;
        self
    }

    pub fn arg(mut self, arg: impl Into<OsString>) -> Invocation {
        self.args.push(arg.into());
        self
    }

    pub fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> Invocation {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Invocation {
        self.env.push((key.into(), value.into()));
        self
    }
}

/// Runs programs. It needs the path of a `stonejudge` executable to run the launch servers
/// from (see [`super::launch`]); inside the `stonejudge` binary that is
/// [`Runner::current_exe`]. One runner serves any number of threads. Every program it runs
/// that is not trusted (compilers included) is confined as its [`Sandbox`] mode says.
///
/// Compilers run on launch servers of their own: a server's programs are born in its memory
/// cgroup, and what a compiler leaves charged there (the page cache of the headers and
/// libraries it read and of the binary it wrote, up to 17 MiB for g++ here, and 150 MiB for
/// rustc has been seen) stays charged after it exits, so the first program run on that
/// server would report it as its own peak memory.
#[derive(Debug)]
pub struct Runner {
    launchers: Launchers,
    compilers: Launchers,
    /// The limits of the jury's programs this runner runs ([`JuryLimits`]).
    jury: JuryLimits,
}

impl Runner {
    /// A runner whose launch servers run from the `stonejudge` executable at `launcher`, and
    /// that confines programs as far as the kernel allows ([`Sandbox::Auto`]).
    pub fn new(launcher: impl Into<PathBuf>) -> Runner {
        Runner::with_sandbox(launcher, Sandbox::Auto)
    }

    /// A runner whose launch servers run from `launcher` and confine programs as `sandbox`
    /// says.
    pub fn with_sandbox(launcher: impl Into<PathBuf>, sandbox: Sandbox) -> Runner {
        // A parent that ignores SIGCHLD makes the kernel reap our children before we can
        // read their rusage; the judge needs the default.
        // SAFETY: querying and (rarely) resetting a signal disposition.
        unsafe {
            let mut current: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGCHLD, std::ptr::null(), &mut current) == 0
                && current.sa_sigaction == libc::SIG_IGN
            {
                libc::signal(libc::SIGCHLD, libc::SIG_DFL);
            }
        }
        let launcher = launcher.into();
        Runner {
            compilers: Launchers::new(launcher.clone(), sandbox),
            launchers: Launchers::new(launcher, sandbox),
            jury: JuryLimits::default(),
        }
    }

    /// The same runner, the jury's programs run under `jury` (`--jury-time-limit`).
    pub fn with_jury(self, jury: JuryLimits) -> Runner {
        Runner { jury, ..self }
    }

    /// The limits of the jury's programs (generators, validators, checkers, interactors):
    /// whoever runs one asks the runner, so that one flag reaches them all.
    pub fn jury(&self) -> JuryLimits {
        self.jury
    }

    /// A runner whose launch servers run from the running executable (which must be
    /// `stonejudge`).
    pub fn current_exe(sandbox: Sandbox) -> Result<Runner, RunError> {
        let exe = std::env::current_exe()
            .map_err(|e| RunError::io("cannot find the stonejudge executable", e))?;
        Ok(Runner::with_sandbox(exe, sandbox))
    }

    /// The protections in force for this runner's programs (a launch server is started to
    /// find out, if none runs yet). In [`Sandbox::Strict`] mode, an error names what is
    /// missing and why: nothing may run.
    pub fn protections(&self) -> Result<Protections, RunError> {
        let protections = self.launchers.protections()?;
        if protections.mode == Sandbox::Strict && !protections.absent().is_empty() {
            return Err(RunError(format!(
                "--sandbox strict: this system cannot confine programs in {}{}\n(--sandbox \
                 auto runs them with the protections there are; --sandbox off with none)",
                protections.absent().join(", "),
                protections
                    .missing
                    .iter()
                    .map(|why| format!("\n  {why}"))
                    .collect::<String>()
            )));
        }
        Ok(protections)
    }

    /// Runs `invocation` with `stdin` as its standard input under `limits`. An `Err` means
    /// the program could not be started: its file cannot be executed, or the launcher failed;
    /// whatever the program itself does is in the `Run`.
    pub fn run(
        &self,
        invocation: &Invocation,
        stdin: Stdin<'_>,
        limits: &Limits,
    ) -> Result<Run, RunError> {
        let stdin = stdin.open()?;
        let (out_read, out_write) = pipe()?;
        let (err_read, err_write) = pipe()?;
        let start = Instant::now();
        let launched = self.start(invocation, limits, [stdin, out_write, err_write])?;
        let watched = watch(launched, Some(out_read), err_read, limits, start, None)?;
        Ok(watched.into_run(invocation, limits))
    }

    /// Starts `invocation` under `limits` with `stdio` as its standard input, output and
    /// error, through a launch server (a compilers' one for a compiler), confined unless it
    /// is trusted: the one place where a program is started.
    pub(super) fn start(
        &self,
        invocation: &Invocation,
        limits: &Limits,
        stdio: [OwnedFd; 3],
    ) -> Result<Launched<'_>, RunError> {
        let mut argv = vec![invocation.program.clone().into_os_string()];
        if let Some(heap) = &invocation.heap {
            argv.extend(heap.flags_for(limits.memory));
        }
        argv.extend(invocation.args.iter().cloned());
        let mut request = LaunchRequest::new(limits, argv, invocation.env.clone());
        if let (Some(heap), Some(bytes)) = (&invocation.heap, &mut request.memory_bytes) {
            *bytes = bytes.saturating_add(heap.reserved_bytes);
        }
        request.confined = !invocation.trusted;
        request.reads.clone_from(&invocation.reads);
        request.writes.clone_from(&invocation.writes);
        request.workdir.clone_from(&invocation.workdir);
        let starting = live::Starting::new();
        let launchers = match invocation.compiler {
            true => &self.compilers,
            false => &self.launchers,
        };
        let started = launchers.launch(&request, stdio)?;
        let lease = started.lease;
        let child = Child::new(started.pid);
        drop(starting);
        if started.errno != 0 {
            let what = if started.step == FAILED_CONFINEMENT {
                "cannot confine"
            } else {
                "cannot execute"
            };
            return Err(RunError(format!(
                "{what} {}: {}",
                invocation.program.display(),
                std::io::Error::from_raw_os_error(started.errno)
            )));
        }
        let writes = match invocation.trusted {
            true => Vec::new(),
            false => invocation.writes.clone(),
        };
        Ok(Launched {
            child,
            lease,
            writes,
        })
    }
}

/// A program's standard input: always a file (never a pipe), so a program that does not read
/// it cannot block the judge, and one that seeks or maps it can; and always a private copy in
/// memory, never the jury's file itself, so that what a program does to its input (`fchmod`,
/// `futimens`, `fsetxattr` on descriptor 0) changes nothing of the judge's, and
/// `/proc/self/fd/0` names no path of the judge's.
#[derive(Debug, Clone, Copy)]
pub enum Stdin<'a> {
    /// Empty.
    Empty,
    /// The file at this path.
    File(&'a Path),
    /// These bytes (nothing touches the disk: stress runs many small cases, and rewriting a
    /// file on disk for each makes ext4 flush it at every close).
    Bytes(&'a [u8]),
}

impl Stdin<'_> {
    /// The descriptor to give the program: a sealed in-memory file (no one can change it any
    /// more), at offset 0. A file is copied by the kernel (`copy_file_range`, else
    /// `sendfile`), at a few GB/s.
    fn open(self) -> Result<OwnedFd, RunError> {
        let in_memory = |e| RunError::io("cannot make an in-memory input file", e);
        // SAFETY: memfd_create returns a new descriptor or -1.
        let fd = unsafe {
            libc::memfd_create(
                c"stonejudge-input".as_ptr(),
                libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING,
            )
        };
        if fd < 0 {
            return Err(in_memory(std::io::Error::last_os_error()));
        }
        // SAFETY: a fresh descriptor that nothing else owns.
        let mut file = File::from(unsafe { OwnedFd::from_raw_fd(fd) });
        match self {
            Stdin::Empty => {}
            Stdin::File(path) => {
                let mut source = File::open(path)
                    .map_err(|e| RunError::io(&format!("cannot open {}", path.display()), e))?;
                std::io::copy(&mut source, &mut file)
                    .map_err(|e| RunError::io(&format!("cannot copy {}", path.display()), e))?;
            }
            Stdin::Bytes(bytes) => file.write_all(bytes).map_err(in_memory)?,
        }
        file.seek(SeekFrom::Start(0)).map_err(in_memory)?;
        let seals =
            libc::F_SEAL_SEAL | libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_WRITE;
        // SAFETY: fcntl on our own descriptor.
        if unsafe { libc::fcntl(file.as_raw_fd(), libc::F_ADD_SEALS, seals) } != 0 {
            return Err(in_memory(std::io::Error::last_os_error()));
        }
        Ok(file.into())
    }
}

/// Why the judge killed a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kill {
    Cpu,
    Wall,
    /// The other side of a two-way run had decided (a wrong answer stands whatever follows).
    Requested,
}

/// What watching a program until its end gave.
pub(super) struct Watched {
    exit: Exit,
    rusage: libc::rusage,
    wall_time: Duration,
    killed_for: Option<Kill>,
    /// The last CPU time read from `/proc` while the program ran (its group's, at times).
    polled_cpu: Duration,
    stdout: Bounded,
    stderr: HeadTail,
    abandoned: bool,
    /// What the memory cgroup measured, if the program ran in one.
    memory: Option<MemoryUse>,
    /// What the files it left in its scratch directory took, where they are in memory.
    scratch_bytes: Option<u64>,
}

/// A program just started: its process, the launch server it holds until its run is over
/// (the server sweeps away what the program left behind), and what it was given to write
/// (taken back from its user after the run).
pub(super) struct Launched<'a> {
    child: Child,
    lease: Lease<'a>,
    writes: Vec<PathBuf>,
}

/// The program's process: our child (through `CLONE_PARENT`) and the leader of its own group.
/// Until reaped it is a zombie at worst, which keeps its pid and group id from being reused, so
/// killing the group is safe. Dropping it unreaped kills the group and reaps it.
struct Child {
    pid: libc::pid_t,
    reaped: bool,
}

impl Child {
    fn new(pid: libc::pid_t) -> Child {
        live::add_program(pid);
        Child { pid, reaped: false }
    }

    fn kill_group(&self) {
        // SAFETY: signalling our own unreaped child and its group.
        unsafe {
            libc::killpg(self.pid, libc::SIGKILL);
            libc::kill(self.pid, libc::SIGKILL);
        }
    }

    fn reap(&mut self) -> Option<(i32, libc::rusage)> {
        live::remove(self.pid);
        let reaped = wait_bounded(self.pid, PATIENCE);
        self.reaped = reaped.is_some();
        reaped
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if !self.reaped {
            self.kill_group();
            self.reap();
        }
    }
}

impl Watched {
    /// The facts of the run, with the memory verdict decided.
    pub(super) fn into_run(self, invocation: &Invocation, limits: &Limits) -> Run {
        let largest_process_kib = u64::try_from(self.rusage.ru_maxrss).unwrap_or(0);
        // Files in a scratch directory in memory are the program's memory too: a cgroup
        // counts them; without one, what is left at the end is added (what was deleted before
        // is bounded by the directory's size, the file limit).
        let files_kib = match &self.memory {
            Some(_) => 0,
            None => self.scratch_bytes.unwrap_or(0).div_ceil(1024),
        };
        let peak_memory_kib = match self.memory.and_then(|m| m.peak_bytes) {
            Some(bytes) => bytes.div_ceil(1024),
            None => largest_process_kib + files_kib,
        };
        // Children killed with the program were never waited for, so their time is not in
        // its rusage; the last reading of the whole group's time includes it.
        let cpu_time =
            (timeval(self.rusage.ru_utime) + timeval(self.rusage.ru_stime)).max(self.polled_cpu);
        let stderr_truncated = self.stderr.truncated();
        let stderr_written = self.stderr.total();
        let stderr = self.stderr.into_bytes();
        // Past a time limit, whether killed for it or ended by the OOM killer after it.
        let over_time =
            matches!(self.killed_for, Some(Kill::Cpu | Kill::Wall)) || cpu_time > limits.cpu;
        let memory_held = over_time && (self.memory).is_some_and(|m| m.limit_hit || m.oom_killed);
        let memory_limit_hit = match &self.memory {
            Some(measured) => memory_verdict_by_cgroup(measured, self.exit, over_time),
            None => memory_verdict(
                limits.memory,
                self.exit,
                peak_memory_kib,
                image::static_bytes(&invocation.program),
                &stderr,
            )
            .map(|why| match files_kib {
                0 => why,
                kib => format!(
                    "{why}, counting the {} of files it left in its scratch directory",
                    mebibytes(kib * 1024)
                ),
            }),
        }
        .or_else(|| {
            let told = invocation.heap.is_some() && limits.memory.is_some();
            told.then(|| heap_exhausted(self.exit, &stderr)).flatten()
        });
        Run {
            exit: self.exit,
            cpu_time,
            wall_time: self.wall_time,
            peak_memory_kib,
            cpu_limit_hit: self.killed_for == Some(Kill::Cpu) || cpu_time > limits.cpu,
            wall_limit_hit: self.killed_for == Some(Kill::Wall),
            memory_limit_hit,
            memory_held,
            output_limit_hit: self.stdout.total() > limits.output,
            stdout: self.stdout.into_bytes(),
            stderr,
            stderr_truncated,
            stderr_written,
            output_abandoned: self.abandoned,
            stopped: self.killed_for == Some(Kill::Requested),
            limits: *limits,
        }
    }
}

/// Watches the program until it exits and its output is drained: enforces the limits, kills
/// the group at the end, reaps the program, and has its server sweep away what is left.
///
/// `out` is `None` when someone else reads the program's standard output (a two-way run).
/// `stop`, when given, is a descriptor that becomes readable when the program is to be killed
/// before its end (the other side of a two-way run has decided).
pub(super) fn watch(
    launched: Launched<'_>,
    out: Option<OwnedFd>,
    err: OwnedFd,
    limits: &Limits,
    start: Instant,
    stop: Option<RawFd>,
) -> Result<Watched, RunError> {
    let Launched {
        mut child,
        mut lease,
        writes,
    } = launched;
    let inodes: Vec<u64> = out.iter().chain([&err]).map(inode).collect();
    let mut streams = [out, Some(err)];
    for stream in streams.iter().flatten() {
        set_nonblocking(stream);
    }
    let mut stdout = Bounded::new(limits.output);
    let mut stderr = HeadTail::default();
    let pidfd = pidfd_open(child.pid);
    let wall_deadline = start + limits.wall;
    let mut cpu = CpuWatch::new(child.pid, start);
    let mut killed_for: Option<(Kill, Instant)> = None;
    let mut ended: Option<(Exit, libc::rusage, Duration)> = None;
    let mut drain_deadline = Instant::now();
    let mut holders_killed = false;
    let mut abandoned = false;
    let mut scratch_bytes = None;
    let mut buffer = vec![0u8; 64 << 10];

    loop {
        let now = Instant::now();
        let mut wake = now + Duration::from_secs(1);
        if ended.is_none() {
            if has_exited(child.pid, pidfd.as_ref()) {
                // The program is a zombie: kill what is left of its group, then reap it.
                child.kill_group();
                let (status, rusage) = child
                    .reap()
                    .ok_or_else(|| RunError(format!("cannot reap process {}", child.pid)))?;
                scratch_bytes = lease.scratch_bytes();
                lease.sweep();
                if lease.switches_user() {
                    identity::take_back(&writes).map_err(RunError)?;
                }
                ended = Some((exit_of(status), rusage, now - start));
                drain_deadline = now + DRAIN_GRACE;
                continue;
            }
            match killed_for {
                Some((_, at)) if now > at + PATIENCE => {
                    return Err(RunError(format!("process {} survives SIGKILL", child.pid)));
                }
                Some(_) => {}
                None if now >= wall_deadline => {
                    killed_for = Some((Kill::Wall, now));
                    child.kill_group();
                }
                None if stop.is_some_and(readable) => {
                    killed_for = Some((Kill::Requested, now));
                    child.kill_group();
                }
                None => {
                    if now >= cpu.due() && cpu.read(now) > limits.cpu {
                        killed_for = Some((Kill::Cpu, now));
                        child.kill_group();
                    }
                    wake = wake.min(wall_deadline).min(cpu.due());
                }
            }
            if pidfd.is_none() {
                wake = wake.min(now + Duration::from_millis(5));
            }
        } else if streams.iter().all(Option::is_none) {
            break;
        } else if now >= drain_deadline {
            if holders_killed {
                abandoned = true;
                break;
            }
            escape::kill_pipe_holders(&inodes);
            holders_killed = true;
            drain_deadline = now + DRAIN_GRACE;
            continue;
        } else {
            wake = wake.min(drain_deadline);
        }

        let mut fds: Vec<libc::pollfd> = Vec::with_capacity(3);
        for stream in streams.iter().flatten() {
            fds.push(poll_in(stream.as_raw_fd()));
        }
        if let (Some(pidfd), None) = (&pidfd, &ended) {
            fds.push(poll_in(pidfd.as_raw_fd()));
        }
        if let (Some(stop), None, None) = (stop, &ended, &killed_for) {
            fds.push(poll_in(stop));
        }
        let timeout = wake.saturating_duration_since(Instant::now());
        let timeout_ms = timeout.as_millis().min(1000) as i32 + 1;
        // SAFETY: poll on an array of pollfd we own.
        unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, timeout_ms) };

        for (index, slot) in streams.iter_mut().enumerate() {
            let Some(stream) = slot else { continue };
            let mut burst = 0;
            while burst < READ_BURST {
                // SAFETY: reading into our buffer from our descriptor.
                let n = unsafe {
                    libc::read(stream.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len())
                };
                if n == 0 {
                    *slot = None;
                    break;
                }
                if n < 0 {
                    let error = std::io::Error::last_os_error();
                    if error.kind() == std::io::ErrorKind::Interrupted {
                        continue;
                    }
                    if error.kind() != std::io::ErrorKind::WouldBlock {
                        *slot = None;
                    }
                    break;
                }
                let chunk = &buffer[..n as usize];
                burst += chunk.len();
                if index == 0 {
                    // Past the output limit the rest is read and dropped, and the program
                    // runs on: one that floods until its time limit is TLE, as with every
                    // other judge; OLE is for one that ends in time (see `Run::verdict`).
                    stdout.push(chunk);
                } else {
                    stderr.push(chunk);
                }
            }
        }
    }
    let Some((exit, rusage, wall_time)) = ended else {
        return Err(RunError(
            "internal: the watch ended before the program".into(),
        ));
    };
    let memory = lease.memory().transpose()?;
    Ok(Watched {
        exit,
        rusage,
        wall_time,
        killed_for: killed_for.map(|(kill, _)| kill),
        polled_cpu: cpu.last(),
        stdout,
        stderr,
        abandoned,
        memory,
        scratch_bytes,
    })
}

/// Whether `fd` is readable right now.
pub(super) fn readable(fd: RawFd) -> bool {
    let mut poll = poll_in(fd);
    // SAFETY: a zero-timeout poll on one descriptor.
    unsafe { libc::poll(&mut poll, 1, 0) == 1 }
}

/// Whether the process has exited (it stays a zombie until reaped).
fn has_exited(pid: libc::pid_t, pidfd: Option<&OwnedFd>) -> bool {
    match pidfd {
        Some(pidfd) => readable(pidfd.as_raw_fd()),
        None => {
            // SAFETY: waitid with WNOWAIT only looks; the child stays reapable.
            unsafe {
                let mut info: libc::siginfo_t = std::mem::zeroed();
                libc::waitid(
                    libc::P_PID,
                    pid as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
                ) == 0
                    && info.si_pid() != 0
            }
        }
    }
}

/// A descriptor that becomes readable when the process exits (Linux 5.3 and later).
fn pidfd_open(pid: libc::pid_t) -> Option<OwnedFd> {
    // SAFETY: the syscall returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a fresh descriptor that nothing else owns.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

fn exit_of(status: i32) -> Exit {
    if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    }
}

fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
}
