//! How a 2025-09 package's programs are built, through the real binary: `judge PACKAGE --
//! PROGRAM` adds the package's `include/<language>/` (else `include/default/`) files to a
//! contestant's source as to a submission, and `submissions.yaml`'s `language` and
//! `entrypoint` decide how a submission is built (its language whatever its files' endings
//! say; the file it starts at).

use std::path::Path;

use super::package_2025::item;
use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::{halve, write};

/// `judge ./halve --time-limit 2 -- COMMAND…` in `dir`: the exit code and everything it
/// printed.
fn judge(dir: &Path, command: &[&str]) -> (Option<i32>, String) {
    judge_with(dir, &["--time-limit", "2"], command)
}

/// `judge ./halve FLAGS -- COMMAND…` in `dir`: the exit code and everything it printed.
fn judge_with(dir: &Path, flags: &[&str], command: &[&str]) -> (Option<i32>, String) {
    let output = stonejudge(dir)
        .args(["judge", "./halve"])
        .args(flags)
        .arg("--")
        .args(command)
        .output()
        .expect("run judge");
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    (output.status.code(), said)
}

#[test]
fn judge_adds_the_packages_include_files_to_a_contestants_source() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("halve");
    halve(&root);
    // Outside the package: only include/default/ gives it `halving`.
    write(
        dir.path(),
        &[
            (
                "mine.py",
                "from halving import halve\nprint(halve(int(input())))\n",
            ),
            (
                "mine.cpp",
                "#include <cstdio>\n#include \"halving.h\"\nint main(){long long n; \
                 if(scanf(\"%lld\",&n)!=1) return 1; printf(\"%.1f\\n\", halve(n));}\n",
            ),
        ],
    );
    let (code, said) = judge(dir.path(), &["mine.py"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("kattis verdict: AC"), "{said}");
    // A program with arguments runs as it is, without include/: the import fails.
    let (code, said) = judge(dir.path(), &["mine.py", "--an-argument"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("No module named 'halving'"), "{said}");
    // C++ gets include/cpp/, not include/default/.
    write(
        &root,
        &[(
            "include/cpp/halving.h",
            "inline double halve(long long n) { return n / 2.0; }\n",
        )],
    );
    let (code, said) = judge(dir.path(), &["mine.cpp"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("kattis verdict: AC"), "{said}");
    // Without it the same source does not compile: the header was part of the build, which
    // the compile cache does not serve again.
    std::fs::remove_dir_all(root.join("include/cpp")).expect("remove");
    let (code, said) = judge(dir.path(), &["mine.cpp"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("halving.h"), "{said}");
}

#[test]
fn submissions_yaml_language_and_entrypoint_decide_how_a_submission_is_built() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("halve");
    halve(&root);
    let yaml = std::fs::read_to_string(root.join("submissions/submissions.yaml")).expect("read");
    write(
        &root,
        &[
            // Two C files and one Python file: C by majority, Python as submissions.yaml says.
            (
                "submissions/accepted/mixed/main.py",
                "print(int(input()) / 2)\n",
            ),
            ("submissions/accepted/mixed/a.c", "not C at all\n"),
            ("submissions/accepted/mixed/b.c", "not C either\n"),
            // Without its entry point, the first file in name order (wrong) would run.
            ("submissions/accepted/entry/aaa.py", "print(0)\n"),
            (
                "submissions/accepted/entry/solve.py",
                "print(int(input()) / 2)\n",
            ),
            ("submissions/accepted/lost/solve.py", "print(0)\n"),
            (
                "submissions/submissions.yaml",
                &(yaml.clone()
                    + "accepted/mixed:\n  language: python3\n\
                       accepted/entry:\n  entrypoint: solve.py\n\
                       accepted/lost:\n  entrypoint: nothere.py\n"),
            ),
        ],
    );
    let (output, document) = verify(dir.path(), &["halve"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    let id = |s: &str| format!("halve/submissions/{s}");
    for submission in ["accepted/mixed", "accepted/entry"] {
        let (ok, _, all) = item(&document, &id(submission), "verdict");
        assert!(ok, "{submission}: {all}\n{said}");
    }
    let (ok, verdict, all) = item(&document, &id("accepted/lost"), "verdict");
    assert!(!ok, "{all}");
    assert!(
        verdict.contains("entry point nothere.py: no such Python 3 source"),
        "{verdict}"
    );

    // Built by majority, the mixed one is C, which problem.yaml's languages do not allow.
    write(&root, &[("submissions/submissions.yaml", &yaml)]);
    let (_, document) = verify(dir.path(), &["halve"]);
    let (ok, verdict, all) = item(&document, &id("accepted/mixed"), "verdict");
    assert!(!ok && verdict.contains("accepted/mixed is in c"), "{all}");
}

/// `judge` of a package whose time limit is derived from its accepted submissions builds them
/// as the model says the package builds its submissions: a C++ one gets `include/cpp/` and the
/// package's constants, a Python one `include/default/`; without its header the accepted
/// submission does not build and the derivation says which one.
#[test]
fn judge_derives_the_time_limit_from_accepted_submissions_built_with_include_and_constants() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("halve");
    halve(&root);
    let yaml = std::fs::read_to_string(root.join("problem.yaml")).expect("read");
    assert!(yaml.contains("  time_limit: 1\n"), "{yaml}");
    write(
        &root,
        &[
            ("problem.yaml", &yaml.replace("  time_limit: 1\n", "")),
            (
                "include/cpp/halving.h",
                "inline double halve(long long n) { return n / 2.0; }\n",
            ),
            (
                "submissions/accepted/bounded.cpp",
                "#include <cstdio>\n#include \"halving.h\"\nint main(){long long n; \
                 if(scanf(\"%lld\",&n)!=1 || n > {{max_n}}) return 1; \
                 printf(\"%.1f\\n\", halve(n));}\n",
            ),
        ],
    );
    write(dir.path(), &[("mine.py", "print(int(input()) / 2)\n")]);
    // No --time-limit: the limit is derived from the accepted submissions.
    let (code, said) = judge_with(dir.path(), &[], &["mine.py"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("time limit: slowest accepted"), "{said}");
    assert!(said.contains("kattis verdict: AC"), "{said}");
    std::fs::remove_dir_all(root.join("include/cpp")).expect("remove");
    let (code, said) = judge_with(dir.path(), &[], &["mine.py"]);
    assert_ne!(code, Some(0), "{said}");
    assert!(
        said.contains("accepted submission submissions/accepted/bounded.cpp"),
        "{said}"
    );
    assert!(said.contains("halving.h"), "{said}");
}
