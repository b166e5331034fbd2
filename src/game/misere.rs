//! Misère play (the player who cannot move wins, i.e. whoever takes the last stone loses),
//! where Sprague–Grundy values do not decide sums: Bouton's exception for Nim, and single-heap
//! subtraction games by retrograde analysis with proven periods.

use std::collections::HashMap;

use super::period::Period;

/// The largest removal the misère subtraction tables and sweeps take (windows of 128 bits).
pub const MAX_REMOVAL: u64 = 128;

/// True if the player to move wins misère Nim on `heaps` (Bouton's exception): play as in
/// normal Nim unless every heap has at most one stone, where the parity flips.
/// First player wins iff (some heap >= 2 and xor != 0) or (all heaps <= 1 and xor == 0).
pub fn misere_nim_first_wins(heaps: &[u64]) -> bool {
    let xor = heaps.iter().fold(0, |acc, &h| acc ^ h);
    if heaps.iter().any(|&h| h >= 2) {
        xor != 0
    } else {
        xor == 0
    }
}

/// A move of misère Nim after which the opponent loses, as `(heap, stones left)`, found by
/// trying every move against Bouton's rule.
pub fn misere_nim_winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let mut after = heaps.to_vec();
    for (i, &a) in heaps.iter().enumerate() {
        for left in 0..a {
            after[i] = left;
            if !misere_nim_first_wins(&after) {
                return Some((i, left));
            }
        }
        after[i] = a;
    }
    None
}

/// `table[n]` = the player to move wins a single heap of `n` stones, for `n` in `0..=upto`,
/// in the misère subtraction game with removal set `set` (a move removes `s` in `set`,
/// `s <= n`; the player who cannot move wins). Plain retrograde analysis: a position with no
/// move is won, otherwise it is won iff some move reaches a lost position. Zero entries of
/// `set` are ignored (they would not be moves).
pub fn misere_subtraction_table(set: &[u64], upto: usize) -> Vec<bool> {
    let mut moves: Vec<usize> = set
        .iter()
        .filter_map(|&s| usize::try_from(s).ok())
        .filter(|&s| s > 0)
        .collect();
    moves.sort_unstable();
    moves.dedup();
    let mut wins: Vec<bool> = Vec::with_capacity(upto + 1);
    for n in 0..=upto {
        let mut options = moves.iter().take_while(|&&s| s <= n).peekable();
        let won = if options.peek().is_none() {
            true
        } else {
            options.any(|&s| !wins[n - s])
        };
        wins.push(won);
    }
    wins
}

/// How many heaps past the largest removal Brent's search examines for one set before the set
/// is handed to the lane-parallel sweep. Most sets cycle far sooner; some (for example
/// `{a, b, t-b, t-a, t}`) have windows whose preperiod plus period exceeds 10^6.
pub const CYCLE_BUDGET: usize = 1 << 14;

/// Whether the player to move wins a misere heap, for one removal set, for every heap size.
///
/// For `n >= t` (t = the largest removal) every move is available, so `W(n)` is a fixed function
/// of the *window* `W(n-t..n)`; the windows follow a deterministic map of t-bit states. When
/// the window at `n + p` equals the window at `n`, every later window repeats with period `p`,
/// so `W(m + p) = W(m)` for every `m >= n - t`: a period proven, not guessed. Brent's cycle
/// search finds such a repeat within a small multiple of (preperiod + period) steps; the table
/// stops there, or at the largest heap asked about, whichever comes first.
pub struct MisereTable {
    /// `wins[n]`: the player to move wins a heap of `n`.
    wins: Vec<bool>,
    /// Set once a repeated window proves the period; `wins` then covers one full period.
    pub period: Option<Period>,
}

impl MisereTable {
    /// The table for `set` (sorted, distinct, values in `1..=`[`MAX_REMOVAL`]), reaching
    /// `upto` or a proven period; `None` if neither happens within `budget` heaps past the
    /// largest removal.
    pub fn new(set: &[u64], upto: u64, budget: usize) -> Option<MisereTable> {
        let t = set.last().map_or(0, |&s| s as usize);
        let upto = upto as usize;
        let mut wins: Vec<bool> = Vec::new();
        // Below t some removals are too large: no move at all is a win, else look for a move
        // to a lost heap.
        for n in 0..=upto.min(t.saturating_sub(1)) {
            let options: Vec<usize> = set
                .iter()
                .map(|&s| s as usize)
                .filter(|&s| s <= n)
                .collect();
            wins.push(options.is_empty() || options.iter().any(|&s| !wins[n - s]));
        }
        if upto < t {
            return Some(MisereTable { wins, period: None });
        }
        // Bit i of `window` is W(n - 1 - i); bit s-1 of `moves` marks removal s.
        let full: u128 = if t == 128 { !0 } else { (1u128 << t) - 1 };
        let moves: u128 = set.iter().fold(0, |acc, &s| acc | 1u128 << (s - 1));
        let mut window: u128 = wins
            .iter()
            .rev()
            .enumerate()
            .fold(0, |acc, (i, &w)| acc | u128::from(w) << i);
        let (mut saved, mut saved_at, mut next_save) = (window, t, t + 1);
        for n in t..=upto {
            if n > saved_at && window == saved {
                let period = Period {
                    preperiod: (saved_at - t) as u64,
                    period: (n - saved_at) as u64,
                };
                return Some(MisereTable {
                    wins,
                    period: Some(period),
                });
            }
            if n - t == budget {
                return None;
            }
            if n == next_save {
                (saved, saved_at) = (window, n);
                next_save = t + 2 * (n - t);
            }
            let w = !window & moves != 0;
            wins.push(w);
            window = (window << 1 | u128::from(w)) & full;
        }
        Some(MisereTable { wins, period: None })
    }

