//! Comparing outputs: a contestant's output against the reference answer, per problem, with
//! the checker's verdict (AC, WA, PE) and an explanation of the first difference.
//!
//! [`check_output`] is the one place where (input, answer file, output) becomes a
//! [`Judged`]; the command line's `check` and the judge both reach it through
//! `DynProblem::check`. The verdicts mean what they mean in testlib:
//!
//! - **FAIL** ([`JudgeFailure`]): the input does not validate, or the answer file cannot be
//!   read as an answer. Never the contestant's fault.
//! - **PE**: the output cannot be read as an answer: it ends early, has tokens left over after
//!   the answer, or has a token that is not the kind expected (a word where a number belongs,
//!   bytes that are not UTF-8, a NUL). An output that starts with a UTF-8 byte order mark is
//!   PE too, with that reason: testlib and the Kattis default validator would read the mark
//!   as part of the first token and reject it with a far less helpful message.
//! - **WA**: the output reads as an answer but is wrong: the problem explains the first wrong
//!   case in the game's terms. An integer outside its allowed range (a heap that does not
//!   exist) is readable, hence WA, as in testlib.
//! - **AC**: otherwise. Whitespace is never a reason to reject (any run of ASCII whitespace
//!   separates tokens), but an accepted message notes how the output departs from the
//!   canonical format: `ok (note: CRLF line ends (3 lines, first on line 1))`.

pub mod checktestdata;
pub mod default_validator;
pub mod diff;
pub mod protocol;
pub mod whitespace;

use crate::text::{show, Malformed, TokenReader};

use crate::problem::{list, InstanceOf, TypedProblem};
use crate::verdict::{Judged, Verdict};
use whitespace::{Layout, OddityKind};

/// A checker that cannot judge because the jury's files are broken (testlib's FAIL): the input
/// does not validate or the answer file cannot be read. Never the contestant's fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct JudgeFailure(pub String);

/// The generic checker flow for a problem: the input must validate and the answer file must
/// read (else [`JudgeFailure`]); then the output is judged as the module documentation says:
/// AC, WA or PE. The first line of the message is a one-line summary (the problem's
/// explanation of the first mismatch, or `ok`); further lines, on rejections only, are `note:`
/// hints about whitespace and line structure and perhaps a short diff against the answer file.
/// The text is ASCII.
pub fn check_output<P: TypedProblem>(
    problem: &P,
    input: &[u8],
    answer: &[u8],
    output: &[u8],
) -> Result<Judged, JudgeFailure> {
    let instance = list::parse_input(problem, input)
        .map_err(|e| JudgeFailure(format!("input does not validate: {e}")))?;
    let reference = read_complete(
        problem,
        &instance,
        &mut TokenReader::named(answer, "answer file"),
    )
    .map_err(|e| JudgeFailure(format!("answer file: {}", show::message(&e.to_string()))))?;
    let review = Review::new(answer, output);
    if review.output.get(OddityKind::ByteOrderMark).is_some() {
        let headline = "output starts with a UTF-8 byte order mark (bytes EF BB BF)";
        return Ok(review.reject(Verdict::PE, headline.to_string()));
    }
    let mut tokens = TokenReader::new(output);
    Ok(match read_complete(problem, &instance, &mut tokens) {
        Err(error) => {
            let verdict = if tokens.is_range_violation(&error) {
                Verdict::WA
            } else {
                Verdict::PE
            };
            let headline = if output.iter().all(u8::is_ascii_whitespace) {
                // Reads as a layout problem ("found end of output") but is not one: say so.
                let wanted = error.message.trim_end_matches(", found end of output");
                format!("{} ({wanted})", nothing_printed(output))
            } else {
                format!("line {}:{}: {}", error.line, error.col, error.message)
            };
            review.reject(verdict, show::message(&headline))
        }
        Ok(got) => match list::judge(problem, &instance, &reference, &got) {
            Ok(()) => review.accept(),
            Err(explanation) => review.reject(Verdict::WA, show::message(&explanation)),
        },
    })
}

/// What an output without a single token is: `the program printed nothing`, or only
/// whitespace (how many bytes of it).
pub fn nothing_printed(output: &[u8]) -> String {
    match output.len() {
        0 => "the program printed nothing".to_string(),
        1 => "the program printed only 1 byte of whitespace".to_string(),
        n => format!("the program printed only {n} bytes of whitespace"),
    }
}

/// An answer read from every token of `tokens`, none left over.
fn read_complete<P: TypedProblem>(
    problem: &P,
    instance: &InstanceOf<P>,
    tokens: &mut TokenReader<'_>,
) -> Result<Vec<P::Answer>, Malformed> {
    let answer = list::read_answers(problem, instance, tokens)?;
    tokens.finish()?;
    Ok(answer)
}

