//! A PROBLEM argument that is the name of a folder beside the command (`describe double`,
//! `judge nim` run next to `double/` or `nim/`) names that folder when it holds a problem in
//! a format stonejudge reads, before the catalog's names; the archive's `problems/<NAME>`
//! still comes first; a plain folder of that name is said to be no problem, not an unknown
//! name.

use super::package_fixtures;
use super::programs_archive::stonejudge;

#[test]
fn a_package_given_by_its_folder_s_name_is_that_package_in_every_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::double(&dir.path().join("double"));
    let (code, out, err) = stonejudge(dir.path(), &["describe", "double", "--json"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let model: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(model["format"], "kattis_legacy", "{out}");
    std::fs::write(dir.path().join("twice.py"), "print(2 * int(input()))\n").expect("write");
    let (code, out, err) = stonejudge(dir.path(), &["judge", "double", "--", "twice.py"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("AC"), "{out}{err}");
    let (code, out, err) = stonejudge(dir.path(), &["validate", "double"]);
    assert_eq!(code, Some(0), "{out}{err}");
}

#[test]
fn a_package_folder_named_like_a_catalog_problem_wins_over_the_catalog() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::double(&dir.path().join("nim"));
    let model = super::describe::model(dir.path(), "nim");
    assert_eq!(
        model["format"], "kattis_legacy",
        "the folder, not the catalog's nim"
    );
    // Not beside the folder: the catalog's.
    let elsewhere = tempfile::tempdir().expect("tempdir");
    assert_eq!(
        super::describe::model(elsewhere.path(), "nim")["format"],
        "ours"
    );
}

#[test]
fn the_archive_s_problems_folder_comes_before_a_folder_beside_the_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::double(&dir.path().join("nim"));
    let problem = dir.path().join("problems/nim");
    std::fs::create_dir_all(&problem).expect("mkdir");
    let ours = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/nim/problem.toml");
    std::fs::copy(ours, problem.join("problem.toml")).expect("copy");
    let model = super::describe::model(dir.path(), "nim");
    assert_eq!(
        model["format"], "ours",
        "problems/nim is the archive's and wins"
    );
}

#[test]
fn a_plain_folder_given_by_name_is_said_to_be_no_problem() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("notes")).expect("mkdir");
    let (code, out, err) = stonejudge(dir.path(), &["describe", "notes"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("notes: not a problem"), "{err}");
    assert!(!err.contains("unknown problem"), "{err}");
}
