//! What one run did, and the verdict its limits and exit give before any checker looks at the
//! output.

use std::time::Duration;

use super::cgroup::MemoryUse;
use super::Limits;
use crate::verdict::{Measured, Verdict};

/// How a program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Exit {
    /// It exited with this code.
    Code(i32),
    /// It was killed by this signal (by the judge at a limit, or by itself, or the kernel).
    Signal(i32),
}

impl Exit {
    pub fn success(self) -> bool {
        self == Exit::Code(0)
    }
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Exit::Code(code) => write!(f, "exit code {code}"),
            Exit::Signal(signal) => match signal_name(signal) {
                Some(name) => write!(f, "killed by signal {signal} ({name})"),
                None => write!(f, "killed by signal {signal}"),
            },
        }
    }
}

/// The facts of one run that verdicts are made of.
#[derive(Debug, Clone)]
pub struct Run {
    pub exit: Exit,
    /// User + system CPU time of the program and of the children it waited for.
    pub cpu_time: Duration,
    /// From start to exit.
    pub wall_time: Duration,
    /// Peak resident memory of the program (or of its largest waited-for child), in KiB.
    pub peak_memory_kib: u64,
    /// The CPU time went over the limit (the program was killed, or finished too late).
    pub cpu_limit_hit: bool,
    /// The program was still running at the wall-clock limit and was killed.
    pub wall_limit_hit: bool,
    /// The program ran out of memory: see [`memory_verdict`] for how this is decided.
    pub memory_limit_hit: Option<String>,
    /// The program went past a time limit after its memory had reached the limit of its
    /// memory cgroup (killed at the time limit, or by the OOM killer later). At the limit the
    /// kernel reclaims (evicts the program's own pages and reads them back) before its OOM
    /// killer acts, and that time is charged to the program, the longer the busier the
    /// machine: such a run is out of memory, as on a judge that refuses the allocation at
    /// once (`RLIMIT_AS`, Polygon's). [`Run::verdict`] says MLE, not TLE.
    pub memory_held: bool,
    /// The program wrote more than the output limit to standard output (what is past the
    /// limit was read and dropped; the program was not stopped for it).
    pub output_limit_hit: bool,
    /// Standard output, up to the output limit.
    pub stdout: Vec<u8>,
    /// Standard error: its beginning and end (see [`super::STDERR_KEPT`]).
    pub stderr: Vec<u8>,
    pub stderr_truncated: bool,
    /// Bytes the program wrote to standard error in all, kept or not (what a message showing
    /// its beginning counts as left out).
    pub stderr_written: u64,
    /// A process outside the group held the output pipes after the program ended; it was
    /// killed, and output it wrote after a short grace period was not read.
    pub output_abandoned: bool,
    /// The judge killed the program because the other side of a two-way run had decided (an
    /// interactor rejected it): the kill is the judge's doing, not the program's.
    pub stopped: bool,
    /// The limits the run was under.
    pub limits: Limits,
}

impl Run {
    /// Time and memory, as a verdict's report shows them.
    pub fn measured(&self) -> Measured {
        Measured {
            cpu_time: self.cpu_time,
            wall_time: self.wall_time,
            peak_memory_kib: self.peak_memory_kib,
        }
    }

    pub fn time_limit_hit(&self) -> bool {
        self.cpu_limit_hit || self.wall_limit_hit
    }

    /// Whether the program failed writing a file past the file-size limit
    /// ([`super::Limits::file_bytes`]): the kernel killed it with `SIGXFSZ`, or (a runtime
    /// that ignores the signal, as the JVM does) it failed saying the write was refused.
    pub fn file_limit_hit(&self) -> bool {
        self.exit == Exit::Signal(libc::SIGXFSZ)
            || (!self.exit.success() && {
                let text = String::from_utf8_lossy(&self.stderr);
                FILE_TOO_LARGE.iter().any(|sign| text.contains(sign))
            })
    }

