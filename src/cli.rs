//! The command line (clap derive): one struct per subcommand, and the flags several share
//! ([`ArchiveArg`], [`JobsArg`], [`LimitArgs`]) so that they mean the same everywhere. The
//! command-line contract in docs/design.md §6 is the source of truth for names;
//! docs/commands.md shows them to users (tests/suite/command_reference.rs keeps it in step).

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::builder::TypedValueParser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

/// Reference solvers, brute force, generators, validators, checkers and a judge for
/// impartial stone-taking games (POI 2000 "Stripes" and its variants).
#[derive(Debug, Parser)]
#[command(name = "stonejudge", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// Parses the command line, adding what clap cannot know: `gen --help` lists the
    /// generator parameters (of the PROBLEM on the line, else of every problem), and a
    /// program given without `--` on `judge` or `stress` gets a tip saying where it belongs.
    /// Exits on a usage error (2) and after `--help` (0).
    pub fn parse_args() -> Cli {
        let words: Vec<OsString> = std::env::args_os().collect();
        let mut command = Cli::command();
        if asks_for_gen_help(&words) {
            let parameters = gen_parameters(&words);
            command = command.mut_subcommand("gen", |gen| gen.after_long_help(parameters));
        }
        let mut error = match command
            .try_get_matches_from(&words)
            .and_then(|matches| Cli::from_arg_matches(&matches))
        {
            Ok(cli) => return cli,
            Err(error) => error,
        };
        let runs_a_program = matches!(
            words.get(1).and_then(|w| w.to_str()),
            Some("judge" | "stress")
        );
        if let Some(program) = program_out_of_place(&error).filter(|_| runs_a_program) {
            let before: Vec<String> = (words.iter().skip(1))
                .map(|w| w.to_string_lossy().into_owned())
                .filter(|w| *w != program)
                .collect();
            error.insert(
                ContextKind::Suggested,
                ContextValue::StyledStrs(vec![format!(
                    "put the program and its arguments after `--`: stonejudge {} -- {program}",
                    before.join(" ")
                )
                .into()]),
            );
        }
        error.exit()
    }
}

/// The program of `judge` or `stress` when clap's `error` is about it: a word that is not a
/// flag where no more words belong (the program without `--`), or no program at all (then
/// `PROGRAM`).
fn program_out_of_place(error: &clap::Error) -> Option<String> {
    match (error.kind(), error.get(ContextKind::InvalidArg)) {
        (ErrorKind::UnknownArgument, Some(ContextValue::String(word))) => {
            (!word.starts_with('-')).then(|| word.clone())
        }
        (ErrorKind::MissingRequiredArgument, Some(ContextValue::Strings(missing))) => missing
            .iter()
            .any(|m| m.contains("PROGRAM"))
            .then(|| "PROGRAM".to_string()),
        _ => None,
    }
}

/// `stonejudge gen … --help` or `stonejudge help gen`.
fn asks_for_gen_help(words: &[OsString]) -> bool {
    let is = |i: usize, word: &str| words.get(i).is_some_and(|w| w == word);
    (is(1, "gen") && words.iter().any(|w| w == "--help" || w == "-h"))
        || (is(1, "help") && is(2, "gen"))
}

