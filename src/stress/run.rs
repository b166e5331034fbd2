//! A whole stress run, whatever the problem: which cases (a catalog problem's generator or
//! every instance up to a size, a program-backed problem's generator, or an external
//! generator), which oracle (the in-process reference and checker, a reference program, a
//! package's output validator), the search, and the shrinking of what failed. The command
//! (`stonejudge stress`) turns flags into a [`Setup`], calls one function here and prints
//! the [`Ended`] run; what happens meanwhile is told to a [`Progress`].

use std::time::Instant;

use super::{
    descend, search, shrink, Budget, Cases, Census, ExhaustiveCases, ExternalCases, ExternalOracle,
    Failure, Oracle, Origin, PlayedOracle, ProblemOracle, ProgramCases, RandomCases, Search,
    SinolPlayedOracle, Trial,
};
use crate::catalog::{DynProblem, Resolved, Tools};
use crate::formats::manifest::Group;
use crate::judge::{Checker, Judge, Judging};
use crate::package::submissions::{self, limit_for_judging};
use crate::package::Package;
use crate::programs::shrink::{smaller_calls, Call};
use crate::run::{Cache, Limits, Program, Runner};
use crate::sinol::judging::SinolJudge;
use crate::sinol::Sinol;
use crate::text::show::count;
use crate::verdict::Verdict;

/// The most instances an exhaustive run takes without a bound or a number of cases.
pub const DEFAULT_EXHAUSTIVE_CASES: u64 = 10_000;
/// The most instances an exhaustive run takes without a number of cases or a duration: beyond
/// this (well over ten minutes at the fastest), a run must say how much to take.
pub const MAX_UNBUDGETED_INSTANCES: u64 = 1_000_000;
/// The share of the duration an exhaustive run may spend counting instances before it starts.
const CENSUS_SHARE: u32 = 4;

/// What a stress run is asked to do.
#[derive(Clone)]
pub struct Setup<'a> {
    /// The program under test.
    pub program: &'a Program,
    pub runner: &'a Runner,
    pub cache: &'a Cache,
    pub limits: Limits,
    pub jobs: usize,
    /// When a search of random cases stops (exhaustive runs derive theirs).
    pub budget: Budget,
    /// The seed of case 0 (random and generic runs).
    pub seed: u64,
    /// The seed was drawn from the operating system, not given.
    pub fresh: bool,
    /// `KEY=VALUE` parameters for the generator.
    pub params: Vec<String>,
    /// Every instance up to a size instead of random cases (a catalog problem's).
    pub exhaustive: bool,
    /// The largest size of an exhaustive run (else the census finds one).
    pub bound: Option<u64>,
    /// The number of cases given, if any (an exhaustive run reads it as its cap).
    pub cases: Option<u64>,
    /// The duration given, if any.
    pub duration: Option<std::time::Duration>,
    pub started: Instant,
}

/// What a run tells as it goes (the command prints it on standard error).
pub trait Progress: Sync {
    /// A line about the run: its setup, the census, a mode left out, the shrinking.
    fn note(&self, line: &str);
    /// The census of an exhaustive run, before it starts, up to `bound`.
    fn census(&self, census: &Census, bound: u64);
    /// A search begins.
    fn searching(&self);
    /// One more case was judged.
    fn case_judged(&self);
    /// The search ended (`None`: a case could not be made).
    fn searched(&self, search: Option<&Search>);
}

/// How a run ended.
pub enum Ended {
    /// Nothing failed: what passed; `interrupted` when SIGINT stopped the search.
    Passed { what: String, interrupted: bool },
    /// A case failed.
    Failed(Box<Found>),
}

/// A failing case, as it is reported: the case found, how it was shrunk (or why not), and the
/// final input with its trial.
pub struct Found {
    pub failure: Failure,
    pub how: String,
    /// The stem of the file the case is saved under by default (the problem's name).
    pub stem: String,
    pub input: String,
    pub trial: Trial,
    /// SIGINT stopped the shrinking.
    pub interrupted: bool,
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

