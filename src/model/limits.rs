//! The limits a problem's programs run under: time and memory, overridden per group, per test
//! and per language where the format allows it (sinol-make does all three).
//!
//! Memory is held in KiB, exactly as sinol-make's `config.yml` gives it (`memory_limit:
//! 262000`), so that no format's limit is rounded on the way to a run; ours and Kattis give
//! whole MiB. In `--json` (`describe`) it is still `memory_mib`, as a setter reads it: a
//! whole number, or a fraction for a limit that is not a whole MiB.

use std::collections::BTreeMap;
use std::time::Duration;

/// A problem's limits.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ProblemLimits {
    pub time: TimeLimit,
    /// In KiB (see the module's doc).
    #[serde(rename = "memory_mib", serialize_with = "kib_as_mib")]
    pub memory_kib: u64,
    /// The most a submission may write, when the format limits it.
    pub output_mib: Option<u64>,
    /// Time and memory for some groups and tests.
    pub overrides: LimitTable,
    /// Limits for one language (sinol-make's `override_limits`, by its file extension: `py`,
    /// `cpp`), applied over the problem's.
    pub by_language: BTreeMap<String, LimitTable>,
    /// How long a run may last by the wall clock beside its CPU time limit.
    pub wall: WallClock,
    /// What its validators, checkers and interactors run under, when the format says (a
    /// Kattis package's); else the jury's limits of the runner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validation: Option<ValidationLimits>,
}

/// The limits a problem's validators, checkers and interactors run under, as a Kattis
/// package gives them (`validation_time`, `validation_memory`, `validation_output`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ValidationLimits {
    /// CPU seconds, when given (else the jury's time).
    pub seconds: Option<f64>,
    pub memory_mib: u64,
    pub output_mib: u64,
}

/// The wall-clock limit of a run, which only ends a program that sleeps or blocks: the time
/// limit is of CPU time, and a loaded machine must not turn a run within it into a time-out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WallClock {
    /// Twice the CPU limit and a second (`crate::run::Limits::new`): ours and Kattis, whose
    /// tests run several at a time and where a sleeping program should not hold a job long.
    #[default]
    Twice,
    /// Twice the CPU limit, rounded up to whole seconds: sinol-make's `hard_time_limit`
    /// (`math.ceil(2 * time_limit / 1000.0)`), at which it kills a run and says TL, however
    /// little CPU time it took (a solution that sleeps).
    Sinol,
}

impl WallClock {
    /// The wall-clock limit of a run whose CPU time limit is `cpu`.
    pub fn of(self, cpu: Duration) -> Duration {
        match self {
            WallClock::Twice => cpu * 2 + Duration::from_secs(1),
            WallClock::Sinol => Duration::from_secs((cpu * 2).as_millis().div_ceil(1000) as u64),
        }
    }
}

/// How the time limit is known.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeLimit {
    /// Given by the problem, with no margin: the accepted submissions need only run within
    /// it, and those meant to exceed it only past it (Polygon, sinol-make, ours).
    Fixed(#[serde(serialize_with = "seconds")] Duration),
    /// Given by the problem and held to safety margins over its submissions' times: a Kattis
    /// 2023-07 or 2025-09 `time_limit` with its `time_multipliers`, which the specification
    /// requires of it (the slowest accepted run × `ac_to_time_limit` within it), so that a
    /// conversion says them again rather than a format's defaults.
    FixedWithMargins {
        #[serde(serialize_with = "seconds")]
        limit: Duration,
        ac_to_time_limit: f64,
        time_limit_to_tle: f64,
    },
    /// Derived from the accepted submissions' slowest run, as Kattis packages without a fixed
    /// limit are: that time × `ac_to_time_limit`, rounded up to `resolution`; time-limit
    /// exceeded submissions must exceed it × `time_limit_to_tle`.
    FromSubmissions {
        ac_to_time_limit: f64,
        time_limit_to_tle: f64,
        resolution: f64,
    },
}

impl TimeLimit {
    /// The limit the problem gives, or `None` while it is still to be derived.
    pub fn given(self) -> Option<Duration> {
        match self {
            TimeLimit::Fixed(limit) | TimeLimit::FixedWithMargins { limit, .. } => Some(limit),
            TimeLimit::FromSubmissions { .. } => None,
        }
    }

    /// The same rule with `limit` given: a derived limit's margins become those the fixed
    /// one is held to.
    pub fn given_as(self, limit: Duration) -> TimeLimit {
        match self {
            TimeLimit::Fixed(_) => TimeLimit::Fixed(limit),
            TimeLimit::FixedWithMargins {
                ac_to_time_limit,
                time_limit_to_tle,
                ..
            }
            | TimeLimit::FromSubmissions {
                ac_to_time_limit,
                time_limit_to_tle,
                ..
            } => TimeLimit::FixedWithMargins {
                limit,
                ac_to_time_limit,
                time_limit_to_tle,
            },
        }
    }
}

/// Time and memory set over a base: for a language as a whole, and for some groups and tests.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct LimitTable {
    pub base: LimitOverride,
    /// By group name.
    pub by_group: BTreeMap<String, LimitOverride>,
    /// By case name.
    pub by_test: BTreeMap<String, LimitOverride>,
}

