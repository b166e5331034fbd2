//! sinol-make packages through the real binary: `verify` computes each solution's score and
//! holds it to `sinol_expected_scores`, `judge` prints and reports the points, the contest
//! types score as sinol-make does, unknown keys warn and unsupported ones refuse.

use serde_json::Value;

use super::package_cli::{stonejudge, text, verify};
use super::sinol_fixtures::{self as fixtures, Package};

/// `verify --json` of the package `abc`, which must pass (exit 0).
pub(crate) fn verified(package: &Package) -> Value {
    let (output, document) = verify(package.dir.path(), &["abc"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    document
}

/// The item of `verify --json` whose id ends with `suffix`, and the detail of its check `name`.
pub(crate) fn detail(document: &Value, suffix: &str, name: &str) -> String {
    let item = item(document, suffix);
    let check = (item["checks"].as_array().expect("checks").iter())
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no check {name} in {item}"));
    check["detail"].as_str().expect("detail").to_string()
}

/// `judge abc --json -- PROGRAM ARGS`: the exit code and the report.
pub(crate) fn judge(
    package: &Package,
    program: &str,
    args: &[&str],
) -> (Option<i32>, Value, String) {
    let json = package.dir.path().join("judge.json");
    let output = stonejudge(package.dir.path())
        .args(["judge", "./abc", "--json"])
        .arg(&json)
        .args(args)
        .arg("--")
        .arg(format!("abc/prog/{program}"))
        .output()
        .expect("run judge");
    let stdout = text(&output.stdout) + &text(&output.stderr);
    let report = std::fs::read_to_string(&json)
        .map(|t| serde_json::from_str(&t).expect("JSON"))
        .unwrap_or(Value::Null);
    (output.status.code(), report, stdout)
}

#[test]
fn verify_scores_every_solution_as_expected() {
    let package = fixtures::sum();
    let (output, document) = verify(package.dir.path(), &["abc"]);
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert_eq!(
        detail(&document, "prog/abc.py", "score"),
        "100/100 (0 OK 0, 1 OK 40, 2 OK 60)"
    );
    assert_eq!(
        detail(&document, "prog/abcb1.py", "score"),
        "40/100 (0 OK 0, 1 OK 40, 2 WA 0)"
    );
    assert_eq!(
        detail(&document, "abc", "ingen"),
        "4 inputs made again, the same"
    );
    assert_eq!(detail(&document, "abc", "inwer"), "4 inputs valid");
}

/// The item of `verify --json` whose id ends with `suffix`.
fn item<'d>(document: &'d Value, suffix: &str) -> &'d Value {
    (document["items"].as_array().expect("items").iter())
        .find(|i| i["id"].as_str().is_some_and(|id| id.ends_with(suffix)))
        .unwrap_or_else(|| panic!("no item {suffix} in {document}"))
}

/// Each group of an item's score card: its name, points and verdict.
fn card_groups(item: &Value) -> Vec<(String, f64, String)> {
    (item["groups"].as_array().expect("groups").iter())
        .map(|g| {
            (
                g["name"].as_str().expect("name").to_string(),
                g["score"].as_f64().expect("score"),
                g["verdict"].as_str().expect("verdict").to_string(),
            )
        })
        .collect()
}

#[test]
fn verify_json_gives_each_solution_s_score_card() {
    let package = fixtures::sum();
    // A solution without an expectation is judged and scored all the same.
    package.write("prog/abcb3.py", fixtures::WRONG);
    let (output, document) = verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let wrong = item(&document, "prog/abcb1.py");
    assert_eq!(
        (&wrong["score"], &wrong["max_score"]),
        (&40.0.into(), &100.0.into())
    );
    let groups = |points: [f64; 3], last: &str| {
        [
            ("0", points[0], "AC"),
            ("1", points[1], "AC"),
            ("2", points[2], last),
        ]
        .map(|(name, points, verdict)| (name.to_string(), points, verdict.to_string()))
        .to_vec()
    };
    assert_eq!(card_groups(wrong), groups([0.0, 40.0, 0.0], "WA"));
    let model = item(&document, "prog/abc.py");
    assert_eq!(model["score"], 100.0);
    assert_eq!(card_groups(model), groups([0.0, 40.0, 60.0], "AC"));
    let unexpected = item(&document, "prog/abcb3.py");
    assert_eq!(
        (&unexpected["ok"], &unexpected["score"]),
        (&false.into(), &40.0.into())
    );
    // The package's own item has no card.
    assert!(item(&document, "abc")["score"].is_null(), "{document}");
}