/// What is known about an output's shape, to annotate a verdict.
struct Review<'a> {
    answer: &'a [u8],
    output_bytes: &'a [u8],
    output: Layout,
    answer_lines: usize,
}

impl<'a> Review<'a> {
    fn new(answer: &'a [u8], output: &'a [u8]) -> Review<'a> {
        Review {
            answer,
            output_bytes: output,
            output: Layout::of(output),
            answer_lines: Layout::of(answer).token_lines,
        }
    }

    /// `ok`, with every departure from the canonical format noted.
    fn accept(&self) -> Judged {
        let notes: Vec<String> = self
            .line_count_note()
            .into_iter()
            .chain(self.output.oddities.iter().map(|o| o.to_string()))
            .collect();
        let message = if notes.is_empty() {
            "ok".to_string()
        } else {
            format!("ok (note: {})", notes.join("; "))
        };
        Judged::new(Verdict::AC, message)
    }

    /// `headline`, then the hints that bear on this kind of rejection: for PE every oddity
    /// (one of them may be the reason a token did not read), for WA only the line structure
    /// (spacing cannot make a readable answer wrong); then a diff if lines are missing or extra.
    fn reject(&self, verdict: Verdict, headline: String) -> Judged {
        let mut message = headline;
        let oddities = self
            .output
            .oddities
            .iter()
            .filter(|o| verdict == Verdict::PE && o.kind != OddityKind::ByteOrderMark)
            .map(|o| o.to_string());
        for note in self.line_count_note().into_iter().chain(oddities) {
            message.push_str("\nnote: ");
            message.push_str(&note);
        }
        if self.line_structure_differs() {
            if let Some(diff) = diff::first_hunk(self.answer, self.output_bytes) {
                message.push('\n');
                message.push_str(diff.trim_end());
            }
        }
        Judged::new(verdict, message)
    }

    fn line_count_note(&self) -> Option<String> {
        let (got, expected) = (self.output.token_lines, self.answer_lines);
        (got != expected).then(|| {
            format!(
                "the output has {} with tokens, the answer file has {expected}",
                whitespace::plural(got, "line")
            )
        })
    }

    /// Lines are missing or extra in a multi-line answer: the first mismatch alone may be
    /// far from the cause, so a diff helps.
    fn line_structure_differs(&self) -> bool {
        let (got, expected) = (self.output.token_lines, self.answer_lines);
        got != expected && got.max(expected) >= 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::brute::{Solvers, TooLarge};
    use crate::gen::{Gen, ParamError, Params};
    use crate::problem::{
        Answer, At, Constraint, Enumeration, InputFormat, Instance, Int, Listing, Mismatch,
        ParseError, Reader,
    };

    /// A tiny problem for these tests: separate games on heaps of stones, a move takes 1, 2 or
    /// 4 stones, whoever cannot move loses (n is lost iff n mod 3 = 0). Per heap the answer is
    /// `lose`, or `win K` with a winning move K; from n mod 3 = 1 both 1 and 4 win.
    struct TakeSome;

    const MOVES: [u64; 3] = [1, 2, 4];
    const M: Int = Int {
        name: "m",
        lo: 1,
        hi: 100,
        about: "heaps",
    };
    const N: Int = Int {
        name: "n",
        lo: 0,
        hi: 1000,
        about: "stones",
    };

    /// `lose`, or `win K`.
    impl Answer<u64> for Option<u64> {
        type Words = ();
        fn write(&self, _: &(), out: &mut String) {
            out.push_str(&self.map_or("lose".to_string(), |k| format!("win {k}")));
        }
        fn read(
            _: &(),
            &n: &u64,
            _: &At,
            tokens: &mut TokenReader<'_>,
        ) -> Result<Option<u64>, Malformed> {
            Ok(
                match tokens.word("\"win\" or \"lose\"", &["win", "lose"])? {
                    0 => Some(tokens.u64("a move", 1, n.min(4))?),
                    _ => None,
                },
            )
        }
    }

    impl TypedProblem for TakeSome {
        type Header = ();
        type Case = u64;
        type Answer = Option<u64>;
        fn format(&self) -> InputFormat {
            InputFormat {
                listing: Listing::Counted(M),
                constraints: vec![Constraint::Int(M), Constraint::Int(N)],
                unit: "heap",
            }
        }
        fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<u64, ParseError> {
            let n = r.int(&N)?;
            r.newline()?;
            Ok(n)
        }
        fn write_case(&self, _: &(), n: &u64, out: &mut String) {
            out.push_str(&format!("{n}\n"));
        }
        fn solve(&self, _: &(), n: &u64) -> Option<u64> {
            Some(n % 3).filter(|&k| k > 0)
        }
        fn brute(&self, _: &(), n: &u64, _: &mut Solvers) -> Result<Option<u64>, TooLarge> {
            Ok(self.solve(&(), n))
        }
        fn judge(
            &self,
            _: &(),
            &n: &u64,
            want: &Option<u64>,
            have: &Option<u64>,
        ) -> Result<(), Mismatch> {
            let why = match (want, have) {
                (None, Some(k)) => format!(
                    "{n} stones is a loss for the mover, but the output claims a win by taking {k}"
                ),
                (Some(_), None) => "expected win, got lose".to_string(),
                (Some(_), Some(k)) if !MOVES.contains(k) => format!("taking {k} is not a move"),
                (Some(_), Some(k)) if (n - k) % 3 != 0 => format!(
                    "taking {k} from {n} leaves {}, a win for the opponent",
                    n - k
                ),
                _ => return Ok(()),
            };
            Err(Mismatch::from(why))
        }
        fn generate(&self, _: &mut Gen, _: &Params) -> Result<Instance<(), u64>, ParamError> {
            Ok(Instance {
                header: (),
                cases: vec![1],
            })
        }
        fn shrink_case(&self, _: &(), _: &u64) -> Vec<u64> {
            Vec::new()
        }
        fn enumerate(&self, _: u64) -> Enumeration<'_, Self> {
            Box::new(std::iter::empty())
        }
    }

    /// Heaps 4, 3, 5, 6: answers win 1 (or 4), lose, win 2, lose.
    const INPUT: &[u8] = b"4\n4\n3\n5\n6\n";
    const ANSWER: &[u8] = b"win 1\nlose\nwin 2\nlose\n";

    fn check(output: &[u8]) -> Judged {
        check_output(&TakeSome, INPUT, ANSWER, output).unwrap()
    }

    fn assert_verdict(output: &[u8], verdict: Verdict, phrases: &[&str]) -> Judged {
        let judgement = check(output);
        assert_eq!(judgement.verdict, verdict, "{}", judgement.message);
        for phrase in phrases {
            assert!(
                judgement.message.contains(phrase),
                "{phrase:?} not in:\n{}",
                judgement.message
            );
        }
        assert!(judgement.message.is_ascii());
        judgement
    }

    #[test]
    fn the_answer_itself_is_plain_ok() {
        assert_eq!(check(ANSWER).message, "ok");
    }

    #[test]
    fn whitespace_oddities_are_accepted_with_a_note() {
        let crlf = assert_verdict(b"win 1\r\nlose\r\nwin 2\r\nlose\r\n", Verdict::AC, &[]);
        assert_eq!(
            crlf.message,
            "ok (note: CRLF line ends (4 lines, first on line 1))"
        );
        assert_verdict(
            b"win 1 \nlose\nwin\t2\nlose",
            Verdict::AC,
            &[
                "ok (note: ",
                "1 tab character (first at line 3:4)",
                "trailing whitespace (1 line, first on line 1)",
                "no newline at the end of line 4",
            ],
        );
        assert_verdict(
            b"\nwin 1\n\nlose\nwin 2\nlose\n",
            Verdict::AC,
            &["2 blank lines (first on line 1)"],
        );
        assert_verdict(
            b"win 1 lose win 2 lose\n",
            Verdict::AC,
            &["the output has 1 line with tokens, the answer file has 4"],
        );
    }

    #[test]
    fn a_different_correct_answer_is_accepted() {
        let j = assert_verdict(b"win 4\nlose\nwin 2\nlose\n", Verdict::AC, &[]);
        assert_eq!(j.message, "ok");
    }

    #[test]
    fn output_ending_early_is_pe_with_position() {
        let j = assert_verdict(
            b"win 1\nlose\nwin 2\n",
            Verdict::PE,
            &[
                "line 4:1: expected \"win\" or \"lose\", found end of output",
                "note: the output has 3 lines with tokens, the answer file has 4",
            ],
        );
        assert!(
            j.message.contains("@@"),
            "a missing line gets a diff:\n{}",
            j.message
        );
        assert!(j.message.contains("\n-lose"), "{}", j.message);
    }

    #[test]
    fn extra_tokens_are_pe() {
        assert_verdict(
            b"win 1\nlose\nwin 2\nlose\nlose\n",
            Verdict::PE,
            &[
                "line 5:1: expected end of output, found extra token \"lose\"",
                "+lose",
            ],
        );
    }

    #[test]
    fn unreadable_token_is_pe() {
        let j = assert_verdict(
            b"win abc\nlose\nwin 2\nlose\n",
            Verdict::PE,
            &["line 1:5: expected a move (an integer in 1..=4), found \"abc\""],
        );
        assert!(!j.message.contains("@@"), "a local mismatch needs no diff");
        assert_verdict(
            b"Win 1\nlose\nwin 2\nlose\n",
            Verdict::PE,
            &["found \"Win\""],
        );
    }

    #[test]
    fn integer_out_of_range_is_wa_as_in_testlib() {
        assert_verdict(
            b"win 1\nlose\nwin 5\nlose\n",
            Verdict::WA,
            &["line 3:5: expected a move (an integer in 1..=4), found \"5\""],
        );
        assert_verdict(
            b"win -1\nlose\nwin 2\nlose\n",
            Verdict::WA,
            &["found \"-1\""],
        );
        assert_verdict(
            b"win 99999999999999999999999\nlose\nwin 2\nlose\n",
            Verdict::WA,
            &["found \"99999999999999999999999\""],
        );
    }

    #[test]
    fn readable_wrong_answer_is_wa_with_the_problems_explanation() {
        let j = assert_verdict(
            b"win 1\nwin 1\nwin 2\nlose\n",
            Verdict::WA,
            &["heap 2: 3 stones is a loss for the mover, but the output claims a win by taking 1"],
        );
        assert_eq!(
            j.message.lines().count(),
            1,
            "no hints for a local WA:\n{}",
            j.message
        );
        // Whitespace is not a hint for a WA: it cannot make a readable answer wrong.
        let j = assert_verdict(
            b"win 1\r\nlose\r\nwin 1\r\nlose\r\n",
            Verdict::WA,
            &["heap 3: taking 1 from 5 leaves 4, a win for the opponent"],
        );
        assert!(!j.message.contains("CRLF"), "{}", j.message);
        assert_verdict(
            b"win 3\nlose\nwin 2\nlose\n",
            Verdict::WA,
            &["heap 1: taking 3 is not a move"],
        );
    }

    #[test]
    fn byte_order_mark_is_pe() {
        let j = assert_verdict(
            b"\xEF\xBB\xBFwin 1\nlose\nwin 2\nlose\n",
            Verdict::PE,
            &["output starts with a UTF-8 byte order mark (bytes EF BB BF)"],
        );
        assert_eq!(j.message.lines().count(), 1, "{}", j.message);
    }

    #[test]
    fn nul_and_invalid_utf8_are_pe_and_escaped() {
        assert_verdict(
            b"win 1\nlose\x00\nwin 2\nlose\n",
            Verdict::PE,
            &[
                "line 2:1: expected \"win\" or \"lose\", found \"lose\\0\"",
                "note: 1 NUL byte (first at line 2:5)",
            ],
        );
        assert_verdict(
            b"win 1\nlose\nwin \xFF\nlose\n",
            Verdict::PE,
            &[
                "found \"\\xFF\"",
                "note: 1 byte sequence that is not UTF-8 (first at line 3:5)",
            ],
        );
    }

    #[test]
    fn pe_notes_whitespace_that_may_explain_it() {
        assert_verdict(
            b"win 1\r\nlose\r\nwin 2\r\n",
            Verdict::PE,
            &[
                "found end of output",
                "note: CRLF line ends (3 lines, first on line 1)",
            ],
        );
    }

    #[test]
    fn empty_output_is_pe_and_named_as_nothing_printed() {
        assert_verdict(
            b"",
            Verdict::PE,
            &[
                "the program printed nothing (expected \"win\" or \"lose\")",
                "the output has 0 lines with tokens, the answer file has 4",
            ],
        );
        assert_verdict(
            b"\n \n",
            Verdict::PE,
            &["the program printed only 3 bytes of whitespace (expected \"win\" or \"lose\")"],
        );
    }

    #[test]
    fn huge_tokens_are_cut_in_messages() {
        let mut output = b"win ".to_vec();
        output.extend(std::iter::repeat_n(b'x', 1 << 20));
        output.extend_from_slice(b"\nlose\nwin 2\nlose\n");
        let j = assert_verdict(&output, Verdict::PE, &["(1048576 bytes in all)"]);
        assert!(j.message.len() < 400, "{}", j.message);
    }

    #[test]
    fn broken_jury_files_fail() {
        let bad_input = check_output(&TakeSome, b"4\n1\n", ANSWER, ANSWER).unwrap_err();
        assert!(
            bad_input.0.starts_with("input does not validate: "),
            "{bad_input}"
        );
        let short = check_output(&TakeSome, INPUT, b"win 1\n", ANSWER).unwrap_err();
        assert_eq!(
            short.0,
            "answer file: 2:1: expected \"win\" or \"lose\", found end of answer file"
        );
        let long = check_output(&TakeSome, INPUT, b"win 1\nlose\nwin 2\nlose\n7\n", ANSWER);
        assert!(long
            .unwrap_err()
            .0
            .contains("expected end of answer file, found extra token \"7\""));
        let garbage = check_output(&TakeSome, INPUT, b"win x\n", ANSWER).unwrap_err();
        assert!(garbage.0.starts_with("answer file: 1:5: "), "{garbage}");
    }
}
