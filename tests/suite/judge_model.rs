//! `judge` of every format through one path over the model (`stonejudge::judging`): the real
//! binary on a problem of each format, with each way of judging the model knows (a built-in
//! checker, the default comparison with `float_tolerance`, a Kattis output validator taking the
//! package's `validator_flags`, a testlib checker of `[programs]`, sinol-make's `chk`), an
//! interactive package and a multi-pass one, each with a right and a wrong program.

use std::path::Path;

use serde_json::Value;

use super::multipass_fixtures;
use super::package_cli::{stonejudge, text};
use super::package_fixtures::{self, write};
use super::programs_archive;
use super::sinol_cli::judge as judge_sinol;
use super::sinol_fixtures;

/// `judge PROBLEM --json FILE ARGS... -- PROGRAM` in `dir`: the exit code, the report (null
/// when none was written) and everything printed.
fn judge(dir: &Path, problem: &str, args: &[&str], program: &Path) -> (Option<i32>, Value, String) {
    let json = dir.join("judge-model.json");
    let _ = std::fs::remove_file(&json);
    let output = stonejudge(dir)
        .args(["judge", problem, "--json"])
        .arg(&json)
        .args(args)
        .arg("--")
        .arg(program)
        .output()
        .expect("run judge");
    let printed = text(&output.stdout) + &text(&output.stderr);
    let report = std::fs::read_to_string(&json)
        .map(|t| serde_json::from_str(&t).expect("JSON"))
        .unwrap_or(Value::Null);
    (output.status.code(), report, printed)
}

/// Each test's (name, verdict) in the report.
fn verdicts(report: &Value) -> Vec<(String, String)> {
    (report["tests"].as_array().expect("tests").iter())
        .map(|t| {
            let name = t["test"].as_str().expect("name").to_string();
            (name, t["verdict"].as_str().expect("verdict").to_string())
        })
        .collect()
}

/// The verdict of the test `name` in the report.
fn verdict_of(report: &Value, name: &str) -> String {
    (verdicts(report).into_iter())
        .find(|(test, _)| test == name)
        .unwrap_or_else(|| panic!("no test {name} in {report}"))
        .1
}

#[test]
fn a_catalog_problem_is_judged_by_its_built_in_checker() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tests = dir.path().join("tests");
    let nim = stonejudge::catalog::find("nim").expect("nim");
    for seed in 1..=3u64 {
        let input = (nim.generate(seed, &stonejudge::gen::Params::default())).expect("input");
        let answer = nim.solve(input.as_bytes()).expect("answer");
        write(
            &tests,
            &[
                (&format!("{seed:02}.in"), input.as_str()),
                (&format!("{seed:02}.ans"), answer.as_str()),
            ],
        );
    }
    let tests_arg = tests.to_str().expect("UTF-8");
    let right = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/nim_ok.py");
    let (code, report, printed) = judge(dir.path(), "nim", &["--tests", tests_arg], &right);
    assert_eq!(code, Some(0), "{printed}");
    assert!(verdicts(&report).iter().all(|(_, v)| v == "AC"), "{report}");
    assert_eq!(
        report["tests"][0]["time_limit_s"].as_f64(),
        Some(1.0),
        "{report}"
    );
    // Nothing printed: the built-in checker says so in the game's terms.
    write(dir.path(), &[("silent.py", "pass\n")]);
    let (code, report, printed) = judge(
        dir.path(),
        "nim",
        &["--tests", tests_arg],
        &dir.path().join("silent.py"),
    );
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(verdict_of(&report, "01"), "PE", "{report}");
    let message = report["tests"][0]["message"].as_str().expect("message");
    assert!(message.starts_with("the program printed nothing (expected first or second"));
}

#[test]
fn the_default_comparison_takes_the_package_s_float_tolerance() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("double");
    package_fixtures::double(&root);
    let program = |name: &str| root.join("submissions").join(name);
    let limit = ["--time-limit", "2"];
    let (code, report, printed) = judge(
        dir.path(),
        "./double",
        &limit,
        &program("accepted/double.py"),
    );
    // 01's answer is 10.0000001: only the tolerance of validator_flags accepts 10.
    assert_eq!(code, Some(0), "{printed}");
    assert_eq!(verdict_of(&report, "secret/group1/01"), "AC", "{report}");
    assert!(printed.contains("kattis verdict: AC"), "{printed}");
    let (code, report, printed) = judge(
        dir.path(),
        "./double",
        &limit,
        &program("wrong_answer/plus_one.c"),
    );
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(verdict_of(&report, "secret/02"), "WA", "{report}");
    assert_eq!(verdict_of(&report, "secret/group1/01"), "AC", "{report}");
    assert!(printed.contains("kattis verdict: WA"), "{printed}");
}

