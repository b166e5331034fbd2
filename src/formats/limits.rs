//! The limits a program runs under on a test: each flag given on the command line, else the
//! problem's own (`[limits]` of `problem.toml`), else the defaults. The one place where a
//! manifest's `[limits]` become run limits.

use std::time::Duration;

use super::manifest::LimitsSection;
use crate::run;

/// The time limit of a test when neither a flag nor the problem gives one.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(1);
/// The memory limit of a test, in MiB, when neither a flag nor the problem gives one.
pub const DEFAULT_MEMORY_MIB: u64 = 256;

/// Limits given on the command line; each one given wins over the problem's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LimitFlags {
    /// CPU time per test.
    pub time: Option<Duration>,
    /// Memory per test, in MiB.
    pub memory_mib: Option<u64>,
}

/// The limits of one run on a test: each flag given, else the manifest's, else
/// [`DEFAULT_TIME_LIMIT`] and [`DEFAULT_MEMORY_MIB`]. The one place where a manifest's
/// `[limits]` become run limits.
pub fn run_limits(manifest: Option<&LimitsSection>, flags: LimitFlags) -> run::Limits {
    // A manifest's time is checked to lie in (0, 60] when it loads.
    let time = flags
        .time
        .or_else(|| manifest.map(|l| Duration::from_secs_f64(l.time_seconds)))
        .unwrap_or(DEFAULT_TIME_LIMIT);
    let memory_mib = flags
        .memory_mib
        .or(manifest.map(|l| l.memory_mib))
        .unwrap_or(DEFAULT_MEMORY_MIB);
    run::Limits::new(time, memory_mib << 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_win_over_the_manifest_which_wins_over_the_defaults() {
        let manifest = LimitsSection {
            time_seconds: 2.5,
            memory_mib: 512,
        };
        let none = LimitFlags::default();
        let defaults = run_limits(None, none);
        assert_eq!(defaults.cpu, DEFAULT_TIME_LIMIT);
        assert_eq!(defaults.memory, Some(DEFAULT_MEMORY_MIB << 20));
        let from_manifest = run_limits(Some(&manifest), none);
        assert_eq!(from_manifest.cpu, Duration::from_millis(2500));
        assert_eq!(from_manifest.memory, Some(512 << 20));
        let time_flag = LimitFlags {
            time: Some(Duration::from_millis(300)),
            memory_mib: None,
        };
        let mixed = run_limits(Some(&manifest), time_flag);
        assert_eq!(mixed.cpu, Duration::from_millis(300));
        assert_eq!(mixed.memory, Some(512 << 20));
    }
}
