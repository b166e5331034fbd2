//! What a newcomer reads in the first hour: full failure messages, an empty output named as
//! such, one wording for bad numbers on every command, the `--` tip, hints and examples in
//! `--help`, and errors that say what was meant.

use std::io::Write;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::watched;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `stonejudge ARGS` from the repository root: exit code, stdout, stderr.
fn stonejudge(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .current_dir(repo())
        .args(args)
        .output()
        .expect("run stonejudge");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Words of `text`, whitespace-normalised.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn judge_prints_the_first_failing_message_in_full_under_the_table() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let json = scratch.path().join("report.json");
    let program = repo().join("problems/stripes/solutions/wrong_answer/grundy_u8.cpp");
    let (code, out, err) = stonejudge(&[
        "judge",
        "stripes",
        "--json",
        path(&json),
        "--",
        path(&program),
    ]);
    assert_eq!(code, Some(1), "{err}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    let first = report["tests"]
        .as_array()
        .and_then(|tests| tests.iter().find(|t| t["verdict"] != "AC"))
        .expect("a failing test");
    let message = first["message"].as_str().expect("message");
    assert!(message.len() > 80, "too short to have been cut: {message}");
    let heading = format!("test {} (WA):", first["test"].as_str().expect("name"));
    let below: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(words(&below.join("\n")), words(message), "{out}");
    assert!(
        below.iter().all(|l| l.len() <= 100),
        "not wrapped: {below:?}"
    );
}

/// A test directory with the Stripes sample as test `01`.
fn sample_tests() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let input = "1 5 1\n3\n1\n5\n6\n";
    std::fs::write(dir.path().join("01.in"), input).expect("write input");
    std::fs::write(dir.path().join("01.ans"), "1\n1\n2\n").expect("write answer");
    dir
}

