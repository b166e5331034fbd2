//! `verify` on a terminal shows what it is doing: the item under way, the step the library
//! names (deriving the time limit), and a bar of runs done of those planned, on standard
//! error, cleared as each item ends; with no terminal it draws nothing. The terminal is
//! `script`'s (util-linux), as a user's would be.

use std::process::Command;

use super::package_cli::{shared_cache, stonejudge, text};
use super::package_fixtures::double;

/// Whether `script` (util-linux) can give a command a terminal here.
fn script_runs() -> bool {
    Command::new("script")
        .args(["-qfc", "true", "/dev/null"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn verify_on_a_terminal_draws_the_step_and_the_runs() {
    // Never a silent pass: without `script` the test fails and says what to install.
    assert!(
        script_runs(),
        "script (util-linux) is needed to give verify a terminal: install util-linux"
    );
    let dir = tempfile::tempdir().expect("tempdir");
    double(&dir.path().join("double"));
    let binary = assert_cmd::cargo::cargo_bin("stonejudge");
    let log = dir.path().join("terminal.log");
    // Standard output to a file: the log holds only what is drawn on the terminal.
    let command = format!(
        "'{}' verify double > '{}' </dev/null",
        binary.display(),
        dir.path().join("table.txt").display()
    );
    let run = Command::new("script")
        .args(["-qfc", &command])
        .arg(&log)
        .current_dir(dir.path())
        .env("STONEJUDGE_CACHE", shared_cache())
        .env("TERM", "xterm")
        .output()
        .expect("run script");
    assert!(run.status.success(), "{}", text(&run.stderr));
    let drawn = std::fs::read_to_string(&log).expect("log");
    assert!(drawn.contains("[1/"), "no item number drawn: {drawn}");
    assert!(
        drawn.contains("deriving the time limit"),
        "no step drawn: {drawn}"
    );
    assert!(drawn.contains(" runs ("), "no bar of runs drawn: {drawn}");
    let table = std::fs::read_to_string(dir.path().join("table.txt")).expect("table");
    assert!(table.contains("verify: "), "{table}");
    assert!(
        !table.contains(" runs ("),
        "the bar went into the table: {table}"
    );
}

#[test]
fn verify_without_a_terminal_draws_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    double(&dir.path().join("double"));
    let output = stonejudge(dir.path())
        .args(["verify", "double"])
        .output()
        .expect("run verify");
    let said = text(&output.stderr);
    assert!(!said.contains(" runs ("), "{said}");
    assert!(!said.contains("deriving"), "{said}");
}