/// `package` with `from` changed to `to` in its config.yml: `verify` fails, and the detail of
/// `prog/abcb1.py`'s score check says why.
pub(crate) fn wrong_expectation(package: &Package, from: &str, to: &str) -> String {
    let config = std::fs::read_to_string(package.root().join("config.yml")).expect("read");
    let wrong = config.replacen(from, to, 1);
    assert_ne!(wrong, config);
    package.write("config.yml", &wrong);
    let (output, document) = verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    detail(&document, "prog/abcb1.py", "score")
}

#[test]
fn a_wrong_expected_score_fails_verify_naming_the_group() {
    let package = fixtures::sum();
    // abcb1.py is promised 60 points on group 2, which it fails.
    let found = wrong_expectation(
        &package,
        "2: {points: 0, status: WA}\n    points: 40",
        "2: {points: 60, status: OK}\n    points: 100",
    );
    assert!(
        found.contains("group 2: expected OK with 60 points, found WA with 0")
            && found.contains("total: expected 100 points, found 40"),
        "{found}"
    );
    // A solution with no expectation fails too, as in sinol-make.
    package.write("prog/abc2.py", fixtures::MODEL);
    let (output, document) = verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(1));
    let found = detail(&document, "prog/abc2.py", "score");
    assert!(found.contains("has no sinol_expected_scores"), "{found}");
    // It says what to add, in sinol-make's own form, from the scores it measured.
    assert!(
        found.ends_with(
            "abc2.py:\n  expected:\n    0: {points: 0, status: OK}\n    \
             1: {points: 40, status: OK}\n    2: {points: 60, status: OK}\n  points: 100"
        ),
        "{found}"
    );
}

