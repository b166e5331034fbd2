//! Interactive problems as a built-in judge sees them: a conversation of lines with the
//! program ([`Dialog`]), a judge that referees one test through it ([`Referee`]), and how a
//! refereed conversation ended ([`Refereed`]).
//!
//! A leaf: the problems write their judges against [`Dialog`] without knowing processes; the
//! judging path (`judge`) connects a dialog to a running program, and tests can connect one to
//! a script. Whether a conversation that was cut short is a wrong answer, a time limit or a
//! crash depends on how the program ended, which only the judging path knows.

use crate::text::show;

/// The longest line a program may write, in bytes: every line of our protocols is far
/// shorter, and a longer one is a wrong answer without waiting for its end.
pub const MAX_LINE: usize = 4096;

/// The program no longer reads its input (it exited, or closed its standard input).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gone;

/// Why no line came from the program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unheard {
    /// Its output ended; the bytes it wrote after its last newline (usually none).
    Ended(Vec<u8>),
    /// A line longer than [`MAX_LINE`] bytes: its beginning.
    TooLong(Vec<u8>),
}

/// The judge's end of a conversation with the program, one line at a time.
pub trait Dialog {
    /// Sends one line to the program (the `\n` is added).
    fn send(&mut self, line: &str) -> Result<(), Gone>;
    /// The program's next line, without its `\n`.
    fn receive(&mut self) -> Result<Vec<u8>, Unheard>;
    /// Closes the program's input and returns whatever it still writes until its output ends
    /// (at most [`MAX_LINE`] bytes): a judge that accepted without reading to the end would
    /// miss trailing output.
    fn finish(&mut self) -> Vec<u8>;
}

/// How a refereed conversation ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refereed {
    /// The program did everything right; a summary (`won all 10 games`).
    Won(String),
    /// The program broke the protocol or lost a game: a wrong answer, whatever it does next.
    /// The first line says why; further lines may explain.
    Rejected(String),
    /// The program stopped talking (its output ended, or it stopped reading) before the
    /// conversation was over; `at` says where (`game 3 (p = 17), waiting for your move`).
    Cut { at: String },
}

/// A built-in judge of an interactive problem: plays one test through a [`Dialog`].
pub trait Referee: Sync {
    /// Referees the test whose input file is `input`; an `Err` is the jury's own failure (an
    /// input that does not validate), never the program's.
    fn referee(&self, input: &[u8], dialog: &mut dyn Dialog) -> Result<Refereed, String>;
}

/// The program's next line as text, or how the conversation ends if there is none or it is not
/// text: a line too long, bytes that are not printable ASCII, or output that ends inside a line
/// are wrong answers; output that ends between lines is [`Refereed::Cut`]. `at` says where the
/// conversation is, for the messages.
pub fn next_line(dialog: &mut dyn Dialog, at: &str) -> Result<String, Refereed> {
    match dialog.receive() {
        Ok(line) => {
            let line = line.strip_suffix(b"\r").unwrap_or(&line);
            if line
                .iter()
                .all(|&b| b == b' ' || b == b'\t' || b.is_ascii_graphic())
            {
                Ok(String::from_utf8_lossy(line).into_owned())
            } else {
                Err(Refereed::Rejected(format!(
                    "{at}: the line {} is not printable ASCII",
                    show::token(line)
                )))
            }
        }
        Err(Unheard::TooLong(start)) => Err(Refereed::Rejected(format!(
            "{at}: a line longer than {MAX_LINE} bytes, starting {}",
            show::token(&start)
        ))),
        Err(Unheard::Ended(partial)) if !partial.is_empty() => Err(Refereed::Rejected(format!(
            "{at}: the output ended inside a line: {} has no final newline",
            show::token(&partial)
        ))),
        Err(Unheard::Ended(_)) => Err(Refereed::Cut { at: at.to_string() }),
    }
}

/// Sends `line`, or says where the program stopped reading. What it wrote before says more
/// than that it stopped, and does not depend on how soon it stopped: a last line without its
/// newline (or not text, or too long) is the wrong answer it would be if the judge had read it
/// first.
pub fn send(dialog: &mut dyn Dialog, line: &str, at: &str) -> Result<(), Refereed> {
    if dialog.send(line).is_ok() {
        return Ok(());
    }
    match next_line(dialog, at) {
        Err(rejected @ Refereed::Rejected(_)) => Err(rejected),
        Ok(_) | Err(Refereed::Cut { .. } | Refereed::Won(_)) => Err(Refereed::Cut {
            at: format!("{at} (the program no longer reads its input)"),
        }),
    }
}

/// The `count` numbers of `line` (plain decimal, separated by spaces), or why it is not that:
/// `expected` names what was expected (`` `L x` ``).
pub fn numbers(line: &str, count: usize, expected: &str) -> Result<Vec<u64>, String> {
    let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
    let parsed: Option<Vec<u64>> = tokens
        .iter()
        .map(|t| {
            (t.bytes().all(|b| b.is_ascii_digit()) && t.len() <= 19)
                .then(|| t.parse().ok())
                .flatten()
        })
        .collect();
    match parsed {
        Some(values) if values.len() == count => Ok(values),
        _ => Err(format!(
            "expected {expected}, got {}",
            show::token(line.as_bytes())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program that stopped reading after writing `written` (then its output ended).
    struct Stopped {
        written: Vec<u8>,
    }

    impl Dialog for Stopped {
        fn send(&mut self, _line: &str) -> Result<(), Gone> {
            Err(Gone)
        }
        fn receive(&mut self) -> Result<Vec<u8>, Unheard> {
            match self.written.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    let line = self.written[..end].to_vec();
                    self.written.drain(..=end);
                    Ok(line)
                }
                None => Err(Unheard::Ended(std::mem::take(&mut self.written))),
            }
        }
        fn finish(&mut self) -> Vec<u8> {
            std::mem::take(&mut self.written)
        }
    }

    #[test]
    fn a_program_that_stopped_reading_is_judged_by_what_it_wrote_last() {
        let sent = |written: &[u8]| {
            let mut dialog = Stopped {
                written: written.to_vec(),
            };
            send(&mut dialog, "1 2", "game 1")
        };
        match sent(b"1") {
            Err(Refereed::Rejected(why)) => assert!(why.contains("has no final newline"), "{why}"),
            other => panic!("{other:?}"),
        }
        match sent(b"\x01\n") {
            Err(Refereed::Rejected(why)) => assert!(why.contains("not printable"), "{why}"),
            other => panic!("{other:?}"),
        }
        let cut = Err(Refereed::Cut {
            at: "game 1 (the program no longer reads its input)".to_string(),
        });
        assert_eq!(sent(b""), cut);
        assert_eq!(
            sent(b"1 1\n"),
            cut,
            "an unread line: it still stopped reading"
        );
    }

    #[test]
    fn numbers_are_plain_decimals_and_counted() {
        assert_eq!(numbers("3 17", 2, "`L x`"), Ok(vec![3, 17]));
        assert_eq!(numbers(" 3\t17 ", 2, "`L x`"), Ok(vec![3, 17]));
        for bad in [
            "3",
            "3 17 1",
            "three 17",
            "-3 17",
            "3 1e2",
            "99999999999999999999 1",
        ] {
            let error = numbers(bad, 2, "`L x`").unwrap_err();
            assert!(error.starts_with("expected `L x`, got"), "{bad}: {error}");
        }
    }
}
