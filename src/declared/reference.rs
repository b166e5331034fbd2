//! The reference of a declared game: who wins a position and a winning move, exact for every
//! position the declaration allows, or a refusal saying which field to change.
//!
//! - Normal play is decided by Grundy values: closed forms for Nim and bounded Nim, a table
//!   from the Grundy engines when heaps stay within [`TABLE_LIMIT`], and beyond that only a
//!   period the Guy–Smith theorem has proven ([`crate::game::engine::proven`]).
//! - Misère play has no such shortcut: Bouton's rule for Nim, retrograde tables (with a
//!   proven period for huge heaps) when every position is one heap, and otherwise the brute
//!   force itself, when the bounds keep every position within its reach.

use std::sync::{Mutex, OnceLock};

use super::rules::{lefts, misere_nim_move};
use super::spec::{refuse, Shape, Spec, SpecError};
use crate::game::brute::{BruteSolver, MAX_BRUTE_STONES};
use crate::game::engine;
use crate::game::misere::{MisereTable, CYCLE_BUDGET, MAX_REMOVAL};
use crate::game::moves::{
    bounded_value, bounded_winning_move, heap_moves, nim_winning_moves, Move,
};
use crate::game::period::Periodic;
use crate::game::{Play, Ruleset};
use crate::problem::format::show_bound;

/// Heaps up to this are served by a computed table; larger ones need a proven period.
pub const TABLE_LIMIT: u64 = 1_000_000;

/// How many Grundy values are computed in search of a proven period (the refusal says so).
pub const PROOF_LIMIT: usize = 1 << 20;

/// Moves of a splitting game are listed (for explanations and winning moves) only in heaps up
/// to this: a heap of `h` has about `h` moves per digit.
pub const MOVE_LIST_LIMIT: u64 = 100_000;

/// The brute force of a splitting game visits every partition of the stones of a position:
/// it is held to positions this small (about a second for a group of tests).
pub const SPLITTING_BRUTE_STONES: u64 = 28;

/// The most stones in a position that the brute force searches for `rules`.
pub fn brute_reach(rules: &Ruleset) -> u64 {
    match rules {
        Ruleset::Octal(code) if code.splits() => SPLITTING_BRUTE_STONES,
        _ => MAX_BRUTE_STONES,
    }
}

/// What decides a position of one declared game.
pub enum Reference {
    /// Normal play, `G(n) = n`.
    Nim,
    /// Normal play, `G(n) = n mod (m + 1)`.
    Bounded(u64),
    /// Normal play through a proven period.
    Periodic(Periodic),
    /// Normal play, `G(0..=upto)` computed on first use.
    Table {
        rules: Ruleset,
        upto: u64,
        values: OnceLock<Vec<u32>>,
    },
    /// Misère Nim: Bouton's rule.
    MisereNim,
    /// One heap, misère bounded Nim: the mover loses iff `n mod (m + 1) = 1`.
    MisereBounded(u64),
    /// One heap, misère subtraction: a retrograde table with a proven period or up to the
    /// largest heap.
    MisereSubtraction(MisereTable),
    /// One heap, any rules without splitting moves: `W(0..=upto)` computed on first use.
    MisereTable {
        rules: Ruleset,
        upto: u64,
        wins: OnceLock<Vec<bool>>,
    },
    /// Positions of at most [`MAX_BRUTE_STONES`] stones: the exhaustive search.
    Brute(Mutex<BruteSolver>),
}

impl Reference {
    /// The reference for `spec`, or why its bounds cannot be served.
    pub fn new(spec: &Spec) -> Result<Reference, SpecError> {
        let rules = &spec.ruleset;
        let splits = matches!(rules, Ruleset::Octal(code) if code.splits());
        let names_moves = match spec.shape {
            Shape::Move => Some("\"move\" answers \"first i x\" (leave x stones in heap i)"),
            Shape::Play => Some("\"play\" moves are \"i x\" (take x stones from heap i)"),
            Shape::Boards | Shape::Cases => None,
        };
        if let (Some(names_moves), true) = (names_moves, splits) {
            return Err(refuse(
                "format",
                format!(
                    "{names_moves}, which cannot name a move of {} that splits a heap in two; \
                     use \"cases\" or \"boards\", or a ruleset without splitting moves",
                    spec.ruleset_text
                ),
            ));
        }
        match spec.play {
            Play::Normal => Reference::normal(spec),
            Play::Misere => Reference::misere(spec, splits),
        }
    }

