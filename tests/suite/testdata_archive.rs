//! The committed archive: every problem has a sound manifest and statement, every committed
//! test is valid, its answer is the reference solver's and agrees with brute force where that
//! is feasible, and `testdata --check` finds no drift.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use stonejudge::archive::{statement, Archive, Manifest};
use stonejudge::catalog::{DynProblem, CATALOG};

fn archive() -> Archive {
    Archive::new(env!("CARGO_MANIFEST_DIR"))
}

fn manifest(problem: &dyn DynProblem) -> Manifest {
    archive()
        .manifest(problem.name())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The committed tests of a problem: `(stem, input path, answer path)` in name order.
fn committed(problem: &dyn DynProblem) -> Vec<(String, PathBuf, PathBuf)> {
    let dir = archive().testdata_dir(problem.name());
    let mut stems: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            let name = e.expect("entry").file_name().to_string_lossy().into_owned();
            name.strip_suffix(".in").map(str::to_string)
        })
        .collect();
    stems.sort();
    stems
        .into_iter()
        .map(|stem| {
            let input = dir.join(format!("{stem}.in"));
            let answer = dir.join(format!("{stem}.ans"));
            (stem, input, answer)
        })
        .collect()
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_problem_has_a_manifest_with_limits_samples_and_a_plan() {
    for problem in CATALOG {
        let m = manifest(*problem);
        assert!(m.limits.time_seconds > 0.0, "{}", problem.name());
        assert!(m.limits.memory_mib >= 64, "{}", problem.name());
        assert!(!m.samples.is_empty() && !m.groups.is_empty());
        // The plan has at least one test per mode the brief requires.
        for mode in ["random", "max", "min"] {
            assert!(
                m.groups
                    .iter()
                    .any(|g| g.params.iter().any(|(k, v)| k == "mode" && v == mode)),
                "{}: no group with mode={mode}",
                problem.name()
            );
        }
    }
}

/// Every statement of the catalog's problems reads back, and shows the samples exactly (input
/// and the reference's answer), by hand or through the samples marker.
#[test]
fn every_statement_shows_its_samples_exactly() {
    for problem in CATALOG {
        let m = manifest(*problem);
        let dir = archive().problem_dir(problem.name());
        let files = statement::find(&dir, &m.statement_language).unwrap_or_else(|e| panic!("{e}"));
        for file in files {
            let path = file.path.display();
            let parsed =
                statement::parse(&read(&file.path)).unwrap_or_else(|e| panic!("{path}: {e:?}"));
            if parsed.marker.is_some() {
                assert!(
                    parsed.samples.is_empty(),
                    "{path}: samples by hand and the marker"
                );
                continue;
            }
            assert_eq!(parsed.samples.len(), m.samples.len(), "{path}");
            for (i, (shown, sample)) in parsed.samples.iter().zip(&m.samples).enumerate() {
                let answer = problem
                    .solve(sample.input.as_bytes())
                    .unwrap_or_else(|e| panic!("{}: sample {}: {e}", problem.name(), i + 1));
                assert_eq!(shown.input, sample.input, "{path}: sample {}", i + 1);
                assert_eq!(shown.output, answer, "{path}: sample {}", i + 1);
            }
        }
    }
}

#[test]
fn every_committed_input_is_valid_and_its_answer_is_the_reference() {
    for problem in CATALOG {
        let tests = committed(*problem);
        assert!(!tests.is_empty(), "{}: no committed tests", problem.name());
        for (_, input, answer) in tests {
            let input_bytes = read(&input);
            let expected = problem
                .solve(&input_bytes)
                .unwrap_or_else(|e| panic!("{}:{e}", input.display()));
            assert_eq!(
                String::from_utf8(read(&answer)).expect("UTF-8"),
                expected,
                "{} is not the reference answer",
                answer.display()
            );
        }
    }
}

#[test]
fn brute_force_agrees_on_every_committed_test_small_enough() {
    let mut checked = 0;
    for problem in CATALOG {
        let mut checked_here = 0;
        for (_, input, answer) in committed(*problem) {
            let verdict = problem
                .brute(&read(&input))
                .unwrap_or_else(|e| panic!("{}:{e}", input.display()));
            if let Ok(brute) = verdict {
                assert_eq!(
                    brute,
                    String::from_utf8(read(&answer)).expect("UTF-8"),
                    "brute force disagrees on {}",
                    input.display()
                );
                checked_here += 1;
            }
        }
        assert!(
            checked_here > 0,
            "{}: no committed test is small enough for brute force",
            problem.name()
        );
        checked += checked_here;
    }
    assert!(checked >= CATALOG.len());
}

#[test]
fn committed_testdata_has_no_drift() {
    let out = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["testdata", "--check", "--root", env!("CARGO_MANIFEST_DIR")])
        .assert();
    let output = out.get_output();
    assert!(
        output.status.success(),
        "testdata --check failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    for problem in CATALOG {
        assert!(
            stdout.contains(&format!("{}: ", problem.name())),
            "{stdout}"
        );
    }
    assert!(!stdout.contains("NOT REACHED"), "{stdout}");
}

#[test]
fn testdata_stays_small() {
    for problem in CATALOG {
        let bytes: u64 = committed(*problem)
            .iter()
            .flat_map(|(_, i, a)| [i, a])
            .map(|p| std::fs::metadata(p).expect("metadata").len())
            .sum();
        assert!(
            bytes <= 5 << 20,
            "{}: {bytes} bytes of test data (at most 5 MiB)",
            problem.name()
        );
    }
}
