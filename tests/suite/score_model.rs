//! Every format scored from the model by the real binary's `judge --json`: a sinol-make
//! package whose group depends on another (its points lowered by the other's partial
//! points), an `icpc` one (one point, all or nothing), and a Kattis 2025-09 scoring package
//! whose test data groups (one holding a folder of its own) aggregate by `sum` and `min`,
//! its output validator writing `score.txt`, with `secret` summing its groups and then
//! taking the least of them.

use std::path::Path;

use serde_json::Value;

use super::package_cli::{stonejudge, text};
use super::package_fixtures::write;
use super::sinol_cli::judge as judge_sinol;
use super::sinol_fixtures as fixtures;

#[test]
fn a_sinol_group_loses_the_points_its_prerequisite_loses() {
    // The checker gives half of group 2's single test to an answer one too large: alone,
    // group 1 keeps its 40 (70 in all); depending on group 2, it is scored with that test
    // too, ceil(40 * 50 %) = 20 (50 in all).
    let package = fixtures::checker();
    let (code, report, printed) = judge_sinol(&package, "abcb2.py", &[]);
    assert_eq!(
        (code, &report["score"]),
        (Some(1), &70.0.into()),
        "{printed}"
    );
    let config = std::fs::read_to_string(package.root().join("config.yml")).expect("read");
    let config = config.replace(
        "sinol_expected_scores:",
        "subtask_dependencies:\n  1: [2]\nsinol_expected_scores:",
    );
    package.write("config.yml", &config);
    let (code, report, printed) = judge_sinol(&package, "abcb2.py", &[]);
    assert_eq!(code, Some(1), "{printed}");
    let points: Vec<f64> = (report["groups"].as_array().expect("groups").iter())
        .map(|g| g["score"].as_f64().expect("points"))
        .collect();
    assert_eq!(points, [0.0, 20.0, 30.0], "{printed}");
    assert_eq!(
        (&report["score"], &report["max_score"]),
        (&50.0.into(), &100.0.into())
    );
}

#[test]
fn an_icpc_package_is_worth_one_point_for_every_group_passed() {
    let package = fixtures::icpc();
    let (code, report, printed) = judge_sinol(&package, "abc.py", &[]);
    assert_eq!(code, Some(0), "{printed}");
    assert_eq!(
        (&report["score"], &report["max_score"]),
        (&1.0.into(), &1.0.into())
    );
    // Wrong on group 2 only: groups 0 and 1 earn their point, the problem nothing.
    let (code, report, printed) = judge_sinol(&package, "abcb1.py", &[]);
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(report["groups"][1]["score"], 1.0, "{printed}");
    assert_eq!(report["groups"][2]["score"], 0.0, "{printed}");
    assert_eq!(
        (&report["score"], &report["max_score"]),
        (&0.0.into(), &1.0.into())
    );
}

/// Accepts `2n`, and `2n - 1` for 5 points written in `score.txt`.
const FIVE_FOR_CLOSE_PY: &str = r#"import sys
n = int(open(sys.argv[1]).read())
got = int(sys.stdin.read())
if got == 2 * n - 1:
    with open(sys.argv[3] + "/score.txt", "w") as f:
        f.write("5\n")
    sys.exit(42)
sys.exit(42 if got == 2 * n else 43)
"#;

/// A 2025-09 scoring package asking for `2n`: group `a` (two tests, n = 4 and 5, the second
/// in a folder of its own) and group `b` (one test, n = 6), their `test_group.yaml`s and
/// `secret`'s as `groups` give them.
fn doubling(package: &Path, groups: &[(&str, &str)]) {
    write(
        package,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Nested\n\
                 uuid: 5c1f2a3b-7d4e-4f6a-9b8c-0d1e2f3a4b5c\ntype: scoring\n\
                 limits:\n  time_limit: 2\n",
            ),
            ("statement/problem.en.md", "Print $2n$.\n"),
            ("output_validator/validate.py", FIVE_FOR_CLOSE_PY),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/a/1.in", "4\n"),
            ("data/secret/a/1.ans", "8\n"),
            ("data/secret/a/deep/2.in", "5\n"),
            ("data/secret/a/deep/2.ans", "10\n"),
            ("data/secret/b/1.in", "6\n"),
            ("data/secret/b/1.ans", "12\n"),
        ],
    );
    write(package, groups);
}

/// `judge --json` of the package `nested` in `root` on `close.py` (one less for n = 5):
/// the exit code, each group's points by name, the score and its maximum.
fn judged(root: &Path) -> (Option<i32>, Vec<(String, f64)>, f64, f64, String) {
    let program = root.join("close.py");
    std::fs::write(&program, "n = int(input())\nprint(2 * n - (n == 5))\n").expect("write");
    let json = root.join("judge.json");
    let output = stonejudge(root)
        .args(["judge", "./nested", "--json"])
        .arg(&json)
        .arg("--")
        .arg(&program)
        .output()
        .expect("run judge");
    let printed = text(&output.stdout) + &text(&output.stderr);
    let report: Value = std::fs::read_to_string(&json)
        .map(|t| serde_json::from_str(&t).expect("JSON"))
        .unwrap_or(Value::Null);
    let groups = (report["groups"].as_array().into_iter().flatten())
        .map(|g| {
            let name = g["name"].as_str().expect("name").to_string();
            (name, g["score"].as_f64().expect("points"))
        })
        .collect();
    let number = |key: &str| report[key].as_f64().unwrap_or(f64::NAN);
    (
        output.status.code(),
        groups,
        number("score"),
        number("max_score"),
        printed,
    )
}

#[test]
fn kattis_groups_within_secret_score_what_score_txt_says_and_secret_aggregates_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("nested");
    // Group a sums its two tests, each worth 20: 20 for the first, 5 (score.txt) for the
    // one in its folder; group b, pass-fail, earns its 60; secret sums them.
    doubling(
        &package,
        &[
            (
                "data/secret/a/test_group.yaml",
                "max_score: 40\nscore_aggregation: sum\n",
            ),
            ("data/secret/b/test_group.yaml", "max_score: 60\n"),
        ],
    );
    let (code, groups, score, max, printed) = judged(dir.path());
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(
        groups,
        [
            ("secret/a".to_string(), 25.0),
            ("secret/b".to_string(), 60.0)
        ],
        "{printed}"
    );
    assert_eq!((score, max), (85.0, 100.0), "{printed}");
    // secret takes the least of its groups, out of its own 100: group a is now a `min`
    // group of 100, which its close test brings down to 5.
    write(
        &package,
        &[
            (
                "data/secret/test_group.yaml",
                "max_score: 100\nscore_aggregation: min\n",
            ),
            (
                "data/secret/a/test_group.yaml",
                "max_score: 100\nscore_aggregation: min\n",
            ),
            ("data/secret/b/test_group.yaml", "max_score: 100\n"),
        ],
    );
    let (code, groups, score, max, printed) = judged(dir.path());
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(
        groups,
        [
            ("secret/a".to_string(), 5.0),
            ("secret/b".to_string(), 100.0)
        ],
        "{printed}"
    );
    assert_eq!((score, max), (5.0, 100.0), "{printed}");
    // score.txt in a pass-fail group is the judge's error, never points.
    write(
        &package,
        &[("data/secret/a/test_group.yaml", "max_score: 100\n")],
    );
    let (code, _, _, _, printed) = judged(dir.path());
    assert_eq!(code, Some(2), "{printed}");
    assert!(
        printed.contains(
            "test secret/a/deep/2: the output validator wrote score.txt or \
                          score_multiplier.txt in a group with pass-fail aggregation"
        ),
        "{printed}"
    );
}