    /// The verdict of the run itself: TLE, MLE, OLE or RE (the first by [`Verdict::rank`] of
    /// those that apply) with an explanation, or `None` when the program exited with code 0
    /// within every limit and its output is for the checker to judge.
    pub fn verdict(&self) -> Option<(Verdict, String)> {
        let mut found: Vec<(Verdict, String)> = Vec::new();
        // A program that writes without end runs on to its time limit (its output past the
        // output limit dropped): its TLE says so, rather than that it slept.
        let flooding = match self.output_limit_hit {
            true => format!(
                ", writing past the output limit of {}",
                mebibytes(self.limits.output)
            ),
            false => String::new(),
        };
        if self.wall_limit_hit && !self.cpu_limit_hit && !self.memory_held {
            let why = match self.output_limit_hit {
                true => flooding.clone(),
                false => ": the program sleeps or waits".to_string(),
            };
            found.push((
                Verdict::TLE,
                format!(
                    "wall-clock limit {} reached after {} of CPU time{why}",
                    seconds(self.limits.wall),
                    seconds(self.cpu_time)
                ),
            ));
        }
        if self.cpu_limit_hit && !self.memory_held {
            found.push((
                Verdict::TLE,
                format!(
                    "CPU time {} over the limit {}{flooding}",
                    seconds(self.cpu_time),
                    seconds(self.limits.cpu)
                ),
            ));
        }
        if let (Some(reason), Some(limit)) = (&self.memory_limit_hit, self.limits.memory) {
            found.push((
                Verdict::MLE,
                format!(
                    "{reason} (peak {} of {})",
                    mebibytes(self.peak_memory_kib * 1024),
                    mebibytes(limit)
                ),
            ));
        }
        if self.output_limit_hit {
            found.push((
                Verdict::OLE,
                format!(
                    "more than {} written to standard output",
                    mebibytes(self.limits.output)
                ),
            ));
        }
        if self.file_limit_hit() {
            found.push((
                Verdict::OLE,
                format!(
                    "the program wrote a file past the file-size limit of {}",
                    mebibytes(self.limits.file_bytes())
                ),
            ));
        }
        if !self.exit.success() {
            let message = match last_line(&self.stderr) {
                Some(line) => format!("{}; stderr: {line}", self.exit),
                None => self.exit.to_string(),
            };
            found.push((Verdict::RE, message));
        }
        found.into_iter().min_by_key(|(verdict, _)| verdict.rank())
    }

    /// [`Run::verdict`] for a tool of the jury's (a generator, a reference, a validator):
    /// its failure is a judge error, and what the tool printed on standard error is why, so
    /// the message ends with [`Run::stderr_tail`] on lines of their own (when it is more than
    /// the one line the message quotes).
    pub fn verdict_with_stderr(&self) -> Option<(Verdict, String)> {
        let (verdict, why) = self.verdict()?;
        Some(match self.stderr_tail() {
            // One line is in the verdict's message already.
            Some(tail) if tail.lines().count() > 1 => {
                let quoted: String = tail.lines().map(|line| format!("\n  | {line}")).collect();
                (verdict, format!("{why}\nits standard error ends:{quoted}"))
            }
            _ => (verdict, why),
        })
    }

    /// Bytes of standard error that the run did not keep (what a message showing its
    /// beginning counts as left out).
    pub fn stderr_left_out(&self) -> u64 {
        self.stderr_written.saturating_sub(self.stderr.len() as u64)
    }

    /// The end of standard error for a report: its last [`TAIL_LINES`] lines and at most
    /// [`TAIL_BYTES`] bytes (cut at a character), headed by `[... N earlier lines cut ...]`
    /// when anything before was left out (by this cut or by the run's own bound on what it
    /// keeps). `None` when the program wrote nothing but blanks.
    pub fn stderr_tail(&self) -> Option<String> {
        let text = String::from_utf8_lossy(&self.stderr);
        let text = text.trim_end();
        if text.trim().is_empty() {
            return None;
        }
        let lines: Vec<&str> = text.lines().collect();
        let mut kept = &lines[lines.len().saturating_sub(TAIL_LINES)..];
        let mut tail = kept.join("\n");
        if tail.len() > TAIL_BYTES {
            let mut cut = tail.len() - TAIL_BYTES;
            while !tail.is_char_boundary(cut) {
                cut += 1;
            }
            tail = tail[cut..].to_string();
            kept = &[];
        }
        let left_out = lines.len() - kept.len();
        Some(match (left_out, kept.is_empty()) {
            (_, true) => format!("[... earlier output cut ...]\n{tail}"),
            (0, false) if !self.stderr_truncated => tail,
            (0, false) => format!("[... earlier output cut ...]\n{tail}"),
            (n, false) => format!("[... {n} earlier lines cut ...]\n{tail}"),
        })
    }
}

