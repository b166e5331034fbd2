//! Legacy and 2023-07 Kattis scoring packages through the real binary, graded as
//! `verifyproblem` grades them: `accept_score`, `range`, `on_reject`, the default grader's
//! flags (`ignore_sample`, `first_error`, `accept_if_any_accepted`, `min`, `sum`, `avg`),
//! `score.txt`, `grading.objective`, and a custom grader (`graders/`) run where its language
//! is installed and skipped where it is not. Each computed score is asserted from `verify
//! --json`; a group out of its `range`, a `partially_accepted/` submission with the full
//! score, and a bad `grading:` value (at `file:line:col`) are caught.

use std::path::Path;

use serde_json::Value;

use super::grading_fixtures::{legacy, v2023, LEGACY_SCORES, V2023_SCORES};
use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::write;

/// `verify --json` of the package an item's id starts with (under `root`), and that item.
fn verified_item(root: &Path, id: &str) -> (bool, bool, String, Option<f64>) {
    let package = id.split('/').next().expect("a package");
    let (_, document) = verify(root, &[package]);
    submission(&document, id)
}

/// The item of `id`: whether it passed, was skipped, its checks' details, and its score.
fn submission(document: &Value, id: &str) -> (bool, bool, String, Option<f64>) {
    let items = document["items"].as_array().expect("items");
    let found = (items.iter())
        .find(|i| i["id"] == id)
        .unwrap_or_else(|| panic!("no item {id} in {document:#}"));
    let details: Vec<String> = (found["checks"].as_array().expect("checks").iter())
        .map(|c| format!("{}: {}", c["name"].as_str().unwrap_or(""), c["detail"]))
        .collect();
    (
        found["ok"] == true,
        found["skipped"] == true,
        details.join("\n"),
        found["score"].as_f64(),
    )
}

/// The id of the submission named `name` of the package `package`.
fn id_of(document: &Value, package: &str, name: &str) -> String {
    let items = document["items"].as_array().expect("items");
    (items.iter())
        .filter_map(|i| i["id"].as_str())
        .find(|id| id.starts_with(&format!("{package}/submissions/")) && id.ends_with(name))
        .unwrap_or_else(|| panic!("no submission {name}"))
        .to_string()
}

