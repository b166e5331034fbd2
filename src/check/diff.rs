//! A short unified diff of the answer file against an output, for rejections where the first
//! mismatch alone misleads: when a line is missing or extra, every later line is shifted and
//! "case 7 is wrong" hides that case 3 was never printed.
//!
//! Whitespace is normalized (tokens joined by one space) because the token comparison ignores
//! it; blank lines are kept so that the line numbers are those of the files. The diff shows
//! only the first hunk, from a bounded window of lines, so it costs little on huge outputs
//! and stays short in a report.

use std::collections::VecDeque;

use similar::{Algorithm, ChangeTag, DiffOp};

use crate::text::show;

/// Unchanged lines shown around a change.
const CONTEXT: usize = 2;
/// Lines of each file, from the first difference on, that the diff looks at.
const WINDOW: usize = 40;
/// Lines of the hunk shown at most.
const MAX_LINES: usize = 16;
/// Lines shown of a run of removed (or added) lines, so that both sides of a change show.
const RUN_LINES: usize = 5;

/// The first hunk of a unified diff from `answer` (`-`) to `output` (`+`), with a header; `None`
/// if the two are the same up to whitespace within lines.
pub fn first_hunk(answer: &[u8], output: &[u8]) -> Option<String> {
    let mut old_lines = normalized_lines(answer);
    let mut new_lines = normalized_lines(output);
    let mut same = 0;
    let mut context: VecDeque<String> = VecDeque::with_capacity(CONTEXT + 1);
    let (old_first, new_first) = loop {
        match (old_lines.next(), new_lines.next()) {
            (None, None) => return None,
            (Some(a), Some(b)) if a == b => {
                same += 1;
                context.push_back(a);
                if context.len() > CONTEXT {
                    context.pop_front();
                }
            }
            (a, b) => break (a, b),
        }
    };
    let start = same - context.len();
    let window = |first: Option<String>, rest: &mut dyn Iterator<Item = String>| -> Vec<String> {
        let tail = first.into_iter().chain(rest.take(WINDOW - 1));
        context.iter().cloned().chain(tail).collect()
    };
    let old = &window(old_first, &mut old_lines)[..];
    let new = &window(new_first, &mut new_lines)[..];
    let ops = similar::capture_diff_slices(Algorithm::Myers, old, new);
    let hunk = similar::group_diff_ops(ops, CONTEXT).into_iter().next()?;
    let (first, last) = (hunk.first()?, hunk.last()?);
    let old_range = first.old_range().start..last.old_range().end;
    let new_range = first.new_range().start..last.new_range().end;
    let mut out = format!(
        "--- answer file\n+++ output\n@@ -{} +{} @@\n",
        hunk_range(start + old_range.start, old_range.len()),
        hunk_range(start + new_range.start, new_range.len()),
    );
    let changes: Vec<(char, String)> = hunk
        .iter()
        .flat_map(|op: &DiffOp| op.iter_changes(old, new))
        .map(|change| {
            let sign = match change.tag() {
                ChangeTag::Equal => ' ',
                ChangeTag::Delete => '-',
                ChangeTag::Insert => '+',
            };
            (sign, change.value().clone())
        })
        .collect();
    let body = shorten_runs(changes);
    for (sign, line) in body.iter().take(MAX_LINES) {
        out.push_str(&format!("{sign}{line}\n"));
    }
    if body.len() > MAX_LINES {
        out.push_str(&format!("... ({} more lines)\n", body.len() - MAX_LINES));
    }
    Some(out)
}

/// `changes` with every run of more than [`RUN_LINES`] removed (or added) lines cut to its
/// first lines and a count of the rest.
fn shorten_runs(changes: Vec<(char, String)>) -> Vec<(char, String)> {
    let mut out: Vec<(char, String)> = Vec::with_capacity(changes.len());
    let mut run = 0;
    let mut hidden = 0;
    for (i, (sign, line)) in changes.iter().enumerate() {
        run = if i > 0 && changes[i - 1].0 == *sign {
            run + 1
        } else {
            1
        };
        if *sign == ' ' || run < RUN_LINES {
            out.push((*sign, line.clone()));
        } else {
            hidden += 1;
        }
        let run_ends = changes.get(i + 1).is_none_or(|next| next.0 != *sign);
        if run_ends && hidden > 0 {
            out.push((*sign, format!("... ({hidden} more lines)")));
            hidden = 0;
        }
    }
    out
}

/// A unified-diff range: 1-based first line and length (`0,0` style for an empty range).
fn hunk_range(start: usize, len: usize) -> String {
    match len {
        0 => format!("{start},0"),
        1 => format!("{}", start + 1),
        _ => format!("{},{len}", start + 1),
    }
}

/// Every line of `bytes` (split at `\n`) as its tokens joined by single spaces, escaped and
/// cut to [`show::LINE_CHARS`]; computed as needed, so a flood of output costs little.
fn normalized_lines(bytes: &[u8]) -> impl Iterator<Item = String> + '_ {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let lines = if bytes.is_empty() { 0 } else { usize::MAX };
    body.split(|&b| b == b'\n').take(lines).map(|line| {
        let tokens: Vec<&[u8]> = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        show::truncated(&tokens.join(&b' '), show::LINE_CHARS)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_up_to_whitespace_has_no_diff() {
        assert_eq!(first_hunk(b"1\n2 3\n", b"1\r\n2   3"), None);
        assert_eq!(first_hunk(b"", b""), None);
    }

    #[test]
    fn a_missing_line_is_shown_where_it_is_missing() {
        let answer = b"1\n1\n2\n1\n2\n2\n2\n";
        let output = b"1\n1\n1\n2\n2\n2\n";
        let diff = first_hunk(answer, output).unwrap();
        assert_eq!(
            diff,
            "--- answer file\n+++ output\n@@ -1,5 +1,4 @@\n 1\n 1\n-2\n 1\n 2\n"
        );
    }

    #[test]
    fn an_extra_line_at_the_end() {
        let diff = first_hunk(b"1\n2\n3\n", b"1\n2\n3\n4\n").unwrap();
        assert_eq!(
            diff,
            "--- answer file\n+++ output\n@@ -2,2 +2,3 @@\n 2\n 3\n+4\n"
        );
    }

    #[test]
    fn line_numbers_count_from_the_files_not_the_window() {
        let answer: String = (1..=100).map(|i| format!("{i}\n")).collect();
        let output = answer.replace("\n60\n", "\n");
        let diff = first_hunk(answer.as_bytes(), output.as_bytes()).unwrap();
        assert!(
            diff.contains("@@ -58,5 +58,4 @@\n 58\n 59\n-60\n 61\n 62\n"),
            "{diff}"
        );
    }

    #[test]
    fn long_hunks_and_lines_are_capped() {
        let answer: String = (1..=1000).map(|i| format!("{i}\n")).collect();
        let output = format!("{}\n", "x ".repeat(5000));
        let diff = first_hunk(answer.as_bytes(), output.as_bytes()).unwrap();
        assert!(diff.lines().count() <= 3 + MAX_LINES + 1, "{diff}");
        assert!(
            diff.contains("\n-4\n-... (36 more lines)\n+x x x"),
            "{diff}"
        );
        assert!(diff.contains("... (9999 bytes in all)"), "{diff}");
        assert!(diff.lines().all(|l| l.len() < show::LINE_CHARS + 40));
    }

    #[test]
    fn invisible_bytes_are_escaped() {
        let diff = first_hunk(b"1\n2\n", b"1\n\x002\n3\n").unwrap();
        assert!(diff.contains("+\\02"), "{diff}");
    }
}
