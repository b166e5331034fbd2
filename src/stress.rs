//! Stress testing: search for an input on which a program fails, then shrink it.
//!
//! A search numbers its cases 0, 1, 2, … and takes them from one of three sources
//! ([`cases`]): the problem's own generator with its modes mixed (so that the extremes each
//! mode aims at come up, not only uniform draws), every instance up to a size (exhaustive
//! mode), or an external generator given the case's seed. Each case runs the program once
//! under the judge's limits and is judged ([`oracle`]). Cases run on several threads, but the
//! failure reported is always the lowest-numbered one ([`search`]), so a seed names the same
//! failure on every machine. A failure is then shrunk ([`shrink`]) with the problem's own
//! candidates (fewer boards, heaps or queries, smaller numbers) while it keeps failing the
//! same way, down to a locally minimal case.
//!
//! For a catalog problem the reference answer is computed in-process, so a case costs exactly
//! one process start: the program's. A program-backed problem's cases come from its generator
//! program (its parameters and seed name a case), its reference program answers them, and a
//! failure is shrunk by asking the generator for smaller inputs.

pub mod cases;
pub mod oracle;
pub mod report;
pub mod run;
pub mod search;
pub mod shrink;

pub use cases::{
    Case, Cases, Census, Coverage, ExhaustiveCases, ExternalCases, Origin, ProgramCases,
    RandomCases,
};
pub use oracle::{
    ExternalOracle, Oracle, PlayedOracle, ProblemOracle, SinolPlayedOracle, Tokens, Trial,
};
pub use search::{search, Budget, Failure, Search};
pub use shrink::{descend, shrink, Shrunk};
