//! Scored problems of our own format: programs_archive's "Take 1, 3 or 4" with points on its
//! groups (small 30, hand 10, large 60) and expected scores in `[expect]`, judged with
//! solutions in C++, Python and Rust: `verify` computes each solution's score and holds it to
//! its expectation (a wrong one fails, naming the solution, the group, the expected and the
//! found score), the samples are worth nothing, `verify --json` gives per solution its score
//! and per group its score and verdict, `judge` prints the per-group table, malformed points
//! or expectations are errors naming `problem.toml:line:col` (its `export --format kattis` is
//! export_scored's).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::programs_archive::{archive, problem_dir, stonejudge, PROBLEM};

fn fixture(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/suite/scored_problems")
        .join(file)
}

/// The expectations of the scored archive: the Rust partial solution loses the large group,
/// the Python one fails only the sample (worth nothing), the wrong C++ one keeps the hand
/// group's points; the accepted solutions have none and are held to their folder.
const EXPECT: &str = r#"
[expect]
"solutions/partial/small.rs" = { score = 40, groups = { small = "AC", large = "WA" } }
"solutions/partial/samples.py" = { score = 100 }
"solutions/wrong_answer/wrong.cpp" = { score = 10, groups = { hand = 10, small = { verdict = "WA", points = 0 } } }
"#;

pub fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{file}: no {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
}

/// Points on every group of the problem in `dir`: small 30, hand 10, large 60.
pub fn give_points(dir: &std::path::Path) {
    for (group, points) in [("small", 30), ("hand", 10), ("large", 60)] {
        let name = format!("name = \"{group}\"\n");
        edit(
            dir,
            "problem.toml",
            &name,
            &format!("{name}points = {points}\n"),
        );
    }
}

/// programs_archive's archive, scored: points on every group, the partial solutions, the
/// expectations, and its test data written.
pub fn scored() -> tempfile::TempDir {
    let root = archive();
    let dir = problem_dir(root.path());
    give_points(&dir);
    let mut manifest = std::fs::read_to_string(dir.join("problem.toml")).expect("read");
    manifest.push_str(EXPECT);
    std::fs::write(dir.join("problem.toml"), manifest).expect("write");
    std::fs::create_dir_all(dir.join("solutions/partial")).expect("mkdir");
    for file in ["small.rs", "samples.py"] {
        std::fs::copy(fixture(file), dir.join("solutions/partial").join(file)).expect("copy");
    }
    let (code, out, err) = stonejudge(root.path(), &["testdata"]);
    assert_eq!(code, Some(0), "{out}{err}");
    root
}

/// `verify -j 2 --json FILE --html FILE` on the archive: exit code, report, and the JSON's
/// items by id; the page is left in `verify.html`.
fn verify(root: &Path) -> (Option<i32>, String, Vec<Value>) {
    let json = root.join("verify.json");
    let html = root.join("verify.html");
    let (code, out, _) = stonejudge(
        root,
        &[
            "verify",
            "-j",
            "2",
            "--json",
            json.to_str().expect("UTF-8"),
            "--html",
            html.to_str().expect("UTF-8"),
        ],
    );
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    let items = report["items"].as_array().expect("items").clone();
    (code, out, items)
}

fn item<'a>(items: &'a [Value], id: &str) -> &'a Value {
    (items.iter())
        .find(|i| i["id"] == id)
        .unwrap_or_else(|| panic!("no item {id} in {items:?}"))
}

/// A group of an item's JSON: its score and verdict.
fn group(item: &Value, name: &str) -> (f64, String) {
    let groups = item["groups"].as_array().expect("groups");
    let group = (groups.iter())
        .find(|g| g["name"] == name)
        .unwrap_or_else(|| panic!("no group {name} in {item}"));
    (
        group["score"].as_f64().expect("score"),
        group["verdict"].as_str().expect("verdict").to_string(),
    )
}