#[test]
fn a_kattis_output_validator_gets_the_package_s_validator_flags() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("multiple");
    package_fixtures::multiple(&root);
    let program = |name: &str| root.join("submissions").join(name);
    let limit = ["--time-limit", "2"];
    // The validator reads `limit 10` from its arguments: without them it could not judge.
    let (code, report, printed) = judge(
        dir.path(),
        "./multiple",
        &limit,
        &program("accepted/triple.py"),
    );
    assert_eq!(code, Some(0), "{printed}");
    assert!(verdicts(&report).iter().all(|(_, v)| v == "AC"), "{report}");
    let (code, report, printed) = judge(
        dir.path(),
        "./multiple",
        &limit,
        &program("wrong_answer/zero.py"),
    );
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(verdict_of(&report, "secret/01"), "WA", "{report}");
    let message = report["tests"][1]["message"].as_str().expect("message");
    assert_eq!(message, "0 is not allowed", "{report}");
}

#[test]
fn a_testlib_checker_of_programs_judges_our_program_backed_problem() {
    let root = programs_archive::archive();
    let (code, _, err) = programs_archive::stonejudge(root.path(), &["testdata"]);
    assert_eq!(code, Some(0), "{err}");
    let solutions = programs_archive::problem_dir(root.path()).join("solutions");
    let problem = programs_archive::PROBLEM;
    let (code, report, printed) = judge(
        root.path(),
        problem,
        &[],
        &solutions.join("accepted/sol.py"),
    );
    assert_eq!(code, Some(0), "{printed}");
    assert!(verdicts(&report).iter().all(|(_, v)| v == "AC"), "{report}");
    let (code, report, printed) = judge(
        root.path(),
        problem,
        &[],
        &solutions.join("wrong_answer/wrong.cpp"),
    );
    assert_eq!(code, Some(1), "{printed}");
    let wrong = (report["tests"].as_array().expect("tests").iter())
        .find(|t| t["verdict"] == "WA")
        .unwrap_or_else(|| panic!("no WA in {report}"));
    // The checker program's words are the verdict's message.
    let message = wrong["message"].as_str().expect("message");
    assert!(message.ends_with("expected second, got first"), "{report}");
}

#[test]
fn sinol_make_s_checker_gives_a_test_part_of_its_points() {
    let package = sinol_fixtures::checker();
    let (code, report, printed) = judge_sinol(&package, "abcb2.py", &[]);
    assert_eq!(code, Some(1), "{printed}");
    let tests = report["tests"].as_array().expect("tests");
    let half = (tests.iter())
        .find(|t| t["test"] == "abc2a")
        .unwrap_or_else(|| panic!("no abc2a in {report}"));
    assert_eq!(
        (&half["verdict"], &half["points_percent"]),
        (&"AC".into(), &50.0.into()),
        "{report}"
    );
    assert_eq!(report["score"], 70.0, "{report}");
    assert!(
        printed.contains("score: 70 of 100 (default contest)"),
        "{printed}"
    );
    let (code, report, printed) = judge_sinol(&package, "abc.py", &[]);
    assert_eq!(
        (code, &report["score"]),
        (Some(0), &100.0.into()),
        "{printed}"
    );
}

#[test]
fn an_interactive_package_is_judged_by_its_interactor() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("guess");
    package_fixtures::guess_py(&root);
    let program = |name: &str| root.join("submissions").join(name);
    let limit = ["--time-limit", "2"];
    let (code, report, printed) = judge(
        dir.path(),
        "./guess",
        &limit,
        &program("accepted/binary.py"),
    );
    assert_eq!(code, Some(0), "{printed}");
    assert!(verdicts(&report).iter().all(|(_, v)| v == "AC"), "{report}");
    // Guessing one by one needs more than the 10 guesses the interactor's flag allows.
    let (code, report, printed) = judge(
        dir.path(),
        "./guess",
        &limit,
        &program("wrong_answer/linear.c"),
    );
    assert_eq!(code, Some(1), "{printed}");
    assert!(verdicts(&report).iter().any(|(_, v)| v == "WA"), "{report}");
    assert!(printed.contains("kattis verdict: WA"), "{printed}");
}

#[test]
fn a_multi_pass_package_runs_pass_after_pass() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("code");
    multipass_fixtures::code(&root, false);
    let program = |name: &str| root.join("submissions").join(name);
    let limit = ["--time-limit", "2"];
    let (code, report, printed) = judge(
        dir.path(),
        "./code",
        &limit,
        &program("accepted/reverse.py"),
    );
    assert_eq!(code, Some(0), "{printed}");
    let message = report["tests"][1]["message"].as_str().expect("message");
    assert!(message.ends_with("(pass 2)"), "{report}");
    let (code, report, printed) = judge(
        dir.path(),
        "./code",
        &limit,
        &program("wrong_answer/echo.py"),
    );
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(verdict_of(&report, "secret/1"), "WA", "{report}");
}