/// The generator parameters of the problem named after `gen` on the command line, or of
/// every problem of the catalog when none is.
fn gen_parameters(words: &[OsString]) -> String {
    let named: Vec<&'static dyn stonejudge::catalog::DynProblem> = stonejudge::catalog::CATALOG
        .iter()
        .copied()
        .filter(|p| words.iter().skip(2).any(|w| w == p.name()))
        .collect();
    let problems = if named.is_empty() {
        stonejudge::catalog::CATALOG.to_vec()
    } else {
        named
    };
    let mut text = format!("{GEN_EXAMPLES}\n\nGenerator parameters (--param KEY=VALUE):");
    for problem in problems {
        text.push_str(&format!("\n  {}:", problem.name()));
        for (key, values) in stonejudge::catalog::parameters(problem) {
            text.push_str(&format!("\n    {key:<10} {values}"));
        }
    }
    text
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the problems compiled into stonejudge (the catalog); an archive's problems/ holds
    /// any of them, and problems of its own (program-backed, or declared games).
    #[command(after_help = "Example:\n  stonejudge list")]
    List,
    /// Print the reference answer to an input.
    #[command(
        after_help = "Examples:\n  stonejudge solve stripes testdata/stripes/01.in\n  \
                            stonejudge gen stripes --seed 7 | stonejudge solve stripes -"
    )]
    Solve(SolveArgs),
    /// Print the brute-force answer to an input (refuses inputs too large for it).
    #[command(after_help = "Example:\n  stonejudge brute stripes testdata/stripes/02.in")]
    Brute(SolveArgs),
    /// Print Grundy values G(0..=N) of a heap ruleset (-j: threads computing them).
    #[command(
        after_help = "Examples:\n  stonejudge grundy octal:0.07 --upto 100\n  \
                            stonejudge grundy octal:0.137 --upto 100000000 --period"
    )]
    Grundy(GrundyArgs),
    /// Print one generated input.
    #[command(after_help = GEN_EXAMPLES)]
    Gen(GenArgs),
    /// Check input files against the problem's format, strictly.
    #[command(
        after_help = "Examples:\n  stonejudge validate stripes testdata/stripes/*.in\n  \
                            stonejudge gen nim --seed 3 | stonejudge validate nim"
    )]
    Validate(ValidateArgs),
    /// Check one input against a checktestdata script (.ctd) with stonejudge's own engine:
    /// exit 0 valid, 1 invalid (the input's line:col), 2 a broken script (its line:col).
    #[command(
        after_help = "Examples:\n  stonejudge checktestdata input_validators/format.ctd data/secret/01.in\n  \
                            stonejudge gen nim --seed 3 | stonejudge checktestdata nim.ctd"
    )]
    Checktestdata(ChecktestdataArgs),
    /// Judge one output against the answer file, speaking a checker protocol (testlib by
    /// default, or the Kattis/ICPC output validator's with --kattis).
    #[command(
        override_usage = "stonejudge check <PROBLEM> <INPUT> <OUTPUT> <ANSWER> [REPORT]\n       \
                                stonejudge check --kattis <PROBLEM> <INPUT> <ANSWER> <FEEDBACK_DIR> [FLAGS]... < OUTPUT",
        after_help = "Examples:\n  stonejudge check stripes 01.in out.txt 01.ans\n  \
                      stonejudge check --kattis stripes 01.in 01.ans feedback/ < out.txt"
    )]
    Check(CheckArgs),
    /// (Re)write testdata/<NAME>/ from the test plan of each problem of the archive
    /// (problems/<NAME>/: of the catalog, program-backed or a declared game), warning about
    /// each constraint bound the tests never reach; --check: compare only, and fail on such a
    /// bound unless [unreached] in problem.toml gives the reason.
    #[command(
        after_help = "Examples:\n  stonejudge testdata stripes\n  stonejudge testdata --check"
    )]
    Testdata(TestdataArgs),
    /// Search for a small input on which a program fails: random or exhaustive cases, each
    /// judged against the reference; the first failure is shrunk to a locally minimal case.
    #[command(
        override_usage = "stonejudge stress <PROBLEM> [OPTIONS] -- <PROGRAM|SOURCE> [ARGS]...\n       \
                                stonejudge stress --gen <CMD> --ref <CMD> [OPTIONS] -- <PROGRAM|SOURCE> [ARGS]...",
        after_help = "Examples:\n  stonejudge stress stripes --duration 60 -- ./good.cpp\n  \
                      stonejudge stress stripes --exhaustive --bound 20 -- ./good.cpp\n  \
                      stonejudge stress --gen gen.py --ref slow.py --cases 500 -- ./fast.cpp\n\n\
                      Ctrl-C stops a run: what ran and the seeds are printed, and the exit \
                      status is 130."
    )]
    Stress(Box<StressArgs>),
    /// Verify archives, problems and Kattis packages for CI: manifests, statements, test data,
    /// validators, brute force against the reference, example solutions and submissions
    /// against their folders' verdicts (on a scored problem: against their expected scores in
    /// [expect], or in a Kattis scoring package's submissions.yaml, or graded as verifyproblem
    /// grades legacy and 2023-07 ones (grading:, grader_flags, graders/), with a table of
    /// points by group).
    #[command(
        after_help = "Examples:\n  stonejudge verify\n  stonejudge verify --partition 2/4 --json verify-2.json\n\n\
                            Ctrl-C stops after the item that runs: the items done are summed up, \
                            and the exit status is 130."
    )]
    Verify(VerifyArgs),
    /// Write a problem as another system's package (kattis: the ICPC problem package that
    /// Kattis problemtools' verifyproblem checks, a scored problem as a 2025-09 scoring
    /// package; sinol: a sinol-make package).
    #[command(
        after_help = "Example:\n  stonejudge export stripes --format kattis --out build/stripes"
    )]
    Export(ExportArgs),
    /// Print how stonejudge reads a problem, whatever its format (problem.toml, a Kattis
    /// package legacy / 2023-07 / 2025-09, a sinol-make package, a Polygon package): limits
    /// with their overrides,
    /// groups with points and arguments, cases by kind, programs by role, submissions with
    /// what each must get and where that is said, scoring, warnings, what is not supported.
    #[command(after_help = "Examples:\n  stonejudge describe stripes\n  \
                            stonejudge describe path/to/package --json")]
    Describe(DescribeArgs),
    /// Run a program on every test of a problem under limits and judge each output; on a
    /// scored problem ([[group]] points, a Kattis 2025-09 scoring package, a sinol-make
    /// package), also its points per group and its total, and exit 0 only for every point.
    Judge(JudgeArgs),
    /// Make a new problem folder, problems/<NAME>. Without --game: a program-backed problem
    /// from a template (a small game with generator, validator, reference, brute force and a
    /// wrong solution, in C++ and Python) on which testdata and verify pass at once. With
    /// --interactive: an interactive program-backed problem (guess a number within a question
    /// limit: interactor, generator, validator, reference in C++ and Python, a wrong solution
    /// that asks too many questions), passing at once too. With --game: a declared game
    /// problem (problem.toml and statement.md), from whose ruleset, format and bounds
    /// stonejudge derives everything else.
    #[command(after_help = "Examples:\n  stonejudge new take-2\n  \
                            stonejudge new guess --interactive\n  \
                            stonejudge new take-134 --game subtraction:1,3,4 --format cases\n  \
                            stonejudge new last-loses --game subtraction:1,2 --play misere \
                            --max-heaps 1")]
    New(NewArgs),
    /// Be the judge of an interactive problem for another system: play the test INPUT with
    /// the program on standard input and output, speaking the Kattis interactive
    /// output-validator protocol (exit 42 accepted, 43 wrong answer, the reason in
    /// FEEDBACK_DIR/judgemessage.txt).
    #[command(
        override_usage = "stonejudge interact <PROBLEM> <INPUT> [ANSWER] [FEEDBACK_DIR] [FLAGS]... < PROGRAM_OUTPUT > PROGRAM_INPUT"
    )]
    Interact(InteractArgs),
}

