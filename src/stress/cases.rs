//! Where stress cases come from. Every source numbers its cases 0, 1, 2, … and makes case `i`
//! the same way every time, so that a failing case can be named by a seed and a mode.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Instant;

use crate::catalog::DynProblem;
use crate::gen::{ParamError, Params};
use crate::programs::shrink::Call;
use crate::programs::ProgramTools;
use crate::run::jury::beyond_limits;
use crate::run::{Program, Runner, Stdin};

/// Inputs larger than this (as the probe of a mode generates them) are the size-limit tests
/// of a plan; mixing them in would spend the run on reading input, so such modes are only
/// used when asked for with `--param mode=...`.
pub const MAX_MIXED_INPUT_BYTES: usize = 1 << 20;

/// One stress case.
#[derive(Debug, Clone)]
pub struct StressCase {
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
    /// The input of this name among those a generator that makes a whole test set wrote
    /// (sinol-make's ingen, [`MadeCases`]).
    Made { name: String },
}

/// A numbered source of cases. Each number is asked for once, in about increasing order
/// (the search's threads claim them in order).
pub trait Cases: Sync {
    /// Case number `index` (`None`: the source has fewer cases), or why it cannot be made.
    fn case(&self, index: u64) -> Result<Option<StressCase>, String>;
}

/// Random cases from a problem's generator: case `i` has seed `seed + i`; unless the user
/// fixed the mode, the generator's modes take turns (case `i` uses mode `i mod k`), so the
/// extremes each mode aims at come up as often as uniform draws.
pub struct RandomCases<'a> {
    problem: &'a dyn DynProblem,
    seed: u64,
    params: Vec<String>,
    modes: Vec<String>,
    /// Modes left out of the mix, and why.
    pub skipped: Vec<(String, String)>,
}

impl<'a> RandomCases<'a> {
    /// Checks `params` (`KEY=VALUE`) against the generator and finds its modes by probing each
    /// once with `seed`; a mode whose probe fails with these parameters or makes an input
    /// larger than [`MAX_MIXED_INPUT_BYTES`] is left out (see [`RandomCases::skipped`]).
    pub fn new(
        problem: &'a dyn DynProblem,
        seed: u64,
        params: Vec<String>,
    ) -> Result<RandomCases<'a>, ParamError> {
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

impl Cases for RandomCases<'_> {
    fn case(&self, index: u64) -> Result<Option<StressCase>, String> {
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
        Ok(Some(StressCase {
            index,
            origin: Origin::Generated { seed, mode },
            input,
        }))
    }
}

/// `params` with `KEY=VALUE` added.
fn with_param(params: &[String], key: &str, value: &str) -> Vec<String> {
    let mut out = params.to_vec();
    out.push(format!("{key}={value}"));
    out
}

/// Consecutive sizes without an instance after which an enumeration is taken to be over.
const EMPTY_SIZES_GIVEN_UP: u64 = 1000;

/// How many instances a problem has of each size up to a bound, counted one at a time (the
/// memory taken does not grow with the bound), and given up once the total passes a cap: an
/// exhaustive run says what it is about to do before it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Census {
    /// `(size, instances counted)` for each size with instances, smallest first.
    pub sizes: Vec<(u64, u64)>,
    /// The size of the first instance left uncounted (`None`: every instance up to the bound
    /// is counted). Sizes below it are counted in full.
    pub uncounted_from: Option<u64>,
}

