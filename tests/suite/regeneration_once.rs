//! Making the test data again is one step for every format (`stonejudge::verify::regeneration`),
//! through the real binary: for an archive problem (its plan), a Kattis package
//! (`generators.yaml`) and a sinol-make package (ingen, and the model solution's outputs),
//! `verify` and `testdata --check` agree with the committed data as it was made, and when one
//! committed test is changed by hand both fail (exit 1), naming the file, the line and column
//! of the first difference, and what each side has there, in the same words.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::halve_generated;
use super::sinol_fixtures as sinol;

/// The check `name` of item `id` in a `verify --json` document: (ok, detail).
fn check(document: &Value, id: &str, name: &str) -> (bool, String) {
    let items = document["items"].as_array().expect("items");
    let item = (items.iter().find(|i| i["id"] == id))
        .unwrap_or_else(|| panic!("no item {id}: {document:#}"));
    let check = (item["checks"].as_array().expect("checks").iter())
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no check {name}: {item:#}"));
    let detail = check["detail"].as_str().unwrap_or("").to_string();
    (check["ok"] == true, detail)
}

/// `testdata --check ARGS...` run in `dir`.
fn testdata_check(dir: &Path, args: &[&str]) -> Output {
    stonejudge(dir)
        .args(["testdata", "--check"])
        .args(args)
        .output()
        .expect("run testdata")
}

/// Output and standard error, for messages.
fn said(output: &Output) -> String {
    format!("{}{}", text(&output.stdout), text(&output.stderr))
}

/// Replaces the first byte of the file at `path` by `byte`.
fn change_first_byte(path: &Path, byte: u8) {
    let mut bytes = std::fs::read(path).expect("read");
    assert_ne!(bytes[0], byte, "{}", path.display());
    bytes[0] = byte;
    std::fs::write(path, bytes).expect("write");
}

/// A scratch archive holding `problems/misere-nim` (its manifest and statement) with the test
/// data its plan writes.
fn archive() -> (tempfile::TempDir, PathBuf) {
    let root = tempfile::tempdir().expect("tempdir");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/misere-nim");
    let dir = root.path().join("problems/misere-nim");
    std::fs::create_dir_all(&dir).expect("mkdir");
    for file in ["problem.toml", "statement.md"] {
        std::fs::copy(repo.join(file), dir.join(file)).expect("copy");
    }
    let written = stonejudge(root.path())
        .args(["testdata", "misere-nim"])
        .output()
        .expect("run testdata");
    assert_eq!(written.status.code(), Some(0), "{}", said(&written));
    let testdata = root.path().join("testdata/misere-nim");
    (root, testdata)
}

#[test]
fn an_archive_problem_is_its_plan_and_a_changed_test_is_named() {
    let (root, testdata) = archive();
    let (output, document) = verify(root.path(), &["problems/misere-nim"]);
    let (ok, detail) = check(&document, "misere-nim", "testdata");
    assert!(
        ok && detail.contains("tests made again, the same"),
        "{detail}"
    );
    assert_eq!(output.status.code(), Some(0), "{}", said(&output));
    let output = testdata_check(root.path(), &["misere-nim"]);
    assert_eq!(output.status.code(), Some(0), "{}", said(&output));
    assert!(
        text(&output.stdout).contains("matches its plan"),
        "{}",
        said(&output)
    );

    change_first_byte(&testdata.join("02.in"), b'#');
    let wanted = "02.in:1:1: differs: committed '#', the plan makes";
    let (output, document) = verify(root.path(), &["problems/misere-nim"]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let (ok, detail) = check(&document, "misere-nim", "testdata");
    assert!(!ok, "{detail}");
    assert!(
        detail.starts_with("1 difference from what the plan makes (`stonejudge testdata`"),
        "{detail}"
    );
    assert!(detail.contains(wanted), "{detail}");
    assert!(!detail.contains("01.in"), "{detail}");
    let output = testdata_check(root.path(), &["misere-nim"]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    assert!(text(&output.stderr).contains(wanted), "{}", said(&output));
    assert!(
        text(&output.stdout).contains("differs from its plan: 1 difference"),
        "{}",
        said(&output)
    );
}

#[test]
fn a_package_is_its_generators_yaml_and_a_changed_case_is_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = halve_generated(dir.path());
    let (_, document) = verify(dir.path(), &["halve"]);
    let (ok, detail) = check(&document, "halve", "generators.yaml");
    assert!(ok, "{detail}");
    assert_eq!(detail, "4 cases made again, the same");
    let output = testdata_check(dir.path(), &["./halve"]);
    assert_eq!(output.status.code(), Some(0), "{}", said(&output));
    assert!(
        text(&output.stderr).contains("halve: 4 cases made again, the same"),
        "{}",
        said(&output)
    );

    // The generated case's input is one digit: a hand-edited `0` is at 1:1.
    change_first_byte(&root.join("data/secret/small/01.in"), b'0');
    let wanted = "secret/small/01.in:1:1: differs: committed '0', generators/generators.yaml makes";
    let (output, document) = verify(dir.path(), &["halve"]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let (ok, detail) = check(&document, "halve", "generators.yaml");
    assert!(!ok && detail.contains(wanted), "{detail}");
    assert!(detail.contains("`bt generate` writes them"), "{detail}");
    let output = testdata_check(dir.path(), &["./halve"]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    assert!(text(&output.stderr).contains(wanted), "{}", said(&output));

    // `testdata` writes it again as generators.yaml makes it, and then it is the same.
    let output = stonejudge(dir.path())
        .args(["testdata", "./halve"])
        .output()
        .expect("run testdata");
    assert_eq!(output.status.code(), Some(0), "{}", said(&output));
    assert!(
        text(&output.stdout).contains("halve: 4 cases, written to"),
        "{}",
        said(&output)
    );
    let output = testdata_check(dir.path(), &["./halve"]);
    assert_eq!(output.status.code(), Some(0), "{}", said(&output));
}

#[test]
fn a_sinol_package_is_its_ingen_and_model_and_a_changed_test_is_named() {
    let package = sinol::sum();
    let (output, document) = verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(0), "{}", said(&output));
    assert_eq!(
        check(&document, "abc", "ingen"),
        (true, "4 inputs made again, the same".to_string())
    );
    assert_eq!(
        check(&document, "abc", "outputs"),
        (true, "4 outputs made again, the same".to_string())
    );
    let output = testdata_check(package.dir.path(), &["./abc"]);
    assert_eq!(output.status.code(), Some(0), "{}", said(&output));

    // `3 4` becomes `9 4`: ingen writes `3`, and the model's sum of what ingen writes is 7,
    // not the committed 9 (the tests are made first, and the committed ones compared with
    // them).
    change_first_byte(&package.root().join("in/abc1a.in"), b'9');
    change_first_byte(&package.root().join("out/abc1a.out"), b'9');
    let input = "in/abc1a.in:1:1: differs: committed '9', ingen makes '3'";
    let answer = "out/abc1a.out:1:1: differs: committed '9', the model solution makes '7'";
    let (output, document) = verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let (ok, detail) = check(&document, "abc", "ingen");
    assert!(!ok && detail.contains(input), "{detail}");
    assert!(!detail.contains("abc1b"), "{detail}");
    let (ok, detail) = check(&document, "abc", "outputs");
    assert!(!ok && detail.contains(answer), "{detail}");
    let output = testdata_check(package.dir.path(), &["./abc"]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(input) && stderr.contains(answer),
        "{stderr}"
    );
}
