//! Problem `bounded-nim`: examples through the binary, strict validation, certification
//! against brute force, generators, checker explanations, shrinking, and the example
//! solutions.

use crate::problem_kit::*;
use stonejudge::verdict::Verdict;

const NAME: &str = "bounded-nim";

#[test]
fn one_heap_is_lost_exactly_on_multiples_of_m_plus_one() {
    // docs/games.md §2: with one heap, the first player loses iff n mod (m + 1) = 0.
    let mut input = String::from("105\n");
    let mut expected = String::new();
    for m in 1..=5u64 {
        for n in 0..=20u64 {
            input.push_str(&format!("1 {m}\n{n}\n"));
            expected.push_str(if n % (m + 1) == 0 {
                "second\n"
            } else {
                "first\n"
            });
        }
    }
    assert_eq!(solve_via_binary(NAME, &input), expected);
}

#[test]
fn the_largest_values_do_not_overflow() {
    // m + 1 = 10^18 + 1: a heap of 10^18 has value 10^18, two of them cancel.
    let big = "1000000000000000000";
    let input = format!("3\n1 {big}\n{big}\n2 {big}\n{big} {big}\n1 {big}\n0\n");
    assert_eq!(solve_via_binary(NAME, &input), "first\nsecond\nsecond\n");
}

#[test]
fn malformed_inputs_are_rejected_where_they_break() {
    let mut too_many = String::from("11\n");
    for _ in 0..10 {
        too_many.push_str("100000 1\n");
        too_many.push_str(&vec!["0"; 100_000].join(" "));
        too_many.push('\n');
    }
    too_many.push_str("1 1\n0\n");
    let cases: &[(&[u8], usize, usize, &str)] = &[
        (b"", 1, 1, "expected T"),
        (
            b"1\n3\n1 2 3\n",
            2,
            2,
            "expected a single space, found end of line",
        ),
        (
            b"1\n3 0\n1 2 3\n",
            2,
            3,
            "m = 0 is outside 1..=1000000000000000000",
        ),
        (
            b"1\n3 1000000000000000001\n1 2 3\n",
            2,
            3,
            "m = 1000000000000000001 is outside",
        ),
        (
            b"1\n1 2\n1000000000000000001\n",
            3,
            1,
            "a_i = 1000000000000000001 is outside 0..=1000000000000000000",
        ),
        (b"1\n3 2 5\n1 2 3\n", 2, 5, "found an extra value"),
        (b"1\n3 2\n1 2\n", 3, 4, "found only 2"),
        (b"1\n1 2\n-3\n", 3, 1, "expected a_i"),
        (
            b"1\n1 2\n18446744073709551616\n",
            3,
            1,
            "does not fit in 64 bits",
        ),
        (b"1\n1 2\n3\r\n", 3, 2, "CRLF"),
        (b"1\n1 2\n3", 3, 2, "must end with a newline"),
        (b"1\n1 2\n3 \n", 3, 2, "trailing space"),
        (too_many.as_bytes(), 22, 1, "total n <= 10^6"),
        (b"0\n", 1, 1, "T = 0 is outside 1..=10000"),
        (b"1\n0 2\n\n", 2, 1, "n = 0 is outside 1..=100000"),
        (b"1\n1  2\n3\n", 2, 3, "expected m"),
        (b"1\n1 two\n3\n", 2, 3, "expected m"),
        (b"1\n1 2\n3\n1 2\n3\n", 4, 1, "expected end of file"),
    ];
    for &(input, line, col, what) in cases {
        assert_rejected(NAME, input, line, col, what);
    }
}

#[test]
fn the_reference_agrees_with_brute_force() {
    for mode in ["random", "one", "wide"] {
        assert_solve_matches_brute(
            NAME,
            &[
                ("mode", mode),
                ("max_m", "6"),
                ("max_a", "15"),
                ("n", "3"),
                ("t", "20"),
            ],
            30,
        );
    }
}

#[test]
fn every_bound_is_reached() {
    assert_modes_reach_every_bound(
        NAME,
        &[
            ("min", &[]),
            ("max", &[]),
            ("many", &[]),
            ("huge", &[("t", "40")]),
        ],
    );
}

#[test]
fn the_checker_explains_the_first_wrong_case() {
    let (verdict, message) = judge(NAME, "2\n1 3\n4\n1 3\n5\n", "second\nsecond\n");
    assert_eq!(verdict, Verdict::WA);
    assert_eq!(
        message,
        "case 2 (n = 1, m = 3): expected first, got second - the first player wins by taking \
         1 from heap 1 (leaving 4); the heap values a_i mod 4 then xor to 0"
    );
    // Heaps 4 and 1 with m = 3 have values 0 and 1: the winning move raises the value of
    // heap 1 from 0 to 1 by taking 3 stones, leaving two equal heaps of 1.
    let (_, message) = judge(NAME, "1\n2 3\n4 1\n", "second\n");
    assert!(
        message.contains("taking 3 from heap 1 (leaving 1)"),
        "{message}"
    );
    let (verdict, message) = judge(NAME, "1\n2 3\n5 1\n", "first\n");
    assert_eq!(verdict, Verdict::WA);
    assert_eq!(
        message,
        "case 1 (n = 2, m = 3): expected second, got first - the heap values a_i mod 4 xor to \
         0, so every move can be answered by one that restores xor 0"
    );
}

#[test]
fn unreadable_outputs_are_presentation_errors() {
    let input = "2\n1 3\n4\n1 3\n5\n";
    for output in [
        "second",
        "second first first",
        "second 2",
        "Second first",
        "",
    ] {
        assert_eq!(judge(NAME, input, output).0, Verdict::PE, "{output:?}");
    }
    assert_eq!(judge(NAME, input, "second\r\nfirst").0, Verdict::AC);
}

#[test]
fn shrink_candidates_are_valid_and_smaller() {
    for mode in offered_modes(NAME).iter().map(String::as_str) {
        let input = generate(NAME, 5, &[("mode", mode), ("t", "20"), ("n", "20")]);
        assert_shrinks_valid_and_smaller(NAME, &input);
    }
}

#[test]
fn shrinking_a_second_player_win_ends_small() {
    let start = generate(NAME, 2, &[("t", "10"), ("n", "8"), ("max_a", "50")]);
    let second_wins = answer_has_line(NAME, "second");
    // One case, one heap: the empty one, with the smallest m.
    assert_eq!(shrink_while(NAME, &start, second_wins), "1\n1 1\n0\n");
}

#[test]
fn accepted_solutions_print_the_reference_answer() {
    let inputs = in_modes(
        NAME,
        &["max", "huge", "one", "wide", "many", "random", "min"],
    );
    assert_accepted_solutions(NAME, &inputs, true, &["cpp", "py"]);
}

#[test]
fn wrong_solutions_are_caught_by_generated_data() {
    let inputs: Vec<String> = (0..4)
        .flat_map(|seed| {
            ["random", "one", "huge"].map(|mode| generate(NAME, seed, &[("mode", mode)]))
        })
        .collect();
    assert_wrong_solutions_caught(NAME, &inputs);
}
