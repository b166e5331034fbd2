//! `export --format sinol`: a problem of this repository's archive written as a sinol-make
//! package that stonejudge reads back and verifies; what it cannot write is refused.

use std::path::Path;

use super::package_cli::{stonejudge, text, verify};

/// `export PROBLEM --format sinol --out DIR ARGS...` from this repository's archive.
fn export(problem: &str, out: &Path, args: &[&str]) -> std::process::Output {
    stonejudge(out.parent().expect("parent"))
        .args(["export", problem, "--format", "sinol", "--out"])
        .arg(out)
        .args(["--root", env!("CARGO_MANIFEST_DIR")])
        .args(args)
        .output()
        .expect("run export")
}

#[test]
fn an_exported_problem_is_a_package_verify_accepts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("tak");
    let output = export("take-1-3-4", &out, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let config = std::fs::read_to_string(out.join("config.yml")).expect("config.yml");
    assert!(config.contains("sinol_task_id: tak\n"), "{config}");
    // Eight groups share 100 points, the remainder to the last.
    assert!(
        config.contains("  1: 12\n") && config.contains("  8: 16\n"),
        "{config}"
    );
    for file in [
        "in/tak0a.in",
        "out/tak0a.out",
        "in/tak2c.in",
        "prog/tak.cpp",
        "prog/takingen.sh",
        "doc/takzad.md",
    ] {
        assert!(out.join(file).is_file(), "no {file}");
    }
    // The wrong solution's points are not known without running it: named as left out.
    assert!(text(&output.stderr)
        .contains("parity.cpp: its points per group are known only by running it"));
    let (output, document) = verify(dir.path(), &["tak"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let ingen = document["items"][0]["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .find(|c| c["name"] == "ingen")
        .expect("ingen check");
    assert_eq!(ingen["detail"], "16 inputs made again, the same");
}

#[test]
fn what_the_export_cannot_write_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let output = export("nim", &dir.path().join("nim"), &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("nim: it accepts more than one answer"));
    let output = export("take-1-3-4", &dir.path().join("t"), &["--task-id", "AB"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--task-id \"AB\": a task id is three lowercase letters"));
    assert!(!dir.path().join("nim").exists() && !dir.path().join("t").exists());
}
