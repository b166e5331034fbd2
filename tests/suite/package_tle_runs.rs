//! How `verify` runs a 2025-09 package's submissions that may time out, through the real
//! binary: a test's verdict is about the time limit, so once a submission has timed out at
//! the higher limit (limit × `time_limit_to_tle`, as its `required: [TLE]` asks) its other
//! tests stop at the time limit itself; `permitted` is judged at the time limit (a run still
//! going there is TLE, whatever it does later), `required: [TLE]` at the higher limit.

use std::path::Path;

use super::package_2025::item;
use super::package_cli::{text, verify};
use super::package_fixtures::write;

/// The time limit of `slow`, in seconds. Small, so that the wall-clock limit of a run (twice
/// its CPU limit and a second) leaves even a loaded machine's share of a core time to reach it.
pub const LIMIT: f64 = 0.1;

/// `slow`'s `time_limit_to_tle`: twice the default 1.5, so that a run stopped at the time limit
/// (plus the runner's reaction time, which grows on a loaded machine: 0.126 s was seen) and a
/// run taken on to the higher limit (0.3 s) lie far apart.
pub const TO_TLE: f64 = 3.0;

/// Halfway between the time limit and the higher limit, in CPU seconds: a run stopped at the
/// time limit ends below it, one taken to the higher limit ends above it.
pub const MIDWAY: f64 = LIMIT * (1.0 + TO_TLE) / 2.0;

/// `slow` (2025-09): print 2n, with a fixed time limit of 0.1 s, four tests (n = 1..4), and
/// `extra` submissions besides an accepted one.
pub fn slow(root: &Path, extra: &[(&str, &str)]) {
    write(
        root,
        &[
            (
                "problem.yaml",
                &format!(
                    "problem_format_version: 2025-09\nname: Slow\n\
                     uuid: 3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f\nlimits:\n  \
                     time_limit: {LIMIT}\n  time_multipliers:\n    time_limit_to_tle: {TO_TLE}\n"
                ),
            ),
            ("data/sample/1.in", "1\n"),
            ("data/sample/1.ans", "2\n"),
            ("data/secret/2.in", "2\n"),
            ("data/secret/2.ans", "4\n"),
            ("data/secret/3.in", "3\n"),
            ("data/secret/3.ans", "6\n"),
            ("data/secret/4.in", "4\n"),
            ("data/secret/4.ans", "8\n"),
            (
                "input_validators/validate.py",
                "import sys\nline = sys.stdin.read()\n\
                 sys.exit(42 if line.strip().isdigit() and line.endswith('\\n') else 43)\n",
            ),
            (
                "submissions/accepted/twice.c",
                "#include <stdio.h>\nint main(void){long n; if(scanf(\"%ld\",&n)!=1) return 1; \
                 printf(\"%ld\\n\", 2*n); return 0;}\n",
            ),
        ],
    );
    write(root, extra);
}

/// A C program that reads n, burns `seconds` of CPU time when `when` holds, then does
/// `then`, and else prints 2n.
fn burner(when: &str, seconds: f64, then: &str) -> String {
    format!(
        "#include <stdio.h>\n#include <time.h>\nint main(void){{long n; \
         if(scanf(\"%ld\",&n)!=1) return 1; if({when}){{ \
         while((double)clock()/CLOCKS_PER_SEC < {seconds}); {then} }} \
         printf(\"%ld\\n\", 2*n); return 0;}}\n"
    )
}

/// `verify slow --jobs 1`: the submission's (ok, verdict detail, every check) and each of its
/// tests' (verdict, CPU seconds).
fn judged(dir: &Path, submission: &str) -> ((bool, String, String), Vec<(String, f64)>) {
    let (output, document) = verify(dir, &["slow", "--jobs", "1"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    let id = format!("slow/submissions/{submission}");
    let found = item(&document, &id, "verdict");
    let items = document["items"].as_array().expect("items");
    let runs = (items.iter().find(|i| i["id"] == id.as_str()))
        .and_then(|i| i["runs"]["tests"].as_array())
        .unwrap_or_else(|| panic!("no runs of {id}:\n{said}"))
        .iter()
        .map(|t| {
            (
                t["verdict"].as_str().unwrap_or("").to_string(),
                t["time_s"].as_f64().unwrap_or(0.0),
            )
        })
        .collect();
    (found, runs)
}

#[test]
fn once_a_submission_timed_out_at_the_higher_limit_its_other_tests_stop_at_the_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    slow(
        &dir.path().join("slow"),
        &[(
            "submissions/time_limit_exceeded/spin.c",
            "int main(void){volatile unsigned long x = 0; for(;;) x++;}\n",
        )],
    );
    let ((ok, detail, all), runs) = judged(dir.path(), "time_limit_exceeded/spin.c");
    assert!(ok, "{all}");
    assert!(detail.starts_with("TLE"), "{detail}");
    assert_eq!(runs.len(), 4, "{runs:?}");
    assert!(runs.iter().all(|(verdict, _)| verdict == "TLE"), "{runs:?}");
    // One at a time (--jobs 1): the first ran on to the higher limit (0.3 s, or the
    // wall-clock limit on a loaded machine), the others were stopped at 0.1 s of CPU time.
    for (verdict, seconds) in &runs[1..] {
        assert!(*seconds < MIDWAY, "{verdict} after {seconds} s: {runs:?}");
    }
}

#[test]
fn a_test_still_running_at_the_time_limit_is_tle_whatever_it_does_later() {
    let dir = tempfile::tempdir().expect("tempdir");
    // On test 1 it burns 0.2 s (over the limit of 0.1 s, under the higher one of 0.3 s) and
    // then crashes; on the others it spins. Every test is TLE at the time limit, and the
    // spins reach the higher limit: what time_limit_exceeded/ asks.
    slow(
        &dir.path().join("slow"),
        &[(
            "submissions/time_limit_exceeded/late_crash.c",
            &burner("1", MIDWAY, "if (n == 1) return 3; for(;;);"),
        )],
    );
    let ((ok, detail, all), runs) = judged(dir.path(), "time_limit_exceeded/late_crash.c");
    assert!(ok, "{all}\n{runs:?}");
    assert!(detail.starts_with("TLE"), "{detail}");
    assert!(runs.iter().all(|(verdict, _)| verdict == "TLE"), "{runs:?}");
}

#[test]
fn a_submission_that_never_reaches_the_higher_limit_breaks_required_tle() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 0.2 s on every test and then the right answer: TLE at the time limit everywhere, but
    // accepted at the higher limit, so it never times out as time_limit_exceeded/ requires.
    slow(
        &dir.path().join("slow"),
        &[(
            "submissions/time_limit_exceeded/just_over.c",
            &burner("1", MIDWAY, ""),
        )],
    );
    let ((ok, detail, all), runs) = judged(dir.path(), "time_limit_exceeded/just_over.c");
    assert!(!ok, "{all}\n{runs:?}");
    assert!(detail.contains("requires TLE"), "{detail}");
    // No test was cut short at the time limit: without a timeout at the higher limit every
    // test runs up to it.
    assert!(runs.iter().all(|(_, seconds)| *seconds > LIMIT), "{runs:?}");
}
