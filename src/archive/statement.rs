//! A problem's statements: `statement.md` and `statement.<lang>.md`, UTF-8 Markdown in any
//! language, found, checked for what matters (and nothing of the wording) and given their
//! samples for export.
//!
//! - **Files**: `statement.md` is written in the language `problem.toml` declares
//!   (`[statement] language`, English by default), `statement.<lang>.md` in `<lang>`. Several
//!   languages sit side by side, one file each; a problem has at least one. A language code is
//!   two lowercase letters (ISO 639-1), optionally with a region: `pl`, `en`, `pt-BR`.
//! - **What is checked**, each problem with its line and column (columns count characters):
//!   the text is UTF-8; every fenced code block is closed; the math delimiters outside code
//!   (`$…$`, `$$…$$`, `\(…\)`) are balanced, each formula closed within its paragraph (`\$` is
//!   a dollar sign). Headings are named as the setter likes; CR line ends and trailing
//!   whitespace are the setter's business too, as in every other text file of the archive.
//! - **Samples**: the plan's samples are inserted where the statement holds the line
//!   `<!-- samples -->`, or at its end when it has neither the marker nor samples of its own;
//!   each as two fenced blocks, the input then the output, with no words added (no language is
//!   imposed on the statement). A statement may instead show them by hand: a heading ending in
//!   a number (`### Sample 1`, `### Przykład 1`) followed, before the next heading, by two
//!   fenced blocks, the input then the output. Shown by hand, they must be all of the plan's,
//!   in order (`verify` holds each to `problem.toml` and its output to the checker); with the
//!   marker, none may be.
//! - **Title**: the first line's `# ` heading, when there is one, is the problem's name in the
//!   statement's language; without it, export uses `problem.toml`'s title.
//! - **Constraints**: an English statement's `## Constraints` section, when it has one, lists
//!   the input format's constraints as `- ` bullets ([`check_constraints`]); a statement in
//!   another language, or without that section, is not held to it.

use std::fmt;

pub use crate::formats::statement::{find, StatementFile, STATEMENT_FILE};

/// The line where the plan's samples are inserted.
pub const SAMPLES_MARKER: &str = "<!-- samples -->";

/// The section of an English statement listing the input's constraints, one `- ` bullet each.
pub const CONSTRAINTS_SECTION: &str = "Constraints";

/// A 1-based line and column (in characters) of a statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Something wrong in a statement, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flaw {
    pub at: Position,
    pub message: String,
}

/// A statement read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    text: String,
    /// The first line's `# ` heading.
    pub title: Option<String>,
    /// Where the samples marker is.
    pub marker: Option<Position>,
    /// The samples shown by hand, in order.
    pub samples: Vec<ShownSample>,
}

/// A sample shown by hand: a numbered heading and its two fenced blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownSample {
    /// Where its heading is.
    pub at: Position,
    /// The first block's contents, each line ending with a newline.
    pub input: String,
    pub input_at: Position,
    /// The second block's contents.
    pub output: String,
    pub output_at: Position,
}

/// A fenced code block.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Block {
    /// Where its opening fence is.
    at: Position,
    contents: String,
}

/// A line of a statement as Markdown sees it, outside fenced blocks, or a whole block.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece<'a> {
    Text { line: usize, text: &'a str },
    Code(Block),
}

/// Reads a statement's bytes; on failure, every problem found.
pub fn parse(bytes: &[u8]) -> Result<Statement, Vec<Flaw>> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
        let bad = bytes[e.valid_up_to()];
        vec![Flaw {
            at: end_of(good),
            message: format!("not UTF-8: byte 0x{bad:02x} does not belong to a UTF-8 character"),
        }]
    })?;
    let mut flaws = Vec::new();
    let pieces = pieces(text, &mut flaws);
    math(&pieces, &mut flaws);
    let mut marker = None;
    for piece in &pieces {
        if let Piece::Text { line, text } = piece {
            if text.trim() == SAMPLES_MARKER {
                let at = Position {
                    line: *line,
                    col: 1,
                };
                match marker {
                    None => marker = Some(at),
                    Some(first) => flaws.push(Flaw {
                        at,
                        message: format!("a second {SAMPLES_MARKER} (the first is at {first})"),
                    }),
                }
            }
        }
    }
    let title = (text.lines().next())
        .and_then(|l| l.strip_prefix("# "))
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty());
    if flaws.is_empty() {
        Ok(Statement {
            text: text.to_string(),
            title,
            marker,
            samples: shown_samples(&pieces),
        })
    } else {
        flaws.sort_by_key(|p| (p.at.line, p.at.col));
        Err(flaws)
    }
}

