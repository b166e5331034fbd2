//! The command line (clap derive): one struct per subcommand, and the flags several share
//! ([`ArchiveArg`], [`JobsArg`], [`LimitArgs`]) so that they mean the same everywhere. The
//! command-line contract in docs/design.md §6 is the source of truth for names; README.md
//! shows them to users.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

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
    /// Judge one output against the answer file, speaking a checker protocol (testlib by
    /// default, or the Kattis/ICPC output validator's with --kattis).
    #[command(
        override_usage = "stonejudge check <PROBLEM> <INPUT> <OUTPUT> <ANSWER> [REPORT]\n       \
                                stonejudge check --kattis <PROBLEM> <INPUT> <ANSWER> <FEEDBACK_DIR> [FLAGS]... < OUTPUT"
    )]
    Check(CheckArgs),
    /// (Re)write testdata/ from the test plans in problems/; --check: compare only.
    Testdata(TestdataArgs),
    /// Search for a small input on which a program fails: random or exhaustive cases, each
    /// judged against the reference; the first failure is shrunk to a locally minimal case.
    #[command(
        override_usage = "stonejudge stress <PROBLEM> [OPTIONS] -- <PROGRAM|SOURCE> [ARGS]...\n       \
                                stonejudge stress --gen <CMD> --ref <CMD> [OPTIONS] -- <PROGRAM|SOURCE> [ARGS]..."
    )]
    Stress(Box<StressArgs>),
    /// Verify the whole archive for CI: manifests, statements, test data, validators, brute
    /// force against the reference, example solutions against their folders' verdicts.
    Verify(VerifyArgs),
    /// Write a problem as another system's package (kattis: the ICPC problem package that
    /// Kattis problemtools' verifyproblem checks).
    Export(ExportArgs),
    /// Run a program on every test of a problem under limits and judge each output.
    Judge(JudgeArgs),
    /// Scaffold a problem folder: problems/NAME/problem.toml and statement.md. With --game, a
    /// declared game problem: stonejudge derives everything else from the ruleset, format and
    /// bounds (then run `stonejudge testdata NAME`).
    New(NewArgs),
}

/// `new NAME --game RULESET [--format F] [--play misere] [bounds]`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The problem's name: its folder problems/NAME (lowercase letters, digits, '-').
    pub name: String,
    /// The ruleset, as `grundy` takes it: nim, bounded:M, subtraction:S1,S2,..,
    /// octal:0.D1D2.., stripes:L1,L2,...
    #[arg(long, value_name = "RULESET")]
    pub game: Option<String>,
    /// boards (one heap per line, answers 1/2), cases (first/second) or move (a winning move).
    #[arg(long, value_name = "F", default_value = "cases")]
    pub format: String,
    /// normal (who cannot move loses) or misere (who cannot move wins).
    #[arg(long, value_name = "PLAY", default_value = "normal")]
    pub play: String,
    /// The largest heap ([game] max_heap).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_heap: u64,
    /// Heaps per case; boards: the number of boards ([game] max_heaps).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub max_heaps: u64,
    /// Cases per input, cases and move formats ([game] max_cases).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub max_cases: u64,
    /// Heaps over all cases, cases and move formats ([game] max_total; optional).
    #[arg(long, value_name = "N")]
    pub max_total: Option<u64>,
    /// The title; by default one made from the ruleset.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    #[command(flatten)]
    pub archive: ArchiveArg,
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
    /// nim | bounded:M | subtraction:S1,S2,.. | octal:0.D1D2.. | stripes:L1,L2,..
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

