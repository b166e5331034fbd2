//! Judging a program that plays against a judge (interactive problems): the program's input
//! and output connected to a built-in [`Referee`] on a thread of ours, or to an interactor
//! program speaking the Kattis or the testlib protocol ([`Interactor`], [`Protocol`]), through
//! a two-way run ([`crate::run::Runner::run_two_way`]).
//!
//! Who decides when either side ends first, against the built-in judge:
//!
//! - The judge's wrong answer stands whatever the program does next (it is killed at once):
//!   a crash after a wrong move is still WA.
//! - A conversation cut short (the program's output ended, or it stopped reading) is the
//!   program's own verdict when it has one (TLE: it stopped answering, with a note that a
//!   missing flush is the usual cause; RE: it crashed, `SIGPIPE` included), else WA: it exited
//!   before the games were over.
//! - When the judge is satisfied, the program must still exit with status 0 within its limits.
//! - The judge's own failure is JE. The built-in judge runs in the judge's process, so its time
//!   is never the program's.
//!
//! Against an interactor program, exactly as problemtools decides (its `interactive` runner
//! and verdict rules), since an interactor's reasons cannot be seen; a testlib interactor's
//! codes are read the same way (0 accepts, 1 and 2 reject as WA and PE, 3 is its FAIL):
//!
//! - An interactor whose exit neither accepts nor rejects is JE (one killed at its own limits
//!   too, and testlib's FAIL).
//! - An interactor that rejects before the program ends is WA (PE for testlib's 2), and the
//!   program is killed.
//! - Otherwise the program's own verdict comes first (TLE, then a crash or a non-zero exit,
//!   as RE or MLE), except that a program killed by `SIGPIPE` (it wrote after the interactor
//!   had gone) is taken as a normal exit: the interactor decides.
//! - A program the judge killed because the interactor had rejected it (one that closed its
//!   output and went on running, say) has no verdict of its own from that kill: the
//!   interactor's stands, unless the program had already run past its time limit, which is
//!   TLE (bt's rule).
//! - Otherwise the interactor's exit decides: accepted is AC, rejected WA (or PE).

use super::kattis::{ValidatorFiles, ACCEPTED, REJECTED};
use crate::check::protocol::testlib;
use crate::dialog::{Dialog, Gone, Referee, Refereed, Unheard, MAX_LINE};
use crate::run::jury::beyond_limits;
use crate::run::{
    Channel, Exit, Invocation, Limits, Program, Run, Runner, Silence, Speaker, Transcript,
};
use crate::text::show;
use crate::verdict::{Judged, Verdict};

/// An interactor program: it reads the program's output on its standard input and writes the
/// program's input on its standard output, and says by its exit code whether the program
/// played well, as its [`Protocol`] defines. A Kattis interactive package's output validator
/// is one.
#[derive(Debug, Clone)]
pub struct Interactor {
    pub program: Program,
    /// Its flags (a package's `validator_flags` and the group's `output_validator_flags`);
    /// only the Kattis protocol passes flags.
    pub flags: Vec<String>,
    pub limits: Limits,
    pub protocol: Protocol,
}

/// How an interactor is called and what its exit code means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// The Kattis interactive output-validator protocol: `PROGRAM INPUT ANSWER FEEDBACK_DIR/
    /// [FLAGS…]` ([`ValidatorFiles`]); it exits 42 to accept, 43 to reject (its reason in
    /// `FEEDBACK_DIR/judgemessage.txt`), and anything else is its own failure.
    Kattis,
    /// testlib's interactor protocol (`registerInteraction`): `PROGRAM INPUT OUTPUT ANSWER`,
    /// where OUTPUT is a file the interactor writes (its record of the game, which Polygon
    /// gives a checker); it exits 0 to accept, 1 (wrong answer) or 2 (presentation error) to
    /// reject, 3 when it fails itself; its reason on standard error. Any other code
    /// (testlib's points and partial scores among them) is taken as its failure.
    Testlib,
}

