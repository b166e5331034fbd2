//! The commands that write files where none is named write only where they say: `stress`
//! saves a failing case in `.stonejudge/` of the current directory, `testdata` writes
//! `testdata/<NAME>/` of the archive, `export` its `--out`, `judge --json` its file. Each runs
//! from a scratch directory on a scratch copy of an archive's problem, and every file that
//! appears anywhere else (in the scratch directories, or at the top of the checkout, where a
//! run of the suite once left twelve `stress-*` files) fails the test. `.ci/run` checks that
//! the whole suite leaves `git status` clean.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const PROBLEM: &str = "take-1-3-4";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file and directory under `dir`, relative to it.
fn tree(dir: &Path) -> BTreeSet<PathBuf> {
    walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .map(|entry| {
            let entry = entry.expect("walk");
            entry
                .path()
                .strip_prefix(dir)
                .expect("inside")
                .to_path_buf()
        })
        .collect()
}

/// The entries at the top of the checkout (its build output aside): where a stray file of a
/// test run would land.
fn checkout_top() -> BTreeSet<PathBuf> {
    std::fs::read_dir(repo())
        .expect("read the checkout")
        .map(|entry| PathBuf::from(entry.expect("entry").file_name()))
        .filter(|name| name != Path::new("target"))
        .collect()
}

/// What appeared under `dir` since `before`, outside `allowed` (the places and the
/// directories leading to them).
fn strays(dir: &Path, before: &BTreeSet<PathBuf>, allowed: &[&str]) -> Vec<PathBuf> {
    tree(dir)
        .difference(before)
        .filter(|path| {
            !allowed
                .iter()
                .any(|place| path.starts_with(place) || Path::new(place).starts_with(path))
        })
        .cloned()
        .collect()
}

/// `stonejudge COMMAND --root ROOT ARGS...` (`args` = COMMAND and ARGS) in `cwd`.
fn run(cwd: &Path, args: &[&str], root: &Path) -> (Option<i32>, String, String) {
    let root = root.to_str().expect("a UTF-8 temp path");
    let mut full = vec![args[0], "--root", root];
    full.extend(&args[1..]);
    super::programs_archive::stonejudge(cwd, &full)
}

#[test]
fn commands_that_save_by_default_write_only_where_they_say() {
    let root = tempfile::tempdir().expect("temp dir");
    let cwd = tempfile::tempdir().expect("temp dir");
    let problem = root.path().join("problems").join(PROBLEM);
    let from = repo().join("problems").join(PROBLEM);
    for entry in walkdir::WalkDir::new(&from) {
        let entry = entry.expect("walk");
        let target = problem.join(entry.path().strip_prefix(&from).expect("inside"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("mkdir");
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
    let wrong = problem.join("solutions/wrong_answer/parity.cpp");
    let accepted = problem.join("solutions/accepted/period.cpp");
    let (root_before, cwd_before, top_before) =
        (tree(root.path()), tree(cwd.path()), checkout_top());

    let (code, out, err) = run(cwd.path(), &["testdata", PROBLEM, "-j", "2"], root.path());
    assert_eq!(code, Some(0), "testdata: {out}\n{err}");
    let testdata = format!("testdata/{PROBLEM}");
    assert_eq!(
        strays(root.path(), &root_before, &[&testdata]),
        Vec::<PathBuf>::new()
    );
    assert!(root.path().join(&testdata).is_dir());

    let wrong_shown = wrong.to_str().expect("UTF-8 path");
    let (code, out, err) = run(
        cwd.path(),
        &[
            "stress",
            PROBLEM,
            "--seed",
            "1",
            "--cases",
            "300",
            "-j",
            "2",
            "--",
            wrong_shown,
        ],
        root.path(),
    );
    assert_eq!(code, Some(1), "stress: {out}\n{err}");
    let saved = cwd.path().join(format!(".stonejudge/stress-{PROBLEM}.in"));
    assert!(
        saved.is_file() && saved.with_extension("ans").is_file(),
        "{out}"
    );

    let json = cwd.path().join("report.json");
    let (code, out, err) = run(
        cwd.path(),
        &[
            "judge",
            PROBLEM,
            "--json",
            json.to_str().expect("UTF-8 path"),
            "--",
            accepted.to_str().expect("UTF-8 path"),
        ],
        root.path(),
    );
    assert_eq!(code, Some(0), "judge: {out}\n{err}");

    let package = cwd.path().join("package");
    let (code, out, err) = run(
        cwd.path(),
        &[
            "export",
            PROBLEM,
            "--format",
            "kattis",
            "-j",
            "2",
            "--out",
            package.to_str().expect("UTF-8 path"),
        ],
        root.path(),
    );
    assert_eq!(code, Some(0), "export: {out}\n{err}");

    assert_eq!(
        strays(
            cwd.path(),
            &cwd_before,
            &[".stonejudge", "report.json", "package"]
        ),
        Vec::<PathBuf>::new(),
        "files outside the places named"
    );
    assert_eq!(
        strays(root.path(), &root_before, &[&testdata]),
        Vec::<PathBuf>::new(),
        "files in the archive outside testdata/{PROBLEM}"
    );
    let top_after = checkout_top();
    let new_at_top: Vec<_> = top_after.difference(&top_before).collect();
    assert!(
        new_at_top.is_empty(),
        "new at the checkout's top: {new_at_top:?}"
    );
    // The failing case's directory tells git to ignore it.
    let ignore = std::fs::read_to_string(cwd.path().join(".stonejudge/.gitignore"))
        .expect(".stonejudge/.gitignore");
    assert!(ignore.lines().any(|l| l.trim() == "*"), "{ignore}");
}
