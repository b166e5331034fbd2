//! Kattis packages in format 2025-09, through the real binary: `test_group.yaml` inherited
//! down `data/` with argument lists (a float tolerance that accepts `1.0000000` for `1.0`),
//! per-case `.yaml`, constants, `include/default/`, the validators' own cases
//! (`invalid_input/`, `invalid_answer/`, `invalid_output/`, `valid_output/`, answer
//! validators), every kind of requirement of `submissions.yaml` and of the default folders,
//! `verify --json` naming each submission's expectation, unknown keys (warnings at
//! file:line:col, errors under `--strict`) and what is refused as not supported (exit 2).

use serde_json::Value;

use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::{halve, write, HALVE_PROBLEM_YAML as PROBLEM_YAML};

/// The item `id`: (ok, the check named `name`'s detail, every check as `name: detail`).
pub fn item(document: &Value, id: &str, name: &str) -> (bool, String, String) {
    let items = document["items"].as_array().expect("items");
    let found = items
        .iter()
        .find(|i| i["id"] == id)
        .unwrap_or_else(|| panic!("no item {id} in {document:#}"));
    let checks = found["checks"].as_array().expect("checks");
    let all: Vec<String> = checks
        .iter()
        .map(|c| format!("{}: {}", c["name"].as_str().unwrap_or(""), c["detail"]))
        .collect();
    let detail = checks
        .iter()
        .find(|c| c["name"] == name)
        .map(|c| c["detail"].as_str().unwrap_or("").to_string())
        .unwrap_or_default();
    (found["ok"] == true, detail, all.join("\n"))
}

