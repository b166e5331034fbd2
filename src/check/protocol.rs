//! The checker protocols: how a [`Judged`] (or a [`JudgeFailure`]) becomes the exit code and
//! the text that a judging system expects. Pure functions; the command line does the I/O.
//!
//! **testlib** (Polygon, Codeforces, ejudge, and DOMjudge or CMS with testlib checkers):
//! `checker <input> <output> <answer>`; exit 0 OK, 1 WA, 2 PE, 3 FAIL; one report on standard
//! error that starts with `ok`, `wrong answer`, `wrong output format` or `FAIL`. testlib's
//! partial-score exit codes (which collide with these) are never used.
//!
//! **Kattis / ICPC output validator** (problemtools, DOMjudge, BAPCtools):
//! `validator <input> <answer> <feedback_dir> [flags] < output`; exit 42 accepted, 43 rejected
//! (a presentation error is a wrong answer there), any other code is a judge error. The report
//! goes to `judgemessage.txt` in the feedback directory, for the jury. The flags are those of
//! the problem's `validator_flags` (the default validator's vocabulary): see [`KattisFlags`].

use super::whitespace::{first_space_change, Layout};
use super::JudgeFailure;
use crate::verdict::{Judged, Verdict};

/// testlib's exit codes.
pub mod testlib {
    pub const OK: u8 = 0;
    pub const WRONG_ANSWER: u8 = 1;
    pub const PRESENTATION_ERROR: u8 = 2;
    pub const FAIL: u8 = 3;
    /// `quitp(points, …)`: the report on standard error is `points <number> <comment>`. A
    /// checker of our own problems says with it the fraction of the test's worth earned.
    pub const POINTS: u8 = 7;
}

/// The Kattis output validator's exit codes (any code but 42 and 43 is a judge error).
pub mod kattis {
    pub const ACCEPTED: u8 = 42;
    pub const WRONG_ANSWER: u8 = 43;
    pub const JUDGE_ERROR: u8 = 1;
}

/// How a checker run ends under a protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub exit_code: u8,
    /// The report: testlib's standard error, Kattis' `judgemessage.txt`. Ends with a newline.
    pub message: String,
}

/// The testlib report of a verdict.
pub fn testlib_report(result: &Result<Judged, JudgeFailure>) -> Report {
    match result {
        Ok(j) if j.verdict == Verdict::AC => report(testlib::OK, "", &j.message),
        Ok(j) if j.verdict == Verdict::WA => {
            report(testlib::WRONG_ANSWER, "wrong answer ", &j.message)
        }
        Ok(j) if j.verdict == Verdict::PE => report(
            testlib::PRESENTATION_ERROR,
            "wrong output format ",
            &j.message,
        ),
        Ok(j) => report(testlib::FAIL, "FAIL ", &unexpected(j)),
        Err(failure) => report(testlib::FAIL, "FAIL ", &failure.0),
    }
}

/// The Kattis report of a verdict: the same words as testlib's, so that a jury reading
/// `judgemessage.txt` still tells a format problem from a wrong answer.
pub fn kattis_report(result: &Result<Judged, JudgeFailure>) -> Report {
    match result {
        Ok(j) if j.verdict == Verdict::AC => report(kattis::ACCEPTED, "", &j.message),
        Ok(j) if j.verdict == Verdict::WA => {
            report(kattis::WRONG_ANSWER, "wrong answer ", &j.message)
        }
        Ok(j) if j.verdict == Verdict::PE => {
            report(kattis::WRONG_ANSWER, "wrong output format ", &j.message)
        }
        Ok(j) => report(kattis::JUDGE_ERROR, "judge error: ", &unexpected(j)),
        Err(failure) => report(kattis::JUDGE_ERROR, "judge error: ", &failure.0),
    }
}

fn report(exit_code: u8, prefix: &str, message: &str) -> Report {
    Report {
        exit_code,
        message: format!("{prefix}{message}\n"),
    }
}

/// A checker only says AC, WA or PE; anything else is a bug that the protocol reports as the
/// judge's failure.
fn unexpected(judged: &Judged) -> String {
    format!(
        "the checker produced verdict {} ({})",
        judged.verdict, judged.message
    )
}

