//! Whitespace and encoding diagnostics of an output.
//!
//! Token comparison is lenient: any run of ASCII whitespace separates tokens, as in testlib
//! and the Kattis default validator, so a CRLF line end or a trailing space never changes a
//! verdict by itself. But a setter or contestant deserves to know exactly how an output
//! departs from the canonical format (single spaces, `\n` line ends, a final newline, ASCII),
//! so this module finds every such oddity and says where the first one is. The checker notes
//! them on an accepted output and offers them as hints on a rejected one.

use std::fmt;

use crate::text::show;

/// The UTF-8 encoding of U+FEFF, which some Windows tools put at the start of a text file.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// How an output departs from the canonical text format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OddityKind {
    /// The output starts with a UTF-8 byte order mark.
    ByteOrderMark,
    /// NUL bytes (counted in bytes).
    NulBytes,
    /// Byte sequences that are not UTF-8 (counted in sequences).
    InvalidUtf8,
    /// Lines ending in `\r\n` (counted in lines).
    CrlfLineEnds,
    /// `\r` not followed by `\n` (counted in bytes).
    BareCarriageReturns,
    /// Tab characters (counted in bytes).
    Tabs,
    /// Lines that end in spaces or tabs (counted in lines).
    TrailingWhitespace,
    /// Lines that start with spaces or tabs (counted in lines).
    LeadingWhitespace,
    /// Lines with more than one whitespace character between two tokens (counted in lines).
    RepeatedSpaces,
    /// Lines without any token (counted in lines).
    BlankLines,
    /// The last line has no `\n`.
    NoFinalNewline,
}

/// One kind of departure from the format: how often it occurs and where it first does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Oddity {
    pub kind: OddityKind,
    pub count: usize,
    /// 1-based line and column (in bytes) of the first occurrence.
    pub line: usize,
    pub col: usize,
}

impl Oddity {
    /// True for the oddities about encoding rather than spacing: they put bytes inside
    /// tokens that no reader of numbers or words accepts.
    pub fn is_encoding(&self) -> bool {
        matches!(
            self.kind,
            OddityKind::ByteOrderMark | OddityKind::NulBytes | OddityKind::InvalidUtf8
        )
    }
}

impl fmt::Display for Oddity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, line, col) = (self.count, self.line, self.col);
        let at = format!("first at line {line}:{col}");
        let on = format!("first on line {line}");
        match self.kind {
            OddityKind::ByteOrderMark => {
                write!(f, "a UTF-8 byte order mark at the start (bytes EF BB BF)")
            }
            OddityKind::NulBytes => write!(f, "{} ({at})", plural(n, "NUL byte")),
            OddityKind::InvalidUtf8 => {
                write!(
                    f,
                    "{} that {} not UTF-8 ({at})",
                    plural(n, "byte sequence"),
                    are(n)
                )
            }
            OddityKind::CrlfLineEnds => write!(f, "CRLF line ends ({}, {on})", plural(n, "line")),
            OddityKind::BareCarriageReturns => write!(
                f,
                "{} not followed by a line feed ({at})",
                plural(n, "carriage return")
            ),
            OddityKind::Tabs => write!(f, "{} ({at})", plural(n, "tab character")),
            OddityKind::TrailingWhitespace => {
                write!(f, "trailing whitespace ({}, {on})", plural(n, "line"))
            }
            OddityKind::LeadingWhitespace => {
                write!(f, "leading whitespace ({}, {on})", plural(n, "line"))
            }
            OddityKind::RepeatedSpaces => write!(
                f,
                "several whitespace characters between tokens ({}, {on})",
                plural(n, "line")
            ),
            OddityKind::BlankLines => write!(f, "{} ({on})", plural(n, "blank line")),
            OddityKind::NoFinalNewline => write!(f, "no newline at the end of line {line}"),
        }
    }
}

/// "1 line", "2 lines".
pub(super) fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn are(n: usize) -> &'static str {
    if n == 1 {
        "is"
    } else {
        "are"
    }
}