impl Census {
    /// Counts the instances of `problem` of size `0..=bound`, stopping once more than `cap`
    /// are counted or at `until`. After [`EMPTY_SIZES_GIVEN_UP`] sizes in a row without an
    /// instance, the enumeration is taken to be over (the formats bound every number).
    pub fn count(problem: &dyn DynProblem, bound: u64, cap: u64, until: Option<Instant>) -> Census {
        let mut census = Census {
            sizes: Vec::new(),
            uncounted_from: None,
        };
        let mut total = 0u64;
        let mut empty_sizes = 0;
        for size in 0..=bound {
            let mut here = 0;
            for _ in problem.enumerate(size) {
                let late = total.is_multiple_of(1024) && until.is_some_and(|t| Instant::now() >= t);
                if total == cap || late {
                    if here > 0 {
                        census.sizes.push((size, here));
                    }
                    census.uncounted_from = Some(size);
                    return census;
                }
                total += 1;
                here += 1;
            }
            if here > 0 {
                census.sizes.push((size, here));
                empty_sizes = 0;
            } else {
                empty_sizes += 1;
                if empty_sizes >= EMPTY_SIZES_GIVEN_UP {
                    break;
                }
            }
        }
        census
    }

    /// The instances counted of size at most `bound`.
    pub fn total_through(&self, bound: u64) -> u64 {
        (self.sizes.iter())
            .filter(|(size, _)| *size <= bound)
            .map(|(_, n)| n)
            .sum()
    }

    /// The instances counted.
    pub fn total(&self) -> u64 {
        self.sizes.iter().map(|(_, n)| n).sum()
    }

    /// Sizes with their counts, the counts complete (a size only partly counted is left out).
    fn in_full(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let below = self.uncounted_from.unwrap_or(u64::MAX);
        self.sizes
            .iter()
            .copied()
            .filter(move |&(size, _)| size < below)
    }

    /// The largest size whose instances, with those of every smaller size, number at most
    /// `cases` (`None`: even the smallest size has more).
    pub fn largest_within(&self, cases: u64) -> Option<u64> {
        let mut total = 0;
        let mut largest = None;
        for (size, count) in self.in_full() {
            total += count;
            if total > cases {
                break;
            }
            largest = Some(size);
        }
        largest
    }

    /// What the first `tried` instances, smallest first, cover.
    pub fn covered(&self, tried: u64) -> Coverage {
        let mut left = tried;
        let mut through = None;
        for (size, count) in self.in_full() {
            if left < count {
                let partly = (left > 0).then_some(Partly {
                    instances: left,
                    of: Some(count),
                    size,
                });
                return Coverage { through, partly };
            }
            left -= count;
            through = Some(size);
        }
        let partly = self.uncounted_from.filter(|_| left > 0).map(|size| Partly {
            instances: left,
            of: None,
            size,
        });
        Coverage { through, partly }
    }
}

/// What the smallest instances of a problem cover: every instance up to a size, then some
/// of the next size's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coverage {
    /// Every instance of size at most this.
    pub through: Option<u64>,
    /// Then some instances of the next size.
    pub partly: Option<Partly>,
}

/// Some of the instances of one size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Partly {
    pub instances: u64,
    /// Of how many (`None`: not counted).
    pub of: Option<u64>,
    pub size: u64,
}

/// `every instance of size <= 9, and 12 of the 30 of size 10`.
impl std::fmt::Display for Coverage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(size) = self.through {
            write!(f, "every instance of size <= {size}")?;
        }
        match (self.through, self.partly) {
            (_, None) if self.through.is_none() => write!(f, "nothing"),
            (_, None) => Ok(()),
            (
                through,
                Some(Partly {
                    instances,
                    of,
                    size,
                }),
            ) => {
                if through.is_some() {
                    write!(f, ", and ")?;
                }
                match of {
                    Some(of) => write!(f, "{instances} of the {of} of size {size}"),
                    None => write!(f, "{instances} more from size {size} on"),
                }
            }
        }
    }
}

/// Every instance of a problem up to a size, smallest first (see [`DynProblem::enumerate`] for
/// what size means), made one at a time as the search asks for them: the memory taken does not
/// grow with the bound.
pub struct ExhaustiveCases<'a> {
    stream: Mutex<Stream<'a>>,
}

/// The enumeration, and the instances it has made for cases not yet asked for.
struct Stream<'a> {
    instances: Box<dyn Iterator<Item = (u64, String)> + Send + 'a>,
    /// The number of the case the enumeration makes next.
    next: u64,
    /// Cases made ahead of their turn: the search's threads claim numbers in order but may
    /// ask for them slightly out of order, so this holds at most one per thread.
    early: BTreeMap<u64, (u64, String)>,
}

