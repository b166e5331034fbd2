//! `stonejudge testdata` on scratch copies of the archive: writing, idempotence, drift
//! listing, atomicity when a plan is broken, and the constraint-reach gate: a plan in progress
//! is written with a warning per unreached bound, which `--check` and `verify` accept only
//! when `[unreached]` gives a reason.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// A problem whose plan builds quickly; any problem of the archive would do.
const PROBLEM: &str = "misere-nim";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch archive holding a copy of `problems/<PROBLEM>/problem.toml` only.
fn scratch() -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("problems").join(PROBLEM);
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::copy(
        repo().join("problems").join(PROBLEM).join("problem.toml"),
        dir.join("problem.toml"),
    )
    .expect("copy problem.toml");
    root
}

fn testdata(root: &Path, check: bool) -> assert_cmd::assert::Assert {
    let mut cmd = Command::cargo_bin("stonejudge").expect("binary");
    cmd.arg("testdata").arg("--root").arg(root);
    if check {
        cmd.arg("--check");
    }
    cmd.arg(PROBLEM).assert()
}

fn stderr_of(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stderr).into_owned()
}

fn stdout_of(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stdout).into_owned()
}

/// Every file of a directory with its contents, sorted by name.
pub fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| {
            let e = e.expect("entry");
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("read"),
            )
        })
        .collect();
    files.sort();
    files
}

fn manifest_path(root: &Path) -> PathBuf {
    root.join("problems").join(PROBLEM).join("problem.toml")
}

fn edit_manifest(root: &Path, edit: impl Fn(&str) -> String) {
    let path = manifest_path(root);
    let text = std::fs::read_to_string(&path).expect("read manifest");
    let edited = edit(&text);
    assert_ne!(edited, text, "the edit must change the manifest");
    std::fs::write(&path, edited).expect("write manifest");
}

#[test]
fn writes_the_plan_and_matches_the_committed_data() {
    let root = scratch();
    let out = testdata(root.path(), false).success();
    assert!(
        stdout_of(&out).contains("written to"),
        "{}",
        stdout_of(&out)
    );
    let written = snapshot(&root.path().join("testdata").join(PROBLEM));
    assert!(written.iter().any(|(name, _)| name == "01.in"));
    assert!(written.iter().any(|(name, _)| name == "01.ans"));
    assert!(written.len().is_multiple_of(2));
    // Byte for byte what is committed: the plan regenerates identically in another place.
    assert_eq!(written, snapshot(&repo().join("testdata").join(PROBLEM)));
    // Nothing else beside it (no staging leftovers).
    let entries: Vec<_> = std::fs::read_dir(root.path().join("testdata"))
        .expect("read testdata")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(entries, vec![std::ffi::OsString::from(PROBLEM)]);

    // Writing again is idempotent and --check agrees.
    testdata(root.path(), false).success();
    assert_eq!(
        written,
        snapshot(&root.path().join("testdata").join(PROBLEM))
    );
    let out = testdata(root.path(), true).success();
    assert!(stdout_of(&out).contains("matches its plan"));
    assert!(
        stdout_of(&out).contains("constraint"),
        "reach table expected"
    );
}

#[test]
fn check_lists_every_drifted_file_and_exits_1() {
    let root = scratch();
    testdata(root.path(), false).success();
    let dir = root.path().join("testdata").join(PROBLEM);
    // One changed answer, one deleted input, one stray file.
    let answer = dir.join("02.ans");
    let mut text = std::fs::read(&answer).expect("read");
    text.insert(0, b'x');
    std::fs::write(&answer, text).expect("write");
    std::fs::remove_file(dir.join("03.in")).expect("remove");
    std::fs::write(dir.join("notes.txt"), "stray\n").expect("write");

    let out = testdata(root.path(), true).code(1);
    let stderr = stderr_of(&out);
    assert!(stderr.contains("02.ans:1:1: differs"), "{stderr}");
    assert!(stderr.contains("03.in: missing"), "{stderr}");
    assert!(
        stderr.contains("notes.txt: not produced by the plan"),
        "{stderr}"
    );
    assert!(!stderr.contains("01.in"), "{stderr}");

    // --check wrote nothing; a plain run repairs everything.
    assert!(!dir.join("03.in").exists());
    testdata(root.path(), false).success();
    testdata(root.path(), true).success();
    assert!(!dir.join("notes.txt").exists());
}

#[test]
fn a_missing_directory_is_all_drift() {
    let root = scratch();
    let out = testdata(root.path(), true).code(1);
    assert!(stderr_of(&out).contains("01.in: missing"));
}