/// The message for the team (Kattis' `teammessage.txt`), if one is appropriate: only when the
/// output was rejected for its encoding (a byte order mark, NUL bytes, bytes that are not
/// UTF-8). Those facts are about the team's own bytes; anything more, such as the expected
/// answer, would reveal secret test data.
pub fn kattis_team_message(output: &[u8], result: &Result<Judged, JudgeFailure>) -> Option<String> {
    match result {
        Ok(j) if j.verdict == Verdict::PE => {
            let encoding: Vec<String> = Layout::of(output)
                .oddities
                .iter()
                .filter(|o| o.is_encoding())
                .map(|o| o.to_string())
                .collect();
            (!encoding.is_empty()).then(|| format!("Your output has {}.\n", encoding.join("; ")))
        }
        _ => None,
    }
}

/// The flags a Kattis problem may pass to its output validator (`validator_flags` in
/// `problem.yaml`), with the meanings of the default validator.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct KattisFlags {
    /// `space_change_sensitive`: honoured. An output accepted token by token is still wrong
    /// if its whitespace differs from the answer file's.
    pub space_change_sensitive: bool,
    /// `case_sensitive`: accepted. stonejudge always compares words exactly, as each problem's
    /// format defines them; the default token checker of a program-backed problem honours it.
    pub case_sensitive: bool,
    /// `float_absolute_tolerance X` (or `float_tolerance X`): for the default token checker.
    pub float_absolute_tolerance: Option<f64>,
    /// `float_relative_tolerance X` (or `float_tolerance X`): for the default token checker.
    pub float_relative_tolerance: Option<f64>,
}

impl KattisFlags {
    /// Parses the arguments after the feedback directory. `float_tolerance`,
    /// `float_absolute_tolerance` and `float_relative_tolerance` take a number (the catalog's
    /// checkers ignore it: no catalog problem has real-valued output); anything else is an
    /// error, as in the default validator, because a flag we ignore silently would be a
    /// misjudged contest.
    pub fn parse<S: AsRef<str>>(args: &[S]) -> Result<KattisFlags, String> {
        let mut flags = KattisFlags::default();
        let mut args = args.iter().map(AsRef::as_ref);
        while let Some(arg) = args.next() {
            match arg {
                "space_change_sensitive" => flags.space_change_sensitive = true,
                "case_sensitive" => flags.case_sensitive = true,
                "float_tolerance" | "float_absolute_tolerance" | "float_relative_tolerance" => {
                    let value = args
                        .next()
                        .and_then(|v| v.parse::<f64>().ok())
                        .filter(|v| v.is_finite() && *v >= 0.0)
                        .ok_or_else(|| {
                            format!("validator flag {arg} needs a number after it, at least 0")
                        })?;
                    if arg != "float_relative_tolerance" {
                        flags.float_absolute_tolerance = Some(value);
                    }
                    if arg != "float_absolute_tolerance" {
                        flags.float_relative_tolerance = Some(value);
                    }
                }
                other => {
                    return Err(format!(
                        "unknown validator flag {other:?}; known: case_sensitive, \
                         space_change_sensitive, float_tolerance X, float_absolute_tolerance X, \
                         float_relative_tolerance X"
                    ))
                }
            }
        }
        Ok(flags)
    }

