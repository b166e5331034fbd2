//! The forms a package's submissions come in, through the real binary (`verify --json`,
//! `describe`, `judge`): a `.bash` file, a `python2` first line, a Prolog `.pl` and a Perl
//! one (its first line names perl), OCaml using `Str`, a folder submission under a custom
//! 2025-09 folder; the entries left out with a note (a `.disabled` folder, a `.template`
//! file, a hidden file, a folder the format does not judge); a file of no language reported
//! not supported; and a Kattis package's Python 3 run with PyPy where it is installed.
//!
//! The problem echoes its input line, `PyPy`: a Python submission that prints
//! `platform.python_implementation()` is accepted only under PyPy, so its verdict says which
//! Python ran it. Where a language's tool is missing on this machine, its submission's item
//! must say "not supported: TOOL is not installed" instead, which is itself the behaviour
//! under test.

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::{forms_2025, write, ECHO_PROLOG, IMPLEMENTATION_PY, LETTERS_PY};
use super::package_kattis::item;

/// Reads a line and prints it through `Str` (a library `ocamlopt` links only when told).
const ECHO_OCAML: &str = "let () =\n  let line = read_line () in\n  \
                          print_endline (Str.global_replace (Str.regexp \"x\") \"x\" line)\n";

/// Whether `tool` runs here (a version manager's shim for a tool not selected does not).
fn runs(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `forms` (legacy Kattis): echo the input line (`PyPy`); a submission of each form.
fn forms(root: &Path) {
    write(
        root,
        &[
            ("problem.yaml", "name: Forms\n"),
            (
                "problem_statement/problem.en.tex",
                "\\problemname{Forms}\nPrint the line you read.\n",
            ),
            ("input_validators/validate.py", LETTERS_PY),
            ("data/sample/1.in", "PyPy\n"),
            ("data/sample/1.ans", "PyPy\n"),
            ("data/secret/1.in", "PyPy\n"),
            ("data/secret/1.ans", "PyPy\n"),
            ("submissions/accepted/echo.bash", "read -r x\necho \"$x\"\n"),
            ("submissions/accepted/implementation.py", IMPLEMENTATION_PY),
            (
                "submissions/accepted/echo2.py",
                "#!/usr/bin/env python2\nprint raw_input()\n",
            ),
            ("submissions/accepted/echo.pl", ECHO_PROLOG),
            (
                "submissions/accepted/echo_perl.pl",
                "#!/usr/bin/perl\nmy $x = <STDIN>;\nprint $x;\n",
            ),
            ("submissions/accepted/echo.ml", ECHO_OCAML),
            ("submissions/accepted/notes.txt", "Not a program.\n"),
            // Left out: each would fail if judged.
            ("submissions/accepted/broken.disabled/main.py", "print(\n"),
            (
                "submissions/accepted/echo.py.template",
                "print('{{answer}}')\n",
            ),
            ("submissions/accepted/.hidden.py", "print('hidden')\n"),
            ("submissions/slow_accepted/slow.py", "print('slow')\n"),
            // Its first line asks for CPython.
            (
                "submissions/wrong_answer/cpython.py",
                &format!("#!/usr/bin/env python3\n{IMPLEMENTATION_PY}"),
            ),
        ],
    );
}

/// The entries of both packages left out by their names.
const LEFT_OUT_BY_NAME: [&str; 3] = [
    "accepted/broken.disabled",
    "accepted/echo.py.template",
    "accepted/.hidden.py",
];

/// Asserts that each of `entries` (under `submissions/`) of the package `package` is no item
/// of `document` and is named in the package's note (`package`, its checks).
fn assert_left_out(document: &Value, package: &str, entries: &[&str]) {
    let items: Vec<&str> = (document["items"].as_array().expect("items").iter())
        .filter_map(|i| i["id"].as_str())
        .collect();
    let (_, _, note) = item(document, package);
    for entry in entries {
        let id = format!("submissions/{entry}");
        assert!(
            !items.iter().any(|i| i.ends_with(&id)),
            "{id} judged: {items:?}"
        );
        assert!(note.contains(&id), "{id} not named: {note}");
    }
}

/// The submission `name` of `accepted/` in a language whose `tool` may be missing: accepted
/// where it runs, else skipped as not supported, naming the tool.
fn accepted_or_not_installed(document: &Value, name: &str, tool: &str) {
    let (ok, skipped, all) = item(document, &format!("forms/submissions/accepted/{name}"));
    match runs(tool) {
        true => assert!(ok && !skipped, "{name} with {tool}: {all}"),
        false => assert!(
            skipped && all.contains(&format!("{tool} is not installed")),
            "{name} without {tool}: {all}"
        ),
    }
}

#[test]
fn every_form_of_submission_is_judged_in_its_language_or_said_to_be_not_supported() {
    let dir = tempfile::tempdir().expect("tempdir");
    forms(&dir.path().join("forms"));
    let (output, document) = verify(dir.path(), &["forms"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    let (ok, _, all) = item(&document, "forms/submissions/accepted/echo.bash");
    assert!(ok, "{all}\n{said}");
    // The first line decides: Perl, not Prolog.
    let (ok, _, all) = item(&document, "forms/submissions/accepted/echo_perl.pl");
    assert!(ok, "{all}\n{said}");
    accepted_or_not_installed(&document, "echo.pl", "swipl");
    accepted_or_not_installed(&document, "echo2.py", "python2");
    accepted_or_not_installed(&document, "echo.ml", "ocamlopt");
    // Prints "PyPy" only when PyPy runs it; the package says which runs them.
    let (ok, _, all) = item(&document, "forms/submissions/accepted/implementation.py");
    let (_, _, package) = item(&document, "forms");
    match runs("pypy3") {
        true => {
            assert!(ok, "{all}");
            assert!(package.contains("Python 3 runs with PyPy"), "{package}");
        }
        false => {
            assert!(!ok, "{all}");
            assert!(package.contains("pypy3 is not installed"), "{package}");
        }
    }
    // Its first line names python3: CPython, which prints "CPython", a wrong answer.
    let (ok, _, all) = item(&document, "forms/submissions/wrong_answer/cpython.py");
    assert!(ok, "{all}\n{said}");
    // What is left out is no item, and the package's note names each with why.
    assert_left_out(&document, "forms", &LEFT_OUT_BY_NAME);
    assert_left_out(
        &document,
        "forms",
        &["slow_accepted/slow.py", "accepted/notes.txt"],
    );
    for why in [
        "disabled (its name ends in .disabled)",
        "a template (its name ends in .template)",
        "hidden (its name starts with a dot)",
        "folder slow_accepted/ is not one the format judges",
        "not a program: .txt is the ending of no language",
    ] {
        assert!(package.contains(why), "{why}: {package}");
    }
    // Left-out entries (notes.txt, a file of no language, among them) fail nothing and skip
    // nothing; only implementation.py can fail (without PyPy), and a submission whose tool
    // is missing here is skipped (2: something could not be verified).
    let missing = ["python2", "swipl", "ocamlopt"]
        .iter()
        .any(|tool| !runs(tool));
    let expected = match (runs("pypy3"), missing) {
        (false, _) => 1,
        (true, true) => 2,
        (true, false) => 0,
    };
    assert_eq!(output.status.code(), Some(expected), "{said}");

    // describe lists the same entries as not judged.
    let described = stonejudge(dir.path())
        .args(["describe", "./forms"])
        .output()
        .expect("run describe");
    let described = text(&described.stdout);
    assert!(described.contains("not judged: 5"), "{described}");
    assert!(
        described.contains("submissions/accepted/broken.disabled: disabled"),
        "{described}"
    );
    assert!(
        described.contains("submissions/accepted/echo.bash: AC"),
        "{described}"
    );
}

/// `judge forms -- PROGRAM` in `dir`: the exit code and everything it printed.
fn judge(dir: &Path, program: &str) -> (Option<i32>, String) {
    let output = stonejudge(dir)
        .args(["judge", "./forms", "--time-limit", "5", "--"])
        .arg(format!("forms/submissions/{program}"))
        .output()
        .expect("run judge");
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    (output.status.code(), said)
}

#[test]
fn judge_runs_each_form_in_its_language_and_python_with_pypy() {
    let dir = tempfile::tempdir().expect("tempdir");
    forms(&dir.path().join("forms"));
    for (program, tool) in [
        ("accepted/echo.bash", "bash"),
        ("accepted/echo_perl.pl", "perl"),
        ("accepted/echo.pl", "swipl"),
        ("accepted/echo2.py", "python2"),
        ("accepted/echo.ml", "ocamlopt"),
    ] {
        let (code, said) = judge(dir.path(), program);
        match runs(tool) {
            true => {
                assert_eq!(code, Some(0), "{program}: {said}");
                assert!(said.contains("kattis verdict: AC"), "{program}: {said}");
            }
            false => {
                assert_eq!(code, Some(2), "{program}: {said}");
                assert!(said.contains(tool), "{program}: {said}");
            }
        }
    }
    let (code, said) = judge(dir.path(), "accepted/implementation.py");
    match runs("pypy3") {
        true => {
            assert_eq!(code, Some(0), "{said}");
            assert!(said.contains("Python 3 runs with PyPy"), "{said}");
        }
        false => {
            assert_eq!(code, Some(1), "{said}");
            assert!(said.contains("pypy3 is not installed"), "{said}");
        }
    }
    let (code, said) = judge(dir.path(), "wrong_answer/cpython.py");
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("kattis verdict: WA"), "{said}");
}

#[test]
fn a_folder_submission_under_a_custom_2025_folder_is_judged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("forms");
    forms_2025(&root);
    // A custom folder that no key matches: nothing says what it must get.
    write(&root, &[("submissions/other/anything.py", "print(0)\n")]);
    let (output, document) = verify(dir.path(), &["forms"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    let (ok, skipped, all) = item(&document, "forms/submissions/match/nested");
    assert!(ok && !skipped, "{all}\n{said}");
    let (ok, _, all) = item(&document, "forms/submissions/accepted/echo.bash");
    assert!(ok, "{all}\n{said}");
    accepted_or_not_installed(&document, "echo.pl", "swipl");
    assert_left_out(&document, "forms", &LEFT_OUT_BY_NAME);
    assert_left_out(&document, "forms", &["other/anything.py"]);
    let (_, _, package) = item(&document, "forms");
    assert!(
        package.contains("no key of submissions/submissions.yaml matches it"),
        "{package}"
    );
    // Every submission is accepted (implementation.py only under PyPy).
    let code = match (runs("pypy3"), runs("swipl")) {
        (true, true) => 0,
        (true, false) => 2,
        (false, _) => 1,
    };
    assert_eq!(output.status.code(), Some(code), "{said}");
}

/// `chain` (legacy Kattis): echo the input line; `extra` files besides.
fn echo_package(root: &Path, extra: &[(&str, &str)]) {
    write(
        root,
        &[
            ("problem.yaml", "name: Chain\n"),
            (
                "problem_statement/problem.en.tex",
                "\\problemname{Chain}\nPrint the line you read.\n",
            ),
            ("input_validators/validate.py", LETTERS_PY),
            ("data/sample/1.in", "abc\n"),
            ("data/sample/1.ans", "abc\n"),
            ("data/secret/1.in", "xyz\n"),
            ("data/secret/1.ans", "xyz\n"),
        ],
    );
    write(root, extra);
}

/// C++ is compiled as C++23 (GNU dialect), as BAPCtools, problemtools and sinol-make compile it:
/// a submission using `std::views` (C++20) is accepted, not CE.
#[test]
fn a_cpp23_submission_compiles() {
    let dir = tempfile::tempdir().expect("tempdir");
    echo_package(
        &dir.path().join("chain"),
        &[(
            "submissions/accepted/views.cpp",
            "#include <iostream>\n#include <ranges>\n#include <string>\n\
             int main() { std::string s; std::getline(std::cin, s); \
             for (char c : s | std::views::reverse | std::views::reverse) std::cout << c; \
             std::cout << '\\n'; }\n",
        )],
    );
    let (output, document) = verify(dir.path(), &["chain"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    let (ok, skipped, all) = item(&document, "chain/submissions/accepted/views.cpp");
    assert!(ok && !skipped, "{all}\n{said}");
}

#[test]
fn a_folder_submission_reached_through_a_chain_of_links_is_judged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("chain");
    echo_package(
        &root,
        &[
            ("shared/echo.py", "print(input())\n"),
            (
                "shared/echo.cpp",
                "#include <iostream>\n#include <string>\nint main() { std::string s; \
                 std::getline(std::cin, s); std::cout << s << '\\n'; }\n",
            ),
        ],
    );
    // A folder's file links to a file of `accepted/`, which links on to `shared/`: each link
    // between is followed again where the program runs (or compiles).
    let accepted = root.join("submissions/accepted");
    for (folder, name, ending) in [("py", "main.py", "py"), ("cpp", "main.cpp", "cpp")] {
        std::fs::create_dir_all(accepted.join(folder)).expect("mkdir");
        let hop = format!("hop.{ending}");
        std::os::unix::fs::symlink(format!("../../shared/echo.{ending}"), accepted.join(&hop))
            .expect("symlink");
        std::os::unix::fs::symlink(format!("../{hop}"), accepted.join(folder).join(name))
            .expect("symlink");
    }
    let (output, document) = verify(dir.path(), &["chain"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    for id in ["py", "cpp", "hop.py", "hop.cpp"] {
        let (ok, skipped, all) = item(&document, &format!("chain/submissions/accepted/{id}"));
        assert!(ok && !skipped, "{id}: {all}\n{said}");
    }
}
