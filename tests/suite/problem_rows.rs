//! Problem `rows`: samples through the binary, strict validation, certification against
//! brute force and against the plain Grundy table, rows near 10^18 through the proven period,
//! generators, checker explanations, shrinking, and the example solutions.

use crate::problem_kit::*;
use stonejudge::game::grundy::plain_table;
use stonejudge::game::{OctalCode, Ruleset};
use stonejudge::verdict::Verdict;

const NAME: &str = "rows";
const SAMPLE: &str = "2\n3\n7 3 3\n3\n3 4 6\n";

/// Dawson's Kayles by the plain mex recurrence, the oracle.
fn dawson(upto: usize) -> Vec<u32> {
    plain_table(&Ruleset::Octal(OctalCode::from_digits([(2, 7)])), upto)
}

#[test]
fn the_samples_come_out_exactly() {
    assert_eq!(solve_via_binary(NAME, SAMPLE), "first\nsecond\n");
}

#[test]
fn malformed_inputs_are_rejected_where_they_break() {
    let cases: &[(&[u8], usize, usize, &str)] = &[
        (b"", 1, 1, "expected T"),
        (
            b"1\n3\n7 3\n",
            3,
            4,
            "expected 3 values of len on this line, found only 2",
        ),
        (b"1\n3\n7 3 3 3\n", 3, 7, "found more"),
        (
            b"1\n1\n1000000000000000001\n",
            3,
            1,
            "len = 1000000000000000001 is outside 1..=1000000000000000000",
        ),
        (b"1\n1\n0\n", 3, 1, "len = 0 is outside"),
        (b"1\n1\n-5\n", 3, 1, "expected len"),
        (b"1\nx\n", 2, 1, "expected n"),
        (
            b"1\n1\n18446744073709551616\n",
            3,
            1,
            "does not fit in 64 bits",
        ),
        (b"1\n1 \n7\n", 2, 2, "trailing space"),
        (b"1\r\n1\n7\n", 1, 2, "CRLF"),
        (b"1\n1\n7", 3, 2, "must end with a newline"),
        (b"0\n", 1, 1, "T = 0 is outside 1..=10000"),
        (b"10001\n", 1, 1, "T = 10001 is outside 1..=10000"),
        (b"1\n0\n\n", 2, 1, "n = 0 is outside 1..=100000"),
        (b"1\n1 7\n", 2, 3, "found an extra value"),
        (b"2\n1\n7\n", 4, 1, "expected n"),
        (b"1\n1\n7\n1\n", 4, 1, "expected end of file"),
        (b"1\n1\n07\n", 3, 1, "leading zero"),
    ];
    for &(input, line, col, what) in cases {
        assert_rejected(NAME, input, line, col, what);
    }
    // Eleven cases of 10^5 rows: the eleventh n (line 22) passes the total of 10^6.
    let row = format!("100000\n{}\n", vec!["1"; 100_000].join(" "));
    let input = format!("11\n{}", row.repeat(11));
    assert_rejected(NAME, input.as_bytes(), 22, 1, "total n <= 10^6");
}

#[test]
fn the_reference_agrees_with_brute_force() {
    for mode in ["random", "small"] {
        assert_solve_matches_brute(
            NAME,
            &[("mode", mode), ("n", "4"), ("max_len", "10"), ("t", "6")],
            10,
        );
    }
    assert_solve_matches_brute(NAME, &[("n", "1"), ("max_len", "40"), ("t", "20")], 5);
}

#[test]
fn the_proven_period_agrees_with_the_plain_table_up_to_2000() {
    let values = dawson(2000);
    let cases: Vec<String> = (1..=2000).map(|len| format!("1\n{len}\n")).collect();
    let input = format!("2000\n{}", cases.concat());
    let answer = problem(NAME).solve(input.as_bytes()).expect("valid");
    for (len, line) in (1..=2000).zip(answer.lines()) {
        let expected = if values[len] != 0 { "first" } else { "second" };
        assert_eq!(line, expected, "a single row of {len}");
    }
    // Pairs of rows: the xor of two values.
    let pairs: Vec<(usize, usize)> = (1..=2000).map(|i| (i, (i * 7919) % 2000 + 1)).collect();
    let cases: Vec<String> = pairs.iter().map(|(a, b)| format!("2\n{a} {b}\n")).collect();
    let input = format!("2000\n{}", cases.concat());
    let answer = problem(NAME).solve(input.as_bytes()).expect("valid");
    for (&(a, b), line) in pairs.iter().zip(answer.lines()) {
        let expected = if values[a] ^ values[b] != 0 {
            "first"
        } else {
            "second"
        };
        assert_eq!(line, expected, "rows {a} and {b}");
    }
}

