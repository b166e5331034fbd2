//! `stonejudge check`: one output judged under the testlib or the Kattis checker protocol.
//!
//! Every failure here (bad arguments, an unknown problem, a file that cannot be read, a
//! feedback directory that does not exist) is reported in the protocol's own terms: testlib
//! FAIL (exit 3) or a Kattis judge error (exit 1). Never the usual usage error, exit 2, which
//! testlib would read as the contestant's presentation error.

use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::path::Path;

use super::CommandOutcome;
use crate::cli::CheckArgs;
use stonejudge::catalog::{self, Resolved};
use stonejudge::check::protocol::{self, KattisFlags};
use stonejudge::check::JudgeFailure;
use stonejudge::judge::Judging;
use stonejudge::run::{Cache, Runner, Sandbox};
use stonejudge::verdict::Judged;

const TESTLIB_USAGE: &str = "usage: stonejudge check <PROBLEM> <INPUT> <OUTPUT> <ANSWER> [REPORT]";
const KATTIS_USAGE: &str =
    "usage: stonejudge check --kattis <PROBLEM> <INPUT> <ANSWER> <FEEDBACK_DIR> [FLAGS]... < OUTPUT";

pub fn run(args: &CheckArgs) -> anyhow::Result<CommandOutcome> {
    // clap takes `--kattis` as a flag only before the problem name; accept it anywhere.
    let (flag, rest): (Vec<OsString>, Vec<OsString>) =
        args.args.iter().cloned().partition(|a| a == "--kattis");
    let code = if args.kattis || !flag.is_empty() {
        kattis(&rest)
    } else {
        testlib(&rest)
    };
    Ok(CommandOutcome::Protocol(code))
}

/// testlib: `PROBLEM INPUT OUTPUT ANSWER [REPORT]`; the message on standard error (and in
/// REPORT when given).
fn testlib(args: &[OsString]) -> u8 {
    let (problem, input, output, answer, report_file) = match args {
        [p, i, o, a] => (p, i, o, a, None),
        [p, i, o, a, r] => (p, i, o, a, Some(Path::new(r))),
        _ => {
            let failure = JudgeFailure(format!("{TESTLIB_USAGE} (got {} arguments)", args.len()));
            return finish_testlib(&Err(failure), None);
        }
    };
    let result = load(problem, input, answer).and_then(|jury| {
        let output = read_file("output", Path::new(output))?;
        jury.check(&output)
    });
    finish_testlib(&result, report_file)
}

fn finish_testlib(result: &Result<Judged, JudgeFailure>, report_file: Option<&Path>) -> u8 {
    let report = protocol::testlib_report(result);
    err!("{}", report.message);
    if let Some(path) = report_file {
        if let Err(error) = std::fs::write(path, &report.message) {
            errln!("FAIL cannot write report file {}: {error}", path.display());
            return protocol::testlib::FAIL;
        }
    }
    report.exit_code
}

/// Kattis: `PROBLEM INPUT ANSWER FEEDBACK_DIR [FLAGS]...`, the output on standard input;
/// `judgemessage.txt` (and for encoding problems `teammessage.txt`) in FEEDBACK_DIR.
fn kattis(args: &[OsString]) -> u8 {
    let [problem, input, answer, feedback_dir, flags @ ..] = args else {
        errln!("judge error: {KATTIS_USAGE} (got {} arguments)", args.len());
        return protocol::kattis::JUDGE_ERROR;
    };
    let feedback_dir = Path::new(feedback_dir);
    if !feedback_dir.is_dir() {
        errln!(
            "judge error: the feedback directory {} does not exist or is not a directory; \
             the judging system must create it before running the validator",
            feedback_dir.display()
        );
        return protocol::kattis::JUDGE_ERROR;
    }
    let mut output = Vec::new();
    let result = kattis_flags(flags).and_then(|flags| {
        let jury = load(problem, input, answer)?;
        std::io::stdin()
            .read_to_end(&mut output)
            .map_err(|e| JudgeFailure(format!("cannot read the output on standard input: {e}")))?;
        flags.apply(jury.check(&output), &jury.answer, &output)
    });
    let report = protocol::kattis_report(&result);
    if result.is_err() {
        err!("{}", report.message);
    }
    let team = protocol::kattis_team_message(&output, &result);
    let written =
        std::fs::write(feedback_dir.join("judgemessage.txt"), &report.message).and_then(|()| {
            match &team {
                Some(text) => std::fs::write(feedback_dir.join("teammessage.txt"), text),
                None => Ok(()),
            }
        });
    if let Err(error) = written {
        errln!(
            "judge error: cannot write feedback files in {}: {error}",
            feedback_dir.display()
        );
        return protocol::kattis::JUDGE_ERROR;
    }
    report.exit_code
}

fn kattis_flags(flags: &[OsString]) -> Result<KattisFlags, JudgeFailure> {
    let flags: Vec<&str> = flags
        .iter()
        .map(|f| {
            f.to_str()
                .ok_or_else(|| JudgeFailure(format!("validator flag {f:?} is not UTF-8")))
        })
        .collect::<Result<_, _>>()?;
    KattisFlags::parse(&flags).map_err(JudgeFailure)
}

/// The problem and the jury's two files.
struct Jury {
    problem: Resolved,
    input: Vec<u8>,
    answer: Vec<u8>,
}

impl Jury {
    fn check(&self, output: &[u8]) -> Result<Judged, JudgeFailure> {
        let failure = |e: &dyn std::fmt::Display| JudgeFailure(e.to_string());
        let runner = Runner::current_exe(Sandbox::Auto).map_err(|e| failure(&e))?;
        let cache = Cache::default_location().map_err(|e| failure(&e))?;
        let tools = self.problem.tools(&runner, &cache).map_err(JudgeFailure)?;
        match self.problem.judging(&tools) {
            Judging::Output(checker) => checker.check(&self.input, &self.answer, output),
            Judging::MultiPass(_) => Err(JudgeFailure(format!(
                "{} is multi-pass: its validator judges pass after pass of a program, there is \
                 no single output to check",
                self.problem.name()
            ))),
            Judging::Conducted(_) => Err(JudgeFailure(format!(
                "{} is interactive: a program plays it against its interactor, which judges \
                 it; there is no output to check",
                self.problem.name()
            ))),
            Judging::Interactive(_) => Err(JudgeFailure(format!(
                "{} is interactive: a program plays it, there is no output to check (the \
                 judge speaks the Kattis protocol as `stonejudge interact`)",
                self.problem.name()
            ))),
            Judging::Interactor(interactor) => Err(JudgeFailure(format!(
                "{} is interactive: a program plays it against its interactor {}, which \
                 judges it; there is no output to check",
                self.problem.name(),
                interactor.program.given.display()
            ))),
        }
    }
}

/// The problem (looked up in the archive of the current directory: the protocols leave no
/// room for --root) and the jury's files, or why the judge cannot run.
fn load(name: &OsStr, input: &OsStr, answer: &OsStr) -> Result<Jury, JudgeFailure> {
    let problem = catalog::resolve(&name.to_string_lossy(), Path::new("."))
        .map_err(|unknown| JudgeFailure(unknown.to_string()))?;
    let input = read_file("input", Path::new(input))?;
    let answer = read_file("answer", Path::new(answer))?;
    Ok(Jury {
        problem,
        input,
        answer,
    })
}

fn read_file(what: &str, path: &Path) -> Result<Vec<u8>, JudgeFailure> {
    std::fs::read(path)
        .map_err(|e| JudgeFailure(format!("cannot read {what} file {}: {e}", path.display())))
}
