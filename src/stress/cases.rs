//! Where stress cases come from. Every source numbers its cases 0, 1, 2, … and makes case `i`
//! the same way every time, so that a failing case can be named by a seed and a mode.

use std::time::Duration;

use crate::catalog::DynProblem;
use crate::gen::{ParamError, Params};
use crate::programs::shrink::Call;
use crate::programs::ProgramTools;
use crate::run::{Limits, Program, Runner, Stdin};

/// Inputs larger than this (as the probe of a mode generates them) are the size-limit tests
/// of a plan; mixing them in would spend the run on reading input, so such modes are only
/// used when asked for with `--param mode=...`.
pub const MAX_MIXED_INPUT_BYTES: usize = 1 << 20;

/// One stress case.
#[derive(Debug, Clone)]
pub struct Case {
    /// Its number in the search (0-based).
    pub index: u64,
    pub origin: Origin,
    pub input: String,
}

/// How a case was made: what reproduces it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The problem's generator with this seed and mode (`None`: the mode was the user's or
    /// the generator's default).
    Generated { seed: u64, mode: Option<String> },
    /// Exhaustive enumeration: an instance of this size.
    Enumerated { size: u64 },
    /// An external generator given this seed as its last argument.
    External { seed: u64 },
    /// A program-backed problem's generator called with these parameters and seed.
    Called(Call),
}

/// A numbered source of cases.
pub trait Cases: Sync {
    /// How many cases there are (`None`: unbounded).
    fn count(&self) -> Option<u64>;
    /// Case number `index`, or why it cannot be made.
    fn case(&self, index: u64) -> Result<Case, String>;
}

/// Random cases from a problem's generator: case `i` has seed `seed + i`; unless the user
/// fixed the mode, the generator's modes take turns (case `i` uses mode `i mod k`), so the
/// extremes each mode aims at come up as often as uniform draws.
pub struct RandomCases {
    problem: &'static dyn DynProblem,
    seed: u64,
    params: Vec<String>,
    modes: Vec<String>,
    /// Modes left out of the mix, and why.
    pub skipped: Vec<(String, String)>,
}

impl RandomCases {
    /// Checks `params` (`KEY=VALUE`) against the generator and finds its modes by probing each
    /// once with `seed`; a mode whose probe fails with these parameters or makes an input
    /// larger than [`MAX_MIXED_INPUT_BYTES`] is left out (see [`RandomCases::skipped`]).
    pub fn new(
        problem: &'static dyn DynProblem,
        seed: u64,
        params: Vec<String>,
    ) -> Result<RandomCases, ParamError> {
        let parsed = Params::parse(&params)?;
        let fixed_mode = parsed.raw("mode").is_some();
        problem.generate(seed, &parsed)?;
        let offered = if fixed_mode {
            None
        } else {
            parsed.offered("mode")
        };
        let mut modes = Vec::new();
        let mut skipped = Vec::new();
        for mode in offered.unwrap_or_default() {
            let with_mode = with_param(&params, "mode", &mode);
            match Params::parse(&with_mode).and_then(|p| problem.generate(seed, &p)) {
                Ok(input) if input.len() > MAX_MIXED_INPUT_BYTES => skipped.push((
                    mode,
                    format!(
                        "its inputs are large ({} KiB); ask for it with --param mode=...",
                        input.len() >> 10
                    ),
                )),
                Ok(_) => modes.push(mode),
                Err(e) => skipped.push((mode, e.to_string())),
            }
        }
        Ok(RandomCases {
            problem,
            seed,
            params,
            modes,
            skipped,
        })
    }

    /// The modes that take turns (empty when the mode is fixed or the generator has none).
    pub fn modes(&self) -> &[String] {
        &self.modes
    }
}

impl Cases for RandomCases {
    fn count(&self) -> Option<u64> {
        None
    }

    fn case(&self, index: u64) -> Result<Case, String> {
        let seed = self.seed.wrapping_add(index);
        let mode = (!self.modes.is_empty())
            .then(|| self.modes[(index % self.modes.len() as u64) as usize].clone());
        let params = match &mode {
            Some(mode) => with_param(&self.params, "mode", mode),
            None => self.params.clone(),
        };
        let input = Params::parse(&params)
            .and_then(|p| self.problem.generate(seed, &p))
            .map_err(|e| format!("the generator failed on seed {seed}: {e}"))?;
        Ok(Case {
            index,
            origin: Origin::Generated { seed, mode },
            input,
        })
    }
}

/// `params` with `KEY=VALUE` added.
fn with_param(params: &[String], key: &str, value: &str) -> Vec<String> {
    let mut out = params.to_vec();
    out.push(format!("{key}={value}"));
    out
}

