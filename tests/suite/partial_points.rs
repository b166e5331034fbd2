//! Partial points inside a test, in our own format: programs_archive's "Take 1, 3 or 4" scored
//! (small 30, hand 10, large 60) with a Python checker that gives a wrong output the fraction
//! of its cases answered right (testlib's `quitp`: exit 7, `points X` on standard error). A
//! group earns its points times the smallest fraction among its tests; the test computes each
//! expected score from the test data itself, then `verify` holds the Rust, Python and C++
//! solutions to it and `judge --json` reports it, and a checker giving more than the whole
//! test is a judge error naming it.

use std::path::Path;

use serde_json::Value;

use super::programs_archive::{archive, problem_dir, stonejudge, PROBLEM};
use super::scored_problems::give_points;

/// The checker: every case right exits 0; some right exits 7 with `points <fraction>`.
const CHECKER: &str = r#"import sys
inp, out, ans = (open(p).read().split() for p in sys.argv[1:4])
t = int(inp[0])
if len(out) != t:
    print("expected %d answers, got %d" % (t, len(out)), file=sys.stderr)
    sys.exit(2)
right = sum(1 for a, b in zip(out, ans) if a == b)
if right == t:
    print("%d cases" % t, file=sys.stderr)
    sys.exit(0)
print("points %.12f %d of %d cases right" % (right / t, right, t), file=sys.stderr)
sys.exit(7)
"#;

/// Right for the first half of the cases, then "first" for every other one.
const HALF_PY: &str = r#"import sys
data = sys.stdin.read().split()
t = int(data[0])
for i, n in enumerate(map(int, data[1:])):
    lost = n % 7 in (0, 2)
    print("second" if lost and i < t // 2 else "first")
"#;

/// What each solution answers for heap `n`, the `i`-th of `t` cases.
type Answers = fn(u64, usize, usize) -> &'static str;

/// `partial/small.rs` (scored_problems' fixture): right up to 30, then "first".
fn small_rs(n: u64, _: usize, _: usize) -> &'static str {
    match n <= 30 && matches!(n % 7, 0 | 2) {
        true => "second",
        false => "first",
    }
}

fn half_py(n: u64, i: usize, t: usize) -> &'static str {
    match matches!(n % 7, 0 | 2) {
        true if i < t / 2 => "second",
        _ => "first",
    }
}

/// `wrong_answer/wrong.cpp` (programs_archive's): forgets that n mod 7 == 2 loses.
fn wrong_cpp(n: u64, _: usize, _: usize) -> &'static str {
    match n % 7 {
        0 => "second",
        _ => "first",
    }
}

/// The groups of the plan in test order (tests 01…07) and their points.
const GROUPS: [(&str, f64); 7] = [
    ("sample", 0.0),
    ("small", 30.0),
    ("small", 30.0),
    ("small", 30.0),
    ("hand", 10.0),
    ("large", 60.0),
    ("large", 60.0),
];

fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{file}: no {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
}

/// The archive scored, with the partial checker and the partial solutions, its test data
/// written.
fn scored() -> tempfile::TempDir {
    let root = archive();
    let dir = problem_dir(root.path());
    give_points(&dir);
    edit(&dir, "problem.toml", "check.cpp", "check.py");
    std::fs::write(dir.join("check.py"), CHECKER).expect("write");
    std::fs::create_dir_all(dir.join("solutions/partial")).expect("mkdir");
    let small = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/suite/scored_problems/small.rs");
    std::fs::copy(small, dir.join("solutions/partial/small.rs")).expect("copy");
    std::fs::write(dir.join("solutions/partial/half.py"), HALF_PY).expect("write");
    let (code, out, err) = stonejudge(root.path(), &["testdata"]);
    assert_eq!(code, Some(0), "{out}{err}");
    root
}