    /// The complete table up to `upto`, however long the search takes. (An unlimited budget
    /// never runs out; the plain table stands in for that impossible case.)
    pub fn full(set: &[u64], upto: u64) -> MisereTable {
        MisereTable::new(set, upto, usize::MAX).unwrap_or_else(|| MisereTable {
            wins: misere_subtraction_table(set, upto as usize),
            period: None,
        })
    }

    /// W(n); `n` must be at most the `upto` the table was built for.
    pub fn wins(&self, n: u64) -> bool {
        let index = self.period.map_or(n, |p| p.reduce(n));
        self.wins[index as usize]
    }
}

/// 64-bit words per lane vector of [`sweep`]: 256 sets side by side.
const LANE_WORDS: usize = 4;
const LANES: usize = 64 * LANE_WORDS;
type Lanes = [u64; LANE_WORDS];

/// One removal set and the queries about it: `(query index, heap)`.
type Queries = (Vec<u64>, Vec<(usize, u64)>);

/// Plain retrograde analysis for up to [`LANES`] sets at once, set `l` in bit `l` of a lane
/// vector: `W_l(n)` is true if no removal of `S_l` fits, else iff `W_l(n - s)` is false for
/// some `s in S_l`. Each heap costs one AND and one OR of lane vectors per removal in the union
/// of the sets, shared by all lanes; this bounds the worst case (sets that do not cycle within
/// [`CYCLE_BUDGET`], at heaps of 10^6) without trusting any period.
fn sweep(group: &[Queries], answers: &mut [bool]) {
    let mut masks: Vec<(usize, Lanes)> = Vec::new();
    for s in 1..=MAX_REMOVAL as usize {
        let mut mask = [0; LANE_WORDS];
        for (lane, (set, _)) in group.iter().enumerate() {
            if set.contains(&(s as u64)) {
                mask[lane / 64] |= 1 << (lane % 64);
            }
        }
        if mask != [0; LANE_WORDS] {
            masks.push((s, mask));
        }
    }
    let mut events: Vec<(usize, usize, usize)> = group
        .iter()
        .enumerate()
        .flat_map(|(lane, (_, queries))| {
            queries
                .iter()
                .map(move |&(case, heap)| (heap as usize, lane, case))
        })
        .collect();
    events.sort_unstable();
    let upto = events.last().map_or(0, |e| e.0);
    // lost[n % 128]: lanes where the player to move loses a heap of n (read for n - s before
    // it is overwritten for n, so removals of 128 are fine).
    let mut lost = [[0u64; LANE_WORDS]; 128];
    let mut next_event = 0;
    for n in 0..=upto {
        let mut win = [0u64; LANE_WORDS];
        if n < MAX_REMOVAL as usize {
            let mut movable = [0u64; LANE_WORDS];
            for &(s, mask) in masks.iter().take_while(|(s, _)| *s <= n) {
                let before = &lost[(n - s) % 128];
                for w in 0..LANE_WORDS {
                    win[w] |= mask[w] & before[w];
                    movable[w] |= mask[w];
                }
            }
            (0..LANE_WORDS).for_each(|w| win[w] |= !movable[w]);
        } else {
            for &(s, mask) in &masks {
                let before = &lost[(n - s) % 128];
                for w in 0..LANE_WORDS {
                    win[w] |= mask[w] & before[w];
                }
            }
        }
        lost[n % 128] = win.map(|w| !w);
        while let Some(&(_, lane, query)) = events.get(next_event).filter(|e| e.0 == n) {
            answers[query] = win[lane / 64] >> (lane % 64) & 1 == 1;
            next_event += 1;
        }
    }
}

