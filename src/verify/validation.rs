//! Validation, once for every format, over the model of a problem ([`crate::model`]): every
//! judged input accepted by every input validator with its group's arguments, every invalid
//! input rejected by at least one, every answer accepted by every answer validator, every
//! invalid answer rejected by at least one. `verify` of each format and the `validate` command
//! call these steps; what only one format has (the Kattis output validator's own cases, our
//! plan's inputs) stays with that format.
//!
//! A validator of the model ([`Validator`]) is made ready to run by a [`Toolbox`]: its program
//! built (as plainly as sinol-make builds it, or as a Kattis package builds it, with
//! `include/` and 2025-09's constants), its checktestdata script parsed, or our problem's
//! prepared tools. How it is called and how its word is read is its
//! [`ValidatorProtocol`]'s; the ready form, [`Ready`], is what a judge over the model can hold
//! for any tool of a problem.
//!
//! Each validator runs on the cases `jobs` at a time; the validators one after another.

use std::path::{Path, PathBuf};

use super::{listed, Check};
use crate::catalog::{ToolError, Tools};
use crate::check::checktestdata::Script;
use crate::judge::kattis::ACCEPTED;
use crate::judge::kattis_validators::{checktestdata, parse_script, validate_input, Validity};
use crate::judging::run_inwer;
use crate::judging::{Toolbox, Unready};
use crate::model::{
    CaseArgs, CaseData, CaseKind, Problem, TestCase, Tool, Validator, ValidatorProtocol,
};
use crate::parallel;
use crate::run::{Program, Stdin};

/// A validator ready to run, and how messages name it.
pub struct Ready<'t> {
    pub shown: String,
    pub runs: Runnable<'t>,
}

/// The runnable form of a tool of the model.
pub enum Runnable<'t> {
    /// A built program, called as its protocol says ([`ValidatorProtocol::Kattis`],
    /// [`ValidatorProtocol::Inwer`], or [`ValidatorProtocol::ExitZero`] for a package's own).
    Program {
        program: Program,
        protocol: ValidatorProtocol,
    },
    /// A checktestdata script, parsed, for our engine.
    Script(Script),
    /// Our problem's prepared tools ([`ValidatorProtocol::BuiltIn`] and
    /// [`ValidatorProtocol::ExitZero`]).
    Ours(&'t Tools<'t>),
}

/// The `FILE` that stands for standard input in the `validate` command.
pub const STDIN: &str = "-";

/// Where standard input is read as a file, so that every validator takes it as it takes a
/// case's file: a program on its standard input, a checktestdata script, ours as it reads.
const STDIN_FILE: &str = "/dev/stdin";

/// One thing to validate: an input, or an answer with its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationCase {
    /// How messages name it.
    pub name: String,
    /// What the validator reads on its standard input.
    pub data: CaseData,
    /// The arguments its group gives validators (by a validator's name, 2025-09's map).
    pub args: Args,
    /// An answer validator's case: the input it answers, named first on the command line.
    pub input: Option<PathBuf>,
}

/// The arguments a case's group gives validators.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Args {
    pub all: Vec<String>,
    /// For one validator only, by its file name or stem; when there are any, a validator not
    /// named gets none.
    pub by_name: ByName,
}

/// Arguments for one validator each, by its name.
type ByName = Vec<(String, Vec<String>)>;

impl Args {
    /// The arguments of the validator at `path`.
    fn of(&self, path: &Path) -> Vec<String> {
        if self.by_name.is_empty() {
            return self.all.clone();
        }
        let names = [path.file_name(), path.file_stem()];
        (names.into_iter().flatten())
            .find_map(|name| {
                (self.by_name.iter())
                    .find(|(named, _)| name == named.as_str())
                    .map(|(_, args)| args.clone())
            })
            .unwrap_or_default()
    }
}

/// What validators said about some cases.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub validators: usize,
    pub cases: usize,
    /// What is wrong: `validator rejects case: why`, a case no validator rejects, a validator
    /// that does not build.
    pub rejected: Vec<String>,
    /// Validators that could not run here, and why.
    pub skipped: Vec<String>,
    /// Validators that ran but could not say (they hung, or reached another of their own
    /// limits): `validator on case: why`. The validator is broken, not the case.
    pub broken: Vec<String>,
}

