//! The files of the Kattis validator protocol, shared by output validators and interactors:
//! a validator is started as `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ [FLAGS…]`, exits 42 to
//! accept and 43 to reject, and explains itself in `FEEDBACK_DIR/judgemessage.txt`. A testlib
//! interactor gets the same test files in its own order, `INTERACTOR INPUT OUTPUT ANSWER`, the
//! OUTPUT a file it writes ([`ValidatorFiles::testlib_invocation`]).
//! [`ValidatorFiles`] writes a test's input and answer and an empty feedback directory into a
//! fresh scratch directory (removed when dropped, or when the judge is interrupted), builds the validator's command line with
//! the confinement it needs, and reads back what it said.

use std::path::PathBuf;

use crate::check::protocol::kattis;
use crate::run::{Invocation, Run, ScratchDir};
use crate::text::show;
use crate::verdict::Awarded;
use crate::within::{open_written, read_head, read_written, MAX_TEST_BYTES};

/// The exit code of a validator that accepts (an input validator's too), as a run's.
pub const ACCEPTED: i32 = kattis::ACCEPTED as i32;
/// The exit code of an output validator or interactor that rejects, as a run's.
pub const REJECTED: i32 = kattis::WRONG_ANSWER as i32;
/// The most of a validator's message kept in a verdict.
const MESSAGE_CHARS: usize = 2000;
/// Bytes read of `judgemessage.txt`: enough for [`MESSAGE_CHARS`] characters of any UTF-8;
/// the rest of the file is counted, never read.
const MESSAGE_BYTES: usize = 8 << 10;
/// The most bytes of `score.txt` or `score_multiplier.txt` read: one number and blanks.
const SCORE_BYTES: u64 = 1 << 10;

/// A test's input and answer files and an empty feedback directory, in a private directory
/// under the system's temporary directory.
pub struct ValidatorFiles {
    dir: ScratchDir,
}

impl ValidatorFiles {
    /// Writes `input` and `answer` into a fresh directory beside an empty `feedback/`.
    pub fn new(input: &[u8], answer: &[u8]) -> Result<ValidatorFiles, String> {
        let files = ValidatorFiles {
            dir: ScratchDir::new("validator")?,
        };
        let written = std::fs::create_dir(files.feedback())
            .and_then(|()| std::fs::write(files.input(), input))
            .and_then(|()| std::fs::write(files.answer(), answer));
        written.map_err(|e| format!("cannot write in {}: {e}", files.dir.path().display()))?;
        Ok(files)
    }

    /// The input of the current pass: the test's, then each `nextpass.in` in turn.
    pub fn input(&self) -> PathBuf {
        self.dir.path().join("input.in")
    }

    fn answer(&self) -> PathBuf {
        self.dir.path().join("answer.ans")
    }

    fn feedback(&self) -> PathBuf {
        self.dir.path().join("feedback")
    }

    /// The OUTPUT file of a testlib interactor.
    fn testlib_output_path(&self) -> PathBuf {
        self.dir.path().join("interactor_output")
    }

    /// `interactor` with testlib's arguments, `INPUT OUTPUT ANSWER`: OUTPUT an empty file it
    /// may write (its record of the game), the test's files read-only.
    pub fn testlib_invocation(&self, interactor: &Invocation) -> Result<Invocation, String> {
        let output = self.testlib_output_path();
        std::fs::write(&output, b"")
            .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
        Ok(interactor
            .clone()
            .arg(self.input())
            .arg(&output)
            .arg(self.answer())
            .reads(self.input())
            .reads(self.answer())
            .writes(output))
    }

    /// What a testlib interactor wrote to its OUTPUT file (a test's answer, at most as large as
    /// a test's file may be).
    pub fn testlib_output(&self) -> Result<Vec<u8>, String> {
        let written = read_written(&self.testlib_output_path(), MAX_TEST_BYTES)?;
        Ok(written.unwrap_or_default())
    }

    /// `validator` with the protocol's arguments (`INPUT ANSWER FEEDBACK_DIR/`, the feedback
    /// directory with its trailing slash as problemtools gives it) and then `flags`. A confined
    /// validator reads the input and the answer and writes its feedback, and touches nothing
    /// else of the judge's.
    pub fn invocation(&self, validator: &Invocation, flags: &[String]) -> Invocation {
        let mut feedback = self.feedback().into_os_string();
        feedback.push("/");
        validator
            .clone()
            .arg(self.input())
            .arg(self.answer())
            .arg(feedback)
            .args(flags)
            .reads(self.input())
            .reads(self.answer())
            .writes(self.feedback())
    }

