//! The problems of the catalog: one file per problem behind the per-case [`TypedProblem`] trait,
//! and the list-level glue ([`list`]) written once for all of them.
//!
//! A problem is a header (what all cases share: Stripes' three lengths, or nothing), a list of
//! cases and one answer per case. A problem file says how one case is read, written, solved,
//! brute-forced, judged, generated, shrunk and enumerated, in the game's terms; [`list`] does
//! the rest: the count and the cases, totals over all cases, writing answers, reading them
//! leniently, naming the first wrong case, shrinking the list before the cases. Each
//! constraint of a format is written once, as data ([`mod@format`]). [`crate::catalog`] wraps a
//! problem into byte-level operations so that the command line, the judge and the stress tester
//! can handle any problem by name.

pub mod answer;
pub mod bounded_nim;
pub mod enumerate;
pub mod format;
pub mod list;
pub mod misere_nim;
pub mod misere_subtraction;
pub mod nim;
pub mod nim_play;
pub mod octal;
pub mod play;
pub mod rows;
pub mod shrink;
mod size;
pub mod stripes;
pub mod stripes_play;
pub mod subtraction;
pub mod wythoff;

use std::fmt::Debug;

pub use crate::text::{ParseError, StrictReader};
pub use answer::{Answer, At, Mismatch, Outcomes, Ruling, Winner};
pub use format::{Constraint, InputFormat, Int, Listing, Reach, Reader, Total};

use crate::game::brute::{Solvers, TooLarge};
use crate::gen::{Gen, ParamError, Params};

/// What a Kattis package of a problem needs that the catalog's export tables give by name:
/// a problem outside them (a declared game) says it itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KattisHints {
    /// The checktestdata input validator, its bounds written `{NAME}` as in the catalog's
    /// templates.
    pub checktestdata: String,
    pub answers: KattisAnswers,
}

/// How a Kattis package judges a problem's answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KattisAnswers {
    /// Unique: compared token by token (default validation).
    Unique,
    /// Any of several is right, as the output validator of this catalog problem judges.
    JudgedLike(&'static str),
    /// Any of several is right, and no output validator can judge them: why.
    NoValidator(String),
    /// Interactive, played under rules that only take stones: the package's interactor plays
    /// these rules (a declared game's `play` format).
    Plays(TakeRules),
}

/// A game whose every move takes stones from one heap without splitting it, as an interactor
/// plays it: what it may take, how a position is decided, and how large a heap gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeRules {
    /// The rules in a few words for the interactor's reader: `subtraction:1,3,4, normal play`.
    pub about: String,
    /// Every `k` that some move takes, at most `max_heap`, smallest first, with its octal
    /// digit: bit 1, `k` may be taken from a heap of exactly `k` (emptying it); bit 2, from a
    /// larger heap (leaving a non-empty one).
    pub removals: Vec<(u64, u8)>,
    /// The largest heap of any position.
    pub max_heap: u64,
    pub decided_by: Decided,
}

/// How an interactor decides who wins a position of [`TakeRules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decided {
    /// Normal play: the xor of the heaps' Grundy values, from a table up to `max_heap`.
    Grundy,
    /// Misère Nim: Bouton's rule.
    Bouton,
    /// Misère play of positions small enough to search every position reachable (one heap,
    /// or few stones): whoever cannot move wins.
    MisereSearch,
}

/// A whole input: the header and the cases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance<H, C> {
    pub header: H,
    pub cases: Vec<C>,
}

/// A problem's [`Instance`].
pub type InstanceOf<P> = Instance<<P as TypedProblem>::Header, <P as TypedProblem>::Case>;

/// Every one-case instance of a size, as `(header, case)` pairs (see [`TypedProblem::enumerate`]).
pub type Enumeration<'a, P> =
    Box<dyn Iterator<Item = (<P as TypedProblem>::Header, <P as TypedProblem>::Case)> + Send + 'a>;

