//! `stress`: search for a failing case of a program and shrink it (see `stonejudge::stress`).
//!
//! Standard output gets the result: `OK …` when nothing failed (exit 0), or the failure
//! report (exit 1): the minimal input verbatim, the expected and received answers, the
//! checker's explanation, the seed and a one-line command that reproduces it all. Standard
//! error gets the setup, progress (cases/s) and a closing count.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

use super::output::{check_writable, default_case_path};
use super::{shell_word, Outcome};
use crate::cli::StressArgs;
use stonejudge::archive::{run_limits, Group};
use stonejudge::catalog::{self, DynProblem, Resolved, Tools};
use stonejudge::judge::{Checker, Judge, Judging};
use stonejudge::package::submissions::{self, limit_for_judging};
use stonejudge::package::Package;
use stonejudge::programs::shrink::{smaller_calls, Call};
use stonejudge::run::{Cache, Limits, Program, Runner};
use stonejudge::stress::{
    self, Budget, Cases, Census, ExhaustiveCases, ExternalCases, ExternalOracle, Failure, Oracle,
    Origin, ProblemOracle, ProgramCases, RandomCases, Search, Tokens,
};
use stonejudge::text::show::count;
use stonejudge::verdict::Verdict;
use stonejudge::{gen, interrupt};

/// Random cases when neither --cases nor --duration is given.
const DEFAULT_CASES: u64 = 1000;
/// The most instances --exhaustive takes without --bound or --cases.
const DEFAULT_EXHAUSTIVE_CASES: u64 = 10_000;
/// The most instances --exhaustive runs without --cases or --duration: beyond this (well over
/// ten minutes at the fastest), a run must say how much to take.
const MAX_UNBUDGETED_INSTANCES: u64 = 1_000_000;
/// The share of --duration an exhaustive run may spend counting instances before it starts.
const CENSUS_SHARE: u32 = 4;
/// Lines of an input or output printed in the report (the saved file has all of it).
const SHOWN_LINES: usize = 40;
/// Width of the lines listing instances per size.
const CENSUS_WIDTH: usize = 100;

pub fn run(args: &StressArgs) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    interrupt::install().context("cannot catch SIGINT")?;
    if let Some(save) = &args.save {
        check_writable("--save", save)?;
    }
    let (runner, _) = super::runner(&args.sandbox)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    let program =
        prepare_words(&args.program, &runner, &cache).context("the program under test")?;
    let jobs = args.jobs.count();
    let problem = args
        .problem
        .as_deref()
        .map(|name| catalog::resolve(name, &args.archive.root))
        .transpose()?;
    if let Some(package) = problem.as_ref().and_then(Resolved::package) {
        return with_package(args, package, &program, &runner, &cache);
    }
    if problem.is_some() && args.gen.is_some() {
        bail!("--gen and --ref are generic mode, which takes no PROBLEM (except a Kattis package)");
    }
    // Generic mode has no problem, hence no manifest: the flags, else the defaults.
    let limits = match &problem {
        Some(problem) => problem.limits(args.limits.flags())?,
        None => run_limits(None, args.limits.flags()),
    };
    let (seed, fresh) = first_seed(args)?;
    let budget = budget(args);
    let setup = Setup {
        args,
        program: &program,
        limits,
        jobs,
        budget,
        seed,
        fresh,
        started,
    };
    match &problem {
        Some(problem) => match problem.catalog() {
            Some(catalog) => {
                let tools = Tools::InProcess(catalog);
                let oracle = oracle(&setup, catalog, problem.judging(&tools), &runner);
                match args.exhaustive {
                    true => exhaustive(&setup, problem.name(), catalog, &oracle),
                    false => random(&setup, problem.name(), catalog, &oracle),
                }
            }
            None => with_programs(&setup, problem, &runner, &cache),
        },
        None => generic(
            &setup,
            &runner,
            &cache,
            &Tokens,
            "token comparison with the reference",
        ),
    }
}
/// `stress PACKAGE --gen … --ref …`: generic mode, each output judged by the package's output
/// validator (or the default one) with `problem.yaml`'s and `data/`'s flags, under the
/// package's limits (its time limit derived from its accepted submissions unless fixed).
fn with_package(
    args: &StressArgs,
    package: &Package,
    program: &Program,
    runner: &Runner,
    cache: &Cache,
) -> anyhow::Result<Outcome> {
    if let Some(why) = package.unsupported() {
        bail!("{why}");
    }
    if package.is_interactive() {
        bail!(
            "{} is an interactive package: its submissions play against its interactor, and \
             stress --gen/--ref compares outputs, which it has none of (judge and verify play \
             it)",
            package.root.display()
        );
    }
    if package.is_multi_pass() {
        bail!(
            "{} is a multi-pass package: stress --gen/--ref compares one output, and its \
             submissions run pass after pass (judge and verify run them)",
            package.root.display()
        );
    }
    if args.gen.is_none() {
        bail!(
            "{} is a Kattis package: it has no generator of stonejudge's; give --gen CMD and \
             --ref CMD",
            package.root.display()
        );
    }
    let data = package.data()?;
    let mut config = package.config.clone();
    if let Some(memory) = args.limits.memory_limit {
        config.memory_mib = memory;
    }
    let validator = match package.output_validator()? {
        Some(found) => Some(
            package
                .prepare(&found, false, runner, cache)
                .map_err(|e| anyhow::anyhow!("the output validator: {e}"))?,
        ),
        None => None,
    };
    let judging = submissions::Judging {
        runner,
        validator: validator.as_ref(),
        config: &config,
    };
    let flag = args.limits.time_limit.map(|t| t.as_secs_f64());
    let limit =
        limit_for_judging(package, &judging, &data, cache, flag).map_err(anyhow::Error::msg)?;
    eprintln!("time limit: {}", limit.how);
    let mut flags = config.validator_flags.clone();
    flags.extend(data.config.output_validator_flags.iter().cloned());
    let checker = judging.checker_with(flags).map_err(anyhow::Error::msg)?;
    let (seed, fresh) = first_seed(args)?;
    let setup = Setup {
        args,
        program,
        limits: judging.limits(limit.seconds),
        jobs: args.jobs.count(),
        budget: budget(args),
        seed,
        fresh,
        started: Instant::now(),
    };
    generic(
        &setup,
        runner,
        cache,
        checker.as_ref(),
        "judged by the package's output validator",
    )
}

