//! `stonejudge verify` on scratch archives holding a copy of the stripes problem: a consistent
//! problem passes every check, partitions cover every item exactly once, and each kind of
//! inconsistency is caught and named.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

const PROBLEM: &str = "stripes";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch archive with stripes' manifest, statement, one accepted and one wrong solution,
/// and its test data written by `stonejudge testdata`.
fn scratch() -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("temp dir");
    let from = repo().join("problems").join(PROBLEM);
    let to = root.path().join("problems").join(PROBLEM);
    for file in [
        "problem.toml",
        "statement.md",
        "solutions/accepted/stripes.cpp",
        "solutions/wrong_answer/grundy_u8.cpp",
    ] {
        let target = to.join(file);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::copy(from.join(file), &target).expect("copy");
    }
    Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["testdata", "--root"])
        .arg(root.path())
        .arg(PROBLEM)
        .assert()
        .success();
    root
}

/// Runs verify; returns the exit code, standard output and the JSON report's items by id.
fn verify(root: &Path, extra: &[&str]) -> (Option<i32>, String, BTreeMap<String, Value>) {
    let json = root.join(format!("report{}.json", extra.join("").replace('/', "-")));
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .arg("verify")
        .arg("--root")
        .arg(root)
        .arg("--json")
        .arg(&json)
        .args(extra)
        .output()
        .expect("run verify");
    let document: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).expect("json");
    let items = document["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| (item["id"].as_str().expect("id").to_string(), item.clone()))
        .collect();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        items,
    )
}

/// The detail of check `name` of `item`, and whether it passed.
fn check<'a>(item: &'a Value, name: &str) -> (bool, &'a str) {
    let check = item["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no check {name} in {item}"));
    (
        check["ok"].as_bool().expect("ok"),
        check["detail"].as_str().expect("detail"),
    )
}

#[test]
fn a_consistent_problem_passes_and_partitions_cover_every_item_once() {
    let root = scratch();
    let (code, out, items) = verify(root.path(), &[]);
    // An archive holds any subset of the catalog: stripes alone is a whole archive.
    assert_eq!(code, Some(0), "{out}");
    let ids: Vec<&String> = items.keys().collect();
    assert_eq!(
        ids,
        [
            "registry",
            "stripes",
            "stripes/solutions/accepted/stripes.cpp",
            "stripes/solutions/wrong_answer/grundy_u8.cpp",
        ]
    );
    let (ok, detail) = check(&items["registry"], "registry");
    assert!(ok && detail == "1 problems", "{detail}");
    let stripes = &items["stripes"];
    for name in [
        "manifest",
        "statement",
        "testdata",
        "bounds",
        "inputs",
        "brute",
    ] {
        let (ok, detail) = check(stripes, name);
        assert!(ok, "{name}: {detail}");
    }
    assert!(check(stripes, "brute").1.starts_with("agrees on "));
    // No group of stripes' plan is marked small: the brute force checks what it can all the
    // same, and the report counts it.
    let brute = (stripes["checks"].as_array().expect("checks").iter())
        .find(|c| c["name"] == "brute")
        .expect("brute check");
    let counted = &brute["cross_checked"];
    let checked = counted["checked"].as_u64().expect("checked");
    assert!(checked > 0, "{brute}");
    assert_eq!(
        checked + counted["too_large"].as_u64().expect("too_large"),
        counted["tests"].as_u64().expect("tests"),
        "{brute}"
    );
    let (ok, detail) = check(&items["stripes/solutions/accepted/stripes.cpp"], "verdicts");
    assert!(ok && detail.starts_with("AC on all "), "{detail}");
    let (ok, detail) = check(
        &items["stripes/solutions/wrong_answer/grundy_u8.cpp"],
        "verdicts",
    );
    assert!(ok && detail.starts_with("WA on "), "{detail}");
    assert!(
        out.contains("verify: 4 items (partition 1/1): 4 passed, 0 failed"),
        "{out}"
    );

    let mut covered: Vec<String> = Vec::new();
    for part in ["1/3", "2/3", "3/3"] {
        let (_, out, items) = verify(root.path(), &["--partition", part]);
        assert!(out.contains(&format!("(partition {part})")), "{out}");
        covered.extend(items.into_keys());
    }
    covered.sort();
    assert_eq!(
        covered,
        ids.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    );
}

#[test]
fn each_kind_of_inconsistency_is_caught_and_named() {
    let root = scratch();
    let problem = root.path().join("problems").join(PROBLEM);
    // A test answer edited by hand (still a readable answer).
    let answer = root.path().join("testdata").join(PROBLEM).join("01.ans");
    let edited = std::fs::read_to_string(&answer)
        .expect("answer")
        .replacen('1', "2", 1);
    std::fs::write(&answer, edited).expect("edit answer");
    // The statement shows a wrong sample output.
    let statement = problem.join("statement.md");
    let text = std::fs::read_to_string(&statement).expect("statement");
    std::fs::write(&statement, text.replacen("1\n1\n2\n```", "1\n2\n2\n```", 1)).expect("edit");
    // A correct solution filed as crashing, and a folder that promises nothing known.
    for folder in ["run_time_error", "sometimes"] {
        let dir = problem.join("solutions").join(folder);
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::copy(
            problem.join("solutions/accepted/stripes.cpp"),
            dir.join("correct.cpp"),
        )
        .expect("copy");
    }

    let (code, out, items) = verify(root.path(), &[]);
    assert_eq!(code, Some(1), "{out}");
    let stripes = &items["stripes"];
    let (ok, detail) = check(stripes, "testdata");
    assert!(!ok && detail.contains("01.ans:1:1: differs"), "{detail}");
    let (ok, detail) = check(stripes, "statement");
    assert!(
        !ok && detail.contains("sample 1: the output shown is WA"),
        "{detail}"
    );
    let (ok, detail) = check(stripes, "brute");
    assert!(
        !ok && detail.contains("test 01: brute force disagrees"),
        "{detail}"
    );
    let (ok, detail) = check(
        &items["stripes/solutions/run_time_error/correct.cpp"],
        "verdicts",
    );
    assert!(
        !ok && detail.starts_with("expected only RE or AC"),
        "{detail}"
    );
    let (ok, detail) = check(
        &items["stripes/solutions/sometimes/correct.cpp"],
        "verdicts",
    );
    assert!(
        !ok && detail.contains("unknown folder solutions/sometimes/"),
        "{detail}"
    );
    // The accepted solution now gets WA on the edited test.
    let (ok, detail) = check(&items["stripes/solutions/accepted/stripes.cpp"], "verdicts");
    assert!(!ok && detail.contains("test 01: WA"), "{detail}");
    assert!(out.contains("stripes FAILED:"), "{out}");
}

#[test]
fn a_bad_partition_is_a_usage_error() {
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["verify", "--partition", "4/3"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("expected K/N with 1 <= K <= N"), "{err}");
}
