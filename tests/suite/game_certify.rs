//! Certification: the reference (Grundy table from the plain mex recurrence, then xor) agrees
//! with the brute-force solver (no Sprague–Grundy) on every small position of every ruleset
//! family, in normal and misère play, and the winning moves agree as sets.

use std::collections::BTreeSet;

use stonejudge::game::brute::{wythoff_table_brute, BruteSolver, Play};
use stonejudge::game::{grundy, misere, moves, wythoff, Ruleset};
use stonejudge::gen::Gen;

/// Every multiset of at most `count` heaps of sizes `0..=max`, as sorted vectors.
fn multisets(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..count {
        let mut next = Vec::new();
        for heaps in &frontier {
            let low = heaps.last().copied().unwrap_or(0);
            for h in low..=max {
                let mut longer: Vec<u64> = heaps.clone();
                longer.push(h);
                next.push(longer);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

/// Every tuple (order matters) of one to `count` heaps of sizes `0..=max`.
fn tuples(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut frontier = vec![Vec::new()];
    for _ in 0..count {
        let mut next = Vec::new();
        for heaps in &frontier {
            for h in 0..=max {
                let mut longer: Vec<u64> = heaps.clone();
                longer.push(h);
                next.push(longer);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

fn parse(name: &str) -> Ruleset {
    name.parse()
        .unwrap_or_else(|e| panic!("test ruleset {name}: {e}"))
}

/// Asserts that xor of plain Grundy values decides every position like the brute force.
fn certify_normal(name: &str, positions: &[Vec<u64>]) {
    let rules = parse(name);
    let max = positions.iter().flatten().copied().max().unwrap_or(0);
    let values = grundy::plain_table(&rules, max as usize);
    let mut brute = BruteSolver::new(&rules, Play::Normal);
    for heaps in positions {
        let reference = moves::first_player_wins(&values, heaps).unwrap();
        let searched = brute.wins(heaps).unwrap();
        assert_eq!(
            reference, searched,
            "{name}, normal play, heaps {heaps:?}: Grundy says first wins = {reference}, brute force says {searched}"
        );
    }
}

/// Asserts that `moves::winning_moves` lists exactly the brute force's winning moves.
fn certify_moves(name: &str, positions: &[Vec<u64>]) {
    let rules = parse(name);
    let max = positions.iter().flatten().copied().max().unwrap_or(0);
    let values = grundy::plain_table(&rules, max as usize);
    let mut brute = BruteSolver::new(&rules, Play::Normal);
    for heaps in positions {
        let reference: BTreeSet<_> = moves::winning_moves(&rules, &values, heaps)
            .unwrap()
            .into_iter()
            .collect();
        let searched: BTreeSet<_> = brute.winning_moves(heaps).unwrap().into_iter().collect();
        assert_eq!(
            reference, searched,
            "{name}, heaps {heaps:?}: winning moves differ"
        );
        assert_eq!(
            !searched.is_empty(),
            brute.wins(heaps).unwrap(),
            "{name}, heaps {heaps:?}: winning moves exist iff the position is won"
        );
    }
}

/// A random removal set: 1 to 4 distinct values in 1..=6.
fn random_subtraction(gen: &mut Gen) -> String {
    let count = gen.range(1, 4);
    let set: BTreeSet<u64> = (0..count).map(|_| gen.range(1, 6)).collect();
    let items: Vec<String> = set.iter().map(u64::to_string).collect();
    format!("subtraction:{}", items.join(","))
}

/// A random Stripes triple with lengths 1..=12 (repeats allowed, as in the POI sample).
fn random_stripes(gen: &mut Gen) -> String {
    let lengths: Vec<String> = (0..3).map(|_| gen.range(1, 12).to_string()).collect();
    format!("stripes:{}", lengths.join(","))
}

/// A random octal code of 1 to 4 digits, the last non-zero.
fn random_octal(gen: &mut Gen) -> String {
    let len = gen.range(1, 4);
    let mut digits: String = (1..len)
        .map(|_| char::from(b'0' + gen.below(8) as u8))
        .collect();
    digits.push(char::from(b'0' + gen.range(1, 7) as u8));
    format!("octal:0.{digits}")
}

fn heap_families() -> Vec<String> {
    let mut names: Vec<String> = ["nim", "subtraction:1,3", "subtraction:1,2,4"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    names.extend([1, 2, 3, 5, 9].iter().map(|m| format!("bounded:{m}")));
    let mut gen = Gen::new(0x5eed_0001);
    names.extend((0..8).map(|_| random_subtraction(&mut gen)));
    names
}

#[test]
fn nim_bounded_subtraction_normal_play() {
    let positions = multisets(3, 10);
    for name in heap_families() {
        certify_normal(&name, &positions);
    }
}

#[test]
fn random_octal_codes_normal_play() {
    let positions = multisets(3, 10);
    let mut gen = Gen::new(0x5eed_0002);
    for _ in 0..20 {
        certify_normal(&random_octal(&mut gen), &positions);
    }
    for name in ["octal:0.77", "octal:0.07", "octal:0.3303", "octal:0.137"] {
        certify_normal(name, &positions);
    }
}

#[test]
fn random_stripes_normal_play() {
    let boards: Vec<Vec<u64>> = (0..=40).map(|p| vec![p]).collect();
    let pairs: Vec<Vec<u64>> = multisets(2, 15)
        .into_iter()
        .filter(|h| h.len() == 2)
        .collect();
    let mut gen = Gen::new(0x5eed_0003);
    let mut names: Vec<String> = (0..20).map(|_| random_stripes(&mut gen)).collect();
    names.extend(["stripes:1,2,1", "stripes:2,2,2", "stripes:1,5,1"].map(String::from));
    for name in names {
        certify_normal(&name, &boards);
        certify_normal(&name, &pairs);
    }
}

#[test]
fn identities_between_families() {
    // docs/games.md §2: Stripes {1,2} is Kayles, Stripes {2} is Dawson's Kayles, subtraction
    // {1,2,4} is 0.3303.
    for (a, b) in [
        ("stripes:1,2,1", "octal:0.77"),
        ("stripes:2,2,2", "octal:0.07"),
        ("subtraction:1,2,4", "octal:0.3303"),
        ("bounded:3", "subtraction:1,2,3"),
    ] {
        assert_eq!(
            grundy::plain_table(&parse(a), 300),
            grundy::plain_table(&parse(b), 300),
            "{a} and {b}"
        );
    }
}

#[test]
fn misere_nim_matches_brute_force() {
    let mut brute = BruteSolver::new(&Ruleset::Nim, Play::Misere);
    for heaps in multisets(4, 10) {
        assert_eq!(
            misere::misere_nim_first_wins(&heaps),
            brute.wins(&heaps).unwrap(),
            "misère Nim, heaps {heaps:?}"
        );
    }
}

#[test]
fn misere_subtraction_matches_brute_force() {
    let mut gen = Gen::new(0x5eed_0004);
    let mut sets: Vec<Vec<u64>> = vec![vec![1, 2, 4], vec![1, 3], vec![2], vec![3, 5, 7]];
    sets.extend((0..20).map(|_| {
        let count = gen.range(1, 4);
        (0..count).map(|_| gen.range(1, 12)).collect::<Vec<u64>>()
    }));
    for set in sets {
        let table = misere::misere_subtraction_table(&set, 50);
        let mut unique = set.clone();
        unique.sort_unstable();
        unique.dedup();
        let mut brute = BruteSolver::new(&Ruleset::Subtraction { set: unique }, Play::Misere);
        for (n, &wins) in table.iter().enumerate() {
            assert_eq!(
                wins,
                brute.wins(&[n as u64]).unwrap(),
                "misère subtraction {set:?}, heap {n}"
            );
        }
    }
}

#[test]
fn nim_winning_moves_match_brute_force() {
    let positions = tuples(3, 10);
    certify_moves("nim", &positions);
    let mut brute = BruteSolver::new(&Ruleset::Nim, Play::Normal);
    for heaps in &positions {
        let fast: BTreeSet<(usize, u64)> = moves::nim_winning_moves(heaps).into_iter().collect();
        let searched: BTreeSet<(usize, u64)> = brute
            .winning_moves(heaps)
            .unwrap()
            .iter()
            .map(|m| (m.heap, m.stones_left()))
            .collect();
        assert_eq!(fast, searched, "Nim heaps {heaps:?}");
    }
}

#[test]
fn octal_and_stripes_winning_moves_match_brute_force() {
    let positions = tuples(3, 9);
    for name in [
        "octal:0.77",
        "octal:0.07",
        "octal:0.137",
        "stripes:1,4,3",
        "stripes:2,3,7",
        "bounded:3",
        "subtraction:1,3,4",
    ] {
        certify_moves(name, &positions);
    }
}

#[test]
fn wythoff_matches_brute_force() {
    let table = wythoff_table_brute(300).unwrap();
    for (a, row) in table.iter().enumerate() {
        for (b, &wins) in row.iter().enumerate() {
            assert_eq!(
                wythoff::is_p_position(a as u64, b as u64),
                !wins,
                "Wythoff ({a}, {b})"
            );
        }
    }
}

#[test]
fn wythoff_winning_moves_match_brute_force() {
    let max = 80;
    let table = wythoff_table_brute(max).unwrap();
    let lost = |x: u64, y: u64| !table[x as usize][y as usize];
    for a in 0..=max {
        for b in 0..=max {
            let mut literal = BTreeSet::new();
            literal.extend((0..a).filter(|&x| lost(x, b)).map(|x| (x, b)));
            literal.extend((0..b).filter(|&y| lost(a, y)).map(|y| (a, y)));
            literal.extend(
                (1..=a.min(b))
                    .filter(|&d| lost(a - d, b - d))
                    .map(|d| (a - d, b - d)),
            );
            let exact: BTreeSet<_> = wythoff::winning_moves(a, b).into_iter().collect();
            assert_eq!(exact, literal, "Wythoff ({a}, {b})");
        }
    }
}
