//! `export --format kattis` of a scored problem of our format (scored_problems' "Take 1, 3 or
//! 4": groups small 30, hand 10, large 60, expected scores in `[expect]`): a 2025-09 scoring
//! package, each group a test data group worth its points, the expected totals in
//! `submissions.yaml`; stonejudge's `verify` of the package gives every exported solution the
//! score the problem expects. Points the package format cannot hold are refused.

use std::path::Path;

use serde_json::Value;

use super::programs_archive::{problem_dir, stonejudge, PROBLEM};
use super::scored_problems::{edit, scored};

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `export PROBLEM --format kattis --out OUT` in `root`: exit code and standard error.
fn export(root: &Path, out: &Path) -> (Option<i32>, String) {
    let out = out.to_str().expect("UTF-8");
    let (code, stdout, err) = stonejudge(
        root,
        &["export", PROBLEM, "--format", "kattis", "--out", out],
    );
    (code, format!("{stdout}{err}"))
}

#[test]
fn a_scored_problem_is_a_scoring_package_that_verifies_with_the_same_scores() {
    let root = scored();
    let out = root.path().join("take");
    let (code, said) = export(root.path(), &out);
    assert_eq!(code, Some(0), "{said}");
    let yaml = read(&out.join("problem.yaml"));
    assert!(
        yaml.contains("problem_format_version: 2025-09\ntype: scoring\n"),
        "{yaml}"
    );
    assert!(!yaml.contains("validation:"), "{yaml}");
    assert_eq!(
        read(&out.join("data/secret/test_group.yaml")),
        "max_score: 100\nscore_aggregation: sum\n"
    );
    for (group, points) in [("small", 30), ("hand", 10), ("large", 60)] {
        assert_eq!(
            read(&out.join(format!("data/secret/{group}/test_group.yaml"))),
            format!("max_score: {points}\nscore_aggregation: min\n"),
            "{group}"
        );
    }
    assert!(out.join("data/sample").is_dir() && out.join("output_validator").is_dir());
    let submissions = read(&out.join("submissions/submissions.yaml"));
    assert!(
        submissions.contains(
            "partial/small.rs:\n  score: 40\n  secret/large:\n    required: [WA]\n  \
             secret/small:\n    permitted: [AC]\n"
        ),
        "{submissions}"
    );
    assert!(
        // Its [expect] says a score and a group's verdict, not the folder's "WA on some test and
        // nothing else": a folder that promises nothing holds it.
        submissions
            .contains("listed/wrong.cpp:\n  score: 10\n  secret/small:\n    required: [WA]\n"),
        "{submissions}"
    );
    // Python is not exported (problemtools runs it with PyPy), and said so.
    assert!(!out.join("submissions/partial/samples.py").exists());
    assert!(
        said.contains("left out") && said.contains("samples.py"),
        "{said}"
    );

    let json = root.path().join("package.json");
    let json_arg = json.to_str().expect("UTF-8");
    let package = out.to_str().expect("UTF-8");
    let (code, stdout, err) = stonejudge(root.path(), &["verify", package, "--json", json_arg]);
    assert_eq!(code, Some(0), "{stdout}{err}");
    let report: Value = serde_json::from_str(&read(&json)).expect("JSON");
    let items = report["items"].as_array().expect("items");
    let score = |name: &str| {
        let id = format!("/take/submissions/{name}");
        let item = (items.iter())
            .find(|i| i["id"].as_str().is_some_and(|i| i.ends_with(&id)))
            .unwrap_or_else(|| panic!("no item {id} in {report:#}"));
        item["score"].as_f64()
    };
    assert_eq!(score("accepted/sol.cpp"), Some(100.0));
    assert_eq!(score("partial/small.rs"), Some(40.0));
    assert_eq!(score("listed/wrong.cpp"), Some(10.0));
}

#[test]
fn points_the_package_format_cannot_hold_are_refused_before_anything_is_written() {
    let root = scored();
    let dir = problem_dir(root.path());
    edit(&dir, "problem.toml", "points = 30\n", "points = 29.5\n");
    edit(&dir, "problem.toml", "points = 60\n", "points = 60.5\n");
    let out = root.path().join("take");
    let (code, said) = export(root.path(), &out);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("group small is worth 29.5 points") && said.contains("not supported"),
        "{said}"
    );
    assert!(!out.join("problem.yaml").exists(), "{said}");
}