impl Report {
    /// The check `name`: failed with the first rejections under `wrong` (and the validators
    /// that could not say), skipped when a validator could not run, else passed saying
    /// `passed`.
    pub fn check(self, name: &'static str, wrong: &str, passed: String) -> Check {
        if !self.rejected.is_empty() || !self.broken.is_empty() {
            let failures = self.rejected.into_iter().chain(self.broken);
            Check::fail(name, listed(wrong, failures))
        } else if !self.skipped.is_empty() {
            Check::skip(name, listed("not all run", self.skipped.into_iter()))
        } else {
            Check::pass(name, passed)
        }
    }
}

/// What the validators must say of every case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// Every validator accepts every case.
    Accepted,
    /// At least one validator rejects each case.
    Rejected,
}

/// A validator's word on one case, or why it could not say.
type Said = Result<Validity, String>;

impl<'t> Toolbox<'t> {
    /// `validator` made ready to run.
    pub fn ready(&self, validator: &Validator) -> Result<Ready<'t>, Unready> {
        let shown = match &validator.program {
            Tool::BuiltIn { name, .. } => name.clone(),
            Tool::Program(file) => file.path.display().to_string(),
        };
        let runs = match (validator.protocol, &validator.program) {
            // Our problem's validator runs through its prepared tools; another problem's
            // program (a Polygon package's testlib validator) as a program.
            (ValidatorProtocol::ExitZero, Tool::Program(file)) if self.ours.is_none() => {
                Runnable::Program {
                    program: self.build(file)?,
                    protocol: ValidatorProtocol::ExitZero,
                }
            }
            (ValidatorProtocol::BuiltIn | ValidatorProtocol::ExitZero, _) => {
                Runnable::Ours(self.ours.ok_or_else(|| {
                    Unready::Broken(format!("{shown}: only our own problems run it"))
                })?)
            }
            (_, Tool::BuiltIn { .. }) => {
                return Err(Unready::Broken(format!(
                    "{shown}: built into stonejudge, but not ours"
                )))
            }
            (ValidatorProtocol::Checktestdata, Tool::Program(file)) => Runnable::Script(
                parse_script(&file.path).map_err(|e| Unready::Broken(format!("{shown}: {e}")))?,
            ),
            (protocol, Tool::Program(file)) => Runnable::Program {
                program: self.build(file)?,
                protocol,
            },
        };
        Ok(Ready { shown, runs })
    }

    /// What `validators` say of `cases`, held to `expect`.
    pub fn validate(
        &self,
        validators: &[Validator],
        cases: &[ValidationCase],
        expect: Expect,
    ) -> Report {
        let mut report = Report {
            validators: validators.len(),
            cases: cases.len(),
            ..Report::default()
        };
        let mut rejected_by = vec![false; cases.len()];
        if expect == Expect::Rejected {
            // A case that cannot be read is wrong, and no validator's rejection of it.
            for (case, rejected) in cases.iter().zip(&mut rejected_by) {
                if let Some(why) = unreadable(&case.data) {
                    report.rejected.push(format!("{}: {why}", case.name));
                    *rejected = true;
                }
            }
        }
        for validator in validators {
            let ready = match self.ready(validator) {
                Ok(ready) => ready,
                Err(Unready::Broken(why)) => {
                    report.rejected.push(why);
                    continue;
                }
                Err(Unready::Skipped(why)) => {
                    report.skipped.push(why);
                    continue;
                }
            };
            let said = parallel::map(cases, self.jobs, |case| self.run(&ready, case));
            for ((case, said), rejected) in cases.iter().zip(said).zip(&mut rejected_by) {
                let shown = &ready.shown;
                match said {
                    Ok(Validity::Valid) => {}
                    Ok(Validity::Invalid(why)) if expect == Expect::Accepted => {
                        report.rejected.push(rejection(shown, case, &why))
                    }
                    Ok(Validity::Invalid(_)) => *rejected = true,
                    // A validator that cannot say (it hung, or failed by its own limits)
                    // neither confirms a case valid nor rejects it: it is broken.
                    Err(e) => report.broken.push(format!("{shown} on {}: {e}", case.name)),
                }
            }
        }
        if expect == Expect::Rejected && report.skipped.is_empty() {
            for (case, rejected) in cases.iter().zip(rejected_by) {
                if !rejected {
                    (report.rejected).push(format!("{}: every validator accepts it", case.name));
                }
            }
        }
        report
    }

    /// One validator's word on one case.
    fn run(&self, ready: &Ready<'_>, case: &ValidationCase) -> Said {
        let file = match &case.data {
            CaseData::File(path) => Ok(path.as_path()),
            CaseData::Inline(_) => Err(format!("{}: {} reads a file", case.name, ready.shown)),
        };
        match &ready.runs {
            Runnable::Ours(tools) => {
                // A file is read as the validator goes: an error near the start of a huge one
                // is found without holding it all.
                let said = match &case.data {
                    CaseData::File(path) => (std::fs::File::open(path))
                        .and_then(|file| tools.validate_reading(file))
                        .map_err(|e| format!("cannot read {}: {e}", input_shown(case)))?,
                    CaseData::Inline(text) => tools.validate(text.as_bytes()),
                };
                match said {
                    Ok(()) => Ok(Validity::Valid),
                    Err(ToolError::Broken(why)) => Err(why),
                    // Named by its file, for the line and column to point into it.
                    Err(invalid) => Ok(Validity::Invalid(invalid.about(&input_shown(case)))),
                }
            }
            Runnable::Script(script) => checktestdata(script, file?, &self.limits),
            Runnable::Program {
                program,
                protocol: ValidatorProtocol::Inwer,
            } => Ok(match run_inwer(program, file?, self.runner)? {
                Ok(_) => Validity::Valid,
                Err(why) => Validity::Invalid(why),
            }),
            Runnable::Program { program, protocol } => {
                let stdin = match &case.data {
                    CaseData::File(path) => Stdin::File(path),
                    CaseData::Inline(text) => Stdin::Bytes(text.as_bytes()),
                };
                let mut program = program.clone();
                if let Some(input) = &case.input {
                    program.invocation = program.invocation.arg(input).reads(input);
                }
                let args = case.args.of(&program.given);
                let accepted = match protocol {
                    ValidatorProtocol::ExitZero => 0,
                    _ => ACCEPTED,
                };
                validate_input(self.runner, &program, stdin, &args, &self.limits, accepted)
            }
        }
    }

    /// Every input submissions are judged on (samples and secret tests), accepted by every
    /// input validator with its group's arguments. The check is the format's to name.
    pub fn inputs(&self, problem: &Problem) -> Report {
        let cases: Vec<ValidationCase> = problem
            .judged_cases()
            .map(|c| input_case(problem, c))
            .collect();
        self.validate(&problem.programs.input_validators, &cases, Expect::Accepted)
    }

    /// The `validate` command's work: every input validator on each of `files` (no
    /// arguments; [`STDIN`] is standard input), or, with none, on every input submissions are
    /// judged on (with its group's arguments), each named by its path.
    pub fn files(&self, problem: &Problem, files: &[PathBuf]) -> Report {
        let cases = files_or_inputs(problem, files);
        self.validate(&problem.programs.input_validators, &cases, Expect::Accepted)
    }

    /// The check `invalid inputs`: every [`CaseKind::InvalidInput`] rejected by an input
    /// validator; none when the problem has no such case.
    pub fn invalid_inputs(&self, problem: &Problem) -> Option<Check> {
        const CHECK: &str = "invalid inputs";
        let cases: Vec<ValidationCase> = (problem.cases.iter())
            .filter(|c| c.kind == CaseKind::InvalidInput)
            .map(|c| input_case(problem, c))
            .collect();
        if cases.is_empty() {
            return None;
        }
        let validators = &problem.programs.input_validators;
        if validators.is_empty() {
            return Some(Check::fail(
                CHECK,
                "there are invalid inputs, but no input validator",
            ));
        }
        let report = self.validate(validators, &cases, Expect::Rejected);
        let passed = format!(
            "{} invalid inputs rejected by {} validators",
            report.cases, report.validators
        );
        Some(report.check(CHECK, "an input validator must reject each", passed))
    }

    /// The check `answer validators`: every judged case's answer accepted by every answer
    /// validator; none when the problem has no answer validator.
    pub fn answers(&self, problem: &Problem) -> Option<Check> {
        const CHECK: &str = "answer validators";
        let validators = &problem.programs.answer_validators;
        if validators.is_empty() {
            return None;
        }
        let cases: Result<Vec<ValidationCase>, String> = (problem.judged_cases())
            .map(|c| answer_case(problem, c))
            .collect();
        Some(match cases {
            Err(e) => Check::fail(CHECK, e),
            Ok(cases) => {
                let report = self.validate(validators, &cases, Expect::Accepted);
                let passed = format!(
                    "{} answers accepted by {} validators",
                    report.cases, report.validators
                );
                report.check(CHECK, "wrong", passed)
            }
        })
    }

    /// The check `invalid answers`: every [`CaseKind::InvalidAnswer`] rejected by an answer
    /// validator; none when the problem has no such case.
    pub fn invalid_answers(&self, problem: &Problem) -> Option<Check> {
        const CHECK: &str = "invalid answers";
        let cases: Result<Vec<ValidationCase>, String> = (problem.cases.iter())
            .filter(|c| c.kind == CaseKind::InvalidAnswer)
            .map(|c| answer_case(problem, c))
            .collect();
        let validators = &problem.programs.answer_validators;
        Some(match cases {
            Ok(cases) if cases.is_empty() => return None,
            Err(e) => Check::fail(CHECK, e),
            Ok(_) if validators.is_empty() => Check::fail(
                CHECK,
                "there are invalid answers, but no answer validator \
                 (Kattis: answer_validators/ holds none)",
            ),
            Ok(cases) => {
                let report = self.validate(validators, &cases, Expect::Rejected);
                let passed = format!(
                    "{} invalid answers rejected by {} validators",
                    report.cases, report.validators
                );
                report.check(CHECK, "wrong", passed)
            }
        })
    }
}

