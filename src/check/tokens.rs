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
pub struct TokenReader<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    end: (usize, usize),
    /// What the bytes are, for messages: "output" or "answer file".
    source: &'static str,
    /// The last error that was a well-formed integer outside its range: testlib calls that a
    /// wrong answer, not a presentation error, and so does [`super::check_output`].
    range_violation: Option<Malformed>,
}

impl<'a> TokenReader<'a> {
    /// A reader of a contestant's output.
    pub fn new(bytes: &'a [u8]) -> TokenReader<'a> {
        TokenReader::named(bytes, "output")
    }

    /// A reader of bytes that messages call `source` (e.g. "answer file").
    pub fn named(bytes: &'a [u8], source: &'static str) -> TokenReader<'a> {
        let mut tokens = Vec::new();
        let (mut line, mut col) = (1, 1);
        let mut start: Option<(usize, usize, usize)> = None;
        for (i, &b) in bytes.iter().enumerate() {
            if b.is_ascii_whitespace() {
                if let Some((begin, l, c)) = start.take() {
                    tokens.push(Token {
                        bytes: &bytes[begin..i],
                        line: l,
                        col: c,
                    });
                }
            } else if start.is_none() {
                start = Some((i, line, col));
            }
            if b == b'\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
        }
        if let Some((begin, l, c)) = start {
            tokens.push(Token {
                bytes: &bytes[begin..],
                line: l,
                col: c,
            });
        }
        TokenReader {
            tokens,
            next: 0,
            end: (line, col),
            source,
            range_violation: None,
        }
    }

    /// The next token; `expected` names what should be there, for the error at end of output.
    pub fn next(&mut self, expected: &str) -> Result<Token<'a>, Malformed> {
        match self.tokens.get(self.next) {
            Some(&token) => {
                self.next += 1;
                Ok(token)
            }
            None => Err(Malformed {
                line: self.end.0,
                col: self.end.1,
                message: format!("expected {expected}, found end of {}", self.source),
            }),
        }
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
        match self.tokens.get(self.next) {
            None => Ok(()),
            Some(token) => Err(malformed_at(
                token,
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