#[test]
fn legacy_groups_are_graded_by_accept_score_range_and_grader_flags() {
    let dir = tempfile::tempdir().expect("tempdir");
    legacy(&dir.path().join("double"));
    let (output, document) = verify(dir.path(), &["double"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    for (name, score) in LEGACY_SCORES {
        let (_, _, details, found) = submission(&document, &id_of(&document, "double", name));
        assert_eq!(found, Some(score), "{name}: {details}");
    }
    let (ok, _, details, _) = submission(&document, "double");
    assert!(
        ok && details.contains("graded as verifyproblem grades"),
        "{details}"
    );
    let (ok, _, details, _) = submission(&document, "double/submissions/accepted/large_only.py");
    assert!(
        ok && details.contains("not the full score 100"),
        "{details}"
    );
    let (ok, _, details, _) = submission(
        &document,
        "double/submissions/partially_accepted/small_only.py",
    );
    assert!(ok && details.contains("AC with score 60"), "{details}");
    let (ok, _, details, _) =
        submission(&document, "double/submissions/partially_accepted/full.py");
    assert!(!ok && details.contains("the full score"), "{details}");
    let (ok, _, details, _) = submission(&document, "double/submissions/wrong_answer/zero.py");
    assert!(ok && details.contains("WA with score 0"), "{details}");
    // The columns are secret's subgroups, with their ranges' maxima.
    let groups = &(document["items"].as_array().expect("items").iter())
        .find(|i| i["id"] == "double/submissions/partially_accepted/small_only.py")
        .expect("item")["groups"];
    let columns: Vec<(String, f64, f64)> = (groups.as_array().expect("groups").iter())
        .map(|g| {
            (
                g["name"].as_str().unwrap_or("").to_string(),
                g["score"].as_f64().unwrap_or(-1.0),
                g["max"].as_f64().unwrap_or(-1.0),
            )
        })
        .collect();
    assert_eq!(
        columns,
        [
            ("sample".to_string(), 0.0, 0.0),
            ("secret/a".to_string(), 40.0, 40.0),
            ("secret/b".to_string(), 20.0, 60.0)
        ]
    );
}

#[test]
fn a_group_out_of_its_range_fails_and_objective_min_changes_the_full_score() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("double");
    legacy(&package);
    write(
        &package,
        &[(
            "data/secret/b/testdata.yaml",
            "accept_score: 20\nrange: 0 50\n",
        )],
    );
    let (ok, _, details, _) = verified_item(dir.path(), "double/submissions/accepted/double.cpp");
    assert!(
        !ok && details.contains("group data/secret/b: score 60, outside its range [0, 50]"),
        "{details}"
    );
    // Minimising, the full score is the range's minimum: 100 is no longer it.
    legacy(&package);
    write(
        &package,
        &[(
            "problem.yaml",
            "name: Double\ntype: scoring\ngrading:\n  objective: min\n",
        )],
    );
    let (ok, _, details, _) =
        verified_item(dir.path(), "double/submissions/partially_accepted/full.py");
    assert!(ok, "{details}");
}

#[test]
fn score_txt_of_a_2023_package_is_averaged() {
    let dir = tempfile::tempdir().expect("tempdir");
    v2023(&dir.path().join("halfway"));
    let (output, document) = verify(dir.path(), &["halfway"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    for (name, score) in V2023_SCORES {
        let (ok, _, details, found) = submission(&document, &id_of(&document, "halfway", name));
        assert!(ok, "{name}: {details}");
        assert_eq!(found, Some(score), "{name}: {details}");
    }
    // In the legacy format a validator may write score.txt only with validation: custom score.
    let legacy_package = dir.path().join("legacy");
    v2023(&legacy_package);
    std::fs::rename(
        legacy_package.join("output_validator"),
        legacy_package.join("output_validators"),
    )
    .expect("rename");
    write(
        &legacy_package,
        &[(
            "problem.yaml",
            "name: Halfway\ntype: scoring\nvalidation: custom\n",
        )],
    );
    let (ok, _, details, _) = verified_item(dir.path(), "legacy/submissions/accepted/exact.cpp");
    assert!(
        !ok && details.contains("validation: custom score"),
        "{details}"
    );
    write(
        &legacy_package,
        &[(
            "problem.yaml",
            "name: Halfway\ntype: scoring\nvalidation: custom score\n",
        )],
    );
    let (ok, _, details, found) = verified_item(
        dir.path(),
        "legacy/submissions/partially_accepted/off_once.py",
    );
    assert!(ok && found == Some(8.0), "{details}");
}

/// A grader that sums its items' scores and doubles them, adds 1 when given the flag
/// `bonus`, and is accepted only when every item is.
const GRADER_PY: &str = r#"import sys
verdict, total = "AC", 0.0
for line in sys.stdin:
    v, s = line.split()
    total += float(s)
    if v != "AC" and verdict == "AC":
        verdict = v
print(verdict, 2 * total + ("bonus" in sys.argv[1:]))
"#;

#[test]
fn a_custom_grader_grades_its_groups_and_is_skipped_where_it_cannot_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("double");
    legacy(&package);
    write(
        &package,
        &[
            ("graders/grader.py", GRADER_PY),
            (
                "data/secret/testdata.yaml",
                "grading: custom\ngrader_flags: bonus\nrange: 0 201\n",
            ),
            // Their parent's `grading: custom` would be theirs too.
            (
                "data/secret/a/testdata.yaml",
                "grading: default\non_reject: break\naccept_score: 40\nrange: 0 40\ngrader_flags: min\n",
            ),
            (
                "data/secret/b/testdata.yaml",
                "grading: default\naccept_score: 20\nrange: 0 60\ngrader_flags: sum\n",
            ),
            (
                "data/testdata.yaml",
                "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 201\n",
            ),
        ],
    );
    let (_, document) = verify(dir.path(), &["double"]);
    let (ok, _, details, found) = submission(&document, "double/submissions/accepted/double.cpp");
    assert!(ok && found == Some(201.0), "{details}");
    // small_only: WA in b, so secret is WA: 2 × (40 + 20) + 1.
    let (_, _, details, found) = submission(
        &document,
        "double/submissions/partially_accepted/small_only.py",
    );
    assert_eq!(found, Some(121.0), "{details}");
    // A grader in a language stonejudge does not run: skipped, never failed.
    std::fs::remove_file(package.join("graders/grader.py")).expect("remove");
    write(&package, &[("graders/grader.rb", "puts 'AC 0'\n")]);
    let (ok, skipped, details, _) =
        verified_item(dir.path(), "double/submissions/accepted/double.cpp");
    assert!(!ok && skipped && details.contains("grader.rb"), "{details}");
}

#[test]
fn bad_grading_values_are_named_at_their_line_and_unknown_flags_are_not_supported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("double");
    legacy(&package);
    write(
        &package,
        &[(
            "problem.yaml",
            "name: Double\ntype: scoring\ngrading:\n  objective: maximal\n",
        )],
    );
    let output = stonejudge(dir.path())
        .args(["verify", "double"])
        .output()
        .expect("run");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("problem.yaml:4:3: grading.objective \"maximal\": expected max or min"),
        "{stderr}"
    );
    legacy(&package);
    write(
        &package,
        &[(
            "data/secret/a/testdata.yaml",
            "on_reject: break\nrange: 0 forty\n",
        )],
    );
    let (ok, _, details, _) = verified_item(dir.path(), "double");
    assert!(
        !ok && details.contains("a/testdata.yaml:2:1: range") && details.contains("0 forty"),
        "{details}"
    );
    write(
        &package,
        &[(
            "data/secret/a/testdata.yaml",
            "grader_flags: min every_test\n",
        )],
    );
    let (output, document) = verify(dir.path(), &["double"]);
    let (_, skipped, details, _) = submission(&document, "double");
    assert!(
        skipped && details.contains("grader_flags: every_test is not supported"),
        "{details}"
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stdout));
}

