//! Judging a program that plays against a judge (interactive problems): the program's input
//! and output connected to a built-in [`Referee`] on a thread of ours, or to an interactor
//! program speaking the Kattis protocol ([`Interactor`]), through a two-way run
//! ([`crate::run::Runner::run_two_way`]).
//!
//! Who decides when either side ends first, as Kattis and DOMjudge decide it:
//!
//! - The judge's wrong answer stands whatever the program does next (it is killed at once):
//!   a crash after a wrong move is still WA. For an interactor program, whose reasons we
//!   cannot see, a program killed at a limit of its own (TLE, MLE, OLE) comes first, since
//!   the interactor may only have reacted to its end.
//! - A conversation cut short (the program's output ended, or it stopped reading) is the
//!   program's own verdict when it has one (TLE: it stopped answering, with a note that a
//!   missing flush is the usual cause; RE: it crashed, `SIGPIPE` included), else WA: it exited
//!   before the games were over.
//! - When the judge is satisfied, the program must still exit with status 0 within its limits.
//! - The judge's own failure is JE. The built-in judge runs in the judge's process, so its time
//!   is never the program's.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::dialog::{Dialog, Gone, Referee, Refereed, Unheard, MAX_LINE};
use crate::run::{Channel, Invocation, Limits, Run, Runner, Silence, Speaker, Transcript};
use crate::text::show;
use crate::verdict::{Judged, Verdict};

/// An interactor program speaking the Kattis protocol: started as `PROGRAM INPUT ANSWER
/// FEEDBACK_DIR`, it reads the program's output on its standard input and writes the
/// program's input on its standard output; it exits 42 to accept, 43 to reject (its reason
/// in `FEEDBACK_DIR/judgemessage.txt`), and anything else is its own failure.
#[derive(Debug, Clone)]
pub struct Interactor {
    pub invocation: Invocation,
    pub limits: Limits,
}

/// Kattis' exit codes for an accepted and a rejected submission.
const ACCEPT: i32 = 42;
const REJECT: i32 = 43;

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
    let mut judged = match two_way.other {
        Err(failure) => Judged::judge_error(format!("the judge failed: {failure}")),
        Ok(Refereed::Rejected(why)) => rejected(why, &two_way.transcript),
        Ok(Refereed::Won(summary)) => match two_way.run.verdict() {
            Some((verdict, why)) => {
                Judged::new(verdict, format!("{why} (after the judge: {summary})"))
            }
            None => Judged::new(Verdict::AC, summary),
        },
        Ok(Refereed::Cut { at }) => cut(&two_way.run, &at),
    };
    judged.measured = Some(two_way.run.measured());
    (judged, Some(two_way.run))
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
    let work = match Scratch::new(input, answer) {
        Ok(work) => work,
        Err(error) => return (Judged::judge_error(error), None),
    };
    let invocation = interactor
        .invocation
        .clone()
        .arg(work.input())
        .arg(work.answer())
        .arg(work.feedback())
        // A confined interactor reads the test's files and writes its feedback, and touches
        // nothing else of the judge's.
        .reads(work.input())
        .reads(work.answer())
        .writes(work.feedback());
    let stop = |run: &Run| run.exit == crate::run::Exit::Code(REJECT);
    let played = runner.run_against(program, limits, &invocation, &interactor.limits, stop);
    let two_way = match played {
        Ok(two_way) => two_way,
        Err(error) => return (Judged::judge_error(error.to_string()), None),
    };
    let message = work.judge_message();
    let own = two_way.run.verdict();
    let limit_hit = |(verdict, _): &(Verdict, String)| {
        matches!(verdict, Verdict::TLE | Verdict::MLE | Verdict::OLE)
    };
    let interactor_run = &two_way.other;
    let mut judged = match (interactor_run.exit, own) {
        (_, _) if interactor_run.time_limit_hit() => Judged::judge_error(format!(
            "the interactor {} did not end within its limits",
            interactor.invocation.program.display()
        )),
        (_, Some(own)) if limit_hit(&own) => Judged::new(own.0, own.1),
        (crate::run::Exit::Code(REJECT), _) => {
            let why = message.unwrap_or_else(|| "rejected by the interactor".to_string());
            rejected(why, &two_way.transcript)
        }
        (crate::run::Exit::Code(ACCEPT), Some((verdict, why))) => Judged::new(verdict, why),
        (crate::run::Exit::Code(ACCEPT), None) => Judged::new(
            Verdict::AC,
            message.unwrap_or_else(|| "accepted by the interactor".to_string()),
        ),
        (exit, _) => Judged::judge_error(format!(
            "the interactor {} failed ({exit}){}",
            interactor.invocation.program.display(),
            first_line(&two_way.other.stderr)
                .map(|line| format!("; stderr: {line}"))
                .unwrap_or_default()
        )),
    };
    judged.measured = Some(two_way.run.measured());
    (judged, Some(two_way.run))
}

/// A wrong answer: the reason, then the end of the conversation.
fn rejected(why: String, transcript: &Transcript) -> Judged {
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
    Judged::new(Verdict::WA, message)
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

/// The first non-blank line of what another program wrote, made safe for a report.
fn first_line(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let line = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    Some(show::message(line))
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

/// A fresh directory holding a test's input and answer files and an empty feedback directory,
/// removed when dropped.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(input: &[u8], answer: &[u8]) -> Result<Scratch, String> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "stonejudge-interact-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let scratch = Scratch { dir };
        let made = std::fs::create_dir_all(scratch.feedback())
            .and_then(|()| std::fs::write(scratch.input(), input))
            .and_then(|()| std::fs::write(scratch.answer(), answer));
        made.map_err(|e| format!("cannot prepare {}: {e}", scratch.dir.display()))?;
        Ok(scratch)
    }

    fn input(&self) -> PathBuf {
        self.dir.join("input")
    }

    fn answer(&self) -> PathBuf {
        self.dir.join("answer")
    }

    fn feedback(&self) -> PathBuf {
        self.dir.join("feedback")
    }

    /// The first line of `judgemessage.txt`, if the interactor wrote one.
    fn judge_message(&self) -> Option<String> {
        let bytes = std::fs::read(self.feedback().join("judgemessage.txt")).ok()?;
        first_line(&bytes)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