/// The seed of case 0 and whether it was drawn fresh: --seed, else one from the operating
/// system (printed, so that the run can be repeated).
fn first_seed(args: &StressArgs) -> anyhow::Result<(u64, bool)> {
    Ok(match args.seed {
        Some(seed) => (seed, false),
        None => (
            gen::fresh_seed().context("cannot draw a seed from the operating system")?,
            true,
        ),
    })
}

/// --cases, else --duration, else [`DEFAULT_CASES`].
fn budget(args: &StressArgs) -> Budget {
    Budget {
        cases: match (args.cases, args.duration) {
            (None, None) => Some(DEFAULT_CASES),
            (cases, _) => cases,
        },
        duration: args.duration,
    }
}

/// What every kind of stress run shares.
struct Setup<'a> {
    args: &'a StressArgs,
    program: &'a Program,
    limits: Limits,
    jobs: usize,
    budget: Budget,
    /// The seed of case 0 (random and generic modes).
    seed: u64,
    /// The seed was drawn from the operating system, not given with --seed.
    fresh: bool,
    started: Instant,
}

impl Setup<'_> {
    /// `seed 17 (drawn afresh: --seed 17 repeats this run)`.
    fn seed_words(&self) -> String {
        if self.fresh {
            format!(
                "seed {} (drawn afresh; --seed {} repeats this run)",
                self.seed, self.seed
            )
        } else {
            format!("seed {}", self.seed)
        }
    }

    /// `seeds 17..=1016`: the seeds of the first `tried` cases.
    fn seed_range(&self, tried: u64) -> String {
        match tried {
            0 => "no seed".to_string(),
            1 => format!("seed {}", self.seed),
            _ => format!(
                "seeds {}..={}",
                self.seed,
                self.seed.wrapping_add(tried - 1)
            ),
        }
    }
}

/// A catalog problem's oracle: its reference, and its judging of the program (its checker on
/// the program's output, or its built-in judge playing against the program).
fn oracle<'a>(
    cx: &'a Setup<'_>,
    problem: &'static dyn DynProblem,
    judging: Judging<'a>,
    runner: &'a Runner,
) -> ProblemOracle<'a> {
    ProblemOracle {
        problem,
        judge: Judge {
            runner,
            program: cx.program,
            limits: cx.limits,
            judging,
        },
    }
}

