//! The model's judging made runnable, once for every format: what judges a program's output
//! (the problem's [`model::Checker`]), what it plays against (its [`model::Interactor`]), and
//! how many passes it may take ([`model::Programs::passes`]), with each case's group's
//! arguments ([`model::TestGroup::output_validator_args`]).
//!
//! [`PreparedJudging::new`] builds the problem's programs once with a [`Toolbox`]; then, for
//! each case, [`PreparedJudging::of_group`] gives a [`CaseJudging`] (the checker with the
//! case's group's arguments), whose [`CaseJudging::judging`] is what the judging path
//! ([`crate::judge::Judge`]) takes. The runnable forms are the existing ones, chosen here from
//! the model alone:
//!
//! | model | runs as |
//! | --- | --- |
//! | anything of our problem's | its prepared tools' checker or interactor, or its built-in judge ([`crate::catalog::Tools::judging`], [`Toolbox::referee`]) |
//! | `Checker::Default { flags }` | the default token comparison ([`ProgramChecker::Default`]) |
//! | `Checker::Program` Kattis | the output validator ([`OutputValidator`]) |
//! | `Checker::Program` Testlib | a testlib checker ([`ProgramChecker::Testlib`]) |
//! | `Checker::Program` Sinol | sinol-make's `chk` ([`SinolJudge`]) |
//! | `Interactor` Kattis, Testlib | an interactor program ([`Interactor`]) |
//! | `Interactor` Testlib beside a `Checker::Program` Testlib | the interactor, then the checker on its record ([`RecordChecked`]: Polygon's way) |
//! | `Interactor` Sinol | sinol-make's `soc` ([`SinolJudge`], a [`Conductor`]) |
//! | `passes` | pass after pass ([`Passes`]) |

use std::path::Path;

use crate::check::protocol::KattisFlags;
use crate::judge::interactive::RecordChecked;
use crate::judge::kattis_validators::OutputValidator;
use crate::judge::multipass::{PassValidator, Passes};
use crate::judge::{self, Checker, Interactor, Protocol};
use crate::model::{self, CheckerProtocol, InteractorProtocol, Problem, TestCase, Tool};
use crate::programs::{self, ProgramChecker};
use crate::run::{Limits, Program, Runner};
use crate::verdict::Judged;

use super::sinol_protocol::SinolJudge;
use super::toolbox::{Toolbox, Unready};

/// A problem's checker, interactor and passes, built and ready to judge any of its cases.
///
/// For `stress`: make one with [`PreparedJudging::new`] (the problem read into the model,
/// a [`Toolbox`] as verify makes one: [`Toolbox::ours`] with the resolved problem's
/// `referee()` through [`Toolbox::playing`] for ours, [`Toolbox::of`] the model for a
/// package of any format), then for an input of no group
/// [`PreparedJudging::of_group`]`("")` (or the group the generated case belongs to), and
/// judge the program on the input held in memory with [`judge::Judge::input`], its
/// `judging` being [`CaseJudging::judging`].
pub struct PreparedJudging<'t> {
    runner: &'t Runner,
    /// What judges: the interactor of an interactive problem, else the checker.
    ready: Ready<'t>,
    /// What checker and interactor programs run under.
    limits: Limits,
    /// At most this many passes (a multi-pass problem).
    passes: Option<u64>,
    /// Each group's arguments for the checker or interactor, by group name.
    group_args: Vec<(String, Vec<String>)>,
    /// The arguments before each group's: a checker program's (a Kattis package's
    /// `validator_flags`), or the default comparison's flags.
    problem_args: Vec<String>,
}

