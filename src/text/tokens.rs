//! Lenient reading of answers: whitespace-separated tokens, each remembering its line and
//! column, so that a checker can say exactly where an output went wrong.

/// One whitespace-delimited token of an output or answer file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub bytes: &'a [u8],
    pub line: usize,
    pub col: usize,
}

impl Token<'_> {
    /// The token as text, with invalid UTF-8 replaced, for messages.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(self.bytes).into_owned()
    }

    /// The token as a message shows it: quoted, ASCII-escaped, long tokens cut.
    pub fn shown(&self) -> String {
        super::show::token(self.bytes)
    }
}

/// Why an output (or answer file) cannot be read as an answer at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct Malformed {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// A cursor over the tokens of an output. Whitespace is any ASCII whitespace, so CRLF line
/// ends and extra spaces are accepted here; `check::whitespace` reports them separately.
/// Tokens are found as they are asked for, so a flood of output costs no memory.
pub struct TokenReader<'a> {
    cursor: Cursor<'a>,
    /// What the bytes are, for messages: "output" or "answer file".
    source: &'static str,
    /// The last error that was a well-formed integer outside its range: testlib calls that a
    /// wrong answer, not a presentation error, and so does `check::check_output`.
    range_violation: Option<Malformed>,
}

/// A position in the bytes, with its 1-based line and column (in bytes).
#[derive(Clone, Copy)]
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    col: usize,
}

impl<'a> Cursor<'a> {
    /// Moves past whitespace and the token after it, if there is one; at the end of the
    /// bytes, the cursor is left at the end position (line and column after the last byte).
    fn advance(&mut self) -> Option<Token<'a>> {
        self.skip_while(|b| b.is_ascii_whitespace());
        let (start, line, col) = (self.pos, self.line, self.col);
        self.skip_while(|b| !b.is_ascii_whitespace());
        (self.pos > start).then(|| Token {
            bytes: &self.bytes[start..self.pos],
            line,
            col,
        })
    }

    fn skip_while(&mut self, keep_going: impl Fn(u8) -> bool) {
        while let Some(&b) = self.bytes.get(self.pos).filter(|&&b| keep_going(b)) {
            self.pos += 1;
            if b == b'\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
        }
    }
}

impl<'a> TokenReader<'a> {
    /// A reader of a contestant's output.
    pub fn new(bytes: &'a [u8]) -> TokenReader<'a> {
        TokenReader::named(bytes, "output")
    }

    /// A reader of bytes that messages call `source` (e.g. "answer file").
    pub fn named(bytes: &'a [u8], source: &'static str) -> TokenReader<'a> {
        TokenReader {
            cursor: Cursor {
                bytes,
                pos: 0,
                line: 1,
                col: 1,
            },
            source,
            range_violation: None,
        }
    }

    /// The next token; `expected` names what should be there, for the error at end of output.
    pub fn next(&mut self, expected: &str) -> Result<Token<'a>, Malformed> {
        self.cursor.advance().ok_or_else(|| Malformed {
            line: self.cursor.line,
            col: self.cursor.col,
            message: format!("expected {expected}, found end of {}", self.source),
        })
    }

    /// The next token, which must be one of `words` (exactly, case-sensitive); returns its
    /// index in `words`.
    pub fn word(&mut self, expected: &str, words: &[&str]) -> Result<usize, Malformed> {
        let token = self.next(expected)?;
        words
            .iter()
            .position(|w| w.as_bytes() == token.bytes)
            .ok_or_else(|| {
                malformed_at(
                    &token,
                    format!("expected {expected}, found {}", token.shown()),
                )
            })
    }

    /// The next token as an unsigned decimal integer in `lo..=hi`. A token that is not an
    /// integer at all is unreadable; an integer (perhaps negative or huge) outside the range
    /// is readable but wrong, and [`TokenReader::is_range_violation`] says so afterwards.
    pub fn u64(&mut self, expected: &str, lo: u64, hi: u64) -> Result<u64, Malformed> {
        let token = self.next(expected)?;
        let digits = token.bytes.strip_prefix(b"-").unwrap_or(token.bytes);
        let is_integer = !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
        let value = std::str::from_utf8(token.bytes)
            .ok()
            .filter(|_| is_integer)
            .and_then(|t| t.parse::<u64>().ok());
        match value {
            Some(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => {
                let error = malformed_at(
                    &token,
                    format!(
                        "expected {expected} (an integer in {lo}..={hi}), found {}",
                        token.shown()
                    ),
                );
                if is_integer {
                    self.range_violation = Some(error.clone());
                }
                Err(error)
            }
        }
    }

    /// True if `error` is this reader's report of an integer outside its range (a readable
    /// but wrong token), as opposed to a token that could not be read as an integer at all.
    pub fn is_range_violation(&self, error: &Malformed) -> bool {
        self.range_violation.as_ref() == Some(error)
    }

    /// Succeeds only if every token was read.
    pub fn finish(&self) -> Result<(), Malformed> {
        let mut ahead = self.cursor;
        match ahead.advance() {
            None => Ok(()),
            Some(token) => Err(malformed_at(
                &token,
                format!(
                    "expected end of {}, found extra token {}",
                    self.source,
                    token.shown()
                ),
            )),
        }
    }
}