/// Random cases of a problem of the catalog, judged by its checker (or played against its
/// built-in judge), shrunk.
fn random(
    cx: &Setup<'_>,
    name: &str,
    problem: &'static dyn DynProblem,
    oracle: &ProblemOracle<'_>,
) -> anyhow::Result<Outcome> {
    let cases = RandomCases::new(problem, cx.seed, cx.args.params.clone())?;
    let modes = if cases.modes().is_empty() {
        "one mode".to_string()
    } else {
        format!("modes {} in turn", cases.modes().join(", "))
    };
    announce(
        cx,
        &format!("{name}: random cases from {}, {modes}", cx.seed_words()),
    );
    for (mode, why) in &cases.skipped {
        eprintln!("stress: mode {mode} left out: {why}");
    }
    let search = run_search(cx, &cases, oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        return Ok(random_cases_passed(cx, &search, Some(name)));
    };
    shrink_and_report(cx, problem, oracle, &failure, name)
}

/// Every instance up to a size, smallest first, judged by the problem's checker (or played
/// against its built-in judge); the first failure shrunk.
fn exhaustive(
    cx: &Setup<'_>,
    name: &str,
    problem: &'static dyn DynProblem,
    oracle: &ProblemOracle<'_>,
) -> anyhow::Result<Outcome> {
    let args = cx.args;
    // Without a bound, the census finds it; with one, it counts what the run will cover (and
    // a refusal needs to know whether there are more than a run without a budget takes).
    let census_cap = match args.bound {
        None => args.cases.unwrap_or(DEFAULT_EXHAUSTIVE_CASES),
        Some(_) => MAX_UNBUDGETED_INSTANCES,
    };
    // The header first: counting may take a second or two.
    let sizes = match args.bound {
        Some(bound) => format!("every instance of size <= {bound}"),
        None => format!("every size whose instances number at most {census_cap} in all"),
    };
    announce(cx, &format!("{name}: exhaustive, {sizes}, smallest first"));
    let census_until = args.duration.map(|d| cx.started + d / CENSUS_SHARE);
    let census = Census::count(
        problem,
        args.bound.unwrap_or(u64::MAX),
        census_cap,
        census_until,
    );
    let bound = match args.bound {
        Some(bound) => bound,
        None => census.largest_within(census_cap).with_context(|| {
            let (size, count) = census.sizes.first().copied().unwrap_or_default();
            format!(
                "the {count} smallest instances of {name} (size {size}) are more than \
                 --cases {census_cap}: give a larger --cases"
            )
        })?,
    };
    print_census(&census, bound);
    if census.sizes.is_empty() {
        bail!("{name} has no instance of size at most {bound}");
    }
    let complete = census.uncounted_from.is_none();
    if args.bound.is_some() && args.cases.is_none() && args.duration.is_none() && !complete {
        bail!(
            "{name} has more than {MAX_UNBUDGETED_INSTANCES} instances of size at most {bound}, \
             more than one run takes without a budget: give --cases N (the N smallest), \
             --duration S (the smallest first, for S seconds) or a smaller --bound"
        );
    }
    let budget = Budget {
        cases: match (args.bound, args.cases) {
            (None, _) => Some(census.total_through(bound)),
            (Some(_), cases) => cases,
        },
        duration: args
            .duration
            .map(|d| d.saturating_sub(cx.started.elapsed())),
    };
    // A complete census knows the largest size with instances: the enumeration stops there
    // instead of walking through empty sizes up to the bound.
    let last = census.sizes.last().map_or(bound, |&(size, _)| size);
    let cases = ExhaustiveCases::new(problem, if complete { last } else { bound });
    let search = run_search(cx, &cases, oracle, budget)?;
    let Some(failure) = search.failure else {
        let covered = census.covered(search.tried);
        let counted_through_bound = census.uncounted_from.is_none_or(|size| size > bound);
        let everything = counted_through_bound && search.tried == census.total_through(bound);
        let what = if everything {
            format!(
                "all {} of size <= {bound} passed (exhaustive, {name})",
                count(search.tried, "instance", "instances")
            )
        } else {
            format!(
                "the smallest {} passed (exhaustive, {name}): {covered}",
                count(search.tried, "instance", "instances"),
            )
        };
        return Ok(passed(&search, &what));
    };
    shrink_and_report(cx, problem, oracle, &failure, name)
}

