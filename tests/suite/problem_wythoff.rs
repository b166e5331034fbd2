//! Problem `wythoff`: samples through the binary, strict validation, certification against
//! exhaustive search, exactness near 10^18, generators, checker explanations, shrinking, and
//! the example solutions (including floating-point ones that the data must catch).

use crate::problem_kit::*;
use stonejudge::game::brute::wythoff_table_brute;
use stonejudge::game::wythoff::p_position;
use stonejudge::verdict::Verdict;

const NAME: &str = "wythoff";
const SAMPLE: &str = "2 1\n8 4\n4 7\n";

#[test]
fn the_samples_come_out_exactly() {
    assert_eq!(solve_via_binary(NAME, SAMPLE), "0\n1\n0\n");
}

#[test]
fn malformed_inputs_are_rejected_where_they_break() {
    let cases: &[(&[u8], usize, usize, &str)] = &[
        (b"", 1, 1, "expected a"),
        (b"2\n", 1, 2, "expected a single space"),
        (b"2 1 3\n", 1, 5, "found an extra value"),
        (
            b"2 1\n1000000000000000001 0\n",
            2,
            1,
            "a = 1000000000000000001 is outside 0..=1000000000000000000",
        ),
        (b"-1 2\n", 1, 1, "expected a"),
        (b"2 x\n", 1, 3, "expected b"),
        (
            b"2 1\n8 99999999999999999999\n",
            2,
            3,
            "does not fit in 64 bits",
        ),
        (b"2 1 \n", 1, 4, "trailing space"),
        (b"2 1\r\n", 1, 4, "CRLF"),
        (b"2 1\n8 4", 2, 4, "must end with a newline"),
        (b"2 1\n\n", 2, 1, "expected a"),
        (b"02 1\n", 1, 1, "leading zero"),
        (b"2  1\n", 1, 3, "expected b"),
        (b"2\t1\n", 1, 2, "expected a single space"),
    ];
    for &(input, line, col, what) in cases {
        assert_rejected(NAME, input, line, col, what);
    }
    let too_many = "1 2\n".repeat(100_001);
    assert_rejected(
        NAME,
        too_many.as_bytes(),
        100_001,
        1,
        "more than 100000 lines",
    );
    let most = "1 2\n".repeat(100_000);
    assert_eq!(solve_via_binary(NAME, &most), "0\n".repeat(100_000));
}

#[test]
fn the_reference_agrees_with_exhaustive_search_on_every_small_position() {
    let max = 150u64;
    let brute = wythoff_table_brute(max).expect("small enough");
    let mut input = String::new();
    for a in 0..=max {
        for b in 0..=max {
            input.push_str(&format!("{a} {b}\n"));
        }
    }
    let answer = problem(NAME).solve(input.as_bytes()).expect("valid");
    let mut lines = answer.lines();
    for (a, row) in brute.iter().enumerate() {
        for (b, &wins) in row.iter().enumerate() {
            let expected = if wins { "1" } else { "0" };
            assert_eq!(lines.next(), Some(expected), "({a}, {b})");
        }
    }
}

#[test]
fn generated_small_inputs_agree_with_brute_force() {
    for mode in ["random", "p-near-max", "fibonacci"] {
        assert_solve_matches_brute(NAME, &[("mode", mode), ("max_value", "300")], 8);
    }
}

#[test]
fn p_positions_near_the_top_and_their_neighbours_are_exact() {
    // k = 381966011250105152 is the largest k with a_k + k <= 10^18: exactly 10^18.
    const MAX: u64 = 1_000_000_000_000_000_000;
    assert_eq!(
        p_position(381_966_011_250_105_152),
        Some((618_033_988_749_894_848, MAX))
    );
    assert!(p_position(381_966_011_250_105_153).is_none_or(|(_, b)| b > MAX));
    let mut input = String::new();
    let mut expected = String::new();
    for k in [
        381_966_011_250_105_152u64,
        381_966_011_250_105_151,
        165_580_141,
        1,
    ] {
        let (a, b) = p_position(k).expect("fits");
        for (x, y, answer) in [
            (a, b, "0"),
            (b, a, "0"),
            (a + 1, b, "1"),
            (a, b + 1, "1"),
            (a - 1, b, "1"),
            (a, b - 1, "1"),
        ] {
            if x <= MAX && y <= MAX {
                input.push_str(&format!("{x} {y}\n"));
                expected.push_str(answer);
                expected.push('\n');
            }
        }
    }
    assert_eq!(solve_via_binary(NAME, &input), expected);
}

#[test]
fn every_bound_is_reached_by_min_and_max() {
    assert_modes_reach_every_bound(NAME, &[("min", &[]), ("max", &[])]);
}

#[test]
fn the_near_max_modes_are_mostly_p_positions_and_neighbours() {
    for mode in ["p-near-max", "fibonacci"] {
        let input = generate(NAME, 3, &[("mode", mode), ("lines", "600")]);
        let answer = problem(NAME).solve(input.as_bytes()).expect("valid");
        let losing = answer.lines().filter(|l| *l == "0").count();
        assert!(losing >= 60, "{mode}: only {losing} P-positions of 600");
    }
}

