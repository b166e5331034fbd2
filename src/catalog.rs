//! The catalog: every problem stonejudge knows by name, seen through bytes, and the lookup
//! from a name to a problem ([`resolve`]). This is the layer above [`crate::problem`] (typed
//! problems) and [`crate::check`] (the generic checker flow) where kinds of problem meet the
//! commands.

mod resolve;

use std::marker::PhantomData;

pub use resolve::{all, resolve, Resolved, UnknownProblem};

use crate::check::JudgeFailure;
use crate::game::brute::TooLarge;
use crate::gen::{Gen, ParamError, Params};
use crate::problem::{
    bounded_nim, misere_nim, misere_subtraction, nim, octal, rows, stripes, subtraction, wythoff,
    ParseError, Problem, Reach,
};
use crate::verdict::Judged;

/// A problem seen through bytes, so it can be picked by name at run time.
pub trait DynProblem: Sync {
    fn name(&self) -> &'static str;
    fn title(&self) -> &'static str;
    /// Validates an input.
    fn validate(&self, input: &[u8]) -> Result<(), ParseError>;
    /// The reference answer to an input, as output text.
    fn solve(&self, input: &[u8]) -> Result<String, ParseError>;
    /// The brute-force answer, or why the input is too large for it.
    fn brute(&self, input: &[u8]) -> Result<Result<String, TooLarge>, ParseError>;
    /// A generated input.
    fn generate(&self, seed: u64, params: &Params) -> Result<String, ParamError>;
    /// Checks `output` against the jury `answer` for `input`.
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure>;
    /// Smaller valid inputs derived from a valid `input` (none if it does not parse).
    fn shrink(&self, input: &[u8]) -> Vec<String>;
    /// The constraint ranges a valid input reaches.
    fn reach(&self, input: &[u8]) -> Result<Vec<Reach>, ParseError>;
    /// Every one-case input of the given size (see [`Problem::enumerate`]).
    fn enumerate(&self, size: u64) -> Vec<String>;
}

/// Adapts a [`Problem`] to [`DynProblem`].
pub struct Registered<P>(PhantomData<fn() -> P>);

impl<P: Problem> DynProblem for Registered<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn title(&self) -> &'static str {
        P::TITLE
    }

    fn validate(&self, input: &[u8]) -> Result<(), ParseError> {
        P::parse_input(input).map(|_| ())
    }

    fn solve(&self, input: &[u8]) -> Result<String, ParseError> {
        let instance = P::parse_input(input)?;
        Ok(P::write_answer(&instance, &P::solve(&instance)))
    }

    fn brute(&self, input: &[u8]) -> Result<Result<String, TooLarge>, ParseError> {
        let instance = P::parse_input(input)?;
        Ok(P::brute(&instance).map(|answer| P::write_answer(&instance, &answer)))
    }

    fn generate(&self, seed: u64, params: &Params) -> Result<String, ParamError> {
        let instance = P::generate(&mut Gen::new(seed), params)?;
        params.finish()?;
        Ok(P::write_input(&instance))
    }

    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        crate::check::check_output::<P>(input, answer, output)
    }

    fn shrink(&self, input: &[u8]) -> Vec<String> {
        P::parse_input(input)
            .map(|instance| P::shrink(&instance).iter().map(P::write_input).collect())
            .unwrap_or_default()
    }

    fn reach(&self, input: &[u8]) -> Result<Vec<Reach>, ParseError> {
        P::parse_input(input).map(|instance| P::reach(&instance))
    }

    fn enumerate(&self, size: u64) -> Vec<String> {
        // Instances beyond a constraint (a value or a count above its bound) are left out.
        P::enumerate(size)
            .iter()
            .map(P::write_input)
            .filter(|input| P::parse_input(input.as_bytes()).is_ok())
            .collect()
    }
}

const fn registered<P: Problem>() -> Registered<P> {
    Registered(PhantomData)
}

/// Every problem of the catalog, in the order of docs/games.md §4.
pub static CATALOG: &[&dyn DynProblem] = &[
    &registered::<stripes::Stripes>(),
    &registered::<nim::Nim>(),
    &registered::<bounded_nim::BoundedNim>(),
    &registered::<subtraction::Subtraction>(),
    &registered::<misere_nim::MisereNim>(),
    &registered::<misere_subtraction::MisereSubtraction>(),
    &registered::<rows::Rows>(),
    &registered::<octal::Octal>(),
    &registered::<wythoff::Wythoff>(),
];

/// The problem called `name`, if any.
pub fn find(name: &str) -> Option<&'static dyn DynProblem> {
    CATALOG.iter().copied().find(|p| p.name() == name)
}

/// The names of every problem, for error messages.
pub fn names() -> Vec<&'static str> {
    CATALOG.iter().map(|p| p.name()).collect()
}