/// What an interactor's exit says of the program.
enum Said {
    Accepted,
    Rejected(Verdict),
    /// Neither: the interactor failed.
    Failed,
}

impl Protocol {
    /// Every protocol, by the name `problem.toml` gives it.
    pub const ALL: [Protocol; 2] = [Protocol::Kattis, Protocol::Testlib];

    /// `kattis` or `testlib`.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Kattis => "kattis",
            Protocol::Testlib => "testlib",
        }
    }

    fn said(self, exit: Exit) -> Said {
        let code = |c: u8| Exit::Code(i32::from(c));
        match self {
            Protocol::Kattis if exit == Exit::Code(ACCEPTED) => Said::Accepted,
            Protocol::Kattis if exit == Exit::Code(REJECTED) => Said::Rejected(Verdict::WA),
            Protocol::Testlib if exit == code(testlib::OK) => Said::Accepted,
            Protocol::Testlib if exit == code(testlib::WRONG_ANSWER) => Said::Rejected(Verdict::WA),
            Protocol::Testlib if exit == code(testlib::PRESENTATION_ERROR) => {
                Said::Rejected(Verdict::PE)
            }
            Protocol::Kattis | Protocol::Testlib => Said::Failed,
        }
    }

    /// What its exit codes mean, for a message about one that meant nothing.
    fn codes(self) -> &'static str {
        match self {
            Protocol::Kattis => "42 accepts and 43 rejects",
            Protocol::Testlib => "0 accepts, 1 and 2 reject, 3 is the interactor's own failure",
        }
    }
}

/// A program's game against an interactor: its verdict and run, and what the interactor wrote
/// to its OUTPUT file (testlib's protocol, when asked for; empty otherwise).
pub struct Played {
    pub judged: Judged,
    pub run: Option<Run>,
    pub interactor_output: Vec<u8>,
}

/// Lines of the conversation shown after a rejection.
const SHOWN_LINES: usize = 8;

/// Plays `program` against the built-in `referee` on the test `input`.
pub fn against_referee(
    runner: &Runner,
    program: &Invocation,
    limits: &Limits,
    referee: &dyn Referee,
    input: &[u8],
) -> (Judged, Option<Run>) {
    let played = runner.run_two_way(program, limits, |channel| {
        let refereed = referee.referee(input, &mut Talk(channel));
        if matches!(refereed, Ok(Refereed::Rejected(_))) {
            channel.stop_program();
        }
        refereed
    });
    let two_way = match played {
        Ok(two_way) => two_way,
        Err(error) => return (Judged::judge_error(error.to_string()), None),
    };
    let judged = match two_way.other {
        Err(failure) => Judged::judge_error(format!("the judge failed: {failure}")),
        Ok(Refereed::Rejected(why)) => rejected(Verdict::WA, why, &two_way.transcript),
        Ok(Refereed::Won(summary)) => match two_way.run.verdict() {
            Some((verdict, why)) => {
                Judged::new(verdict, format!("{why} (after the judge: {summary})"))
            }
            None => Judged::new(Verdict::AC, summary),
        },
        Ok(Refereed::Cut { at }) => cut(&two_way.run, &at),
    };
    (
        super::explained(judged, &two_way.run, runner),
        Some(two_way.run),
    )
}

/// Plays `program` against an interactor program on the test whose input and answer files
/// hold `input` and `answer` (written to a fresh directory with the feedback directory).
pub fn against_interactor(
    runner: &Runner,
    program: &Invocation,
    limits: &Limits,
    interactor: &Interactor,
    input: &[u8],
    answer: &[u8],
) -> (Judged, Option<Run>) {
    let played = play_test(runner, program, limits, interactor, (input, answer), false);
    (played.judged, played.run)
}