/// A checker or an interactor of the model, built.
enum Ready<'t> {
    /// Our problem's own, from its prepared tools (one way for every case).
    Ours(judge::Judging<'t>),
    /// The default token comparison.
    Default,
    /// A program, called as the protocol says.
    Program { program: Program, speaks: Speaks },
    /// sinol-make's checker or interactor, as sinol-make runs it (boxed: two programs).
    Sinol(Box<SinolJudge<'t>>),
    /// A testlib interactor and the testlib checker that judges its record (a Polygon
    /// package's interactive problem; boxed: two programs).
    Recorded(Box<(Program, Program)>),
}

/// The protocols a built checker or interactor program speaks here.
#[derive(Clone, Copy)]
enum Speaks {
    KattisChecker,
    TestlibChecker,
    Interactor(Protocol),
}

/// How one case is judged on its own: its output by a checker (a Kattis output validator or
/// the default comparison with the case's arguments, a testlib checker), the program playing
/// against an interactor, or pass after pass.
pub enum TestJudging<'a> {
    Output(Box<dyn Checker + 'a>),
    Interactor(Box<Interactor>),
    /// A multi-pass problem's passes ([`crate::judge::multipass`]).
    MultiPass(Box<Passes<'a>>),
}

impl TestJudging<'_> {
    /// The judging path's view of it.
    pub fn judging(&self) -> judge::Judging<'_> {
        match self {
            TestJudging::Output(checker) => judge::Judging::Output(checker.as_ref()),
            TestJudging::Interactor(interactor) => judge::Judging::Interactor(interactor),
            TestJudging::MultiPass(passes) => judge::Judging::MultiPass(passes.as_ref()),
        }
    }
}

/// How one case is judged: the prepared form's checker with the case's group's arguments.
pub enum CaseJudging<'a> {
    /// One way for every case (our problem's own, or sinol-make's).
    Same(judge::Judging<'a>),
    /// The case's own: a checker, an interactor or passes with its group's arguments.
    Own(TestJudging<'a>),
    /// An interactor's game, then the checker on its record.
    Recorded(Box<RecordChecked<'a>>),
}

impl CaseJudging<'_> {
    /// The judging path's view of it: what [`judge::Judge::judging`] takes.
    pub fn judging(&self) -> judge::Judging<'_> {
        match self {
            CaseJudging::Same(judging) => *judging,
            CaseJudging::Own(own) => own.judging(),
            CaseJudging::Recorded(recorded) => judge::Judging::Conducted(recorded.as_ref()),
        }
    }

    /// What judges an output on its own (a case's given output, the Kattis invalid and
    /// valid outputs), when outputs are judged by a checker (not in an interactive or a
    /// multi-pass problem).
    pub fn checker(&self) -> Option<&dyn Checker> {
        match self.judging() {
            judge::Judging::Output(checker) => Some(checker),
            _ => None,
        }
    }
}

impl<'t> PreparedJudging<'t> {
    /// `problem`'s checker, interactor and passes, built by `toolbox` (our problem's from its
    /// prepared tools, `toolbox.ours`, and its built-in judge, `toolbox.referee`); an error
    /// when one does not build or cannot run here.
    pub fn new(problem: &Problem, toolbox: &Toolbox<'t>) -> Result<PreparedJudging<'t>, Unready> {
        let programs = &problem.programs;
        let ready = match (toolbox.referee, toolbox.ours, &programs.interactor) {
            // Our problem judges as the rest of our machinery does: by its built-in judge, or
            // by its prepared tools' interactor or checker (with their messages).
            (Some(referee), _, Some(_)) => Ready::Ours(judge::Judging::Interactive(referee)),
            (_, Some(tools), _) => Ready::Ours(tools.judging()),
            (_, None, Some(interactor)) => {
                ready_interactor(interactor, &programs.checker, toolbox)?
            }
            (_, None, None) => ready_checker(&programs.checker, toolbox)?,
        };
        let problem_args = match &programs.checker {
            model::Checker::Default { flags } => flags.clone(),
            _ => programs.checker_args.clone(),
        };
        Ok(PreparedJudging {
            runner: toolbox.runner,
            ready,
            limits: toolbox.limits,
            passes: programs.passes,
            group_args: (problem.groups.iter())
                .map(|group| (group.name.clone(), group.output_validator_args.clone()))
                .collect(),
            problem_args,
        })
    }

    /// How `case` is judged: with its own arguments ([`TestCase::own_args`]), else its
    /// group's.
    pub fn of_case(&self, case: &TestCase) -> Result<CaseJudging<'_>, String> {
        match &case.own_args {
            Some(own) => self.with_args(&own.output_validator_args),
            None => self.of_group(&case.group),
        }
    }

