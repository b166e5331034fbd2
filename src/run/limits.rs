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
    /// Bytes of standard output kept; more is OLE and ends the run.
    pub output: u64,
}

/// The default output limit: 64 MiB.
pub const DEFAULT_OUTPUT_BYTES: u64 = 64 << 20;

impl Limits {
    /// A time limit and a memory limit in bytes, with the wall-clock limit at twice the time
    /// limit plus one second and the default output limit.
    pub fn new(cpu: Duration, memory_bytes: u64) -> Limits {
        Limits {
            cpu,
            wall: cpu * 2 + Duration::from_secs(1),
            memory: Some(memory_bytes),
            output: DEFAULT_OUTPUT_BYTES,
        }
    }

    /// Limits for trusted tools such as compilers: generous times, no memory limit.
    pub fn for_tools(cpu: Duration) -> Limits {
        Limits {
            memory: None,
            ..Limits::new(cpu, 0)
        }
    }
}