/// Prints how many instances each size has, before the run.
fn print_census(census: &Census, bound: u64) {
    let mut words: Vec<String> = census
        .sizes
        .iter()
        .filter(|(size, _)| *size <= bound)
        .map(|(size, n)| format!("{size}:{n}"))
        .collect();
    if let Some(size) = census.uncounted_from.filter(|&size| size <= bound) {
        if let Some(last) = words.last_mut() {
            if census.sizes.last().is_some_and(|(s, _)| *s == size) {
                last.push('+');
            }
        }
        words.push(format!(
            "(counted up to {}; more from size {size} on)",
            census.total()
        ));
    } else {
        words.push(format!("({} in all)", census.total_through(bound)));
    }
    let mut line = "stress: instances by size:".to_string();
    for word in words {
        if line.len() + word.len() + 1 > CENSUS_WIDTH {
            eprintln!("{line}");
            line = "stress:  ".to_string();
        }
        line.push(' ');
        line.push_str(&word);
    }
    eprintln!("{line}");
}

/// The end of a search that found nothing: `OK: …` (exit 0), or, when SIGINT stopped it,
/// `interrupted: …` (exit 130).
fn passed(search: &Search, what: &str) -> Outcome {
    if search.interrupted {
        println!("interrupted: {what}; no failure found");
        Outcome::Interrupted
    } else {
        println!("OK: {what}");
        Outcome::Success
    }
}

/// The end of a run of random cases that found nothing: "N cases passed (NAME, the seeds)".
fn random_cases_passed(cx: &Setup<'_>, search: &Search, name: Option<&str>) -> Outcome {
    let named = name.map(|name| format!("{name}, ")).unwrap_or_default();
    let what = format!(
        "{} passed ({named}{})",
        count(search.tried, "case", "cases"),
        cx.seed_range(search.tried)
    );
    passed(search, &what)
}

/// Shrinks the failure found and reports it.
fn shrink_and_report(
    cx: &Setup<'_>,
    problem: &dyn catalog::DynProblem,
    oracle: &dyn Oracle,
    failure: &Failure,
    name: &str,
) -> anyhow::Result<Outcome> {
    let original = failure.trial.judged.verdict;
    if original == Verdict::JE {
        let (input, trial) = (&failure.case.input, &failure.trial);
        return report_failure(cx, failure, "not shrunk: a judge error", name, input, trial);
    }
    eprintln!(
        "stress: case {} failed ({original}); shrinking it",
        failure.case.index
    );
    let shrunk = stress::shrink(
        problem,
        oracle,
        cx.jobs,
        failure.case.input.clone(),
        failure.trial.clone(),
    );
    let took = format!("{:.1} s", shrunk.elapsed.as_secs_f64());
    let steps = count(shrunk.steps, "step", "steps");
    let runs = count(shrunk.runs, "run", "runs");
    let how = if shrunk.minimal {
        format!("shrunk to a locally minimal case in {steps} ({runs}, {took}), still {original}")
    } else if shrunk.interrupted {
        format!(
            "shrinking interrupted after {steps} ({runs}, {took}), still {original}; smaller \
             failing cases may exist"
        )
    } else {
        format!(
            "shrunk in {steps}, still {original}; stopped after {runs} ({took}), so smaller \
             failing cases may exist"
        )
    };
    let outcome = report_failure(cx, failure, &how, name, &shrunk.input, &shrunk.trial)?;
    Ok(if shrunk.interrupted {
        Outcome::Interrupted
    } else {
        outcome
    })
}

