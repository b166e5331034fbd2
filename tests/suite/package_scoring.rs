//! Kattis scoring packages (format 2025-09) through the real binary: `secret`'s test data
//! groups with their `max_score` and `score_aggregation` (`pass-fail`, `sum`, `min`), an
//! output validator that writes `score.txt` for answers that are close, and every submission
//! held to its score: `accepted/` to the full score, `partially_accepted/` to less, and
//! `submissions.yaml`'s `score` (a number or a range). A wrong expected score fails `verify`,
//! naming the submission, the expected and the found score; `--json` gives each submission's
//! `score`, `max_score` and groups.

use serde_json::Value;

use super::package_2025::item;
use super::package_cli::{text, verify};
use super::package_fixtures::write;

const PROBLEM_YAML: &str = "problem_format_version: 2025-09
name: Double for points
uuid: 5d0c3a52-8f2e-4b7a-a1c9-3e6f0b1d2c4a
type: scoring
limits:
  time_limit: 2
";

/// The output validator: the output must be 2n. In the groups scored test by test (n ≥ 5),
/// an output one less is accepted for part of the test's points, written in `score.txt`:
/// 20 of its 35 in `sum/`, 10 of 40 in `min/` (the max of a test in a `min` group is the
/// group's).
const VALIDATOR_PY: &str = r#"import sys
n = int(open(sys.argv[1]).read())
feedback = sys.argv[3]
try:
    got = int(sys.stdin.read())
except ValueError:
    sys.exit(43)
if got == 2 * n:
    sys.exit(42)
if got == 2 * n - 1 and n >= 5:
    with open(feedback + "/score.txt", "w") as f:
        f.write("20\n" if n < 100 else "10\n")
    sys.exit(42)
with open(feedback + "/judgemessage.txt", "w") as f:
    f.write("expected %d, got %d\n" % (2 * n, got))
sys.exit(43)
"#;

/// `score` of `wrong_answer/small_only.py` in `submissions.yaml`.
fn submissions_yaml(small_only: &str) -> String {
    format!(
        "wrong_answer/small_only.py:\n  score: {small_only}\n\
         partially_accepted/mixed.py:\n  score: [60, 75]\n"
    )
}

/// A package worth 100: `easy/` 20 (pass-fail), `sum/` 70 over two tests (sum: 35 each),
/// `min/` 10 over two tests (min: each test's maximum is the group's 10). Its submissions,
/// and the score each gets:
/// - `accepted/double.py`: every output right, 100;
/// - `partially_accepted/close.py`: one less from n = 5 on: 20 + (20 + 20) + 10 = 70 (the
///   `min` tests' `score.txt` says 10 of 10);
/// - `partially_accepted/mixed.py`: one less only on n = 5: 20 + (20 + 35) + 10 = 85, which
///   `[60, 75]` in `submissions.yaml` gets wrong;
/// - `wrong_answer/small_only.py`: right for n < 5 only, 0 elsewhere: 20, held to
///   `small_only`.
pub(crate) fn package(root: &std::path::Path, small_only: &str) {
    write(
        root,
        &[
            ("problem.yaml", PROBLEM_YAML),
            ("statement/problem.en.md", "Print $2n$.\n"),
            ("output_validator/validate.py", VALIDATOR_PY),
            (
                "input_validators/validate.py",
                "import sys\nn = int(sys.stdin.read())\nsys.exit(42 if 1 <= n <= 1000 else 43)\n",
            ),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/easy/test_group.yaml", "max_score: 20\n"),
            ("data/secret/easy/01.in", "1\n"),
            ("data/secret/easy/01.ans", "2\n"),
            ("data/secret/easy/02.in", "2\n"),
            ("data/secret/easy/02.ans", "4\n"),
            (
                "data/secret/sum/test_group.yaml",
                "max_score: 70\nscore_aggregation: sum\n",
            ),
            ("data/secret/sum/01.in", "5\n"),
            ("data/secret/sum/01.ans", "10\n"),
            ("data/secret/sum/02.in", "8\n"),
            ("data/secret/sum/02.ans", "16\n"),
            (
                "data/secret/min/test_group.yaml",
                "max_score: 10\nscore_aggregation: min\n",
            ),
            ("data/secret/min/01.in", "100\n"),
            ("data/secret/min/01.ans", "200\n"),
            ("data/secret/min/02.in", "101\n"),
            ("data/secret/min/02.ans", "202\n"),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()))\n",
            ),
            (
                "submissions/partially_accepted/close.py",
                "n = int(input())\nprint(2 * n - (n >= 5))\n",
            ),
            (
                "submissions/partially_accepted/mixed.py",
                "n = int(input())\nprint(2 * n - (n == 5))\n",
            ),
            (
                "submissions/wrong_answer/small_only.py",
                "n = int(input())\nprint(2 * n if n < 5 else 0)\n",
            ),
            (
                "submissions/submissions.yaml",
                &submissions_yaml(small_only),
            ),
        ],
    );
}