/// One problem, case by case. The methods take `&self` so that a problem can be made of data
/// read at run time (a declared game with its ruleset and bounds) as well as a unit struct. Its
/// name and title are the catalog's ([`crate::catalog::Registered`]).
pub trait TypedProblem: Send + Sync + 'static {
    /// What every case shares, read before the cases; `()` for most problems.
    type Header: Clone + Debug + Default + PartialEq + Send + Sync;
    /// One case: a board, a game, a line.
    type Case: Clone + Debug + PartialEq + Send + Sync;
    /// The answer to one case (the reference's or a contestant's).
    type Answer: Answer<Self::Case>;

    /// The input format: every constraint, how the cases are listed, what a case is called.
    fn format(&self) -> InputFormat;
    /// The problem's own words for its answers (`1`/`2`, `John`/`Brother`); the default is
    /// the commonest spelling (`first`/`second`).
    fn words(&self) -> <Self::Answer as Answer<Self::Case>>::Words {
        Default::default()
    }

    /// What a Kattis export needs beyond the catalog's tables; the default: the tables, by
    /// the problem's name.
    fn kattis(&self) -> Option<KattisHints> {
        None
    }

    /// Reads the header, strictly; the default: there is none.
    fn read_header(&self, _input: &mut Reader<'_>) -> Result<Self::Header, ParseError> {
        Ok(Self::Header::default())
    }
    /// Writes the header in the exact input format; the default: there is none.
    fn write_header(&self, _header: &Self::Header, _out: &mut String) {}
    /// Reads one case, strictly, or says where and why it is malformed.
    fn read_case(
        &self,
        header: &Self::Header,
        input: &mut Reader<'_>,
    ) -> Result<Self::Case, ParseError>;
    /// Writes one case in the exact input format (it reads back to the same case).
    fn write_case(&self, header: &Self::Header, case: &Self::Case, out: &mut String);

    /// The reference solver: fast at the full constraints.
    fn solve(&self, header: &Self::Header, case: &Self::Case) -> Self::Answer;
    /// The reference answers to all cases of an input at once, for a solver that shares work
    /// between cases (one Grundy table for every board); the same as [`TypedProblem::solve`] on
    /// each case.
    fn solve_all(&self, header: &Self::Header, cases: &[Self::Case]) -> Vec<Self::Answer> {
        cases.iter().map(|case| self.solve(header, case)).collect()
    }
    /// The brute-force solver: no Sprague–Grundy; refuses a case that is too large. `solvers`
    /// keeps the searches of one input, so that its cases share their memos.
    fn brute(
        &self,
        header: &Self::Header,
        case: &Self::Case,
        solvers: &mut Solvers,
    ) -> Result<Self::Answer, TooLarge>;
    /// Accepts `got` or explains, in the game's terms, why it is wrong
    /// ([`Outcomes::unless_equal`] where only the reference winner is right).
    fn judge(
        &self,
        header: &Self::Header,
        case: &Self::Case,
        reference: &Self::Answer,
        got: &Self::Answer,
    ) -> Ruling;

    /// A random instance from a seeded stream and named parameters. The modes aim at what
    /// wrong solutions get wrong, across cases as well as inside them.
    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError>;
    /// Smaller cases to try when shrinking a failing case, most promising first.
    fn shrink_case(&self, header: &Self::Header, case: &Self::Case) -> Vec<Self::Case>;
    /// Smaller headers to try, after shorter lists of cases and before smaller cases.
    fn shrink_header(&self, _header: &Self::Header) -> Vec<Self::Header> {
        Vec::new()
    }
    /// The size of a case when shrinking (the number of its heaps, say), to bound the memory
    /// the candidates take.
    fn weight(&self, _case: &Self::Case) -> usize {
        1
    }
    /// Every header and case whose numbers (counts included, the list's count excluded) sum
    /// to `size`, within the constraints, in a fixed order. Sizes `0, 1, 2, …` together
    /// enumerate every one-case instance, smallest first; each size has finitely many.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self>;
}