    /// Applies the flags to a verdict: under `space_change_sensitive`, an accepted output
    /// whose whitespace differs from the answer file's becomes a wrong answer.
    pub fn apply(
        &self,
        result: Result<Judged, JudgeFailure>,
        answer: &[u8],
        output: &[u8],
    ) -> Result<Judged, JudgeFailure> {
        match result {
            Ok(j) if j.verdict == Verdict::AC && self.space_change_sensitive => {
                Ok(match first_space_change(answer, output) {
                    Some(change) => Judged::new(
                        Verdict::WA,
                        format!(
                            "whitespace differs from the answer file (space_change_sensitive): \
                             {change}"
                        ),
                    ),
                    None => j,
                })
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(verdict: Verdict, message: &str) -> Result<Judged, JudgeFailure> {
        Ok(Judged::new(verdict, message))
    }

    #[test]
    fn testlib_codes_and_words() {
        let ok = testlib_report(&judged(Verdict::AC, "ok (note: CRLF line ends)"));
        assert_eq!(
            (ok.exit_code, ok.message.as_str()),
            (0, "ok (note: CRLF line ends)\n")
        );
        let wa = testlib_report(&judged(Verdict::WA, "case 2: x"));
        assert_eq!(
            (wa.exit_code, wa.message.as_str()),
            (1, "wrong answer case 2: x\n")
        );
        let pe = testlib_report(&judged(Verdict::PE, "line 1:1: y"));
        assert_eq!(
            (pe.exit_code, pe.message.as_str()),
            (2, "wrong output format line 1:1: y\n")
        );
        let fail = testlib_report(&Err(JudgeFailure("answer file: z".into())));
        assert_eq!(
            (fail.exit_code, fail.message.as_str()),
            (3, "FAIL answer file: z\n")
        );
        let odd = testlib_report(&judged(Verdict::TLE, "?"));
        assert_eq!(odd.exit_code, 3);
        assert!(odd
            .message
            .starts_with("FAIL the checker produced verdict TLE"));
    }

    #[test]
    fn kattis_codes_and_words() {
        assert_eq!(kattis_report(&judged(Verdict::AC, "ok")).exit_code, 42);
        let wa = kattis_report(&judged(Verdict::WA, "case 2: x"));
        assert_eq!(
            (wa.exit_code, wa.message.as_str()),
            (43, "wrong answer case 2: x\n")
        );
        let pe = kattis_report(&judged(Verdict::PE, "line 1:1: y"));
        assert_eq!(
            (pe.exit_code, pe.message.as_str()),
            (43, "wrong output format line 1:1: y\n")
        );
        let fail = kattis_report(&Err(JudgeFailure("input does not validate: 1:1: w".into())));
        assert_eq!(fail.exit_code, 1);
        assert_eq!(
            fail.message,
            "judge error: input does not validate: 1:1: w\n"
        );
    }

    #[test]
    fn team_messages_only_for_encoding_rejections() {
        let pe = judged(Verdict::PE, "output starts with a UTF-8 byte order mark");
        let team = kattis_team_message(b"\xEF\xBB\xBF1\n", &pe).unwrap();
        assert_eq!(
            team,
            "Your output has a UTF-8 byte order mark at the start (bytes EF BB BF).\n"
        );
        let team = kattis_team_message(b"1\x00\n", &judged(Verdict::PE, "x")).unwrap();
        assert_eq!(team, "Your output has 1 NUL byte (first at line 1:2).\n");
        assert_eq!(
            kattis_team_message(b"abc\n", &judged(Verdict::PE, "x")),
            None
        );
        assert_eq!(
            kattis_team_message(b"1\r\n", &judged(Verdict::WA, "x")),
            None
        );
        assert_eq!(
            kattis_team_message(b"1\r\n", &judged(Verdict::AC, "ok")),
            None
        );
    }

    #[test]
    fn kattis_flags() {
        let none: [&str; 0] = [];
        assert_eq!(KattisFlags::parse(&none), Ok(KattisFlags::default()));
        let flags = KattisFlags::parse(&["case_sensitive", "space_change_sensitive"]).unwrap();
        assert!(flags.case_sensitive && flags.space_change_sensitive);
        assert!(KattisFlags::parse(&["float_tolerance", "1e-6"]).is_ok());
        assert!(KattisFlags::parse(&["float_relative_tolerance", "0.5", "case_sensitive"]).is_ok());
        let err = KattisFlags::parse(&["float_tolerance"]).unwrap_err();
        assert!(err.contains("float_tolerance needs a number"), "{err}");
        let err = KattisFlags::parse(&["float_absolute_tolerance", "x"]).unwrap_err();
        assert!(err.contains("needs a number"), "{err}");
        let err = KattisFlags::parse(&["ignore_case"]).unwrap_err();
        assert!(
            err.contains("unknown validator flag \"ignore_case\""),
            "{err}"
        );
    }

    #[test]
    fn space_change_sensitive_turns_spacing_into_wa() {
        let strict = KattisFlags {
            space_change_sensitive: true,
            ..KattisFlags::default()
        };
        let ok = judged(Verdict::AC, "ok (note: CRLF line ends)");
        let wa = strict.apply(ok.clone(), b"1\n2\n", b"1\r\n2\n").unwrap();
        assert_eq!(wa.verdict, Verdict::WA);
        assert!(
            wa.message
                .contains("line 1:2: expected whitespace \"\\n\", found \"\\r\\n\""),
            "{}",
            wa.message
        );
        let same = strict
            .apply(judged(Verdict::AC, "ok"), b"1\n2\n", b"1\n2\n")
            .unwrap();
        assert_eq!(same.verdict, Verdict::AC);
        let lenient = KattisFlags::default().apply(ok.clone(), b"1\n2\n", b"1\r\n2\n");
        assert_eq!(lenient, ok);
        let pe = judged(Verdict::PE, "p");
        assert_eq!(strict.apply(pe.clone(), b"1\n", b"x\n"), pe);
    }
}