    fn normal(spec: &Spec) -> Result<Reference, SpecError> {
        match &spec.ruleset {
            Ruleset::Nim => return Ok(Reference::Nim),
            Ruleset::Bounded { m } => return Ok(Reference::Bounded(*m)),
            _ => {}
        }
        if spec.max_heap <= TABLE_LIMIT {
            return Ok(Reference::Table {
                rules: spec.ruleset.clone(),
                upto: spec.max_heap,
                values: OnceLock::new(),
            });
        }
        match engine::proven(&spec.ruleset, PROOF_LIMIT) {
            Some((values, period)) => Ok(Reference::Periodic(Periodic { values, period })),
            None => Err(refuse(
                "max_heap",
                format!(
                    "heaps up to {} need a proven period; {} has none up to 2^20 (checked); \
                     lower max_heap to at most {} or choose another ruleset",
                    show_bound(spec.max_heap),
                    spec.ruleset_text,
                    show_bound(TABLE_LIMIT)
                ),
            )),
        }
    }

    fn misere(spec: &Spec, splits: bool) -> Result<Reference, SpecError> {
        let huge = spec.max_heap > TABLE_LIMIT;
        if spec.ruleset == Ruleset::Nim {
            return Ok(Reference::MisereNim);
        }
        if spec.single_heap() && !splits {
            match &spec.ruleset {
                Ruleset::Bounded { m } => return Ok(Reference::MisereBounded(*m)),
                Ruleset::Subtraction { set } if set.last() <= Some(&MAX_REMOVAL) => {
                    if let Some(table) = MisereTable::new(set, spec.max_heap, CYCLE_BUDGET) {
                        return Ok(Reference::MisereSubtraction(table));
                    }
                    if !huge {
                        return Ok(Reference::MisereSubtraction(MisereTable::full(
                            set,
                            spec.max_heap,
                        )));
                    }
                }
                _ if !huge => {
                    return Ok(Reference::MisereTable {
                        rules: spec.ruleset.clone(),
                        upto: spec.max_heap,
                        wins: OnceLock::new(),
                    })
                }
                _ => {}
            }
            if huge {
                return Err(refuse(
                    "max_heap",
                    format!(
                        "misere heaps up to {} need a proven period of the win/loss table; {} \
                         has none within {CYCLE_BUDGET} heaps past its largest move (checked); \
                         lower max_heap to at most {}",
                        show_bound(spec.max_heap),
                        spec.ruleset_text,
                        show_bound(TABLE_LIMIT)
                    ),
                ));
            }
        }
        if spec.max_heap.saturating_mul(spec.max_heaps) <= MAX_BRUTE_STONES {
            return Ok(Reference::Brute(Mutex::new(BruteSolver::new(
                &spec.ruleset,
                Play::Misere,
            ))));
        }
        Err(refuse(
            "play",
            format!(
                "misere play is not decided by Grundy values: it is served for nim, for one \
                 heap per position under rules that never split a heap (format \"boards\", or \
                 max_heaps = 1), or when every position has at most {MAX_BRUTE_STONES} stones \
                 (max_heap * max_heaps <= {MAX_BRUTE_STONES}, the brute force's reach); {} with \
                 max_heaps = {} and max_heap = {} is none of these: set max_heaps = 1, lower the \
                 bounds, or play = \"normal\"",
                spec.ruleset_text, spec.max_heaps, spec.max_heap
            ),
        ))
    }

    /// `G(n)` in normal play (`None` in misère play, where values do not decide sums).
    pub fn value(&self, n: u64) -> Option<u64> {
        match self {
            Reference::Nim => Some(n),
            Reference::Bounded(m) => Some(bounded_value(*m, n)),
            Reference::Periodic(periodic) => Some(u64::from(periodic.value(n))),
            Reference::Table {
                rules,
                upto,
                values,
            } => {
                let values = values.get_or_init(|| engine::table(rules, *upto as usize));
                values.get(n as usize).map(|&v| u64::from(v))
            }
            _ => None,
        }
    }

    /// The xor of the heaps' values in normal play.
    pub fn sum_value(&self, heaps: &[u64]) -> Option<u64> {
        heaps
            .iter()
            .try_fold(0, |acc, &h| Some(acc ^ self.value(h)?))
    }

