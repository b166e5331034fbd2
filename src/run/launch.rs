//! The launcher: a hidden mode of the `stonejudge` binary that starts a program as its own
//! sibling, so that the program's peak memory is measured from a small process.
//!
//! Why it exists: at `execve` the kernel folds the peak resident size of the memory image being
//! replaced into the new program's `ru_maxrss`. A program forked from the judge starts from a
//! copy of the judge's image, and one spawned with `vfork`/`posix_spawn` starts from the judge's
//! image itself, so either way its reported peak is at least the judge's own peak — hundreds of
//! MiB when the judge holds large outputs. So the judge spawns this launcher (a fresh, small
//! image); the launcher forks the program with `CLONE_PARENT`, which makes the judge its
//! parent: the program starts from a copy of the launcher's few pages, and the judge reaps it
//! with `wait4` and reads its rusage directly. The launcher reports the program's process id
//! (and the `errno` of a failed `execve`) on file descriptor 3 and exits at once.
//!
//! In the program, before `execve`: its own process group, the resource limits, default signal
//! dispositions and an empty signal mask (the Rust runtime ignores `SIGPIPE`, and ignored
//! signals survive `execve`), and every inherited descriptor above 2 closed at `execve`.

use std::ffi::{CString, OsStr, OsString};
use std::os::unix::ffi::OsStringExt;

use super::Limits;

/// `argv[1]` of the `stonejudge` binary in launcher mode.
pub(crate) const MODE: &str = "__stonejudge_launch";

/// The descriptor on which the launcher writes `"<pid> <errno>\n"`.
pub(crate) const REPORT_FD: i32 = 3;

/// If this process was started as a launcher, launches and exits; otherwise returns at once.
/// Call it first thing in `main`.
pub fn exec_if_requested() {
    let mut args = std::env::args_os().skip(1);
    if args.next().as_deref() != Some(OsStr::new(MODE)) {
        return;
    }
    let code = match Request::parse(args.collect()).and_then(|request| request.launch()) {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("stonejudge launcher: {message}");
            125
        }
    };
    std::process::exit(code);
}

/// What the judge asks the launcher to start, as it travels on the launcher's command line:
/// `MODE CPU_SECONDS|- MEMORY_BYTES|- PROGRAM [ARGS]...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Request {
    /// `RLIMIT_CPU` soft limit; the hard limit is one second more.
    pub cpu_seconds: Option<u64>,
    /// `RLIMIT_AS` and `RLIMIT_STACK`.
    pub memory_bytes: Option<u64>,
    pub argv: Vec<OsString>,
}

impl Request {
    /// The launcher request for running `argv` under `limits`: the CPU rlimit is a backstop
    /// one second above the (rounded up) limit, which the judge enforces itself by polling.
    pub fn new(limits: &Limits, argv: Vec<OsString>) -> Request {
        let cpu = limits.cpu.as_secs() + u64::from(limits.cpu.subsec_nanos() > 0);
        Request {
            cpu_seconds: Some(cpu + 1),
            memory_bytes: limits.memory,
            argv,
        }
    }

    /// The launcher's arguments after the executable name.
    pub fn to_args(&self) -> Vec<OsString> {
        let number = |n: Option<u64>| OsString::from(n.map_or("-".to_string(), |n| n.to_string()));
        let mut args = vec![
            OsString::from(MODE),
            number(self.cpu_seconds),
            number(self.memory_bytes),
        ];
        args.extend(self.argv.iter().cloned());
        args
    }