#[test]
fn verify_scores_every_solution_and_holds_it_to_its_expectation() {
    let root = scored();
    let (code, out, items) = verify(root.path());
    assert_eq!(code, Some(0), "{out}");
    let score = |id: &str| item(&items, &format!("{PROBLEM}/solutions/{id}"))["score"].as_f64();
    assert_eq!(score("accepted/sol.cpp"), Some(100.0));
    assert_eq!(score("accepted/sol.py"), Some(100.0));
    assert_eq!(score("partial/small.rs"), Some(40.0));
    assert_eq!(score("wrong_answer/wrong.cpp"), Some(10.0));
    // The samples are worth nothing: failing the only sample costs no points.
    let samples = item(&items, "take/solutions/partial/samples.py");
    assert_eq!(samples["score"].as_f64(), Some(100.0), "{samples}");
    assert_eq!(group(samples, "sample"), (0.0, "WA".to_string()));
    let small = item(&items, "take/solutions/partial/small.rs");
    assert_eq!(small["max_score"].as_f64(), Some(100.0));
    assert_eq!(group(small, "small"), (30.0, "AC".to_string()));
    assert_eq!(group(small, "large"), (0.0, "WA".to_string()));
    assert_eq!(small["checks"][0]["name"], "score", "{small}");
    // The problem item has no score.
    assert!(item(&items, PROBLEM).get("score").is_none());

    // The text report: a solution-by-group table, and the totals on the summary line.
    assert!(out.contains("take: scores"), "{out}");
    let row = (out.lines())
        .find(|l| l.starts_with("solutions/partial/small.rs "))
        .unwrap_or_else(|| panic!("no row in {out}"));
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells, ["solutions/partial/small.rs", "30", "10", "0", "40"]);
    assert!(
        out.contains("take/solutions/partial/small.rs 40/100"),
        "{out}"
    );
    // The page: the points of the partial solution's large group, coloured by its verdict.
    let page = std::fs::read_to_string(root.path().join("verify.html")).expect("page");
    assert!(page.contains("<h3>Scores</h3>"), "{page}");
    assert!(
        page.contains(
            "<td class=\"cell v-WA\" data-group=\"large\">0</td><td class=\"total\">40</td>"
        ),
        "{page}"
    );
}

#[test]
fn a_wrong_expectation_fails_verify_naming_the_group_and_both_scores() {
    let root = scored();
    let dir = problem_dir(root.path());
    edit(
        &dir,
        "problem.toml",
        "{ score = 40, groups = { small = \"AC\", large = \"WA\" } }",
        "{ score = 70, groups = { small = \"AC\", large = \"AC\" } }",
    );
    edit(&dir, "problem.toml", "{ score = 100 }", "{ score = 90 }");
    let (code, out, items) = verify(root.path());
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("3 failed") || out.contains("2 failed"),
        "{out}"
    );
    let small = item(&items, "take/solutions/partial/small.rs");
    let detail = small["checks"][0]["detail"].as_str().expect("detail");
    assert!(
        detail.contains("solutions/partial/small.rs scores 40 of 100"),
        "{detail}"
    );
    assert!(
        detail.contains("group large: expected AC, found WA (0/60 points)"),
        "{detail}"
    );
    assert!(
        detail.contains("total: expected score 70, found 40 of 100"),
        "{detail}"
    );
    // Where the expectation is written.
    assert!(detail.contains("problem.toml:"), "{detail}");
    let samples = item(&items, "take/solutions/partial/samples.py");
    let detail = samples["checks"][0]["detail"].as_str().expect("detail");
    assert!(
        detail.contains("total: expected score 90, found 100 of 100"),
        "{detail}"
    );
    assert!(
        out.contains("take/solutions/partial/small.rs FAILED"),
        "{out}"
    );
}

