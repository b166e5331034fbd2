//! `export --format sinol`: a problem of any format written as a sinol-make package that
//! stonejudge reads back and verifies with the same scores: one of this repository's archive,
//! a Polygon package (a testlib checker wrapped, headers copied, a group scored test by test
//! split), a Kattis 2025-09 scoring package (an exit-42 input validator and an output
//! validator wrapped), a sinol-make package (its checker and expected scores written back).
//! What it cannot write is refused, and nothing is written.

use std::path::Path;

use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::write;
use super::polygon_fixtures::{kept_solutions, sum as polygon_sum};
use super::programs_archive::stonejudge as run;
use super::sinol_fixtures;

/// `export PROBLEM --format sinol --out DIR ARGS...` from this repository's archive.
fn export(problem: &str, out: &Path, args: &[&str]) -> std::process::Output {
    stonejudge(out.parent().expect("parent"))
        .args(["export", problem, "--format", "sinol", "--out"])
        .arg(out)
        .args(["--root", env!("CARGO_MANIFEST_DIR")])
        .args(args)
        .output()
        .expect("run export")
}

#[test]
fn an_exported_problem_is_a_package_verify_accepts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("tak");
    let output = export("take-1-3-4", &out, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let config = std::fs::read_to_string(out.join("config.yml")).expect("config.yml");
    assert!(config.contains("sinol_task_id: tak\n"), "{config}");
    // Eight groups share 100 points, the remainder to the last.
    assert!(
        config.contains("  1: 12\n") && config.contains("  8: 16\n"),
        "{config}"
    );
    for file in [
        "in/tak0a.in",
        "out/tak0a.out",
        "in/tak2c.in",
        "prog/tak.cpp",
        "prog/takingen.sh",
        "doc/takzad.md",
    ] {
        assert!(out.join(file).is_file(), "no {file}");
    }
    // The wrong solution's points are not known without running it: named as left out.
    assert!(text(&output.stderr)
        .contains("parity.cpp: its points per group are known only by running it"));
    let (output, document) = verify(dir.path(), &["tak"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    let ingen = document["items"][0]["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .find(|c| c["name"] == "ingen")
        .expect("ingen check");
    assert_eq!(ingen["detail"], "16 inputs made again, the same");
}

#[test]
fn a_problem_with_more_than_one_right_answer_exports_with_its_checker() {
    // nim accepts any winning move: its built-in checker's portable C++ (a Kattis output
    // validator) is wrapped as sinol's checker, and the model's moves pass it.
    let dir = tempfile::tempdir().expect("tempdir");
    let output = export("nim", &dir.path().join("nim"), &[]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let checker = std::fs::read_to_string(dir.path().join("nim/prog/nimchk.cpp")).expect("chk");
    assert!(checker.contains("stonejudge_kattis_checker"), "{checker}");
    let (output, _) = verify(dir.path(), &["nim"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
}

#[test]
fn what_the_export_cannot_write_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let output = export("take-1-3-4", &dir.path().join("t"), &["--task-id", "AB"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--task-id \"AB\": a task id is three lowercase letters"));
    assert!(!dir.path().join("t").exists());
}

/// `export DIR/NAME --format sinol --out DIR/OUT [ARGS]` in `dir`: exit code and stderr.
fn export_package(dir: &Path, name: &str, out: &str, args: &[&str]) -> (Option<i32>, String) {
    let source = format!("./{name}");
    let out = format!("./{out}");
    let (code, stdout, stderr) = run(
        dir,
        &[
            &["export", &source, "--format", "sinol", "--out", &out],
            args,
        ]
        .concat(),
    );
    (code, stdout + &stderr)
}

/// The total of `judge PROBLEM -- PROGRAM` in `dir`: the last column of its `total` row
/// (`40/100`).
fn judged_score(dir: &Path, problem: &str, program: &str) -> String {
    let (code, out, err) = run(dir, &["judge", problem, "--", program]);
    assert!(code.is_some(), "{out}{err}");
    (out.lines())
        .filter(|line| line.starts_with("total "))
        .find_map(|line| line.split_whitespace().last())
        .unwrap_or_else(|| panic!("no total: {out}{err}"))
        .to_string()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_polygon_package_exports_with_its_testlib_checker_wrapped_and_the_same_scores() {
    let dir = tempfile::tempdir().expect("tempdir");
    polygon_sum(&dir.path().join("sum"), &kept_solutions());
    let (code, said) = export_package(dir.path(), "sum", "out", &[]);
    assert_eq!(code, Some(0), "{said}");
    let out = dir.path().join("out");
    let config = read(&out.join("config.yml"));
    // `small` all or nothing (40), `large` scored test by test: a group of one test each.
    assert!(
        config.contains("scores:\n  1: 40\n  2: 30\n  3: 30\n"),
        "{config}"
    );
    // The main solution and the accepted one earn everything; the others' points per group
    // are known only by running them.
    assert!(
        config.contains("  sum.py:\n") && config.contains("  sum2.cpp:\n"),
        "{config}"
    );
    assert!(!config.contains("small_only"), "{config}");
    assert!(
        said.contains("small_only.py: its points per group are known only by running it"),
        "{said}"
    );
    // The checker behind the prelude, its testlib.h (in files/, the include folder) beside.
    let checker = read(&out.join("prog/sumchk.cpp"));
    assert!(
        checker.contains("static void stonejudge_sinol_checker(void)"),
        "{checker}"
    );
    assert!(out.join("prog/testlib.h").is_file());
    let (code, report, err) = run(dir.path(), &["verify", "./out"]);
    assert_eq!(code, Some(0), "{report}{err}");
    // The solution right on `small` only: 40 of 100 in both packages.
    let small_only = dir.path().join("sum/solutions/small_only.py");
    let small_only = small_only.display().to_string();
    assert_eq!(judged_score(dir.path(), "./sum", &small_only), "40/100");
    assert_eq!(judged_score(dir.path(), "./out", &small_only), "40/100");
    // The wrapped checker rejects: a wrong solution earns nothing in the export either.
    let off_by_one = dir.path().join("sum/solutions/off_by_one.py");
    let off_by_one = off_by_one.display().to_string();
    assert_eq!(judged_score(dir.path(), "./out", &off_by_one), "0/100");
}

/// A Polygon statement is a fragment for its `olymp.sty`; sinol-make compiles every
/// `doc/*.tex`, so it goes there inside the document Polygon compiles it in, with the style
/// and the sample files it reads beside it.
#[test]
fn a_polygon_statement_goes_to_doc_as_a_whole_document_with_what_it_reads() {
    let dir = tempfile::tempdir().expect("tempdir");
    use super::export_formats::{polygon, SUM};
    polygon(&dir.path().join("sum"), &[("main", "sum.cpp", SUM)]);
    let (code, said) = export_package(dir.path(), "sum", "out", &[]);
    assert_eq!(code, Some(0), "{said}");
    let doc = dir.path().join("out/doc");
    let tex = read(&doc.join("sumzad.tex"));
    assert!(tex.starts_with("\\documentclass"), "{tex}");
    assert!(
        tex.contains("\\usepackage{olymp}\n\\begin{document}\n"),
        "{tex}"
    );
    assert!(tex.contains("\\begin{problem}{Sum}"), "{tex}");
    assert!(
        tex.ends_with("\\end{problem}\n\n\\end{document}\n"),
        "{tex}"
    );
    for (name, text) in [("example.01", "1 1\n"), ("example.01.a", "2\n")] {
        assert_eq!(read(&doc.join(name)), text);
    }
    assert!(read(&doc.join("olymp.sty")).contains("\\ProvidesPackage{olymp}"));
}

/// A Kattis 2025-09 output validator in C++: the output must be the answer.
const KATTIS_OUTPUT_VALIDATOR: &str = "#include <cstdio>\n#include <string>\n\
    int main(int argc, char** argv) {\n\
      if (argc < 4) return 1;\n\
      FILE* ans = std::fopen(argv[2], \"r\"); long want, got;\n\
      if (ans == nullptr || std::fscanf(ans, \"%ld\", &want) != 1) return 1;\n\
      if (std::scanf(\"%ld\", &got) != 1 || got != want) {\n\
        std::string path = std::string(argv[3]) + \"/judgemessage.txt\";\n\
        FILE* message = std::fopen(path.c_str(), \"w\");\n\
        if (message != nullptr) { std::fprintf(message, \"wrong\\n\"); std::fclose(message); }\n\
        return 43;\n\
      }\n\
      return 42;\n\
    }\n";

/// A Kattis input validator in C++: one number from 1 to 1000, exit 42 when valid.
const KATTIS_INPUT_VALIDATOR: &str = "#include <cstdio>\n\
    int main() { long n; char rest;\n\
      if (std::scanf(\"%ld\", &n) != 1 || n < 1 || n > 1000) return 43;\n\
      if (std::scanf(\" %c\", &rest) == 1) return 43;\n\
      return 42; }\n";

/// A 2025-09 scoring package: print 2n; `easy` (40) and `hard` (60), each all or nothing.
fn kattis_double(root: &Path) {
    write(
        root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Double\n\
                 uuid: 0c6f2d9e-6a43-4f1e-9b7e-5e2a8d1c4b30\ntype: scoring\n\
                 limits:\n  time_limit: 2\n",
            ),
            ("statement/problem.en.md", "Print $2n$.\n"),
            ("output_validator/validate.cpp", KATTIS_OUTPUT_VALIDATOR),
            ("input_validators/validate.cpp", KATTIS_INPUT_VALIDATOR),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            (
                "data/secret/easy/test_group.yaml",
                "max_score: 40\nscore_aggregation: min\n",
            ),
            ("data/secret/easy/01.in", "1\n"),
            ("data/secret/easy/01.ans", "2\n"),
            ("data/secret/easy/02.in", "7\n"),
            ("data/secret/easy/02.ans", "14\n"),
            (
                "data/secret/hard/test_group.yaml",
                "max_score: 60\nscore_aggregation: min\n",
            ),
            ("data/secret/hard/01.in", "500\n"),
            ("data/secret/hard/01.ans", "1000\n"),
            ("data/secret/hard/02.in", "900\n"),
            ("data/secret/hard/02.ans", "1800\n"),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()))\n",
            ),
            (
                "submissions/wrong_answer/small.py",
                "n = int(input())\nprint(2 * n if n < 100 else 0)\n",
            ),
        ],
    );
}

#[test]
fn a_kattis_scoring_package_exports_with_its_validators_wrapped_and_the_same_scores() {
    let dir = tempfile::tempdir().expect("tempdir");
    kattis_double(&dir.path().join("double"));
    let (code, said) = export_package(dir.path(), "double", "out", &["--task-id", "dbl"]);
    assert_eq!(code, Some(0), "{said}");
    let out = dir.path().join("out");
    let config = read(&out.join("config.yml"));
    assert!(config.contains("scores:\n  1: 40\n  2: 60\n"), "{config}");
    assert!(config.contains("  dbl.py:\n"), "{config}");
    assert!(
        said.contains("small.py: its points per group are known only"),
        "{said}"
    );
    // The input validator accepts with exit 42: wrapped so that sinol's inwer exits 0.
    let inwer = read(&out.join("prog/dblinwer.cpp"));
    assert!(
        inwer.contains("static const int stonejudge_accepts = 42;"),
        "{inwer}"
    );
    let checker = read(&out.join("prog/dblchk.cpp"));
    assert!(
        checker.contains("static void stonejudge_kattis_checker(int argc"),
        "{checker}"
    );
    assert!(out.join("doc/dblzad.md").is_file());
    // verify runs the inwer on every input and the checker on the model's outputs.
    let (code, report, err) = run(dir.path(), &["verify", "./out"]);
    assert_eq!(code, Some(0), "{report}{err}");
    let small = dir.path().join("double/submissions/wrong_answer/small.py");
    let small = small.display().to_string();
    assert_eq!(judged_score(dir.path(), "./double", &small), "40/100");
    assert_eq!(judged_score(dir.path(), "./out", &small), "40/100");
    // The wrapped inwer rejects what the validator rejects (validate checks the inputs the
    // package is judged on: ingen's, and a committed one ingen does not write).
    std::fs::write(out.join("in/dbl1z.in"), "0\n").expect("write");
    let (code, report, err) = run(dir.path(), &["validate", "./out"]);
    assert_eq!(code, Some(1), "{report}{err}");
}

#[test]
fn a_sinol_package_exports_with_its_checker_and_expected_scores_written_back() {
    let package = sinol_fixtures::checker();
    let dir = package.dir.path();
    let (code, said) = export_package(dir, "abc", "out", &["--task-id", "xyz"]);
    assert_eq!(code, Some(0), "{said}");
    let out = dir.join("out");
    assert_eq!(
        read(&out.join("prog/xyzchk.py")),
        read(&package.root().join("prog/abcchk.py"))
    );
    let config = read(&out.join("config.yml"));
    // abcb2.py's partial points, exactly as the package says them, under its new name.
    assert!(
        config.contains(
            "  xyzb1.py:\n    expected:\n      0: {points: 0, status: OK}\n      \
             1: {points: 40, status: OK}\n      2: {points: 30, status: OK}\n    points: 70\n"
        ),
        "{config}"
    );
    let (code, report, err) = run(dir, &["verify", "./out"]);
    assert_eq!(code, Some(0), "{report}{err}");
}

#[test]
fn a_sinol_interactive_package_exports_with_its_interactor() {
    let package = sinol_fixtures::interactive();
    let dir = package.dir.path();
    let (code, said) = export_package(dir, "abc", "out", &[]);
    assert_eq!(code, Some(0), "{said}");
    assert!(dir.join("out/prog/abcsoc.py").is_file());
    let (code, report, err) = run(dir, &["verify", "./out"]);
    assert_eq!(code, Some(0), "{report}{err}");
}

#[test]
fn a_checker_sinol_make_cannot_run_as_it_runs_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The scoring package's output validator is in Python, and writes score.txt.
    super::package_scoring::package(&dir.path().join("points"), "20");
    let (code, said) = export_package(dir.path(), "points", "out", &[]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("its checker speaks the Kattis protocol in .py")
            && said.contains("(not supported)"),
        "{said}"
    );
    assert!(!dir.path().join("out").exists());
}

