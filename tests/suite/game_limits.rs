//! The brute-force solvers refuse what they cannot search, naming the bound; table lookups
//! refuse heaps outside the table; moves render as the problems print them.

use stonejudge::game::brute::{
    wythoff_table_brute, wythoff_wins_brute, BruteSolver, Play, MAX_BRUTE_STONES, MAX_WYTHOFF_BRUTE,
};
use stonejudge::game::{grundy, misere, moves, Move, Ruleset};

#[test]
fn brute_solver_refuses_too_many_stones() {
    let mut brute = BruteSolver::new(&Ruleset::Nim, Play::Normal);
    assert!(brute.wins(&[MAX_BRUTE_STONES - 1, 1]).is_ok());
    let err = brute.wins(&[MAX_BRUTE_STONES, 1]).unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains(&(MAX_BRUTE_STONES + 1).to_string())
            && message.contains(&format!("at most {MAX_BRUTE_STONES}")),
        "{message}"
    );
    // Totals beyond u64 are reported, not wrapped.
    let err = brute.winning_moves(&[u64::MAX, u64::MAX]).unwrap_err();
    assert!(err
        .to_string()
        .contains(&(2 * u128::from(u64::MAX)).to_string()));
}

#[test]
fn wythoff_brute_refuses_large_heaps() {
    assert!(wythoff_wins_brute(0, MAX_WYTHOFF_BRUTE + 1).is_err());
    let err = wythoff_table_brute(u64::MAX).unwrap_err();
    assert!(err.to_string().contains(&MAX_WYTHOFF_BRUTE.to_string()));
}

#[test]
fn winning_moves_refuse_heaps_outside_the_table() {
    let rules: Ruleset = "octal:0.77".parse().unwrap();
    let values = grundy::plain_table(&rules, 10);
    let err = moves::winning_moves(&rules, &values, &[3, 11]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a heap of 11 stones needs G(11), but the table holds only G(0..11)"
    );
    assert!(moves::sum_value(&values, &[u64::MAX]).is_err());
    assert!(moves::sum_value(&[], &[0]).is_err());
}

#[test]
fn terminal_positions_by_play() {
    // A board shorter than every stripe has no move: lost in normal play, won in misère play.
    let rules: Ruleset = "stripes:5,7,9".parse().unwrap();
    for p in 0..5 {
        assert!(!BruteSolver::new(&rules, Play::Normal).wins(&[p]).unwrap());
        assert!(BruteSolver::new(&rules, Play::Misere).wins(&[p]).unwrap());
    }
    assert!(misere::misere_subtraction_table(&[5], 4).iter().all(|&w| w));
    assert!(misere::misere_nim_first_wins(&[]));
}

#[test]
fn stripes_moves_cover_every_placement() {
    let rules: Ruleset = "stripes:2,2,2".parse().unwrap();
    let all: Vec<Move> = moves::heap_moves(&rules, 0, 4).collect();
    let cells: Vec<(u64, u64)> = all.iter().map(Move::cells).collect();
    assert_eq!(cells, [(1, 2), (2, 3), (3, 4)]);
    let leaves: Vec<&[u64]> = all.iter().map(|m| m.leaves.as_slice()).collect();
    assert_eq!(leaves, [&[2][..], &[1, 1][..], &[2][..]]);
    let placement = Move {
        heap: 0,
        removed: 5,
        offset: 170,
        leaves: vec![20, 170],
    };
    assert_eq!(
        placement.stripe_placement(),
        "placing the length-5 stripe on cells 171-175"
    );
}

#[test]
fn octal_digits_restrict_what_is_left() {
    // 0.1: take a whole heap of one stone only; 0.2: leave one heap; 0.4: split in two.
    let count = |code: &str, size: u64| {
        let rules: Ruleset = code.parse().unwrap();
        moves::heap_moves(&rules, 0, size).count()
    };
    assert_eq!((count("octal:0.1", 1), count("octal:0.1", 3)), (1, 0));
    assert_eq!((count("octal:0.2", 1), count("octal:0.2", 3)), (0, 2));
    assert_eq!((count("octal:0.4", 2), count("octal:0.4", 3)), (0, 1));
    assert_eq!(count("octal:0.7", 5), 5);
}