/// `interact`.
#[derive(Debug, Args)]
pub struct InteractArgs {
    /// An interactive problem (see `stonejudge list`).
    pub problem: String,
    /// The test's input file (the judge's: the setup and its seed).
    pub input: PathBuf,
    /// The answer file (unused: the judge knows who wins), as Kattis passes it.
    pub answer: Option<PathBuf>,
    /// Where judgemessage.txt is written; without it the message goes to standard error.
    pub feedback_dir: Option<PathBuf>,
    /// Validator flags Kattis may pass (none has an effect).
    #[arg(allow_hyphen_values = true, trailing_var_arg = true, hide = true)]
    pub flags: Vec<OsString>,
}

/// `new NAME [--interactive | --game RULESET [--format F] [--play misere] [bounds]]`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The problem's name: lowercase letters, digits and '-'; problems/<NAME> must not exist.
    pub name: String,
    /// An interactive problem: every program plays against an interactor (interact.cpp, the
    /// Kattis protocol; problem.toml may switch it to testlib's). See docs/interactive.md.
    #[arg(long, conflicts_with = "game")]
    pub interactive: bool,
    /// Declare a game instead: the ruleset, as `grundy` takes it (nim, bounded:M,
    /// subtraction:S1,S2,.., octal:0.D1D2.., stripes:L1,L2,..).
    #[arg(long, value_name = "RULESET")]
    pub game: Option<String>,
    /// With --game: boards (one heap per line, answers 1/2), cases (first/second), move (a
    /// winning move) or play (interactive: the program plays against the judge).
    #[arg(long, value_name = "F", default_value = "cases", requires = "game")]
    pub format: String,
    /// With --game: normal (who cannot move loses) or misere (who cannot move wins).
    #[arg(long, value_name = "PLAY", default_value = "normal", requires = "game")]
    pub play: String,
    /// With --game: the largest heap ([game] max_heap).
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "game")]
    pub max_heap: u64,
    /// With --game: heaps per case; boards: the number of boards ([game] max_heaps).
    #[arg(long, value_name = "N", default_value_t = 100, requires = "game")]
    pub max_heaps: u64,
    /// With --game: cases per input, cases and move formats ([game] max_cases).
    #[arg(long, value_name = "N", default_value_t = 100, requires = "game")]
    pub max_cases: u64,
    /// With --game: heaps over all cases, cases and move formats ([game] max_total; optional).
    #[arg(long, value_name = "N", requires = "game")]
    pub max_total: Option<u64>,
    /// With --game: the title; by default one made from the ruleset.
    #[arg(long, value_name = "TEXT", requires = "game")]
    pub title: Option<String>,
    #[command(flatten)]
    pub archive: ArchiveArg,
}