/// A Kattis package whose time limit is derived from its submissions has no limit sinol-make
/// could write: refused with what to give, nothing written; with `--time-limit` it is
/// written (in milliseconds) and the export verifies.
#[test]
fn a_derived_time_limit_is_exported_only_as_time_limit_gives_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("double");
    kattis_double(&root);
    let yaml = read(&root.join("problem.yaml")).replace("limits:\n  time_limit: 2\n", "");
    write(&root, &[("problem.yaml", &yaml)]);
    let (code, said) = export_package(dir.path(), "double", "out", &["--task-id", "dbl"]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("a time limit derived from the submissions has no value to write: give one with --time-limit"),
        "{said}"
    );
    assert!(!dir.path().join("out").exists());
    let flags = ["--task-id", "dbl", "--time-limit", "1.5"];
    let (code, said) = export_package(dir.path(), "double", "out", &flags);
    assert_eq!(code, Some(0), "{said}");
    let config = read(&dir.path().join("out/config.yml"));
    assert!(config.contains("time_limit: 1500\n"), "{config}");
    let (code, report, err) = run(dir.path(), &["verify", "./out"]);
    assert_eq!(code, Some(0), "{report}{err}");
}

/// A Kattis legacy package `twice` (print 2n): a sample and a secret test; `accepted/` holds
/// a Python 3 solution, a C program of two files (a folder) and a Python 2 one, and
/// `wrong_answer/` one that is wrong past 5.
pub fn kattis_twice(root: &Path) {
    write(
        root,
        &[
            ("problem.yaml", "name: Twice\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/big.in", "9\n"),
            ("data/secret/big.ans", "18\n"),
            ("submissions/accepted/twice.py", "print(2 * int(input()))\n"),
            (
                "submissions/accepted/split.c/main.c",
                "#include <stdio.h>\nint twice(int n);\n\
                 int main(void) { int n; scanf(\"%d\", &n); printf(\"%d\\n\", twice(n)); }\n",
            ),
            (
                "submissions/accepted/split.c/twice.c",
                "int twice(int n) { return 2 * n; }\n",
            ),
            (
                "submissions/accepted/old.py",
                "#!/usr/bin/env python2\nprint 2 * int(raw_input())\n",
            ),
            (
                "submissions/wrong_answer/small.py",
                "n = int(input())\nprint(2 * n if n < 5 else 0)\n",
            ),
        ],
    );
}