/// A time or a memory limit set over another.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct LimitOverride {
    #[serde(serialize_with = "optional_seconds")]
    pub time: Option<Duration>,
    /// In KiB.
    #[serde(rename = "memory_mib", serialize_with = "optional_kib_as_mib")]
    pub memory_kib: Option<u64>,
}

impl LimitOverride {
    /// `self`, with what it does not set taken from `below`.
    fn over(self, below: LimitOverride) -> LimitOverride {
        LimitOverride {
            time: self.time.or(below.time),
            memory_kib: self.memory_kib.or(below.memory_kib),
        }
    }
}

impl LimitTable {
    /// What the table sets for a test of a group: the test's own entry over its group's over
    /// the base.
    fn for_test(&self, group: &str, test: &str) -> LimitOverride {
        let of = |map: &BTreeMap<String, LimitOverride>, key: &str| {
            map.get(key).copied().unwrap_or_default()
        };
        of(&self.by_test, test).over(of(&self.by_group, group).over(self.base))
    }

    fn overrides(&self) -> impl Iterator<Item = &LimitOverride> {
        std::iter::once(&self.base)
            .chain(self.by_group.values())
            .chain(self.by_test.values())
    }
}

impl ProblemLimits {
    /// Time and memory of a run of test `test` in group `group` by a program in `language`
    /// (its file extension), the most specific setting winning: the language's test, group and
    /// base entries, then the problem's test and group entries, then the problem's limits.
    /// The time is `None` while it is still to be derived ([`TimeLimit::FromSubmissions`]);
    /// the memory is in KiB.
    pub fn for_test(
        &self,
        language: Option<&str>,
        group: &str,
        test: &str,
    ) -> (Option<Duration>, u64) {
        let problem = self.overrides.for_test(group, test).over(LimitOverride {
            time: self.time.given(),
            memory_kib: Some(self.memory_kib),
        });
        let language = language
            .and_then(|language| self.by_language.get(language))
            .map_or_else(LimitOverride::default, |table| table.for_test(group, test));
        let found = language.over(problem);
        (found.time, found.memory_kib.unwrap_or(self.memory_kib))
    }

    /// Every limit is positive and finite.
    pub(super) fn check(&self) -> Result<(), String> {
        let tables = std::iter::once(&self.overrides).chain(self.by_language.values());
        let mut times = tables
            .clone()
            .flat_map(LimitTable::overrides)
            .filter_map(|o| o.time)
            .chain(self.time.given());
        if times.any(|time| time.is_zero()) {
            return Err("a time limit is zero".to_string());
        }
        let mut memories = tables
            .flat_map(LimitTable::overrides)
            .filter_map(|o| o.memory_kib);
        if self.memory_kib == 0 || memories.any(|memory| memory == 0) {
            return Err("a memory limit is zero".to_string());
        }
        let factors = match self.time {
            TimeLimit::Fixed(_) => vec![],
            TimeLimit::FixedWithMargins {
                ac_to_time_limit,
                time_limit_to_tle,
                ..
            } => vec![ac_to_time_limit, time_limit_to_tle],
            TimeLimit::FromSubmissions {
                ac_to_time_limit,
                time_limit_to_tle,
                resolution,
            } => vec![ac_to_time_limit, time_limit_to_tle, resolution],
        };
        if factors.iter().any(|x| !(x.is_finite() && *x > 0.0)) {
            return Err("the time limit's factors must be positive".to_string());
        }
        Ok(())
    }
}

/// A time as a number of seconds, in `--json`: what a setter writes, not serde's
/// `{secs, nanos}`.
fn seconds<S: serde::Serializer>(time: &Duration, to: S) -> Result<S::Ok, S::Error> {
    to.serialize_f64(time.as_secs_f64())
}

/// A memory limit in KiB as a number of MiB, in `--json`: whole when it is (`256`), else a
/// fraction.
fn kib_as_mib<S: serde::Serializer>(kib: &u64, to: S) -> Result<S::Ok, S::Error> {
    match kib % 1024 {
        0 => to.serialize_u64(kib / 1024),
        _ => to.serialize_f64(*kib as f64 / 1024.0),
    }
}

/// [`kib_as_mib`], or `null`.
fn optional_kib_as_mib<S: serde::Serializer>(kib: &Option<u64>, to: S) -> Result<S::Ok, S::Error> {
    match kib {
        Some(kib) => kib_as_mib(kib, to),
        None => to.serialize_none(),
    }
}

/// [`seconds`], or `null`.
fn optional_seconds<S: serde::Serializer>(
    time: &Option<Duration>,
    to: S,
) -> Result<S::Ok, S::Error> {
    match time {
        Some(time) => seconds(time, to),
        None => to.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sinol_make_s_wall_clock_is_twice_the_limit_in_whole_seconds() {
        let ms = Duration::from_millis;
        assert_eq!(WallClock::Sinol.of(ms(1000)), ms(2000));
        assert_eq!(WallClock::Sinol.of(ms(1200)), ms(3000));
        assert_eq!(WallClock::Sinol.of(ms(100)), ms(1000));
    }
}
