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

/// The beginning of something longer (a validator's message, the first bytes of a file of
/// gigabytes) as a report shows it: at most `max_chars` characters of `bytes`, trimmed and
/// made safe ([`message`]), then what was left out counted, `… and 3.0 GiB more` (`more`
/// counts the bytes after `bytes`, which were never read); `None` when it holds only blanks.
pub fn beginning(bytes: &[u8], more: u64, max_chars: usize) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let kept: String = text.chars().take(max_chars).collect();
    let left_out = more + (text.len() - kept.len()) as u64;
    let mut shown = message(&kept);
    if left_out > 0 {
        let _ = write!(shown, " … and {} more", size(left_out));
    }
    Some(shown)
}

/// `17 bytes`, `8 KiB`, `3.5 GiB`, `2.0 GiB`: a size in a message, in the largest binary unit
/// it fills; with one decimal unless it is a whole number of that unit.
pub fn size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return count(bytes, "byte", "bytes");
    }
    let mut unit = 0;
    while unit + 1 < UNITS.len() && bytes >= 1 << (10 * (unit + 2)) {
        unit += 1;
    }
    let scale = 1u64 << (10 * (unit + 1));
    match bytes % scale {
        0 => format!("{} {}", bytes / scale, UNITS[unit]),
        _ => format!("{:.1} {}", bytes as f64 / scale as f64, UNITS[unit]),
    }
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
    fn a_beginning_says_how_much_more_there_was() {
        assert_eq!(beginning(b" \n ", 0, 10), None);
        assert_eq!(beginning(b" ok \n", 0, 10).as_deref(), Some("ok"));
        let long = beginning(b"abcdefghij", 3 << 30, 4).expect("shown");
        assert_eq!(long, format!("abcd … and {} more", size((3 << 30) + 6)));
    }

    #[test]
    fn sizes_take_the_largest_unit_they_fill() {
        assert_eq!(size(1), "1 byte");
        assert_eq!(size(1023), "1023 bytes");
        assert_eq!(size(8 << 10), "8 KiB");
        assert_eq!(size(512 << 20), "512 MiB");
        assert_eq!(size((3 << 30) + (1 << 29)), "3.5 GiB");
        assert_eq!(size((2 << 30) + 25), "2.0 GiB");
    }

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