/// `check`. Everything after the flag is taken as plain arguments and checked by the command,
/// so that a misconfigured call reports the judge's failure in the protocol's own terms (FAIL,
/// exit 3; a Kattis judge error, exit 1) instead of clap's exit 2, which testlib reads as PE.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Speak the Kattis/ICPC output-validator protocol: output on standard input, exit 42
    /// accepted, 43 wrong answer, judgemessage.txt in FEEDBACK_DIR. FLAGS are the problem's
    /// validator_flags: space_change_sensitive (whitespace must match the answer file),
    /// case_sensitive (always so), float_tolerance X and relatives (no effect).
    #[arg(long)]
    pub kattis: bool,
    /// testlib: PROBLEM INPUT OUTPUT ANSWER [REPORT] (REPORT gets a copy of the message).
    /// Exit 0 ok, 1 wrong answer, 2 wrong output format, 3 FAIL (the jury's files are
    /// broken); the message goes to standard error.
    #[arg(
        value_name = "ARGS",
        allow_hyphen_values = true,
        trailing_var_arg = true
    )]
    pub args: Vec<std::ffi::OsString>,
}

/// `--root`: where problems are looked up, on every command that reads an archive.
#[derive(Debug, Args)]
pub struct ArchiveArg {
    /// The archive: the directory holding problems/ and testdata/.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub root: PathBuf,
}

/// `-j/--jobs`: how much runs at a time, on every command that runs things in parallel.
#[derive(Debug, Args)]
pub struct JobsArg {
    /// Run J at a time [default: the number of cores]. Each command says what it runs.
    #[arg(long, short = 'j', value_name = "J",
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: Option<u16>,
}

impl JobsArg {
    pub fn count(&self) -> usize {
        self.jobs
            .map_or_else(stonejudge::parallel::cores, usize::from)
    }
}

/// The limits of each run of a program, on the commands that judge one.
#[derive(Debug, Args)]
pub struct LimitArgs {
    /// CPU time limit per run, in seconds [default: the problem's, from [limits] of
    /// problems/<PROBLEM>/problem.toml under --root; else 1]. The wall-clock limit is twice
    /// this plus one second.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Memory limit per run, in MiB: the address space, and the stack [default: the
    /// problem's; else 256].
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub memory_limit: Option<u64>,
}

impl LimitArgs {
    pub fn flags(&self) -> stonejudge::archive::LimitFlags {
        stonejudge::archive::LimitFlags {
            time: self.time_limit,
            memory_mib: self.memory_limit,
        }
    }
}

/// `testdata`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help("Generate J tests at a time [default: the number of cores]")))]
pub struct TestdataArgs {
    /// Regenerate in memory and list every file of testdata/ that differs; write nothing.
    #[arg(long)]
    pub check: bool,
    #[command(flatten)]
    pub archive: ArchiveArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Problems to process; every problem of the catalog when none.
    pub problems: Vec<String>,
}

/// `stress`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help("Run J cases at a time [default: the number of cores]")))]
pub struct StressArgs {
    /// Problem name; omit it with --gen and --ref.
    #[arg(required_unless_present = "gen", conflicts_with = "gen")]
    pub problem: Option<String>,
    /// Seed of case 0; case i uses seed S + i.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Stop after N cases if nothing fails [default: 1000; with --exhaustive and no --bound,
    /// the bound is the largest size whose instances (with all smaller ones) number at most N,
    /// default 10000].
    #[arg(long, value_name = "N", conflicts_with = "duration",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub cases: Option<u64>,
    /// Stop after this many seconds if nothing fails.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub duration: Option<Duration>,
    /// Every instance up to a size, smallest first, instead of random cases (the size of a
    /// one-case instance is the sum of the numbers in its input).
    #[arg(long, conflicts_with_all = ["gen", "duration"])]
    pub exhaustive: bool,
    /// With --exhaustive: the largest size.
    #[arg(long, value_name = "SIZE", requires = "exhaustive")]
    pub bound: Option<u64>,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Generator parameter KEY=VALUE (repeatable). Unless `mode` is given, the generator's
    /// modes take turns.
    #[arg(long = "param", value_name = "KEY=VALUE", conflicts_with_all = ["gen", "exhaustive"])]
    pub params: Vec<String>,
    /// Generic mode: a generator command (a program or source, with arguments) that prints one
    /// input and gets the case's seed as its last argument.
    #[arg(long = "gen", value_name = "CMD", requires = "reference")]
    pub gen: Option<String>,
    /// Generic mode: the reference solution (a program or source, with arguments); outputs
    /// are compared token by token. No shrinking in this mode.
    #[arg(long = "ref", value_name = "CMD", requires = "gen")]
    pub reference: Option<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub archive: ArchiveArg,
    /// Where to save the failing case (and FILE with .ans for its answer)
    /// [default: stress-<PROBLEM>.in].
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// The program under test (an executable, or a .cpp/.c/.rs/.py source) and its arguments.
    #[arg(last = true, required = true, value_name = "PROGRAM|SOURCE")]
    pub program: Vec<std::ffi::OsString>,
}