    fn announce(&self, progress: &dyn Progress, what: &str) {
        let memory = self
            .limits
            .memory
            .map_or("no memory limit".to_string(), |b| {
                format!("{} MiB", b >> 20)
            });
        progress.note(&format!(
            "stress: {what}; limits {} s CPU, {memory}; {} jobs",
            self.limits.cpu.as_secs_f64(),
            self.jobs
        ));
    }

    /// The search, with progress and a closing line with the rate.
    fn search(
        &self,
        progress: &dyn Progress,
        cases: &dyn Cases,
        oracle: &dyn Oracle,
        budget: Budget,
    ) -> Result<Search, String> {
        progress.searching();
        let result = search(cases, oracle, self.jobs, budget, &|| progress.case_judged());
        progress.searched(result.as_ref().ok());
        result
    }

    /// The end of a run of random cases that found nothing: "N cases passed (NAME, the seeds)".
    fn random_cases_passed(&self, search: &Search, name: Option<&str>) -> Ended {
        let named = name.map(|name| format!("{name}, ")).unwrap_or_default();
        let what = format!(
            "{} passed ({named}{})",
            count(search.tried, "case", "cases"),
            self.seed_range(search.tried)
        );
        passed(search, what)
    }
}

/// The end of a search that found nothing.
fn passed(search: &Search, what: String) -> Ended {
    Ended::Passed {
        what,
        interrupted: search.interrupted,
    }
}

/// A resolved problem of the catalog (or declared): random cases from its generator, or every
/// instance up to a size, judged by its checker (or played against its built-in judge), the
/// first failure shrunk. `None`: the problem's tools are not in-process.
pub fn in_process(
    cx: &Setup<'_>,
    progress: &dyn Progress,
    resolved: &Resolved,
) -> Option<Result<Ended, String>> {
    let problem = resolved.catalog()?;
    let tools = Tools::InProcess(problem.clone());
    let oracle = ProblemOracle {
        problem: &*problem,
        judge: Judge {
            runner: cx.runner,
            program: cx.program,
            limits: cx.limits,
            judging: resolved.judging(&tools),
        },
    };
    let name = resolved.name();
    Some(match cx.exhaustive {
        true => exhaustive(cx, progress, name, &*problem, &oracle),
        false => random(cx, progress, name, &*problem, &oracle),
    })
}

/// Random cases of a problem of the catalog, shrunk.
fn random(
    cx: &Setup<'_>,
    progress: &dyn Progress,
    name: &str,
    problem: &dyn DynProblem,
    oracle: &ProblemOracle<'_>,
) -> Result<Ended, String> {
    let cases = RandomCases::new(problem, cx.seed, cx.params.clone()).map_err(|e| e.to_string())?;
    let modes = if cases.modes().is_empty() {
        "one mode".to_string()
    } else {
        format!("modes {} in turn", cases.modes().join(", "))
    };
    cx.announce(
        progress,
        &format!("{name}: random cases from {}, {modes}", cx.seed_words()),
    );
    for (mode, why) in &cases.skipped {
        progress.note(&format!("stress: mode {mode} left out: {why}"));
    }
    let search = cx.search(progress, &cases, oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        return Ok(cx.random_cases_passed(&search, Some(name)));
    };
    Ok(shrunk(cx, progress, problem, oracle, failure, name))
}

