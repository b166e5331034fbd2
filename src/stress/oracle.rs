//! Judging one case: run the program on an input and decide its verdict, either with a
//! problem of the catalog (reference answer in-process, the problem's checker) or with an
//! external reference program and a plain token comparison.

use crate::catalog::DynProblem;
use crate::check::diff;
use crate::run::{judge_input, Limits, Program, Run, Runner, Stdin};
use crate::text::show;
use crate::verdict::Verdict;

/// The verdict of the program on one case, with what it was expected to print and what it
/// printed.
#[derive(Debug, Clone)]
pub struct Trial {
    pub verdict: Verdict,
    /// Why: the checker's explanation, or what the run did wrong.
    pub message: String,
    /// The reference answer (empty if there is none).
    pub expected: String,
    /// The program's standard output (empty if it could not run).
    pub received: Vec<u8>,
}

impl Trial {
    pub(crate) fn judge_error(message: String) -> Trial {
        Trial {
            verdict: Verdict::JE,
            message,
            expected: String::new(),
            received: Vec::new(),
        }
    }

    pub fn failed(&self) -> bool {
        self.verdict != Verdict::AC
    }
}

/// Something that judges the program under test on one input.
pub trait Oracle: Sync {
    /// Runs the program on `input` and judges it.
    fn trial(&self, input: &str) -> Trial;
}

/// Judges with a problem of the catalog: its reference solver and its checker.
pub struct ProblemOracle<'a> {
    pub problem: &'a dyn DynProblem,
    pub runner: &'a Runner,
    pub program: &'a Program,
    pub limits: Limits,
}

impl Oracle for ProblemOracle<'_> {
    fn trial(&self, input: &str) -> Trial {
        let expected = match self.problem.solve(input.as_bytes()) {
            Ok(answer) => answer,
            Err(e) => return Trial::judge_error(format!("the case does not validate: {e}")),
        };
        let outcome = judge_input(
            self.runner,
            self.program,
            self.problem,
            input.as_bytes(),
            expected.as_bytes(),
            &self.limits,
        );
        Trial {
            verdict: outcome.verdict,
            message: outcome.message,
            expected,
            received: outcome.run.map(|run| run.stdout).unwrap_or_default(),
        }
    }
}

/// Judges against an external reference program: both run on the input, and the outputs are
/// compared token by token (any run of whitespace separates tokens; tokens must be equal).
pub struct ExternalOracle<'a> {
    pub reference: &'a Program,
    pub runner: &'a Runner,
    pub program: &'a Program,
    /// The limits of both programs; a reference that fails under them is a judge error.
    pub limits: Limits,
}

impl Oracle for ExternalOracle<'_> {
    fn trial(&self, input: &str) -> Trial {
        let run = |program: &Program| -> Result<Run, String> {
            self.runner
                .run(
                    &program.invocation,
                    Stdin::Bytes(input.as_bytes()),
                    &self.limits,
                )
                .map_err(|e| e.to_string())
        };
        let expected = match run(self.reference) {
            Ok(run) => match run.verdict() {
                None => String::from_utf8_lossy(&run.stdout).into_owned(),
                Some((verdict, why)) => {
                    return Trial::judge_error(format!(
                        "the reference {} failed ({verdict}): {why}",
                        self.reference.given.display()
                    ))
                }
            },
            Err(e) => return Trial::judge_error(format!("cannot run the reference: {e}")),
        };
        let got = match run(self.program) {
            Ok(run) => run,
            Err(e) => return Trial::judge_error(e),
        };
        let (verdict, message) = match got.verdict() {
            Some(found) => found,
            None => match compare_tokens(expected.as_bytes(), &got.stdout) {
                Ok(()) => (Verdict::AC, "ok".to_string()),
                Err(why) => (Verdict::WA, why),
            },
        };
        Trial {
            verdict,
            message,
            expected,
            received: got.stdout,
        }
    }
}

/// Accepts `got` if it has the same whitespace-separated tokens as `expected`; otherwise
/// names the first differing token (1-based, with its line in the output) and adds a diff.
pub fn compare_tokens(expected: &[u8], got: &[u8]) -> Result<(), String> {
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
    let Some(i) = (0..want.len().max(have.len()))
        .find(|&i| want.get(i).map(|t| &t.1) != have.get(i).map(|t| &t.1))
    else {
        return Ok(());
    };
    let mut message = match (want.get(i), have.get(i)) {
        (Some((_, w)), Some((line, h))) => format!(
            "token {} (output line {line}): expected {}, got {}",
            i + 1,
            show::token(w),
            show::token(h)
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
    use super::compare_tokens;

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
}
