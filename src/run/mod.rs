//! Running programs: one program on one input under limits, its output captured and its
//! resources measured by the kernel; sources compiled into a cache first.
//!
//! The only module that starts processes. A run:
//!
//! - reads standard input from a file (a program that never reads cannot block the judge);
//! - drains standard output and standard error concurrently, in one `poll` loop, into bounded
//!   buffers (standard output is kept up to the output limit and the rest read and dropped,
//!   the program running on: past the limit it is OLE if it ends in time, TLE if it reaches
//!   its time limit; standard error is kept up to [`STDERR_KEPT`] bytes and the rest is read
//!   and discarded);
//! - puts the program in its own process group and kills the whole group (`SIGKILL`) at any
//!   limit and again when the program exits, so forked sleepers die with it; processes that left
//!   the group but still hold the output pipes are found in `/proc` and killed too;
//! - limits CPU time (the program's polled every 20 ms, its whole group's every 100 ms,
//!   `RLIMIT_CPU` as a backstop) and wall-clock time, and memory through a memory cgroup
//!   where the kernel lets the judge make one ([`cgroup`]), else through `RLIMIT_AS`;
//! - takes CPU time from `wait4`, and peak memory from the cgroup or from `wait4`, exact even
//!   when the judge itself is large (see [`launch`] for how);
//! - never waits without a deadline.
//!
//! A two-way run ([`two_way`]) connects the program's standard input and output to the judge
//! instead (interactive problems): to a function of the judge on a thread, or to another
//! program (an interactor, confined like the program) through a relay.
//!
//! Programs are confined (see [`sandbox`] for the modes and [`confine`] for how): no network,
//! no files but the system's, their own and a scratch directory, their processes contained
//! and counted, no privileges. Compilers are confined too ([`compile`]), on launch servers of
//! their own, so that a program's figures never include a compiler's ([`process::Runner`]);
//! only the judge's questions to an installed tool (its version, where it lives) are not.
//!
//! The jury's own programs (generators, validators, checkers, interactors) run under limits of
//! their own, which the [`Runner`] carries ([`jury`]): one that reaches them is a judge error
//! naming it.
//!
//! SIGINT, SIGTERM and SIGHUP end every program before the judge exits ([`signals`]), both
//! sides of a two-way run included, and remove the scratch directories of programs and
//! compilers ([`ScratchDir`]).

mod cached;
mod capture;
mod cgroup;
mod compile;
mod confine;
mod cpu;
mod escape;
mod fd;
mod hash;
mod identity;
mod image;
pub mod jury;
mod language;
pub mod launch;
mod launcher;
mod limits;
mod live;
mod outcome;
mod private_root;
mod process;
mod program;
mod refusal;
pub mod sandbox;
mod scripted;
pub mod signals;
mod syscalls;
mod toolchain;
mod two_way;

pub use capture::STDERR_KEPT;
pub use compile::{Built, Cache, CompileLimits};
pub use fd::RunError;
pub use hash::fnv1a_128;
pub use jury::JuryLimits;
pub use language::{Language, Row, Toolchain, TABLE};
pub use limits::Limits;
pub use live::{ScratchDir, Unbroken};
pub use outcome::{mebibytes, seconds, Exit, Run};
pub use process::{Invocation, ManagedHeap, Runner, Stdin};
pub use program::{files_of_folder, find_in_path, PrepareError, Program};
pub use refusal::sandbox_refusal;
pub use sandbox::{Protections, Sandbox};
pub use scripted::is_scripted;
/// Bytes of the program's output a two-way run keeps.
pub use two_way::OUTPUT_KEPT as TWO_WAY_OUTPUT_KEPT;
pub use two_way::{Channel, Deaf, InteractorRun, Silence, Speaker, Transcript, TwoWay};
