//! Grundy tables at scale: engines far faster than the plain recurrence, behind one interface.
//!
//! - **Closed forms** for Nim (`G(n) = n`) and bounded Nim (`G(n) = n mod (m+1)`): formulas,
//!   tested against the plain oracle like everything else here.
//! - Games without split moves (subtraction games, octal codes without bit 4) need only the
//!   linear recurrence, which every fast engine uses for them.
//! - Games with split moves (the hard case: Kayles, Dawson's Kayles, Stripes, most octal
//!   games) have two engines: [`Engine::RareCommon`], near linear when the values fall into
//!   rare and common classes (module `rare_common`; on several threads through module
//!   `lookahead`, which computes the split sets of the rests ahead from the values already
//!   known while the main thread decides heaps), and [`Engine::Quadratic`], every split of
//!   every heap on every thread (module `quadratic`). [`Engine::Auto`] starts with the first and
//!   hands over to the second when rare positions stop being rare.
//! - [`Engine::Plain`] is [`crate::game::grundy::plain_table`], the oracle the others are
//!   tested against.
//!
//! Memory is the table itself, 4 bytes per value, plus the rare list and arrays the size of the
//! largest value; the values are never duplicated.

mod bits;
mod heap_moves;
mod lookahead;
mod quadratic;
mod rare_common;
mod rest_cache;
mod shared;
mod signal;
mod tuner;

use std::collections::TryReserveError;
use std::fmt;
use std::str::FromStr;

use heap_moves::HeapMoves;
use quadratic::Quadratic;
use rare_common::RareCommon;

use super::grundy::plain_table;
use super::period::{Period, PeriodWatch};
use super::Ruleset;

/// The most values one table may hold: positions are stored in 32 bits (and 2^32 values
/// would take 16 GiB anyway).
pub const MAX_VALUES: usize = u32::MAX as usize;

/// Which engine computes a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// Rare/common for games with split moves, handing over to quadratic when that is faster;
    /// the linear recurrence or a closed form for the others.
    #[default]
    Auto,
    /// The plain oracle: quadratic, one thread, computes the whole table at once.
    Plain,
    /// Rare/common for games with split moves, never handing over (even when slow).
    RareCommon,
    /// Every split of every heap, split across threads.
    Quadratic,
}

impl Engine {
    /// The names `FromStr` accepts, as the command line spells them.
    pub const NAMES: [&'static str; 4] = ["auto", "plain", "rare-common", "quadratic"];
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Engine::Auto => "auto",
            Engine::Plain => "plain",
            Engine::RareCommon => "rare-common",
            Engine::Quadratic => "quadratic",
        };
        f.write_str(name)
    }
}

impl FromStr for Engine {
    type Err = String;

    fn from_str(text: &str) -> Result<Engine, String> {
        match text {
            "auto" => Ok(Engine::Auto),
            "plain" => Ok(Engine::Plain),
            "rare-common" => Ok(Engine::RareCommon),
            "quadratic" => Ok(Engine::Quadratic),
            _ => Err(format!(
                "unknown engine {text:?}; expected one of {}",
                Engine::NAMES.join(", ")
            )),
        }
    }
}

/// How to compute a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub engine: Engine,
    /// Threads the engines may use (1 = this thread only; the plain oracle uses one).
    pub threads: usize,
}

impl Default for Options {
    /// The automatic engine on the calling thread only: a library call spawns no threads
    /// unless asked to.
    fn default() -> Options {
        Options {
            engine: Engine::Auto,
            threads: 1,
        }
    }
}

/// What an engine did so far, for progress reports and benchmarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Splits `G(a) xor G(n - j - a)` examined over all heaps: the split engines' unit of work.
    pub split_pairs: u64,
    /// The table length at which the rare/common engine handed over to the quadratic one.
    pub fallback_at: Option<usize>,
    /// Rare positions in the rare/common engine's current classes.
    pub rare_positions: usize,
    /// Times the rare/common engine changed classes and rebuilt its rare list.
    pub reclassifications: usize,
}

/// Why a table could not be extended.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("at most {MAX_VALUES} values are supported, {requested} were asked for")]
    TooMany { requested: usize },
    #[error("cannot allocate memory for {requested} values (4 bytes each): {source}")]
    OutOfMemory {
        requested: usize,
        source: TryReserveError,
    },
}

/// A Grundy table being computed: `G(0..len)` so far, extended on demand.
#[derive(Debug, Clone)]
pub struct Grundy {
    values: Vec<u32>,
    kernel: Kernel,
    stats: Stats,
}

#[derive(Debug, Clone)]
enum Kernel {
    /// `G(n) = n mod modulus` (Nim: no modulus).
    Formula {
        modulus: Option<u64>,
    },
    Plain(Ruleset),
    RareCommon(Box<RareCommon>),
    Quadratic(Quadratic),
}

