//! Multi-pass Kattis packages through the real binary: `verify` and `judge` run each
//! submission pass after pass, the output validator's `nextpass.in` becoming the next input
//! and its feedback directory kept between passes, plain and interactive; more passes than
//! `limits.validation_passes` allows, or `nextpass.in` with a rejection, are judge errors.

use std::path::Path;

use serde_json::Value;

use super::multipass_fixtures::{code, VERDICTS};
use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::write;

/// The first word of the verdict check of each submission item: `accepted/reverse.py` → `AC`.
fn verdicts(document: &Value) -> Vec<(String, String, bool)> {
    let items = document["items"].as_array().expect("items");
    items
        .iter()
        .filter_map(|item| {
            let id = item["id"].as_str()?;
            let (_, name) = id.split_once("/submissions/")?;
            let detail = item["checks"][0]["detail"].as_str().unwrap_or("");
            let verdict = detail.trim_start_matches("got ");
            let verdict = verdict.split([' ', ':']).next().unwrap_or("");
            Some((name.to_string(), verdict.to_string(), item["ok"] == true))
        })
        .collect()
}

fn verified_as_promised(interactive: bool) {
    let dir = tempfile::tempdir().expect("tempdir");
    code(&dir.path().join("code"), interactive);
    let (output, document) = verify(dir.path(), &["code"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(0), "{said}\n{document:#}");
    let package = &document["items"][0];
    let kind = package["checks"][0]["detail"].as_str().unwrap_or("");
    assert!(kind.contains("multi-pass"), "{kind}");
    let mut found = verdicts(&document);
    found.sort();
    let mut expected: Vec<(String, String, bool)> = VERDICTS
        .iter()
        .map(|(s, v)| (s.to_string(), v.to_string(), true))
        .collect();
    expected.sort();
    assert_eq!(found, expected, "{document:#}");
}

#[test]
fn every_submission_of_a_multi_pass_package_gets_its_folders_verdict() {
    verified_as_promised(false);
}

#[test]
fn every_submission_of_an_interactive_multi_pass_package_gets_its_folders_verdict() {
    verified_as_promised(true);
}

/// `judge code -- SUBMISSION` with a 1 s limit: the exit code and the table.
fn judge(dir: &Path, submission: &str) -> (Option<i32>, String) {
    let output = stonejudge(dir)
        .args(["judge", "./code", "--time-limit", "1", "--"])
        .arg(format!("code/submissions/{submission}"))
        .output()
        .expect("run judge");
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    (output.status.code(), said)
}

#[test]
fn judge_names_the_pass_that_failed_and_accepts_after_the_last_pass() {
    let dir = tempfile::tempdir().expect("tempdir");
    code(&dir.path().join("code"), false);
    let (code_, said) = judge(dir.path(), "accepted/reverse.py");
    assert_eq!(code_, Some(0), "{said}");
    assert!(said.contains("kattis verdict: AC"), "{said}");
    // The validator's messages of both passes, appended to one judgemessage.txt.
    let (code_, said) = judge(dir.path(), "wrong_answer/echo.py");
    assert_eq!(code_, Some(1), "{said}");
    assert!(said.contains("kattis verdict: WA"), "{said}");
    assert!(
        said.contains("pass 2: pass 1: encoded as enots") && said.contains("expected stone"),
        "{said}"
    );
    let (_, said) = judge(dir.path(), "run_time_error/forgot.py");
    assert!(said.contains("kattis verdict: RTE"), "{said}");
    assert!(said.contains("pass 2: "), "{said}");
    let (_, said) = judge(dir.path(), "wrong_answer/two_words.py");
    assert!(said.contains("pass 1: expected one word, got 2"), "{said}");
}

#[test]
fn passes_beyond_validation_passes_and_nextpass_with_a_rejection_are_judge_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("code");
    code(&root, false);
    // A third pass, which the default limit of 2 passes does not allow.
    write(
        &root,
        &[("data/test_group.yaml", "output_validator_args: [three]\n")],
    );
    // A judge error: exit 2, as every test the judge could not judge.
    let (code_, said) = judge(dir.path(), "accepted/reverse.py");
    assert_eq!(code_, Some(2), "{said}");
    assert!(said.contains("kattis verdict: JE"), "{said}");
    assert!(
        said.contains("asked for pass 3 (nextpass.in), but limits.validation_passes is 2"),
        "{said}"
    );
    let problem = std::fs::read_to_string(root.join("problem.yaml")).expect("read");
    let allowed = problem.clone() + "limits:\n  validation_passes: 3\n";
    write(&root, &[("problem.yaml", &allowed)]);
    let (code_, said) = judge(dir.path(), "accepted/reverse.py");
    assert_eq!(code_, Some(0), "{said}");
    assert!(said.contains("kattis verdict: AC"), "{said}");
    // Three passes, and still the submission's own failure in the second one.
    let (_, said) = judge(dir.path(), "wrong_answer/echo.py");
    assert!(said.contains("kattis verdict: WA"), "{said}");

    write(
        &root,
        &[("data/test_group.yaml", "output_validator_args: [evil]\n")],
    );
    let (code_, said) = judge(dir.path(), "accepted/reverse.py");
    assert_eq!(code_, Some(2), "{said}");
    assert!(
        said.contains("wrote nextpass.in but rejected the output (43) in pass 1"),
        "{said}"
    );

    let one = problem + "limits:\n  validation_passes: 1\n";
    write(&root, &[("problem.yaml", &one)]);
    let (code_, said) = judge(dir.path(), "accepted/reverse.py");
    assert_eq!(code_, Some(2), "{said}");
    assert!(
        said.contains("limits.validation_passes is 1: expected an integer of at least 2"),
        "{said}"
    );
}

#[test]
fn a_multi_pass_package_without_an_output_validator_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("code");
    code(&root, false);
    std::fs::remove_dir_all(root.join("output_validator")).expect("remove");
    let (code_, said) = judge(dir.path(), "accepted/reverse.py");
    assert_eq!(code_, Some(2), "{said}");
    assert!(said.contains("a multi-pass problem, but"), "{said}");
}