/// A Kattis legacy `accepted/` says "AC as the first rejection": a solution meant to pass
/// every test, the model solution. A submission that is a folder (a program of several
/// files) and one in Python 2 are left out with why: sinol-make runs single Python 3 (C,
/// C++, Rust) files.
#[test]
fn a_kattis_legacy_package_exports_its_accepted_single_files_and_names_the_others() {
    let dir = tempfile::tempdir().expect("tempdir");
    kattis_twice(&dir.path().join("twice"));
    let flags = ["--task-id", "twi", "--time-limit", "2"];
    let (code, said) = export_package(dir.path(), "twice", "twi", &flags);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("split.c: a program of several files (a folder), and sinol-make runs a single source file"),
        "{said}"
    );
    assert!(
        said.contains("old.py: it is Python 2, and sinol-make runs Python 3"),
        "{said}"
    );
    let out = dir.path().join("twi");
    assert_eq!(read(&out.join("prog/twi.py")), "print(2 * int(input()))\n");
    let config = read(&out.join("config.yml"));
    assert!(
        config.contains("  twi.py:\n    expected:\n      0: {points: 0, status: OK}\n      1: {points: 100, status: OK}\n    points: 100\n"),
        "{config}"
    );
    let (code, report, err) = run(dir.path(), &["verify", "./twi"]);
    assert_eq!(code, Some(0), "{report}{err}");
}