    /// The file by which a multi-pass validator asks for another pass.
    fn nextpass(&self) -> PathBuf {
        self.feedback().join("nextpass.in")
    }

    /// Whether the validator asked for another pass (wrote `nextpass.in`).
    pub fn wants_next_pass(&self) -> bool {
        self.nextpass().is_file()
    }

    /// Starts the next pass: `nextpass.in` leaves the feedback directory and becomes the
    /// input, which the program reads and the validator is given (as BAPCtools gives it);
    /// everything else in the feedback directory stays, as the specification guarantees. The
    /// file is copied by the kernel, never read into memory, into the input file the
    /// programs are let read: it must be a plain file no larger than a test's may be.
    pub fn next_pass(&self) -> Result<(), String> {
        let next = self.nextpass();
        let (mut from, size) = open_written(&next)?
            .ok_or_else(|| format!("{}: gone before the next pass", next.display()))?;
        if size > MAX_TEST_BYTES {
            return Err(format!(
                "the output validator wrote a nextpass.in of {} ({size} bytes), more than a \
                 test's input may be ({})",
                show::size(size),
                show::size(MAX_TEST_BYTES)
            ));
        }
        std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(self.input())
            .and_then(|mut to| std::io::copy(&mut from, &mut to))
            .and_then(|_| std::fs::remove_file(&next))
            .map_err(|e| format!("cannot move {} to the next pass: {e}", next.display()))
    }

    /// What the validator awarded besides its verdict (a scoring package's test case): the
    /// score in `score.txt`, or the multiplier in `score_multiplier.txt`; `None` when it wrote
    /// neither; an error when it wrote both, or what it wrote is not one number in bounds (a
    /// score non-negative, a multiplier in `0..=1`).
    pub fn awarded(&self) -> Result<Option<Awarded>, String> {
        let read = |name: &str| -> Result<Option<f64>, String> {
            let Some(text) = read_written(&self.feedback().join(name), SCORE_BYTES)? else {
                return Ok(None);
            };
            let text = String::from_utf8_lossy(&text);
            let most = match name {
                "score.txt" => f64::INFINITY,
                _ => 1.0,
            };
            match text.trim().parse::<f64>() {
                Ok(n) if n.is_finite() && (0.0..=most).contains(&n) => Ok(Some(n)),
                _ => Err(format!(
                    "{name} holds {:?}, not a number {}",
                    show::message(text.trim()),
                    match name {
                        "score.txt" => "of at least 0",
                        _ => "from 0 to 1",
                    }
                )),
            }
        };
        match (read("score.txt")?, read("score_multiplier.txt")?) {
            (Some(_), Some(_)) => {
                Err("the validator wrote both score.txt and score_multiplier.txt".to_string())
            }
            (Some(score), None) => Ok(Some(Awarded::Score(score))),
            (None, Some(multiplier)) => Ok(Some(Awarded::Multiplier(multiplier))),
            (None, None) => Ok(None),
        }
    }

