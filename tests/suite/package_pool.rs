//! How `verify` shares the machine among a package's submissions once the time limit is set,
//! through the real binary: every submission left is judged in one pool of `--jobs` runs, a
//! submission's first run that may settle its `required: [TLE]` goes before any second run of
//! the same submission to the higher limit, and a legacy or 2023-07 submission still runs only
//! the tests Kattis' rules run, in order.

use serde_json::Value;

use super::package_2025::item;
use super::package_cli::verify;
use super::package_tle_runs::{slow, MIDWAY};

/// A C program that spins for ever.
const SPIN: &str = "int main(void){volatile unsigned long x = 0; for(;;) x++;}\n";

/// Each test's (verdict, CPU seconds) of the submission item `id` of `document`.
fn runs_of(document: &Value, id: &str) -> Vec<(String, f64)> {
    let items = document["items"].as_array().expect("items");
    (items.iter().find(|i| i["id"] == id))
        .and_then(|i| i["runs"]["tests"].as_array())
        .unwrap_or_else(|| panic!("no runs of {id} in {document:#}"))
        .iter()
        .map(|t| {
            let verdict = t["verdict"].as_str().unwrap_or("").to_string();
            (verdict, t["time_s"].as_f64().unwrap_or(0.0))
        })
        .collect()
}

#[test]
fn two_spinning_submissions_each_run_one_test_to_the_higher_limit_on_two_jobs() {
    let dir = tempfile::tempdir().expect("tempdir");
    slow(
        &dir.path().join("slow"),
        &[
            ("submissions/time_limit_exceeded/spin.c", SPIN),
            ("submissions/time_limit_exceeded/spin_too.c", SPIN),
        ],
    );
    let (_, document) = verify(dir.path(), &["slow", "--jobs", "2"]);
    for name in ["spin.c", "spin_too.c"] {
        let id = format!("slow/submissions/time_limit_exceeded/{name}");
        let (ok, detail, all) = item(&document, &id, "verdict");
        assert!(ok && detail.starts_with("TLE"), "{id}: {all}");
        let runs = runs_of(&document, &id);
        assert_eq!(runs.len(), 4, "{runs:?}");
        assert!(runs.iter().all(|(verdict, _)| verdict == "TLE"), "{runs:?}");
        // Two jobs, two submissions: each job took one submission's first test on to the
        // higher limit (0.3 s, or the wall-clock limit on a loaded machine), and that
        // settled both, so every other run stopped at the time limit; before the pool, the
        // two jobs ran two tests of the same submission to the higher limit.
        let past_limit = runs.iter().filter(|(_, seconds)| *seconds > MIDWAY);
        assert!(past_limit.count() <= 1, "{id}: {runs:?}");
    }
}

#[test]
fn a_2023_07_submission_in_the_pool_still_stops_at_its_first_rejected_test() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("slow");
    slow(&root, &[]);
    std::fs::remove_dir_all(root.join("submissions")).expect("remove 2025-09 submissions");
    let twice = "#include <stdio.h>\nint main(void){long n; scanf(\"%ld\",&n); \
                 printf(\"%ld\\n\", 2*n); return 0;}\n";
    // Wrong from test 3 on (n = 3): its rows end there, as Kattis' rules judge it.
    let wrong = "#include <stdio.h>\nint main(void){long n; scanf(\"%ld\",&n); \
                 printf(\"%ld\\n\", n < 3 ? 2*n : n); return 0;}\n";
    super::package_fixtures::write(
        &root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07\nname: Slow\n\
                 uuid: 3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f\nlimits:\n  time_limit: 0.1\n",
            ),
            ("submissions/accepted/twice.c", twice),
            ("submissions/time_limit_exceeded/spin.c", SPIN),
            ("submissions/wrong_answer/late.c", wrong),
        ],
    );
    let (_, document) = verify(dir.path(), &["slow", "--jobs", "2"]);
    for (name, verdict, ran) in [
        ("time_limit_exceeded/spin.c", "TLE", 1),
        ("wrong_answer/late.c", "WA", 3),
    ] {
        let id = format!("slow/submissions/{name}");
        let (ok, detail, all) = item(&document, &id, "verdict");
        assert!(ok && detail.starts_with(verdict), "{id}: {all}");
        let runs = runs_of(&document, &id);
        assert_eq!(runs.len(), ran, "{id}: {runs:?}");
        assert_eq!(
            runs.last().map(|(v, _)| v.as_str()),
            Some(verdict),
            "{runs:?}"
        );
    }
}
