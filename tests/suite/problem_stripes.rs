//! Problem `stripes`: samples through the binary, strict validation, certification against
//! brute force, generators, checker explanations, shrinking, and the example solutions.

use crate::problem_kit::*;
use stonejudge::verdict::Verdict;

const NAME: &str = "stripes";
const SAMPLE: &str = "1 5 1\n3\n1\n5\n6\n";

#[test]
fn the_poi_sample_comes_out_exactly() {
    assert_eq!(solve_via_binary(NAME, SAMPLE), "1\n1\n2\n");
}

#[test]
fn dawsons_kayles_is_stripes_of_length_two() {
    // docs/games.md §2: game C (0.07) has G(0..=7) = 0,0,1,1,2,0,3,1; boards 1..=7 follow it.
    let input = "2 2 2\n7\n1\n2\n3\n4\n5\n6\n7\n";
    assert_eq!(solve_via_binary(NAME, input), "2\n1\n1\n1\n2\n1\n1\n");
}

#[test]
fn kayles_has_no_losing_board() {
    // Lengths {1, 2} are Kayles (0.77), whose values (OEIS A002186) are non-zero from 1 on.
    let boards: Vec<String> = (1..=100).map(|p| p.to_string()).collect();
    let input = format!("1 2 1\n100\n{}\n", boards.join("\n"));
    assert_eq!(solve_via_binary(NAME, &input), "1\n".repeat(100));
}

#[test]
fn malformed_inputs_are_rejected_where_they_break() {
    let cases: &[(&[u8], usize, usize, &str)] = &[
        (b"", 1, 1, "expected c"),
        (b"1 5 1\n3\n1\n5\n", 5, 1, "expected p"),
        (b"1 5 1 7\n3\n1\n5\n6\n", 1, 7, "found an extra value"),
        (b"1 5 1\n3\n1\n5\n6\n7\n", 6, 1, "expected end of file"),
        (
            b"1 5 1001\n3\n1\n5\n6\n",
            1,
            5,
            "n = 1001 is outside 1..=1000",
        ),
        (b"1 5 1\n0\n", 2, 1, "m = 0 is outside 1..=1000"),
        (b"1 5 1\n1001\n", 2, 1, "m = 1001 is outside 1..=1000"),
        (b"1 -5 1\n3\n1\n5\n6\n", 1, 3, "expected z"),
        (b"1 five 1\n3\n1\n5\n6\n", 1, 3, "expected z"),
        (
            b"1 5 1\n3\n1\n99999999999999999999\n6\n",
            4,
            1,
            "does not fit in 64 bits",
        ),
        (b"1 5 1 \n3\n1\n5\n6\n", 1, 6, "trailing space"),
        (b"1 5 1\r\n3\n1\n5\n6\n", 1, 6, "CRLF"),
        (b"1 5 1\n3\n1\n5\n6", 5, 2, "must end with a newline"),
        (b"1 05 1\n3\n1\n5\n6\n", 1, 3, "leading zero"),
        (b"1  5 1\n3\n1\n5\n6\n", 1, 3, "expected z"),
        (b"1 5 1\n1\n0\n", 3, 1, "p = 0 is outside 1..=999"),
        // POI's statement: p < 1000 (while the lengths may be 1000).
        (b"1 5 1\n1\n1000\n", 3, 1, "p = 1000 is outside 1..=999"),
        (b"1 5 1\n2\n1 5\n", 3, 3, "found an extra value"),
        (b"1 5\n1\n1\n", 1, 4, "expected a single space"),
    ];
    for &(input, line, col, what) in cases {
        assert_rejected(NAME, input, line, col, what);
    }
}

#[test]
fn the_reference_agrees_with_brute_force() {
    for mode in ["random", "equal", "short"] {
        assert_solve_matches_brute(
            NAME,
            &[
                ("mode", mode),
                ("max_p", "24"),
                ("max_len", "9"),
                ("m", "24"),
            ],
            40,
        );
    }
    assert_solve_matches_brute(
        NAME,
        &[("mode", "all"), ("max_p", "26"), ("max_len", "6")],
        25,
    );
}

