//! The strict reader behind every validator: exact single spaces, `\n` line ends, a final
//! newline, no leading zeros, no signs, ranges checked. Every error carries the 1-based line
//! and column (in bytes) where the input first departs from the format.

use std::fmt;

/// Where and why an input breaks its format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct ParseError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// A cursor over input bytes that knows its line and column.
pub struct StrictReader<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    col: usize,
}

impl<'a> StrictReader<'a> {
    pub fn new(bytes: &'a [u8]) -> StrictReader<'a> {
        StrictReader {
            bytes,
            pos: 0,
            line: 1,
            col: 1,
        }
    }

    /// An error at the current position.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            col: self.col,
            message: message.into(),
        }
    }

    /// The current `(line, col)`, to report a constraint later at the place it was read.
    pub fn position(&self) -> (usize, usize) {
        (self.line, self.col)
    }

    /// True when every byte has been consumed.
    pub fn at_eof(&self) -> bool {
        self.pos == self.bytes.len()
    }

    /// The next byte without consuming it.
    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn advance(&mut self) {
        if self.bytes[self.pos] == b'\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        self.pos += 1;
    }

    /// A description of what is at the cursor, for "expected X, found Y" messages.
    pub fn found(&self) -> String {
        match self.peek() {
            None => "end of file".to_string(),
            Some(b) => describe_byte(b).to_string(),
        }
    }

    /// Exactly one space.
    pub fn space(&mut self) -> Result<(), ParseError> {
        self.literal(b' ', "a single space")
    }

    /// Exactly one `\n`.
    pub fn newline(&mut self) -> Result<(), ParseError> {
        match self.peek() {
            Some(b'\r') => Err(self.error("expected \"\\n\", found \"\\r\" (CRLF line ending)")),
            Some(b' ') => Err(self.error("expected end of line, found trailing space")),
            None => Err(self.error(
                "expected \"\\n\", found end of file (the last line must end with a newline)",
            )),
            _ => self.literal(b'\n', "end of line"),
        }
    }

    /// The end of a line of values: like [`StrictReader::newline`], but a space followed by
    /// more text is reported, at that text, as an extra value rather than a trailing space.
    pub fn end_of_values(&mut self) -> Result<(), ParseError> {
        let extra = self.peek() == Some(b' ')
            && self
                .bytes
                .get(self.pos + 1)
                .is_some_and(|b| b.is_ascii_graphic());
        if extra {
            self.advance();
            return Err(self.error(format!(
                "expected end of line, found an extra value starting with {}",
                self.found()
            )));
        }
        self.newline()
    }

    fn literal(&mut self, byte: u8, what: &str) -> Result<(), ParseError> {
        if self.peek() == Some(byte) {
            self.advance();
            Ok(())
        } else {
            Err(self.error(format!("expected {what}, found {}", self.found())))
        }
    }

    /// The end of the input.
    pub fn eof(&self) -> Result<(), ParseError> {
        if self.at_eof() {
            Ok(())
        } else {
            Err(self.error(format!("expected end of file, found {}", self.found())))
        }
    }

    /// A decimal integer named `name` in `lo..=hi`: digits only, no sign, no leading zero.
    pub fn int(&mut self, name: &str, lo: u64, hi: u64) -> Result<u64, ParseError> {
        let start = (self.line, self.col);
        let at_start = |message: String| ParseError {
            line: start.0,
            col: start.1,
            message,
        };
        let begin = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.advance();
        }
        let digits = &self.bytes[begin..self.pos];
        if digits.is_empty() {
            return Err(at_start(format!(
                "expected {name} (an integer in {lo}..={hi}), found {}",
                self.found()
            )));
        }
        let text = std::str::from_utf8(digits).unwrap_or_default();
        if digits.len() > 1 && digits[0] == b'0' {
            return Err(at_start(format!("{name} = {text} has a leading zero")));
        }
        let value: u64 = text
            .parse()
            .map_err(|_| at_start(format!("{name} = {text} does not fit in 64 bits")))?;
        if value < lo || value > hi {
            return Err(at_start(format!("{name} = {value} is outside {lo}..={hi}")));
        }
        Ok(value)
    }

    /// A maximal run of non-whitespace printable ASCII (at least one byte).
    pub fn word(&mut self, name: &str) -> Result<&'a str, ParseError> {
        let begin = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_graphic()) {
            self.advance();
        }
        if begin == self.pos {
            return Err(self.error(format!("expected {name}, found {}", self.found())));
        }
        Ok(std::str::from_utf8(&self.bytes[begin..self.pos]).unwrap_or_default())
    }

    /// `count` integers in `lo..=hi` separated by single spaces, then a newline.
    pub fn int_line(
        &mut self,
        count: usize,
        name: &str,
        lo: u64,
        hi: u64,
    ) -> Result<Vec<u64>, ParseError> {
        let mut values = Vec::with_capacity(count.min(1 << 20));
        for i in 0..count {
            if i > 0 {
                if self.peek() == Some(b'\n') {
                    return Err(self.error(format!(
                        "expected {count} values of {name} on this line, found only {i}"
                    )));
                }
                self.space()?;
            }
            values.push(self.int(name, lo, hi)?);
        }
        if self.peek() == Some(b' ') {
            self.advance();
            if self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(self.error(format!(
                    "expected {count} values of {name} on this line, found more"
                )));
            }
            return Err(ParseError {
                line: self.line,
                col: self.col - 1,
                message: "expected end of line, found trailing space".to_string(),
            });
        }
        self.newline()?;
        Ok(values)
    }
}

/// A human name for a byte: printable ASCII quoted, the rest by name or code.
pub fn describe_byte(b: u8) -> impl fmt::Display {
    struct Byte(u8);
    impl fmt::Display for Byte {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self.0 {
                b' ' => write!(f, "a space"),
                b'\n' => write!(f, "end of line"),
                b'\r' => write!(f, "\"\\r\" (carriage return)"),
                b'\t' => write!(f, "a tab"),
                b if b.is_ascii_graphic() => write!(f, "{:?}", b as char),
                b => write!(f, "byte 0x{b:02X}"),
            }
        }
    }
    Byte(b)
}