/// Random cases of a program-backed problem from its generator (the user's parameters, or
/// each generated group's of the plan in turn), answered by its reference, judged by its
/// checker, and shrunk by asking the generator for smaller inputs.
fn with_programs(
    cx: &Setup<'_>,
    resolved: &Resolved,
    runner: &Runner,
    cache: &Cache,
) -> anyhow::Result<Outcome> {
    let name = resolved.name();
    if cx.args.exhaustive {
        bail!("--exhaustive needs a problem of the catalog: the inputs of {name} come from its generator program");
    }
    let tools = resolved.tools(runner, cache).map_err(anyhow::Error::msg)?;
    let Tools::Programs(programs) = &tools else {
        bail!("{name} is not a program-backed problem");
    };
    let manifest = resolved.manifest()?;
    let generated: Vec<&Group> = (manifest.groups.iter())
        .filter(|g| g.files.is_empty())
        .collect();
    let params: Vec<Vec<(String, String)>> = if cx.args.params.is_empty() {
        generated.iter().map(|g| g.params.clone()).collect()
    } else {
        let mut pairs = Vec::new();
        for param in &cx.args.params {
            let Some((key, value)) = param.split_once('=') else {
                bail!("--param {param:?}: expected KEY=VALUE");
            };
            pairs.push((key.to_string(), value.to_string()));
        }
        pairs.sort();
        vec![pairs]
    };
    let cases = ProgramCases {
        tools: programs,
        params,
        seed: cx.seed,
    };
    let oracle = ExternalOracle {
        reference: programs.reference().map_err(anyhow::Error::msg)?,
        judge: Judge {
            runner,
            program: cx.program,
            limits: cx.limits,
            judging: Judging::Output(programs.checker()),
        },
    };
    let source = match cx.args.params.is_empty() {
        true => format!(
            "the parameters of its {} generated groups in turn",
            generated.len()
        ),
        false => "the parameters given".to_string(),
    };
    announce(
        cx,
        &format!(
            "{name}: random cases from its generator, from {}, {source}",
            cx.seed_words()
        ),
    );
    let search = run_search(cx, &cases, &oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        return Ok(random_cases_passed(cx, &search, Some(name)));
    };
    let Origin::Called(call) = &failure.case.origin else {
        bail!("a case of {name} was not made by its generator");
    };
    // The plan's groups with the size of an input of each, for shrinking without sizes.
    let groups: Vec<(Call, usize)> = (generated.iter())
        .map(|g| Call {
            params: g.params.clone(),
            seed: g.seed,
        })
        .filter_map(|call| {
            let probe = programs.generate(call.seed, &call.params, false).ok()?;
            Some((call, probe.len()))
        })
        .collect();
    let candidates = |call: &Call, input: &str| smaller_calls(call, input.len(), &groups);
    let make = |call: &Call| programs.generate(call.seed, &call.params, false).ok();
    let start = (call.clone(), failure.case.input.clone());
    let trial = failure.trial.clone();
    let (shrunk, last) = stress::descend(&oracle, cx.jobs, start, trial, candidates, make);
    let original = failure.trial.judged.verdict;
    let how = format!(
        "shrunk through the generator in {} ({}, {:.1} s), still {original}; the last call: {}",
        count(shrunk.steps, "step", "steps"),
        count(shrunk.runs, "run", "runs"),
        shrunk.elapsed.as_secs_f64(),
        describe_call(&last)
    );
    report_failure(cx, &failure, &how, name, &shrunk.input, &shrunk.trial)
}

/// `-max_n=4 -seed=9`: a generator call as the generator sees it.
fn describe_call(call: &Call) -> String {
    let mut words: Vec<String> = (call.params.iter())
        .map(|(k, v)| format!("-{k}={v}"))
        .collect();
    words.push(format!("-seed={}", call.seed));
    words.join(" ")
}

/// `--gen CMD --ref CMD`: external generator and reference, token comparison, no shrinking.
fn generic(
    cx: &Setup<'_>,
    runner: &Runner,
    cache: &Cache,
    checker: &dyn Checker,
    how: &str,
) -> anyhow::Result<Outcome> {
    let words = |flag: &str, cmd: &Option<String>| -> anyhow::Result<Program> {
        let cmd = cmd.as_deref().unwrap_or_default();
        let words: Vec<OsString> = cmd.split_whitespace().map(OsString::from).collect();
        prepare_words(&words, runner, cache).with_context(|| format!("{flag} {cmd:?}"))
    };
    let generator = words("--gen", &cx.args.gen)?;
    let reference = words("--ref", &cx.args.reference)?;
    let cases = ExternalCases {
        generator: &generator,
        runner,
        seed: cx.seed,
    };
    let oracle = ExternalOracle {
        reference: &reference,
        judge: Judge {
            runner,
            program: cx.program,
            limits: cx.limits,
            judging: Judging::Output(checker),
        },
    };
    announce(
        cx,
        &format!(
            "generic mode, cases from {}: {how}, no shrinking",
            cx.seed_words()
        ),
    );
    let search = run_search(cx, &cases, &oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        return Ok(random_cases_passed(cx, &search, None));
    };
    let how = match failure.trial.judged.verdict {
        Verdict::JE => "not shrunk: a judge error",
        _ => "not shrunk: generic mode knows nothing about the input's structure",
    };
    report_failure(
        cx,
        &failure,
        how,
        "generic",
        &failure.case.input,
        &failure.trial,
    )
}

