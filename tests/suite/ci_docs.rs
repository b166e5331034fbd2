//! `stonejudge new` and docs/ci.md: a problem made by `new` passes `testdata` and `verify` at
//! once, and the `stonejudge` command lines of the CI workflows in docs/ci.md, with their
//! matrix variables filled in, run on it: every partition passes, keeps its JSON report, and
//! the partitions together cover every item exactly once.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs a command line of docs/ci.md (words split on spaces) in `dir`.
fn run_line(dir: &Path, line: &str) -> (Option<i32>, String) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "stonejudge", "{line}");
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .current_dir(dir)
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("ci-docs-cache"),
        )
        .args(&words[1..])
        .output()
        .expect("run stonejudge");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), text)
}

/// The lines of docs/ci.md that run stonejudge, without a YAML list's `- `.
fn documented() -> Vec<String> {
    let text = std::fs::read_to_string(repo().join("docs/ci.md")).expect("docs/ci.md");
    text.lines()
        .map(|l| {
            l.trim()
                .trim_start_matches("- run: ")
                .trim_start_matches("- ")
        })
        .filter(|l| l.starts_with("stonejudge "))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_new_problem_passes_and_the_documented_ci_commands_run_on_it() {
    let root = tempfile::tempdir().expect("temp dir");
    let (code, out) = run_line(root.path(), "stonejudge new demo");
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("next: stonejudge testdata demo && stonejudge verify"),
        "{out}"
    );
    let (code, out) = run_line(root.path(), "stonejudge new demo");
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("already exists"), "{out}");
    let (code, out) = run_line(root.path(), "stonejudge testdata demo");
    assert_eq!(code, Some(0), "{out}");

    let lines = documented();
    let matrix: Vec<&String> = (lines.iter())
        .filter(|l| l.contains("--partition") && l.contains("${"))
        .collect();
    assert_eq!(matrix.len(), 2, "{lines:?}");
    for line in matrix {
        let mut covered: Vec<String> = Vec::new();
        for part in 1..=4 {
            let filled = line
                .replace("${{ matrix.part }}", &part.to_string())
                .replace("${CI_NODE_INDEX}", &part.to_string())
                .replace("${CI_NODE_TOTAL}", "4");
            let (code, out) = run_line(root.path(), &filled);
            assert_eq!(code, Some(0), "{filled}:\n{out}");
            let report: Value = serde_json::from_str(
                &std::fs::read_to_string(root.path().join(format!("verify-{part}.json")))
                    .expect("the report is kept"),
            )
            .expect("json");
            assert_eq!(report["failed"], 0, "{report}");
            for item in report["items"].as_array().expect("items") {
                covered.push(item["id"].as_str().expect("id").to_string());
            }
        }
        covered.sort();
        assert_eq!(
            covered,
            [
                "demo",
                "demo/solutions/accepted/sol.cpp",
                "demo/solutions/accepted/sol.py",
                "demo/solutions/wrong_answer/parity.py",
                "registry"
            ],
            "{line}"
        );
    }
    for line in lines.iter().filter(|l| !l.contains("--partition")) {
        let (code, out) = run_line(root.path(), line);
        assert_eq!(code, Some(0), "{line}:\n{out}");
    }
}