#[test]
fn a_checker_gives_partial_points_rounded_up_by_group() {
    let package = fixtures::checker();
    let document = verified(&package);
    assert_eq!(
        detail(&document, "prog/abcb2.py", "score"),
        "70/100 (0 OK 0, 1 OK 40, 2 OK 30)"
    );
    let (code, report, stdout) = judge(&package, "abcb2.py", &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert_eq!(report["score"], 70.0);
    let tests = report["tests"].as_array().expect("tests");
    assert_eq!(tests[3]["test"], "abc2a");
    assert_eq!(tests[3]["points_percent"], 50.0);
    assert_eq!(tests[3]["message"], "close");
    assert!(
        stdout.contains("score: 70 of 100 (default contest)"),
        "{stdout}"
    );
}

#[test]
fn per_group_limits_decide_verdicts() {
    let package = fixtures::limits();
    let document = verified(&package);
    assert_eq!(
        detail(&document, "prog/abcs1.py", "score"),
        "100/100 (0 OK 0, 1 OK 50, 2 OK 50)"
    );
    // Under a flat second the slow solution loses group 2.
    let (code, report, stdout) = judge(&package, "abcs1.py", &["--time-limit", "1"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert_eq!(report["score"], 50.0);
    assert_eq!(report["tests"][3]["verdict"], "TLE");
}

#[test]
fn icpc_is_all_or_nothing() {
    let package = fixtures::icpc();
    let document = verified(&package);
    assert_eq!(
        detail(&document, "prog/abcb1.py", "score"),
        "0/1 (0 OK 1, 1 OK 1, 2 WA 0)"
    );
    let (code, report, _) = judge(&package, "abc.py", &[]);
    assert_eq!(
        (code, &report["score"], &report["max_score"]),
        (Some(0), &1.0.into(), &1.0.into())
    );
}

#[test]
fn icpc_counts_a_passed_test_whole_whatever_the_checker_gave() {
    let package = fixtures::icpc_checker();
    let document = verified(&package);
    assert_eq!(
        detail(&document, "prog/abcb2.py", "score"),
        "1/1 (0 OK 1, 1 OK 1, 2 OK 1)"
    );
    let (code, report, stdout) = judge(&package, "abcb2.py", &[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert_eq!(report["score"], 1.0, "{report}");
    let tests = report["tests"].as_array().expect("tests");
    assert_eq!(tests[3]["test"], "abc2a");
    assert_eq!(tests[3]["points_percent"], 100.0, "{report}");
}

#[test]
fn oi_points_fall_with_time_past_half_the_limit() {
    let package = fixtures::oi();
    package.write("prog/abcs1.py", &fixtures::slow_on_group_2(0.75));
    let (code, report, stdout) = judge(&package, "abcs1.py", &[]);
    assert_eq!(code, Some(1), "{stdout}");
    let test = &report["tests"][3];
    assert_eq!(test["verdict"], "AC", "{stdout}");
    let time_ms = test["time_s"].as_f64().expect("time") * 1000.0;
    assert!(time_ms > 500.0, "{stdout}");
    // oioioi's formula, from the time the report gives.
    let percent = 1.0 + (99.0 * (1000.0 - time_ms) / 500.0).floor();
    assert_eq!(test["points_percent"], percent, "{stdout}");
    let group = (60.0 * percent / 100.0).ceil();
    assert_eq!(report["score"], 40.0 + group, "{stdout}");
}

#[test]
fn unknown_keys_warn_at_their_line_and_strict_refuses() {
    let package = fixtures::sum();
    let config = std::fs::read_to_string(package.root().join("config.yml")).expect("read");
    package.write("config.yml", &format!("colour: red\n{config}"));
    let output = stonejudge(package.dir.path())
        .args(["validate", "./abc"])
        .output()
        .expect("validate");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("abc/config.yml:1:1: unknown key `colour` (sinol-make has no such key)"),
        "{stderr}"
    );
    let output = stonejudge(package.dir.path())
        .args(["validate", "--strict", "./abc"])
        .output()
        .expect("validate");
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
}

#[test]
fn keys_not_supported_refuse_with_exit_2() {
    let package = fixtures::sum();
    let config = std::fs::read_to_string(package.root().join("config.yml")).expect("read");
    package.write("config.yml", &format!("{config}fake_time: 1\n"));
    let (output, document) = verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stdout));
    let why = detail(&document, "abc", "package");
    assert!(why.contains("`fake_time` is not supported"), "{why}");
}

#[test]
fn drift_in_tests_and_invalid_inputs_are_found() {
    let package = fixtures::sum();
    package.write("in/abc1a.in", "3 5\n");
    let output = stonejudge(package.dir.path())
        .args(["testdata", "--check", "./abc"])
        .output()
        .expect("testdata");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("in/abc1a.in:1:3: differs: committed '5', ingen makes '4'"),
        "{stderr}"
    );
    // The model's output is made from the input ingen makes (`3 4`), which is the committed
    // output: only the input differs.
    assert!(
        stderr.contains("abc: 4 outputs made again, the same"),
        "{stderr}"
    );
    package.write("bad.in", "5000 1\n");
    let output = stonejudge(package.dir.path())
        .args(["validate", "./abc", "abc/bad.in"])
        .output()
        .expect("validate");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("bad.in:"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn stress_judges_with_the_packages_checker() {
    let package = fixtures::checker();
    std::fs::write(package.dir.path().join("wrong.py"), fixtures::WRONG).expect("write");
    package.write(
        "gen.py",
        "import sys\nseed = int(sys.argv[-1])\nprint(seed % 100, seed % 7)\n",
    );
    let output = stonejudge(package.dir.path())
        .args([
            "stress",
            "./abc",
            "--gen",
            "abc/gen.py",
            "--ref",
            "abc/prog/abc.py",
        ])
        .args(["--seed", "1", "--cases", "80", "--", "wrong.py"])
        .output()
        .expect("stress");
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(stdout.contains("not the sum"), "{stdout}");
}