/// Prints the failure report for the final (shrunk or original) `input` and saves the case to
/// --save, by default `.stonejudge/stress-<stem>.in`. The case is shown in full when it could
/// not be saved, so it is never lost. A judge error is not the program's fault: exit 2.
fn report_failure(
    cx: &Setup<'_>,
    failure: &Failure,
    how: &str,
    stem: &str,
    input: &str,
    trial: &stress::Trial,
) -> anyhow::Result<Outcome> {
    let saved = cx
        .args
        .save
        .clone()
        .map_or_else(|| default_case_path(stem), Ok)
        .and_then(|path| save_case(&path, input, &trial.expected).map(|()| path));
    let mut report = headline(failure);
    let _ = writeln!(report, "{how}");
    describe(&mut report, saved.as_deref().ok(), input, trial);
    let _ = writeln!(report, "repro: {}", repro(cx, failure));
    print!("{report}");
    if let Err(error) = saved {
        eprintln!("stress: the case is shown in full above: {error:#}");
    }
    if trial.judged.verdict == Verdict::JE {
        bail!(
            "case {} could not be judged (JE): {}",
            failure.case.index,
            trial.judged.message.trim_end()
        );
    }
    Ok(Outcome::Rejected)
}

/// Runs the search with progress on standard error and a closing line with the rate.
fn run_search(
    cx: &Setup<'_>,
    cases: &dyn Cases,
    oracle: &dyn Oracle,
    budget: Budget,
) -> anyhow::Result<Search> {
    let style = ProgressStyle::with_template("{spinner} {pos} cases, {rate} ({elapsed})")
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} cases/s", state.per_sec());
            },
        );
    let bar = ProgressBar::new_spinner().with_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    let result = stress::search(cases, oracle, cx.jobs, budget, &|| bar.inc(1));
    bar.finish_and_clear();
    let search = result.map_err(anyhow::Error::msg)?;
    let seconds = search.elapsed.as_secs_f64();
    eprintln!(
        "stress: {} in {seconds:.2} s ({:.0} cases/s, {})",
        count(search.tried, "case", "cases"),
        search.tried as f64 / seconds.max(1e-9),
        count(cx.jobs, "job", "jobs")
    );
    Ok(search)
}

fn announce(cx: &Setup<'_>, what: &str) {
    let memory = cx.limits.memory.map_or("no memory limit".to_string(), |b| {
        format!("{} MiB", b >> 20)
    });
    eprintln!(
        "stress: {what}; limits {} s CPU, {memory}; {} jobs",
        cx.limits.cpu.as_secs_f64(),
        cx.jobs
    );
}

/// A program from its command words: the first is an executable or a source, the rest are
/// its arguments.
fn prepare_words(words: &[OsString], runner: &Runner, cache: &Cache) -> anyhow::Result<Program> {
    let Some((path, rest)) = words.split_first() else {
        bail!("no program given");
    };
    Ok(Program::prepare(Path::new(path), rest, runner, cache)?)
}

/// `FAILED case 7 (seed 8, mode wide): WA`.
fn headline(failure: &Failure) -> String {
    let origin = match &failure.case.origin {
        Origin::Generated {
            seed,
            mode: Some(mode),
        } => format!("seed {seed}, mode {mode}"),
        Origin::Generated { seed, mode: None } | Origin::External { seed } => {
            format!("seed {seed}")
        }
        Origin::Enumerated { size } => format!("size {size}"),
        Origin::Called(call) => describe_call(call),
    };
    format!(
        "FAILED case {} ({origin}): {}\n",
        failure.case.index, failure.trial.judged.verdict
    )
}

