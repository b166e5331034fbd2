//! Problem `misere-nim`: the sample through the binary, strict validation, certification
//! against misère brute force, generators, checker explanations, shrinking, and the example
//! solutions.

use crate::problem_kit::*;
use stonejudge::verdict::Verdict;

const NAME: &str = "misere-nim";
const SAMPLE: &str = "2\n3\n3 5 1\n1\n1\n";

#[test]
fn the_hdu_sample_comes_out_exactly() {
    assert_eq!(solve_via_binary(NAME, SAMPLE), "John\nBrother\n");
}

#[test]
fn single_stones_follow_bouton_s_exception() {
    // Every heap of one stone: the player to move wins iff their number is even.
    let mut input = String::from("47\n");
    let mut expected = String::new();
    for n in 1..=47 {
        input.push_str(&format!("{n}\n{}\n", vec!["1"; n].join(" ")));
        expected.push_str(if n % 2 == 0 { "John\n" } else { "Brother\n" });
    }
    assert_eq!(solve_via_binary(NAME, &input), expected);
}

#[test]
fn malformed_inputs_are_rejected_where_they_break() {
    let cases: &[(&[u8], usize, usize, &str)] = &[
        (b"", 1, 1, "expected T"),
        (b"2\n3\n3 5 1\n", 4, 1, "expected N"),
        (b"1\n3\n3 5 0\n", 3, 5, "A_i = 0 is outside 1..=4747"),
        (b"1\n1\n4748\n", 3, 1, "A_i = 4748 is outside 1..=4747"),
        (b"475\n", 1, 1, "T = 475 is outside 1..=474"),
        (b"0\n", 1, 1, "T = 0 is outside 1..=474"),
        (b"1\n48\n", 2, 1, "N = 48 is outside 1..=47"),
        (b"1\n0\n", 2, 1, "N = 0 is outside 1..=47"),
        (b"1\n2\n3\n", 3, 2, "found only 1"),
        (b"1\n1\n3 4\n", 3, 3, "found more"),
        (b"1\n1\n-3\n", 3, 1, "expected A_i"),
        (b"1\n1\n3\r\n", 3, 2, "CRLF"),
        (b"1\n1\n3", 3, 2, "must end with a newline"),
        (b"1\n1 \n3\n", 2, 2, "trailing space"),
        (b"1\n1\n3\n\n", 4, 1, "expected end of file"),
        (b"1\n1\nthree\n", 3, 1, "expected A_i"),
        (
            b"1\n1\n99999999999999999999\n",
            3,
            1,
            "does not fit in 64 bits",
        ),
        (b"1\n1\n007\n", 3, 1, "leading zero"),
    ];
    for &(input, line, col, what) in cases {
        assert_rejected(NAME, input, line, col, what);
    }
}

#[test]
fn the_reference_agrees_with_misere_brute_force() {
    for mode in ["random", "ones", "one-big"] {
        assert_solve_matches_brute(
            NAME,
            &[("mode", mode), ("max_a", "10"), ("n", "5"), ("t", "20")],
            30,
        );
    }
    assert_solve_matches_brute(NAME, &[("mode", "ones"), ("max_a", "1"), ("t", "40")], 5);
}

#[test]
fn every_bound_is_reached_by_min_and_max() {
    assert_modes_reach_every_bound(NAME, &[("min", &[]), ("max", &[])]);
}

#[test]
fn the_checker_explains_the_first_wrong_case() {
    let (verdict, message) = judge(NAME, SAMPLE, "Brother\nBrother\n");
    assert_eq!(verdict, Verdict::WA);
    // 3 2 1 has xor 0 and a heap of two or more: Brother, to move, loses.
    assert_eq!(
        message,
        "case 1 (N = 3, xor 7, some heap has two or more stones): expected John, got Brother \
         - John wins by taking 3 from heap 2 (leaving 2)"
    );
    let (verdict, message) = judge(NAME, SAMPLE, "John\nJohn\n");
    assert_eq!(verdict, Verdict::WA);
    assert_eq!(
        message,
        "case 2 (N = 1, xor 1, every heap has one stone): expected Brother, got John - every \
         move of John loses; e.g. taking 1 from heap 1 (leaving 0) takes the last stone"
    );
    let (_, message) = judge(NAME, "1\n2\n2 2\n", "John\n");
    assert_eq!(
        message,
        "case 1 (N = 2, xor 0, some heap has two or more stones): expected Brother, got John \
         - every move of John loses; e.g. taking 1 from heap 1 (leaving 1) is answered by \
         Brother taking 2 from heap 2 (leaving 0)"
    );
}

#[test]
fn unreadable_outputs_are_presentation_errors() {
    for output in ["John", "john\nBrother", "John Brother John", "1\n2\n", ""] {
        assert_eq!(judge(NAME, SAMPLE, output).0, Verdict::PE, "{output:?}");
    }
    assert_eq!(judge(NAME, SAMPLE, "John Brother").0, Verdict::AC);
}

#[test]
fn shrink_candidates_are_valid_and_smaller() {
    for mode in offered_modes(NAME).iter().map(String::as_str) {
        let input = generate(NAME, 5, &[("mode", mode), ("t", "20")]);
        assert_shrinks_valid_and_smaller(NAME, &input);
    }
}

#[test]
fn shrinking_a_brother_win_ends_at_one_stone() {
    let brother_wins = |input: &str| {
        problem(NAME)
            .solve(input.as_bytes())
            .is_ok_and(|answer| answer.contains("Brother"))
    };
    let start = (0..)
        .map(|seed| generate(NAME, seed, &[("t", "12"), ("max_a", "40")]))
        .find(|input| brother_wins(input))
        .expect("some seed has a case Brother wins");
    assert_eq!(shrink_while(NAME, &start, brother_wins), "1\n1\n1\n");
}

#[test]
fn accepted_solutions_print_the_reference_answer() {
    let mut inputs = vec![SAMPLE.to_string()];
    inputs.extend(in_modes(NAME, &["max", "ones", "one-big", "random", "min"]));
    assert_accepted_solutions(NAME, &inputs, true, &["cpp", "py"]);
}

#[test]
fn wrong_solutions_are_caught_by_generated_data() {
    let inputs: Vec<String> = (0..3)
        .flat_map(|seed| {
            ["random", "one-big", "ones"].map(|mode| generate(NAME, seed, &[("mode", mode)]))
        })
        .collect();
    assert_wrong_solutions_caught(NAME, &inputs);
}
