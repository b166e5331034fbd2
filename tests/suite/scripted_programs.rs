//! Program folders with `build` and `run` scripts (the package format's form for validators,
//! which BAPCtools and DOMjudge take for every program), through the real binary: an output
//! validator built by `cc` in its `build` and called through its `run`, which passes on two
//! of the protocol's three arguments; a `build` that fails, one that makes no `run`, and one
//! that tries to write into the package. The package's own folder is never written.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use super::package_cli::{text, verify};
use super::package_fixtures::write;
use super::package_kattis::item;

/// The checker `build` compiles: it takes the answer file and a mode (two arguments, not the
/// protocol's three), and accepts the number it reads from standard input when it is the
/// answer's.
const CHECK_C: &str = r#"#include <stdio.h>
int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: check ANSWER MODE\n"); return 1; }
  FILE *f = fopen(argv[1], "r"); long a, b; if (!f || fscanf(f, "%ld", &a) != 1) return 1;
  if (scanf("%ld", &b) != 1) return 43; return a == b ? 42 : 43; }
"#;

/// `run`: the protocol gives INPUT ANSWER FEEDBACK_DIR; the checker beside it (which `build`
/// made) gets the answer and a mode.
const RUN_SH: &str = "#!/bin/sh\nexec \"$(dirname \"$0\")/checker\" \"$2\" strict\n";

/// `twice` (2025-09): print twice the number read; its output validator is the folder
/// `output_validator/` holding `build`, `run` and `check.c`, `build` being `build_script`.
fn twice(root: &Path, build_script: &str) {
    write(
        root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Twice\n\
                 uuid: 3f0c2a9e-1b2c-4d3e-8f4a-5b6c7d8e9f05\nlimits:\n  time_limit: 1\n",
            ),
            (
                "statement/problem.en.tex",
                "\\problemname{Twice}\nDouble it.\n",
            ),
            (
                "input_validators/validate.py",
                "import sys\nt = sys.stdin.read()\n\
                 sys.exit(42 if t.endswith('\\n') and t[:-1].isdigit() else 43)\n",
            ),
            ("output_validator/check.c", CHECK_C),
            ("output_validator/build", build_script),
            ("output_validator/run", RUN_SH),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/1.in", "7\n"),
            ("data/secret/1.ans", "14\n"),
            ("submissions/accepted/twice.py", "print(2 * int(input()))\n"),
            (
                "submissions/wrong_answer/plus_one.py",
                "print(2 * int(input()) + 1)\n",
            ),
        ],
    );
    for script in ["build", "run"] {
        let path = root.join("output_validator").join(script);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
}

/// The names in the folder `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_output_validator_is_built_by_its_build_and_called_through_its_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("twice");
    twice(&root, "#!/bin/sh\ncc -O2 -o checker check.c\n");
    let (output, document) = verify(dir.path(), &["twice"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The wrong answer is rejected and the right one accepted: the checker ran, with the
    // arguments `run` gave it (called with three, it would say "usage" and be a judge error).
    for id in [
        "twice/submissions/accepted/twice.py",
        "twice/submissions/wrong_answer/plus_one.py",
    ] {
        let (ok, skipped, details) = item(&document, id);
        assert!(ok && !skipped, "{id}: {details}");
    }
    // `build` ran in a copy: the package's folder holds what it held.
    assert_eq!(
        listing(&root.join("output_validator")),
        ["build", "check.c", "run"]
    );
    // Judged again, the built folder comes from the cache: the same verdicts.
    let (again, _) = verify(dir.path(), &["twice"]);
    assert!(again.status.success(), "{}", text(&again.stderr));
}

#[test]
fn a_failing_build_is_a_judge_error_with_what_it_said() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("twice");
    twice(
        &root,
        "#!/bin/sh\necho 'no compiler for check.c today' >&2\nexit 3\n",
    );
    let (output, _) = verify(dir.path(), &["twice"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let said = text(&output.stdout) + &text(&output.stderr);
    assert!(said.contains("no compiler for check.c today"), "{said}");
    assert!(said.contains("output_validator/build"), "{said}");
}

#[test]
fn a_build_that_makes_no_run_is_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("twice");
    twice(&root, "#!/bin/sh\ncc -O2 -o checker check.c\n");
    std::fs::remove_file(root.join("output_validator/run")).expect("rm run");
    let (output, _) = verify(dir.path(), &["twice"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let said = text(&output.stdout) + &text(&output.stderr);
    assert!(
        said.contains("no executable `run` in the folder after its `build` ran"),
        "{said}"
    );
}

#[test]
fn a_build_writes_only_its_copy() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("twice");
    let inside = root.join("output_validator").join("escaped");
    let beside = root.join("escaped");
    let build = format!(
        "#!/bin/sh\ntouch '{}' '{}' 2>/dev/null\ncc -O2 -o checker check.c\n",
        inside.display(),
        beside.display()
    );
    twice(&root, &build);
    let (output, _) = verify(dir.path(), &["twice"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        !inside.exists(),
        "build wrote into its folder in the package"
    );
    assert!(!beside.exists(), "build wrote into the package");
}