/// A case's input, to validate, with its own arguments, else its group's.
fn input_case(problem: &Problem, case: &TestCase) -> ValidationCase {
    ValidationCase {
        name: case.name.clone(),
        data: case.input.clone(),
        args: case_args(problem, case, |args| {
            (
                &args.input_validator_args,
                &args.input_validator_args_by_name,
            )
        }),
        input: None,
    }
}

/// The arguments validators get on `case`, the lists `which` picks: its own
/// ([`TestCase::own_args`]), else its group's (none for a group the problem does not have:
/// the model checks that every case's group exists).
fn case_args(
    problem: &Problem,
    case: &TestCase,
    which: impl Fn(&CaseArgs) -> (&Vec<String>, &ByName),
) -> Args {
    let own = match &case.own_args {
        Some(own) => own.clone(),
        None => (problem.group(&case.group))
            .map(CaseArgs::of_group)
            .unwrap_or_default(),
    };
    let (all, by_name) = which(&own);
    Args {
        all: all.clone(),
        by_name: by_name.clone(),
    }
}

/// A case's answer, to validate: read on standard input, the case's input named first, its
/// own answer validator arguments (else its group's) after it, as BAPCtools calls them.
fn answer_case(problem: &Problem, case: &TestCase) -> Result<ValidationCase, String> {
    let (CaseData::File(input), Some(answer)) = (&case.input, &case.answer) else {
        return Err(format!(
            "{}: an answer validator needs the case's input file and its answer",
            case.name
        ));
    };
    Ok(ValidationCase {
        name: case.name.clone(),
        data: CaseData::File(answer.clone()),
        args: case_args(problem, case, |args| {
            (
                &args.answer_validator_args,
                &args.answer_validator_args_by_name,
            )
        }),
        input: Some(std::path::absolute(input).unwrap_or_else(|_| input.clone())),
    })
}