/// How much of standard error a report shows: its last [`TAIL_LINES`] lines, at most
/// [`TAIL_BYTES`] bytes of them. Enough for a traceback's end or an assertion with its line;
/// short enough for a table's note and a JSON field.
pub const TAIL_LINES: usize = 20;
/// See [`TAIL_LINES`].
pub const TAIL_BYTES: usize = 2048;

/// Why a run counts as out of memory, or `None`. Under `RLIMIT_AS` a program that runs out of
/// memory does not die in one recognisable way: C++ and Rust abort on a failed allocation,
/// Python exits with `MemoryError`, a stack overflow or a C program using a null `malloc`
/// result gets `SIGSEGV`, and a static array larger than the limit kills the program inside
/// `execve`. So a run that failed is MLE when its peak came within 10% of the limit, when its
/// executable's static data alone does not fit, or when its standard error says an
/// allocation failed; and any run whose peak passed the limit is MLE.
pub(crate) fn memory_verdict(
    limit: Option<u64>,
    exit: Exit,
    peak_kib: u64,
    static_bytes: u64,
    stderr: &[u8],
) -> Option<String> {
    let limit = limit?;
    let peak = peak_kib.saturating_mul(1024);
    if peak > limit {
        return Some("memory over the limit".to_string());
    }
    if exit.success() {
        return None;
    }
    if static_bytes >= limit {
        return Some(format!(
            "static data alone needs {}",
            mebibytes(static_bytes)
        ));
    }
    if peak.saturating_mul(10) >= limit.saturating_mul(9) {
        return Some("failed at the memory limit".to_string());
    }
    allocation_failure(stderr).map(|sign| format!("allocation failed ({sign})"))
}

/// Why a run in a memory cgroup counts as out of memory, or `None`: the kernel's OOM killer
/// killed a process of it, or its memory reached the limit and it then failed (a program that
/// reached the limit, had page cache reclaimed and finished cleanly is left to the checker),
/// or it went past a time limit after that (`over_time`: see [`Run::memory_held`]).
pub(crate) fn memory_verdict_by_cgroup(
    measured: &MemoryUse,
    exit: Exit,
    over_time: bool,
) -> Option<String> {
    if measured.oom_killed {
        Some("killed by the kernel at the memory limit".to_string())
    } else if measured.limit_hit && over_time {
        Some(
            "reached the memory limit, where the kernel's reclaim held it until the time \
             limit killed it"
                .to_string(),
        )
    } else if measured.limit_hit && !exit.success() {
        Some("failed at the memory limit".to_string())
    } else {
        None
    }
}

/// Why a run of a runtime that was told the memory limit as its heap limit (see
/// `ManagedHeap`) counts as out of memory, or `None`: it failed saying its heap was full. The
/// heap can fill before the process reaches the limit, so neither the cgroup nor the peak
/// tells.
pub(crate) fn heap_exhausted(exit: Exit, stderr: &[u8]) -> Option<String> {
    if exit.success() {
        return None;
    }
    let text = String::from_utf8_lossy(stderr);
    HEAP_FULL
        .into_iter()
        .find(|sign| text.contains(sign))
        .map(|sign| format!("the heap limit was reached ({sign})"))
}

/// What a program says when a write past `RLIMIT_FSIZE` fails with `EFBIG` (`strerror`'s
/// words, and what a C library prints for a child killed by `SIGXFSZ`).
const FILE_TOO_LARGE: [&str; 2] = ["File too large", "File size limit exceeded"];

/// What runtimes with a heap limit print when it is reached: the JVM, V8, GHC's runtime.
const HEAP_FULL: [&str; 3] = [
    "java.lang.OutOfMemoryError",
    "JavaScript heap out of memory",
    "Heap exhausted",
];

/// What runtimes print when an allocation fails, in C++, Rust, Python, C (`perror`), Java, C#
/// and others.
const ALLOCATION_FAILURES: [&str; 7] = [
    "std::bad_alloc",
    "memory allocation of ",
    "MemoryError",
    "Cannot allocate memory",
    "out of memory",
    "java.lang.OutOfMemoryError",
    "System.OutOfMemoryException",
];

fn allocation_failure(stderr: &[u8]) -> Option<&'static str> {
    let text = String::from_utf8_lossy(stderr);
    ALLOCATION_FAILURES
        .into_iter()
        .find(|sign| text.contains(sign))
}

/// The last non-blank line of `bytes`, shortened for a one-line message.
fn last_line(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let line = text.lines().rev().map(str::trim).find(|l| !l.is_empty())?;
    const MAX: usize = 100;
    Some(match line.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}...", &line[..cut]),
        None => line.to_string(),
    })
}

fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return None,
    })
}

/// `1.25 s`.
pub fn seconds(duration: Duration) -> String {
    format!("{:.2} s", duration.as_secs_f64())
}

/// `256 MiB`, `1.5 MiB`.
pub fn mebibytes(bytes: u64) -> String {
    let mib = bytes as f64 / (1u64 << 20) as f64;
    if mib >= 10.0 || mib.fract() == 0.0 {
        format!("{mib:.0} MiB")
    } else {
        format!("{mib:.1} MiB")
    }
}

#[cfg(test)]
impl Run {
    /// A run under `limits` that ended with `exit` at once, having written `stderr` and
    /// nothing else: what the unit tests of whatever reads runs start from.
    pub(crate) fn ended(exit: Exit, stderr: &[u8], limits: Limits) -> Run {
        Run {
            exit,
            cpu_time: Duration::ZERO,
            wall_time: Duration::ZERO,
            peak_memory_kib: 0,
            cpu_limit_hit: false,
            wall_limit_hit: false,
            memory_limit_hit: None,
            memory_held: false,
            output_limit_hit: false,
            stdout: Vec::new(),
            stderr: stderr.to_vec(),
            stderr_truncated: false,
            stderr_written: stderr.len() as u64,
            output_abandoned: false,
            stopped: false,
            limits,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;

    fn run(exit: Exit) -> Run {
        Run {
            cpu_time: Duration::from_millis(10),
            wall_time: Duration::from_millis(12),
            peak_memory_kib: 2048,
            ..Run::ended(exit, b"", Limits::new(Duration::from_secs(1), 256 * MIB))
        }
    }

    #[test]
    fn clean_exit_leaves_the_verdict_to_the_checker() {
        assert_eq!(run(Exit::Code(0)).verdict(), None);
    }

    #[test]
    fn precedence_follows_rank() {
        let mut r = run(Exit::Signal(libc::SIGKILL));
        r.output_limit_hit = true;
        assert_eq!(r.verdict().unwrap().0, Verdict::OLE);
        r.memory_limit_hit = Some("x".into());
        assert_eq!(r.verdict().unwrap().0, Verdict::MLE);
        r.wall_limit_hit = true;
        assert_eq!(r.verdict().unwrap().0, Verdict::TLE);
    }

    #[test]
    fn a_flood_to_the_time_limit_is_tle_saying_it_wrote_past_the_output_limit() {
        let mut r = run(Exit::Signal(libc::SIGKILL));
        r.output_limit_hit = true;
        r.wall_limit_hit = true;
        let (verdict, why) = r.verdict().expect("a verdict");
        assert_eq!(verdict, Verdict::TLE);
        assert!(
            why.ends_with("of CPU time, writing past the output limit of 64 MiB"),
            "{why}"
        );
        r.wall_limit_hit = false;
        r.cpu_limit_hit = true;
        let (_, why) = r.verdict().expect("a verdict");
        assert!(
            why.ends_with("writing past the output limit of 64 MiB"),
            "{why}"
        );
    }

    #[test]
    fn runtime_error_quotes_the_last_stderr_line() {
        let mut r = run(Exit::Code(1));
        r.stderr =
            b"Traceback (most recent call last):\n  ...\nZeroDivisionError: division by zero\n\n"
                .to_vec();
        let (verdict, message) = r.verdict().unwrap();
        assert_eq!(verdict, Verdict::RE);
        assert_eq!(
            message,
            "exit code 1; stderr: ZeroDivisionError: division by zero"
        );
        let r = run(Exit::Signal(libc::SIGSEGV));
        assert_eq!(r.verdict().unwrap().1, "killed by signal 11 (SIGSEGV)");
    }

    #[test]
    fn the_stderr_tail_is_bounded_and_marked_when_cut() {
        let mut r = run(Exit::Code(1));
        assert_eq!(r.stderr_tail(), None);
        r.stderr = b"assertion failed at line 40\n\n".to_vec();
        assert_eq!(
            r.stderr_tail().as_deref(),
            Some("assertion failed at line 40")
        );
        r.stderr = (1..=30)
            .map(|i| format!("line {i}\n"))
            .collect::<String>()
            .into_bytes();
        let tail = r.stderr_tail().unwrap();
        assert!(
            tail.starts_with("[... 10 earlier lines cut ...]\nline 11\n"),
            "{tail}"
        );
        assert!(tail.ends_with("line 30"), "{tail}");
        r.stderr = "é".repeat(5000).into_bytes();
        let tail = r.stderr_tail().unwrap();
        assert!(tail.starts_with("[... earlier output cut ...]\n"), "{tail}");
        assert!(tail.len() <= TAIL_BYTES + 40);
        r.stderr = b"only line\n".to_vec();
        r.stderr_truncated = true;
        assert_eq!(
            r.stderr_tail().as_deref(),
            Some("[... earlier output cut ...]\nonly line")
        );
    }

    #[test]
    fn memory_rules() {
        let limit = Some(256 * MIB);
        let abort = Exit::Signal(libc::SIGABRT);
        let segv = Exit::Signal(libc::SIGSEGV);
        // A crash far below the limit with no sign of allocation failure is not MLE.
        assert_eq!(memory_verdict(limit, segv, 3000, 20_000, b""), None);
        // ... but it is with the peak near the limit, a huge image, or a failed allocation.
        assert!(memory_verdict(limit, segv, 240 * 1024, 0, b"").is_some());
        assert!(memory_verdict(limit, segv, 1000, 1 << 30, b"").is_some());
        let bad_alloc = b"terminate called after throwing an instance of 'std::bad_alloc'\n";
        assert!(memory_verdict(limit, abort, 130 * 1024, 0, bad_alloc).is_some());
        assert!(memory_verdict(limit, Exit::Code(1), 9000, 0, b"MemoryError\n").is_some());
        // A successful run is MLE only past the limit; no limit, no MLE.
        assert_eq!(
            memory_verdict(limit, Exit::Code(0), 250 * 1024, 0, b""),
            None
        );
        assert!(memory_verdict(limit, Exit::Code(0), 300 * 1024, 0, b"").is_some());
        assert_eq!(memory_verdict(None, segv, 1 << 30, 0, bad_alloc), None);
    }

    #[test]
    fn a_full_heap_is_out_of_memory_only_when_the_run_failed() {
        let java = b"Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n";
        assert!(heap_exhausted(Exit::Code(1), java).is_some());
        assert_eq!(heap_exhausted(Exit::Code(0), java), None);
        assert_eq!(
            heap_exhausted(Exit::Code(1), b"NullPointerException\n"),
            None
        );
        assert!(heap_exhausted(Exit::Code(251), b"sol: Heap exhausted;\n").is_some());
    }

    #[test]
    fn memory_rules_with_a_cgroup() {
        let measured = |limit_hit, oom_killed| MemoryUse {
            peak_bytes: Some(64 * MIB),
            limit_hit,
            oom_killed,
        };
        let exit3 = Exit::Code(3);
        let killed = Exit::Signal(libc::SIGKILL);
        assert!(memory_verdict_by_cgroup(&measured(true, true), killed, false).is_some());
        assert!(memory_verdict_by_cgroup(&measured(true, false), exit3, false).is_some());
        // At the limit but finished cleanly: the checker decides.
        assert_eq!(
            memory_verdict_by_cgroup(&measured(true, false), Exit::Code(0), false),
            None
        );
        // A crash that never reached the limit is no MLE, whatever its stderr says.
        assert_eq!(
            memory_verdict_by_cgroup(&measured(false, false), exit3, false),
            None
        );
        // Killed at the time limit: out of memory only when it had reached the limit.
        let held = memory_verdict_by_cgroup(&measured(true, false), killed, true);
        assert!(held.is_some_and(|why| why.contains("held it until the time limit")));
        assert_eq!(
            memory_verdict_by_cgroup(&measured(false, false), killed, true),
            None
        );
    }

    #[test]
    fn a_run_held_at_its_memory_limit_until_the_time_limit_is_mle() {
        let mut r = run(Exit::Signal(libc::SIGKILL));
        r.cpu_limit_hit = true;
        r.memory_limit_hit = Some("reached the memory limit".into());
        assert_eq!(r.verdict().unwrap().0, Verdict::TLE);
        r.memory_held = true;
        assert_eq!(r.verdict().unwrap().0, Verdict::MLE);
        r.wall_limit_hit = true;
        assert_eq!(r.verdict().unwrap().0, Verdict::MLE);
    }

    #[test]
    fn sizes_and_times_read_well() {
        assert_eq!(mebibytes(256 * MIB), "256 MiB");
        assert_eq!(mebibytes(3 * MIB / 2), "1.5 MiB");
        assert_eq!(seconds(Duration::from_millis(1250)), "1.25 s");
    }
}