/// `solve` and `brute`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Problem: problems/<NAME> of the archive in the current directory (of the catalog,
    /// program-backed or a declared game), else NAME of the catalog (see `stonejudge list`);
    /// or the path of a problem folder.
    pub problem: String,
    /// Input file; standard input when absent or `-`.
    pub input: Option<PathBuf>,
}

/// `grundy`.
#[derive(Debug, Args)]
pub struct GrundyArgs {
    /// nim | bounded:M | subtraction:S1,S2,.. | octal:0.D1D2.. | stripes:L1,L2,..
    pub ruleset: String,
    /// Compute G(0) through G(N).
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = number(0, u64::MAX))]
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
    /// Say on standard error which engine computed the values (and where auto handed over
    /// from rare/common to quadratic), on how many threads, the split pairs examined and the
    /// time taken.
    #[arg(long, short = 'v')]
    pub verbose: bool,
    // -j: the threads computing the values (every engine but plain uses them all).
    #[command(flatten)]
    pub jobs: JobsArg,
    /// The former spelling of --jobs, still accepted.
    #[arg(long, value_name = "N", hide = true, conflicts_with = "jobs",
          allow_negative_numbers = true, value_parser = number(1, 256))]
    pub threads: Option<u64>,
}

impl GrundyArgs {
    /// The threads to use: --jobs, or --threads, or the number of cores.
    pub fn threads(&self) -> usize {
        self.threads
            .map_or_else(|| self.jobs.count(), |t| usize::try_from(t).unwrap_or(1))
    }
}

/// `gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// Problem: problems/<NAME> of the archive in the current directory (of the catalog,
    /// program-backed or a declared game), else NAME of the catalog (see `stonejudge list`);
    /// or the path of a problem folder.
    pub problem: String,
    /// Seed of the random stream; the same seed prints the same bytes on every machine.
    #[arg(long, allow_negative_numbers = true, value_parser = number(0, u64::MAX))]
    pub seed: u64,
    /// Generator parameter KEY=VALUE (repeatable).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
}

/// `validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Problem: problems/<NAME> of the archive in the current directory (of the catalog,
    /// program-backed or a declared game), else NAME of the catalog; or the path of a problem
    /// folder, or of a Kattis package (a folder holding problem.yaml), whose input validators
    /// then run (exit 42 is valid), or of a sinol-make package (config.yml and prog/), whose
    /// inwer then runs (exit 0 is valid; every input of in/ when no FILE is given).
    pub problem: String,
    /// Input files (`-`: standard input). When none is given: standard input for our problems;
    /// every input of a Kattis package's data/ (with its group's input_validator_flags), or of a
    /// sinol-make package's in/.
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub strict: StrictArg,
    #[command(flatten)]
    pub jury: JuryArg,
}

/// `checktestdata`.
#[derive(Debug, Args)]
pub struct ChecktestdataArgs {
    /// The checktestdata script.
    pub script: PathBuf,
    /// The input to check; standard input when absent or `-`.
    pub input: Option<PathBuf>,
    /// As DOMjudge's `--whitespace-ok`: SPACE takes any run of blanks (not newlines), and
    /// blanks are skipped around NEWLINE and at the start.
    #[arg(short = 'w', long)]
    pub whitespace_ok: bool,
    /// Stop after this many seconds (a WHILE can loop forever); exit 2.
    #[arg(long, value_name = "S", default_value = "60", allow_negative_numbers = true,
          value_parser = parse_seconds)]
    pub time_limit: Duration,
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