/// A 2025-09 output validator that accepts 2n, and 2n - 1 for a quarter of the test's
/// maximum (`score_multiplier.txt`); with the flag `both` it writes `score.txt` too.
const MULTIPLIER_VALIDATOR_PY: &str = r#"import sys
n = int(open(sys.argv[1]).read())
got = int(sys.stdin.read())
if got == 2 * n - 1:
    with open(sys.argv[3] + "/score_multiplier.txt", "w") as f:
        f.write("0.25\n")
    if "both" in sys.argv[4:]:
        with open(sys.argv[3] + "/score.txt", "w") as f:
            f.write("1\n")
    sys.exit(42)
sys.exit(42 if got == 2 * n else 43)
"#;

/// A 2025-09 scoring package at `package` asking for `2n`: `validator` as its output validator,
/// the groups' `test_group.yaml` files as `groups` give them, two secret tests in group `g`
/// (n = 4 and 5), `accepted/exact.py` and `partially_accepted/close.py` (one less for n = 5).
fn doubling_2025(package: &Path, validator: &str, groups: &[(&str, &str)]) {
    let name = package.file_name().expect("name").to_string_lossy();
    let problem_yaml = format!(
        "problem_format_version: 2025-09\nname: {name}\n\
         uuid: 7a2e4c1b-9d3f-4b6a-8e5c-1f0a2b3c4d5e\ntype: scoring\n"
    );
    write(
        package,
        &[
            ("problem.yaml", problem_yaml.as_str()),
            ("statement/problem.en.md", "Print $2n$.\n"),
            ("output_validator/validate.py", validator),
            (
                "input_validators/validate.py",
                "import sys\nn = int(sys.stdin.read())\nsys.exit(42 if 1 <= n <= 100 else 43)\n",
            ),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/g/1.in", "4\n"),
            ("data/secret/g/1.ans", "8\n"),
            ("data/secret/g/2.in", "5\n"),
            ("data/secret/g/2.ans", "10\n"),
            ("submissions/accepted/exact.py", "print(2 * int(input()))\n"),
            (
                "submissions/partially_accepted/close.py",
                "n = int(input())\nprint(2 * n - (n == 5))\n",
            ),
        ],
    );
    write(package, groups);
}

