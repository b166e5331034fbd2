//! Problem `nim`: examples through the binary, strict validation, certification against
//! brute force, generators, the move checker, shrinking, and the example solutions.

use crate::problem_kit::*;
use stonejudge::verdict::Verdict;

const NAME: &str = "nim";

fn one_case(heaps: &str) -> String {
    format!("1\n{}\n{heaps}\n", heaps.split(' ').count())
}

#[test]
fn the_seed_examples_come_out_exactly() {
    // docs/games.md §2: (3,3,1) first wins, (1,2,3) second, (1,2,3,4) first; (3,5,7,19,50) first,
    // and its only winning move takes 32 from the heap of 50.
    let input = "4\n3\n3 3 1\n3\n1 2 3\n4\n1 2 3 4\n5\n3 5 7 19 50\n";
    let answer = solve_via_binary(NAME, input);
    let lines: Vec<&str> = answer.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("first "), "{answer}");
    assert_eq!(lines[1], "second");
    assert!(lines[2].starts_with("first "), "{answer}");
    assert_eq!(lines[3], "first 5 18");
    assert_eq!(judge(NAME, input, &answer).0, Verdict::AC);
}

#[test]
fn malformed_inputs_are_rejected_where_they_break() {
    let mut too_many = String::from("11\n");
    for _ in 0..10 {
        too_many.push_str("100000\n");
        too_many.push_str(&vec!["0"; 100_000].join(" "));
        too_many.push('\n');
    }
    too_many.push_str("1\n0\n");
    let cases: &[(&[u8], usize, usize, &str)] = &[
        (b"", 1, 1, "expected T"),
        (b"2\n1\n5\n", 4, 1, "expected n"),
        (b"1\n2\n3 5 7\n", 3, 5, "found more"),
        (b"1\n3\n3 5\n", 3, 4, "found only 2"),
        (
            b"1\n1\n9223372036854775808\n",
            3,
            1,
            "a_i = 9223372036854775808 is outside 0..=9223372036854775807",
        ),
        (b"1\n1\n-1\n", 3, 1, "expected a_i"),
        (
            b"1\n1\n18446744073709551616\n",
            3,
            1,
            "does not fit in 64 bits",
        ),
        (b"0\n", 1, 1, "T = 0 is outside 1..=10000"),
        (b"10001\n", 1, 1, "T = 10001 is outside 1..=10000"),
        (b"1\n100001\n", 2, 1, "n = 100001 is outside 1..=100000"),
        (too_many.as_bytes(), 22, 1, "total n <= 10^6"),
        (b"1\n1\n5 \n", 3, 2, "trailing space"),
        (b"1\r\n1\n5\n", 1, 2, "CRLF"),
        (b"1\n1\n5", 3, 2, "must end with a newline"),
        (b"1\n1\n05\n", 3, 1, "leading zero"),
        (b"1\n1 5\n", 2, 3, "found an extra value"),
        (b"1\n1\n\n", 3, 1, "expected a_i"),
        (b"1\n1\n3\n\n", 4, 1, "expected end of file"),
        (b"1\n1\nx\n", 3, 1, "expected a_i"),
    ];
    for &(input, line, col, what) in cases {
        assert_rejected(NAME, input, line, col, what);
    }
}

#[test]
fn the_reference_agrees_with_brute_force() {
    // Brute force may pick another winning move: both must say the same player wins, and
    // the checker must accept brute force's moves against the reference answer.
    let p = problem(NAME);
    for (params, seeds) in [
        (vec![("max_a", "12"), ("n", "4"), ("t", "20")], 60),
        (
            vec![("mode", "equal"), ("max_a", "15"), ("n", "3"), ("t", "20")],
            20,
        ),
        (vec![("mode", "single"), ("max_a", "50"), ("t", "20")], 10),
    ] {
        for seed in 0..seeds {
            let input = generate(NAME, seed, &params);
            let solved = p.solve(input.as_bytes()).expect("valid");
            let brute = p.brute(input.as_bytes()).expect("valid").expect("small");
            let words = |text: &str| -> Vec<String> {
                text.lines()
                    .map(|l| l.split(' ').next().unwrap_or_default().to_string())
                    .collect()
            };
            assert_eq!(words(&solved), words(&brute), "{input}");
            assert_eq!(judge(NAME, &input, &brute).0, Verdict::AC, "{input}");
        }
    }
}

#[test]
fn a_total_above_10_6_is_refused_rather_than_generated() {
    stonejudge()
        .args([
            "gen", NAME, "--seed", "1", "--param", "t=11", "--param", "n=100000",
        ])
        .assert()
        .code(2);
}