/// `--strict`: on every command that reads Kattis packages.
#[derive(Debug, Args)]
pub struct StrictArg {
    /// A key of a Kattis package (format 2025-09) that the specification does not know, or of
    /// a sinol-make package's config.yml that sinol-make does not know, is an error (exit 2),
    /// not a warning.
    #[arg(long)]
    pub strict: bool,
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
    #[arg(long, short = 'j', value_name = "J", allow_negative_numbers = true,
          value_parser = number(1, 256))]
    pub jobs: Option<u64>,
}

impl JobsArg {
    pub fn count(&self) -> usize {
        self.jobs.map_or_else(stonejudge::parallel::cores, |j| {
            usize::try_from(j).unwrap_or(1)
        })
    }
}

/// `--sandbox`: how programs are confined, on every command that runs them.
#[derive(Debug, Args)]
pub struct SandboxArg {
    /// How the programs run are confined: auto (every protection this system offers; what is
    /// missing is said once on standard error), strict (every protection, or exit 2), off
    /// (none). Protections: no network and no socket, no files but the system's, the
    /// program's own and a scratch directory, nothing else changed (a private read-only root;
    /// as root, a user of its own), files bounded by the output limit, processes contained and
    /// counted, no privileges and no new namespaces. Compilers are confined too: they read the
    /// system's directories, their toolchain and the source's own files, and write only a
    /// scratch directory. Where a memory cgroup can be made (auto and strict; strict runs
    /// without one), memory is limited by it and MLE means the limit was hit.
    #[arg(long, value_name = "MODE", default_value = "auto",
          value_parser = clap::builder::PossibleValuesParser::new(
              stonejudge::run::Sandbox::NAMES)
              .map(|name| name.parse::<stonejudge::run::Sandbox>().unwrap_or_default()))]
    pub sandbox: stonejudge::run::Sandbox,
}

/// `--jury-time-limit`: the limits of the jury's programs, on every command that runs them.
#[derive(Debug, Args)]
pub struct JuryArg {
    /// CPU time limit of one run of a jury program (a generator, an input or answer
    /// validator, a checker or output validator, an interactor, a reference solution), in
    /// seconds; the wall-clock limit is twice this. One that reaches it is a judge error that
    /// names it and the limit [default: a Kattis package's validation_time for its
    /// validators; else 30].
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = parse_seconds)]
    pub jury_time_limit: Option<Duration>,
}

impl JuryArg {
    pub fn limits(&self) -> stonejudge::run::JuryLimits {
        self.jury_time_limit
            .map(stonejudge::run::JuryLimits::given)
            .unwrap_or_default()
    }
}

/// The limits of the compilers, on the commands that compile the programs they judge.
#[derive(Debug, Args)]
pub struct CompileArgs {
    /// CPU time limit of one compile, in seconds; the wall-clock limit is twice this plus one
    /// second. A compiler that reaches it is CE, naming the limit [default: 60].
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = parse_seconds)]
    pub compile_time_limit: Option<Duration>,
    /// Memory limit of one compile (all of the compiler's processes), in MiB. A compiler that
    /// reaches it is CE, naming the limit [default: 2048].
    #[arg(long, value_name = "MIB", allow_negative_numbers = true,
          value_parser = number(1, 1 << 20))]
    pub compile_memory_limit: Option<u64>,
}

impl CompileArgs {
    pub fn limits(&self) -> stonejudge::run::CompileLimits {
        let default = stonejudge::run::CompileLimits::default();
        stonejudge::run::CompileLimits {
            cpu: self.compile_time_limit.unwrap_or(default.cpu),
            memory_bytes: self
                .compile_memory_limit
                .map_or(default.memory_bytes, |mib| mib << 20),
        }
    }
}

