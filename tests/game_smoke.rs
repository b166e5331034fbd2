use stonejudge::game::brute::{wythoff_wins_brute, BruteSolver, Play};
use stonejudge::game::{grundy, misere, moves, wythoff, Ruleset};

#[test]
fn api_smoke() {
    let nim = Ruleset::Nim;
    let mut brute = BruteSolver::new(&nim, Play::Normal);
    assert!(brute.wins(&[3, 3, 1]).unwrap());
    assert!(!brute.wins(&[1, 2, 3]).unwrap());
    let values = grundy::plain_table(&nim, 50);
    let w = moves::winning_moves(&nim, &values, &[3, 5, 7, 19, 50]).unwrap();
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].heap, w[0].stones_left()), (4, 18));
    assert!(wythoff::is_p_position(4, 7));
    assert!(!wythoff_wins_brute(4, 7).unwrap());
    assert!(!misere::misere_nim_first_wins(&[1]));
    let t = misere::misere_subtraction_table(&[1, 2, 4], 16);
    assert!(!t[16]);
}