#[test]
fn rows_near_10_18_follow_the_period_seen_in_the_plain_table() {
    // The plain table repeats with period 34 from 53 on, all the way to 3000 ...
    let values = dawson(3000);
    assert!((53..3000 - 34).all(|n| values[n + 34] == values[n]));
    assert_ne!(values[52 + 34], values[52]);
    // ... and the reference answers huge rows as that period says.
    let lengths: Vec<u64> = (0..300)
        .map(|i| 1_000_000_000_000_000_000 - i * 3_333_333_333_331)
        .collect();
    let cases: Vec<String> = lengths.iter().map(|len| format!("1\n{len}\n")).collect();
    let input = format!("{}\n{}", lengths.len(), cases.concat());
    let answer = solve_via_binary(NAME, &input);
    for (&len, line) in lengths.iter().zip(answer.lines()) {
        let reduced = 1000 + ((len - 1000) % 34) as usize;
        let expected = if values[reduced] != 0 {
            "first"
        } else {
            "second"
        };
        assert_eq!(line, expected, "a single row of {len}");
    }
}

#[test]
fn every_bound_is_reached_by_min_and_max() {
    assert_modes_reach_every_bound(NAME, &[("min", &[]), ("max", &[])]);
}

#[test]
fn about_half_of_the_generated_cases_are_second_player_wins() {
    for mode in ["random", "huge"] {
        let input = generate(NAME, 9, &[("mode", mode), ("t", "400")]);
        let answer = problem(NAME).solve(input.as_bytes()).expect("valid");
        let second = answer.lines().filter(|l| *l == "second").count();
        assert!((120..=280).contains(&second), "{mode}: {second} of 400");
    }
}

#[test]
fn the_checker_explains_the_first_wrong_case() {
    assert_eq!(
        judge(NAME, SAMPLE, "first\nsecond\n"),
        (Verdict::AC, "ok".to_string())
    );
    assert_eq!(
        judge(NAME, SAMPLE, "second\nsecond\n"),
        (
            Verdict::WA,
            "case 1: expected first, got second - the first player wins by taking stones 1-2 \
             of row 1 (length 7), leaving a row of 5; the Grundy values (Dawson's Kayles) then \
             xor to 0"
                .to_string()
        )
    );
    assert_eq!(
        judge(NAME, SAMPLE, "first\nfirst\n"),
        (
            Verdict::WA,
            "case 2: expected second, got first - the rows' Grundy values (Dawson's Kayles, \
             octal 0.07) are 1, 2, 3 and xor to 0, so every move leaves a position that the \
             player to move wins"
                .to_string()
        )
    );
    // A huge row: the winning move is found through the period, and it really wins.
    let input = "1\n1\n1000000000000000000\n";
    assert_eq!(solve_via_binary(NAME, input), "first\n");
    let (verdict, message) = judge(NAME, input, "second\n");
    assert_eq!(verdict, Verdict::WA);
    let prefix = "case 1: expected first, got second - the first player wins by taking stones ";
    assert!(message.starts_with(prefix), "{message}");
    assert!(message.contains("of row 1 (length 1000000000000000000), leaving rows "));
    let pieces: Vec<u64> = message
        .split("leaving rows ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .map(|rest| rest.split(" and ").filter_map(|p| p.parse().ok()).collect())
        .unwrap_or_default();
    assert_eq!(pieces.len(), 2, "{message}");
    assert_eq!(pieces[0] + pieces[1], 1_000_000_000_000_000_000 - 2);
    let after = format!("1\n2\n{} {}\n", pieces[0], pieces[1]);
    assert_eq!(solve_via_binary(NAME, &after), "second\n");
}

#[test]
fn unreadable_outputs_are_presentation_errors() {
    for output in [
        "first\n",
        "first\nsecond\nfirst\n",
        "1\n2\n",
        "",
        "First\nsecond\n",
    ] {
        assert_eq!(judge(NAME, SAMPLE, output).0, Verdict::PE, "{output:?}");
    }
    assert_eq!(judge(NAME, SAMPLE, "first second").0, Verdict::AC);
}

#[test]
fn shrink_candidates_are_valid_and_smaller() {
    for mode in offered_modes(NAME).iter().map(String::as_str) {
        let input = generate(NAME, 5, &[("mode", mode), ("t", "12")]);
        assert_shrinks_valid_and_smaller(NAME, &input);
    }
}

#[test]
fn shrinking_a_first_player_win_ends_at_a_row_of_two() {
    let start = generate(NAME, 3, &[("mode", "huge"), ("t", "8")]);
    let first_wins = answer_has_line(NAME, "first");
    assert_eq!(shrink_while(NAME, &start, first_wins), "1\n1\n2\n");
}

#[test]
fn accepted_solutions_print_the_reference_answer() {
    let mut inputs = vec![SAMPLE.to_string()];
    inputs.extend(in_modes(NAME, &["max", "huge", "random", "small", "min"]));
    assert_accepted_solutions(NAME, &inputs, true, &["cpp", "py"]);
}

#[test]
fn wrong_solutions_are_caught_by_generated_data() {
    let inputs = over_seeds(NAME, 3, &["random", "huge", "small"], &[]);
    assert_wrong_solutions_caught(NAME, &inputs);
}
