//! Stress testing: search for an input on which a program fails, then shrink it.
//!
//! One path for every format: the problem is read into the model ([`crate::model`]), and
//! [`request`] chooses from it where the cases come from, what answers them and what judges
//! the program, under the limits [`crate::judging::CaseLimits`] resolves.
//!
//! A search numbers its cases 0, 1, 2, … and takes them from one of the sources of
//! [`cases`]: the problem's own generator with its modes mixed (so that the extremes each
//! mode aims at come up, not only uniform draws), every instance up to a size (exhaustive
//! mode), a generator program given parameters and a seed, an external generator given the
//! case's seed, or the inputs a generator of whole test sets made (sinol-make's ingen). Each
//! case runs the program once under the judge's limits and is judged ([`oracle`]). Cases run
//! on several threads, but the failure reported is always the lowest-numbered one
//! ([`search`]), so a seed names the same failure on every machine. A failure is then shrunk
//! ([`shrink`]) with the problem's own candidates (fewer boards, heaps or queries, smaller
//! numbers; smaller generator calls; shorter inputs of the same test set) while it keeps
//! failing the same way, down to a locally minimal case.
//!
//! For a catalog problem the reference answer is computed in-process, so a case costs exactly
//! one process start: the program's.

pub mod cases;
pub mod oracle;
pub mod report;
pub mod request;
pub mod run;
pub mod search;
pub mod shrink;

pub use cases::{
    Cases, Census, Coverage, ExhaustiveCases, ExternalCases, MadeCases, Origin, ProgramCases,
    RandomCases, StressCase,
};
pub use oracle::{ModelOracle, Oracle, ProblemOracle, Reference, Tokens, Trial};
pub use search::{search, Budget, Failure, Search};
pub use shrink::{descend, shrink, smaller_texts, Shrunk};