/// [`against_interactor`]; with `record`, with what a testlib interactor wrote to its OUTPUT
/// file (its record of the game, which makes a reference's answer).
pub fn play_test(
    runner: &Runner,
    program: &Invocation,
    limits: &Limits,
    interactor: &Interactor,
    (input, answer): (&[u8], &[u8]),
    record: bool,
) -> Played {
    match ValidatorFiles::new(input, answer) {
        Ok(files) => play(runner, program, limits, interactor, &files, record),
        Err(error) => Played {
            judged: Judged::judge_error(error),
            run: None,
            interactor_output: Vec::new(),
        },
    }
}

/// Plays `program` against an interactor program given `files` (a test's, or one pass of a
/// multi-pass problem, whose feedback directory is kept from pass to pass); with `record`,
/// reads back what a testlib interactor wrote to its OUTPUT file.
pub fn play(
    runner: &Runner,
    program: &Invocation,
    limits: &Limits,
    interactor: &Interactor,
    files: &ValidatorFiles,
    record: bool,
) -> Played {
    let unplayed = |message: String| Played {
        judged: Judged::judge_error(message),
        run: None,
        interactor_output: Vec::new(),
    };
    let protocol = interactor.protocol;
    let invocation = match protocol {
        Protocol::Kattis => files.invocation(&interactor.program.invocation, &interactor.flags),
        Protocol::Testlib => match files.testlib_invocation(&interactor.program.invocation) {
            Ok(invocation) => invocation,
            Err(error) => return unplayed(error),
        },
    };
    let stop = |run: &Run| matches!(protocol.said(run.exit), Said::Rejected(_));
    let played = runner.run_against(program, limits, &invocation, &interactor.limits, stop);
    let two_way = match played {
        Ok(two_way) => two_way,
        Err(error) => return unplayed(error.to_string()),
    };
    let (run, other) = (&two_way.run, &two_way.other);
    let message = files.message(&other.run);
    let shown = interactor.program.given.display();
    let overrun = beyond_limits(&format!("the interactor {shown}"), &other.run);
    // Writing after the interactor has gone is no fault of the program's, and neither is the
    // kill of a program the judge stopped once the interactor had rejected it: the interactor
    // decides, as problemtools lets it; unless the program had already run past its time
    // limit, which is TLE, as bt says.
    let own = match run.exit {
        Exit::Signal(libc::SIGPIPE) if !run.time_limit_hit() => None,
        _ if run.stopped && !run.time_limit_hit() => None,
        _ => run.verdict(),
    };
    let stopped_late = run.stopped && run.time_limit_hit();
    let rejection = |verdict: Verdict| {
        let why = message
            .clone()
            .unwrap_or_else(|| "rejected by the interactor".to_string());
        rejected(verdict, why, &two_way.transcript)
    };
    let judged = match (overrun, protocol.said(other.run.exit), own) {
        (Some(why), _, _) => Judged::judge_error(why),
        (None, Said::Rejected(verdict), _) if other.ended_first && !stopped_late => {
            rejection(verdict)
        }
        (None, Said::Accepted | Said::Rejected(_), Some((verdict, why))) => {
            let waited = run.wall_limit_hit && !run.cpu_limit_hit;
            match (verdict, waited) {
                (Verdict::TLE, true) => Judged::new(
                    verdict,
                    format!(
                        "{why}; it stopped answering the interactor: a line written without a \
                         flush is the usual cause"
                    ),
                ),
                _ => Judged::new(verdict, why),
            }
        }
        (None, Said::Accepted, None) => Judged::new(
            Verdict::AC,
            message
                .clone()
                .unwrap_or_else(|| "accepted by the interactor".to_string()),
        ),
        (None, Said::Rejected(verdict), None) => rejection(verdict),
        (None, Said::Failed, _) => Judged::judge_error(format!(
            "the interactor {shown} failed ({}, {}){}",
            other.run.exit,
            protocol.codes(),
            message
                .as_ref()
                .map(|m| format!(": {m}"))
                .unwrap_or_default()
        )),
    };
    let (judged, interactor_output) = match (protocol, record) {
        (Protocol::Testlib, true) => match files.testlib_output() {
            Ok(output) => (judged, output),
            Err(why) => (Judged::judge_error(why), Vec::new()),
        },
        _ => (judged, Vec::new()),
    };
    Played {
        judged: super::explained(judged, &two_way.run, runner),
        run: Some(two_way.run),
        interactor_output,
    }
}