fn malformed_at(token: &Token<'_>, message: String) -> Malformed {
    Malformed {
        line: token.line,
        col: token.col,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_know_their_line_and_column() {
        let mut r = TokenReader::new(b"  first 5\r\n\n18");
        let t = r.next("a word").unwrap();
        assert_eq!((t.bytes, t.line, t.col), (&b"first"[..], 1, 3));
        let t = r.next("a heap").unwrap();
        assert_eq!((t.bytes, t.line, t.col), (&b"5"[..], 1, 9));
        assert!(r.finish().is_err());
        let t = r.next("a count").unwrap();
        assert_eq!((t.bytes, t.line, t.col), (&b"18"[..], 3, 1));
        assert_eq!(r.finish(), Ok(()));
    }

    #[test]
    fn end_of_output_is_reported_after_the_last_byte() {
        let mut r = TokenReader::new(b"1\n2\n");
        r.next("x").unwrap();
        r.next("x").unwrap();
        let e = r.next("the answer for case 3").unwrap_err();
        assert_eq!(
            e.to_string(),
            "3:1: expected the answer for case 3, found end of output"
        );
        let mut r = TokenReader::named(b"", "answer file");
        assert_eq!(
            r.next("x").unwrap_err().message,
            "expected x, found end of answer file"
        );
    }

    #[test]
    fn extra_tokens_are_named() {
        let mut r = TokenReader::new(b"1 2\n");
        r.next("x").unwrap();
        let e = r.finish().unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:3: expected end of output, found extra token \"2\""
        );
    }

    #[test]
    fn words_are_exact() {
        let mut r = TokenReader::new(b"second First");
        assert_eq!(r.word("first or second", &["first", "second"]), Ok(1));
        let e = r.word("first or second", &["first", "second"]).unwrap_err();
        assert_eq!(e.message, "expected first or second, found \"First\"");
    }

    #[test]
    fn integers_out_of_range_are_told_apart_from_non_integers() {
        let mut r = TokenReader::new(b"7 8 -1 123456789012345678901 x7 +3 0");
        assert_eq!(r.u64("a heap", 1, 7), Ok(7));
        for found in ["8", "-1", "123456789012345678901"] {
            let e = r.u64("a heap", 1, 7).unwrap_err();
            assert!(r.is_range_violation(&e), "{found}");
            assert!(e.message.ends_with(&format!("found \"{found}\"")), "{e}");
        }
        for found in ["x7", "+3"] {
            let e = r.u64("a heap", 1, 7).unwrap_err();
            assert!(!r.is_range_violation(&e), "{found}");
            assert_eq!(
                e.message,
                format!("expected a heap (an integer in 1..=7), found \"{found}\"")
            );
        }
        assert_eq!(r.u64("a heap", 0, 7), Ok(0));
        let e = r.u64("a heap", 0, 7).unwrap_err();
        assert!(
            !r.is_range_violation(&e),
            "end of output is not a range violation"
        );
    }
}
