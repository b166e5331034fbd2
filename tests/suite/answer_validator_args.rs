//! BAPCtools' `answer_validator_args` in a 2025-09 package, through the real binary: the
//! answer validators get these (a list for all, or a map by validator name, a group's own
//! hiding its parent's whole), after the case's input, and never the output validator's
//! `output_validator_args`. The validators' own cases say which arguments each one got.

use std::path::Path;

use super::package_2025::item;
use super::package_cli::{text, verify};
use super::package_fixtures::write;

const PROBLEM_YAML: &str = "problem_format_version: 2025-09
name: Lower
uuid: 5d7e1c2a-8b3f-4e6d-9a0c-1f2e3d4c5b6a
type: pass-fail
license: cc by-sa
rights_owner: The Stones
limits:
  time_limit: 1
";

/// An answer validator: the answer is the input's word in lower case (exit 42), else 43.
/// It knows one argument, `--forbid WORD`, which rejects the answer WORD; any other argument
/// (an output validator's `case_sensitive`, say) rejects every answer, so that arguments
/// meant for another program are seen.
const ANSWER_PY: &str = r#"import sys
word = open(sys.argv[1]).read().strip()
args = sys.argv[2:]
forbidden = set()
while args:
    if args[0] != "--forbid" or len(args) < 2:
        sys.exit(f"unknown arguments {args}")
    forbidden.add(args[1])
    args = args[2:]
answer = sys.stdin.read()
ok = answer == word.lower() + "\n" and answer.strip() not in forbidden
sys.exit(42 if ok else 43)
"#;

/// `lower` (2025-09): print the input's word in lower case. Two answer validators (`check`,
/// `spare`) run the same script. `data/secret/` gives the output validator `case_sensitive`
/// and every answer validator `--forbid abcd`; `secret/free/` hides that with a map naming
/// `check` alone (so `abcd` is a valid answer there); each case of `invalid_answer/` is
/// rejected only through the arguments it is given: a list, a map by name, its own `.yaml`.
fn lower(root: &Path) {
    write(
        root,
        &[
            ("problem.yaml", PROBLEM_YAML),
            ("statement/problem.en.md", "Print the word in lower case.\n"),
            (
                "input_validators/word.py",
                "import re, sys\nsys.exit(42 if re.fullmatch(r'[A-Za-z]+\\n', \
                 sys.stdin.read()) else 43)\n",
            ),
            ("answer_validators/check.py", ANSWER_PY),
            ("answer_validators/spare.py", ANSWER_PY),
            ("data/sample/1.in", "Stone\n"),
            ("data/sample/1.ans", "stone\n"),
            (
                "data/secret/test_group.yaml",
                "output_validator_args: [case_sensitive]\n\
                 answer_validator_args: [--forbid, abcd]\n",
            ),
            ("data/secret/1.in", "XyZ\n"),
            ("data/secret/1.ans", "xyz\n"),
            (
                "data/secret/free/test_group.yaml",
                "answer_validator_args:\n  check: []\n",
            ),
            ("data/secret/free/1.in", "ABCD\n"),
            ("data/secret/free/1.ans", "abcd\n"),
            (
                "data/invalid_answer/listed/test_group.yaml",
                "answer_validator_args: [--forbid, abcd]\n",
            ),
            ("data/invalid_answer/listed/1.in", "aBcd\n"),
            ("data/invalid_answer/listed/1.ans", "abcd\n"),
            (
                "data/invalid_answer/named/test_group.yaml",
                "answer_validator_args:\n  spare: [--forbid, abcd]\n",
            ),
            ("data/invalid_answer/named/1.in", "abcD\n"),
            ("data/invalid_answer/named/1.ans", "abcd\n"),
            ("data/invalid_answer/own/1.in", "Abcd\n"),
            ("data/invalid_answer/own/1.ans", "abcd\n"),
            (
                "data/invalid_answer/own/1.yaml",
                "answer_validator_args: [--forbid, abcd]\n",
            ),
            ("submissions/accepted/lower.py", "print(input().lower())\n"),
        ],
    );
}

#[test]
fn answer_validators_get_answer_validator_args_by_list_map_and_case() {
    let dir = tempfile::tempdir().expect("tempdir");
    lower(&dir.path().join("lower"));
    let (output, document) = verify(dir.path(), &["lower"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(0), "{said}");
    let (ok, _, all) = item(&document, "lower", "package");
    assert!(ok, "{all}");
    for (check, says) in [
        // secret/free/1's `abcd` passes: its map names `check` only, hiding --forbid.
        ("answer validators", "3 answers accepted by 2 validators"),
        (
            "invalid answers",
            "3 invalid answers rejected by 2 validators",
        ),
    ] {
        let (_, detail, _) = item(&document, "lower", check);
        assert!(detail.contains(says), "{check}: {detail}\n{all}");
    }
    // No unknown-key warning for BAPCtools' key.
    assert!(!said.contains("unknown key"), "{said}");
}

#[test]
fn an_invalid_answer_without_its_arguments_is_accepted_and_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("lower");
    lower(&root);
    // The map now names `check` only, for an argument that does not reject `abcd`.
    write(
        &root,
        &[(
            "data/invalid_answer/named/test_group.yaml",
            "answer_validator_args:\n  check: [--forbid, xyz]\n",
        )],
    );
    let (output, document) = verify(dir.path(), &["lower"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(1), "{said}");
    let (_, detail, all) = item(&document, "lower", "invalid answers");
    assert!(
        detail.contains("invalid_answer/named/1: every validator accepts it"),
        "{detail}\n{all}"
    );
    assert!(!detail.contains("listed/1"), "{detail}");
}
