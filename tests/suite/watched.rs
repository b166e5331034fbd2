//! Running the real `stonejudge` binary as a child we watch: its peak memory from the kernel
//! (never a clock), and a signal sent once it has printed a given text.
//!
//! The peak is the child's `VmHWM` in `/proc/<pid>/status`, read every few milliseconds while
//! it runs. `wait4`'s `ru_maxrss` would be exact but is useless here: the kernel carries the
//! high-water mark across fork and exec, so a child of this (large) test process reports the
//! test process's own peak.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How a watched run ended.
pub struct Watched {
    /// The exit status, `None` if a signal ended it.
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// Peak resident set size, in KiB, as last seen (`VmHWM` only grows).
    pub peak_kib: u64,
}

impl Watched {
    /// Asserts the run exited with `code`, showing both outputs when it did not.
    pub fn assert_exit(&self, code: i32) {
        assert_eq!(
            self.code,
            Some(code),
            "stdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
    }
}

/// How often the child's peak memory is read.
const POLL: Duration = Duration::from_millis(5);

/// The `VmHWM` of process `pid`, in KiB, if it is still running.
fn high_water_kib(pid: libc::pid_t) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A child that has not ended by then is taken to hang: it is killed and the test fails.
const HANG: Duration = Duration::from_secs(300);

/// Runs `stonejudge ARGS` from the repository root; writes `stdin` to it (ignoring a broken
/// pipe: the child may stop reading), and sends SIGINT once standard error or output
/// contains `interrupt_after`.
pub fn run(
    args: &[&str],
    stdin: impl FnOnce(&mut dyn Write) + Send,
    interrupt_after: Option<&str>,
) -> Watched {
    // The child is reaped by waitpid below (the memory watcher must know when), not by std's
    // `Child::wait`.
    #[allow(clippy::zombie_processes)]
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("stonejudge"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start stonejudge");
    let pid = child.id() as libc::pid_t;
    let mut input = child.stdin.take().expect("stdin");
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let (seen, saw) = mpsc::channel::<()>();
    let (ended, end) = mpsc::channel::<()>();
    let (reaped_tx, reaped_rx) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || stdin(&mut input));
        let reader = |stream: &mut dyn Read, seen: mpsc::Sender<()>| {
            let mut text = Vec::new();
            let mut chunk = [0u8; 4096];
            loop {
                match stream.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => text.extend_from_slice(&chunk[..n]),
                }
                if interrupt_after.is_some_and(|t| String::from_utf8_lossy(&text).contains(t)) {
                    let _ = seen.send(());
                }
            }
            String::from_utf8_lossy(&text).into_owned()
        };
        let seen_too = seen.clone();
        let stdout = scope.spawn(move || reader(&mut out, seen_too));
        let stderr = scope.spawn(move || reader(&mut err, seen));
        scope.spawn(move || {
            if interrupt_after.is_some() && saw.recv_timeout(HANG).is_ok() {
                // SAFETY: a plain kill(2) of our own child, which has not been reaped yet.
                unsafe { libc::kill(pid, libc::SIGINT) };
            }
            if end.recv_timeout(HANG).is_err() {
                // SAFETY: as above; `ended` is sent once the child is reaped.
                unsafe { libc::kill(pid, libc::SIGKILL) };
                panic!("stonejudge {args:?} hangs");
            }
        });
        let peak = scope.spawn(move || {
            // `spawn` returned after the exec, so this is already the new program's memory;
            // until the child is reaped, its pid cannot be reused.
            let mut peak = high_water_kib(pid).unwrap_or(0);
            while reaped_rx.recv_timeout(POLL).is_err() {
                peak = peak.max(high_water_kib(pid).unwrap_or(0));
            }
            peak
        });
        let mut status = 0;
        // SAFETY: waits for our own child; std's Child is not waited on afterwards.
        let reaped = unsafe { libc::waitpid(pid, &mut status, 0) };
        let _ = reaped_tx.send(());
        let _ = ended.send(());
        assert_eq!(reaped, pid, "waitpid failed");
        Watched {
            code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
            stdout: stdout.join().expect("stdout reader"),
            stderr: stderr.join().expect("stderr reader"),
            peak_kib: peak.join().expect("memory watcher"),
        }
    })
}

/// Nothing on standard input.
pub fn no_input(_: &mut dyn Write) {}

/// A file of the repository.
pub fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}