/// What the checker needs to know about the shape of an output (or answer file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Every kind of oddity found, in [`OddityKind`] order.
    pub oddities: Vec<Oddity>,
    /// How many lines hold at least one token.
    pub token_lines: usize,
}

impl Layout {
    pub fn of(bytes: &[u8]) -> Layout {
        let mut scan = Scan::default();
        let body = bytes.strip_prefix(BYTE_ORDER_MARK).unwrap_or(bytes);
        if body.len() < bytes.len() {
            scan.record(OddityKind::ByteOrderMark, 1, 1);
        }
        let mut pieces = body.split(|&b| b == b'\n').peekable();
        let mut line = 0;
        while let Some(piece) = pieces.next() {
            line += 1;
            let terminated = pieces.peek().is_some();
            if !terminated && piece.is_empty() {
                break; // the "line" after the final newline
            }
            // Columns are in bytes of the whole file; the BOM shifts line 1.
            let first_col = if line == 1 {
                1 + bytes.len() - body.len()
            } else {
                1
            };
            scan.line(piece, line, first_col, terminated);
        }
        let mut oddities: Vec<Oddity> = scan.found.into_iter().flatten().collect();
        oddities.sort_by_key(|o| o.kind as usize);
        Layout {
            oddities,
            token_lines: scan.token_lines,
        }
    }

    /// The oddity of `kind`, if the output has it.
    pub fn get(&self, kind: OddityKind) -> Option<&Oddity> {
        self.oddities.iter().find(|o| o.kind == kind)
    }
}

/// Is `b` a separator for the token reader? (`u8::is_ascii_whitespace`: space, `\t`, `\n`,
/// form feed, `\r`.)
fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace()
}

#[derive(Default)]
struct Scan {
    /// Indexed by `OddityKind as usize`.
    found: [Option<Oddity>; 11],
    token_lines: usize,
}

impl Scan {
    fn record(&mut self, kind: OddityKind, line: usize, col: usize) {
        let slot = &mut self.found[kind as usize];
        match slot {
            Some(oddity) => oddity.count += 1,
            None => {
                *slot = Some(Oddity {
                    kind,
                    count: 1,
                    line,
                    col,
                })
            }
        }
    }

    /// One line without its `\n`; `col0` is the column of its first byte.
    fn line(&mut self, piece: &[u8], line: usize, col0: usize, terminated: bool) {
        let content = match piece.strip_suffix(b"\r") {
            Some(rest) if terminated => {
                self.record(OddityKind::CrlfLineEnds, line, col0 + rest.len());
                rest
            }
            _ => piece,
        };
        if !terminated {
            self.record(OddityKind::NoFinalNewline, line, col0 + piece.len());
        }
        for (i, &b) in content.iter().enumerate() {
            let col = col0 + i;
            match b {
                b'\0' => self.record(OddityKind::NulBytes, line, col),
                b'\t' => self.record(OddityKind::Tabs, line, col),
                b'\r' => self.record(OddityKind::BareCarriageReturns, line, col),
                _ => {}
            }
        }
        let mut offset = 0;
        for chunk in content.utf8_chunks() {
            offset += chunk.valid().len();
            if !chunk.invalid().is_empty() {
                self.record(OddityKind::InvalidUtf8, line, col0 + offset);
            }
            offset += chunk.invalid().len();
        }
        let Some(first) = content.iter().position(|&b| !is_space(b)) else {
            self.record(OddityKind::BlankLines, line, col0);
            return;
        };
        self.token_lines += 1;
        if first > 0 {
            self.record(OddityKind::LeadingWhitespace, line, col0);
        }
        let last = content.iter().rposition(|&b| !is_space(b)).unwrap_or(first);
        if last + 1 < content.len() {
            self.record(OddityKind::TrailingWhitespace, line, col0 + last + 1);
        }
        let inner = &content[first..=last];
        if let Some(at) = inner
            .windows(2)
            .position(|w| is_space(w[0]) && is_space(w[1]))
        {
            self.record(OddityKind::RepeatedSpaces, line, col0 + first + at);
        }
    }
}

