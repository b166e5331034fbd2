//! `stress`: search for a failing case of a program and shrink it (see `stonejudge::stress`).
//!
//! Standard output gets the result: `OK …` when nothing failed (exit 0), or the failure
//! report (exit 1): the minimal input verbatim, the expected and received answers, the
//! checker's explanation, the seed and a one-line command that reproduces it all. Standard
//! error gets the setup, progress (cases/s) and a closing count.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};

use super::{shell_word, Outcome};
use crate::cli::StressArgs;
use stonejudge::archive::{run_limits, Group};
use stonejudge::catalog::{self, DynProblem, Resolved, Tools};
use stonejudge::judge::{Checker, Judge};
use stonejudge::package::submissions::{limit_for_judging, Judging};
use stonejudge::package::Package;
use stonejudge::programs::shrink::{smaller_calls, Call};
use stonejudge::run::{Cache, Limits, Program, Runner};
use stonejudge::stress::{
    self, Budget, Cases, ExhaustiveCases, ExternalCases, ExternalOracle, Failure, Oracle, Origin,
    ProblemOracle, ProgramCases, RandomCases, Search, Tokens,
};

/// Random cases when neither --cases nor --duration is given.
const DEFAULT_CASES: u64 = 1000;
/// The most instances --exhaustive takes without --bound or --cases.
const DEFAULT_EXHAUSTIVE_CASES: u64 = 10_000;
/// Lines of an input or output printed in the report (the saved file has all of it).
const SHOWN_LINES: usize = 40;

pub fn run(args: &StressArgs) -> anyhow::Result<Outcome> {
    let runner = Runner::current_exe()?;
    let cache = Cache::default_location()?;
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
    let budget = budget(args);
    let setup = Setup {
        args,
        program: &program,
        limits,
        jobs,
        budget,
    };
    match &problem {
        Some(problem) => match problem.catalog() {
            Some(catalog) => with_problem(&setup, problem.name(), catalog, &runner),
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
            found
                .prepare(runner, cache)
                .map_err(|e| anyhow::anyhow!("the output validator: {e}"))?,
        ),
        None => None,
    };
    let judging = Judging {
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
    let setup = Setup {
        args,
        program,
        limits: judging.limits(limit.seconds),
        jobs: args.jobs.count(),
        budget: budget(args),
    };
    generic(
        &setup,
        runner,
        cache,
        checker.as_ref(),
        "judged by the package's output validator",
    )
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
}

/// Random or exhaustive cases of a problem of the catalog, judged by its checker, shrunk.
fn with_problem(
    cx: &Setup<'_>,
    name: &str,
    problem: &'static dyn DynProblem,
    runner: &Runner,
) -> anyhow::Result<Outcome> {
    let oracle = ProblemOracle {
        problem,
        judge: Judge {
            runner,
            program: cx.program,
            limits: cx.limits,
            checker: &problem,
        },
    };
    let (search, exhaustive) = if cx.args.exhaustive {
        let max_cases = cx.args.cases.unwrap_or(DEFAULT_EXHAUSTIVE_CASES);
        let cases =
            ExhaustiveCases::new(problem, cx.args.bound, max_cases).map_err(anyhow::Error::msg)?;
        let count = cases.count().unwrap_or(0);
        announce(
            cx,
            &format!(
                "{name}: exhaustive, every instance of size <= {} ({count} instances)",
                cases.complete_through
            ),
        );
        let budget = Budget::default();
        (
            run_search(cx, &cases, &oracle, budget)?,
            Some((count, cases.complete_through)),
        )
    } else {
        let cases = RandomCases::new(problem, cx.args.seed, cx.args.params.clone())?;
        let modes = if cases.modes().is_empty() {
            "one mode".to_string()
        } else {
            format!("modes {} in turn", cases.modes().join(", "))
        };
        announce(
            cx,
            &format!("{name}: random cases from seed {}, {modes}", cx.args.seed),
        );
        for (mode, why) in &cases.skipped {
            eprintln!("stress: mode {mode} left out: {why}");
        }
        (run_search(cx, &cases, &oracle, cx.budget)?, None)
    };
    let Some(failure) = search.failure else {
        match exhaustive {
            Some((count, size)) => {
                println!("OK: all {count} instances of size <= {size} passed (exhaustive, {name})")
            }
            None => println!("OK: {} cases passed ({name})", search.tried),
        }
        return Ok(Outcome::Success);
    };
    let original = failure.trial.judged.verdict;
    let shrunk = stress::shrink(
        problem,
        &oracle,
        cx.jobs,
        failure.case.input.clone(),
        failure.trial.clone(),
    );
    let how = if shrunk.minimal {
        format!(
            "shrunk to a locally minimal case in {} steps ({} runs), still {original}",
            shrunk.steps, shrunk.runs
        )
    } else {
        format!(
            "shrunk in {} steps, still {original}; stopped after {} runs, so smaller failing \
             cases may exist",
            shrunk.steps, shrunk.runs
        )
    };
    report_failure(cx, &failure, &how, name, &shrunk.input, &shrunk.trial)
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
        seed: cx.args.seed,
    };
    let oracle = ExternalOracle {
        reference: programs.reference().map_err(anyhow::Error::msg)?,
        judge: Judge {
            runner,
            program: cx.program,
            limits: cx.limits,
            checker: programs.checker(),
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
            "{name}: random cases from its generator, seeds from {}, {source}",
            cx.args.seed
        ),
    );
    let search = run_search(cx, &cases, &oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        println!("OK: {} cases passed ({name})", search.tried);
        return Ok(Outcome::Success);
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
        "shrunk through the generator in {} steps ({} runs), still {original}; the last call: {}",
        shrunk.steps,
        shrunk.runs,
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
        seed: cx.args.seed,
    };
    let oracle = ExternalOracle {
        reference: &reference,
        judge: Judge {
            runner,
            program: cx.program,
            limits: cx.limits,
            checker,
        },
    };
    announce(
        cx,
        &format!(
            "generic mode, seeds from {}: {how}, no shrinking",
            cx.args.seed
        ),
    );
    let search = run_search(cx, &cases, &oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        println!("OK: {} cases passed", search.tried);
        return Ok(Outcome::Success);
    };
    report_failure(
        cx,
        &failure,
        "not shrunk: generic mode knows nothing about the input's structure",
        "generic",
        &failure.case.input,
        &failure.trial,
    )
}

