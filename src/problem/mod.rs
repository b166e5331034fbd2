//! The problem catalog (GAMES.md §4): one file per problem behind the [`Problem`] trait, and a
//! registry of them by name.
//!
//! A problem is a set of pure functions over typed values; [`DynProblem`] wraps them into
//! byte-level operations so that the command line, the judge and the stress tester can handle
//! any problem by name.

pub mod strict;

mod bounded_nim;
mod common;
mod enumerate;
mod misere_nim;
mod misere_subtraction;
mod nim;
mod octal;
mod rows;
mod stripes;
mod subtraction;
mod wythoff;

use std::fmt::Debug;
use std::marker::PhantomData;

pub use strict::{ParseError, StrictReader};

use crate::check::{JudgeFailure, Judgement, Malformed, TokenReader};
use crate::game::brute::TooLarge;
use crate::gen::{Gen, ParamError, Params};

/// One problem of the catalog. Implementations are stateless unit structs.
pub trait Problem: 'static {
    /// A parsed, valid input.
    type Instance: Clone + Debug + Send + Sync;
    /// A parsed answer (the reference's or a contestant's).
    type Answer: Clone + PartialEq + Debug + Send + Sync;

    /// The name used on the command line and for `problems/<NAME>/`.
    const NAME: &'static str;
    /// A one-line title.
    const TITLE: &'static str;

    /// The validator: parses an input strictly, or says where and why it is malformed.
    fn parse_input(input: &[u8]) -> Result<Self::Instance, ParseError>;
    /// Writes an instance in the exact input format (parses back to the same instance).
    fn write_input(instance: &Self::Instance) -> String;
    /// The reference solver: fast at the full constraints.
    fn solve(instance: &Self::Instance) -> Self::Answer;
    /// The brute-force solver: no Sprague–Grundy; refuses instances that are too large.
    fn brute(instance: &Self::Instance) -> Result<Self::Answer, TooLarge>;
    /// Writes an answer in the exact output format.
    fn write_answer(instance: &Self::Instance, answer: &Self::Answer) -> String;
    /// Reads an answer leniently from tokens (a contestant's output or an answer file).
    fn read_answer(
        instance: &Self::Instance,
        tokens: &mut TokenReader<'_>,
    ) -> Result<Self::Answer, Malformed>;
    /// Accepts `got` or explains, in the game's terms, the first case where it is wrong.
    fn compare(
        instance: &Self::Instance,
        reference: &Self::Answer,
        got: &Self::Answer,
    ) -> Result<(), String>;
    /// A random instance from a seeded stream and named parameters.
    fn generate(gen: &mut Gen, params: &Params) -> Result<Self::Instance, ParamError>;
    /// Smaller instances to try when shrinking a failing case, most promising first.
    fn shrink(instance: &Self::Instance) -> Vec<Self::Instance>;
    /// Every constrained quantity of the format with the range of values it takes in
    /// `instance`, so that a test plan can be checked to reach each bound.
    fn reach(instance: &Self::Instance) -> Vec<Reach>;
    /// Every instance of size exactly `size`, in a fixed order, for exhaustive stress testing.
    /// An instance holds one case (one board, one position, one line) and its size is the sum
    /// of all numbers in its input, counts included: each size has finitely many instances,
    /// and sizes `0, 1, 2, …` together enumerate every one-case instance, smallest first.
    fn enumerate(size: u64) -> Vec<Self::Instance>;
}

/// The values one constrained quantity of an input format takes in an instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// The quantity as the statement names it, e.g. `"p"` or `"total n"`.
    pub name: &'static str,
    /// The constraint: smallest and largest allowed value.
    pub allowed: (u64, u64),
    /// The smallest and largest value the instance has (`None` if the quantity is absent).
    pub seen: Option<(u64, u64)>,
}

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
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judgement, JudgeFailure>;
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

    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judgement, JudgeFailure> {
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

/// Every problem of the catalog, in GAMES.md order.
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