/// A broken plan (here: the manifest edited by `edit`) makes `testdata` exit 1 with `expect`
/// on stderr and leaves the previously written directory exactly as it was.
fn assert_rejected_and_untouched(edit: impl Fn(&str) -> String, expect: &str) {
    let root = scratch();
    testdata(root.path(), false).success();
    let dir = root.path().join("testdata").join(PROBLEM);
    let before = snapshot(&dir);
    edit_manifest(root.path(), edit);
    let out = testdata(root.path(), false).code(1);
    let stderr = stderr_of(&out);
    assert!(stderr.contains(expect), "expected {expect:?} in:\n{stderr}");
    assert_eq!(
        snapshot(&dir),
        before,
        "the old directory must be untouched"
    );
    let leftovers: Vec<_> = std::fs::read_dir(root.path().join("testdata"))
        .expect("read")
        .map(|e| e.expect("entry").file_name())
        .filter(|name| name != PROBLEM)
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_failing_generator_leaves_the_old_directory_untouched() {
    // An unknown generator parameter, added to the last group: the generator refuses it, and
    // the error points into problem.toml.
    assert_rejected_and_untouched(
        |text| {
            let at = text.rfind("params = {").expect("a group with params");
            format!("{}params = {{ bogus = 1, {}", &text[..at], &text[at + 10..])
        },
        "--param bogus: unknown parameter",
    );
}

#[test]
fn an_invalid_sample_leaves_the_old_directory_untouched() {
    // A sample with a trailing space: the validator rejects it before anything is written.
    assert_rejected_and_untouched(
        |text| text.replacen("input = \"\"\"\n", "input = \"\"\"\n2 \n", 1),
        "the input is invalid: 1:",
    );
}

#[test]
fn manifest_errors_name_file_line_and_column() {
    assert_rejected_and_untouched(
        |text| text.replacen("[limits]\n", "[limits]\nstack_mib = 64\n", 1),
        "problem.toml:",
    );
    let root = scratch();
    edit_manifest(root.path(), |text| {
        text.replacen("[limits]\n", "[limits]\nstack_mib = 64\n", 1)
    });
    let out = testdata(root.path(), false).code(1);
    let stderr = stderr_of(&out);
    let line = std::fs::read_to_string(manifest_path(root.path()))
        .expect("read")
        .lines()
        .position(|l| l.starts_with("stack_mib"))
        .expect("edited line")
        + 1;
    assert!(
        stderr.contains(&format!("problem.toml:{line}:1: unknown field `stack_mib`")),
        "{stderr}"
    );
}

/// The samples kept, every group replaced by one minimal test: T, N and A_i never reach their
/// maximum.
fn only_the_minimum(text: &str) -> String {
    let first_group = text.find("[[group]]").expect("groups");
    format!(
        "{}[[group]]\nname = \"only-min\"\ncount = 1\nseed = 1\nparams = {{ mode = \"min\" }}\n",
        &text[..first_group]
    )
}

/// The bounds `only_the_minimum` leaves unreached, with misere-nim's maxima.
const MISSED: [(&str, u64); 3] = [("T", 474), ("N", 47), ("A_i", 4747)];

/// Runs `verify --json` on the archive; the exit code, standard output and the checks of the
/// problem's item.
fn verify(root: &Path) -> (Option<i32>, String, Vec<serde_json::Value>) {
    let json = root.join("report.json");
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["verify", "-j", "2", "--root"])
        .arg(root)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run verify");
    let document: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).expect("json");
    let checks = (document["items"].as_array().expect("items").iter())
        .find(|item| item["id"] == PROBLEM)
        .map(|item| item["checks"].as_array().expect("checks").clone())
        .expect("the problem's item");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        checks,
    )
}

fn named<'a>(checks: &'a [serde_json::Value], name: &str) -> &'a serde_json::Value {
    (checks.iter())
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no check {name} in {checks:?}"))
}