    /// Parses the arguments after `MODE`.
    fn parse(args: Vec<OsString>) -> Result<Request, String> {
        let number = |arg: Option<&OsString>| -> Result<Option<u64>, String> {
            match arg.and_then(|a| a.to_str()) {
                Some("-") => Ok(None),
                Some(text) => text
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("expected a number or '-', found {text:?}")),
                None => Err("missing limit".to_string()),
            }
        };
        let cpu_seconds = number(args.first())?;
        let memory_bytes = number(args.get(1))?;
        let argv: Vec<OsString> = args.into_iter().skip(2).collect();
        if argv.is_empty() {
            return Err("missing program".to_string());
        }
        Ok(Request {
            cpu_seconds,
            memory_bytes,
            argv,
        })
    }

    /// Forks the program as the judge's child and reports its pid; runs in the launcher.
    fn launch(self) -> Result<(), String> {
        let argv: Vec<CString> = self
            .argv
            .into_iter()
            .map(|a| CString::new(a.into_vec()).map_err(|_| "NUL byte in an argument"))
            .collect::<Result<_, _>>()?;
        let mut argv_ptrs: Vec<*const libc::c_char> = argv.iter().map(|a| a.as_ptr()).collect();
        argv_ptrs.push(std::ptr::null());
        let mut rlimits = vec![(libc::RLIMIT_CORE, 0, 0)];
        if let Some(cpu) = self.cpu_seconds {
            rlimits.push((libc::RLIMIT_CPU, cpu, cpu + 1));
        }
        if let Some(bytes) = self.memory_bytes {
            rlimits.push((libc::RLIMIT_AS, bytes, bytes));
            rlimits.push((libc::RLIMIT_STACK, bytes, bytes));
        }
        let rlimits: Vec<(libc::__rlimit_resource_t, libc::rlimit)> = rlimits
            .into_iter()
            .map(|(resource, soft, hard)| (resource, within_hard_limit(resource, soft, hard)))
            .collect();
        close_inherited_descriptors_on_exec();

        let mut exec_error = [0 as libc::c_int; 2];
        // SAFETY: plain system calls on arrays we own.
        if unsafe { libc::pipe2(exec_error.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return report(0, errno());
        }
        let [error_read, error_write] = exec_error;
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
            // SAFETY: see above; `_exit` never returns.
            unsafe {
                libc::setpgid(0, 0);
                for (resource, limit) in &rlimits {
                    libc::setrlimit(*resource, limit);
                }
                let mut empty: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut empty);
                libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
                for signal in 1..=libc::SIGRTMAX() {
                    libc::signal(signal, libc::SIG_DFL);
                }
                libc::execv(argv_ptrs[0], argv_ptrs.as_ptr());
                let code: libc::c_int = *libc::__errno_location();
                libc::write(
                    error_write,
                    (&code as *const libc::c_int).cast(),
                    std::mem::size_of::<libc::c_int>(),
                );
                libc::_exit(127);
            }
        }
        if pid < 0 {
            return report(0, errno());
        }
        // SAFETY: closing our copy of the write end, then reading into a local buffer.
        let code = unsafe {
            libc::close(error_write);
            let mut code: libc::c_int = 0;
            let n = loop {
                let n = libc::read(
                    error_read,
                    (&mut code as *mut libc::c_int).cast(),
                    std::mem::size_of::<libc::c_int>(),
                );
                if n >= 0 || errno() != libc::EINTR {
                    break n;
                }
            };
            if n == std::mem::size_of::<libc::c_int>() as isize {
                code
            } else {
                0
            }
        };
        report(pid as i32, code)
    }
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

/// Marks every descriptor above 2 close-on-exec: the launcher may have inherited some from
/// whoever started the judge (a build tool's job-server pipes, say), and the program must get
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

fn report(pid: i32, exec_errno: i32) -> Result<(), String> {
    let line = format!("{pid} {exec_errno}\n");
    // SAFETY: writing a local buffer to the report descriptor.
    let written = unsafe { libc::write(REPORT_FD, line.as_ptr().cast(), line.len()) };
    if written == line.len() as isize {
        Ok(())
    } else {
        Err(format!(
            "cannot report to descriptor {REPORT_FD}: {}",
            std::io::Error::last_os_error()
        ))
    }
}

/// What the launcher reported: the program's pid and the `errno` of a failed `execve` (0 if it
/// succeeded). `pid` 0 means the fork itself failed.
pub(crate) fn parse_report(text: &str) -> Option<(i32, i32)> {
    let mut words = text.split_whitespace();
    let pid = words.next()?.parse().ok()?;
    let errno = words.next()?.parse().ok()?;
    words.next().is_none().then_some((pid, errno))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn request_round_trips_through_arguments() {
        let limits = Limits::new(Duration::from_millis(1500), 256 << 20);
        let request = Request::new(&limits, vec!["/bin/prog".into(), "a b".into()]);
        assert_eq!(request.cpu_seconds, Some(3));
        let args = request.to_args();
        assert_eq!(args[0], MODE);
        assert_eq!(Request::parse(args[1..].to_vec()), Ok(request));
        let tools = Request::new(
            &Limits::for_tools(Duration::from_secs(60)),
            vec!["cc".into()],
        );
        assert_eq!(tools.memory_bytes, None);
        assert_eq!(Request::parse(tools.to_args()[1..].to_vec()), Ok(tools));
    }

    #[test]
    fn bad_requests_are_refused() {
        assert!(Request::parse(vec!["1".into(), "-".into()]).is_err());
        assert!(Request::parse(vec!["x".into(), "-".into(), "p".into()]).is_err());
    }

    #[test]
    fn reports_parse() {
        assert_eq!(parse_report("1234 0\n"), Some((1234, 0)));
        assert_eq!(parse_report("0 11\n"), Some((0, 11)));
        assert_eq!(parse_report("1234"), None);
        assert_eq!(parse_report("1 2 3"), None);
    }
}