/// The limits of each run of a program, on the commands that judge one.
#[derive(Debug, Args)]
pub struct LimitArgs {
    /// CPU time limit per run, in seconds [default: the problem's, from [limits] of
    /// problems/<PROBLEM>/problem.toml under --root; else 1; a Kattis package's limits.time_limit,
    /// else derived from its accepted submissions, which run first]. The wall-clock limit is
    /// twice this plus one second.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Memory limit per run, in MiB: the address space, and the stack [default: the
    /// problem's; else 256; a Kattis package's limits.memory, else 1024].
    #[arg(long, value_name = "MIB", allow_negative_numbers = true,
          value_parser = number(1, 1 << 20))]
    pub memory_limit: Option<u64>,
}

impl LimitArgs {
    pub fn flags(&self) -> stonejudge::formats::LimitFlags {
        stonejudge::formats::LimitFlags {
            time: self.time_limit,
            memory_mib: self.memory_limit,
        }
    }
}

/// `testdata`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help("Generate J tests at a time [default: the number of cores]")))]
pub struct TestdataArgs {
    /// Regenerate in memory and list every file of testdata/ that differs; write nothing (a
    /// Kattis package's data/ is made again from generators.yaml, a sinol-make package's in/
    /// and out/ by ingen and the model solution; without --check a Kattis package's data/ is
    /// written from generators.yaml as bt generate writes it).
    #[arg(long)]
    pub check: bool,
    #[command(flatten)]
    pub sandbox: SandboxArg,
    #[command(flatten)]
    pub jury: JuryArg,
    #[command(flatten)]
    pub archive: ArchiveArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Problems to process (NAMEs of problems/ under --root, or paths of problem folders, or,
    /// with --check, of sinol-make packages: their ingen and model solution make in/ and out/
    /// again); every folder of problems/ when none.
    pub problems: Vec<String>,
}

/// `stress`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help("Run J cases at a time [default: the number of cores]")))]
pub struct StressArgs {
    /// Problem name; omit it with --gen and --ref, except for a Kattis package (the path of a
    /// folder holding problem.yaml), whose output validator then judges, or a sinol-make
    /// package (config.yml and prog/), whose checker then judges (without --gen and --ref, on
    /// the inputs its ingen makes, answered by its model solution), or a Polygon package
    /// (problem.xml: without --gen and --ref, on its tests, those its generators make
    /// included, answered by its main solution).
    #[arg(required_unless_present = "gen")]
    pub problem: Option<String>,
    /// Seed of case 0; case i uses seed S + i [default: a fresh seed from the operating
    /// system, printed with the results, so that every run tries new cases].
    #[arg(long, value_name = "S", conflicts_with = "exhaustive",
          allow_negative_numbers = true, value_parser = number(0, u64::MAX))]
    pub seed: Option<u64>,
    /// Stop after N cases if nothing fails [default: 1000]. With --exhaustive: the N smallest
    /// instances; without --bound, the bound is the largest size whose instances (with all
    /// smaller ones) number at most N [default 10000].
    #[arg(long, value_name = "N", conflicts_with = "duration",
          allow_negative_numbers = true, value_parser = number(1, u64::MAX))]
    pub cases: Option<u64>,
    /// Stop after this many seconds if nothing fails (with --exhaustive: the smallest
    /// instances first, counting them included).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true,
          value_parser = parse_seconds)]
    pub duration: Option<Duration>,
    /// Every instance up to a size, smallest first, instead of random cases (the size of a
    /// one-case instance is the sum of the numbers in its input). The instances per size are
    /// counted and printed first; a bound with more than a million instances needs --cases or
    /// --duration.
    #[arg(long, conflicts_with_all = ["gen"])]
    pub exhaustive: bool,
    /// With --exhaustive: the largest size.
    #[arg(long, value_name = "SIZE", requires = "exhaustive",
          allow_negative_numbers = true, value_parser = number(0, u64::MAX))]
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
    /// are compared token by token (against a Kattis package: judged by its output validator,
    /// and a source given alone is built with the package's include/ files). No shrinking
    /// without a problem; against a package with input validators, a failure is shrunk over
    /// its text, every smaller input one they accept.
    #[arg(long = "ref", value_name = "CMD", requires = "gen")]
    pub reference: Option<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub sandbox: SandboxArg,
    #[command(flatten)]
    pub jury: JuryArg,
    #[command(flatten)]
    pub compile: CompileArgs,
    #[command(flatten)]
    pub archive: ArchiveArg,
    /// Where to save the failing case (and FILE with .ans for its answer); checked before the
    /// run starts [default: .stonejudge/stress-<PROBLEM>.in, a directory git ignores].
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// The program under test (an executable, a source, or a directory of sources, in any
    /// language of `judge --help`'s list) and its arguments.
    #[arg(last = true, required = true, value_name = "PROGRAM|SOURCE")]
    pub program: Vec<std::ffi::OsString>,
}