#[test]
fn the_checker_explains_the_first_wrong_line() {
    assert_eq!(
        judge(NAME, SAMPLE, "0\n1\n0\n"),
        (Verdict::AC, "ok".to_string())
    );
    assert_eq!(
        judge(NAME, SAMPLE, "0\n0\n0\n"),
        (
            Verdict::WA,
            "line 2 (a = 8, b = 4): expected 1, got 0 - the first player wins by moving to \
             (7, 4), a P-position (a_k, a_k + k) with k = 3"
                .to_string()
        )
    );
    assert_eq!(
        judge(NAME, SAMPLE, "1\n1\n1\n"),
        (
            Verdict::WA,
            "line 1 (a = 2, b = 1): expected 0, got 1 - (2, 1) is the P-position (a_k, a_k + k) \
             with k = 1 and a_k = floor(k phi) = 1: every move leaves a position that the \
             player to move wins"
                .to_string()
        )
    );
}

#[test]
fn unreadable_outputs_are_presentation_errors() {
    for output in ["0\n1\n", "0\n1\n0\n1\n", "0\nfirst\n0\n", "", "0 1 00\n"] {
        assert_eq!(judge(NAME, SAMPLE, output).0, Verdict::PE, "{output:?}");
    }
    assert_eq!(judge(NAME, SAMPLE, "0 1\r\n0").0, Verdict::AC);
}

#[test]
fn shrink_candidates_are_valid_and_smaller() {
    for mode in offered_modes(NAME).iter().map(String::as_str) {
        let input = generate(NAME, 5, &[("mode", mode), ("lines", "20")]);
        assert_shrinks_valid_and_smaller(NAME, &input);
    }
}

#[test]
fn shrinking_a_p_position_ends_at_zero_zero() {
    let start = generate(NAME, 4, &[("mode", "p-near-max"), ("lines", "30")]);
    let has_p_position = answer_has_line(NAME, "0");
    assert_eq!(shrink_while(NAME, &start, has_p_position), "0 0\n");
}

#[test]
fn accepted_solutions_print_the_reference_answer() {
    let mut inputs = vec![SAMPLE.to_string()];
    inputs.extend(in_modes(
        NAME,
        &["max", "p-near-max", "fibonacci", "random", "min"],
    ));
    assert_accepted_solutions(NAME, &inputs, true, &["cpp", "py"]);
}

#[test]
fn wrong_solutions_are_caught_by_generated_data() {
    let inputs = over_seeds(NAME, 3, &["random", "p-near-max", "fibonacci"], &[]);
    assert_wrong_solutions_caught(NAME, &inputs);
}

/// P-positions with k = F40 and F42 inside POJ 1067's limits (a, b <= 10^9), where
/// `floor(k * phi)` in `double` comes out one too high: accepted POJ/HDU solutions fail here.
const DOUBLE_TRAPS: [(u64, u64); 2] = [(165_580_140, 267_914_295), (433_494_436, 701_408_732)];

#[test]
fn a_double_solution_is_wrong_inside_a_and_b_up_to_10_9_and_the_data_holds_the_trap() {
    for (a, b) in DOUBLE_TRAPS {
        assert!(a <= 1_000_000_000 && b <= 1_000_000_000);
        assert_eq!(p_position(b - a), Some((a, b)), "not a P-position");
    }
    // The committed test data holds the first trap, so `verify` keeps a double solution out.
    let holds_it = std::fs::read_dir(repo_path("testdata/wythoff"))
        .expect("testdata/wythoff")
        .filter_map(|entry| std::fs::read_to_string(entry.ok()?.path()).ok())
        .any(|text| text.lines().any(|line| line == "165580140 267914295"));
    assert!(
        holds_it,
        "no test of testdata/wythoff holds 165580140 267914295"
    );

    let tests = tempfile::tempdir().expect("temp dir");
    let input: String = DOUBLE_TRAPS
        .iter()
        .map(|(a, b)| format!("{a} {b}\n"))
        .collect();
    std::fs::write(tests.path().join("01.in"), &input).expect("write input");
    std::fs::write(tests.path().join("01.ans"), solve_via_binary(NAME, &input)).expect("answer");
    let judge = |solution: &str| {
        let output = stonejudge()
            .args(["judge", NAME, "--tests"])
            .arg(tests.path())
            .arg("--")
            .arg(repo_path(solution))
            .output()
            .expect("run stonejudge judge");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let out = judge("problems/wythoff/solutions/wrong_answer/double_phi.cpp");
    assert!(out.contains("01    WA"), "{out}");
    let out = judge("problems/wythoff/solutions/accepted/wythoff.cpp");
    assert!(
        out.contains("all 1 test AC") || out.contains("01    AC"),
        "{out}"
    );
}

fn repo_path(path: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}
