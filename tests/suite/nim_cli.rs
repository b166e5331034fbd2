//! `stonejudge judge nim` on a test directory, with its JSON report in that directory: how the
//! confinement tests here and the memory cgroup tests of `tests/tools` run the real binary.

use std::path::Path;
use std::process::Command;

/// `stonejudge judge nim --tests DIR --json DIR/report.json FLAGS -- PROGRAM MODE token`.
pub fn judge_nim(dir: &Path, flags: &[&str], program: &Path, mode: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_stonejudge"));
    command
        .args(["judge", "nim", "--tests"])
        .arg(dir)
        .arg("--json")
        .arg(dir.join("report.json"))
        .args(flags)
        .arg("--")
        .arg(program)
        .args([mode, "token"]);
    command
}