    /// How a case of the group `group` is judged: with the problem's arguments and then the
    /// group's (none for a group the problem does not have, `""`: an input of no group, as
    /// stress makes them). An error when the arguments do not parse (the default
    /// comparison's flags) or the problem's programs cannot judge this way (a multi-pass
    /// problem without an output validator to write the next pass).
    pub fn of_group(&self, group: &str) -> Result<CaseJudging<'_>, String> {
        let own = self.group_args.iter().find(|(name, _)| name == group);
        self.with_args(own.map_or(&[], |(_, own)| own.as_slice()))
    }

    /// How a case is judged with the problem's arguments and then `own`.
    fn with_args(&self, own: &[String]) -> Result<CaseJudging<'_>, String> {
        let mut args = self.problem_args.clone();
        args.extend(own.iter().cloned());
        if let Some(most) = self.passes {
            let validator = match &self.ready {
                Ready::Program {
                    program,
                    speaks: Speaks::Interactor(protocol),
                } => PassValidator::Interactor(self.interactor(program, *protocol, args)),
                Ready::Program {
                    program,
                    speaks: Speaks::KattisChecker,
                } => PassValidator::Output(self.output_validator(program, args)),
                _ => return Err("a multi-pass problem needs its output validator".to_string()),
            };
            return Ok(CaseJudging::Own(TestJudging::MultiPass(Box::new(Passes {
                validator,
                most,
            }))));
        }
        Ok(match &self.ready {
            Ready::Ours(judging) => CaseJudging::Same(*judging),
            Ready::Recorded(programs) => CaseJudging::Recorded(Box::new(RecordChecked {
                interactor: self.interactor(&programs.0, Protocol::Testlib, Vec::new()),
                checker: Box::new(self.testlib_checker(&programs.1)),
            })),
            Ready::Sinol(sinol) => CaseJudging::Same(match sinol.interactor {
                Some(_) => judge::Judging::Conducted(sinol.as_ref()),
                None => judge::Judging::Output(sinol.as_ref()),
            }),
            Ready::Default => {
                let flags = KattisFlags::parse(&args)?;
                CaseJudging::Own(TestJudging::Output(Box::new(ProgramChecker::Default(
                    flags,
                ))))
            }
            Ready::Program { program, speaks } => match speaks {
                Speaks::Interactor(protocol) => CaseJudging::Own(TestJudging::Interactor(
                    Box::new(self.interactor(program, *protocol, args)),
                )),
                Speaks::KattisChecker => CaseJudging::Own(TestJudging::Output(Box::new(
                    self.output_validator(program, args),
                ))),
                Speaks::TestlibChecker => {
                    CaseJudging::Own(TestJudging::Output(Box::new(self.testlib_checker(program))))
                }
            },
        })
    }

    /// The checker's word on the output in the file `output` for the input and answer in
    /// theirs, judged as a case of `case`'s group (of none without one): how a checker's own
    /// tests (outputs it must accept or reject) are judged.
    pub fn check_files(
        &self,
        case: Option<&TestCase>,
        (input, answer, output): (&Path, &Path, &Path),
    ) -> Result<Judged, String> {
        let read =
            |p: &Path| std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()));
        let (input, answer, output) = (read(input)?, read(answer)?, read(output)?);
        let judging = match case {
            Some(case) => self.of_case(case)?,
            None => self.of_group("")?,
        };
        let checker =
            (judging.checker()).ok_or("outputs are not judged by a checker on their own")?;
        checker.check(&input, &answer, &output).map_err(|e| e.0)
    }

    /// The testlib checker `program`.
    fn testlib_checker(&self, program: &Program) -> ProgramChecker<'t> {
        ProgramChecker::Testlib {
            tool: programs::Tool {
                program: program.clone(),
                shown: format!("checker {}", program.given.display()),
            },
            runner: self.runner,
        }
    }

    /// The output validator `program` with `flags`, reading outputs.
    fn output_validator<'a>(&self, program: &'a Program, flags: Vec<String>) -> OutputValidator<'a>
    where
        't: 'a,
    {
        OutputValidator {
            runner: self.runner,
            program,
            flags,
            limits: self.limits,
        }
    }

    /// The interactor `program` with `flags` (only the Kattis protocol passes them).
    fn interactor(&self, program: &Program, protocol: Protocol, flags: Vec<String>) -> Interactor {
        Interactor {
            program: program.clone(),
            flags: match protocol {
                Protocol::Kattis => flags,
                Protocol::Testlib => Vec::new(),
            },
            limits: self.limits,
            protocol,
        }
    }
}