/// Where the whitespace of `output` first differs from that of `answer`, when the two must
/// match exactly (Kattis' `space_change_sensitive`): the runs of whitespace before, between
/// and after the tokens are compared one by one.
pub fn first_space_change(answer: &[u8], output: &[u8]) -> Option<String> {
    let expected = gaps(answer);
    let got = gaps(output);
    let at = (0..expected.len().max(got.len()))
        .find(|&i| expected.get(i).map(|g| g.1) != got.get(i).map(|g| g.1))?;
    let describe = |gap: Option<&(usize, &[u8])>| match gap {
        Some((_, run)) => format!("\"{}\"", show::truncated(run, show::TOKEN_CHARS)),
        None => "no more whitespace".to_string(),
    };
    let offset = got.get(at).map_or(output.len(), |g| g.0);
    let (line, col) = line_col(output, offset);
    Some(format!(
        "line {line}:{col}: expected whitespace {}, found {}",
        describe(expected.get(at)),
        describe(got.get(at))
    ))
}

/// The whitespace runs of `bytes` with their offsets: before the first token, between tokens
/// and after the last one (the first and last may be empty).
fn gaps(bytes: &[u8]) -> Vec<(usize, &[u8])> {
    let mut gaps = Vec::new();
    let mut start = 0;
    let mut in_space = true;
    for (i, &b) in bytes.iter().enumerate() {
        match (in_space, is_space(b)) {
            (true, false) => {
                gaps.push((start, &bytes[start..i]));
                in_space = false;
            }
            (false, true) => {
                start = i;
                in_space = true;
            }
            _ => {}
        }
    }
    gaps.push(if in_space {
        (start, &bytes[start..])
    } else {
        (bytes.len(), &bytes[bytes.len()..])
    });
    gaps
}