/// A problem with no test but its samples has nothing sinol-make scores (its group 0 is
/// worth nothing): refused, and nothing written (a `config.yml` with no group to give points
/// to was written, which sinol-make and stonejudge refuse).
#[test]
fn a_problem_of_samples_alone_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("twice");
    kattis_twice(&root);
    std::fs::remove_dir_all(root.join("data/secret")).expect("remove secret");
    let flags = ["--task-id", "twi", "--time-limit", "2"];
    let (code, said) = export_package(dir.path(), "twice", "twi", &flags);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("twice: it has no tests but the samples, and sinol-make's samples (group 0) are worth no points (not supported)"),
        "{said}"
    );
    assert!(!dir.path().join("twi").exists());
}

/// A Kattis package `third` (print n/3) whose answers are compared with a float tolerance
/// given in a `data/` folder's configuration (a legacy `testdata.yaml`'s
/// `output_validator_flags`), not in `problem.yaml`: `accepted/third.py` prints every digit
/// Python has, `wrong_answer/rough.py` two decimals; its input validator exits 42.
pub fn kattis_third(root: &Path) {
    write(
        root,
        &[
            ("problem.yaml", "name: Third\n"),
            (
                "input_validators/validate.py",
                "import sys\ntext = sys.stdin.read()\n\
                 sys.exit(42 if text.strip().isdigit() and text.endswith(\"\\n\") else 43)\n",
            ),
            (
                "data/testdata.yaml",
                "output_validator_flags: float_tolerance 1e-6\n",
            ),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "1.0\n"),
            ("data/secret/one.in", "1\n"),
            ("data/secret/one.ans", "0.333333333\n"),
            ("data/secret/two.in", "2\n"),
            ("data/secret/two.ans", "0.666666667\n"),
            ("submissions/accepted/third.py", "print(int(input()) / 3)\n"),
            (
                "submissions/wrong_answer/rough.py",
                "print(round(int(input()) / 3, 2))\n",
            ),
        ],
    );
}

