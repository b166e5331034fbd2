//! The limits of one run.

use std::time::Duration;

/// Resource limits for one run of a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system, all threads, and children the program waited for). This is
    /// the time limit of the problem: it is what a verdict of TLE is about.
    pub cpu: Duration,
    /// Wall-clock time, so that a program that sleeps or blocks also ends.
    pub wall: Duration,
    /// Memory in bytes; `None` for no limit. The limit of the memory cgroup a confined program
    /// runs in where there is one (see `run::cgroup`), else of its address space
    /// (`RLIMIT_AS`). The stack has no limit of its own, so deep recursion may use all of the
    /// memory, and threads get glibc's ordinary stacks (glibc sizes them by the stack limit,
    /// which would put eight 256 MiB stacks in a 256 MiB address space).
    pub memory: Option<u64>,
    /// Bytes of standard output kept; more is read and dropped, and OLE if the program
    /// ends within its time limit (TLE wins when it does not).
    pub output: u64,
    /// Bytes the program may write into files (`None`: as many as [`Limits::output`]): each
    /// file (`RLIMIT_FSIZE`, past which a write is OLE) and, where the launch server gives it
    /// a scratch directory of its own in memory, all of that directory together. See
    /// [`Limits::file_bytes`].
    pub files: Option<u64>,
}

/// The default output limit: 64 MiB.
pub const DEFAULT_OUTPUT_BYTES: u64 = 64 << 20;

/// What a compiler, or a tool of the jury's run under [`Limits::for_tools`], may write into
/// files: 1 GiB, room for the binary of a source with a large initialised array and for a
/// generator's tests, and a bound on what a runaway one leaves on the disk (DOMjudge gives its
/// compile scripts 2.5 GiB, isolate no limit unless asked).
pub const TOOL_FILE_BYTES: u64 = 1 << 30;

impl Limits {
    /// A time limit and a memory limit in bytes, with the wall-clock limit at twice the time
    /// limit plus one second and the default output limit.
    pub fn new(cpu: Duration, memory_bytes: u64) -> Limits {
        Limits {
            cpu,
            wall: cpu * 2 + Duration::from_secs(1),
            memory: Some(memory_bytes),
            output: DEFAULT_OUTPUT_BYTES,
            files: None,
        }
    }

    /// Limits for trusted tools such as compilers: generous times, no memory limit, files of
    /// up to [`TOOL_FILE_BYTES`].
    pub fn for_tools(cpu: Duration) -> Limits {
        Limits {
            memory: None,
            files: Some(TOOL_FILE_BYTES),
            ..Limits::new(cpu, 0)
        }
    }

    /// The bytes the program may write into files: [`Limits::files`], else the output limit,
    /// since a file is another way to output (the package formats' default is that a
    /// submission writes no files at all).
    pub fn file_bytes(&self) -> u64 {
        self.files.unwrap_or(self.output)
    }
}