#[test]
fn judge_prints_the_groups_points_and_the_total() {
    let root = scored();
    let program = problem_dir(root.path()).join("solutions/partial/small.rs");
    let (code, out, err) = stonejudge(
        root.path(),
        &["judge", PROBLEM, "--", program.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(1), "{out}{err}");
    let rows: Vec<Vec<&str>> = (out.lines())
        .skip_while(|l| !l.starts_with("group "))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            vec!["group", "tests", "verdict", "points"],
            vec!["sample", "1", "AC", "0/0"],
            vec!["small", "3", "AC", "30/30"],
            vec!["hand", "1", "AC", "10/10"],
            vec!["large", "2", "WA", "0/60"],
            vec!["total", "7", "40/100"],
        ],
        "{out}"
    );
    // A pass-fail problem prints no table.
    let plain = archive();
    assert_eq!(stonejudge(plain.path(), &["testdata"]).0, Some(0));
    let program = problem_dir(plain.path()).join("solutions/accepted/sol.py");
    let (code, out, _) = stonejudge(
        plain.path(),
        &["judge", PROBLEM, "--", program.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(!out.contains("points"), "{out}");
}

#[test]
fn a_sinol_export_keeps_the_groups_points_and_verifies() {
    let root = scored();
    // Its checker compares words exactly, as sinol-make's default comparison does; a sinol
    // checker is not written (refused), so the export goes without it.
    let dir = problem_dir(root.path());
    edit(&dir, "problem.toml", "checker = \"check.cpp\"\n", "");
    let out = root.path().join("tak");
    let out_arg = out.to_str().expect("UTF-8");
    let export = ["export", PROBLEM, "--format", "sinol", "--out", out_arg];
    let (code, stdout, err) = stonejudge(root.path(), &export);
    assert_eq!(code, Some(0), "{stdout}{err}");
    let config = std::fs::read_to_string(out.join("config.yml")).expect("config.yml");
    let scores = config
        .split("scores:\n")
        .nth(1)
        .and_then(|rest| rest.split("sinol_expected_scores:").next())
        .expect("a scores map");
    let mut points: Vec<&str> = scores
        .lines()
        .filter_map(|l| l.split(": ").nth(1))
        .collect();
    points.sort();
    assert_eq!(points, ["10", "30", "60"], "{config}");
    assert!(!config.contains("sinol_total_score"), "{config}");
    let (code, stdout, err) = stonejudge(root.path(), &["verify", out_arg]);
    assert_eq!(code, Some(0), "{stdout}{err}");
}

/// `testdata` on the scored archive's problem after `change` to its problem.toml: exit 1 and
/// an error starting with `at` (`problem.toml:LINE:COL`) and containing `why`.
fn malformed(from: &str, to: &str, at: &str, why: &str) {
    let root = archive();
    let dir = problem_dir(root.path());
    edit(
        &dir,
        "problem.toml",
        "name = \"small\"\n",
        "name = \"small\"\npoints = 30\n",
    );
    edit(
        &dir,
        "problem.toml",
        "name = \"hand\"\n",
        "name = \"hand\"\npoints = 10\n",
    );
    edit(
        &dir,
        "problem.toml",
        "name = \"large\"\n",
        "name = \"large\"\npoints = 60\n",
    );
    let mut manifest = std::fs::read_to_string(dir.join("problem.toml")).expect("read");
    manifest.push_str("\n[expect]\n\"solutions/accepted/sol.py\" = { score = 100 }\n");
    std::fs::write(dir.join("problem.toml"), manifest).expect("write");
    edit(&dir, "problem.toml", from, to);
    let (code, out, err) = stonejudge(root.path(), &["testdata"]);
    assert_eq!(code, Some(1), "{out}{err}");
    let want = format!("problems/{PROBLEM}/problem.toml:{at}");
    assert!(err.contains(&want), "expected {want:?} in:\n{err}");
    assert!(err.contains(why), "expected {why:?} in:\n{err}");
}

#[test]
fn malformed_points_and_expectations_name_their_position() {
    // Lines: the small group's points are on line 24, the expectation on line 51.
    malformed("points = 30", "points = -30", "24:10: ", "non-negative");
    malformed(
        "points = 30",
        "points = \"thirty\"",
        "24:10: ",
        "invalid type",
    );
    malformed(
        "points = 10\n",
        "",
        "",
        "has points but group \"hand\" has none",
    );
    malformed(
        "{ score = 100 }",
        "{ score = 101 }",
        "51:41: ",
        "outside 0..=100",
    );
    malformed(
        "\"solutions/accepted/sol.py\"",
        "\"solutions/accepted/gone.py\"",
        "51:",
        "no such solution",
    );
    malformed(
        "{ score = 100 }",
        "{ groups = { medium = \"AC\" } }",
        "51:",
        "no group \"medium\"",
    );
    malformed(
        "{ score = 100 }",
        "{ groups = { small = \"OK\" } }",
        "51:",
        "unknown verdict",
    );
    malformed(
        "{ score = 100 }",
        "{ scor = 100 }",
        "51:",
        "unknown field `scor`",
    );
}
