//! Submissions against their expectations, held once for every format
//! (`stonejudge::verify::expectation`), through the real binary's `verify`: in each of an
//! archive problem (`[expect]`), a Kattis legacy package (a folder's verdict, the first
//! rejection of the data tree), a Kattis 2025-09 package (the rules of its folder) and a
//! sinol-make package (`sinol_expected_scores`), one solution breaks its expectation; that
//! item alone fails, and its detail names what broke it, in the words of its format.

use serde_json::Value;

use super::package_2025::item;
use super::package_cli::{text, verify};
use super::package_fixtures::{halve, write};
use super::programs_archive::problem_dir;
use super::scored_problems::{edit, scored};
use super::sinol_cli::wrong_expectation;
use super::sinol_fixtures;

/// The ids of the failed items of a `verify --json` document.
fn failed(document: &Value) -> Vec<String> {
    (document["items"].as_array().expect("items").iter())
        .filter(|i| i["ok"] == false && i["skipped"] == false)
        .map(|i| i["id"].as_str().expect("an id").to_string())
        .collect()
}

#[test]
fn an_archive_solution_breaking_its_expect_entry_is_named_group_by_group() {
    let root = scored();
    let dir = problem_dir(root.path());
    // samples.py gets every point but the sample's (worth nothing): 100 of 100.
    edit(
        &dir,
        "problem.toml",
        "{ score = 100 }",
        "{ score = 90, groups = { small = \"WA\" } }",
    );
    let (output, document) = verify(root.path(), &["problems/take"]);
    let said = text(&output.stdout) + &text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert_eq!(
        failed(&document),
        ["take/solutions/partial/samples.py"],
        "{said}"
    );
    let (_, detail, all) = item(&document, "take/solutions/partial/samples.py", "score");
    assert!(
        detail.contains("solutions/partial/samples.py scores 100 of 100, not as "),
        "{all}"
    );
    assert!(detail.contains("problem.toml:"), "{all}");
    assert!(detail.contains("[expect]"), "{all}");
    assert!(
        detail.contains("group small: expected WA, found AC (30/30 points)"),
        "{all}"
    );
    assert!(
        detail.contains("total: expected score 90, found 100 of 100"),
        "{all}"
    );
}

#[test]
fn a_legacy_folder_is_held_to_the_first_rejection_of_the_data_tree() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("twice");
    write(
        &root,
        &[
            ("problem.yaml", "name: Twice\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/1.in", "4\n"),
            ("data/secret/1.ans", "8\n"),
            ("data/secret/2.in", "5\n"),
            ("data/secret/2.ans", "10\n"),
            ("submissions/accepted/twice.py", "print(2 * int(input()))\n"),
            // Wrong on secret/2, and never slow: its folder promises a timeout.
            (
                "submissions/time_limit_exceeded/wrong.py",
                "n = int(input())\nprint(2 * n + (n == 5))\n",
            ),
        ],
    );
    let (output, document) = verify(dir.path(), &["twice"]);
    let said = text(&output.stdout) + &text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{said}");
    let id = "twice/submissions/time_limit_exceeded/wrong.py";
    assert!(failed(&document).contains(&id.to_string()), "{said}");
    let (ok, detail, all) = item(&document, id, "verdict");
    assert!(!ok, "{all}");
    assert!(
        detail.starts_with("got WA (test secret/2: "),
        "the first rejection, named: {all}"
    );
    assert!(detail.ends_with("s, expected TLE"), "{all}");
    let (ok, detail, all) = item(&document, "twice/submissions/accepted/twice.py", "verdict");
    assert!(ok && detail == "AC, as its folder promises", "{all}");
}

#[test]
fn a_2025_submission_breaking_its_folder_s_rule_is_named_with_the_rule() {
    let dir = tempfile::tempdir().expect("tempdir");
    halve(&dir.path().join("halve"));
    let (output, document) = verify(dir.path(), &["halve"]);
    let said = text(&output.stdout) + &text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{said}");
    let id = "halve/submissions/wrong_answer/actually_right.py";
    assert_eq!(failed(&document), [id], "{said}");
    let (_, detail, all) = item(&document, id, "verdict");
    // Right on each of the 4 tests: wrong_answer/ requires a WA.
    assert_eq!(
        detail, "AC: folder wrong_answer requires WA on at least one test case; got AC ×4",
        "{all}"
    );
    // The rules kept are said as kept, with the limit they were judged under.
    let (ok, detail, all) = item(&document, "halve/submissions/slow/spin.py", "verdict");
    assert!(ok && detail.ends_with("s, as required"), "{all}");
}

#[test]
fn a_sinol_solution_breaking_its_expected_scores_is_named_group_by_group() {
    let package = sinol_fixtures::sum();
    // abcb1.py loses group 2; now it is expected to keep it, and group 1 is left unsaid.
    let found = wrong_expectation(
        &package,
        "      1: {points: 40, status: OK}\n      2: {points: 0, status: WA}\n    points: 40",
        "      2: {points: 60, status: OK}\n    points: 100",
    );
    assert!(
        found.starts_with("abcb1.py: 40/100 (0 OK 0, 1 OK 40, 2 WA 0), not as expected:"),
        "{found}"
    );
    for line in [
        "group 1: OK with 40 points, not in its expected scores",
        "group 2: expected OK with 60 points, found WA with 0",
        "total: expected 100 points, found 40",
    ] {
        assert!(found.contains(line), "{line}: {found}");
    }
}
