//! The runs of stress, by where their cases come from: a catalog problem's generator or every
//! instance up to a size (the in-process reference and checker), a program-backed problem's
//! generator (its reference program, shrunk through the generator), an external generator
//! (generic mode, not shrunk), or the whole test set a generator made (sinol-make's ingen,
//! shrunk to the shortest input that still fails); each is the search, and the shrinking of
//! what failed. Which run a problem gets, with which oracle and limits, is chosen from its
//! model by [`super::request`]; what happens meanwhile is told to a [`StressProgress`].

use std::time::Instant;

use super::{
    descend, search, shrink, smaller_texts, Budget, Cases, Census, ExhaustiveCases, ExternalCases,
    Failure, MadeCases, Oracle, Origin, ProblemOracle, ProgramCases, RandomCases, Search, Shrunk,
    Trial,
};
use crate::catalog::{DynProblem, Resolved};
use crate::formats::manifest::Group;
use crate::judge::Judge;
use crate::programs::shrink::{smaller_calls, Call};
use crate::programs::ProgramTools;
use crate::run::{Cache, Limits, Program, Runner};
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
pub trait StressProgress: Sync {
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

    fn announce(&self, progress: &dyn StressProgress, what: &str) {
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
        progress: &dyn StressProgress,
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

/// A problem of the catalog (or declared), `name`: random cases from its generator, or every
/// instance up to a size, answered in-process and judged by `judge` (its checker, or its
/// built-in judge), the first failure shrunk.
pub fn in_process(
    cx: &Setup<'_>,
    progress: &dyn StressProgress,
    name: &str,
    problem: &dyn DynProblem,
    judge: Judge<'_>,
) -> Result<Ended, String> {
    let oracle = ProblemOracle { problem, judge };
    match cx.exhaustive {
        true => exhaustive(cx, progress, name, problem, &oracle),
        false => random(cx, progress, name, problem, &oracle),
    }
}

/// Random cases of a problem of the catalog, shrunk.
fn random(
    cx: &Setup<'_>,
    progress: &dyn StressProgress,
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
    Ok(shrunk(progress, failure, name, |input, trial| {
        shrink(problem, oracle, cx.jobs, input, trial)
    }))
}

/// Every instance up to a size, smallest first; the first failure shrunk.
fn exhaustive(
    cx: &Setup<'_>,
    progress: &dyn StressProgress,
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
    Ok(shrunk(progress, failure, name, |input, trial| {
        shrink(problem, oracle, cx.jobs, input, trial)
    }))
}

/// The failure found, shrunk by `descent` (from its input and trial: a problem's own
/// candidates, or the input's text), a judge error not.
fn shrunk(
    progress: &dyn StressProgress,
    failure: Failure,
    name: &str,
    descent: impl FnOnce(String, Trial) -> Shrunk,
) -> Ended {
    let original = failure.trial.judged.verdict;
    if original == Verdict::JE {
        return not_shrunk(failure, "not shrunk: a judge error", name);
    }
    progress.note(&format!(
        "stress: case {} failed ({original}); shrinking it",
        failure.case.index
    ));
    let shrunk = descent(failure.case.input.clone(), failure.trial.clone());
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
    found_shrunk(failure, how, name, shrunk)
}

/// Random cases of a program-backed problem from its generator `programs` (the given
/// parameters, or each generated group's of the plan in turn), judged by `oracle`, and shrunk
/// by asking the generator for smaller inputs.
pub fn with_programs(
    cx: &Setup<'_>,
    progress: &dyn StressProgress,
    resolved: &Resolved,
    programs: &ProgramTools<'_>,
    oracle: &dyn Oracle,
) -> Result<Ended, String> {
    let name = resolved.name();
    if cx.exhaustive {
        return Err(format!("--exhaustive needs a problem of the catalog: the inputs of {name} come from its generator program"));
    }
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
    Ok(found_shrunk(failure, how, name, shrunk))
}

/// `-max_n=4 -seed=9`: a generator call as the generator sees it.
pub fn describe_call(call: &Call) -> String {
    let mut words: Vec<String> = (call.params.iter())
        .map(|(k, v)| format!("-{k}={v}"))
        .collect();
    words.push(format!("-seed={}", call.seed));
    words.join(" ")
}

/// Whether a text is a valid input of the problem, as its input validators say: what keeps
/// the shrinking of an external generator's case within the problem's inputs.
pub type Validity<'a> = &'a (dyn Fn(&str) -> bool + Sync);

/// Generic mode's search: cases from the external `generator`, each judged by `oracle` (`how`
/// says how); a failure shrunk over its text within what `valid` accepts, or, without it (no
/// problem, or one without input validators), not shrunk.
pub fn generic_search(
    cx: &Setup<'_>,
    progress: &dyn StressProgress,
    generator: &Program,
    oracle: &dyn Oracle,
    how: &str,
    valid: Option<Validity<'_>>,
) -> Result<Ended, String> {
    let cases = ExternalCases {
        generator,
        runner: cx.runner,
        seed: cx.seed,
    };
    cx.announce(
        progress,
        &format!(
            "generic mode, cases from {}: {how}, {}",
            cx.seed_words(),
            match valid {
                Some(_) => "shrunk over the text within what the input validators accept",
                None => "no shrinking",
            }
        ),
    );
    let search = cx.search(progress, &cases, oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        return Ok(cx.random_cases_passed(&search, None));
    };
    let Some(valid) = valid else {
        let how = match failure.trial.judged.verdict {
            Verdict::JE => "not shrunk: a judge error",
            _ => "not shrunk: generic mode knows nothing about the input's structure",
        };
        return Ok(not_shrunk(failure, how, "generic"));
    };
    let make = |text: &String| valid(text).then(|| text.clone());
    Ok(shrunk(progress, failure, "generic", |input, trial| {
        let start = (input.clone(), input);
        let candidates = |text: &String, _: &str| smaller_texts(text);
        descend(oracle, cx.jobs, start, trial, candidates, make).0
    }))
}

/// The inputs a generator made as a whole test set (`name`'s ingen), in order, each judged by
/// `oracle` (`how` says how); a failure is shrunk to the shortest of them that fails the same
/// way (their text is all that is known of them, and they are the problem's own inputs).
pub fn made(
    cx: &Setup<'_>,
    progress: &dyn StressProgress,
    name: &str,
    cases: &MadeCases,
    oracle: &dyn Oracle,
    how: &str,
) -> Result<Ended, String> {
    cx.announce(
        progress,
        &format!(
            "{name}: the {} its ingen makes, in order: {how}",
            count(cases.inputs.len(), "input", "inputs")
        ),
    );
    let search = cx.search(progress, cases, oracle, cx.budget)?;
    let Some(failure) = search.failure else {
        return Ok(passed(
            &search,
            format!(
                "{} passed ({name}, the inputs of its ingen)",
                count(search.tried, "case", "cases")
            ),
        ));
    };
    // Each step tries the shorter inputs, shortest first: one step finds the shortest that
    // fails the same way, and the next finds none shorter.
    let shorter = |&index: &usize, input: &str| {
        let mut shorter: Vec<usize> = (0..cases.inputs.len())
            .filter(|&other| other != index && cases.inputs[other].1.len() < input.len())
            .collect();
        shorter.sort_by_key(|&other| (cases.inputs[other].1.len(), other));
        shorter
    };
    let make = |&index: &usize| Some(cases.inputs[index].1.clone());
    let index = failure.case.index as usize;
    Ok(shrunk(progress, failure, name, |input, trial| {
        descend(oracle, cx.jobs, (index, input), trial, shorter, make).0
    }))
}

/// A failure reported with the end of its shrinking (`how` says how it went).
fn found_shrunk(failure: Failure, how: String, stem: &str, shrunk: Shrunk) -> Ended {
    Ended::Failed(Box::new(Found {
        failure,
        how,
        stem: stem.to_string(),
        input: shrunk.input,
        trial: shrunk.trial,
        interrupted: shrunk.interrupted,
    }))
}

/// A failure reported as it was found, `how` saying why it was not shrunk.
fn not_shrunk(failure: Failure, how: &str, stem: &str) -> Ended {
    Ended::Failed(Box::new(Found {
        how: how.to_string(),
        stem: stem.to_string(),
        input: failure.case.input.clone(),
        trial: failure.trial.clone(),
        failure,
        interrupted: false,
    }))
}