/// The score `answers` earns by group (in plan order, groups once each) and in total,
/// computed from the test data: per test the fraction of cases right, per group its points
/// times its smallest fraction.
fn expected(root: &Path, answers: Answers) -> (Vec<(&'static str, f64)>, f64) {
    let data = root.join("testdata").join(PROBLEM);
    let mut groups: Vec<(&'static str, f64, f64)> = Vec::new();
    for (index, (group, points)) in GROUPS.into_iter().enumerate() {
        let stem = format!("{:02}", index + 1);
        let input = std::fs::read_to_string(data.join(format!("{stem}.in"))).expect("input");
        let answer = std::fs::read_to_string(data.join(format!("{stem}.ans"))).expect("answer");
        let heaps: Vec<u64> = (input.split_whitespace().skip(1))
            .map(|w| w.parse().expect("heap"))
            .collect();
        let right = (heaps.iter().enumerate())
            .zip(answer.split_whitespace())
            .filter(|((i, &n), want)| answers(n, *i, heaps.len()) == *want)
            .count();
        let fraction = right as f64 / heaps.len() as f64;
        match groups.iter_mut().find(|(name, _, _)| *name == group) {
            Some(found) => found.2 = found.2.min(fraction),
            None => groups.push((group, points, fraction)),
        }
    }
    let scores: Vec<(&str, f64)> = (groups.iter())
        .map(|&(name, points, fraction)| (name, points * fraction))
        .collect();
    let total = scores.iter().map(|(_, s)| s).sum();
    (scores, total)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

#[test]
fn a_checker_s_partial_points_score_the_group_by_its_smallest_test() {
    let root = scored();
    let solutions: [(&str, Answers); 3] = [
        ("partial/small.rs", small_rs),
        ("partial/half.py", half_py),
        ("wrong_answer/wrong.cpp", wrong_cpp),
    ];
    let mut expect = String::from("\n[expect]\n");
    let mut totals = Vec::new();
    for (solution, answers) in solutions {
        let (groups, total) = expected(root.path(), answers);
        // Every solution loses part of the large group, and only part.
        let large = groups.iter().find(|(g, _)| *g == "large").expect("large").1;
        assert!(large > 0.0 && large < 60.0, "{solution}: {groups:?}");
        expect.push_str(&format!(
            "\"solutions/{solution}\" = {{ score = {total:.9} }}\n"
        ));
        totals.push((solution, groups, total));
    }
    let dir = problem_dir(root.path());
    let mut manifest = std::fs::read_to_string(dir.join("problem.toml")).expect("read");
    manifest.push_str(&expect);
    std::fs::write(dir.join("problem.toml"), manifest).expect("write");

    let json = root.path().join("verify.json");
    let (code, out, err) = stonejudge(
        root.path(),
        &["verify", "--json", json.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    let items = report["items"].as_array().expect("items");
    for (solution, groups, total) in &totals {
        let id = format!("{PROBLEM}/solutions/{solution}");
        let item = (items.iter())
            .find(|i| i["id"] == id.as_str())
            .unwrap_or_else(|| panic!("no {id} in {report}"));
        let found = item["score"].as_f64().expect("score");
        assert!(close(found, *total), "{id}: {found} != {total}");
        for (group, points) in groups {
            let found = (item["groups"].as_array().expect("groups").iter())
                .find(|g| g["name"] == *group)
                .and_then(|g| g["score"].as_f64())
                .expect("group score");
            assert!(close(found, *points), "{id} {group}: {found} != {points}");
        }
    }

    // judge: the per-group table and --json give the same numbers, and it exits 1 (not
    // every point).
    let (_, groups, total) = &totals[0];
    let program = dir.join("solutions/partial/small.rs");
    let json = root.path().join("judge.json");
    let (code, out, err) = stonejudge(
        root.path(),
        &[
            "judge",
            PROBLEM,
            "--json",
            json.to_str().expect("UTF-8"),
            "--",
            program.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(code, Some(1), "{out}{err}");
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    assert!(
        close(report["score"].as_f64().expect("score"), *total),
        "{report}"
    );
    assert_eq!(report["max_score"].as_f64(), Some(100.0), "{report}");
    let large = groups.iter().find(|(g, _)| *g == "large").expect("large").1;
    let group = &report["groups"][3];
    assert_eq!(group["name"], "large", "{report}");
    assert_eq!(group["verdict"], "WA", "{report}");
    assert!(
        close(group["score"].as_f64().expect("score"), large),
        "{report}"
    );
    // A partially right test says its fraction.
    let partial = (report["tests"].as_array().expect("tests").iter())
        .find(|t| t["test"] == "06")
        .expect("test 06");
    assert!(
        partial["points"]
            .as_f64()
            .is_some_and(|p| p > 0.0 && p < 1.0),
        "{partial}"
    );
    let row = (out.lines())
        .find(|l| l.starts_with("large "))
        .unwrap_or_else(|| panic!("no large row in {out}"));
    let shown = format!("{}/60", stonejudge::score::format_score(large));
    assert!(row.ends_with(&shown), "{row} should end with {shown}");
}

#[test]
fn points_beyond_the_whole_test_are_a_judge_error() {
    let root = scored();
    let dir = problem_dir(root.path());
    edit(&dir, "check.py", "(right / t,", "(2 + right / t,");
    let program = dir.join("solutions/partial/small.rs");
    let (code, out, err) = stonejudge(
        root.path(),
        &["judge", PROBLEM, "--", program.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(out.contains("JE"), "{out}");
    assert!(out.contains("checker check.py cannot judge"), "{out}");
    assert!(out.contains("from 0 to 1"), "{out}");
}