/// Every instance up to a size, smallest first; the first failure shrunk.
fn exhaustive(
    cx: &Setup<'_>,
    progress: &dyn Progress,
    name: &str,
    problem: &dyn DynProblem,
    oracle: &ProblemOracle<'_>,
) -> Result<Ended, String> {
    // Without a bound, the census finds it; with one, it counts what the run will cover (and
    // a refusal needs to know whether there are more than a run without a budget takes).
    let census_cap = match cx.bound {
        None => cx.cases.unwrap_or(DEFAULT_EXHAUSTIVE_CASES),
        Some(_) => MAX_UNBUDGETED_INSTANCES,
    };
    // The header first: counting may take a second or two.
    let sizes = match cx.bound {
        Some(bound) => format!("every instance of size <= {bound}"),
        None => format!("every size whose instances number at most {census_cap} in all"),
    };
    cx.announce(
        progress,
        &format!("{name}: exhaustive, {sizes}, smallest first"),
    );
    let census_until = cx.duration.map(|d| cx.started + d / CENSUS_SHARE);
    let census = Census::count(
        problem,
        cx.bound.unwrap_or(u64::MAX),
        census_cap,
        census_until,
    );
    let bound = match cx.bound {
        Some(bound) => bound,
        None => census.largest_within(census_cap).ok_or_else(|| {
            let (size, count) = census.sizes.first().copied().unwrap_or_default();
            format!(
                "the {count} smallest instances of {name} (size {size}) are more than \
                 --cases {census_cap}: give a larger --cases"
            )
        })?,
    };
    progress.census(&census, bound);
    if census.sizes.is_empty() {
        return Err(format!("{name} has no instance of size at most {bound}"));
    }
    let complete = census.uncounted_from.is_none();
    if cx.bound.is_some() && cx.cases.is_none() && cx.duration.is_none() && !complete {
        return Err(format!(
            "{name} has more than {MAX_UNBUDGETED_INSTANCES} instances of size at most {bound}, \
             more than one run takes without a budget: give --cases N (the N smallest), \
             --duration S (the smallest first, for S seconds) or a smaller --bound"
        ));
    }
    let budget = Budget {
        cases: match (cx.bound, cx.cases) {
            (None, _) => Some(census.total_through(bound)),
            (Some(_), cases) => cases,
        },
        duration: cx.duration.map(|d| d.saturating_sub(cx.started.elapsed())),
    };
    // A complete census knows the largest size with instances: the enumeration stops there
    // instead of walking through empty sizes up to the bound.
    let last = census.sizes.last().map_or(bound, |&(size, _)| size);
    let cases = ExhaustiveCases::new(problem, if complete { last } else { bound });
    let search = cx.search(progress, &cases, oracle, budget)?;
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
        return Ok(passed(&search, what));
    };
    Ok(shrunk(cx, progress, problem, oracle, failure, name))
}