#[test]
fn score_multiplier_txt_scores_a_fraction_of_a_2025_test_case() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("quarter");
    doubling_2025(
        &package,
        MULTIPLIER_VALIDATOR_PY,
        // Two tests of 50 each: 2n - 1 on one earns 12.5 of its 50.
        &[(
            "data/secret/g/test_group.yaml",
            "max_score: 100\nscore_aggregation: sum\n",
        )],
    );
    let (ok, _, details, found) = verified_item(
        dir.path(),
        "quarter/submissions/partially_accepted/close.py",
    );
    assert!(ok && found == Some(62.5), "{details}");
    // Both files for one test case: the judge's error, never a score.
    write(
        &package,
        &[(
            "data/secret/g/test_group.yaml",
            "max_score: 100\nscore_aggregation: sum\noutput_validator_args: [both]\n",
        )],
    );
    let (ok, _, details, _) = verified_item(
        dir.path(),
        "quarter/submissions/partially_accepted/close.py",
    );
    assert!(
        !ok && details.contains("both score.txt and score_multiplier.txt"),
        "{details}"
    );
}

/// A 2025-09 output validator that accepts 2n and 2n - 1 and writes what it got in
/// `score.txt`, except for 2n - 1 under the flag `silent`.
const ECHO_SCORE_VALIDATOR_PY: &str = r#"import sys
n = int(open(sys.argv[1]).read())
got = int(sys.stdin.read())
if got not in (2 * n, 2 * n - 1):
    sys.exit(43)
if not (got == 2 * n - 1 and "silent" in sys.argv[4:]):
    with open(sys.argv[3] + "/score.txt", "w") as f:
        f.write("%d\n" % got)
sys.exit(42)
"#;

#[test]
fn unbounded_groups_score_what_score_txt_says() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("open");
    doubling_2025(
        &package,
        ECHO_SCORE_VALIDATOR_PY,
        &[
            ("data/secret/test_group.yaml", "max_score: unbounded\n"),
            ("data/secret/g/test_group.yaml", "score_aggregation: sum\n"),
        ],
    );
    let (output, document) = verify(dir.path(), &["open"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    for (name, score) in [
        ("accepted/exact.py", 18.0),
        ("partially_accepted/close.py", 17.0),
    ] {
        let (ok, _, details, found) = submission(&document, &format!("open/submissions/{name}"));
        assert!(ok && found == Some(score), "{name}: {details}");
    }
    // An accepted test case of an unbounded group without its score.txt: the judge's error.
    write(
        &package,
        &[(
            "data/secret/g/test_group.yaml",
            "score_aggregation: sum\noutput_validator_args: [silent]\n",
        )],
    );
    let (ok, _, details, _) =
        verified_item(dir.path(), "open/submissions/partially_accepted/close.py");
    assert!(!ok && details.contains("wrote no score.txt"), "{details}");
}

#[test]
fn ignore_sample_below_the_root_and_two_graders_fail_the_package() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("double");
    legacy(&package);
    write(
        &package,
        &[
            (
                "data/secret/b/testdata.yaml",
                "accept_score: 20\nrange: 0 60\ngrader_flags: ignore_sample\n",
            ),
            ("graders/one.py", "print('AC 0')\n"),
            ("graders/two.py", "print('AC 0')\n"),
        ],
    );
    let (ok, _, details, _) = verified_item(dir.path(), "double");
    assert!(!ok, "{details}");
    assert!(
        details.contains("data/secret/b: grader_flags ignore_sample is only for data/ itself"),
        "{details}"
    );
    assert!(details.contains("holds 2 programs"), "{details}");
}
