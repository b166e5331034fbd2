//! The token comparison of the Kattis/ICPC default output validator: the output's
//! whitespace-separated tokens against the answer file's, case-insensitively unless
//! `case_sensitive`, numbers within `float_*_tolerance` when one is given, whitespace itself
//! compared only under `space_change_sensitive`. It judges program-backed problems without a
//! checker program, and `stress --ref` (exact tokens).

use super::diff;
use super::protocol::KattisFlags;
use crate::text::show;
use crate::verdict::{Judged, Verdict};

/// Judges `output` against `answer` as the default validator does with `flags`: AC, or WA
/// naming the first differing token (a presentation error is a wrong answer there).
pub fn judge(flags: &KattisFlags, answer: &[u8], output: &[u8]) -> Judged {
    let verdict = match compare_tokens_with(answer, output, |want, got| same(flags, want, got)) {
        Ok(()) => Judged::new(Verdict::AC, "ok"),
        Err(why) => Judged::new(Verdict::WA, why),
    };
    match flags.apply(Ok(verdict.clone()), answer, output) {
        Ok(judged) => judged,
        Err(_) => verdict,
    }
}

/// Whether the output token `got` stands for the answer token `want` under `flags`.
fn same(flags: &KattisFlags, want: &[u8], got: &[u8]) -> bool {
    let tolerant =
        flags.float_absolute_tolerance.is_some() || flags.float_relative_tolerance.is_some();
    if tolerant {
        if let Some(expected) = number(want) {
            let Some(value) = number(got) else {
                return false;
            };
            let difference = (expected - value).abs();
            let absolute = flags
                .float_absolute_tolerance
                .is_some_and(|t| difference <= t);
            let relative = flags
                .float_relative_tolerance
                .is_some_and(|t| difference <= t * expected.abs());
            return absolute || relative;
        }
    }
    match flags.case_sensitive {
        true => want == got,
        false => want.eq_ignore_ascii_case(got),
    }
}

/// A token read as a finite real number.
fn number(token: &[u8]) -> Option<f64> {
    std::str::from_utf8(token)
        .ok()?
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
}

/// Accepts `got` if it has the same whitespace-separated tokens as `expected`, byte for byte;
/// otherwise names the first differing token (1-based, with its line in the output) and adds
/// a diff.
pub fn compare_tokens(expected: &[u8], got: &[u8]) -> Result<(), String> {
    compare_tokens_with(expected, got, |want, have| want == have)
}

/// [`compare_tokens`] with `same` deciding whether two tokens match.
fn compare_tokens_with(
    expected: &[u8],
    got: &[u8],
    same: impl Fn(&[u8], &[u8]) -> bool,
) -> Result<(), String> {
    let tokens = |bytes: &[u8]| -> Vec<(usize, Vec<u8>)> {
        let mut out = Vec::new();
        for (line, text) in bytes.split(|&b| b == b'\n').enumerate() {
            for token in text
                .split(u8::is_ascii_whitespace)
                .filter(|t| !t.is_empty())
            {
                out.push((line + 1, token.to_vec()));
            }
        }
        out
    };
    let (want, have) = (tokens(expected), tokens(got));
    let Some(i) = (0..want.len().max(have.len())).find(|&i| match (want.get(i), have.get(i)) {
        (Some(w), Some(h)) => !same(&w.1, &h.1),
        _ => true,
    }) else {
        return Ok(());
    };
    let mut message = match (want.get(i), have.get(i)) {
        (Some((_, w)), Some((line, h))) => format!(
            "token {} (output line {line}): expected {}, got {}",
            i + 1,
            show::token(w),
            show::token(h)
        ),
        (Some((_, w)), None) if have.is_empty() => format!(
            "{} (expected {})",
            super::nothing_printed(got),
            show::token(w)
        ),
        (Some((_, w)), None) => format!(
            "the output ends after {} tokens; expected {} next",
            have.len(),
            show::token(w)
        ),
        (None, Some((line, h))) => format!(
            "the output has more than the expected {} tokens: {} on line {line}",
            want.len(),
            show::token(h)
        ),
        (None, None) => return Ok(()),
    };
    if let Some(hunk) = diff::first_hunk(expected, got) {
        message.push('\n');
        message.push_str(hunk.trim_end());
    }
    Err(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_compare_across_whitespace_and_name_the_first_difference() {
        assert!(compare_tokens(b"1 2\n3\n", b"1  2 3").is_ok());
        let why = compare_tokens(b"1\n2\n3\n", b"1\n2\n4\n").unwrap_err();
        assert!(
            why.starts_with("token 3 (output line 3): expected \"3\", got \"4\""),
            "{why}"
        );
        let why = compare_tokens(b"1\n2\n", b"1\n").unwrap_err();
        assert!(why.starts_with("the output ends after 1 tokens"), "{why}");
        let why = compare_tokens(b"1\n", b"1\n2\n").unwrap_err();
        assert!(why.contains("more than the expected 1 tokens"), "{why}");
    }

    fn flags(words: &[&str]) -> KattisFlags {
        KattisFlags::parse(words).expect("flags")
    }

    #[test]
    fn case_is_ignored_unless_case_sensitive() {
        let loose = flags(&[]);
        assert_eq!(judge(&loose, b"First\n", b"FIRST\n").verdict, Verdict::AC);
        let strict = flags(&["case_sensitive"]);
        assert_eq!(judge(&strict, b"First\n", b"FIRST\n").verdict, Verdict::WA);
    }

    #[test]
    fn numbers_within_a_tolerance_are_accepted_only_when_one_is_given() {
        let exact = flags(&[]);
        assert_eq!(judge(&exact, b"0.5\n", b"0.50001\n").verdict, Verdict::WA);
        let absolute = flags(&["float_absolute_tolerance", "1e-3"]);
        assert_eq!(judge(&absolute, b"0.5\n", b"0.5004\n").verdict, Verdict::AC);
        assert_eq!(judge(&absolute, b"0.5\n", b"0.502\n").verdict, Verdict::WA);
        assert_eq!(judge(&absolute, b"0.5\n", b"half\n").verdict, Verdict::WA);
        let relative = flags(&["float_relative_tolerance", "0.01"]);
        assert_eq!(judge(&relative, b"1000\n", b"1009\n").verdict, Verdict::AC);
        assert_eq!(judge(&relative, b"1000\n", b"1011\n").verdict, Verdict::WA);
        let both = flags(&["float_tolerance", "0.1"]);
        assert_eq!(
            judge(&both, b"word 2\n", b"WORD 2.05\n").verdict,
            Verdict::AC
        );
    }

    #[test]
    fn whitespace_counts_only_when_space_change_sensitive() {
        assert_eq!(judge(&flags(&[]), b"1 2\n", b"1\n2").verdict, Verdict::AC);
        let strict = flags(&["space_change_sensitive"]);
        assert_eq!(judge(&strict, b"1 2\n", b"1\n2\n").verdict, Verdict::WA);
    }
}
