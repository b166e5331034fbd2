//! Comparing outputs: a contestant's output against the reference answer, per problem, with
//! the checker's verdict (AC, WA, PE) and an explanation of the first difference.

pub mod tokens;

pub use tokens::{Malformed, Token, TokenReader};

use crate::verdict::Verdict;

/// What a checker says about one output: AC, WA or PE, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    pub verdict: Verdict,
    pub message: String,
}

/// A checker that cannot judge because the jury's files are broken (testlib's FAIL): the input
/// does not validate or the answer file cannot be read. Never the contestant's fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct JudgeFailure(pub String);

/// The generic checker flow for a problem: the input must validate and the answer file must
/// read (else [`JudgeFailure`]); an output that cannot be read as an answer, or that has
/// tokens left over, is PE; a readable but wrong one is WA with the problem's explanation.
pub fn check_output<P: crate::problem::Problem>(
    input: &[u8],
    answer: &[u8],
    output: &[u8],
) -> Result<Judgement, JudgeFailure> {
    let instance =
        P::parse_input(input).map_err(|e| JudgeFailure(format!("input does not validate: {e}")))?;
    let mut answer_tokens = TokenReader::new(answer);
    let reference = P::read_answer(&instance, &mut answer_tokens)
        .and_then(|a| answer_tokens.finish().map(|()| a))
        .map_err(|e| JudgeFailure(format!("answer file: {e}")))?;
    let mut output_tokens = TokenReader::new(output);
    let got = match P::read_answer(&instance, &mut output_tokens)
        .and_then(|a| output_tokens.finish().map(|()| a))
    {
        Ok(got) => got,
        Err(e) => {
            return Ok(Judgement {
                verdict: Verdict::PE,
                message: format!("output {e}"),
            });
        }
    };
    Ok(match P::compare(&instance, &reference, &got) {
        Ok(()) => Judgement {
            verdict: Verdict::AC,
            message: "ok".to_string(),
        },
        Err(explanation) => Judgement {
            verdict: Verdict::WA,
            message: explanation,
        },
    })
}
