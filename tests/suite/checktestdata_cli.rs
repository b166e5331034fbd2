//! `stonejudge checktestdata`: the native checktestdata engine through the binary, its exit
//! codes and positions, and every checktestdata script our Kattis export writes checked
//! against the archive's test data (all accepted) and against broken copies of it (rejected,
//! as our strict validator rejects them).

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use stonejudge::catalog::portable;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stonejudge() -> Command {
    let mut cmd = Command::cargo_bin("stonejudge").expect("binary");
    cmd.current_dir(repo());
    cmd
}

/// `checktestdata SCRIPT` on `input` (standard input): the exit code and standard error.
fn ctd(script: &Path, input: &[u8], flags: &[&str]) -> (Option<i32>, String) {
    let output = stonejudge()
        .arg("checktestdata")
        .arg(script)
        .args(flags)
        .write_stdin(input)
        .output()
        .expect("run checktestdata");
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), err)
}

fn script(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("format.ctd");
    std::fs::write(&path, text).expect("write the script");
    path
}

#[test]
fn exit_codes_and_positions_are_the_input_s_or_the_script_s() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = script(
        dir.path(),
        "INT(1, 9, n) NEWLINE\nREP(n, SPACE)\n  INT(1, 9)\nEND NEWLINE\n",
    );
    assert_eq!(ctd(&path, b"2\n3 4\n", &[]), (Some(0), String::new()));
    let (code, err) = ctd(&path, b"2\n3  4\n", &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("<stdin>:2:3: expected an integer, found space (script ")
            && err.contains(":3:3)"),
        "{err}"
    );
    let (code, err) = ctd(&path, b"2\n3 4", &[]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("2:4: expected NEWLINE, found end of file"),
        "{err}"
    );
    // --whitespace-ok, as DOMjudge's: blanks around, runs of them for SPACE.
    assert_eq!(
        ctd(&path, b" 2 \n3 \t 4 \n", &["--whitespace-ok"]).0,
        Some(0)
    );
    // A file argument instead of standard input.
    let input = dir.path().join("in.txt");
    std::fs::write(&input, "10\n").expect("write");
    let output = stonejudge()
        .arg("checktestdata")
        .arg(&path)
        .arg(&input)
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        err.contains("in.txt:1:1: integer 10 is out of range [1, 9]"),
        "{err}"
    );
    // A broken script: exit 2 at the script's line:col.
    let broken = script(dir.path(), "INT(1, 9)\nREP(2\nEND\n");
    let (code, err) = ctd(&broken, b"1\n", &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("format.ctd:3:1: expected `)`, found `END`"),
        "{err}"
    );
    let endless = script(dir.path(), "WHILE(1 == 1) END");
    let (code, err) = ctd(&endless, b"", &["--time-limit", "0.3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("time limit"), "{err}");
}

/// Our strict validator's verdict on `input`.
fn we_accept(problem: &str, input: &[u8]) -> bool {
    let output = stonejudge()
        .args(["validate", problem])
        .write_stdin(input)
        .output()
        .expect("validate");
    output.status.success()
}

/// Every problem with test data: the exported checktestdata script accepts all its inputs, and
/// rejects what our strict validator rejects: a blank before the first newline, a missing
/// final newline, a leading zero, an extra empty line.
#[test]
fn every_exported_script_accepts_the_test_data_and_rejects_broken_copies() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let mut problems: Vec<String> = std::fs::read_dir(repo().join("testdata"))
        .expect("testdata/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    problems.sort();
    assert!(problems.len() >= 10, "{problems:?}");
    for problem in &problems {
        let found = stonejudge::catalog::resolve(problem, &repo()).expect("in the archive");
        let text = portable::input_validator(&*found.catalog().expect("in-process tools"))
            .unwrap_or_else(|e| panic!("{problem}: {e}"));
        let path = scratch.path().join(format!("{problem}.ctd"));
        std::fs::write(&path, &text).expect("write the script");
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(repo().join("testdata").join(problem))
            .expect("the problem's test data")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        assert!(!inputs.is_empty(), "{problem}");
        for input in &inputs {
            let output = stonejudge()
                .arg("checktestdata")
                .arg(&path)
                .arg(input)
                .output()
                .expect("run");
            let err = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(0),
                "{problem} {}: {err}",
                input.display()
            );
        }
        let input = std::fs::read_to_string(&inputs[0]).expect("an input");
        let first_line_end = input.find('\n').expect("a line");
        let broken = [
            format!(
                "{} \n{}",
                &input[..first_line_end],
                &input[first_line_end + 1..]
            ),
            input.trim_end().to_string(),
            format!("0{input}"),
            format!("{input}\n"),
        ];
        for bad in &broken {
            assert!(
                !we_accept(problem, bad.as_bytes()),
                "{problem}: our validator accepts {bad:?}"
            );
            let (code, err) = ctd(&path, bad.as_bytes(), &[]);
            assert_eq!(code, Some(1), "{problem}: the script on {bad:?}: {err}");
            assert!(err.starts_with("<stdin>:"), "{err}");
        }
    }
}