#[test]
fn a_2025_package_is_verified_with_its_groups_validators_and_expectations() {
    let dir = tempfile::tempdir().expect("tempdir");
    halve(&dir.path().join("halve"));
    let (output, document) = verify(dir.path(), &["halve"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    // Only wrong_answer/actually_right.py breaks its expectation.
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert_eq!(document["failed"], 1, "{said}");
    let (ok, _, all) = item(&document, "halve", "package");
    assert!(ok, "{all}");
    for (check, says) in [
        ("package", "V2025_09 format, pass-fail"),
        // secret/big/01 (500) passes only with its own --max 1000.
        ("input validators", "4 inputs accepted by 1 validators"),
        ("answer validators", "answers accepted by 1 validators"),
        ("invalid inputs", "invalid inputs rejected"),
        ("invalid answers", "invalid answers rejected"),
        ("invalid outputs", "1 outputs rejected"),
        ("valid outputs", "1 outputs accepted"),
        ("time limit", "1 s, from problem.yaml"),
    ] {
        let (_, detail, _) = item(&document, "halve", check);
        assert!(detail.contains(says), "{check}: {detail}\n{all}");
    }
    let id = |s: &str| format!("halve/submissions/{s}");
    for (submission, origin) in [
        // 1.0000000 for 1.0: the lists of test_group.yaml reach the default validator.
        ("accepted/halve.py", "folder accepted"),
        // include/default/halving.py is added beside it.
        ("accepted/uses_include.py", "folder accepted"),
        ("accepted/halve.cpp", "folder accepted"),
        (
            "wrong_answer/floor.py",
            "folder wrong_answer; submissions.yaml wrong_answer/floor.py",
        ),
        ("rejected/crash.py", "folder rejected"),
        (
            "run_time_error/odd.py",
            "folder run_time_error, as submissions.yaml run_time_error changes it",
        ),
        // Brace expansion, a folder of its own, and test-group requirements.
        ("slow/spin.py", "submissions.yaml slow/{spin,crawl}.py"),
    ] {
        let (ok, expectation, all) = item(&document, &id(submission), "expectation");
        assert!(ok, "{submission}: {all}");
        assert!(
            expectation.starts_with(origin),
            "{submission}: {expectation}"
        );
    }
    let (_, floor, _) = item(&document, &id("wrong_answer/floor.py"), "expectation");
    assert!(
        floor.contains("wrong_answer/floor.py: secret/small"),
        "{floor}"
    );
    let (ok, verdict, all) = item(&document, &id("wrong_answer/actually_right.py"), "verdict");
    assert!(!ok, "{all}");
    assert!(
        verdict.contains("folder wrong_answer requires WA on at least one test case"),
        "{verdict}"
    );
}

#[test]
fn broken_validator_cases_and_expectations_are_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("halve");
    halve(&root);
    write(
        &root,
        &[
            // Valid input in invalid_input/, a right answer in invalid_answer/, a right
            // output in invalid_output/.
            ("data/invalid_input/fine.in", "4\n"),
            ("data/invalid_answer/right.in", "4\n"),
            ("data/invalid_answer/right.ans", "2\n"),
            ("data/invalid_output/same.in", "4\n"),
            ("data/invalid_output/same.ans", "2.0\n"),
            ("data/invalid_output/same.out", "2.0\n"),
            // A message no test gives, and a required TLE that never comes.
            (
                "submissions/submissions.yaml",
                "wrong_answer/floor.py:\n  message: \"no validator says this\"\n\
                 slow/spin.py:\n  permitted: [AC, TLE]\n  secret/small:\n    required: [TLE]\n",
            ),
        ],
    );
    let (output, document) = verify(dir.path(), &["halve"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    for (check, says) in [
        (
            "invalid inputs",
            "invalid_input/fine: every validator accepts it",
        ),
        (
            "invalid answers",
            "invalid_answer/right: every validator accepts it",
        ),
        ("invalid outputs", "invalid_output/same: AC"),
    ] {
        let (_, detail, all) = item(&document, "halve", check);
        assert!(detail.contains(says), "{check}: {detail}\n{all}");
    }
    let (ok, verdict, _) = item(
        &document,
        "halve/submissions/wrong_answer/floor.py",
        "verdict",
    );
    assert!(
        !ok && verdict.contains("\"no validator says this\""),
        "{verdict}"
    );
    let (ok, verdict, _) = item(&document, "halve/submissions/slow/spin.py", "verdict");
    assert!(
        !ok && verdict.contains("slow/spin.py: secret/small requires TLE"),
        "{verdict}"
    );
}

#[test]
fn unknown_keys_are_warnings_at_their_place_and_errors_under_strict() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("halve");
    halve(&root);
    let yaml =
        PROBLEM_YAML.replace("  memory: 512\n", "  memory: 512\n  memroy: 5\n") + "colour: red\n";
    write(
        &root,
        &[
            ("problem.yaml", &yaml),
            (
                "data/secret/big/test_group.yaml",
                "input_validator_args: [--max, \"1000\"]\non_reject: continue\n",
            ),
        ],
    );
    let line_of = |key: &str| {
        yaml.lines()
            .position(|l| l.trim_start().starts_with(key))
            .expect("key")
            + 1
    };
    let output = stonejudge(dir.path())
        .args(["validate", "./halve"])
        .output()
        .expect("validate");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let memroy = format!(
        "problem.yaml:{}:3: unknown key `limits.memroy`",
        line_of("memroy")
    );
    let colour = format!("problem.yaml:{}:1: unknown key `colour`", line_of("colour"));
    let on_reject = "test_group.yaml:2:1: unknown key `on_reject`";
    for warning in [&memroy, &colour, on_reject] {
        assert!(stderr.contains(warning), "{warning}:\n{stderr}");
    }
    for args in [
        vec!["validate", "./halve", "--strict"],
        vec!["verify", "halve", "--strict"],
        vec!["judge", "./halve", "--strict", "--", "x.py"],
    ] {
        let output = stonejudge(dir.path()).args(&args).output().expect("run");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&memroy) && stderr.contains("--strict"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn what_stonejudge_does_not_do_is_refused_with_exit_2_naming_the_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (package, file, contents, says) in [
        (
            "submitanswer",
            "problem.yaml",
            PROBLEM_YAML.replace("type: pass-fail", "type: submit-answer"),
            "type: submit-answer is not supported",
        ),
        (
            "writing",
            "problem.yaml",
            PROBLEM_YAML.to_string() + "allow_file_writing: true\n",
            "allow_file_writing: true is not supported",
        ),
        (
            "score",
            "submissions/submissions.yaml",
            "accepted:\n  secret:\n    score: 100\n".to_string(),
            "submissions.yaml:3:5: score is not supported",
        ),
        (
            "require_pass",
            "data/secret/test_group.yaml",
            "require_pass: sample\n".to_string(),
            "test_group.yaml:1:1: require_pass is not supported",
        ),
        (
            "args",
            "data/secret/test_group.yaml",
            "args: [--fast]\n".to_string(),
            "test_group.yaml:1:1: args is not supported",
        ),
    ] {
        let root = dir.path().join(package);
        halve(&root);
        write(&root, &[(file, &contents)]);
        let output = stonejudge(dir.path())
            .args(["verify", package])
            .output()
            .expect("verify");
        let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
        assert_eq!(output.status.code(), Some(2), "{package}: {said}");
        assert!(said.contains(says), "{package}: {says}\n{said}");
        let output = stonejudge(dir.path())
            .args(["judge", &format!("./{package}"), "--", "x.py"])
            .output()
            .expect("judge");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{package}: {stderr}");
        assert!(stderr.contains(says), "{package}: {stderr}");
    }
    // A required key missing is an error of the package itself.
    let root = dir.path().join("nameless");
    halve(&root);
    write(
        &root,
        &[("problem.yaml", &PROBLEM_YAML.replace("uuid:", "# uuid:"))],
    );
    let output = stonejudge(dir.path())
        .args(["verify", "nameless"])
        .output()
        .expect("verify");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("uuid is required in format 2025-09"),
        "{stderr}"
    );
}

/// A case's own `.yaml` gives the validators its own arguments, in place of its group's: an
/// input its group's `--max 10` accepts is rejected under its own `--max 5`, and an output of
/// `valid_output/` the group's tolerance rejects is accepted under its own (BAPCtools'
/// `testseed` gives every case its own `input_validator_args`).
#[test]
fn a_case_s_own_yaml_gives_the_validators_its_own_arguments() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("halve");
    halve(&root);
    write(
        &root,
        &[
            ("data/secret/small/03.in", "7\n"),
            ("data/secret/small/03.ans", "3.5\n"),
            (
                "data/secret/small/03.yaml",
                "input_validator_args: [--max, \"5\"]\n",
            ),
            ("data/valid_output/far.in", "4\n"),
            ("data/valid_output/far.ans", "2.0\n"),
            ("data/valid_output/far.out", "2.4\n"),
            (
                "data/valid_output/far.yaml",
                "output_validator_args: [float_tolerance, \"0.5\"]\n",
            ),
        ],
    );
    let (_, document) = verify(dir.path(), &["halve"]);
    let (_, inputs, all) = item(&document, "halve", "input validators");
    assert!(inputs.contains("secret/small/03"), "{inputs}\n{all}");
    let (_, valid, all) = item(&document, "halve", "valid outputs");
    assert!(valid.contains("2 outputs accepted"), "{valid}\n{all}");
}