/// The failure found, shrunk with the problem's own candidates (a judge error is not).
fn shrunk(
    cx: &Setup<'_>,
    progress: &dyn Progress,
    problem: &dyn DynProblem,
    oracle: &dyn Oracle,
    failure: Failure,
    name: &str,
) -> Ended {
    let original = failure.trial.judged.verdict;
    if original == Verdict::JE {
        return Ended::Failed(Box::new(Found {
            how: "not shrunk: a judge error".to_string(),
            stem: name.to_string(),
            input: failure.case.input.clone(),
            trial: failure.trial.clone(),
            failure,
            interrupted: false,
        }));
    }
    progress.note(&format!(
        "stress: case {} failed ({original}); shrinking it",
        failure.case.index
    ));
    let shrunk = shrink(
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
    Ended::Failed(Box::new(Found {
        failure,
        how,
        stem: name.to_string(),
        input: shrunk.input,
        trial: shrunk.trial,
        interrupted: shrunk.interrupted,
    }))
}

/// Random cases of a program-backed problem from its generator (the given parameters, or
/// each generated group's of the plan in turn), answered by its reference, judged by its
/// checker, and shrunk by asking the generator for smaller inputs.
pub fn with_programs(
    cx: &Setup<'_>,
    progress: &dyn Progress,
    resolved: &Resolved,
) -> Result<Ended, String> {
    let name = resolved.name();
    if cx.exhaustive {
        return Err(format!("--exhaustive needs a problem of the catalog: the inputs of {name} come from its generator program"));
    }
    let tools = resolved.tools(cx.runner, cx.cache)?;
    let Tools::Programs(programs) = &tools else {
        return Err(format!("{name} is not a program-backed problem"));
    };
    let manifest = resolved.manifest().map_err(|e| e.to_string())?;
    let generated: Vec<&Group> = (manifest.groups.iter())
        .filter(|g| g.files.is_empty())
        .collect();
    let params: Vec<Vec<(String, String)>> = if cx.params.is_empty() {
        generated.iter().map(|g| g.params.clone()).collect()
    } else {
        let mut pairs = Vec::new();
        for param in &cx.params {
            let Some((key, value)) = param.split_once('=') else {
                return Err(format!("--param {param:?}: expected KEY=VALUE"));
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
    let judge = Judge {
        runner: cx.runner,
        program: cx.program,
        limits: cx.limits,
        judging: programs.judging(),
    };
    let reference = programs.reference()?;
    let external = ExternalOracle { reference, judge };
    // An interactive problem's interactor judges the reference's game and the program's.
    let played = PlayedOracle {
        tools: programs,
        judge,
    };
    let oracle: &dyn Oracle = match programs.is_interactive() {
        true => &played,
        false => &external,
    };
    let source = match cx.params.is_empty() {
        true => format!(
            "the parameters of its {} generated groups in turn",
            generated.len()
        ),
        false => "the parameters given".to_string(),
    };
    cx.announce(
        progress,
        &format!(
            "{name}: random cases from its generator, from {}, {source}",
            cx.seed_words()
        ),
    );
    let search = cx.search(progress, &cases, oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        return Ok(cx.random_cases_passed(&search, Some(name)));
    };
    let Origin::Called(call) = &failure.case.origin else {
        return Err(format!("a case of {name} was not made by its generator"));
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
    let (shrunk, last) = descend(oracle, cx.jobs, start, trial, candidates, make);
    let original = failure.trial.judged.verdict;
    let how = format!(
        "shrunk through the generator in {} ({}, {:.1} s), still {original}; the last call: {}",
        count(shrunk.steps, "step", "steps"),
        count(shrunk.runs, "run", "runs"),
        shrunk.elapsed.as_secs_f64(),
        describe_call(&last)
    );
    Ok(Ended::Failed(Box::new(Found {
        failure,
        how,
        stem: name.to_string(),
        input: shrunk.input,
        trial: shrunk.trial,
        interrupted: false,
    })))
}

/// `stress PACKAGE --gen … --ref …` (`programs` prepares those two, once the package is known
/// to suit a generic run and its limits are set): a generic run whose outputs are judged by the package's
/// output validator (or the default one) with `problem.yaml`'s and `data/`'s flags, under the
/// package's limits: the memory flag or the package's, the time flag or the package's fixed
/// time limit, else one derived from its accepted submissions (said to `progress`).
pub fn with_package(
    cx: &Setup<'_>,
    progress: &dyn Progress,
    package: &Package,
    (time_flag, memory_flag): (Option<f64>, Option<u64>),
    programs: Option<&dyn Fn() -> Result<(Program, Program), String>>,
) -> Result<Ended, String> {
    if let Some(why) = package.unsupported() {
        return Err(why);
    }
    if package.is_interactive() {
        return Err(format!(
            "{} is an interactive package: its submissions play against its interactor, and \
             stress --gen/--ref compares outputs, which it has none of (judge and verify play \
             it)",
            package.root.display()
        ));
    }
    if package.is_multi_pass() {
        return Err(format!(
            "{} is a multi-pass package: stress --gen/--ref compares one output, and its \
             submissions run pass after pass (judge and verify run them)",
            package.root.display()
        ));
    }
    let Some(prepare) = programs else {
        return Err(format!(
            "{} is a Kattis package: it has no generator of stonejudge's; give --gen CMD and \
             --ref CMD",
            package.root.display()
        ));
    };
    let data = package.data().map_err(|e| e.to_string())?;
    let mut config = package.config.clone();
    if let Some(memory) = memory_flag {
        config.memory_mib = memory;
    }
    let validator = match package.output_validator().map_err(|e| e.to_string())? {
        Some(found) => Some(
            package
                .prepare(&found, false, cx.runner, cx.cache)
                .map_err(|e| format!("the output validator: {e}"))?,
        ),
        None => None,
    };
    let judging = submissions::Judging {
        runner: cx.runner,
        validator: validator.as_ref(),
        config: &config,
    };
    let limit = limit_for_judging(package, &judging, &data, cx.cache, time_flag)?;
    progress.note(&format!("time limit: {}", limit.how));
    let mut flags = config.validator_flags.clone();
    flags.extend(data.config.output_validator_flags.iter().cloned());
    let checker = judging.checker_with(flags)?;
    let cx = Setup {
        limits: judging.limits(limit.seconds),
        started: Instant::now(),
        ..cx.clone()
    };
    let (generator, reference) = prepare()?;
    let how = "judged by the package's output validator";
    generic(
        &cx,
        progress,
        (&generator, &reference),
        checker.as_ref(),
        how,
    )
}

/// `-max_n=4 -seed=9`: a generator call as the generator sees it.
pub fn describe_call(call: &Call) -> String {
    let mut words: Vec<String> = (call.params.iter())
        .map(|(k, v)| format!("-{k}={v}"))
        .collect();
    words.push(format!("-seed={}", call.seed));
    words.join(" ")
}

/// `stress PACKAGE --gen CMD --ref CMD` of a sinol-make package: generic mode, each output
/// judged by the package's checker (or the comparison of tokens), under the run's limits; in
/// an interactive task, the reference and the program each play every case against its
/// interactor ([`SinolPlayedOracle`]).
pub fn with_sinol(
    cx: &Setup<'_>,
    progress: &dyn Progress,
    sinol: &Sinol,
    programs: Option<&dyn Fn() -> Result<(Program, Program), String>>,
) -> Result<Ended, String> {
    let Some(prepare) = programs else {
        return Err(format!(
            "{} is a sinol-make package: give --gen CMD and --ref CMD",
            sinol.root.display()
        ));
    };
    let (generator, reference) = prepare()?;
    let judge = SinolJudge::new(sinol, cx.runner, cx.cache)
        .map_err(|e| format!("the package's checker or interactor: {e}"))?;
    if judge.interactor.is_some() {
        let oracle = SinolPlayedOracle {
            judge: &judge,
            reference: &reference,
            program: cx.program,
            limits: cx.limits,
        };
        let how = "played against the package's interactor";
        return generic_search(cx, progress, &generator, &oracle, how);
    }
    let how = "judged by the package's checker";
    generic(cx, progress, (&generator, &reference), &judge, how)
}

/// `--gen CMD --ref CMD`: external generator and reference, outputs judged by `checker` (`how`
/// says by what), no shrinking.
pub fn generic(
    cx: &Setup<'_>,
    progress: &dyn Progress,
    (generator, reference): (&Program, &Program),
    checker: &dyn Checker,
    how: &str,
) -> Result<Ended, String> {
    let oracle = ExternalOracle {
        reference,
        judge: Judge {
            runner: cx.runner,
            program: cx.program,
            limits: cx.limits,
            judging: Judging::Output(checker),
        },
    };
    generic_search(cx, progress, generator, &oracle, how)
}

/// Generic mode's search: cases from the external `generator`, each judged by `oracle` (`how`
/// says how), no shrinking.
fn generic_search(
    cx: &Setup<'_>,
    progress: &dyn Progress,
    generator: &Program,
    oracle: &dyn Oracle,
    how: &str,
) -> Result<Ended, String> {
    let cases = ExternalCases {
        generator,
        runner: cx.runner,
        seed: cx.seed,
    };
    cx.announce(
        progress,
        &format!(
            "generic mode, cases from {}: {how}, no shrinking",
            cx.seed_words()
        ),
    );
    let search = cx.search(progress, &cases, oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        return Ok(cx.random_cases_passed(&search, None));
    };
    let how = match failure.trial.judged.verdict {
        Verdict::JE => "not shrunk: a judge error",
        _ => "not shrunk: generic mode knows nothing about the input's structure",
    };
    Ok(Ended::Failed(Box::new(Found {
        how: how.to_string(),
        stem: "generic".to_string(),
        input: failure.case.input.clone(),
        trial: failure.trial.clone(),
        failure,
        interrupted: false,
    })))
}