/// Prints the failure report for the final (shrunk or original) `input` and saves the case to
/// --save, by default `stress-<stem>.in`.
fn report_failure(
    cx: &Setup<'_>,
    failure: &Failure,
    how: &str,
    stem: &str,
    input: &str,
    trial: &stress::Trial,
) -> anyhow::Result<Outcome> {
    let save = cx
        .args
        .save
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("stress-{stem}.in")));
    save_case(&save, input, &trial.expected)?;
    let mut report = headline(failure);
    let _ = writeln!(report, "{how}");
    describe(&mut report, &save, input, trial);
    let _ = writeln!(report, "repro: {}", repro(cx.args, &failure.case.origin));
    print!("{report}");
    Ok(Outcome::Rejected)
}

/// Runs the search with progress on standard error and a closing line with the rate.
fn run_search(
    cx: &Setup<'_>,
    cases: &dyn Cases,
    oracle: &dyn Oracle,
    budget: Budget,
) -> anyhow::Result<Search> {
    let bar = ProgressBar::new_spinner().with_style(
        ProgressStyle::with_template("{spinner} {pos} cases, {per_sec} ({elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    let result = stress::search(cases, oracle, cx.jobs, budget, &|| bar.inc(1));
    bar.finish_and_clear();
    let search = result.map_err(anyhow::Error::msg)?;
    let seconds = search.elapsed.as_secs_f64();
    eprintln!(
        "stress: {} cases in {seconds:.2} s ({:.0} cases/s, {} jobs)",
        search.tried,
        search.tried as f64 / seconds.max(1e-9),
        cx.jobs
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

/// The input, expected and received answers and the checker's words.
fn describe(report: &mut String, saved: &Path, input: &str, trial: &stress::Trial) {
    let _ = writeln!(report, "--- input (saved to {})", saved.display());
    report.push_str(&shown(input.as_bytes()));
    let _ = writeln!(
        report,
        "--- expected (saved to {})",
        saved.with_extension("ans").display()
    );
    report.push_str(&shown(trial.expected.as_bytes()));
    report.push_str("--- received\n");
    report.push_str(&shown(&trial.received));
    let _ = writeln!(
        report,
        "--- verdict {}: {}",
        trial.judged.verdict,
        trial.judged.message.trim_end()
    );
}

/// Text shown verbatim, cut after [`SHOWN_LINES`] lines; ends with a newline.
fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    let mut out: String = lines
        .iter()
        .take(SHOWN_LINES)
        .map(|line| format!("{line}\n"))
        .collect();
    if lines.len() > SHOWN_LINES {
        let _ = writeln!(out, "... ({} lines in all)", lines.len());
    }
    if lines.is_empty() {
        out.push_str("(nothing)\n");
    }
    out
}

/// The command line that finds the same failure again and shrinks it the same way.
fn repro(args: &StressArgs, origin: &Origin) -> String {
    let mut words: Vec<String> = vec!["stonejudge".into(), "stress".into()];
    match origin {
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
