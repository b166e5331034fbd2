//! Rendering contestant bytes inside checker messages: every message we write is ASCII, a
//! single hostile token cannot flood a report, and an invisible byte (NUL, CR, a byte order
//! mark, a non-breaking space) is shown as what it is instead of vanishing on a terminal.
//! Counts in messages get their noun in the right number ([`count`]).

use std::fmt::Write;

/// Longest token shown in full, in escaped characters.
pub const TOKEN_CHARS: usize = 40;

/// Longest line of a diff shown in full, in escaped characters.
pub const LINE_CHARS: usize = 100;

/// Longest explanation kept from a problem, in characters.
pub const MESSAGE_CHARS: usize = 4000;

/// `1 sample`, `2 samples`: a number with its noun, for every count in a message.
pub fn count(n: impl std::fmt::Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    let noun = if n == "1" { one } else { many };
    format!("{n} {noun}")
}

/// `bytes` as printable ASCII: `\n`, `\r`, `\t`, `\0`, `\\` and `\"` for those characters,
/// `\u{..}` for other Unicode characters and `\xNN` for other control bytes and for bytes
/// that are not UTF-8.
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    escape_into(&mut out, bytes, usize::MAX);
    out
}

/// `bytes` escaped and cut to at most `max_chars` characters (never inside an escape
/// sequence); a cut text says how long the original was.
pub fn truncated(bytes: &[u8], max_chars: usize) -> String {
    let mut out = String::new();
    if !escape_into(&mut out, bytes, max_chars) {
        let _ = write!(out, "... ({} bytes in all)", bytes.len());
    }
    out
}

/// Appends the escape of `bytes` to `out` while it stays within `limit` characters; false if
/// something was left out.
fn escape_into(out: &mut String, bytes: &[u8], limit: usize) -> bool {
    let mut piece = String::new();
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid().chars().map(Piece::Char);
        let invalid = chunk.invalid().iter().map(|&b| Piece::Byte(b));
        for p in valid.chain(invalid) {
            piece.clear();
            match p {
                Piece::Char(c) => push_escaped_char(&mut piece, c),
                Piece::Byte(b) => {
                    let _ = write!(piece, "\\x{b:02X}");
                }
            }
            if out.len() + piece.len() > limit {
                return false;
            }
            out.push_str(&piece);
        }
    }
    true
}

enum Piece {
    Char(char),
    Byte(u8),
}

fn push_escaped_char(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\0' => out.push_str("\\0"),
        '\\' => out.push_str("\\\\"),
        '"' => out.push_str("\\\""),
        ' '..='~' => out.push(c),
        c if c.is_ascii() => {
            let _ = write!(out, "\\x{:02X}", c as u32);
        }
        c => {
            let _ = write!(out, "\\u{{{:X}}}", c as u32);
        }
    }
}

/// A token of contestant output as it appears in a message: quoted, escaped, truncated.
pub fn token(bytes: &[u8]) -> String {
    format!("\"{}\"", truncated(bytes, TOKEN_CHARS))
}

/// A free-form explanation (from a problem) made safe for a report: ASCII, line breaks kept,
/// at most [`MESSAGE_CHARS`] characters.
pub fn message(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push('\n'),
            '\\' | '"' => out.push(c),
            c => push_escaped_char(&mut out, c),
        }
        if out.len() > MESSAGE_CHARS {
            out.truncate(MESSAGE_CHARS);
            out.push_str("... (message truncated)");
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_ascii_is_kept() {
        assert_eq!(escape(b"first 5 18"), "first 5 18");
    }

    #[test]
    fn invisible_bytes_are_named() {
        assert_eq!(escape(b"a\0b\r\n\t"), "a\\0b\\r\\n\\t");
        assert_eq!(escape(b"\x07"), "\\x07");
        assert_eq!(escape("\u{feff}1".as_bytes()), "\\u{FEFF}1");
        assert_eq!(escape("\u{a0}".as_bytes()), "\\u{A0}");
        assert_eq!(escape(b"\xff\xfe1"), "\\xFF\\xFE1");
        assert_eq!(escape(b"say \"hi\" \\"), "say \\\"hi\\\" \\\\");
    }

    #[test]
    fn long_tokens_are_cut_and_measured() {
        let long = vec![b'7'; 1000];
        let shown = token(&long);
        assert!(shown.starts_with("\"7777"));
        assert!(shown.ends_with("... (1000 bytes in all)\""), "{shown}");
        assert!(shown.len() < 80);
        assert_eq!(token(b"abc"), "\"abc\"");
    }

    #[test]
    fn cutting_never_splits_an_escape() {
        // 39 plain characters, then a NUL: the cut at 40 falls inside "\0".
        let mut bytes = vec![b'a'; 39];
        bytes.extend_from_slice(&[0, 0, 0]);
        let cut = truncated(&bytes, 40);
        assert!(cut.starts_with(&"a".repeat(39)));
        assert!(cut.contains("a... ("), "{cut}");
        let mut bytes = vec![b'a'; 36];
        bytes.extend_from_slice("\u{feff}\u{feff}".as_bytes());
        let cut = truncated(&bytes, 40);
        assert!(cut.starts_with(&"a".repeat(36)), "{cut}");
        assert!(!cut.contains("\\u{F..."), "{cut}");
        assert!(cut.contains("a... ("), "{cut}");
    }

    #[test]
    fn messages_keep_lines_and_lose_control_bytes() {
        assert_eq!(message("case 2: \"x\"\nheap\t1"), "case 2: \"x\"\nheap\\t1");
        assert_eq!(message("\u{1b}[31mred"), "\\x1B[31mred");
        let long = "x".repeat(10 * MESSAGE_CHARS);
        let shown = message(&long);
        assert!(shown.len() < MESSAGE_CHARS + 40);
        assert!(shown.ends_with("(message truncated)"));
    }
}