    /// What the validator said: `judgemessage.txt`, else its standard error (of its `run`),
    /// its beginning made safe for a report, with how much more there was (`… and 3.0 GiB
    /// more`: a file of gigabytes is never read whole); `None` when both are empty.
    pub fn message(&self, run: &Run) -> Option<String> {
        let judge_message =
            match read_head(&self.feedback().join("judgemessage.txt"), MESSAGE_BYTES) {
                Ok(head) => (head.bytes, head.more),
                Err(why) => return Some(why),
            };
        [judge_message, (run.stderr.clone(), run.stderr_left_out())]
            .into_iter()
            .find_map(|(bytes, more)| show::beginning(&bytes, more, MESSAGE_CHARS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{Exit, Limits};

    /// A validator's run that wrote `stderr`.
    fn said(stderr: &[u8]) -> Run {
        let limits = Limits::new(std::time::Duration::from_secs(1), 1 << 28);
        Run::ended(Exit::Code(REJECTED), stderr, limits)
    }

    #[test]
    fn the_validator_gets_the_files_in_protocol_order_and_its_message_is_read_back() {
        let files = ValidatorFiles::new(b"1 2\n", b"3\n").expect("scratch");
        let invocation = files.invocation(
            &Invocation::new("/bin/validator").arg("own"),
            &["float_tolerance".to_string(), "1e-6".to_string()],
        );
        let args: Vec<String> = (invocation.args.iter())
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(args[0], "own");
        assert_eq!(std::fs::read(&args[1]).expect("input"), b"1 2\n");
        assert_eq!(std::fs::read(&args[2]).expect("answer"), b"3\n");
        assert!(args[3].ends_with("feedback/"), "{}", args[3]);
        assert_eq!(&args[4..], ["float_tolerance", "1e-6"]);
        assert_eq!(invocation.writes, [files.feedback()]);
        assert_eq!(
            files.message(&said(b"  from stderr \n")).as_deref(),
            Some("from stderr")
        );
        std::fs::write(files.feedback().join("judgemessage.txt"), "wrong move\n").expect("write");
        assert_eq!(
            files.message(&said(b"ignored")).as_deref(),
            Some("wrong move")
        );
        let dir = files.dir.path().to_path_buf();
        drop(files);
        assert!(!dir.exists());
    }

    #[test]
    fn a_flood_of_judgemessage_or_stderr_is_shown_by_its_head_and_counted() {
        let files = ValidatorFiles::new(b"1\n", b"2\n").expect("files");
        let message = files.feedback().join("judgemessage.txt");
        let file = std::fs::File::create(&message).expect("create");
        std::io::Write::write_all(&mut &file, "x".repeat(3000).as_bytes()).expect("write");
        file.set_len(3 << 30).expect("grow");
        let shown = files.message(&said(b"")).expect("a message");
        let more = show::size((3 << 30) - MESSAGE_CHARS as u64);
        assert_eq!(
            shown,
            format!("{} … and {more} more", "x".repeat(MESSAGE_CHARS))
        );
        std::fs::remove_file(&message).expect("rm");
        let mut flooded = said(b"line 1\n");
        flooded.stderr_written = 5 << 20;
        let shown = files.message(&flooded).expect("a message");
        assert!(shown.starts_with("line 1 … and 5.0 MiB more"), "{shown}");
    }

    #[test]
    fn an_over_long_score_txt_is_an_error_naming_it_and_its_size() {
        let files = ValidatorFiles::new(b"1\n", b"2\n").expect("files");
        let score = files.feedback().join("score.txt");
        std::fs::File::create(&score)
            .and_then(|f| f.set_len(1 << 30))
            .expect("grow");
        let why = files.awarded().expect_err("too long");
        assert!(why.contains("score.txt: 1073741824 bytes (1 GiB)"), "{why}");
    }

    #[test]
    fn score_txt_is_read_when_written_and_refused_when_not_a_number() {
        let files = ValidatorFiles::new(b"1\n", b"2\n").expect("files");
        assert_eq!(files.awarded(), Ok(None));
        std::fs::write(files.feedback().join("score.txt"), "12.5\n").expect("write");
        assert_eq!(files.awarded(), Ok(Some(Awarded::Score(12.5))));
        std::fs::write(files.feedback().join("score.txt"), "-3").expect("write");
        assert!(files
            .awarded()
            .is_err_and(|e| e.contains("not a number of at least 0")));
    }

    #[test]
    fn score_multiplier_txt_is_a_fraction_and_never_beside_score_txt() {
        let files = ValidatorFiles::new(b"1\n", b"2\n").expect("files");
        std::fs::write(files.feedback().join("score_multiplier.txt"), "0.25\n").expect("write");
        assert_eq!(files.awarded(), Ok(Some(Awarded::Multiplier(0.25))));
        std::fs::write(files.feedback().join("score_multiplier.txt"), "1.5\n").expect("write");
        assert!(files.awarded().is_err_and(|e| e.contains("from 0 to 1")));
        std::fs::write(files.feedback().join("score_multiplier.txt"), "1\n").expect("write");
        std::fs::write(files.feedback().join("score.txt"), "3\n").expect("write");
        assert!(files.awarded().is_err_and(|e| e.contains("both")));
    }

    #[test]
    fn nextpass_in_becomes_the_input_and_the_rest_of_the_feedback_stays() {
        let files = ValidatorFiles::new(b"first\n", b"answer\n").expect("scratch");
        assert!(!files.wants_next_pass());
        std::fs::write(files.feedback().join("judgemessage.txt"), "pass 1 ok\n").expect("write");
        std::fs::write(files.nextpass(), "second\n").expect("write");
        assert!(files.wants_next_pass());
        files.next_pass().expect("next pass");
        assert!(!files.wants_next_pass());
        assert_eq!(std::fs::read(files.input()).expect("input"), b"second\n");
        assert_eq!(std::fs::read(files.answer()).expect("answer"), b"answer\n");
        assert_eq!(files.message(&said(b"")).as_deref(), Some("pass 1 ok"));
    }
}
