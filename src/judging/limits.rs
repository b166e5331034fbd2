//! The limits a judged program runs under on each case, resolved once from the model's
//! [`Limits`] for every format: the most specific of the problem's settings
//! ([`Limits::for_test`]: the language's test, group and base entries over the problem's test
//! and group entries over its own limits), then the command line's flags over them, and the
//! wall clock as the problem's [`crate::model::WallClock`] says.

use std::path::Path;
use std::time::Duration;

use crate::formats::LimitFlags;
use crate::model::{Problem, ProblemLimits, TimeLimit};
use crate::run;

/// Why a case has no limits yet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// The problem's time limit comes from its accepted submissions, and neither
    /// `--time-limit` nor a derivation ([`CaseLimits::derived`]) gave it.
    #[error("no fixed time limit: it comes from the accepted submissions")]
    ToDerive,
}

/// The limits of a program's runs on the cases of one problem.
#[derive(Debug, Clone)]
pub struct CaseLimits<'p> {
    problem: &'p Problem,
    flags: LimitFlags,
    /// The program's language as the model keys its overrides: its file extension, lower case.
    language: Option<String>,
    /// The time limit derived from the accepted submissions, once it is.
    derived: Option<Duration>,
}

/// The language of the program at `path` as [`ProblemLimits::by_language`] names it: its file's
/// extension, in lower case (`py`, `cpp`); `None` for a file without one.
pub fn language_of(path: &Path) -> Option<String> {
    path.extension()
        .map(|extension| extension.to_string_lossy().to_lowercase())
}

impl<'p> CaseLimits<'p> {
    /// The limits of the program at `program` on `problem`'s cases, `flags` winning over
    /// whatever the problem sets.
    pub fn new(problem: &'p Problem, flags: LimitFlags, program: &Path) -> CaseLimits<'p> {
        CaseLimits {
            problem,
            flags,
            language: language_of(program),
            derived: None,
        }
    }

    /// The same, the time limit derived from the accepted submissions being `time`.
    pub fn derived(self, time: Duration) -> CaseLimits<'p> {
        CaseLimits {
            derived: Some(time),
            ..self
        }
    }

    /// Whether the time limit must still be derived from the accepted submissions: the
    /// problem says so and `--time-limit` was not given.
    pub fn to_derive(&self) -> bool {
        let from_submissions =
            matches!(self.problem.limits.time, TimeLimit::FromSubmissions { .. });
        from_submissions && self.flags.time.is_none() && self.derived.is_none()
    }

    /// The limits of a run on the case named `case` (a judged case of the problem, found
    /// with its group). A test the problem does not have (ours' `--tests DIR`) is of no
    /// group: it runs under the problem's (and its language's) own limits.
    pub fn of_case(&self, case: &str) -> Result<run::Limits, LimitError> {
        self.of_test(self.group_of(case), case)
    }

    /// The limits of a run on no case in particular: the problem's own, with the language's
    /// and the flags over them (what a report names as the limits of a judging).
    pub fn of_problem(&self) -> Result<run::Limits, LimitError> {
        self.of_test("", "")
    }

    /// The limits of a run on the case named `case` whose CPU time limit is `cpu` rather than
    /// the case's own: a Kattis submission's run up to the higher limit (the time limit ×
    /// `time_limit_to_tle`), or before the limit is derived. Its memory, output and wall
    /// clock are the case's, as [`CaseLimits::of_case`] resolves them.
    pub fn with_cpu(&self, case: &str, cpu: Duration) -> run::Limits {
        let (_, memory_kib) = self.resolved(self.group_of(case), case);
        self.run_limits(cpu, memory_kib)
    }

    /// The group of the case named `case`; none (`""`) for a test the problem does not have.
    fn group_of(&self, case: &str) -> &str {
        (self.problem.judged_cases())
            .find(|known| known.name == case)
            .map_or("", |known| known.group.as_str())
    }

    /// The limits of a run on test `test` of group `group`.
    fn of_test(&self, group: &str, test: &str) -> Result<run::Limits, LimitError> {
        let (time, memory_kib) = self.resolved(group, test);
        let cpu = (self.flags.time)
            .or(time)
            .or(self.derived)
            .ok_or(LimitError::ToDerive)?;
        Ok(self.run_limits(cpu, memory_kib))
    }

    /// The problem's time (if set) and memory in KiB for test `test` of group `group` in the
    /// program's language, `--memory-limit` over the memory.
    fn resolved(&self, group: &str, test: &str) -> (Option<Duration>, u64) {
        let limits: &ProblemLimits = &self.problem.limits;
        let (time, memory_kib) = limits.for_test(self.language.as_deref(), group, test);
        let memory_kib = (self.flags.memory_mib).map_or(memory_kib, |mib| mib << 10);
        (time, memory_kib)
    }