impl Grundy {
    /// An empty table of `rules`, to be computed as `options` say.
    pub fn new(rules: &Ruleset, options: &Options) -> Grundy {
        let threads = options.threads.max(1);
        let kernel = match (options.engine, HeapMoves::of(rules)) {
            (Engine::Plain, _) => Kernel::Plain(rules.clone()),
            (_, None) => Kernel::Formula {
                modulus: match rules {
                    Ruleset::Bounded { m } => m.checked_add(1),
                    _ => None,
                },
            },
            (Engine::Auto, Some(moves)) if !moves.split.is_empty() => {
                Kernel::RareCommon(Box::new(RareCommon::new(moves, threads, true)))
            }
            (Engine::RareCommon, Some(moves)) if !moves.split.is_empty() => {
                Kernel::RareCommon(Box::new(RareCommon::new(moves, threads, false)))
            }
            (_, Some(moves)) => Kernel::Quadratic(Quadratic::new(moves, 0, threads)),
        };
        Grundy {
            values: Vec::new(),
            kernel,
            stats: Stats::default(),
        }
    }

    /// `G(0..len)` computed so far.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The table, giving up the engine.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// What the engines did so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The engine now at work: `formula`, `plain`, `rare-common` or `quadratic` (which is the
    /// linear recurrence for games without split moves).
    pub fn running(&self) -> &'static str {
        match self.kernel {
            Kernel::Formula { .. } => "formula",
            Kernel::Plain(_) => "plain",
            Kernel::RareCommon(_) => "rare-common",
            Kernel::Quadratic(_) => "quadratic",
        }
    }

    /// Whether extending in small steps costs no more than extending at once (false for the
    /// plain oracle, which recomputes the whole table).
    pub fn is_incremental(&self) -> bool {
        !matches!(self.kernel, Kernel::Plain(_))
    }

    /// Reserves room for `len` values in all, so that extending up to there never moves the
    /// table (a move would briefly need twice the memory).
    pub fn reserve(&mut self, len: usize) -> Result<(), TableError> {
        if len > MAX_VALUES {
            return Err(TableError::TooMany { requested: len });
        }
        self.values
            .try_reserve_exact(len.saturating_sub(self.values.len()))
            .map_err(|source| TableError::OutOfMemory {
                requested: len,
                source,
            })
    }

    /// Computes values until the table holds `G(0..len)` (growing the table as a `Vec` grows:
    /// call [`Grundy::reserve`] first to allocate exactly once).
    pub fn extend_to(&mut self, len: usize) -> Result<(), TableError> {
        if len > MAX_VALUES {
            return Err(TableError::TooMany { requested: len });
        }
        self.values
            .try_reserve(len.saturating_sub(self.values.len()))
            .map_err(|source| TableError::OutOfMemory {
                requested: len,
                source,
            })?;
        while self.values.len() < len {
            match &mut self.kernel {
                Kernel::Formula { modulus } => {
                    let modulus = *modulus;
                    let start = self.values.len();
                    self.values.extend((start..len).map(|n| {
                        // n < 2^32 (MAX_VALUES), so the value fits.
                        modulus.map_or(n as u64, |m| n as u64 % m) as u32
                    }));
                }
                Kernel::Plain(rules) => self.values = plain_table(rules, len - 1),
                Kernel::Quadratic(engine) => engine.extend(&mut self.values, len, &mut self.stats),
                Kernel::RareCommon(engine) => {
                    if let Some(next) = engine.extend(&mut self.values, len, &mut self.stats) {
                        self.kernel = Kernel::Quadratic(next);
                    }
                }
            }
        }
        Ok(())
    }
}

/// `G(0..=upto)` of `rules` by the automatic engine on this thread.
///
/// # Panics
/// If memory for `upto + 1` values cannot be had, like any `Vec`.
pub fn table(rules: &Ruleset, upto: usize) -> Vec<u32> {
    table_with(rules, upto, &Options::default())
}

/// `G(0..=upto)` of `rules` computed as `options` say.
///
/// # Panics
/// If memory for `upto + 1` values cannot be had, like any `Vec`.
pub fn table_with(rules: &Ruleset, upto: usize, options: &Options) -> Vec<u32> {
    let mut grundy = Grundy::new(rules, options);
    if let Err(error) = grundy
        .reserve(upto.saturating_add(1))
        .and_then(|()| grundy.extend_to(upto.saturating_add(1)))
    {
        panic!("Grundy table of {} values: {error}", upto.saturating_add(1));
    }
    grundy.into_values()
}

/// Computes `G(0..)` of `rules` until the Guy–Smith theorem proves a period, looking at most
/// at `limit` values: the values computed (at least one preperiod and one period) and the
/// period, or `None` if `limit` values prove none (always for Nim, which has no largest move).
///
/// # Panics
/// If memory for the values cannot be had, like any `Vec`.
pub fn proven(rules: &Ruleset, limit: usize) -> Option<(Vec<u32>, Period)> {
    let mut watch = PeriodWatch::new(rules.max_removal()?);
    let mut grundy = Grundy::new(rules, &Options::default());
    let mut len = 0;
    while len < limit {
        len = limit.min(len.saturating_mul(2).max(256));
        if let Err(error) = grundy.extend_to(len) {
            panic!("Grundy table of {len} values: {error}");
        }
        let found = if len == limit {
            watch.settle(grundy.values())
        } else {
            watch.observe(grundy.values())
        };
        if let Some(period) = found {
            return Some((grundy.into_values(), period));
        }
    }
    None
}