/// `third` as a 2025-09 package whose groups differ: `secret/tolerant/` compares with a
/// tolerance, the other tests exactly.
pub fn kattis_third_tolerant_group(root: &Path) {
    kattis_third(root);
    std::fs::remove_file(root.join("data/testdata.yaml")).expect("remove testdata.yaml");
    std::fs::remove_file(root.join("data/secret/two.in")).expect("remove");
    std::fs::remove_file(root.join("data/secret/two.ans")).expect("remove");
    write(
        root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Third\n\
                 uuid: 3d0c2b7e-1f4a-4c6e-8a9b-2e5f7d1c3a40\nlicense: cc0\n\
                 limits:\n  time_limit: 2\n",
            ),
            ("data/secret/one.ans", "0.3333333333333333\n"),
            (
                "data/secret/tolerant/test_group.yaml",
                "output_validator_args: [float_tolerance, \"1e-2\"]\n",
            ),
            ("data/secret/tolerant/two.in", "2\n"),
            ("data/secret/tolerant/two.ans", "0.67\n"),
        ],
    );
}

/// The tests' own arguments to the default comparison (a float tolerance in `data/`, or in
/// one group only) are its flags too: sinol-make compares tokens exactly, so both are
/// refused, naming them, and nothing is written (they were dropped, and the package judged
/// exactly what the problem judges with a tolerance).
#[test]
fn a_tolerance_given_by_the_tests_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    kattis_third(&dir.path().join("third"));
    let flags = ["--task-id", "thi", "--time-limit", "2"];
    let (code, said) = export_package(dir.path(), "third", "thi", &flags);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("third: its answers are compared with the flags [\"float_tolerance\", \"1e-6\"], and sinol-make compares tokens exactly (not supported)"),
        "{said}"
    );
    assert!(!dir.path().join("thi").exists());
    kattis_third_tolerant_group(&dir.path().join("group"));
    let (code, said) = export_package(dir.path(), "group", "thi", &["--task-id", "thi"]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("its tests give the checker different arguments ([] to test")
            && said.contains("[\"float_tolerance\", \"1e-2\"] to test secret/tolerant/")
            && said.contains("(not supported)"),
        "{said}"
    );
    assert!(!dir.path().join("thi").exists());
}