#[test]
fn an_empty_output_is_named_as_such() {
    let tests = sample_tests();
    let silent = tests.path().join("silent.py");
    std::fs::write(&silent, "pass\n").expect("write program");
    let (code, out, err) = stonejudge(&[
        "judge",
        "stripes",
        "--tests",
        path(tests.path()),
        "--",
        path(&silent),
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        out.contains("PE")
            && out.contains("the program printed nothing (expected 1 or 2 for board 1)"),
        "{out}"
    );
    // One test: no "1 tests".
    assert!(out.contains("stripes: 0 of 1 test AC; 1 PE"), "{out}");
}

#[test]
fn judge_suggests_the_test_name_with_its_leading_zero() {
    let tests = sample_tests();
    let (code, _, err) = stonejudge(&[
        "judge",
        "stripes",
        "--tests",
        path(tests.path()),
        "--test",
        "1",
        "--",
        "true",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("there is no 1.in in") && err.contains("(did you mean 01?)"),
        "{err}"
    );
}

#[test]
fn a_source_in_an_unsupported_language_is_named_as_one() {
    let tests = sample_tests();
    let ruby = tests.path().join("a.rb");
    std::fs::write(&ruby, "puts 1\n").expect("write source");
    let (code, _, err) = stonejudge(&[
        "judge",
        "stripes",
        "--tests",
        path(tests.path()),
        "--",
        path(&ruby),
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("unsupported source type .rb"), "{err}");
    assert!(!err.contains("chmod"), "{err}");
}

#[test]
fn result_paths_are_checked_before_any_work() {
    let tests = sample_tests();
    let (code, out, err) = stonejudge(&[
        "judge",
        "stripes",
        "--tests",
        path(tests.path()),
        "--json",
        "/nonexistent/report.json",
        "--",
        "true",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "judged anyway: {out}");
    assert!(
        err.contains("--json /nonexistent/report.json: there is no directory /nonexistent"),
        "{err}"
    );
    let (code, out, err) = stonejudge(&["verify", "--json", "/nonexistent/v.json"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "verified anyway: {out}");
    assert!(err.contains("--json /nonexistent/v.json"), "{err}");
}

#[test]
fn bad_numbers_get_the_same_words_on_every_command() {
    let cases: &[&[&str]] = &[
        &["stress", "stripes", "--memory-limit", "0", "--", "true"],
        &["stress", "stripes", "--memory-limit", "-1", "--", "true"],
        &["judge", "stripes", "--memory-limit", "0", "--", "true"],
        &["stress", "stripes", "--cases", "0", "--", "true"],
        &["stress", "stripes", "-j", "0", "--", "true"],
        &["judge", "stripes", "--jobs", "-3", "--", "true"],
        &["testdata", "--check", "-j", "0"],
        &["verify", "-j", "0"],
        &[
            "export", "stripes", "--format", "kattis", "--out", "x", "-j", "0",
        ],
        &["grundy", "nim", "--upto", "5", "--threads", "0"],
    ];
    for args in cases {
        let (code, _, err) = stonejudge(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("must be at least 1"), "{args:?}: {err}");
        assert!(
            !err.contains("'-- -"),
            "{args:?}: clap's tip for dashes: {err}"
        );
    }
    let (code, _, err) = stonejudge(&["gen", "stripes", "--seed", "-1"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("must be at least 0"), "{err}");
    let (code, _, err) = stonejudge(&["stress", "stripes", "--time-limit", "-1", "--", "true"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("must be more than 0 seconds"), "{err}");
}

#[test]
fn a_program_before_the_double_dash_gets_a_tip() {
    let (code, _, err) = stonejudge(&["judge", "stripes", "good.cpp"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(
            "put the program and its arguments after `--`: stonejudge judge stripes -- good.cpp"
        ),
        "{err}"
    );
    let (code, _, err) = stonejudge(&["stress", "stripes"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("after `--`"), "{err}");
}

#[test]
fn grundy_suggests_period_for_a_large_periodic_candidate() {
    let (code, out, err) = stonejudge(&["grundy", "subtraction:1,2", "--upto", "1000000"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("0 1 2 0 1 2"),
        "{}",
        &out[..20.min(out.len())]
    );
    assert!(err.contains("--period proves a period"), "{err}");
    let (_, _, err) = stonejudge(&["grundy", "subtraction:1,2", "--upto", "1000000", "--period"]);
    assert!(!err.contains("hint"), "{err}");
    let (_, _, err) = stonejudge(&["grundy", "subtraction:1,2", "--upto", "1000"]);
    assert!(!err.contains("hint"), "{err}");
}

#[test]
fn generator_parameters_are_listed_and_named_when_one_is_unknown() {
    let (code, out, err) = stonejudge(&["gen", "stripes", "--help"]);
    assert_eq!(code, Some(0), "{err}");
    for line in [
        "mode       random | max | min | short | equal | wide | all (default random)",
        "max_p      1..=999",
        "max_len    1..=1000",
        "m          1..=1000",
    ] {
        assert!(out.contains(line), "{line:?} missing:\n{out}");
    }
    let (code, _, err) = stonejudge(&["gen", "stripes", "--seed", "1", "--param", "max_q=3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--param max_q: unknown parameter")
            && err.contains("stripes takes mode, max_p, max_len, m"),
        "{err}"
    );
}

#[test]
fn every_command_shows_an_example_in_its_help() {
    for command in [
        "list", "solve", "brute", "grundy", "gen", "validate", "check", "testdata", "judge",
        "stress", "verify", "export",
    ] {
        for flag in ["-h", "--help"] {
            let (code, out, _) = stonejudge(&[command, flag]);
            assert_eq!(code, Some(0), "{command} {flag}");
            assert!(
                out.contains("Example") && out.contains(&format!("  stonejudge {command}")),
                "{command} {flag}:\n{out}"
            );
        }
    }
}

#[test]
fn a_partition_beyond_the_items_is_an_error() {
    let (code, out, err) = stonejudge(&["verify", "--partition", "500/500"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("--partition 500/500: part 500 of 500 has no item, as there are only "),
        "{err}"
    );
}

#[test]
fn solve_reads_standard_input_from_a_dash() {
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["solve", "stripes", "-"])
        .write_stdin("1 5 1\n3\n1\n5\n6\n")
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n1\n2\n");
}

#[test]
fn validate_rejects_an_early_error_without_holding_a_huge_input() {
    // Line 3 is wrong; 256 MiB follow, which validate never needs to read.
    let feed = |stdin: &mut dyn Write| {
        if stdin.write_all(b"1\n2\n1 x\n").is_err() {
            return;
        }
        let chunk = vec![b'7'; 1 << 20];
        for _ in 0..256 {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
    };
    let run = watched::run(&["validate", "nim"], feed, None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.starts_with("<stdin>:3:3: "), "{}", run.stderr);
    assert!(run.peak_kib < 64 * 1024, "peak RSS {} KiB", run.peak_kib);
}