impl<'a> ExhaustiveCases<'a> {
    /// Every instance of `problem` of size at most `bound`.
    pub fn new(problem: &'a dyn DynProblem, bound: u64) -> ExhaustiveCases<'a> {
        ExhaustiveCases {
            stream: Mutex::new(Stream {
                instances: problem.enumerate_upto(bound),
                next: 0,
                early: BTreeMap::new(),
            }),
        }
    }
}

impl Cases for ExhaustiveCases<'_> {
    fn case(&self, index: u64) -> Result<Option<StressCase>, String> {
        let mut stream = self
            .stream
            .lock()
            .map_err(|_| "the enumeration failed on another thread".to_string())?;
        let made = match stream.early.remove(&index) {
            Some(made) => Some(made),
            None if index < stream.next => {
                return Err(format!("exhaustive case {index} was asked for twice"))
            }
            None => {
                while stream.next < index {
                    let Some(made) = stream.instances.next() else {
                        return Ok(None);
                    };
                    let number = stream.next;
                    stream.early.insert(number, made);
                    stream.next += 1;
                }
                stream.next += 1;
                stream.instances.next()
            }
        };
        Ok(made.map(|(size, input)| StressCase {
            index,
            origin: Origin::Enumerated { size },
            input,
        }))
    }
}

/// Cases from an external generator program: case `i` is what it prints when given the seed
/// `seed + i` as its last argument.
pub struct ExternalCases<'a> {
    pub generator: &'a Program,
    pub runner: &'a Runner,
    pub seed: u64,
}

impl Cases for ExternalCases<'_> {
    fn case(&self, index: u64) -> Result<Option<StressCase>, String> {
        let seed = self.seed.wrapping_add(index);
        let invocation = self.generator.invocation.clone().arg(seed.to_string());
        let shown = self.generator.given.display();
        let limits = self.runner.jury().of_data();
        let run = (self.runner)
            .run(&invocation, Stdin::Empty, &limits)
            .map_err(|e| format!("cannot run the generator {shown}: {e}"))?;
        if let Some(why) = beyond_limits(&format!("the generator {shown}"), &run) {
            return Err(format!("{why} (seed {seed})"));
        }
        if let Some((verdict, why)) = run.verdict_with_stderr() {
            return Err(format!(
                "the generator {shown} failed on seed {seed} ({verdict}): {why}"
            ));
        }
        let input = String::from_utf8(run.stdout).map_err(|_| {
            format!("the generator {shown} printed bytes that are not UTF-8 for seed {seed}")
        })?;
        Ok(Some(StressCase {
            index,
            origin: Origin::External { seed },
            input,
        }))
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
    fn case(&self, index: u64) -> Result<Option<StressCase>, String> {
        let params = match self.params.len() {
            0 => Vec::new(),
            k => self.params[(index % k as u64) as usize].clone(),
        };
        let call = Call {
            params,
            seed: self.seed.wrapping_add(index),
        };
        let input = self.tools.generate(call.seed, &call.params, false)?;
        Ok(Some(StressCase {
            index,
            origin: Origin::Called(call),
            input,
        }))
    }
}

/// The inputs a generator that takes no seed made in one run, as a whole test set (a
/// sinol-make package's ingen, which writes every test of `in/`): case `i` is the `i`-th
/// input in the package's order, so the source ends with them.
pub struct MadeCases {
    /// Each input with its name, in order.
    pub inputs: Vec<(String, String)>,
}

impl Cases for MadeCases {
    fn case(&self, index: u64) -> Result<Option<StressCase>, String> {
        let made = usize::try_from(index)
            .ok()
            .and_then(|index| self.inputs.get(index));
        Ok(made.map(|(name, input)| StressCase {
            index,
            origin: Origin::Made { name: name.clone() },
            input: input.clone(),
        }))
    }
}