/// `verify`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help(
    "Build and check J tests at a time [default: the number of cores]; example solutions \
     always run one test at a time, so that their timings hold")))]
pub struct VerifyArgs {
    /// What to verify: archives (folders holding problems/), problem folders
    /// (problems/<NAME>/), Kattis packages (folders holding problem.yaml) and sinol-make
    /// packages (config.yml and prog/: every solution's score against sinol_expected_scores),
    /// in any mix [default: the archive at --root].
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Verify only part K of N (1 <= K <= N): items are taken in turn, so the N parts
    /// together cover every item exactly once (for CI matrices).
    #[arg(long, value_name = "K/N")]
    pub partition: Option<stonejudge::verify::Partition>,
    /// CPU time a brute force program may take per test, in seconds: it runs on every test,
    /// and a test it does not finish in time is too large for it (not a failure, except in a
    /// group marked small = true) [default: 2].
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = parse_seconds)]
    pub brute_time_limit: Option<Duration>,
    /// Also write every item's checks to FILE, as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Also write the report to FILE as one self-contained HTML page: failures first, then
    /// per problem the solutions x tests table (verdict, time against the limit, memory),
    /// the closest margins and the totals per group. The same data as --json.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    #[command(flatten)]
    pub sandbox: SandboxArg,
    #[command(flatten)]
    pub jury: JuryArg,
    #[command(flatten)]
    pub compile: CompileArgs,
    #[command(flatten)]
    pub archive: ArchiveArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    #[command(flatten)]
    pub strict: StrictArg,
}

/// `export`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help("Generate J tests at a time [default: the number of cores]")))]
pub struct ExportArgs {
    /// Problem: problems/<NAME> under --root (of the catalog, program-backed or a declared
    /// game), else NAME of the catalog; or the path of a problem folder.
    pub problem: String,
    /// The package format: kattis (legacy; a scored problem: a 2025-09 scoring package with
    /// its groups' points and the expected scores in submissions.yaml), or sinol (a sinol-make
    /// package: tests in its naming, the groups sharing 100 points, ingen, inwer, the model
    /// and accepted solutions with their expected scores, the statements under doc/).
    #[arg(long, value_name = "FORMAT")]
    pub format: stonejudge::archive::export::ExportFormat,
    /// The sinol-make task id (three lowercase letters) [default: the first letters of the
    /// problem's name].
    #[arg(long, value_name = "ID")]
    pub task_id: Option<String>,
    /// The package directory to create (it must not exist or be empty).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// The time limit the package gets, in seconds, instead of the problem's own; a Kattis
    /// package's margins stay. A Kattis package whose limit is derived from its submissions
    /// needs one for sinol [default: the problem's].
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    #[command(flatten)]
    pub sandbox: SandboxArg,
    #[command(flatten)]
    pub jury: JuryArg,
    #[command(flatten)]
    pub archive: ArchiveArg,
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// `describe`.
#[derive(Debug, Args)]
pub struct DescribeArgs {
    /// Problem: problems/<NAME> under --root, else NAME of the catalog; or the path of a
    /// problem folder, a Kattis package (problem.yaml), a sinol-make package (config.yml and
    /// prog/) or a Polygon package (problem.xml).
    pub problem: String,
    /// Print the model as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub archive: ArchiveArg,
}

/// `judge`.
#[derive(Debug, Args)]
#[command(after_help = JUDGE_EXAMPLES, after_long_help = JUDGE_AFTER_HELP,
          mut_arg("jobs", |a| a.help("Run J tests at a time [default: the number of cores]")))]