/// The item of submission `name` of the package `root` in `document`.
fn submission<'a>(document: &'a Value, package: &str, name: &str) -> &'a Value {
    let id = format!("{package}/submissions/{name}");
    (document["items"].as_array().expect("items").iter())
        .find(|i| i["id"] == id)
        .unwrap_or_else(|| panic!("no item {id} in {document:#}"))
}

#[test]
fn a_scoring_package_scores_every_submission_and_holds_it_to_its_expected_score() {
    let dir = tempfile::tempdir().expect("tempdir");
    package(&dir.path().join("points"), "20");
    let (output, document) = verify(dir.path(), &["points"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    // Only mixed.py breaks its expectation: it scores 85, not within [60, 75].
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert_eq!(document["failed"], 1, "{said}");
    let (ok, detail, all) = item(&document, "points", "package");
    assert!(ok && detail.contains("scoring"), "{all}");
    for (name, score, ok, says) in [
        (
            "accepted/double.py",
            100.0,
            true,
            "score 100 of 100, expected the full score, as folder accepted promises",
        ),
        (
            "partially_accepted/close.py",
            70.0,
            true,
            "score 70 of 100, expected less than the full score, as folder partially_accepted \
             promises",
        ),
        (
            "wrong_answer/small_only.py",
            20.0,
            true,
            "score 20 of 100, expected 20 as submissions.yaml wrong_answer/small_only.py says",
        ),
        (
            "partially_accepted/mixed.py",
            85.0,
            false,
            "score 85 of 100, expected between 60 and 75 as submissions.yaml \
             partially_accepted/mixed.py says",
        ),
    ] {
        let found = submission(&document, "points", name);
        assert_eq!(found["score"].as_f64(), Some(score), "{name}: {found:#}");
        assert_eq!(
            found["max_score"].as_f64(),
            Some(100.0),
            "{name}: {found:#}"
        );
        let (item_ok, detail, all) =
            item(&document, &format!("points/submissions/{name}"), "score");
        assert_eq!(item_ok, ok, "{name}: {all}");
        assert_eq!(detail, says, "{name}: {all}");
    }
    // Per group: close.py loses points in sum/ only (20 of 35 on each test).
    let close = submission(&document, "points", "partially_accepted/close.py");
    let groups: Vec<(String, f64, String)> = (close["groups"].as_array().expect("groups"))
        .iter()
        .map(|g| {
            (
                g["name"].as_str().unwrap_or("").to_string(),
                g["score"].as_f64().unwrap_or(-1.0),
                g["verdict"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        groups,
        [
            ("secret/easy".to_string(), 20.0, "AC".to_string()),
            ("secret/min".to_string(), 10.0, "AC".to_string()),
            ("secret/sum".to_string(), 40.0, "AC".to_string()),
        ],
        "{close:#}"
    );
}

#[test]
fn a_wrong_expected_score_fails_verify_naming_both_scores() {
    let dir = tempfile::tempdir().expect("tempdir");
    package(&dir.path().join("points"), "40");
    let (output, document) = verify(dir.path(), &["points"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(1), "{said}");
    let (ok, detail, all) = item(
        &document,
        "points/submissions/wrong_answer/small_only.py",
        "score",
    );
    assert!(!ok, "{all}");
    assert!(
        detail.contains("score 20 of 100, expected 40"),
        "{detail}\n{all}"
    );
    assert!(said.contains("expected 40"), "{said}");
}

#[test]
fn malformed_scoring_keys_are_errors_at_their_line_and_an_unbounded_group_needs_an_unbounded_secret(
) {
    let dir = tempfile::tempdir().expect("tempdir");
    // A malformed `test_group.yaml` fails the package's item (exit 1); a malformed
    // `submissions.yaml` stops verify, and a key stonejudge does not do is refused (exit 2).
    for (name, file, contents, code, says) in [
        (
            "aggregation",
            "data/secret/sum/test_group.yaml",
            "max_score: 70\nscore_aggregation: avg\n",
            1,
            "test_group.yaml:2:1: score_aggregation: expected pass-fail, sum or min",
        ),
        (
            "range",
            "submissions/submissions.yaml",
            "accepted/double.py:\n  score: [100, 50]\n",
            2,
            "submissions.yaml:2:3: score: expected a non-negative number",
        ),
        (
            "passfail",
            "problem.yaml",
            &PROBLEM_YAML.replace("type: scoring", "type: pass-fail"),
            1,
            "test_group.yaml:1:1: max_score is only for scoring problems",
        ),
        (
            "unbounded",
            "data/secret/min/test_group.yaml",
            "max_score: unbounded\nscore_aggregation: min\n",
            1,
            "data/secret/min: a test data group needs a max_score, unless secret's is unbounded",
        ),
    ] {
        let root = dir.path().join(name);
        package(&root, "20");
        write(&root, &[(file, contents)]);
        let output = super::package_cli::stonejudge(dir.path())
            .args(["verify", name])
            .output()
            .expect("verify");
        let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
        assert_eq!(output.status.code(), Some(code), "{name}: {said}");
        assert!(said.contains(says), "{name}: {says}\n{said}");
    }
}

/// In 2025-09 a folder of `secret/` is a test data group only when it has a
/// `test_group.yaml`: without any, `secret` is the one scored group and the folders only hold
/// its cases (each an equal share of 100); beside a group, a folder without one is an error
/// naming it.
#[test]
fn folders_of_secret_are_test_data_groups_only_with_their_test_group_yaml() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("folders");
    let cases: Vec<(String, String)> = [(1, "small"), (2, "small"), (5, "large"), (8, "large")]
        .iter()
        .flat_map(|(n, folder)| {
            [
                (format!("data/secret/{folder}/{n}.in"), format!("{n}\n")),
                (
                    format!("data/secret/{folder}/{n}.ans"),
                    format!("{}\n", 2 * n),
                ),
            ]
        })
        .collect();
    let mut files = vec![
        ("problem.yaml", PROBLEM_YAML),
        ("statement/problem.en.md", "Print $2n$.\n"),
        (
            "input_validators/validate.py",
            "import sys\nn = int(sys.stdin.read())\nsys.exit(42 if 1 <= n <= 1000 else 43)\n",
        ),
        ("data/sample/1.in", "3\n"),
        ("data/sample/1.ans", "6\n"),
        (
            "submissions/accepted/double.py",
            "print(2 * int(input()))\n",
        ),
        (
            "submissions/wrong_answer/small_only.py",
            "n = int(input())\nprint(2 * n if n < 5 else 0)\n",
        ),
        (
            "submissions/submissions.yaml",
            "wrong_answer/small_only.py:\n  score: 50\n",
        ),
    ];
    files.extend(
        cases
            .iter()
            .map(|(path, text)| (path.as_str(), text.as_str())),
    );
    write(&root, &files);
    let (output, document) = verify(dir.path(), &["folders"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(0), "{said}");
    let small_only = submission(&document, "folders", "wrong_answer/small_only.py");
    assert_eq!(small_only["score"].as_f64(), Some(50.0), "{small_only:#}");
    let groups: Vec<&str> = (small_only["groups"].as_array().expect("groups").iter())
        .filter_map(|g| g["name"].as_str())
        .collect();
    assert_eq!(groups, ["secret"], "{small_only:#}");

    write(
        &root,
        &[("data/secret/small/test_group.yaml", "max_score: 40\n")],
    );
    let output = super::package_cli::stonejudge(dir.path())
        .args(["verify", "folders"])
        .output()
        .expect("verify");
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(
        said.contains(
            "data/secret/large: a folder of secret beside test data groups must be one: give it \
             a test_group.yaml"
        ),
        "{said}"
    );
}

/// `partially_accepted/` is a default folder of a scoring package: a `submissions.yaml` key
/// that only names its authors takes nothing away from what the folder holds it to (less than
/// the full score; any verdict, as the format's own scoring example has it), and the folder
/// is named as what holds it (it was once held by an empty rule from nowhere).
#[test]
fn a_key_naming_only_authors_leaves_partially_accepted_held_to_its_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("points");
    package(&root, "20");
    write(
        &root,
        &[
            (
                "submissions/submissions.yaml",
                &(submissions_yaml("20") + "partially_accepted/*:\n  authors: A <a@example.com>\n"),
            ),
            (
                "submissions/partially_accepted/full.py",
                "print(2 * int(input()))\n",
            ),
            (
                "submissions/partially_accepted/wrong_once.py",
                "n = int(input())\nprint(0 if n == 1 else 2 * n)\n",
            ),
        ],
    );
    let (output, document) = verify(dir.path(), &["points"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(1), "{said}");
    let (ok, detail, all) = item(
        &document,
        "points/submissions/partially_accepted/close.py",
        "score",
    );
    assert!(ok, "{all}");
    assert_eq!(
        detail,
        "score 70 of 100, expected less than the full score, as folder partially_accepted \
         promises",
        "{all}"
    );
    let (ok, detail, all) = item(
        &document,
        "points/submissions/partially_accepted/full.py",
        "score",
    );
    assert!(!ok, "{all}");
    assert!(
        detail.contains("expected less than the full score"),
        "{all}"
    );
    // A wrong answer on a test is allowed: its score is less than the full score.
    let (ok, _, all) = item(
        &document,
        "points/submissions/partially_accepted/wrong_once.py",
        "score",
    );
    assert!(ok, "{all}");
    let (ok, detail, all) = item(
        &document,
        "points/submissions/partially_accepted/close.py",
        "expectation",
    );
    assert!(ok && detail.contains("folder partially_accepted"), "{all}");
}
