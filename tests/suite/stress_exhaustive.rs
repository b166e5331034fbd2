//! `stress --exhaustive` with bounds far beyond reach: the instances are made one at a time
//! (memory does not grow with the bound), counted per size and printed before the run, and a
//! run without --cases or --duration that could not finish is refused up front.

use crate::watched::{self, no_input};

fn good() -> String {
    watched::repo_file("problems/stripes/solutions/accepted/stripes.cpp")
        .display()
        .to_string()
}

/// The stripes census starts with one instance of size 5 (`1 1 1 / 1 / 1`), then 4, 10, 20.
const FIRST_SIZES: &str = "instances by size: 5:1 6:4 7:10 8:20 ";

#[test]
fn a_huge_bound_with_a_duration_runs_the_smallest_first_in_little_memory() {
    let program = good();
    let run = watched::run(
        &[
            "stress",
            "stripes",
            "--exhaustive",
            "--bound",
            "100000",
            "--duration",
            "3",
            "-j",
            "1",
            "--",
            &program,
        ],
        no_input,
        None,
    );
    run.assert_exit(0);
    assert!(run.stderr.contains(FIRST_SIZES), "{}", run.stderr);
    // It stopped at its duration, having covered the smallest sizes and part of the next.
    assert!(
        run.stdout.starts_with("OK: the smallest ")
            && run
                .stdout
                .contains(" instances passed (exhaustive, stripes): every instance of size <= "),
        "{}",
        run.stdout
    );
    assert!(
        run.peak_kib > 0 && run.peak_kib < 100 * 1024,
        "peak RSS {} KiB with --bound 100000",
        run.peak_kib
    );
}

#[test]
fn a_huge_bound_without_a_budget_is_refused_before_anything_runs() {
    let program = good();
    let run = watched::run(
        &[
            "stress",
            "stripes",
            "--exhaustive",
            "--bound",
            "100000",
            "--",
            &program,
        ],
        no_input,
        None,
    );
    run.assert_exit(2);
    assert!(run.stderr.contains(FIRST_SIZES), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("more than 1000000 instances of size at most 100000")
            && run.stderr.contains("--cases N")
            && run.stderr.contains("--duration S"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("cases in"), "it ran: {}", run.stderr);
    assert!(run.peak_kib < 100 * 1024, "peak RSS {} KiB", run.peak_kib);
}

#[test]
fn cases_takes_the_smallest_instances_even_with_a_bound() {
    let program = good();
    // Sizes 5..=8 hold 1 + 4 + 10 + 20 = 35 instances: 40 cases are those and 5 of size 9.
    let run = watched::run(
        &[
            "stress",
            "stripes",
            "--exhaustive",
            "--bound",
            "100000",
            "--cases",
            "40",
            "--",
            &program,
        ],
        no_input,
        None,
    );
    run.assert_exit(0);
    assert_eq!(
        run.stdout,
        "OK: the smallest 40 instances passed (exhaustive, stripes): every instance of size \
         <= 8, and 5 of the 35 of size 9\n"
    );
    assert!(
        run.stderr.contains("stress: 40 cases in "),
        "{}",
        run.stderr
    );
}