/// The position just after `text`.
fn end_of(text: &str) -> Position {
    let line_start = text.rfind('\n').map_or(0, |i| i + 1);
    Position {
        line: text.matches('\n').count() + 1,
        col: text[line_start..].chars().count() + 1,
    }
}

/// The opening fence of a code block on `line`: its character and length. Up to three spaces
/// of indentation; a backtick fence's info string holds no backtick.
fn fence(line: &str) -> Option<(char, usize, usize)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[indent..];
    let c = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let length = rest.len() - rest.trim_start_matches(c).len();
    let info = &rest[length..];
    (indent <= 3 && length >= 3 && !(c == '`' && info.contains('`'))).then_some((c, length, indent))
}

/// Splits the text into lines outside code and fenced blocks; an unclosed block is a problem.
fn pieces<'a>(text: &'a str, flaws: &mut Vec<Flaw>) -> Vec<Piece<'a>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some((c, length, indent)) = fence(lines[i]) else {
            pieces.push(Piece::Text {
                line: i + 1,
                text: lines[i],
            });
            i += 1;
            continue;
        };
        let at = Position {
            line: i + 1,
            col: indent + 1,
        };
        let closes = |line: &str| {
            let trimmed = line.trim_start_matches(' ');
            let run = trimmed.len() - trimmed.trim_start_matches(c).len();
            line.len() - trimmed.len() <= 3 && run >= length && trimmed[run..].trim().is_empty()
        };
        let Some(end) = (i + 1..lines.len()).find(|&j| closes(lines[j])) else {
            flaws.push(Flaw {
                at,
                message: format!(
                    "this code block ({}) is never closed",
                    c.to_string().repeat(length)
                ),
            });
            return pieces;
        };
        let contents = lines[i + 1..end].iter().map(|l| format!("{l}\n")).collect();
        pieces.push(Piece::Code(Block { at, contents }));
        i = end + 1;
    }
    pieces
}

/// A math delimiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Math {
    Dollar,
    Display,
    Paren,
}

impl Math {
    fn opening(self) -> &'static str {
        match self {
            Math::Dollar => "$",
            Math::Display => "$$",
            Math::Paren => "\\(",
        }
    }
}