/// The files `files`, to validate as inputs without a group's arguments (the `validate`
/// command's `FILE`s, [`STDIN`] for standard input), or, with none, every input submissions
/// are judged on, each named by its path.
fn files_or_inputs(problem: &Problem, files: &[PathBuf]) -> Vec<ValidationCase> {
    match files.is_empty() {
        false => files.iter().map(|path| file_case(path)).collect(),
        true => (problem.judged_cases())
            .map(|c| ValidationCase {
                name: match &c.input {
                    CaseData::File(path) => path.display().to_string(),
                    CaseData::Inline(_) => c.name.clone(),
                },
                ..input_case(problem, c)
            })
            .collect(),
    }
}

/// A `FILE` of the `validate` command, as a case named by it; [`STDIN`] is standard input,
/// named `<stdin>` and read as the file [`STDIN_FILE`] by any validator.
fn file_case(path: &Path) -> ValidationCase {
    let (name, file) = match path == Path::new(STDIN) {
        true => ("<stdin>".to_string(), PathBuf::from(STDIN_FILE)),
        false => (path.display().to_string(), path.to_owned()),
    };
    ValidationCase {
        name,
        data: CaseData::File(file),
        args: Args::default(),
        input: None,
    }
}

/// How a message names the input of `case`, to point into it: its file (standard input by
/// the case's name, `<stdin>`), or the case's name for an input written inline.
fn input_shown(case: &ValidationCase) -> String {
    match &case.data {
        CaseData::File(path) if path != Path::new(STDIN_FILE) => path.display().to_string(),
        _ => case.name.clone(),
    }
}