#[test]
fn a_plan_that_misses_a_bound_is_written_with_warnings_and_verify_wants_a_reason() {
    let root = scratch();
    let dir = root.path().join("problems").join(PROBLEM);
    std::fs::copy(
        repo().join("problems").join(PROBLEM).join("statement.md"),
        dir.join("statement.md"),
    )
    .expect("copy statement.md");
    edit_manifest(root.path(), only_the_minimum);

    // Written all the same (the samples and the one test), each missed bound named.
    let out = testdata(root.path(), false).success();
    let stderr = stderr_of(&out);
    for (quantity, max) in MISSED {
        let warning =
            format!("warning: {PROBLEM}: the test plan never reaches {quantity} max = {max};");
        assert!(
            stderr.contains(&warning),
            "{warning:?} expected in:\n{stderr}"
        );
    }
    assert!(!stderr.contains(" min = "), "{stderr}");
    let written = snapshot(&root.path().join("testdata").join(PROBLEM));
    assert_eq!(written.len(), 4, "the sample and the one test: {written:?}");

    // --check and verify fail on them.
    let out = testdata(root.path(), true).code(1);
    assert!(stderr_of(&out).contains("error: misere-nim: the test plan never reaches N max = 47"));
    let (code, stdout, checks) = verify(root.path());
    assert_eq!(code, Some(1), "{stdout}");
    let bounds = named(&checks, "bounds");
    assert_eq!(bounds["ok"], false, "{bounds}");
    let detail = bounds["detail"].as_str().expect("detail");
    assert!(detail.contains("never reached: A_i max (4747)"), "{detail}");

    // Declared unreached with a reason, they pass, and the reasons are shown.
    let path = manifest_path(root.path());
    let mut text = std::fs::read_to_string(&path).expect("read");
    text.push_str("\n[unreached]\n");
    for (quantity, _) in MISSED {
        text.push_str(&format!(
            "\"{quantity} max\" = \"the large group is not written yet\"\n"
        ));
    }
    std::fs::write(&path, text).expect("write");
    let out = testdata(root.path(), true).success();
    assert!(
        stdout_of(&out).contains("T max (474) left unreached: the large group is not written yet"),
        "{}",
        stdout_of(&out)
    );
    let (code, stdout, checks) = verify(root.path());
    assert_eq!(code, Some(0), "{stdout}");
    let detail = named(&checks, "bounds")["detail"].as_str().expect("detail");
    assert!(detail.contains("3 left unreached on purpose"), "{detail}");
}

#[test]
fn a_bad_unreached_declaration_names_file_line_and_column() {
    let cases = [
        (
            "\"M max\" = \"no such quantity\"",
            "the problem constrains no quantity \"M\"",
        ),
        ("\"N max\" = \"  \"", "the reason is empty"),
        (
            "\"N most\" = \"a reason\"",
            "\"QUANTITY min\" or \"QUANTITY max\"",
        ),
        ("\"N max\" = 3", "invalid type"),
    ];
    for (entry, expect) in cases {
        let root = scratch();
        edit_manifest(root.path(), |text| {
            format!("{text}\n[unreached]\n{entry}\n")
        });
        let line = std::fs::read_to_string(manifest_path(root.path()))
            .expect("read")
            .lines()
            .count();
        let out = testdata(root.path(), false).code(1);
        let stderr = stderr_of(&out);
        let at = format!("problem.toml:{line}:");
        assert!(
            stderr.contains(&at) && stderr.contains(expect),
            "{at} and {expect:?} expected in:\n{stderr}"
        );
        assert!(!root.path().join("testdata").join(PROBLEM).exists());
    }
    // A bound the plan does reach is a stale declaration: --check fails, naming its line.
    let root = scratch();
    testdata(root.path(), false).success();
    edit_manifest(root.path(), |text| {
        format!("{text}\n[unreached]\n\"N max\" = \"slow\"\n")
    });
    let line = std::fs::read_to_string(manifest_path(root.path()))
        .expect("read")
        .lines()
        .count();
    let out = testdata(root.path(), true).code(1);
    let stderr = stderr_of(&out);
    assert!(
        stderr.contains(&format!(
            "problem.toml:{line}:11: [unreached] \"N max\": the test plan reaches this bound"
        )),
        "{stderr}"
    );
}

#[test]
fn identical_tests_are_a_plan_error() {
    // The same group twice under another name: same seeds, same parameters, same inputs.
    assert_rejected_and_untouched(
        |text| {
            let first_group = text.find("[[group]]").expect("groups");
            let rest = &text[first_group..];
            let end = rest[1..].find("[[group]]").map_or(rest.len(), |i| i + 1);
            let group = &rest[..end];
            let name_line = group
                .lines()
                .find(|l| l.starts_with("name = "))
                .expect("name");
            let copy = group.replace(name_line, "name = \"copy\"");
            format!("{text}\n{copy}")
        },
        "has the same input as",
    );
}

#[test]
fn unknown_problems_are_usage_errors() {
    let root = scratch();
    Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["testdata", "--root"])
        .arg(root.path())
        .arg("no-such-problem")
        .assert()
        .code(2);
}

#[test]
fn a_missing_manifest_is_reported() {
    let root = tempfile::tempdir().expect("temp dir");
    let out = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["testdata", "--check", "--root"])
        .arg(root.path())
        .arg(PROBLEM)
        .assert()
        .code(1);
    assert!(stderr_of(&out).contains("problem.toml: cannot read"));
}
