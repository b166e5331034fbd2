//! The command line (clap derive): one struct per subcommand. DESIGN.md's command-line
//! contract is the source of truth for names; README.md shows them to users.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Reference solvers, brute force, generators, validators, checkers and a judge for
/// impartial stone-taking games (POI 2000 "Stripes" and its variants).
#[derive(Debug, Parser)]
#[command(name = "stonejudge", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the problems of the catalog.
    List,
    /// Print the reference answer to an input.
    Solve(SolveArgs),
    /// Print the brute-force answer to an input (refuses large inputs).
    Brute(SolveArgs),
    /// Print Grundy values G(0..=N) of a heap ruleset.
    Grundy(GrundyArgs),
    /// Print one generated input.
    Gen(GenArgs),
    /// Check input files against the problem's format, strictly.
    Validate(ValidateArgs),
}

/// `solve` and `brute`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Problem name (see `stonejudge list`).
    pub problem: String,
    /// Input file; standard input when absent.
    pub input: Option<PathBuf>,
}

/// `grundy`.
#[derive(Debug, Args)]
pub struct GrundyArgs {
    /// nim | bounded:M | subtraction:S1,S2,.. | octal:0.D1D2.. | stripes:A,B,C
    pub ruleset: String,
    /// Compute G(0) through G(N).
    #[arg(long, value_name = "N")]
    pub upto: u64,
    /// Also prove a period with the Guy–Smith theorem, or say that none is proven; stops
    /// computing once one is proven (the remaining values follow from the proof).
    #[arg(long)]
    pub period: bool,
    /// auto | plain | rare-common | quadratic: how to compute the values (auto: rare/common,
    /// handing over to quadratic when rare positions stop being rare).
    #[arg(long, value_name = "ENGINE", default_value = "auto",
          value_parser = clap::builder::PossibleValuesParser::new(
              stonejudge::game::engine::Engine::NAMES))]
    pub engine: String,
    /// Threads for the quadratic engine [default: the number of cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

/// `gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// Problem name.
    pub problem: String,
    /// Seed of the random stream; the same seed prints the same bytes on every machine.
    #[arg(long)]
    pub seed: u64,
    /// Generator parameter KEY=VALUE (repeatable).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
}

/// `validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Problem name.
    pub problem: String,
    /// Input files; standard input when none.
    pub files: Vec<PathBuf>,
}