/// The program of `tool`, built by `toolbox`.
fn built(tool: &Tool, toolbox: &Toolbox<'_>) -> Result<Program, Unready> {
    match tool {
        Tool::Program(file) => toolbox.build(file),
        // Our problems' built-in programs are judged through their tools.
        Tool::BuiltIn { name, .. } => Err(Unready::Broken(format!(
            "{name}: only our own problems run it"
        ))),
    }
}

/// sinol-make's judge with `checker` and `interactor` (its contest type is the score's, which
/// the card makes from the model's scoring, not the judge).
fn sinol<'t>(
    toolbox: &Toolbox<'t>,
    checker: Option<Program>,
    interactor: Option<Program>,
) -> Ready<'t> {
    Ready::Sinol(Box::new(SinolJudge {
        runner: toolbox.runner,
        checker,
        interactor,
    }))
}

/// The model's checker, built (a built-in one is our problem's, judged through its tools).
fn ready_checker<'t>(
    checker: &model::Checker,
    toolbox: &Toolbox<'t>,
) -> Result<Ready<'t>, Unready> {
    Ok(match checker {
        model::Checker::BuiltIn { name, .. } => {
            return Err(Unready::Broken(format!(
                "{name}: only our own problems run it"
            )))
        }
        model::Checker::Default { .. } => Ready::Default,
        model::Checker::Program { program, protocol } => {
            let built = built(program, toolbox)?;
            match protocol {
                CheckerProtocol::Kattis => Ready::Program {
                    program: built,
                    speaks: Speaks::KattisChecker,
                },
                CheckerProtocol::Testlib => Ready::Program {
                    program: built,
                    speaks: Speaks::TestlibChecker,
                },
                CheckerProtocol::Sinol => sinol(toolbox, Some(built), None),
            }
        }
    })
}