/// `verify`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help(
    "Build and check J tests at a time [default: the number of cores]; example solutions \
     always run one test at a time, so that their timings hold")))]
pub struct VerifyArgs {
    /// Verify only part K of N (1 <= K <= N): items are taken in turn, so the N parts
    /// together cover every item exactly once (for CI matrices).
    #[arg(long, value_name = "K/N")]
    pub partition: Option<stonejudge::archive::verify::Partition>,
    /// Also write every item's checks to FILE, as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    #[command(flatten)]
    pub archive: ArchiveArg,
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// `export`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help("Generate J tests at a time [default: the number of cores]")))]
pub struct ExportArgs {
    /// Problem name.
    pub problem: String,
    /// The package format: kattis.
    #[arg(long, value_name = "FORMAT")]
    pub format: stonejudge::archive::export::Format,
    /// The package directory to create (it must not exist or be empty).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    #[command(flatten)]
    pub archive: ArchiveArg,
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// `judge`.
#[derive(Debug, Args)]
#[command(after_long_help = JUDGE_AFTER_HELP,
          mut_arg("jobs", |a| a.help("Run J tests at a time [default: the number of cores]")))]
pub struct JudgeArgs {
    /// Problem name.
    pub problem: String,
    /// Directory of the tests: NN.in with its answer NN.ans, run in name order
    /// [default: testdata/<PROBLEM> under --root].
    #[arg(long, value_name = "DIR")]
    pub tests: Option<PathBuf>,
    /// Judge only this test (its name without .in); repeatable.
    #[arg(long = "test", value_name = "NAME")]
    pub only: Vec<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub archive: ArchiveArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Also write every test's verdict, time, memory, message and a command reproducing it to
    /// FILE, as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// The program and its arguments: an executable, or a source compiled (once, cached) by
    /// its extension: .cpp/.cc/.cxx (g++ -O2 -std=c++17), .c (gcc -O2), .rs (rustc -O),
    /// .py (python3).
    #[arg(last = true, required = true, value_name = "PROGRAM|SOURCE")]
    pub command: Vec<OsString>,
}

const JUDGE_AFTER_HELP: &str = "\
Parallel tests (-j) are faster, but they share the cores, caches and memory bandwidth, so every
run gets slower and a program near the time limit may flip between AC and TLE: give -j 1 when
the times matter. Each job may hold up to 64 MiB of output in memory.

Verdicts: AC, WA, PE (from the problem's checker), TLE, MLE, OLE (over 64 MiB of output), RE,
CE, JE (judge error: a broken test or a missing compiler). When several apply, the first of
JE, TLE, MLE, OLE, RE, then the checker's, is reported.

Exit status: 0 if every test is AC, 1 if some is not, 2 on a usage or environment error or a
judge error.

Time is CPU time (user + system, all threads). Each program runs in its own process group,
which is killed at a limit and when the program ends. Compiled programs are cached in
$STONEJUDGE_CACHE, else $XDG_CACHE_HOME/stonejudge, else ~/.cache/stonejudge.";

/// A positive number of seconds, such as `1` or `0.5`.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("expected a positive number of seconds, found {text:?}"))
}
