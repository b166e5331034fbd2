//! Known values and the worked examples of docs/games.md §2–§3, through the reference (Grundy
//! tables + xor, misère tables) and, where small enough, the brute-force solver too.

use stonejudge::game::brute::{BruteSolver, Play};
use stonejudge::game::{grundy, misere, moves, proven_period, Period, Ruleset};

/// OEIS A002186, Kayles (octal 0.77), offset 0, as docs/games.md §3 names it.
const KAYLES_A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

fn parse(name: &str) -> Ruleset {
    name.parse()
        .unwrap_or_else(|e| panic!("test ruleset {name}: {e}"))
}

/// First player wins the normal-play sum, by Grundy values and by brute force (which must
/// agree); returns the common answer.
fn first_wins(name: &str, heaps: &[u64]) -> bool {
    let rules = parse(name);
    let max = heaps.iter().copied().max().unwrap_or(0) as usize;
    let values = grundy::plain_table(&rules, max);
    let reference = moves::first_player_wins(&values, heaps).unwrap();
    let searched = BruteSolver::new(&rules, Play::Normal).wins(heaps).unwrap();
    assert_eq!(reference, searched, "{name} {heaps:?}: reference vs brute");
    reference
}

#[test]
fn kayles_is_oeis_a002186() {
    let upto = KAYLES_A002186.len() - 1;
    for name in ["octal:0.77", "stripes:1,2,1", "stripes:2,1"] {
        assert_eq!(
            grundy::plain_table(&parse(name), upto),
            KAYLES_A002186,
            "{name}"
        );
    }
}

#[test]
fn dawsons_kayles_first_values() {
    for name in ["octal:0.07", "stripes:2,2,2"] {
        assert_eq!(
            grundy::plain_table(&parse(name), 7),
            [0, 0, 1, 1, 2, 0, 3, 1],
            "{name}"
        );
    }
}

#[test]
fn nim_examples() {
    assert!(first_wins("nim", &[3, 3, 1]));
    assert!(!first_wins("nim", &[1, 2, 3]));
    assert!(first_wins("nim", &[1, 2, 3, 4]));
}

#[test]
fn nim_only_winning_move_takes_32_from_50() {
    let heaps = [3, 5, 7, 19, 50];
    assert_eq!(moves::nim_winning_moves(&heaps), [(4, 18)]);
    let values = grundy::plain_table(&Ruleset::Nim, 50);
    let all = moves::winning_moves(&Ruleset::Nim, &values, &heaps).unwrap();
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(
        (all[0].heap, all[0].removed, all[0].stones_left()),
        (4, 32, 18)
    );
}

#[test]
fn game_c_rows() {
    for name in ["octal:0.07", "stripes:2,2,2"] {
        assert!(first_wins(name, &[7, 3, 3]), "{name}");
        assert!(!first_wins(name, &[3, 4, 6]), "{name}");
    }
}

#[test]
fn stripes_poi_sample() {
    // Stripes `1 5 1`, boards 1, 5, 6: first, first, second.
    let answers: Vec<bool> = [1, 5, 6]
        .iter()
        .map(|&p| first_wins("stripes:1,5,1", &[p]))
        .collect();
    assert_eq!(answers, [true, true, false]);
}

#[test]
fn bounded_nim_loses_iff_multiple_of_m_plus_one() {
    for m in 1..=12u64 {
        let values = grundy::plain_table(&Ruleset::Bounded { m }, 300);
        for (n, &g) in values.iter().enumerate() {
            assert_eq!(
                g == 0,
                (n as u64).is_multiple_of(m + 1),
                "bounded:{m}, heap {n}"
            );
        }
        let mut brute = BruteSolver::new(&Ruleset::Bounded { m }, Play::Normal);
        for n in 0..=50u64 {
            assert_eq!(
                !brute.wins(&[n]).unwrap(),
                n % (m + 1) == 0,
                "bounded:{m} {n}"
            );
        }
    }
}

#[test]
fn subtraction_1_3_first_wins_iff_odd() {
    let values = grundy::plain_table(&parse("subtraction:1,3"), 1000);
    for (n, &g) in values.iter().enumerate() {
        assert_eq!(g != 0, n % 2 == 1, "heap {n}");
    }
}

#[test]
fn seed_004_misere_1_2_4() {
    let table = misere::misere_subtraction_table(&[1, 2, 4], 100_000);
    assert!(!table[16], "heap 16: the second player wins");
    for (n, &wins) in table.iter().enumerate() {
        assert_eq!(!wins, n % 3 == 1, "heap {n}");
    }
    let mut brute = BruteSolver::new(&parse("subtraction:1,2,4"), Play::Misere);
    assert!(!brute.wins(&[16]).unwrap());
}

#[test]
fn misere_nim_hdu_1907_sample() {
    assert!(misere::misere_nim_first_wins(&[3, 5, 1]));
    assert!(!misere::misere_nim_first_wins(&[1]));
}

/// Checks a proven period against a much longer table: it must hold there too.
fn assert_period_holds(values: &[u32], period: Period) {
    let (e, p) = (period.preperiod as usize, period.period as usize);
    for n in e..values.len() - p {
        assert_eq!(values[n + p], values[n], "G({}) vs G({n})", n + p);
    }
    assert!(
        e == 0 || values[e - 1 + p] != values[e - 1],
        "preperiod {e} is not the smallest"
    );
}

#[test]
fn kayles_and_dawson_periods_are_proven() {
    for (name, expected) in [
        ("octal:0.77", (71, 12)),
        ("stripes:1,2,1", (71, 12)),
        ("octal:0.07", (53, 34)),
        ("stripes:2,2,2", (53, 34)),
    ] {
        let rules = parse(name);
        let t = rules.max_removal().unwrap();
        let values = grundy::plain_table(&rules, 400);
        let period = proven_period(&values, t).unwrap_or_else(|| panic!("{name}: not proven"));
        assert_eq!((period.preperiod, period.period), expected, "{name}");
        assert_period_holds(&grundy::plain_table(&rules, 3000), period);
        // Too few values for the theorem: 2e + 2p + t values are needed.
        let needed = (2 * expected.0 + 2 * expected.1) as usize + t as usize;
        assert_ne!(
            proven_period(&values[..needed - 1], t).map(|p| (p.preperiod, p.period)),
            Some(expected),
            "{name}: proven from too few values"
        );
    }
}

#[test]
fn stripes_1_2_3_is_not_proven_periodic() {
    let rules = parse("stripes:1,2,3");
    let values = grundy::plain_table(&rules, 3000);
    assert_eq!(proven_period(&values, 3), None);
}
