//! `judge` of a scored problem in the formats other than our own (whose table
//! scored_problems and partial_points check): a Kattis 2025-09 scoring package (package_scoring's
//! "Double for points": `pass-fail`, `sum` and `min` groups, `score.txt` from its output
//! validator) and a sinol-make package with a checker's partial points each print the
//! per-group table of every format and the total, give `score`, `max_score` and `groups` in
//! `--json`, and exit 0 only for every point.

use serde_json::Value;

use super::package_cli::{stonejudge, text};
use super::sinol_cli::judge as judge_sinol;
use super::sinol_fixtures as fixtures;

/// The rows of the per-group table in `out` (from its heading on), split into words.
fn group_rows(out: &str) -> Vec<Vec<String>> {
    (out.lines())
        .skip_while(|l| !l.starts_with("group "))
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// `judge ./double --json FILE -- SUBMISSION` in `root`: exit code, report, standard output.
fn judge_package(root: &std::path::Path, submission: &str) -> (Option<i32>, Value, String) {
    let json = root.join("judge.json");
    let output = stonejudge(root)
        .args(["judge", "./double", "--json"])
        .arg(&json)
        .arg("--")
        .arg(format!("double/submissions/{submission}"))
        .output()
        .expect("run judge");
    let printed = text(&output.stdout);
    let report = std::fs::read_to_string(&json)
        .map(|t| serde_json::from_str(&t).expect("JSON"))
        .unwrap_or_else(|_| panic!("no JSON: {printed}{}", text(&output.stderr)));
    (output.status.code(), report, printed)
}

#[test]
fn judge_of_a_kattis_scoring_package_prints_and_reports_the_groups_points() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("double");
    super::package_scoring::package(&root, "20");
    // One less from n = 5 on: easy 20, sum 20 + 20 of 70, min 10 (score.txt's 10 of 10).
    let (code, report, out) = judge_package(dir.path(), "partially_accepted/close.py");
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(report["score"].as_f64(), Some(70.0), "{report}");
    assert_eq!(report["max_score"].as_f64(), Some(100.0), "{report}");
    let rows = group_rows(&out);
    let points = |group: &str| -> String {
        (rows.iter())
            .find(|r| r[0].ends_with(group))
            .map(|r| r[r.len() - 1].clone())
            .unwrap_or_else(|| panic!("no group {group} in {out}"))
    };
    assert_eq!(points("easy"), "20/20", "{out}");
    assert_eq!(points("sum"), "40/70", "{out}");
    assert_eq!(points("min"), "10/10", "{out}");
    assert_eq!(points("total"), "70/100", "{out}");
    let groups = report["groups"].as_array().expect("groups");
    let sum = (groups.iter())
        .find(|g| g["name"].as_str().is_some_and(|n| n.ends_with("sum")))
        .expect("sum group");
    assert_eq!(sum["score"].as_f64(), Some(40.0), "{report}");
    assert_eq!(sum["verdict"], "AC", "{report}");
    // score.txt's points of a test, as the validator wrote them.
    let tests = report["tests"].as_array().expect("tests");
    assert!(
        tests.iter().any(|t| t["points"].as_f64() == Some(20.0)),
        "{report}"
    );
    // Right only for n < 5: the easy group alone.
    let (code, report, out) = judge_package(dir.path(), "wrong_answer/small_only.py");
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(report["score"].as_f64(), Some(20.0), "{report}");
    let (code, report, out) = judge_package(dir.path(), "accepted/double.py");
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(report["score"].as_f64(), Some(100.0), "{report}");
    // Judging some tests only gives no score: the groups are not all there.
    let output = stonejudge(dir.path())
        .args(["judge", "./double", "--test", "01", "--"])
        .arg("double/submissions/accepted/double.py")
        .output()
        .expect("run judge");
    let out = text(&output.stdout);
    assert!(group_rows(&out).is_empty(), "{out}{}", text(&output.stderr));
}

#[test]
fn judge_of_a_sinol_package_prints_the_same_group_table() {
    let package = fixtures::checker();
    let (code, report, out) = judge_sinol(&package, "abcb2.py", &[]);
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(report["score"].as_f64(), Some(70.0), "{report}");
    assert_eq!(
        group_rows(&out),
        [
            vec!["group", "tests", "verdict", "points"],
            vec!["0", "1", "AC", "0/0"],
            vec!["1", "2", "AC", "40/40"],
            vec!["2", "1", "AC", "30/60"],
            vec!["total", "4", "70/100"],
        ],
        "{out}"
    );
    assert_eq!(
        report["groups"][2]["score"].as_f64(),
        Some(30.0),
        "{report}"
    );
}
