//! Legacy and 2023-07 Kattis scoring packages graded by `testdata.yaml` (`accept_score`,
//! `range`, `on_reject`, `grader_flags`) and by `score.txt`, with the score each submission
//! gets as `verifyproblem` grades it: the suite asserts stonejudge's, the tools crate
//! compares them with `verifyproblem`'s.

use std::path::Path;

use super::package_fixtures::write;

/// An input validator: one integer 1..=100 on a line.
const VALIDATE_PY: &str =
    "import sys\nn = int(sys.stdin.read())\nsys.exit(42 if 1 <= n <= 100 else 43)\n";

/// The right answer, 2n, in C++.
const DOUBLE_CPP: &str =
    "#include <iostream>\nint main() { long n; std::cin >> n; std::cout << 2 * n << std::endl; }\n";

/// `double` (legacy): print 2n. `data/` ignores the sample (`ignore_sample`); `secret` is
/// accepted when any subgroup is (`first_error accept_if_any_accepted`) and sums them:
/// `secret/a` (n = 1, 2) is all or nothing for 40 (`accept_score: 40`, `min`, `on_reject:
/// break`), `secret/b` (n = 5, 6, 7) is worth 20 a test (`sum`, `on_reject: continue`).
/// The submissions and what they get:
/// - `accepted/double.cpp`: 40 + 60 = 100, AC;
/// - `accepted/large_only.py`: wrong for n ≤ 2: 0 + 60 = 60, AC (short of the full score,
///   which `verifyproblem` only warns of);
/// - `partially_accepted/small_only.py`: wrong from n = 6: 40 + 20 = 60, AC;
/// - `partially_accepted/full.py`: 100, the full score, which the folder forbids;
/// - `wrong_answer/zero.py`: 0, WA.
pub fn legacy(root: &Path) {
    write(
        root,
        &[
            ("problem.yaml", "name: Double\ntype: scoring\n"),
            ("input_validators/validate.py", VALIDATE_PY),
            (
                "data/testdata.yaml",
                "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 100\n",
            ),
            // Its own grader_flags: data/'s ignore_sample is for data/ alone.
            (
                "data/sample/testdata.yaml",
                "accept_score: 0\nrange: 0 0\ngrader_flags: first_error\n",
            ),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            (
                "data/secret/testdata.yaml",
                "grader_flags: first_error accept_if_any_accepted\n",
            ),
            (
                "data/secret/a/testdata.yaml",
                "on_reject: break\naccept_score: 40\nrange: 0 40\ngrader_flags: min\n",
            ),
            ("data/secret/a/1.in", "1\n"),
            ("data/secret/a/1.ans", "2\n"),
            ("data/secret/a/2.in", "2\n"),
            ("data/secret/a/2.ans", "4\n"),
            (
                "data/secret/b/testdata.yaml",
                "accept_score: 20\nrange: 0 60\n",
            ),
            ("data/secret/b/5.in", "5\n"),
            ("data/secret/b/5.ans", "10\n"),
            ("data/secret/b/6.in", "6\n"),
            ("data/secret/b/6.ans", "12\n"),
            ("data/secret/b/7.in", "7\n"),
            ("data/secret/b/7.ans", "14\n"),
            ("submissions/accepted/double.cpp", DOUBLE_CPP),
            (
                "submissions/accepted/large_only.py",
                "n = int(input())\nprint(2 * n if n > 2 else 0)\n",
            ),
            (
                "submissions/partially_accepted/small_only.py",
                "n = int(input())\nprint(2 * n if n <= 5 else 1)\n",
            ),
            (
                "submissions/partially_accepted/full.py",
                "print(2 * int(input()))\n",
            ),
            ("submissions/wrong_answer/zero.py", "input()\nprint(0)\n"),
        ],
    );
}

/// The scores [`legacy`]'s submissions get, by file name.
pub const LEGACY_SCORES: [(&str, f64); 5] = [
    ("double.cpp", 100.0),
    ("large_only.py", 60.0),
    ("small_only.py", 60.0),
    ("full.py", 100.0),
    ("zero.py", 0.0),
];

/// The output validator of [`v2023`]: 2n earns 10 (in `score.txt`), 2n - 1 earns 2, anything
/// else is rejected.
const SCORE_VALIDATOR_PY: &str = r#"import sys
n = int(open(sys.argv[1]).read())
try:
    got = int(sys.stdin.read())
except ValueError:
    sys.exit(43)
if got not in (2 * n, 2 * n - 1):
    sys.exit(43)
with open(sys.argv[3] + "/score.txt", "w") as f:
    f.write("10\n" if got == 2 * n else "2\n")
sys.exit(42)
"#;

/// `halfway` (2023-07): print 2n, or 2n - 1 for part of a test's score, which the output
/// validator writes in `score.txt`; `secret` (n = 5..8) averages its tests (`avg`, range
/// 0..10), the sample is ignored. The submissions and what they get:
/// - `accepted/exact.cpp`: 10;
/// - `partially_accepted/off_once.py`: 2n - 1 for n = 5: (2 + 10 + 10 + 10) / 4 = 8;
/// - `partially_accepted/off_twice.py`: 2n - 1 for n ≥ 7: 6;
/// - `wrong_answer/off_by_two.py`: 2n - 2 for n ≥ 7: rejected there, WA.
pub fn v2023(root: &Path) {
    write(
        root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07-draft\nname: Halfway\n\
                 uuid: 3f1c9a4e-2b7d-4e8a-9c61-5d2e7f8a9b0c\ntype: scoring\n",
            ),
            ("input_validators/validate.py", VALIDATE_PY),
            ("output_validator/validate.py", SCORE_VALIDATOR_PY),
            (
                "data/testdata.yaml",
                "on_reject: continue\ngrader_flags: ignore_sample\n",
            ),
            ("data/sample/testdata.yaml", "grader_flags: first_error\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            (
                "data/secret/testdata.yaml",
                "grader_flags: avg\nrange: 0 10\n",
            ),
            ("data/secret/5.in", "5\n"),
            ("data/secret/5.ans", "10\n"),
            ("data/secret/6.in", "6\n"),
            ("data/secret/6.ans", "12\n"),
            ("data/secret/7.in", "7\n"),
            ("data/secret/7.ans", "14\n"),
            ("data/secret/8.in", "8\n"),
            ("data/secret/8.ans", "16\n"),
            ("submissions/accepted/exact.cpp", DOUBLE_CPP),
            (
                "submissions/partially_accepted/off_once.py",
                "n = int(input())\nprint(2 * n - (n == 5))\n",
            ),
            (
                "submissions/partially_accepted/off_twice.py",
                "n = int(input())\nprint(2 * n - (n >= 7))\n",
            ),
            (
                "submissions/wrong_answer/off_by_two.py",
                "n = int(input())\nprint(2 * n - 2 * (n >= 7))\n",
            ),
        ],
    );
}

/// The scores [`v2023`]'s submissions get, by file name (the wrong answer's is that of its
/// accepted tests: (10 + 10 + 0 + 0) / 4).
pub const V2023_SCORES: [(&str, f64); 4] = [
    ("exact.cpp", 10.0),
    ("off_once.py", 8.0),
    ("off_twice.py", 6.0),
    ("off_by_two.py", 5.0),
];