/// A 2025-09 `submissions.yaml` saying a solution gets only AC group by group, every test
/// covered, and the full score (as the Kattis export of a sinol package writes it) is meant
/// to pass everything: the model solution (the export was refused for want of one).
#[test]
fn a_solution_accepted_group_by_group_is_the_model_solution() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("double");
    kattis_double(&root);
    std::fs::remove_file(root.join("submissions/accepted/double.py")).expect("remove");
    write(
        &root,
        &[
            ("submissions/listed/full.py", "print(2 * int(input()))\n"),
            (
                "submissions/submissions.yaml",
                "listed/full.py:\n  score: 100\n  sample:\n    permitted: [AC]\n  \
                 secret/easy:\n    permitted: [AC]\n  secret/hard:\n    permitted: [AC]\n",
            ),
        ],
    );
    let (code, said) = export_package(dir.path(), "double", "out", &["--task-id", "dbl"]);
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(
        read(&dir.path().join("out/prog/dbl.py")),
        "print(2 * int(input()))\n"
    );
    let (code, report, err) = run(dir.path(), &["verify", "./out"]);
    assert_eq!(code, Some(0), "{report}{err}");
    // Without the samples among its rules, it is not known to pass them: no model solution.
    let yaml = read(&root.join("submissions/submissions.yaml"))
        .replace("  sample:\n    permitted: [AC]\n", "");
    write(&root, &[("submissions/submissions.yaml", &yaml)]);
    let (code, said) = export_package(dir.path(), "double", "again", &["--task-id", "dbl"]);
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("no model solution"), "{said}");
}

/// A 2023-07 scoring package whose groups have no `max_score` is scored by its graders, which
/// the model cannot say group by group: the export says so before writing, from the warning
/// of reading it, rather than writing its points as if they were a sinol-make split.
#[test]
fn a_package_scored_by_its_graders_is_exported_with_the_warning_that_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        &dir.path().join("graded"),
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07-draft\nname: Graded\ntype: scoring\n",
            ),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/small/1.in", "4\n"),
            ("data/secret/small/1.ans", "8\n"),
            ("data/secret/large/1.in", "5\n"),
            ("data/secret/large/1.ans", "10\n"),
            (
                "input_validators/validate.py",
                "import sys\nint(sys.stdin.read())\nsys.exit(42)\n",
            ),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()))\n",
            ),
        ],
    );
    let (code, said) = export_package(dir.path(), "graded", "gra", &["--time-limit", "1"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("warning: ") && said.contains("scored by its graders"),
        "{said}"
    );
}