#[test]
fn every_bound_is_reached() {
    assert_modes_reach_every_bound(
        NAME,
        &[("min", &[]), ("max", &[]), ("many", &[]), ("huge", &[])],
    );
}

#[test]
fn any_winning_move_is_accepted() {
    let input = one_case("3 3 1");
    for output in ["first 1 2\n", "first 2 2\n", "first 3 0\n"] {
        assert_eq!(judge(NAME, &input, output), (Verdict::AC, "ok".to_string()));
    }
}

#[test]
fn wrong_moves_are_refuted_in_game_terms() {
    let input = one_case("3 5 7 19 50");
    let refuted = |output: &str| {
        let (verdict, message) = judge(NAME, &input, output);
        assert_eq!(verdict, Verdict::WA, "{output}: {message}");
        message
    };
    assert_eq!(
        refuted("first 5 17"),
        "case 1: first 5 17 leaves xor 3 != 0, and the opponent wins by leaving 0 stones in \
         heap 1; a winning move is leaving 18 stones in heap 5"
    );
    assert_eq!(
        refuted("second"),
        "case 1: expected a winning move, got second - the heaps xor to 32, so the first \
         player wins, e.g. by leaving 18 stones in heap 5 (the xor becomes 0)"
    );
    assert!(refuted("first 6 0").contains("heap 6 does not exist (heaps are numbered 1..=5)"));
    assert!(refuted("first 0 0").contains("heap 0 does not exist"));
    assert!(refuted("first 1 3").contains("heap 1 has 3 stones, so leaving 3 is not a move"));
    assert!(refuted("first 2 99").contains("heap 2 has 5 stones"));

    let losing = one_case("1 2 3");
    let (verdict, message) = judge(NAME, &losing, "first 1 0");
    assert_eq!(verdict, Verdict::WA);
    assert_eq!(
        message,
        "case 1: expected second, got first 1 0 leaves xor 1 != 0, and the opponent wins by \
         leaving 2 stones in heap 3; the heaps xor to 0, so every move loses"
    );
}

#[test]
fn the_first_wrong_case_is_named() {
    let input = "3\n1\n4\n2\n6 6\n1\n0\n";
    let (verdict, message) = judge(NAME, input, "first 1 0\nfirst 1 0\nsecond\n");
    assert_eq!(verdict, Verdict::WA);
    assert!(message.starts_with("case 2: expected second"), "{message}");
}

#[test]
fn unreadable_outputs_are_presentation_errors() {
    let input = one_case("3 5 7 19 50");
    for output in [
        "first 5",
        "first x 1",
        "third",
        "",
        "first 5 18 second",
        "First 5 18",
    ] {
        assert_eq!(judge(NAME, &input, output).0, Verdict::PE, "{output:?}");
    }
    // Integers out of every range still read (as in testlib): a heap that cannot exist.
    for output in ["first -1 2", "first 99999999999999999999 1"] {
        assert_eq!(judge(NAME, &input, output).0, Verdict::WA, "{output:?}");
    }
    assert_eq!(judge(NAME, &input, "  first\n5\t18 ").0, Verdict::AC);
}

#[test]
fn shrink_candidates_are_valid_and_smaller() {
    for mode in offered_modes(NAME).iter().map(String::as_str) {
        let input = generate(NAME, 5, &[("mode", mode), ("t", "20"), ("n", "20")]);
        assert_shrinks_valid_and_smaller(NAME, &input);
    }
    // A maximal input shrinks too, without materializing too much.
    let max = generate(NAME, 1, &[("mode", "max"), ("max_a", "9")]);
    let candidates = problem(NAME).shrink(max.as_bytes());
    assert!(!candidates.is_empty() && candidates.len() < 64);
}

#[test]
fn accepted_solutions_find_winning_moves() {
    let mut inputs = vec![one_case("3 5 7 19 50")];
    inputs.extend(in_modes(
        NAME,
        &["max", "huge", "many", "equal", "single", "random", "min"],
    ));
    assert_accepted_solutions(NAME, &inputs, false, &["cpp", "py"]);
}

#[test]
fn wrong_solutions_are_caught_by_generated_data() {
    let inputs: Vec<String> = (0..4)
        .flat_map(|seed| {
            ["random", "huge", "equal"].map(|mode| generate(NAME, seed, &[("mode", mode)]))
        })
        .collect();
    assert_wrong_solutions_caught(NAME, &inputs);
}