    /// True if the player to move wins the position `heaps`.
    pub fn wins(&self, heaps: &[u64]) -> bool {
        if let Some(total) = self.sum_value(heaps) {
            return total != 0;
        }
        match (self, heaps) {
            (Reference::MisereNim, _) => crate::game::misere::misere_nim_first_wins(heaps),
            (Reference::MisereBounded(m), [h]) => bounded_value(*m, *h) != 1,
            (Reference::MisereSubtraction(table), [h]) => table.wins(*h),
            (Reference::MisereTable { rules, upto, wins }, [h]) => {
                let wins = wins.get_or_init(|| misere_table(rules, *upto));
                wins[*h as usize]
            }
            (Reference::Brute(solver), _) => brute_wins(solver, heaps),
            // A single-heap reference sees one heap per position (the format guarantees it);
            // no heap at all is a position without a move, won in misère play.
            _ => heaps.iter().all(|&h| h == 0),
        }
    }

    /// A winning move of the player to move, if there is one (and, in splitting games, if
    /// the heaps are small enough to list their moves: see [`MOVE_LIST_LIMIT`]).
    pub fn winning_move(&self, rules: &Ruleset, heaps: &[u64]) -> Option<Move> {
        let take = |(heap, left): (usize, u64)| leave(heap, heaps[heap], left);
        match self {
            Reference::Nim => return nim_winning_moves(heaps).first().copied().map(take),
            Reference::Bounded(m) => {
                return bounded_winning_move(*m, heaps)
                    .map(|(i, taken)| leave(i, heaps[i], heaps[i] - taken))
            }
            Reference::MisereNim => return misere_nim_move(heaps).map(take),
            _ => {}
        }
        let total = self.sum_value(heaps);
        for (i, &h) in heaps.iter().enumerate() {
            for candidate in moves_in(rules, i, h) {
                let won = match total {
                    Some(total) => {
                        let rest = total ^ self.value(h)?;
                        self.sum_value(&candidate.leaves) == Some(rest)
                    }
                    None => !self.wins(&after(heaps, &candidate)),
                };
                if won {
                    return Some(candidate);
                }
            }
        }
        None
    }
}

/// The brute force's answer; the declaration admits this reference only for positions within
/// its reach, so a refusal would be a broken invariant, answered as a loss.
fn brute_wins(solver: &Mutex<BruteSolver>, heaps: &[u64]) -> bool {
    let mut solver = solver
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    matches!(solver.wins(heaps), Ok(true))
}

/// `W(0..=upto)` of a single heap in misère play, for rules without splitting moves.
fn misere_table(rules: &Ruleset, upto: u64) -> Vec<bool> {
    let mut wins: Vec<bool> = Vec::with_capacity(upto as usize + 1);
    for n in 0..=upto {
        let options = lefts(rules, n);
        let won = options.is_empty() || options.iter().any(|&left| !wins[left as usize]);
        wins.push(won);
    }
    wins
}

/// The move leaving `left` of the `h` stones of heap `heap`.
pub fn leave(heap: usize, h: u64, left: u64) -> Move {
    Move {
        heap,
        removed: h - left,
        offset: 0,
        leaves: if left == 0 { Vec::new() } else { vec![left] },
    }
}

/// The moves worth listing in heap `heap` of `h` stones: every move of rules without
/// splitting (by what they leave), every placement of a splitting game in heaps up to
/// [`MOVE_LIST_LIMIT`], none in larger ones.
fn moves_in(rules: &Ruleset, heap: usize, h: u64) -> Box<dyn Iterator<Item = Move> + '_> {
    match rules {
        Ruleset::Octal(code) if code.splits() => {
            if h <= MOVE_LIST_LIMIT {
                heap_moves(rules, heap, h)
            } else {
                Box::new(std::iter::empty())
            }
        }
        _ => Box::new(
            lefts(rules, h)
                .into_iter()
                .map(move |left| leave(heap, h, left)),
        ),
    }
}

/// The position after `candidate`.
pub fn after(heaps: &[u64], candidate: &Move) -> Vec<u64> {
    let mut next = heaps.to_vec();
    match candidate.leaves.as_slice() {
        [] => next[candidate.heap] = 0,
        [one] => next[candidate.heap] = *one,
        [a, rest @ ..] => {
            next[candidate.heap] = *a;
            next.extend_from_slice(rest);
        }
    }
    next
}