/// The model's interactor, built (a built-in one is our problem's, its referee).
fn ready_interactor<'t>(
    interactor: &model::Interactor,
    checker: &model::Checker,
    toolbox: &Toolbox<'t>,
) -> Result<Ready<'t>, Unready> {
    let program = built(&interactor.program, toolbox)?;
    // A testlib checker beside a testlib interactor judges the interactor's record.
    if let (
        InteractorProtocol::Testlib,
        model::Checker::Program {
            program: checker,
            protocol: CheckerProtocol::Testlib,
        },
    ) = (interactor.protocol, checker)
    {
        return Ok(Ready::Recorded(Box::new((
            program,
            built(checker, toolbox)?,
        ))));
    }
    Ok(match interactor.protocol {
        InteractorProtocol::Kattis => Ready::Program {
            program,
            speaks: Speaks::Interactor(Protocol::Kattis),
        },
        InteractorProtocol::Testlib => Ready::Program {
            program,
            speaks: Speaks::Interactor(Protocol::Testlib),
        },
        InteractorProtocol::Sinol => sinol(toolbox, None, Some(program)),
        InteractorProtocol::BuiltIn => {
            return Err(Unready::Broken(format!(
                "{}: only our own problems run it",
                program.given.display()
            )))
        }
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::model::{
        CaseData, CaseKind, Format, PortableChecker, ProgramFile, Programs, TestGroup,
    };
    use crate::run::Cache;
    use crate::verdict::Verdict;

    /// A problem with groups `sample` and `secret` (whose checker arguments are
    /// `secret_args`), judged by `checker`.
    fn problem(checker: model::Checker, secret_args: &[&str]) -> Problem {
        let group = |name: &str, args: &[&str]| TestGroup {
            name: name.to_string(),
            output_validator_args: args.iter().map(|a| a.to_string()).collect(),
            ..TestGroup::default()
        };
        Problem {
            groups: vec![group("sample", &[]), group("secret", secret_args)],
            cases: vec![TestCase {
                name: "1".to_string(),
                group: "secret".to_string(),
                kind: CaseKind::Secret,
                input: CaseData::File(PathBuf::from("1.in")),
                answer: Some(PathBuf::from("1.ans")),
                output: None,
                own_args: None,
            }],
            programs: Programs {
                checker,
                ..Programs::default()
            },
            ..Problem::bare("halve", Format::Kattis2025)
        }
    }

    /// `body` with a toolbox of no problem of ours (nothing here runs a program).
    fn with_toolbox<T>(body: impl FnOnce(&Toolbox<'_>) -> T) -> T {
        let runner = Runner::new("/nonexistent/stonejudge");
        let cache = Cache::new("/nonexistent/cache");
        body(&Toolbox::plain(&runner, &cache, 1))
    }

    /// The verdict of `output` for the answer `answer` on a case of `group`.
    fn verdict(prepared: &PreparedJudging<'_>, group: &str, answer: &str, output: &str) -> Verdict {
        let judging = prepared.of_group(group).expect("judges");
        let checker = judging.checker().expect("a checker of outputs");
        let judged = checker.check(b"", answer.as_bytes(), output.as_bytes());
        judged.expect("judged").verdict
    }

    #[test]
    fn the_default_comparison_takes_the_problem_s_flags_then_the_group_s() {
        let checker = model::Checker::Default {
            flags: vec!["case_sensitive".to_string()],
        };
        let problem = problem(checker, &["float_tolerance", "0.01"]);
        with_toolbox(|toolbox| {
            let prepared = PreparedJudging::new(&problem, toolbox).expect("ready");
            // The group's tolerance holds on its cases, not on the samples nor off any group.
            assert_eq!(verdict(&prepared, "secret", "1.0", "1.001"), Verdict::AC);
            assert_eq!(verdict(&prepared, "sample", "1.0", "1.001"), Verdict::WA);
            assert_eq!(verdict(&prepared, "", "1.0", "1.001"), Verdict::WA);
            // The problem's case sensitivity holds everywhere.
            assert_eq!(verdict(&prepared, "secret", "Yes", "yes"), Verdict::WA);
            let case = &problem.cases[0];
            let judging = prepared.of_case(case).expect("judges");
            assert!(matches!(judging.judging(), judge::Judging::Output(_)));
        });
    }

    #[test]
    fn flags_the_default_comparison_does_not_know_are_an_error_of_the_case() {
        let problem = problem(model::Checker::default(), &["float_tolerence", "0.1"]);
        with_toolbox(|toolbox| {
            let prepared = PreparedJudging::new(&problem, toolbox).expect("ready");
            let error = prepared.of_group("secret").err().expect("unknown flag");
            assert!(error.contains("float_tolerence"), "{error}");
            assert!(prepared.of_group("sample").is_ok());
        });
    }

    #[test]
    fn what_only_our_problems_run_or_a_missing_program_is_not_ready() {
        let built_in = model::Checker::BuiltIn {
            name: "the catalog's nim checker".to_string(),
            portable: PortableChecker::Missing("none".to_string()),
        };
        let missing = model::Checker::Program {
            program: Tool::Program(ProgramFile::at("/nonexistent/checker.cpp")),
            protocol: CheckerProtocol::Testlib,
        };
        with_toolbox(|toolbox| {
            let why = |checker| match PreparedJudging::new(&problem(checker, &[]), toolbox) {
                Err(Unready::Broken(why)) => why,
                Err(Unready::Skipped(why)) => panic!("skipped: {why}"),
                Ok(_) => panic!("ready"),
            };
            let built_in = why(built_in);
            assert!(
                built_in.contains("only our own problems run it"),
                "{built_in}"
            );
            assert!(why(missing).starts_with("/nonexistent/checker.cpp: "));
        });
    }

    #[test]
    fn a_multi_pass_problem_needs_its_output_validator() {
        let mut problem = problem(model::Checker::default(), &[]);
        problem.programs.passes = Some(2);
        with_toolbox(|toolbox| {
            let prepared = PreparedJudging::new(&problem, toolbox).expect("ready");
            let error = prepared.of_group("secret").err().expect("no validator");
            assert!(error.contains("needs its output validator"), "{error}");
        });
    }
}
