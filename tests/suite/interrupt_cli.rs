//! Ctrl-C (SIGINT) on the long-running commands: `stress` and `verify` stop, say what ran
//! (for stress: the seeds), and exit with 130.

use crate::watched::{self, no_input};

#[test]
fn an_interrupted_stress_run_says_which_seeds_passed() {
    let program = watched::repo_file("problems/stripes/solutions/accepted/stripes.cpp");
    let run = watched::run(
        &[
            "stress",
            "stripes",
            "--seed",
            "1000",
            "--duration",
            "600",
            "--",
            &program.display().to_string(),
        ],
        no_input,
        // The header is printed once SIGINT is caught.
        Some("stress: stripes: random cases"),
    );
    run.assert_exit(130);
    // `interrupted: 57 cases passed (stripes, seeds 1000..=1056); no failure found`.
    let line = run.stdout.trim_end();
    assert!(
        line.starts_with("interrupted: ") && line.ends_with("; no failure found"),
        "{line}"
    );
    let tried: u64 = line["interrupted: ".len()..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count: {line}"));
    let seeds = match tried {
        0 => "no seed".to_string(),
        1 => "seed 1000".to_string(),
        n => format!("seeds 1000..={}", 1000 + n - 1),
    };
    assert!(line.contains(&format!("(stripes, {seeds})")), "{line}");
}

#[test]
fn an_interrupted_verify_sums_up_the_items_done_and_writes_what_it_finished() {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = dir.path().join("verify.json");
    let json_arg = json.display().to_string();
    let run = watched::run(
        &["verify", "-j", "1", "--json", &json_arg],
        no_input,
        Some("ITEM"),
    );
    run.assert_exit(130);
    let summary = run
        .stdout
        .lines()
        .find(|l| l.starts_with("verify: interrupted after "))
        .unwrap_or_else(|| panic!("no summary: {}", run.stdout));
    assert!(
        summary.contains(" items (partition 1/1); the rest did not run: "),
        "{summary}"
    );
    // `verify: interrupted after K of N items (partition 1/1); ...`
    let numbers: Vec<usize> = summary["verify: interrupted after ".len()..]
        .split(' ')
        .filter_map(|word| word.parse().ok())
        .take(2)
        .collect();
    let [finished, total] = numbers[..] else {
        panic!("no counts: {summary}")
    };
    let document: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON report"))
            .expect("JSON");
    let items = document["items"].as_array().expect("items").len();
    assert_eq!(items, finished, "{summary}");
    assert_eq!(document["not_run"], total - finished, "{summary}");
    assert!(total > finished, "{summary}");
}