/// Writes the case's input to `path` and its expected answer next to it (`.ans`).
fn save_case(path: &Path, input: &str, answer: &str) -> anyhow::Result<()> {
    std::fs::write(path, input).with_context(|| format!("cannot write {}", path.display()))?;
    let answer_path = path.with_extension("ans");
    std::fs::write(&answer_path, answer)
        .with_context(|| format!("cannot write {}", answer_path.display()))
}

/// The input, expected and received answers and the checker's words; the input and answer in
/// full when they were not `saved`.
fn describe(report: &mut String, saved: Option<&Path>, input: &str, trial: &stress::Trial) {
    let (lines, input_note, answer_note) = match saved {
        Some(path) => (
            SHOWN_LINES,
            format!(" (saved to {})", path.display()),
            format!(" (saved to {})", path.with_extension("ans").display()),
        ),
        None => (usize::MAX, " (not saved)".to_string(), String::new()),
    };
    let _ = writeln!(report, "--- input{input_note}");
    report.push_str(&shown(input.as_bytes(), lines));
    let _ = writeln!(report, "--- expected{answer_note}");
    report.push_str(&shown(trial.expected.as_bytes(), lines));
    report.push_str("--- received\n");
    report.push_str(&shown(&trial.received, SHOWN_LINES));
    if let Some(stderr) = &trial.judged.stderr {
        report.push_str("--- the program's standard error ends\n");
        report.push_str(&shown(stderr.as_bytes(), usize::MAX));
    }
    let _ = writeln!(
        report,
        "--- verdict {}: {}",
        trial.judged.verdict,
        trial.judged.message.trim_end()
    );
}

/// Text shown verbatim, cut after `max` lines; ends with a newline.
fn shown(bytes: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    let mut out: String = lines
        .iter()
        .take(max)
        .map(|line| format!("{line}\n"))
        .collect();
    if lines.len() > max {
        let _ = writeln!(out, "... ({} lines in all)", lines.len());
    }
    if lines.is_empty() {
        out.push_str("(nothing)\n");
    }
    out
}

/// The command line that finds the same failure again and shrinks it the same way.
fn repro(cx: &Setup<'_>, failure: &Failure) -> String {
    let args = cx.args;
    let mut words: Vec<String> = vec!["stonejudge".into(), "stress".into()];
    match &failure.case.origin {
        Origin::Generated { seed, mode } => {
            words.extend(args.problem.clone());
            words.extend([
                "--seed".to_string(),
                seed.to_string(),
                "--cases".into(),
                "1".into(),
            ]);
            for param in &args.params {
                words.extend(["--param".to_string(), param.clone()]);
            }
            if let Some(mode) = mode {
                words.extend(["--param".to_string(), format!("mode={mode}")]);
            }
        }
        Origin::Called(call) => {
            words.extend(args.problem.clone());
            words.extend([
                "--seed".to_string(),
                call.seed.to_string(),
                "--cases".into(),
                "1".into(),
            ]);
            for (key, value) in &call.params {
                words.extend(["--param".to_string(), format!("{key}={value}")]);
            }
        }
        Origin::Enumerated { size } => {
            words.extend(args.problem.clone());
            words.extend([
                "--exhaustive".to_string(),
                "--bound".into(),
                size.to_string(),
                "--cases".into(),
                (failure.case.index + 1).to_string(),
            ]);
        }
        Origin::External { seed } => {
            // A package, whose validator judged.
            words.extend(args.problem.clone());
            for (flag, cmd) in [("--gen", &args.gen), ("--ref", &args.reference)] {
                words.extend([flag.to_string(), cmd.clone().unwrap_or_default()]);
            }
            words.extend([
                "--seed".to_string(),
                seed.to_string(),
                "--cases".into(),
                "1".into(),
            ]);
        }
    }
    if let Some(t) = args.limits.time_limit {
        words.extend(["--time-limit".to_string(), t.as_secs_f64().to_string()]);
    }
    if let Some(m) = args.limits.memory_limit {
        words.extend(["--memory-limit".to_string(), m.to_string()]);
    }
    let root = &args.archive.root;
    if root != Path::new(".") {
        words.extend(["--root".to_string(), root.display().to_string()]);
    }
    words.push("--".into());
    words.extend(
        args.program
            .iter()
            .map(|w| w.to_string_lossy().into_owned()),
    );
    words
        .iter()
        .map(|w| shell_word(w))
        .collect::<Vec<_>>()
        .join(" ")
}
