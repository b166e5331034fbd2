//! Descriptors and system calls the runner and the launch servers' client share: pipes kept
//! above the standard streams, non-blocking reads, bounded reaping, and the error of a run that
//! could not start. A leaf of `run`, so that the process watcher and the launch client need not
//! import each other.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

use super::launch;

/// The judge could not run the program at all (never the program's fault: a judge error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RunError(pub String);

impl RunError {
    pub(super) fn io(what: &str, error: std::io::Error) -> RunError {
        RunError(format!("{what}: {error}"))
    }
}

/// A `pollfd` waiting for `fd` to become readable.
pub fn poll_in(fd: RawFd) -> libc::pollfd {
    libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    }
}

/// Reaps `pid`, waiting at most `patience`; `None` if it did not end in time.
pub fn wait_bounded(pid: libc::pid_t, patience: Duration) -> Option<(i32, libc::rusage)> {
    let deadline = Instant::now() + patience;
    let mut pause = Duration::from_micros(50);
    loop {
        let mut status = 0;
        // SAFETY: wait4 writes into locals.
        let mut rusage: libc::rusage = unsafe { std::mem::zeroed() };
        let got = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut rusage) };
        if got == pid {
            return Some((status, rusage));
        }
        if got < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return None;
        }
        if Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// Whatever can be read from `fd` right now (used for the launcher's own error message).
pub fn read_available(fd: &OwnedFd) -> Vec<u8> {
    set_nonblocking(fd);
    let mut buffer = vec![0u8; 4096];
    // SAFETY: reading into our buffer.
    let n = unsafe { libc::read(fd.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
    buffer.truncate(n.max(0) as usize);
    buffer
}

/// A pipe (read end, write end), both close-on-exec and numbered above the launch server's
/// socket descriptor, so that placing descriptors at 0–3 when it starts cannot clobber one
/// another.
pub fn pipe() -> Result<(OwnedFd, OwnedFd), RunError> {
    let mut fds = [0 as RawFd; 2];
    // SAFETY: pipe2 fills the array with two new descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(RunError::io(
            "cannot create a pipe",
            std::io::Error::last_os_error(),
        ));
    }
    // SAFETY: fresh descriptors owned by nobody else.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    Ok((above_stdio(read)?, above_stdio(write)?))
}

/// `fd`, or a duplicate of it numbered above the launch server's socket descriptor.
pub fn above_stdio(fd: OwnedFd) -> Result<OwnedFd, RunError> {
    if fd.as_raw_fd() > launch::SOCKET_FD {
        return Ok(fd);
    }
    // SAFETY: F_DUPFD_CLOEXEC returns a new descriptor or -1.
    let high = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 10) };
    if high < 0 {
        return Err(RunError::io(
            "cannot duplicate a descriptor",
            std::io::Error::last_os_error(),
        ));
    }
    // SAFETY: a fresh descriptor owned by nobody else.
    Ok(unsafe { OwnedFd::from_raw_fd(high) })
}

/// Makes reads from `fd` return at once when nothing is there.
pub fn set_nonblocking(fd: &OwnedFd) {
    // SAFETY: fcntl flag changes on our own descriptor.
    unsafe {
        let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// The inode number of the file or pipe behind `fd`.
pub fn inode(fd: &OwnedFd) -> u64 {
    // SAFETY: fstat writes into a local.
    unsafe {
        let mut stat: libc::stat = std::mem::zeroed();
        libc::fstat(fd.as_raw_fd(), &mut stat);
        stat.st_ino
    }
}