/// Every instance of a problem up to a size, smallest first (see
/// [`DynProblem::enumerate`] for what size means).
pub struct ExhaustiveCases {
    inputs: Vec<(u64, String)>,
    /// Every instance of size at most this is among the cases.
    pub complete_through: u64,
}

/// Consecutive sizes without an instance after which the enumeration is taken to be over.
const EMPTY_SIZES_GIVEN_UP: u64 = 1000;

impl ExhaustiveCases {
    /// All instances of size `0..=bound`, or, without a bound, of every size whose instances
    /// (with those of all smaller sizes) number at most `max_cases`.
    pub fn new(
        problem: &dyn DynProblem,
        bound: Option<u64>,
        max_cases: u64,
    ) -> Result<ExhaustiveCases, String> {
        let mut inputs: Vec<(u64, String)> = Vec::new();
        let mut complete_through = None;
        let mut empty_sizes = 0;
        for size in 0..=bound.unwrap_or(u64::MAX) {
            let level: Vec<String> = problem.enumerate(size).collect();
            if bound.is_none() && (inputs.len() + level.len()) as u64 > max_cases {
                if inputs.is_empty() {
                    return Err(format!(
                        "the {} smallest instances of {} (size {size}) are more than --cases {max_cases}",
                        level.len(),
                        problem.name()
                    ));
                }
                break;
            }
            empty_sizes = if level.is_empty() { empty_sizes + 1 } else { 0 };
            if empty_sizes >= EMPTY_SIZES_GIVEN_UP {
                break;
            }
            inputs.extend(level.into_iter().map(|input| (size, input)));
            complete_through = Some(size);
        }
        match complete_through {
            Some(complete_through) if !inputs.is_empty() => Ok(ExhaustiveCases {
                inputs,
                complete_through,
            }),
            _ => Err(format!(
                "{} enumerates no instance{}",
                problem.name(),
                bound.map_or(String::new(), |b| format!(" of size at most {b}"))
            )),
        }
    }
}

impl Cases for ExhaustiveCases {
    fn count(&self) -> Option<u64> {
        Some(self.inputs.len() as u64)
    }

    fn case(&self, index: u64) -> Result<Case, String> {
        let (size, input) = self
            .inputs
            .get(index as usize)
            .ok_or_else(|| format!("there is no exhaustive case {index}"))?;
        Ok(Case {
            index,
            origin: Origin::Enumerated { size: *size },
            input: input.clone(),
        })
    }
}

/// Cases from an external generator program: case `i` is what it prints when given the seed
/// `seed + i` as its last argument.
pub struct ExternalCases<'a> {
    pub generator: &'a Program,
    pub runner: &'a Runner,
    pub seed: u64,
}

/// Time a generator may take for one case.
const GENERATOR_TIME: Duration = Duration::from_secs(10);

impl Cases for ExternalCases<'_> {
    fn count(&self) -> Option<u64> {
        None
    }

    fn case(&self, index: u64) -> Result<Case, String> {
        let seed = self.seed.wrapping_add(index);
        let invocation = self.generator.invocation.clone().arg(seed.to_string());
        let shown = self.generator.given.display();
        let run = self
            .runner
            .run(
                &invocation,
                Stdin::Empty,
                &Limits::for_tools(GENERATOR_TIME),
            )
            .map_err(|e| format!("cannot run the generator {shown}: {e}"))?;
        if let Some((verdict, why)) = run.verdict() {
            return Err(format!(
                "the generator {shown} failed on seed {seed} ({verdict}): {why}"
            ));
        }
        let input = String::from_utf8(run.stdout).map_err(|_| {
            format!("the generator {shown} printed bytes that are not UTF-8 for seed {seed}")
        })?;
        Ok(Case {
            index,
            origin: Origin::External { seed },
            input,
        })
    }
}

/// Random cases of a program-backed problem: case `i` calls its generator with seed
/// `seed + i` and the parameters `params[i mod k]` (the user's, or each group's of the plan
/// in turn, so that every kind of test the setter planned comes up).
pub struct ProgramCases<'a> {
    pub tools: &'a ProgramTools<'a>,
    pub params: Vec<Vec<(String, String)>>,
    pub seed: u64,
}

impl Cases for ProgramCases<'_> {
    fn count(&self) -> Option<u64> {
        None
    }

    fn case(&self, index: u64) -> Result<Case, String> {
        let params = match self.params.len() {
            0 => Vec::new(),
            k => self.params[(index % k as u64) as usize].clone(),
        };
        let call = Call {
            params,
            seed: self.seed.wrapping_add(index),
        };
        let input = self.tools.generate(call.seed, &call.params, false)?;
        Ok(Case {
            index,
            origin: Origin::Called(call),
            input,
        })
    }
}