#[test]
fn the_wide_mode_passes_255() {
    for seed in 0..4 {
        let input = generate(NAME, seed, &[("mode", "wide")]);
        let lengths: Vec<String> = input
            .lines()
            .next()
            .unwrap_or_default()
            .split(' ')
            .map(String::from)
            .collect();
        let grundy = stonejudge()
            .args([
                "grundy",
                &format!("stripes:{}", lengths.join(",")),
                "--upto",
                "1000",
            ])
            .output()
            .expect("run stonejudge grundy");
        let values = String::from_utf8(grundy.stdout).expect("UTF-8");
        let largest = values
            .split_ascii_whitespace()
            .filter_map(|v| v.parse::<u32>().ok())
            .max();
        assert!(
            largest > Some(255),
            "lengths {lengths:?}: largest value {largest:?}"
        );
    }
}

#[test]
fn every_bound_is_reached_by_min_and_max() {
    assert_modes_reach_every_bound(NAME, &[("min", &[]), ("max", &[])]);
}

#[test]
fn the_checker_explains_the_first_wrong_board() {
    let (verdict, message) = judge(NAME, SAMPLE, "1\n1\n2\n");
    assert_eq!((verdict, message.as_str()), (Verdict::AC, "ok"));

    let (verdict, message) = judge(NAME, SAMPLE, "1\n2\n1\n");
    assert_eq!(verdict, Verdict::WA);
    // With lengths {1, 5}, a length-1 stripe on cell 1 leaves 4 cells where only single
    // cells can be covered: 4 more moves, so the opponent runs out first.
    assert_eq!(
        message,
        "board 2 (p = 5): expected 1, got 2 - the first player wins by placing the length-1 \
         stripe on cell 1"
    );

    let (verdict, message) = judge(NAME, SAMPLE, "1\n1\n1\n");
    assert_eq!(verdict, Verdict::WA);
    assert_eq!(
        message,
        "board 3 (p = 6): expected 2, got 1 - every placement loses; e.g. after placing the \
         length-1 stripe on cell 1 the second player wins by placing the length-1 stripe on \
         cell 2"
    );

    let (verdict, message) = judge(NAME, "7 8 9\n1\n6\n", "1\n");
    assert_eq!(verdict, Verdict::WA);
    assert!(message.contains("no stripe fits"), "{message}");
}

#[test]
fn unreadable_outputs_are_presentation_errors() {
    for output in ["1\n1\n", "1\n1\n2\n2\n", "1\nfirst\n2\n", ""] {
        assert_eq!(judge(NAME, SAMPLE, output).0, Verdict::PE, "{output:?}");
    }
    // Whitespace is lenient.
    assert_eq!(judge(NAME, SAMPLE, "1 1\r\n2").0, Verdict::AC);
}

#[test]
fn shrink_candidates_are_valid_and_smaller() {
    for mode in offered_modes(NAME).iter().map(String::as_str) {
        let input = generate(NAME, 5, &[("mode", mode), ("m", "20")]);
        assert_shrinks_valid_and_smaller(NAME, &input);
    }
}

#[test]
fn shrinking_a_first_player_win_ends_at_the_smallest_one() {
    let start = generate(NAME, 3, &[("mode", "random")]);
    let first_wins = answer_has_line(NAME, "1");
    assert_eq!(shrink_while(NAME, &start, first_wins), "1 1 1\n1\n1\n");
}

#[test]
fn accepted_solutions_print_the_reference_answer() {
    let mut inputs = vec![SAMPLE.to_string()];
    inputs.extend(in_modes(
        NAME,
        &["max", "wide", "all", "random", "short", "equal", "min"],
    ));
    assert_accepted_solutions(NAME, &inputs, true, &["cpp", "py", "rs"]);
}

#[test]
fn wrong_solutions_are_caught_by_generated_data() {
    let inputs = over_seeds(NAME, 3, &["random", "equal", "all", "max", "wide"], &[]);
    assert_wrong_solutions_caught(NAME, &inputs);
}
