//! The Kattis default output validator: the output's whitespace-separated tokens against the
//! answer file's, as problemtools' `default_validator` compares them. A Kattis package that
//! ships no output validator of its own is judged by this, with its `validator_flags`:
//!
//! - tokens are separated by any run of ASCII whitespace (space, `\t`, `\n`, `\v`, `\f`,
//!   `\r`), and compared ignoring ASCII case unless `case_sensitive` is given;
//! - `space_change_sensitive`: the whitespace between tokens must be the answer file's, byte
//!   for byte;
//! - `float_absolute_tolerance E`, `float_relative_tolerance E`, `float_tolerance E` (both):
//!   where the answer's token is a finite number, the output's must be one too, and is
//!   accepted if `|answer - output| <= E_abs` or `|answer - output| <= E_rel * |answer|`;
//!   other tokens are still compared as words;
//! - any other flag makes the validator unusable (problemtools' exits with a usage error).
//!
//! The verdict is AC or WA (the format has no presentation error), with a message in the
//! spirit of the original's `judgemessage.txt`.

use crate::text::show;
use crate::verdict::{Judged, Verdict};

/// The default validator's flags, parsed once.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DefaultValidator {
    pub case_sensitive: bool,
    pub space_change_sensitive: bool,
    /// `None` when not given (the original's -1).
    pub absolute_tolerance: Option<f64>,
    pub relative_tolerance: Option<f64>,
}

impl DefaultValidator {
    /// Parses `validator_flags`, or says which flag is wrong.
    pub fn parse<S: AsRef<str>>(flags: &[S]) -> Result<DefaultValidator, String> {
        let mut parsed = DefaultValidator::default();
        let mut flags = flags.iter().map(AsRef::as_ref);
        while let Some(flag) = flags.next() {
            let mut value = || {
                flags
                    .next()
                    .and_then(number)
                    .ok_or_else(|| format!("validator flag {flag} needs a number after it"))
            };
            match flag {
                "case_sensitive" => parsed.case_sensitive = true,
                "space_change_sensitive" => parsed.space_change_sensitive = true,
                "float_absolute_tolerance" => parsed.absolute_tolerance = Some(value()?),
                "float_relative_tolerance" => parsed.relative_tolerance = Some(value()?),
                "float_tolerance" => {
                    let tolerance = value()?;
                    parsed.absolute_tolerance = Some(tolerance);
                    parsed.relative_tolerance = Some(tolerance);
                }
                other => {
                    return Err(format!(
                        "unknown flag {other:?} for the default output validator; known: \
                         case_sensitive, space_change_sensitive, float_tolerance E, \
                         float_absolute_tolerance E, float_relative_tolerance E"
                    ))
                }
            }
        }
        Ok(parsed)
    }

    /// Judges `output` against `answer`: AC or WA with the first difference.
    pub fn judge(&self, answer: &[u8], output: &[u8]) -> Judged {
        match self.first_difference(answer, output) {
            None => Judged::new(Verdict::AC, "ok"),
            Some(why) => Judged::new(Verdict::WA, why),
        }
    }

    fn first_difference(&self, answer: &[u8], output: &[u8]) -> Option<String> {
        let (mut a, mut o) = (Cursor::new(answer), Cursor::new(output));
        loop {
            let space = a.space();
            if self.space_change_sensitive {
                let got = o.space();
                if got != space {
                    return Some(format!(
                        "line {}: whitespace {} where the answer has {} \
                         (space_change_sensitive)",
                        o.line,
                        show::token(got),
                        show::token(space)
                    ));
                }
            } else {
                o.space();
            }
            let Some(expected) = a.token() else { break };
            let line = o.line;
            let Some(got) = o.token() else {
                return Some(format!(
                    "the output ends where the answer has {} next",
                    show::token(expected)
                ));
            };
            if let Some(why) = self.token_difference(expected, got) {
                return Some(format!("line {line}: {why}"));
            }
        }
        o.space();
        o.token()
            .map(|extra| format!("line {}: trailing output {}", o.line, show::token(extra)))
    }