pub struct JudgeArgs {
    /// Problem name, or the path of a Kattis package (a folder holding problem.yaml, legacy,
    /// 2023-07 or 2025-09 format): its data/ groups, output validator and limits are used as
    /// they are (in an interactive package the program plays against the output validator);
    /// or of a sinol-make package (config.yml and prog/): its in/ and out/, checker, limits
    /// per group and language, and each group's points and the total are printed.
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
    pub sandbox: SandboxArg,
    #[command(flatten)]
    pub jury: JuryArg,
    #[command(flatten)]
    pub compile: CompileArgs,
    #[command(flatten)]
    pub archive: ArchiveArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    #[command(flatten)]
    pub strict: StrictArg,
    /// Also write every test's verdict, time, memory, limits, message, the end of the
    /// program's standard error (when not AC) and a command reproducing it to FILE, as JSON;
    /// on a scored problem also each test's points_percent, and score, max_score and the
    /// groups' points, as verify --json.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// The program and its arguments: an executable, or a source (or a directory of sources)
    /// compiled once, cached, by its extension: .c (gcc), .cpp/.cc/.cxx (g++), .rs (rustc),
    /// .py (python3; pypy3 when its first line names it), .java (javac, java), .kt (kotlinc),
    /// .cs (mcs, mono), .go (go), .hs (ghc), .ml (ocamlopt), .js (node), .sh (bash; sh when
    /// its first line names it), .pl/.pm (perl). A missing tool is a judge error (exit 2).
    #[arg(last = true, required = true, value_name = "PROGRAM|SOURCE")]
    pub command: Vec<OsString>,
}

/// Shown by `judge -h`, and first by `judge --help`.
const JUDGE_EXAMPLES: &str = "Examples:
  stonejudge judge stripes -- ./good.cpp
  stonejudge judge wythoff --test 03 --time-limit 2 -- python3 sol.py";

/// Shown by `gen -h`, and first by `gen --help` (which lists the parameters after them).
const GEN_EXAMPLES: &str = "Examples:
  stonejudge gen stripes --seed 7
  stonejudge gen stripes --seed 7 --param mode=max --param max_len=20";

const JUDGE_AFTER_HELP: &str = "\
Examples:
  stonejudge judge stripes -- ./good.cpp
  stonejudge judge wythoff --test 03 --time-limit 2 -- python3 sol.py

Parallel tests (-j) are faster, but they share the cores, caches and memory bandwidth, so every
run gets slower and a program near the time limit may flip between AC and TLE: give -j 1 when
the times matter. Each job may hold up to 64 MiB of output in memory.

Verdicts: AC, WA, PE (from the problem's checker), TLE, MLE, OLE (over 64 MiB of output), RE,
CE, JE (judge error: a broken test or a missing compiler). When several apply, the first of
JE, TLE, MLE, OLE, RE, then the checker's, is reported.

Exit status: 0 if every test is AC, 1 if some is not, 2 on a usage or environment error or a
judge error.

A Kattis package (PROBLEM a folder holding problem.yaml): a source file or folder given without
arguments is built as the package's submissions are (with the files of include/<language>/,
else include/default/; legacy packages have only the former); in a multi-pass package the program runs pass after
pass, the output validator writing each next pass's input (nextpass.in).

Time is CPU time (user + system, all threads). Each program runs in its own process group,
which is killed at a limit and when the program ends; confined (--sandbox), it also runs in its
own namespaces, where whatever it started is killed when it ends. Ctrl-C (SIGINT), SIGTERM and
SIGHUP end every program before the judge exits (130 for SIGINT). Compiled programs are cached in
$STONEJUDGE_CACHE, else $XDG_CACHE_HOME/stonejudge, else ~/.cache/stonejudge.";

/// A whole number in `min..=max`: the one parser of every integer flag, so that each says
/// the same thing about a bad value (`must be at least 1`), and a negative number reaches it
/// as a value (with `allow_negative_numbers`) instead of being taken for a flag.
fn number(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        let value: i128 = text
            .parse()
            .map_err(|_| format!("expected a whole number, found {text:?}"))?;
        if value < i128::from(min) {
            return Err(format!("must be at least {min}"));
        }
        u64::try_from(value)
            .ok()
            .filter(|&v| v <= max)
            .ok_or_else(|| format!("must be at most {max}"))
    }
}

/// A positive number of seconds, such as `1` or `0.5`, at most a day.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite())
        .ok_or_else(|| format!("expected a number of seconds, found {text:?}"))?;
    if seconds <= 0.0 {
        return Err("must be more than 0 seconds".to_string());
    }
    if seconds > 86_400.0 {
        return Err("must be at most 86400 seconds (a day)".to_string());
    }
    Ok(Duration::from_secs_f64(seconds))
}
