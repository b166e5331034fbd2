//! The limits of the jury's own programs: generators, input and answer validators, checkers
//! and output validators, interactors, reference solutions. They come from many hands and run
//! on every test, so a hanging or flooding one must cost a bounded time and never pass for a
//! verdict of the program under judgement: reaching a limit is a judge error that names the
//! program and the limit ([`beyond_limits`]).
//!
//! The defaults follow DOMjudge's limits of its own scripts (its `script_timelimit` of 30 s,
//! wall-clock time there, and `script_memory_limit` of 2 GiB): 30 s of CPU time and 60 s of
//! wall-clock time (a program that sleeps or waits for input that never comes ends there),
//! 2 GiB of memory, 8 MiB of standard output where the output is a message rather than test
//! data (the Kattis format's default `validation_output`). A Kattis package's
//! `validation_time` and `validation_memory` replace the time and memory for its validators,
//! and `--jury-time-limit` replaces the time for everything (docs/judging.md).

use std::time::Duration;

use super::limits::{DEFAULT_OUTPUT_BYTES, TOOL_FILE_BYTES};
use super::outcome::mebibytes;
use super::{Limits, Run};

/// CPU time of one run of a jury program, unless said otherwise.
pub const DEFAULT_CPU: Duration = Duration::from_secs(30);
/// Memory of one run of a jury program, unless a package says otherwise.
pub const DEFAULT_MEMORY_BYTES: u64 = 2 << 30;
/// Standard output kept of a jury program whose output is a message (a checker, a
/// validator): more is a judge error. Programs whose output is test data (a generator, a
/// reference solution) get the output limit of programs, [`DEFAULT_OUTPUT_BYTES`].
pub const MESSAGE_OUTPUT_BYTES: u64 = 8 << 20;

/// What the command line says of the jury's programs' limits: the CPU time of `--jury-time-limit`,
/// when given. The wall-clock limit is always twice the CPU time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct JuryLimits {
    time: Option<Duration>,
}

impl JuryLimits {
    /// Jury programs get `cpu` of CPU time, whatever a package says.
    pub fn given(cpu: Duration) -> JuryLimits {
        JuryLimits { time: Some(cpu) }
    }

    /// The CPU time of a jury program's run whose problem gives it `own` (a Kattis package's
    /// `validation_time`; `None` when it says nothing): the flag's, else `own`, else
    /// [`DEFAULT_CPU`].
    pub fn cpu(&self, own: Option<Duration>) -> Duration {
        self.time.or(own).unwrap_or(DEFAULT_CPU)
    }

    /// The limits of a run of a jury program whose output is a message (a checker, a
    /// validator, an interactor), its problem giving it `own` CPU time.
    pub fn of_message(&self, own: Option<Duration>) -> Limits {
        let cpu = self.cpu(own);
        Limits {
            cpu,
            wall: cpu * 2,
            memory: Some(DEFAULT_MEMORY_BYTES),
            output: MESSAGE_OUTPUT_BYTES,
            // Feedback files are messages too: as much as their standard output.
            files: None,
        }
    }

    /// The limits of a run of a jury program whose output is test data (a generator, a
    /// reference solution): the output limit of programs.
    pub fn of_data(&self) -> Limits {
        Limits {
            output: DEFAULT_OUTPUT_BYTES,
            // sinol-make's ingen writes its tests into files: what a tool may write.
            files: Some(TOOL_FILE_BYTES),
            ..self.of_message(None)
        }
    }
}

/// Why a run of the jury program `what` (`the output validator output_validators/v`) is a
/// judge error by its own limits, or `None` when it ended within them: it did not finish in
/// time, wrote more standard output than it may, or ran out of memory.
pub fn beyond_limits(what: &str, run: &Run) -> Option<String> {
    let limits = &run.limits;
    if run.time_limit_hit() {
        return Some(format!(
            "{what} did not finish within its limit of {} of CPU / {} wall",
            plain_seconds(limits.cpu),
            plain_seconds(limits.wall)
        ));
    }
    if run.output_limit_hit {
        return Some(format!(
            "{what} wrote more than its limit of {} to standard output",
            mebibytes(limits.output)
        ));
    }
    if let (Some(reason), Some(memory)) = (&run.memory_limit_hit, limits.memory) {
        return Some(format!(
            "{what} ran out of its memory limit of {} ({reason})",
            mebibytes(memory)
        ));
    }
    None
}

/// `30 s`, `0.5 s`: a limit as it was given, without trailing zeros.
fn plain_seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Exit;

    /// A run that `limits` killed at the wall-clock limit.
    fn run(limits: Limits) -> Run {
        Run {
            wall_limit_hit: true,
            ..Run::ended(Exit::Signal(libc::SIGKILL), b"", limits)
        }
    }

    #[test]
    fn the_flag_wins_over_a_package_s_own_time_which_wins_over_the_default() {
        let none = JuryLimits::default();
        let own = Some(Duration::from_secs(5));
        assert_eq!(none.cpu(None), DEFAULT_CPU);
        assert_eq!(none.cpu(own), Duration::from_secs(5));
        let flag = JuryLimits::given(Duration::from_millis(500));
        assert_eq!(flag.cpu(own), Duration::from_millis(500));
        let limits = flag.of_message(own);
        assert_eq!(limits.wall, Duration::from_secs(1));
        assert_eq!(limits.output, MESSAGE_OUTPUT_BYTES);
        assert_eq!(flag.of_data().output, DEFAULT_OUTPUT_BYTES);
    }

    #[test]
    fn a_jury_program_at_its_limit_is_named_with_the_limit() {
        let hung = run(JuryLimits::default().of_message(None));
        assert_eq!(
            beyond_limits("the checker chk.cpp", &hung).as_deref(),
            Some("the checker chk.cpp did not finish within its limit of 30 s of CPU / 60 s wall")
        );
        let mut flooded = run(JuryLimits::given(Duration::from_millis(250)).of_message(None));
        flooded.wall_limit_hit = false;
        flooded.output_limit_hit = true;
        let why = beyond_limits("the validator v", &flooded).expect("over");
        assert_eq!(
            why,
            "the validator v wrote more than its limit of 8 MiB to standard output"
        );
        flooded.output_limit_hit = false;
        assert_eq!(beyond_limits("the validator v", &flooded), None);
    }
}