/// A wrong answer (or presentation error): the reason, then the end of the conversation.
pub(crate) fn rejected(verdict: Verdict, why: String, transcript: &Transcript) -> Judged {
    let mut message = why;
    let lines = transcript.lines();
    let shown = &lines[lines.len().saturating_sub(SHOWN_LINES)..];
    if !shown.is_empty() {
        message.push_str("\nthe end of the conversation:");
    }
    for line in shown {
        match line {
            Some((Speaker::Judge, bytes)) => {
                message.push_str(&format!("\n  judge> {}", shown_line(bytes)))
            }
            Some((Speaker::Program, bytes)) => {
                message.push_str(&format!("\n  you>   {}", shown_line(bytes)))
            }
            None => message.push_str("\n  ..."),
        }
    }
    Judged::new(verdict, message)
}

fn shown_line(bytes: &[u8]) -> String {
    show::truncated(bytes, show::LINE_CHARS)
}

/// The verdict of a conversation the program cut short (see the module documentation).
fn cut(run: &Run, at: &str) -> Judged {
    match run.verdict() {
        Some((Verdict::TLE, why)) => Judged::new(
            Verdict::TLE,
            format!(
                "{why}; it stopped answering ({at}): a line written without a flush is the usual \
                 cause"
            ),
        ),
        Some((verdict, why)) => Judged::new(verdict, format!("{why} ({at})")),
        None => Judged::new(
            Verdict::WA,
            format!("the program ended before the games were over ({at})"),
        ),
    }
}

/// A [`Dialog`] over the judge's end of a two-way run.
struct Talk<'c>(&'c mut Channel);

impl Dialog for Talk<'_> {
    fn send(&mut self, line: &str) -> Result<(), Gone> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.0.send(&bytes).map_err(|_| Gone)
    }

    fn receive(&mut self) -> Result<Vec<u8>, Unheard> {
        self.0
            .receive_line(MAX_LINE)
            .map_err(|silence| match silence {
                Silence::Closed(partial) => Unheard::Ended(partial),
                Silence::TooLong(start) => Unheard::TooLong(start),
            })
    }

    fn finish(&mut self) -> Vec<u8> {
        self.0.close_output();
        self.0.rest(MAX_LINE)
    }
}

/// A testlib interactor whose record of the game (its OUTPUT file) the problem's checker then
/// judges against the answer, as Polygon judges an interactive problem: the interactor's
/// rejection stands; once it accepts, the checker's word on the record is the verdict.
pub struct RecordChecked<'a> {
    pub interactor: Interactor,
    pub checker: Box<dyn super::Checker + 'a>,
}

impl super::Conductor for RecordChecked<'_> {
    fn conduct(
        &self,
        runner: &Runner,
        program: &Program,
        limits: &Limits,
        input: &[u8],
        answer: &[u8],
    ) -> (Judged, Option<Run>) {
        let test = (input, answer);
        let played = play_test(
            runner,
            &program.invocation,
            limits,
            &self.interactor,
            test,
            true,
        );
        if !played.judged.accepted() {
            return (played.judged, played.run);
        }
        let judged = match self.checker.check(input, answer, &played.interactor_output) {
            Err(failure) => Judged::judge_error(format!(
                "the checker failed on the interactor's record: {failure}"
            )),
            Ok(judged) => Judged {
                measured: played.judged.measured,
                ..judged
            },
        };
        (judged, played.run)
    }
}