    fn token_difference(&self, expected: &[u8], got: &[u8]) -> Option<String> {
        let floats = self.absolute_tolerance.is_some() || self.relative_tolerance.is_some();
        if let Some(want) = floats.then(|| float(expected)).flatten() {
            let Some(have) = float(got) else {
                return Some(format!("expected a number, got {}", show::token(got)));
            };
            let difference = (want - have).abs();
            let within = |tolerance: Option<f64>, scale: f64| {
                tolerance.is_some_and(|t| difference <= t * scale)
            };
            if within(self.absolute_tolerance, 1.0) || within(self.relative_tolerance, want.abs()) {
                return None;
            }
            return Some(format!(
                "expected {}, got {} (difference {difference:e}, over the tolerance)",
                show::token(expected),
                show::token(got)
            ));
        }
        let same = match self.case_sensitive {
            true => expected == got,
            false => expected.eq_ignore_ascii_case(got),
        };
        (!same).then(|| {
            format!(
                "expected {}, got {}",
                show::token(expected),
                show::token(got)
            )
        })
    }
}

/// A finite number written as `strtod` reads one whole (no hexadecimal, no `inf`/`nan`).
fn float(token: &[u8]) -> Option<f64> {
    std::str::from_utf8(token).ok().and_then(number)
}

fn number(text: &str) -> Option<f64> {
    text.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// A position in a byte string, counting lines.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
}

impl<'a> Cursor<'a> {
    fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor {
            bytes,
            at: 0,
            line: 1,
        }
    }

    /// Skips whitespace (C's `isspace`), returning it.
    fn space(&mut self) -> &'a [u8] {
        let start = self.at;
        while let Some(&b) = self.bytes.get(self.at) {
            if !(b.is_ascii_whitespace() || b == 0x0b) {
                break;
            }
            self.line += usize::from(b == b'\n');
            self.at += 1;
        }
        &self.bytes[start..self.at]
    }

    /// The next token (the cursor is on one, or at the end).
    fn token(&mut self) -> Option<&'a [u8]> {
        let start = self.at;
        while let Some(&b) = self.bytes.get(self.at) {
            if b.is_ascii_whitespace() || b == 0x0b {
                break;
            }
            self.at += 1;
        }
        (self.at > start).then(|| &self.bytes[start..self.at])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(flags: &[&str], answer: &str, output: &str) -> Verdict {
        DefaultValidator::parse(flags)
            .expect("flags parse")
            .judge(answer.as_bytes(), output.as_bytes())
            .verdict
    }

    #[test]
    fn tokens_case_and_space() {
        use Verdict::*;
        assert_eq!(verdict(&[], "A B\n", " a  b \t\n"), AC);
        assert_eq!(verdict(&["case_sensitive"], "A B\n", "a b\n"), WA);
        assert_eq!(verdict(&[], "A B\n", "A B X\n"), WA);
        assert_eq!(verdict(&[], "A B\n", "A\n"), WA);
        assert_eq!(verdict(&[], "", " \n"), AC);
        assert_eq!(verdict(&["space_change_sensitive"], "A B\n", "A B\n"), AC);
        assert_eq!(verdict(&["space_change_sensitive"], "A B\n", "A  B\n"), WA);
        assert_eq!(verdict(&["space_change_sensitive"], "A B\n", "A B"), WA);
        assert_eq!(verdict(&["space_change_sensitive"], "", "\n"), WA);
    }

    #[test]
    fn floats_within_either_tolerance() {
        use Verdict::*;
        let abs = ["float_absolute_tolerance", "0.01"];
        assert_eq!(verdict(&abs, "1.000\n", "1.005\n"), AC);
        assert_eq!(verdict(&abs, "1.000\n", "1.02\n"), WA);
        assert_eq!(verdict(&abs, "1.000\n", "x\n"), WA);
        // Words are still words when floats are on.
        assert_eq!(verdict(&abs, "yes 1\n", "YES 1.001\n"), AC);
        let rel = ["float_relative_tolerance", "0.001"];
        assert_eq!(verdict(&rel, "1000\n", "1000.9\n"), AC);
        assert_eq!(verdict(&rel, "1000\n", "1001.1\n"), WA);
        let both = ["float_tolerance", "1e-6"];
        assert_eq!(verdict(&both, "0\n", "0.0000005\n"), AC);
        // Without a tolerance, numbers are words.
        assert_eq!(verdict(&[], "1.0\n", "1.00\n"), WA);
    }

    #[test]
    fn bad_flags_are_errors() {
        assert!(DefaultValidator::parse(&["float_tolerance"]).is_err());
        assert!(DefaultValidator::parse(&["float_tolerance", "x"]).is_err());
        assert!(DefaultValidator::parse(&["ignore_case"]).is_err());
    }
}