/// Whether the player to move wins, for each query `(set, heap)` (sets sorted, distinct,
/// removals in `1..=`[`MAX_REMOVAL`]): per distinct set, a table with a proven period (or up
/// to the largest heap asked); the sets that do not cycle soon enough are swept together.
pub fn misere_subtraction_wins(queries: &[(Vec<u64>, u64)]) -> Vec<bool> {
    let mut by_set: HashMap<&[u64], Vec<(usize, u64)>> = HashMap::new();
    for (i, (set, heap)) in queries.iter().enumerate() {
        by_set.entry(set).or_default().push((i, *heap));
    }
    let mut answers = vec![false; queries.len()];
    let mut slow: Vec<Queries> = Vec::new();
    for (set, asked) in by_set {
        let upto = asked.iter().map(|q| q.1).max().unwrap_or(0);
        match MisereTable::new(set, upto, CYCLE_BUDGET) {
            Some(table) => {
                for &(query, heap) in &asked {
                    answers[query] = table.wins(heap);
                }
            }
            None => slow.push((set.to_vec(), asked)),
        }
    }
    // Sets with similar largest heaps share a sweep, so no sweep runs far for one lane only.
    slow.sort_by_key(|(_, asked)| std::cmp::Reverse(asked.iter().map(|q| q.1).max()));
    for group in slow.chunks(LANES) {
        sweep(group, &mut answers);
    }
    answers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::brute::{BruteSolver, Play};
    use crate::game::Ruleset;
    use crate::gen::Gen;

    /// A set `{a, b, t-b, t-a, t}` without a period in its first 3000 heaps (if one turns up
    /// in 64 tries) half the time, else any set.
    fn random_set(gen: &mut Gen) -> Vec<u64> {
        let max_s = gen.range(4, 100);
        let mut set: Vec<u64> = Vec::new();
        if gen.chance(1, 2) {
            for _ in 0..64 {
                let t = gen.range(4, max_s);
                let (a, b) = (gen.range(1, t / 2), gen.range(1, t / 2));
                set = vec![a, b, t - b, t - a, t];
                set.sort_unstable();
                set.dedup();
                if MisereTable::new(&set, 3000, CYCLE_BUDGET).is_none_or(|t| t.period.is_none()) {
                    break;
                }
            }
        } else {
            let k = gen.range(1, 10);
            set = (0..k).map(|_| gen.range(1, max_s)).collect();
            set.sort_unstable();
            set.dedup();
        }
        set
    }

    /// The proven period and the lane sweep both agree with plain retrograde analysis.
    #[test]
    fn periods_and_sweep_agree_with_plain_retrograde() {
        let mut gen = Gen::new(11);
        let upto = 6000;
        let mut group: Vec<Queries> = Vec::new();
        let mut plain: Vec<Vec<bool>> = Vec::new();
        for lane in 0..300 {
            let set = random_set(&mut gen);
            let expected = misere_subtraction_table(&set, upto);
            // A small budget, so that some sets fall back to the full table.
            let table = MisereTable::new(&set, upto as u64, 500)
                .unwrap_or_else(|| MisereTable::full(&set, upto as u64));
            for (n, &want) in expected.iter().enumerate() {
                assert_eq!(table.wins(n as u64), want, "S = {set:?}, n = {n}");
            }
            let queries = (0..20)
                .map(|i| (lane * 20 + i, gen.range(0, upto as u64)))
                .collect();
            group.push((set, queries));
            plain.push(expected);
        }
        let mut answers = vec![false; 300 * 20];
        for chunk in group.chunks(LANES) {
            sweep(chunk, &mut answers);
        }
        for ((_, queries), expected) in group.iter().zip(&plain) {
            for &(query, heap) in queries {
                let want = expected[heap as usize];
                assert_eq!(answers[query], want, "query {query}, heap {heap}");
            }
        }
    }

    #[test]
    fn seed_004_losing_heaps_are_one_mod_three() {
        let table = MisereTable::full(&[1, 2, 4], 100);
        for n in 0..=100 {
            assert_eq!(table.wins(n), n % 3 != 1, "n = {n}");
        }
    }

    #[test]
    fn misere_nim_winning_moves_leave_positions_that_brute_force_loses() {
        let mut solver = BruteSolver::new(&Ruleset::Nim, Play::Misere);
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=3 {
                    let heaps = [a, b, c];
                    let wins = solver.wins(&heaps).expect("small");
                    let Some((i, left)) = misere_nim_winning_move(&heaps) else {
                        assert!(!wins, "{heaps:?}: a winning move exists");
                        continue;
                    };
                    assert!(wins && left < heaps[i]);
                    let mut after = heaps;
                    after[i] = left;
                    assert!(
                        !solver.wins(&after).expect("small"),
                        "{heaps:?} -> {after:?}"
                    );
                }
            }
        }
    }
}
