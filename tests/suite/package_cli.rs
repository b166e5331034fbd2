//! Running the real binary on a Kattis package in a test: one compile cache for every package
//! test, and `verify --json` read back.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;

/// A compile cache shared by the package tests (and kept between runs).
pub fn shared_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("package-cache")
}

/// `stonejudge` run in `dir`, with the shared compile cache.
pub fn stonejudge(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("stonejudge").expect("binary");
    cmd.current_dir(dir).env("STONEJUDGE_CACHE", shared_cache());
    cmd
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `verify ARGS... --json`: the output and the JSON document.
pub fn verify(dir: &Path, args: &[&str]) -> (Output, Value) {
    let json = dir.join("verify.json");
    let output = stonejudge(dir)
        .arg("verify")
        .args(args)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run verify");
    let document = std::fs::read_to_string(&json).unwrap_or_else(|_| {
        panic!(
            "no JSON; stdout:\n{}\nstderr:\n{}",
            text(&output.stdout),
            text(&output.stderr)
        )
    });
    (output, serde_json::from_str(&document).expect("JSON"))
}