    /// A run's limits with `cpu` of CPU time and `memory_kib` of memory (exactly: a limit
    /// that is not a whole MiB stays what it is), the output and the wall clock as the
    /// problem says.
    fn run_limits(&self, cpu: Duration, memory_kib: u64) -> run::Limits {
        let limits: &ProblemLimits = &self.problem.limits;
        let mut resolved = run::Limits::new(cpu, memory_kib << 10);
        resolved.wall = limits.wall.of(cpu);
        if let Some(output_mib) = limits.output_mib {
            resolved.output = output_mib << 20;
        }
        resolved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        CaseData, CaseKind, Format, LimitOverride, LimitTable, TestCase, TestGroup, WallClock,
    };

    const SECOND: Duration = Duration::from_secs(1);

    /// A problem with groups `0` (the samples) and `1`, tests `t0`, `t1a`, `t1b`: 1 s and
    /// 64 MiB, group 1 2 s, test `t1b` 128 MiB; in Python 5 s, and 3 s on group 1.
    fn problem(wall: WallClock, time: TimeLimit) -> Problem {
        let case = |name: &str, group: &str| TestCase {
            name: name.to_string(),
            group: group.to_string(),
            kind: CaseKind::Secret,
            input: CaseData::File(format!("{name}.in").into()),
            answer: None,
            output: None,
            own_args: None,
        };
        let set = |time: Option<u64>, memory_mib: Option<u64>| LimitOverride {
            time: time.map(Duration::from_secs),
            memory_kib: memory_mib.map(|mib| mib << 10),
        };
        let mut overrides = LimitTable::default();
        overrides.by_group.insert("1".into(), set(Some(2), None));
        overrides.by_test.insert("t1b".into(), set(None, Some(128)));
        let mut python = LimitTable {
            base: set(Some(5), None),
            ..LimitTable::default()
        };
        python.by_group.insert("1".into(), set(Some(3), None));
        Problem {
            limits: ProblemLimits {
                time,
                memory_kib: 64 << 10,
                output_mib: None,
                overrides,
                by_language: [("py".to_string(), python)].into(),
                wall,
                validation: None,
            },
            groups: ["0", "1"]
                .map(|name| TestGroup {
                    name: name.into(),
                    ..TestGroup::default()
                })
                .into(),
            cases: vec![case("t0", "0"), case("t1a", "1"), case("t1b", "1")],
            ..Problem::bare("abc", Format::Sinol)
        }
    }

    fn fixed() -> Problem {
        problem(WallClock::Sinol, TimeLimit::Fixed(SECOND))
    }

    /// CPU seconds and MiB of the limits of `program` on `case`.
    fn limits_of(problem: &Problem, flags: LimitFlags, program: &str, case: &str) -> (u64, u64) {
        let limits = CaseLimits::new(problem, flags, Path::new(program))
            .of_case(case)
            .expect("fixed limits");
        (
            limits.cpu.as_secs(),
            limits.memory.expect("a memory limit") >> 20,
        )
    }

    #[test]
    fn each_case_gets_its_group_s_and_its_own_limits() {
        let none = LimitFlags::default();
        let problem = fixed();
        assert_eq!(limits_of(&problem, none, "abc.cpp", "t0"), (1, 64));
        assert_eq!(limits_of(&problem, none, "abc.cpp", "t1a"), (2, 64));
        assert_eq!(limits_of(&problem, none, "abc.cpp", "t1b"), (2, 128));
        // A test the problem does not have runs under the problem's own limits.
        assert_eq!(limits_of(&problem, none, "abc.cpp", "other"), (1, 64));
    }

    #[test]
    fn a_language_s_limits_win_over_the_problem_s_and_the_flags_over_all() {
        let none = LimitFlags::default();
        let problem = fixed();
        assert_eq!(limits_of(&problem, none, "abc.py", "t0"), (5, 64));
        assert_eq!(limits_of(&problem, none, "ABC.PY", "t1a"), (3, 64));
        assert_eq!(limits_of(&problem, none, "abc.py", "t1b"), (3, 128));
        let flags = LimitFlags {
            time: Some(Duration::from_secs(7)),
            memory_mib: Some(32),
        };
        assert_eq!(limits_of(&problem, flags, "abc.py", "t1b"), (7, 32));
        assert_eq!(limits_of(&problem, flags, "abc", "t0"), (7, 32));
    }

