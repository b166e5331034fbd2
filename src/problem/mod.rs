//! The problems of the catalog: one file per problem behind the [`Problem`] trait.
//!
//! A problem is a set of pure functions over typed values; [`crate::catalog`] wraps them into
//! byte-level operations so that the command line, the judge and the stress tester can handle
//! any problem by name.

pub mod bounded_nim;
mod common;
mod enumerate;
pub mod misere_nim;
pub mod misere_subtraction;
pub mod nim;
pub mod octal;
pub mod rows;
pub mod stripes;
pub mod subtraction;
pub mod wythoff;

use std::fmt::Debug;

pub use crate::text::{ParseError, StrictReader};

use crate::game::brute::TooLarge;
use crate::gen::{Gen, ParamError, Params};
use crate::text::{Malformed, TokenReader};

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
