//! `REGEX`: POSIX extended regular expressions, matched at the current input position, the
//! longest match winning (as DOMjudge's checktestdata matches them with `std::regex` in
//! extended mode), `.` matching any byte, a newline too.
//!
//! The pattern is translated into the syntax of `regex-automata` (every literal byte escaped,
//! every group non-capturing) and run by its lazy DFA, which finds the longest match in one
//! pass. Bracket expressions take ranges and a leading `]` as a literal, and a backslash inside
//! them is a literal backslash. Refused as script errors, because the two reference
//! implementations disagree on them: POSIX classes (`[[:digit:]]`, an error in Python), the
//! anchors `^` and `$` outside brackets (an anchor in C++, a literal character in Python), and
//! a backslash before anything but a special character (`\d` is an error in C++, a backslash
//! and a `d` in Python).

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::nfa::thompson;
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchKind};

/// A compiled `REGEX` pattern and the lazy DFA's cache.
pub struct Regex {
    dfa: DFA,
    cache: Cache,
}

impl Regex {
    pub fn new(pattern: &[u8]) -> Result<Regex, String> {
        let translated = translate(pattern)?;
        let dfa = DFA::builder()
            .configure(DFA::config().match_kind(MatchKind::All))
            .syntax(
                syntax::Config::new()
                    .unicode(false)
                    .utf8(false)
                    .dot_matches_new_line(true),
            )
            .thompson(thompson::Config::new().utf8(false))
            .build(&translated)
            .map_err(|e| format!("invalid regular expression: {e}"))?;
        let cache = dfa.create_cache();
        Ok(Regex { dfa, cache })
    }

    /// The length of the longest match at the start of `haystack`, if any.
    pub fn longest_prefix(&mut self, haystack: &[u8]) -> Result<Option<usize>, String> {
        let input = Input::new(haystack).anchored(Anchored::Yes);
        self.dfa
            .try_search_fwd(&mut self.cache, &input)
            .map(|found| found.map(|m| m.offset()))
            .map_err(|e| format!("regular expression search failed: {e}"))
    }
}

/// The special characters of an extended regular expression outside brackets.
const SPECIAL: &[u8] = b".[]()|*+?{}\\^$-";

/// `pattern` (POSIX ERE) in `regex-syntax`'s syntax.
fn translate(pattern: &[u8]) -> Result<String, String> {
    let mut out = String::new();
    let mut i = 0;
    while i < pattern.len() {
        let c = pattern[i];
        i += 1;
        match c {
            b'(' => out.push_str("(?:"),
            b')' | b'|' | b'*' | b'+' | b'?' | b'.' => out.push(char::from(c)),
            b'{' => {
                let end =
                    (pattern[i..].iter().position(|&b| b == b'}')).ok_or("`{` without its `}`")?;
                let bound = &pattern[i..i + end];
                if bound.is_empty() || !bound.iter().all(|b| b.is_ascii_digit() || *b == b',') {
                    return Err(format!(
                        "`{{{}}}` is not a repetition bound",
                        String::from_utf8_lossy(bound)
                    ));
                }
                out.push('{');
                out.push_str(&String::from_utf8_lossy(bound));
                out.push('}');
                i += end + 1;
            }
            b'^' | b'$' => {
                return Err(format!(
                    "the anchor `{}` is not supported (DOMjudge's checktestdata takes it as an \
                     anchor, the Python one as a literal): write `[{}]` for the character",
                    char::from(c),
                    char::from(c)
                ))
            }
            b'\\' => match pattern.get(i) {
                Some(&next) if SPECIAL.contains(&next) => {
                    push_literal(&mut out, next);
                    i += 1;
                }
                Some(&next) => {
                    return Err(format!(
                        "`\\{}` is not an escape of extended regular expressions",
                        char::from(next)
                    ))
                }
                None => return Err("the pattern ends with a backslash".to_string()),
            },
            b'[' => i = bracket(pattern, i, &mut out)?,
            other => push_literal(&mut out, other),
        }
    }
    Ok(out)
}

fn push_literal(out: &mut String, byte: u8) {
    out.push_str(&format!("\\x{byte:02X}"));
}

/// The bracket expression starting at `pattern[start]` (after its `[`), appended to `out` as a
/// class; returns the index after its `]`.
fn bracket(pattern: &[u8], start: usize, out: &mut String) -> Result<usize, String> {
    let mut i = start;
    out.push('[');
    if pattern.get(i) == Some(&b'^') {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    loop {
        let Some(&c) = pattern.get(i) else {
            return Err("`[` without its `]`".to_string());
        };
        if c == b']' && !first {
            out.push(']');
            return Ok(i + 1);
        }
        first = false;
        if c == b'[' && matches!(pattern.get(i + 1), Some(b':' | b'.' | b'=')) {
            return Err(
                "POSIX classes such as `[:digit:]` are not supported (the Python checktestdata \
                 refuses them): write the characters, `[0-9]`"
                    .to_string(),
            );
        }
        let is_range =
            pattern.get(i + 1) == Some(&b'-') && pattern.get(i + 2).is_some_and(|&hi| hi != b']');
        if is_range {
            let hi = pattern[i + 2];
            if hi < c {
                return Err(format!(
                    "the range `{}-{}` is empty",
                    char::from(c),
                    char::from(hi)
                ));
            }
            push_literal(out, c);
            out.push('-');
            push_literal(out, hi);
            i += 3;
        } else {
            push_literal(out, c);
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn longest(pattern: &str, text: &str) -> Option<usize> {
        Regex::new(pattern.as_bytes())
            .expect("a pattern")
            .longest_prefix(text.as_bytes())
            .expect("a search")
    }

    #[test]
    fn matches_the_longest_prefix() {
        assert_eq!(longest("a|ab", "abc"), Some(2));
        assert_eq!(longest("[a-z]+", "abc1"), Some(3));
        assert_eq!(longest("[a-z]+", "1abc"), None);
        assert_eq!(longest("x*", "abc"), Some(0));
        assert_eq!(longest(".*", "a\nb"), Some(3));
        assert_eq!(longest("0[.][0-7]*[1-7]", "0.1370 "), Some(5));
        assert_eq!(longest("[0-9]{2,3}", "12345"), Some(3));
        assert_eq!(longest("[]a]+", "]a]b"), Some(3));
        assert_eq!(longest("[^ \n]+", "ab c"), Some(2));
        assert_eq!(longest("\\.\\*", ".*x"), Some(2));
        assert_eq!(longest("[a\\]+", "a\\\\b"), Some(3));
    }

    #[test]
    fn refuses_what_the_references_read_differently_or_not_at_all() {
        for bad in [
            "^a",
            "a$",
            "\\d",
            "[z-a]",
            "a{x}",
            "(a",
            "*a",
            "[a",
            "[[:digit:]]",
            "a\\",
        ] {
            assert!(Regex::new(bad.as_bytes()).is_err(), "{bad}");
        }
    }
}
