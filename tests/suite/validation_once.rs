//! Validation is one library path for every format (`stonejudge::verify::validation`): through
//! the real binary, `verify` and `validate` of an archive problem with the catalog's built-in
//! validator and of one with a validator program, of a 2025-09 package (input validator with
//! its groups' arguments, `invalid_input/`, an answer validator) and of a sinol-make package
//! (inwer), each once accepting and once with a bad input: the check named, the input named,
//! the exit code.
//!
//! Each `verify` takes only the problem's own item (`--partition`: the package's or problem's
//! item is at a known position), as validation is all that is asserted here.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::{halve, write};
use super::programs_archive;
use super::sinol_fixtures;

/// The item whose id is `id`: whether it passed, and its check `name`'s (ok, detail).
pub fn check(document: &Value, id: &str, name: &str) -> (bool, bool, String) {
    let items = document["items"].as_array().expect("items");
    let item = (items.iter())
        .find(|i| i["id"] == id)
        .unwrap_or_else(|| panic!("no item {id} in {document:#}"));
    let check = (item["checks"].as_array().expect("checks").iter())
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no check {name} in {item:#}"));
    (
        item["ok"] == true,
        check["ok"] == true,
        check["detail"].as_str().expect("detail").to_string(),
    )
}

/// `stonejudge validate ARGS...` in `dir`: the exit code and standard error.
fn validate(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let output = stonejudge(dir)
        .arg("validate")
        .args(args)
        .output()
        .expect("run validate");
    (output.status.code(), text(&output.stderr))
}

/// An archive holding the catalog's stripes alone (no solutions), its test data written.
pub fn stripes_archive() -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("tempdir");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/stripes");
    let to = root.path().join("problems/stripes");
    std::fs::create_dir_all(&to).expect("mkdir");
    for file in ["problem.toml", "statement.md"] {
        std::fs::copy(from.join(file), to.join(file)).expect("copy");
    }
    Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["testdata", "--root"])
        .arg(root.path())
        .arg("stripes")
        .assert()
        .success();
    root
}

#[test]
fn an_archive_problems_built_in_validator_runs_through_the_one_path() {
    let root = stripes_archive();
    // Items: registry, stripes.
    let (output, document) = verify(root.path(), &["--root", ".", "--partition", "2/9"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let (_, ok, detail) = check(&document, "stripes", "inputs");
    assert!(ok, "{detail}");
    assert!(
        detail.ends_with(" inputs valid, answers readable"),
        "{detail}"
    );
    let bad = root.path().join("testdata/stripes/02.in");
    std::fs::write(&bad, "x\n").expect("write");
    let (output, document) = verify(root.path(), &["--root", ".", "--partition", "2/9"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let (passed, ok, detail) = check(&document, "stripes", "inputs");
    assert!(!passed && !ok, "{detail}");
    // The validator by name, the test, and the file with its line and column.
    assert!(
        detail.contains("the catalog's stripes validator rejects 02: ")
            && detail.contains("testdata/stripes/02.in:1:1"),
        "{detail}"
    );
    let (code, stderr) = validate(root.path(), &["stripes", "testdata/stripes/02.in"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.starts_with("testdata/stripes/02.in:1:1: "),
        "{stderr}"
    );
}

#[test]
fn an_archive_problems_validator_program_runs_through_the_one_path() {
    let root = programs_archive::archive();
    let (code, out, err) = programs_archive::stonejudge(root.path(), &["testdata"]);
    assert_eq!(code, Some(0), "{out}{err}");
    // Items: registry, take, take's solutions.
    let (output, document) = verify(root.path(), &["--root", ".", "--partition", "2/99"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let (_, ok, detail) = check(&document, "take", "inputs");
    assert_eq!(
        (ok, detail.as_str()),
        (true, "7 inputs valid, answers readable")
    );
    // A leading zero, which validate.cpp refuses (exit 1).
    std::fs::write(root.path().join("testdata/take/03.in"), "1\n04\n").expect("write");
    let (output, document) = verify(root.path(), &["--root", ".", "--partition", "2/99"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let (_, ok, detail) = check(&document, "take", "inputs");
    assert!(!ok, "{detail}");
    assert!(
        detail.contains("rejects 03: ")
            && detail.contains("rejected by the validator validate.cpp (exit code 1)")
            && detail.contains("leading zero"),
        "{detail}"
    );
    let folder = programs_archive::problem_dir(root.path());
    let (code, _, err) = programs_archive::stonejudge(
        root.path(),
        &[
            "validate",
            folder.to_str().expect("UTF-8"),
            "testdata/take/03.in",
        ],
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("03.in: rejected by the validator validate.cpp"),
        "{err}"
    );
}

#[test]
fn a_2025_packages_validators_run_through_the_one_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("halve");
    halve(&root);
    // Items: the package first, then its submissions.
    let (output, document) = verify(dir.path(), &["halve", "--partition", "1/99"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    for (name, says) in [
        ("input validators", "4 inputs accepted by 1 validators"),
        (
            "invalid inputs",
            "3 invalid inputs rejected by 1 validators",
        ),
        ("answer validators", "4 answers accepted by 1 validators"),
        (
            "invalid answers",
            "1 invalid answers rejected by 1 validators",
        ),
    ] {
        let (_, ok, detail) = check(&document, "halve", name);
        assert!(ok && detail == says, "{name}: {detail}");
    }
    let (code, stderr) = validate(dir.path(), &["./halve"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("4 inputs accepted by 1 input validators"),
        "{stderr}"
    );
    // 12 is over secret/'s --max 10, and 0 under every bound.
    write(&root, &[("data/secret/small/01.in", "12\n")]);
    let (output, document) = verify(dir.path(), &["halve", "--partition", "1/99"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let (passed, ok, detail) = check(&document, "halve", "input validators");
    assert!(!passed && !ok, "{detail}");
    assert!(
        detail.starts_with("inputs rejected")
            && detail.contains("validate.py rejects secret/small/01: exit code 43"),
        "{detail}"
    );
    let (code, stderr) = validate(dir.path(), &["./halve"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("data/secret/small/01.in: exit code 43"),
        "{stderr}"
    );
}

#[test]
fn a_sinol_packages_inwer_runs_through_the_one_path() {
    let package = sinol_fixtures::sum();
    let dir = package.dir.path();
    // Items: the package first, then its solutions.
    let (output, document) = verify(dir, &["abc", "--partition", "1/99"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let (_, ok, detail) = check(&document, "abc", "inwer");
    assert_eq!((ok, detail.as_str()), (true, "4 inputs valid"));
    let (code, stderr) = validate(dir, &["./abc"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("4 inputs accepted by 1 input validators"),
        "{stderr}"
    );
    // verify checks the inputs it judges on, which ingen makes: ingen writes the bad one.
    package.write("in/abc1b.in", "5000 6\n");
    let ingen = std::fs::read_to_string(package.root().join("prog/abcingen.sh")).expect("read");
    package.write("prog/abcingen.sh", &ingen.replace("'5 6'", "'5000 6'"));
    let (output, document) = verify(dir, &["abc", "--partition", "1/99"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let (_, ok, detail) = check(&document, "abc", "inwer");
    assert!(!ok, "{detail}");
    assert!(
        detail.starts_with("inputs inwer rejects:") && detail.contains("rejects abc1b: "),
        "{detail}"
    );
    let (code, stderr) = validate(dir, &["./abc"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("abc1b.in: "), "{stderr}");
}