/// Checks that every formula outside code is closed within its paragraph (a paragraph ends at
/// a blank line, a heading, a code block or the end).
fn math(pieces: &[Piece<'_>], flaws: &mut Vec<Flaw>) {
    let mut open: Option<(Math, Position)> = None;
    let unclosed = |open: &mut Option<(Math, Position)>, flaws: &mut Vec<Flaw>| {
        if let Some((math, at)) = open.take() {
            flaws.push(Flaw {
                at,
                message: format!(
                    "{} opens a formula that is not closed before the end of its paragraph{}",
                    math.opening(),
                    if math == Math::Paren {
                        ""
                    } else {
                        " (a dollar sign is \\$)"
                    }
                ),
            });
        }
    };
    for piece in pieces {
        let Piece::Text { line, text } = piece else {
            unclosed(&mut open, flaws);
            continue;
        };
        if text.trim().is_empty() || text.starts_with('#') {
            unclosed(&mut open, flaws);
            continue;
        }
        let chars: Vec<char> = text.chars().collect();
        let at = |k: usize| Position {
            line: *line,
            col: k + 1,
        };
        let mut k = 0;
        while k < chars.len() {
            let next = chars.get(k + 1).copied();
            match (open.map(|(m, _)| m), chars[k]) {
                (Some(Math::Paren), '\\') if next == Some(')') => {
                    open = None;
                    k += 2;
                }
                (Some(Math::Display), '$') if next == Some('$') => {
                    open = None;
                    k += 2;
                }
                (Some(Math::Dollar), '$') => {
                    open = None;
                    k += 1;
                }
                (_, '\\') if open.is_none() && next == Some('(') => {
                    open = Some((Math::Paren, at(k)));
                    k += 2;
                }
                (_, '\\') if open.is_none() && next == Some(')') => {
                    flaws.push(Flaw {
                        at: at(k),
                        message: "\\) closes a formula that was never opened".to_string(),
                    });
                    k += 2;
                }
                // An escaped character, in text or in a formula.
                (_, '\\') => k += 2,
                (None, '$') if next == Some('$') => {
                    open = Some((Math::Display, at(k)));
                    k += 2;
                }
                (None, '$') => {
                    open = Some((Math::Dollar, at(k)));
                    k += 1;
                }
                (None, '`') => k = after_code_span(&chars, k),
                _ => k += 1,
            }
        }
    }
    unclosed(&mut open, flaws);
}

/// Where the code span starting at `start` (a run of backticks) ends, or just after the run
/// when nothing on the line closes it (the backticks are then literal).
fn after_code_span(chars: &[char], start: usize) -> usize {
    let run = |from: usize| chars[from..].iter().take_while(|&&c| c == '`').count();
    let length = run(start);
    let mut k = start + length;
    while k < chars.len() {
        if chars[k] == '`' {
            let closing = run(k);
            if closing == length {
                return k + closing;
            }
            k += closing;
        } else {
            k += 1;
        }
    }
    start + length
}

/// The samples shown by hand: each heading ending in a number whose section (up to the next
/// heading) holds two fenced blocks or more, the first two its input and output.
fn shown_samples(pieces: &[Piece<'_>]) -> Vec<ShownSample> {
    let mut samples = Vec::new();
    for (k, piece) in pieces.iter().enumerate() {
        let Piece::Text { line, text } = piece else {
            continue;
        };
        let numbered = heading(text).is_some_and(|(level, title)| {
            level >= 2
                && (title.split_whitespace().last())
                    .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
        });
        if !numbered {
            continue;
        }
        let blocks: Vec<&Block> = (pieces[k + 1..].iter())
            .take_while(|p| !matches!(p, Piece::Text { text, .. } if heading(text).is_some()))
            .filter_map(|p| match p {
                Piece::Code(block) => Some(block),
                Piece::Text { .. } => None,
            })
            .collect();
        if let [input, output, ..] = blocks[..] {
            samples.push(ShownSample {
                at: Position {
                    line: *line,
                    col: 1,
                },
                input: input.contents.clone(),
                input_at: input.at,
                output: output.contents.clone(),
                output_at: output.at,
            });
        }
    }
    samples
}

/// An ATX heading's level and text.
fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.len() - line.trim_start_matches('#').len();
    let rest = &line[level..];
    ((1..=6).contains(&level) && (rest.is_empty() || rest.starts_with(' ')))
        .then(|| (level, rest.trim().trim_end_matches('#').trim_end()))
}

impl Statement {
    /// The statement for a format that shows the title itself: without its title line, and
    /// with `samples` (each an input and its answer) at the marker, or at the end when the
    /// statement shows none by hand.
    pub fn body_with_samples(&self, samples: &[(String, String)]) -> String {
        let mut out = String::new();
        let shown = samples_markdown(samples);
        for (i, line) in self.text.lines().enumerate() {
            if i == 0 && self.title.is_some() {
                continue;
            }
            if self.marker.is_some_and(|m| m.line == i + 1) {
                out.push_str(&shown);
            } else {
                out.push_str(line);
                out.push('\n');
            }
        }
        if self.marker.is_none() && self.samples.is_empty() {
            out.push('\n');
            out.push_str(&shown);
        }
        format!("{}\n", out.trim_matches('\n'))
    }
}

/// The samples as Markdown: for each, its input and its output as fenced blocks.
fn samples_markdown(samples: &[(String, String)]) -> String {
    let block = |text: &str| {
        let newline = if text.ends_with('\n') { "" } else { "\n" };
        format!("```\n{text}{newline}```\n")
    };
    let shown: Vec<String> = (samples.iter())
        .map(|(input, output)| format!("{}\n{}", block(input), block(output)))
        .collect();
    shown.join("\n")
}

/// Checks that the `## Constraints` section, if the statement has one, lists exactly
/// `expected` (each as a `- ` bullet of one line, in order; other lines of the section are
/// free prose): the statement shows the bounds the validator enforces. A statement without
/// that section passes.
pub fn check_constraints(text: &str, expected: &[String]) -> Result<(), Vec<Flaw>> {
    let heading = format!("## {CONSTRAINTS_SECTION}");
    let Some(start) = text.lines().position(|l| l.trim_end() == heading) else {
        return Ok(());
    };
    let bullets: Vec<(usize, &str)> = (text.lines().enumerate().skip(start + 1))
        .take_while(|(_, l)| !l.starts_with("## "))
        .filter_map(|(i, l)| l.strip_prefix("- ").map(|b| (i + 1, b)))
        .collect();
    let at = |line: usize| Position { line, col: 1 };
    let mut flaws = Vec::new();
    for (k, want) in expected.iter().enumerate() {
        match bullets.get(k) {
            Some((_, got)) if got == want => {}
            Some((line, got)) => flaws.push(Flaw {
                at: at(*line),
                message: format!("\"- {got}\", expected \"- {want}\""),
            }),
            None => flaws.push(Flaw {
                at: at(start + 1),
                message: format!("missing \"- {want}\""),
            }),
        }
    }
    for (line, extra) in bullets.iter().skip(expected.len()) {
        flaws.push(Flaw {
            at: at(*line),
            message: format!("\"- {extra}\" is not a constraint of the input format"),
        });
    }
    if flaws.is_empty() {
        Ok(())
    } else {
        Err(flaws)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "# Game\n\nStory.\n\n## Input\n\nA.\n\n## Output\n\nB.\n\n## Samples\n\n\
                        ### Sample 1\n\nInput:\n\n```\n1 2\n```\n\nOutput:\n\n```\n3\n```\n\nWhy.\n";

    fn flaws_of(text: &str) -> Vec<String> {
        let flaws = parse(text.as_bytes()).expect_err("should be refused");
        flaws
            .iter()
            .map(|p| format!("{}: {}", p.at, p.message))
            .collect()
    }

    #[test]
    fn a_statement_with_samples_by_hand_reads_back() {
        let statement = parse(GOOD.as_bytes()).unwrap();
        assert_eq!(statement.title.as_deref(), Some("Game"));
        assert_eq!(statement.marker, None);
        assert_eq!(statement.samples.len(), 1);
        let sample = &statement.samples[0];
        assert_eq!(
            (sample.input.as_str(), sample.output.as_str()),
            ("1 2\n", "3\n")
        );
        assert_eq!(sample.at, Position { line: 15, col: 1 });
        assert_eq!(sample.output_at, Position { line: 25, col: 1 });
        // Shown by hand: exported as written, nothing added.
        let body = statement.body_with_samples(&[("1 2\n".into(), "3\n".into())]);
        assert!(
            body.starts_with("Story.\n") && body.ends_with("Why.\n"),
            "{body}"
        );
        assert_eq!(body.matches("```").count(), 4, "{body}");
    }

    #[test]
    fn any_language_and_headings_are_fine() {
        let text = "# Paski\n\n## Wejście\n\n$1 \\le n \\le 10^{18}$, \\(m\\) i 10¹⁸ ≤ `$x`.\n\n\
                    $$\nn^2\n$$\n\n## Przykład\n\n<!-- samples -->\n\nKoniec.\n";
        let statement = parse(text.as_bytes()).unwrap();
        assert_eq!(statement.title.as_deref(), Some("Paski"));
        assert_eq!(statement.marker, Some(Position { line: 13, col: 1 }));
        assert!(statement.samples.is_empty());
        let body = statement.body_with_samples(&[("1\n".into(), "2".into())]);
        assert!(
            body.contains("## Przykład\n\n```\n1\n```\n\n```\n2\n```\n\nKoniec.\n"),
            "{body}"
        );
    }

    #[test]
    fn without_marker_or_samples_they_go_at_the_end() {
        let statement = parse(b"Story.\n").unwrap();
        assert_eq!(statement.title, None);
        let body = statement
            .body_with_samples(&[("1\n".into(), "2\n".into()), ("3\n".into(), "4\n".into())]);
        assert_eq!(
            body,
            "Story.\n\n```\n1\n```\n\n```\n2\n```\n\n```\n3\n```\n\n```\n4\n```\n"
        );
    }

    #[test]
    fn bad_bytes_fences_and_formulas_are_placed() {
        let mut bytes = "# T\n\nżółw \n".as_bytes().to_vec();
        bytes.extend([b'a', 0xff, b'\n']);
        let flaws = parse(&bytes).unwrap_err();
        assert_eq!(flaws[0].at, Position { line: 4, col: 2 });
        assert!(flaws[0].message.contains("0xff"), "{flaws:?}");

        assert_eq!(
            flaws_of("# T\n\n  ```text\n1\n``\n"),
            ["3:3: this code block (```) is never closed"]
        );
        assert_eq!(
            flaws_of("a $x\n\nb $$y$\n\n\\(z\\) \\)\n"),
            [
                "1:3: $ opens a formula that is not closed before the end of its paragraph \
                 (a dollar sign is \\$)",
                "3:3: $$ opens a formula that is not closed before the end of its paragraph \
                 (a dollar sign is \\$)",
                "5:7: \\) closes a formula that was never opened",
            ]
        );
        // Dollars in code, escaped or in a fenced block are not formulas.
        assert!(parse(b"`$` \\$ ``a`$`` \n```\n$\n```\n").is_ok());
        assert_eq!(
            flaws_of("<!-- samples -->\n<!-- samples -->\n"),
            ["2:1: a second <!-- samples --> (the first is at 1:1)"]
        );
    }

    #[test]
    fn numbered_sections_need_two_blocks_to_be_samples() {
        let text = "## Subtask 1\n\n```\nx\n```\n\n### Example 2\n\n```\n1\n```\n\n```\n2\n```\n";
        let statement = parse(text.as_bytes()).unwrap();
        assert_eq!(statement.samples.len(), 1);
        assert_eq!(statement.samples[0].at, Position { line: 7, col: 1 });
    }

    #[test]
    fn the_constraint_list_must_be_the_formats_when_there_is_one() {
        let text = "# G\n\n## Constraints\n\n- 1 <= n <= 9: heaps\n- 0 <= a <= 5: stones\n\nProse.\n\n## Samples\n";
        let expected = [
            "1 <= n <= 9: heaps".to_string(),
            "0 <= a <= 5: stones".to_string(),
        ];
        let shown = |r: Result<(), Vec<Flaw>>| -> Vec<String> {
            (r.err().unwrap_or_default().iter())
                .map(|p| format!("{}: {}", p.at, p.message))
                .collect()
        };
        assert_eq!(check_constraints(text, &expected), Ok(()));
        let wrong = check_constraints(text, &[expected[0].clone(), "0 <= a <= 6: stones".into()]);
        assert_eq!(
            shown(wrong),
            ["6:1: \"- 0 <= a <= 5: stones\", expected \"- 0 <= a <= 6: stones\""]
        );
        assert_eq!(
            shown(check_constraints(text, &expected[..1])),
            ["6:1: \"- 0 <= a <= 5: stones\" is not a constraint of the input format"]
        );
        assert_eq!(check_constraints("# G\n\n## Input\n", &expected), Ok(()));
    }
}