/// The line saying that the validator `shown` rejects `case` because `why`: the validator and
/// the case first; or `why` alone when it already starts with the case's name (ours names the
/// file it read, at the error's line and column, and the `validate` command names a case by
/// its file), so that the case is not named twice and the line reads as a compiler's message
/// (`file:line:col: what`).
fn rejection(shown: &str, case: &ValidationCase, why: &str) -> String {
    let named = (why.strip_prefix(case.name.as_str())).is_some_and(|rest| rest.starts_with(':'));
    match named {
        true => why.to_string(),
        false => format!("{shown} rejects {}: {why}", case.name),
    }
}

/// Why the input `data` cannot be read, if it cannot: a file that cannot be opened, or a
/// folder.
fn unreadable(data: &CaseData) -> Option<String> {
    let CaseData::File(path) = data else {
        return None;
    };
    match std::fs::File::open(path).and_then(|file| file.metadata()) {
        Ok(meta) if meta.is_dir() => Some(format!("{} is a folder", path.display())),
        Ok(_) => None,
        Err(e) => Some(format!("cannot read {}: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::model::{Format, ProgramFile, Programs, TestGroup};
    use crate::run::{Cache, Runner};

    /// A problem in `dir` whose one input validator is the checktestdata script `script`,
    /// with the cases `(name, kind, input)`.
    fn problem(dir: &Path, script: &str, cases: &[(&str, CaseKind, &str)]) -> Problem {
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).expect("write");
            path
        };
        let validator = Validator {
            program: Tool::Program(ProgramFile::at(write("format.ctd", script))),
            protocol: ValidatorProtocol::Checktestdata,
        };
        Problem {
            root: dir.to_owned(),
            groups: vec![TestGroup {
                name: "secret".to_string(),
                ..TestGroup::default()
            }],
            cases: (cases.iter())
                .map(|(name, kind, input)| TestCase {
                    name: name.to_string(),
                    group: "secret".to_string(),
                    kind: *kind,
                    input: CaseData::File(write(&format!("{name}.in"), input)),
                    answer: None,
                    output: None,
                    own_args: None,
                })
                .collect(),
            programs: Programs {
                input_validators: vec![validator],
                ..Programs::default()
            },
            ..Problem::bare("halve", Format::Kattis2025)
        }
    }

    /// Validates through `body` with a toolbox that runs scripts only (no runner is needed
    /// for our checktestdata engine).
    fn with_toolbox<T>(body: impl FnOnce(&Toolbox<'_>) -> T) -> T {
        let runner = Runner::new("/nonexistent/stonejudge");
        let cache = Cache::new("/nonexistent/cache");
        body(&Toolbox::plain(&runner, &cache, 2))
    }

    const EVEN: &str = "INT(2, 100, n) ASSERT(n % 2 == 0) NEWLINE EOF";

    #[test]
    fn inputs_are_held_to_every_validator_and_invalid_ones_to_one() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sound = problem(
            dir.path(),
            EVEN,
            &[
                ("01", CaseKind::Secret, "4\n"),
                ("02", CaseKind::Secret, "100\n"),
                ("odd", CaseKind::InvalidInput, "5\n"),
            ],
        );
        with_toolbox(|toolbox| {
            let report = toolbox.inputs(&sound);
            assert_eq!((report.cases, report.validators), (2, 1));
            assert!(
                report.rejected.is_empty() && report.skipped.is_empty(),
                "{report:?}"
            );
            let invalid = toolbox.invalid_inputs(&sound).expect("an invalid input");
            assert!(invalid.ok, "{invalid:?}");
            assert_eq!(invalid.detail, "1 invalid inputs rejected by 1 validators");
            // No answer validator, no invalid answer: no check.
            assert!(toolbox.answers(&sound).is_none());
            assert!(toolbox.invalid_answers(&sound).is_none());
        });
    }

    #[test]
    fn a_rejected_input_and_an_accepted_invalid_one_are_named() {
        let dir = tempfile::tempdir().expect("tempdir");
        let broken = problem(
            dir.path(),
            EVEN,
            &[
                ("01", CaseKind::Secret, "7\n"),
                ("fine", CaseKind::InvalidInput, "8\n"),
            ],
        );
        with_toolbox(|toolbox| {
            let report = toolbox.inputs(&broken);
            assert_eq!(report.rejected.len(), 1, "{report:?}");
            let line = &report.rejected[0];
            assert!(line.contains("format.ctd rejects 01: "), "{line}");
            let invalid = toolbox.invalid_inputs(&broken).expect("an invalid input");
            assert!(!invalid.ok && !invalid.skipped, "{invalid:?}");
            assert!(
                invalid.detail.contains("fine: every validator accepts it"),
                "{invalid:?}"
            );
        });
    }

    #[test]
    fn a_validator_that_cannot_be_made_ready_fails_and_one_not_ours_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut broken = problem(dir.path(), "INT(", &[("01", CaseKind::Secret, "4\n")]);
        with_toolbox(|toolbox| {
            let report = toolbox.inputs(&broken);
            assert_eq!(report.rejected.len(), 1, "{report:?}");
            assert!(
                report.rejected[0].contains("format.ctd: script error"),
                "{report:?}"
            );
            // A built-in validator runs only with our problem's tools.
            broken.programs.input_validators = vec![Validator {
                program: Tool::BuiltIn {
                    name: "the catalog's nim validator".to_string(),
                    portable: None,
                },
                protocol: ValidatorProtocol::BuiltIn,
            }];
            let report = toolbox.inputs(&broken);
            assert!(
                report.rejected[0].contains("only our own problems run it"),
                "{report:?}"
            );
        });
    }

    fn args(all: &[&str], by_name: &[(&str, &[&str])]) -> Args {
        let strings = |s: &[&str]| s.iter().map(|s| s.to_string()).collect();
        Args {
            all: strings(all),
            by_name: (by_name.iter())
                .map(|(name, args)| (name.to_string(), strings(args)))
                .collect(),
        }
    }

    #[test]
    fn a_validator_gets_its_own_arguments_by_file_name_or_stem() {
        let plain = args(&["--max", "5"], &[]);
        assert_eq!(plain.of(Path::new("v/validate.py")), ["--max", "5"]);
        let named = args(&[], &[("validate", &["--small"]), ("other.cpp", &["-x"])]);
        assert_eq!(named.of(Path::new("v/validate.py")), ["--small"]);
        assert_eq!(named.of(Path::new("v/other.cpp")), ["-x"]);
        assert!(named.of(Path::new("v/third.py")).is_empty());
    }

    #[test]
    fn a_word_that_names_its_case_is_not_prefixed_again_and_stdin_is_named_so() {
        let case = file_case(Path::new("bad.in"));
        let said = |why: &str| rejection("v.py", &case, why);
        assert_eq!(said("bad.in:3:5: expected"), "bad.in:3:5: expected");
        assert_eq!(said("exit code 43"), "v.py rejects bad.in: exit code 43");
        // A word naming another file that begins the same is no match.
        assert_eq!(said("bad.in.bak: x"), "v.py rejects bad.in: bad.in.bak: x");
        let stdin = file_case(Path::new(STDIN));
        assert_eq!(
            (stdin.name.as_str(), input_shown(&stdin)),
            ("<stdin>", "<stdin>".to_string())
        );
        assert_eq!(stdin.data, CaseData::File(PathBuf::from(STDIN_FILE)));
    }

    #[test]
    fn a_report_fails_before_it_skips_and_passes_only_when_clean() {
        let clean = Report {
            validators: 1,
            cases: 2,
            ..Report::default()
        };
        let passed = clean.clone().check("inputs", "wrong", "2 fine".to_string());
        assert!(passed.ok && passed.detail == "2 fine", "{passed:?}");
        let skipped = Report {
            skipped: vec!["v.rs: not supported".to_string()],
            ..clean.clone()
        };
        let check = skipped.clone().check("inputs", "wrong", String::new());
        assert!(check.skipped && !check.ok, "{check:?}");
        let failed = Report {
            rejected: vec!["v rejects 01: exit code 43".to_string()],
            ..skipped
        };
        let check = failed.check("inputs", "inputs rejected", String::new());
        assert!(!check.ok && !check.skipped, "{check:?}");
        assert_eq!(
            check.detail,
            "inputs rejected\n  v rejects 01: exit code 43"
        );
    }
}