/// The 1-based line and column (in bytes) of byte `offset`.
fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let col = 1 + before.len()
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(bytes: &[u8]) -> Vec<OddityKind> {
        Layout::of(bytes).oddities.iter().map(|o| o.kind).collect()
    }

    fn only(bytes: &[u8]) -> Oddity {
        let layout = Layout::of(bytes);
        assert_eq!(layout.oddities.len(), 1, "{:?}", layout.oddities);
        layout.oddities[0]
    }

    #[test]
    fn canonical_text_has_no_oddities() {
        let layout = Layout::of(b"1\n2 3\nfirst 5 18\n");
        assert!(layout.oddities.is_empty(), "{:?}", layout.oddities);
        assert_eq!(layout.token_lines, 3);
        assert!(Layout::of(b"").oddities.is_empty());
    }

    #[test]
    fn crlf_counts_lines_and_names_the_first() {
        let o = only(b"1\n2\r\n3\r\n");
        assert_eq!(
            (o.kind, o.count, o.line, o.col),
            (OddityKind::CrlfLineEnds, 2, 2, 2)
        );
        assert_eq!(o.to_string(), "CRLF line ends (2 lines, first on line 2)");
    }

    #[test]
    fn trailing_and_leading_whitespace() {
        assert_eq!(
            kinds(b"1\n2 \n3\t\n"),
            vec![OddityKind::Tabs, OddityKind::TrailingWhitespace],
            "a trailing tab is also a tab"
        );
        let layout = Layout::of(b"1\n2 \n3  \n");
        let t = layout.get(OddityKind::TrailingWhitespace).unwrap();
        assert_eq!((t.count, t.line, t.col), (2, 2, 2));
        assert_eq!(
            t.to_string(),
            "trailing whitespace (2 lines, first on line 2)"
        );
        let l = only(b"1\n  2\n");
        assert_eq!(
            (l.kind, l.line, l.col),
            (OddityKind::LeadingWhitespace, 2, 1)
        );
        assert_eq!(
            l.to_string(),
            "leading whitespace (1 line, first on line 2)"
        );
    }

    #[test]
    fn missing_final_newline() {
        let o = only(b"1\n2");
        assert_eq!((o.kind, o.line, o.col), (OddityKind::NoFinalNewline, 2, 2));
        assert_eq!(o.to_string(), "no newline at the end of line 2");
        assert_eq!(Layout::of(b"1\n2").token_lines, 2);
    }

    #[test]
    fn byte_order_mark_is_an_encoding_oddity() {
        let layout = Layout::of(b"\xEF\xBB\xBF1\n");
        assert_eq!(kinds(b"\xEF\xBB\xBF1\n"), vec![OddityKind::ByteOrderMark]);
        assert!(layout.oddities[0].is_encoding());
        assert!(layout.oddities[0].to_string().contains("byte order mark"));
        // The columns of line 1 count the mark's three bytes.
        let t = Layout::of(b"\xEF\xBB\xBF1 \n");
        assert_eq!(t.get(OddityKind::TrailingWhitespace).unwrap().col, 5);
    }

    #[test]
    fn tabs_and_repeated_spaces() {
        let layout = Layout::of(b"first\t5  18\n");
        let tab = layout.get(OddityKind::Tabs).unwrap();
        assert_eq!((tab.count, tab.line, tab.col), (1, 1, 6));
        assert_eq!(tab.to_string(), "1 tab character (first at line 1:6)");
        let rep = layout.get(OddityKind::RepeatedSpaces).unwrap();
        assert_eq!((rep.line, rep.col), (1, 8));
        assert!(layout.get(OddityKind::TrailingWhitespace).is_none());
    }

    #[test]
    fn blank_lines_are_counted_but_hold_no_tokens() {
        let layout = Layout::of(b"1\n\n2\n \n\n");
        let blank = layout.get(OddityKind::BlankLines).unwrap();
        assert_eq!((blank.count, blank.line), (3, 2));
        assert_eq!(blank.to_string(), "3 blank lines (first on line 2)");
        assert_eq!(layout.token_lines, 2);
        // A whitespace-only line is blank, not trailing whitespace.
        assert!(layout.get(OddityKind::TrailingWhitespace).is_none());
    }

    #[test]
    fn nul_bytes_and_invalid_utf8() {
        let layout = Layout::of(b"1\n2\x003\n\xFF\xFE\n");
        let nul = layout.get(OddityKind::NulBytes).unwrap();
        assert_eq!((nul.count, nul.line, nul.col), (1, 2, 2));
        assert_eq!(nul.to_string(), "1 NUL byte (first at line 2:2)");
        let bad = layout.get(OddityKind::InvalidUtf8).unwrap();
        assert_eq!((bad.line, bad.col), (3, 1));
        assert!(bad.to_string().contains("not UTF-8"), "{bad}");
        assert!(bad.is_encoding() && nul.is_encoding());
        // Valid non-ASCII UTF-8 is not flagged as invalid.
        assert!(Layout::of("\u{e9}\n".as_bytes()).oddities.is_empty());
    }

    #[test]
    fn bare_carriage_return() {
        let o = only(b"1\r2\n");
        assert_eq!(
            (o.kind, o.line, o.col),
            (OddityKind::BareCarriageReturns, 1, 2)
        );
        // A final CR without a newline is bare too.
        assert_eq!(
            kinds(b"1\r"),
            vec![
                OddityKind::BareCarriageReturns,
                OddityKind::TrailingWhitespace,
                OddityKind::NoFinalNewline
            ]
        );
    }

    #[test]
    fn space_changes_are_located() {
        assert_eq!(first_space_change(b"1 2\n3\n", b"1 2\n3\n"), None);
        assert_eq!(
            first_space_change(b"1 2\n3\n", b"1  2\n3\n").as_deref(),
            Some("line 1:2: expected whitespace \" \", found \"  \"")
        );
        assert_eq!(
            first_space_change(b"1\n2\n", b"1\n2").as_deref(),
            Some("line 2:2: expected whitespace \"\\n\", found \"\"")
        );
        assert_eq!(
            first_space_change(b"1\n2\n", b"1\r\n2\n").as_deref(),
            Some("line 1:2: expected whitespace \"\\n\", found \"\\r\\n\"")
        );
        assert_eq!(
            first_space_change(b"1\n", b" 1\n").as_deref(),
            Some("line 1:1: expected whitespace \"\", found \" \"")
        );
    }
}
