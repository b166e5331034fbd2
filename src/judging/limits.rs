//! The limits a judged program runs under on each case, resolved once from the model's
//! [`Limits`] for every format: the most specific of the problem's settings
//! ([`Limits::for_test`]: the language's test, group and base entries over the problem's test
//! and group entries over its own limits), then the command line's flags over them, and the
//! wall clock as the problem's [`crate::model::WallClock`] says.

use std::path::Path;
use std::time::Duration;

use crate::formats::LimitFlags;
use crate::model::{Limits, Problem, TimeLimit};
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

/// The language of the program at `path` as [`Limits::by_language`] names it: its file's
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
        let group = (self.problem.judged_cases())
            .find(|known| known.name == case)
            .map_or("", |known| known.group.as_str());
        self.of_test(group, case)
    }

    /// The limits of a run on no case in particular: the problem's own, with the language's
    /// and the flags over them (what a report names as the limits of a judging).
    pub fn of_problem(&self) -> Result<run::Limits, LimitError> {
        self.of_test("", "")
    }

    /// The limits of a run on test `test` of group `group`.
    fn of_test(&self, group: &str, test: &str) -> Result<run::Limits, LimitError> {
        let limits: &Limits = &self.problem.limits;
        let (time, memory_mib) = limits.for_test(self.language.as_deref(), group, test);
        let cpu = (self.flags.time)
            .or(time)
            .or(self.derived)
            .ok_or(LimitError::ToDerive)?;
        let memory_mib = self.flags.memory_mib.unwrap_or(memory_mib);
        let mut resolved = run::Limits::new(cpu, memory_mib << 20);
        resolved.wall = limits.wall.of(cpu);
        if let Some(output_mib) = limits.output_mib {
            resolved.output = output_mib << 20;
        }
        Ok(resolved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        CaseData, CaseKind, Format, LimitOverride, LimitTable, Programs, TestCase, TestGroup,
        WallClock,
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
        };
        let set = |time: Option<u64>, memory_mib| LimitOverride {
            time: time.map(Duration::from_secs),
            memory_mib,
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
            name: "abc".into(),
            format: Format::Sinol,
            root: "abc".into(),
            statements: Vec::new(),
            limits: Limits {
                time,
                memory_mib: 64,
                output_mib: None,
                overrides,
                by_language: [("py".to_string(), python)].into(),
                wall,
            },
            groups: ["0", "1"]
                .map(|name| TestGroup {
                    name: name.into(),
                    ..TestGroup::default()
                })
                .into(),
            cases: vec![case("t0", "0"), case("t1a", "1"), case("t1b", "1")],
            programs: Programs::default(),
            submissions: Vec::new(),
            scoring: None,
            regeneration: None,
            warnings: Vec::new(),
            unsupported: Vec::new(),
        }
    }

    fn fixed() -> Problem {
        problem(WallClock::Generous, TimeLimit::Fixed(SECOND))
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
        let generous = fixed();
        let limits = CaseLimits::new(&generous, none, Path::new("a.cpp"));
        let wall = limits.of_case("t1a").expect("fixed").wall;
        assert_eq!(wall, Duration::from_secs(2 * 4 + 5));
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
}
