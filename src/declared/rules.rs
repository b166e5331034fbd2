//! The moves of a declared game in a form its formats need: what a move may leave in a heap
//! (rules without splitting moves), whether a `first i x` names a move, misère Nim's winning
//! move in closed form, and the rules in words for statements and explanations.

use crate::game::misere::misere_nim_first_wins;
use crate::game::Ruleset;

/// Every number of stones one move may leave in a heap of `h`, for rules without splitting
/// moves, smallest removal first. Nim and bounded Nim have up to `h` of them: callers keep
/// `h` small for those (their references use closed forms instead).
pub fn lefts(rules: &Ruleset, h: u64) -> Vec<u64> {
    match rules {
        Ruleset::Nim => (0..h).rev().collect(),
        Ruleset::Bounded { m } => (1..=h.min(*m)).map(|taken| h - taken).collect(),
        Ruleset::Subtraction { set } => set
            .iter()
            .take_while(|&&s| s <= h)
            .map(|&s| h - s)
            .collect(),
        Ruleset::Octal(code) => code
            .digits()
            .iter()
            .take_while(|&&(j, _)| j <= h)
            .filter(|&&(j, d)| if j == h { d & 1 != 0 } else { d & 2 != 0 })
            .map(|&(j, _)| h - j)
            .collect(),
    }
}

/// True if leaving `left` stones in a heap of `h` is one move under `rules` (which do not
/// split heaps): the closed-form twin of [`lefts`], for heaps of any size.
pub fn is_legal(rules: &Ruleset, h: u64, left: u64) -> bool {
    if left >= h {
        return false;
    }
    let taken = h - left;
    match rules {
        Ruleset::Nim => true,
        Ruleset::Bounded { m } => taken <= *m,
        Ruleset::Subtraction { set } => set.binary_search(&taken).is_ok(),
        Ruleset::Octal(code) => code
            .digits()
            .binary_search_by_key(&taken, |&(j, _)| j)
            .is_ok_and(|i| {
                let d = code.digits()[i].1;
                if left == 0 {
                    d & 1 != 0
                } else {
                    d & 2 != 0
                }
            }),
    }
}

/// A winning move of misère Nim as `(heap, stones left)`, in closed form (heaps of any size):
/// with two or more heaps of 2 or more, play normal Nim; with exactly one, reduce it to 0 or
/// 1 so that an odd number of single stones is left; with none, take a single stone when
/// their number is even.
pub fn misere_nim_move(heaps: &[u64]) -> Option<(usize, u64)> {
    if !misere_nim_first_wins(heaps) {
        return None;
    }
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
    match big.as_slice() {
        [] => heaps.iter().position(|&h| h == 1).map(|i| (i, 0)),
        [only] => {
            let ones = heaps.iter().filter(|&&h| h == 1).count() as u64;
            Some((*only, 1 - ones % 2))
        }
        _ => {
            let xor = heaps.iter().fold(0, |acc, &h| acc ^ h);
            heaps
                .iter()
                .position(|&h| h ^ xor < h)
                .map(|i| (i, heaps[i] ^ xor))
        }
    }
}

/// What one move does under `rules`, as a statement says it.
pub fn describe(rules: &Ruleset) -> String {
    match rules {
        Ruleset::Nim => "takes any positive number of stones from one heap".to_string(),
        Ruleset::Bounded { m } => format!("takes between 1 and {m} stones from one heap"),
        Ruleset::Subtraction { set } => {
            let set: Vec<String> = set.iter().map(u64::to_string).collect();
            format!(
                "takes exactly s stones from one heap, where s is one of {}",
                set.join(", ")
            )
        }
        Ruleset::Octal(code) => {
            let mut ways = Vec::new();
            for &(j, d) in code.digits() {
                let mut may = Vec::new();
                if d & 1 != 0 {
                    may.push("take a whole heap of exactly that many");
                }
                if d & 2 != 0 {
                    may.push("take them from the end of a larger heap");
                }
                if d & 4 != 0 {
                    may.push(
                        "take them from the inside of a heap, splitting the rest into two \
                         non-empty heaps",
                    );
                }
                ways.push(format!("{j} stone{}: {}", plural(j), may.join(", or ")));
            }
            format!(
                "removes stones from one heap, seen as a row, as the code {code} allows: {}",
                ways.join("; ")
            )
        }
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::brute::{BruteSolver, Play};

    #[test]
    fn lefts_and_legality_agree_with_the_literal_moves() {
        for text in [
            "nim",
            "bounded:3",
            "subtraction:1,3,4",
            "octal:0.3123",
            "octal:0.13",
        ] {
            let rules: Ruleset = text.parse().expect("a ruleset");
            for h in 0..=12 {
                let mut literal: Vec<u64> = crate::game::moves::heap_moves(&rules, 0, h)
                    .map(|m| m.stones_left())
                    .collect();
                literal.sort_unstable();
                literal.dedup();
                let mut listed = lefts(&rules, h);
                listed.sort_unstable();
                assert_eq!(listed, literal, "{text} h = {h}");
                for left in 0..=h + 1 {
                    assert_eq!(is_legal(&rules, h, left), literal.contains(&left));
                }
            }
        }
    }

    #[test]
    fn misere_nim_moves_win_by_brute_force() {
        let mut solver = BruteSolver::new(&Ruleset::Nim, Play::Misere);
        for heaps in [
            [0, 0, 1],
            [1, 1, 0],
            [1, 1, 1],
            [3, 1, 1],
            [4, 1, 0],
            [3, 5, 6],
            [2, 2, 1],
        ] {
            let wins = solver.wins(&heaps).expect("small");
            match misere_nim_move(&heaps) {
                None => assert!(!wins, "{heaps:?}"),
                Some((i, left)) => {
                    let mut next = heaps;
                    assert!(left < next[i]);
                    next[i] = left;
                    assert!(!solver.wins(&next).expect("small"), "{heaps:?} -> {next:?}");
                }
            }
        }
    }
}