    #[test]
    fn the_wall_clock_and_the_output_follow_the_problem() {
        let none = LimitFlags::default();
        let sinol = fixed();
        let limits = CaseLimits::new(&sinol, none, Path::new("a.cpp"));
        let wall = limits.of_case("t1a").expect("fixed").wall;
        assert_eq!(wall, Duration::from_secs(2 * 2));
        let mut twice = problem(WallClock::Twice, TimeLimit::Fixed(SECOND));
        twice.limits.output_mib = Some(8);
        let limits = CaseLimits::new(&twice, none, Path::new("a.cpp"));
        let resolved = limits.of_problem().expect("fixed");
        let ordinary = run::Limits::new(SECOND, 64 << 20);
        assert_eq!(resolved.wall, ordinary.wall);
        assert_eq!(resolved.output, 8 << 20);
    }

    #[test]
    fn a_time_limit_from_the_submissions_waits_for_them_unless_the_flag_gives_it() {
        let derived = problem(
            WallClock::Twice,
            TimeLimit::FromSubmissions {
                ac_to_time_limit: 2.0,
                time_limit_to_tle: 1.5,
                resolution: 1.0,
            },
        );
        let none = LimitFlags::default();
        let limits = CaseLimits::new(&derived, none, Path::new("a.cpp"));
        assert!(limits.to_derive());
        assert_eq!(limits.of_case("t0"), Err(LimitError::ToDerive));
        // A group's own time still wins over the derived one.
        let limits = limits.derived(Duration::from_secs(4));
        assert!(!limits.to_derive());
        assert_eq!(limits.of_case("t0").expect("derived").cpu.as_secs(), 4);
        assert_eq!(limits.of_case("t1a").expect("its group's").cpu.as_secs(), 2);
        let flag = LimitFlags {
            time: Some(SECOND * 3),
            memory_mib: None,
        };
        let limits = CaseLimits::new(&derived, flag, Path::new("a.cpp"));
        assert!(!limits.to_derive());
        assert_eq!(limits.of_case("t0").expect("flag").cpu.as_secs(), 3);
    }
    /// Bytes of memory `program` gets on `case` of `problem`, with `flags`.
    fn memory_of(problem: &Problem, flags: LimitFlags, program: &str, case: &str) -> u64 {
        let limits = CaseLimits::new(problem, flags, Path::new(program));
        limits
            .of_case(case)
            .expect("fixed")
            .memory
            .expect("a memory limit")
    }

    #[test]
    fn a_sinol_memory_limit_that_is_no_whole_mib_is_run_exactly() {
        let none = LimitFlags::default();
        let mut problem = fixed();
        // sinol-make's config.yml: `memory_limit: 250000` (KiB), test t1b 100001 KiB, 70001
        // KiB in Python.
        problem.limits.memory_kib = 250_000;
        let t1b = problem
            .limits
            .overrides
            .by_test
            .get_mut("t1b")
            .expect("t1b");
        t1b.memory_kib = Some(100_001);
        let python = problem.limits.by_language.get_mut("py").expect("py");
        python.base.memory_kib = Some(70_001);
        assert_eq!(memory_of(&problem, none, "abc.cpp", "t0"), 250_000 * 1024);
        assert_eq!(memory_of(&problem, none, "abc.cpp", "t1b"), 100_001 * 1024);
        assert_eq!(memory_of(&problem, none, "abc.py", "t1a"), 70_001 * 1024);
        // A run to another CPU limit keeps the case's exact memory.
        let limits = CaseLimits::new(&problem, none, Path::new("abc.cpp"));
        let higher = limits.with_cpu("t1b", SECOND * 3);
        assert_eq!(
            (higher.cpu, higher.memory),
            (SECOND * 3, Some(100_001 * 1024))
        );
        assert_eq!(higher.wall, WallClock::Sinol.of(SECOND * 3));
        // `--memory-limit` is whole MiB, and wins.
        let flag = LimitFlags {
            time: None,
            memory_mib: Some(32),
        };
        assert_eq!(memory_of(&problem, flag, "abc.cpp", "t1b"), 32 << 20);
    }

    #[test]
    fn a_sinol_test_s_own_limit_wins_over_its_group_s_in_every_language() {
        let none = LimitFlags::default();
        let mut problem = fixed();
        // `time_limits: {1: 2000, 1b: 4000}` (ms): the test's own over its group's, and over
        // a language's group entry too, as judge and verify both apply it.
        problem.limits.overrides.by_test.insert(
            "t1b".into(),
            LimitOverride {
                time: Some(SECOND * 4),
                memory_kib: Some(100_001),
            },
        );
        assert_eq!(limits_of(&problem, none, "abc.cpp", "t1a"), (2, 64));
        let limits = CaseLimits::new(&problem, none, Path::new("abc.cpp"));
        let own = limits.of_case("t1b").expect("fixed");
        assert_eq!((own.cpu, own.memory), (SECOND * 4, Some(100_001 * 1024)));
        // The language's group entry (3 s) is more specific than the problem's test entry.
        assert_eq!(limits_of(&problem, none, "abc.py", "t1b").0, 3);
    }
}
