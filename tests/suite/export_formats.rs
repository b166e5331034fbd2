//! `stonejudge export --format kattis` of packages of other formats, through the real binary
//! on small packages of our own whose programs run: a Polygon package (a testlib checker
//! beside the problem that finds `testlib.h` on the package's include path, a testlib
//! validator, tagged solutions, a statement in `problem-properties.json`), a Kattis legacy
//! package whose Python input validator exits 42 itself, and sinol-make packages. Each export
//! is verified, and every submission it kept gets what it got in the original; what no
//! Kattis folder says is left out, and said so; what the format cannot say is refused before
//! anything is written. (tests/tools exports the Polygon package here for `verifyproblem`.)

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use super::polygon_fixtures::{problem_xml, solutions_xml, sums, write};
use super::programs_archive::stonejudge;
use super::sinol_fixtures::Package;

/// Our stand-in for testlib.h: what the programs below use of a header.
const HEADER: &str = "#pragma once\n#include <cstdio>\n#include <cstdlib>\n\
    static inline void quit(int code, const char* why) { std::fprintf(stderr, \"%s\\n\", why); \
    std::exit(code); }\n";

/// testlib's checker protocol: exit 0 OK, 1 WA, 2 PE. It accepts by reaching the end of a
/// `main` without `return`, as many real ones do (defined for `main` alone: a wrapper that
/// renamed it would make it undefined behaviour).
const CHECKER: &str = "#include \"testlib.h\"\n\
    int main(int, char** argv) {\n\
      FILE* out = std::fopen(argv[2], \"r\"); FILE* ans = std::fopen(argv[3], \"r\");\n\
      long a, b;\n\
      if (std::fscanf(ans, \"%ld\", &b) != 1) quit(3, \"no answer\");\n\
      if (std::fscanf(out, \"%ld\", &a) != 1) quit(2, \"no number\");\n\
      if (a != b) quit(1, \"wrong sum\");\n\
      std::fprintf(stderr, \"ok\\n\");\n\
    }\n";

/// testlib's validator convention: two numbers from 1 to 1000, exit 0 when valid.
const VALIDATOR: &str = "#include \"testlib.h\"\n\
    int main() {\n\
      long a, b;\n\
      if (std::scanf(\"%ld %ld\", &a, &b) != 2) quit(3, \"two numbers\");\n\
      if (a < 1 || a > 1000 || b < 1 || b > 1000) quit(3, \"out of range\");\n\
      quit(0, \"valid\");\n\
    }\n";

/// Our stand-in for Polygon's `olymp.sty`: the commands a statement above uses.
const OLYMP: &str = "\\ProvidesPackage{olymp}\n\\RequirePackage{verbatim}\n\
    \\newcommand{\\contest}[3]{}\n\\newenvironment{problem}[5]{\\section*{#1}}{}\n\
    \\newcommand{\\Examples}{\\subsection*{Examples}}\n\
    \\newcommand{\\exmpfile}[2]{\\verbatiminput{#1}\\verbatiminput{#2}}\n";

pub const SUM: &str = "#include <cstdio>\n\
    int main() { long a, b; std::scanf(\"%ld %ld\", &a, &b); std::printf(\"%ld\\n\", a + b); }\n";

/// Right while the first number is below 3.
pub const WRONG: &str = "#include <cstdio>\n\
    int main() { long a, b; std::scanf(\"%ld %ld\", &a, &b); std::printf(\"%ld\\n\", a < 3 ? a + b : 0); }\n";

/// One more than the sum everywhere.
const OFF_BY_ONE: &str = "#include <cstdio>\n\
    int main() { long a, b; std::scanf(\"%ld %ld\", &a, &b); std::printf(\"%ld\\n\", a + b + 1); }\n";

/// A pass-fail Polygon package `sum`: tests `n n` for n = 1..4 (test 1 a sample), the checker
/// `check.cpp` beside `problem.xml` (its `testlib.h` is in `files/`), the validator in
/// `files/`, an English statement; `solutions` are `(tag, file, source)`.
pub fn polygon(root: &Path, solutions: &[(&str, &str, &str)]) {
    write(root, "files/testlib.h", HEADER);
    write(root, "check.cpp", CHECKER);
    write(root, "files/validator.cpp", VALIDATOR);
    sums(root, 4);
    write(
        root,
        "statements/english/problem-properties.json",
        r#"{"name": "Sum", "legend": "Add $a$ and $b$.", "input": "Two numbers $a$ and $b$.",
            "output": "Their sum.", "notes": "", "inputFile": "stdin", "outputFile": "stdout"}"#,
    );
    write(
        root,
        "statements/english/problem.tex",
        "\\begin{problem}{Sum}{stdin}{stdout}{1 second}{256 megabytes}\n\
         Add $a$ and $b$.\n\n\\Examples\n\\exmpfile{example.01}{example.01.a}\n\\end{problem}\n",
    );
    write(root, "statements/english/example.01", "1 1\n");
    write(root, "statements/english/example.01.a", "2\n");
    write(root, "files/olymp.sty", OLYMP);
    let listed = solutions_xml(root, solutions);
    let statements = r#"  <statements>
    <statement charset="UTF-8" language="english" path="statements/english/problem.tex" type="application/x-tex"/>
  </statements>
"#;
    let tests = r#"        <test method="manual" sample="true"/>
        <test method="manual"/>
        <test method="manual"/>
        <test method="manual"/>"#;
    let rest = format!(
        r#"  <files>
    <resources><file path="files/testlib.h" type="h.g++"/></resources>
  </files>
  <assets>
    <checker type="testlib"><source path="check.cpp" type="cpp.g++17"/></checker>
    <validators><validator><source path="files/validator.cpp" type="cpp.g++17"/></validator></validators>
    <solutions>
{listed}    </solutions>
  </assets>
"#
    );
    write(
        root,
        "problem.xml",
        &problem_xml("sum", "Sum", statements, (2000, 256), tests, "", &rest),
    );
}

/// `verify PROBLEM --json` in `dir`: its exit code, and whether each submission passed, by
/// its file name.
fn verified(dir: &Path, problem: &str) -> (Option<i32>, BTreeMap<String, bool>, String) {
    let json = dir.join(format!("{}.json", problem.replace('/', "_")));
    let json_arg = json.display().to_string();
    let (code, out, err) = stonejudge(dir, &["verify", problem, "--json", &json_arg]);
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(&json).unwrap_or_else(|_| panic!("no report: {out}{err}")),
    )
    .expect("JSON");
    let passed = (report["items"].as_array().expect("items").iter())
        .skip(1)
        .map(|item| {
            let id = item["id"].as_str().expect("id");
            let file = id.rsplit('/').next().expect("a name").to_string();
            (file, item["ok"] == true)
        })
        .collect();
    (code, passed, format!("{out}{err}"))
}

/// `export PROBLEM --format kattis --out OUT` in `dir`: exit code and what it said.
fn export(dir: &Path, problem: &str, out: &str) -> (Option<i32>, String) {
    let (code, stdout, err) = stonejudge(
        dir,
        &["export", problem, "--format", "kattis", "--out", out],
    );
    (code, stdout + &err)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_polygon_package_is_a_legacy_package_whose_submissions_get_what_they_got() {
    let dir = tempfile::tempdir().expect("tempdir");
    polygon(
        &dir.path().join("sum"),
        &[
            ("main", "sum.cpp", SUM),
            ("wrong-answer", "wrong.cpp", WRONG),
            ("time-limit-exceeded-or-accepted", "maybe.cpp", SUM),
            ("rejected", "off.cpp", OFF_BY_ONE),
            (
                "accepted",
                "sum.py",
                "a, b = map(int, input().split())\nprint(a + b)\n",
            ),
        ],
    );
    let (code, said) = export(dir.path(), "./sum", "sumkattis");
    assert_eq!(code, Some(0), "{said}");
    let out = dir.path().join("sumkattis");
    // By their tags: every test accepted, or WA and accepted otherwise.
    assert!(out.join("submissions/accepted/sum.cpp").is_file());
    assert!(out.join("submissions/wrong_answer/wrong.cpp").is_file());
    // No legacy folder says "TLE or accepted" or "any rejection": left out, with why.
    for file in ["maybe.cpp", "off.cpp", "sum.py"] {
        assert!(
            said.lines()
                .any(|line| line.contains("left out") && line.contains(file)),
            "{file}: {said}"
        );
    }
    assert!(said.contains("time-limit-exceeded-or-accepted"), "{said}");
    let yaml = read(&out.join("problem.yaml"));
    assert!(
        yaml.starts_with("# Exported by stonejudge from sum/ (Polygon)"),
        "{yaml}"
    );
    assert!(yaml.contains("validation: custom\n"), "{yaml}");
    // The statement from Polygon's sections, not its problem.tex (which needs olymp.sty).
    let tex = read(&out.join("problem_statement/problem.en.tex"));
    assert!(
        tex.starts_with("\\problemname{Sum}\n\nAdd $a$ and $b$.")
            && tex.contains("\\section*{Input}\n\nTwo numbers $a$ and $b$.")
            && tex.contains("\\section*{Output}\n\nTheir sum.")
            && !tex.contains("Notes")
            && !tex.contains("begin{problem}"),
        "{tex}"
    );
    // The checker found its header on the include path; the export carries it along.
    assert_eq!(
        read(&out.join("output_validators/sum/testlib.h")),
        HEADER,
        "the checker's header"
    );
    assert_eq!(
        read(&out.join("input_validators/validator/testlib.h")),
        HEADER
    );

    let (code, original, said) = verified(dir.path(), "./sum");
    assert_eq!(code, Some(0), "{said}");
    let (code, exported, said) = verified(dir.path(), "./sumkattis");
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(exported.len(), 2, "{exported:?}");
    for (file, passed) in &exported {
        assert!(*passed, "{file}: {said}");
        assert_eq!(original.get(file), Some(passed), "{file}");
    }
}

#[test]
fn a_polygon_interactive_package_whose_checker_judges_the_record_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("sum");
    polygon(&root, &[("main", "sum.cpp", SUM)]);
    write(&root, "files/interactor.cpp", "int main() {}\n");
    let xml = read(&root.join("problem.xml")).replace(
        "<checker type=",
        "<interactor><source path=\"files/interactor.cpp\" type=\"cpp.g++17\"/></interactor>\n    <checker type=",
    );
    write(&root, "problem.xml", &xml);
    let (code, said) = export(dir.path(), "./sum", "out");
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("interactor's record") && said.contains("(not supported)"),
        "{said}"
    );
    assert!(!dir.path().join("out").exists());
}

/// A Kattis legacy package `hello` whose input validator is a Python program exiting 42.
fn kattis_legacy(root: &Path) {
    write(root, "problem.yaml", "name: Sum\nlimits:\n  memory: 256\n");
    write(
        root,
        "problem_statement/problem.en.tex",
        "\\problemname{Sum}\nAdd two numbers.\n",
    );
    write(
        root,
        "input_validators/validate.py",
        "import sys\nparts = sys.stdin.read().split()\n\
         ok = len(parts) == 2 and all(p.isdigit() and 1 <= int(p) <= 1000 for p in parts)\n\
         sys.exit(42 if ok else 43)\n",
    );
    for (folder, name, input) in [("sample", "1", "1 2\n"), ("secret", "big", "500 7\n")] {
        write(root, &format!("data/{folder}/{name}.in"), input);
        let sum: u32 = input
            .split_whitespace()
            .map(|n| n.parse::<u32>().expect("n"))
            .sum();
        write(
            root,
            &format!("data/{folder}/{name}.ans"),
            &format!("{sum}\n"),
        );
    }
    write(root, "submissions/accepted/sum.cpp", SUM);
    write(root, "submissions/wrong_answer/wrong.cpp", WRONG);
}

#[test]
fn a_kattis_legacy_package_keeps_its_validator_statement_and_time_rule() {
    let dir = tempfile::tempdir().expect("tempdir");
    kattis_legacy(&dir.path().join("hello"));
    let (code, said) = export(dir.path(), "./hello", "again");
    assert_eq!(code, Some(0), "{said}");
    let out = dir.path().join("again");
    // It speaks the Kattis protocol: copied as it is, no prelude.
    assert_eq!(
        read(&out.join("input_validators/validate/validate.py")),
        read(&dir.path().join("hello/input_validators/validate.py"))
    );
    assert_eq!(
        read(&out.join("problem_statement/problem.en.tex")),
        "\\problemname{Sum}\nAdd two numbers.\n"
    );
    let yaml = read(&out.join("problem.yaml"));
    assert!(
        yaml.starts_with("# Exported by stonejudge from hello/ (Kattis legacy).")
            && yaml.contains("  time_multiplier: 5\n  time_safety_margin: 2\n"),
        "{yaml}"
    );
    assert!(out.join("submissions/wrong_answer/wrong.cpp").is_file());
    let (code, original, said) = verified(dir.path(), "./hello");
    assert_eq!(code, Some(0), "{said}");
    let (code, exported, said) = verified(dir.path(), "./again");
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(original, exported);
    // The validator still rejects what it rejected.
    write(&out, "data/secret/bad.in", "0 7\n");
    write(&out, "data/secret/bad.ans", "7\n");
    let (code, _, said) = verified(dir.path(), "./again");
    assert_eq!(code, Some(1), "{said}");
}

/// A sinol-make package `abc` in C++: the sum, group 1 worth 40 and group 2 60, a solution
/// wrong on group 2; `extra` adds files.
fn sinol(extra: &[(&str, &str)]) -> Package {
    let config = "title: Sum\nsinol_task_id: abc\ntime_limit: 2000\nmemory_limit: 262144\n\
         scores:\n  1: 40\n  2: 60\nsinol_expected_scores:\n  abc.cpp:\n    expected:\n\
         \x20     1: {points: 40, status: OK}\n      2: {points: 60, status: OK}\n    points: 100\n\
         \x20 abcb1.cpp:\n    expected:\n      1: {points: 40, status: OK}\n\
         \x20     2: {points: 0, status: WA}\n    points: 40\n";
    let wrong = "#include <cstdio>\n\
        int main() { long a, b; std::scanf(\"%ld %ld\", &a, &b); std::printf(\"%ld\\n\", a < 50 ? a + b : 0); }\n";
    let inwer = "#include <cstdio>\n\
        int main() { long a, b; return std::scanf(\"%ld %ld\", &a, &b) == 2 && a <= 1000 ? 0 : 1; }\n";
    let package = Package::of(&[
        ("config.yml", config),
        ("prog/abc.cpp", SUM),
        ("prog/abcb1.cpp", wrong),
        ("prog/abcinwer.cpp", inwer),
    ]);
    for (name, input, output) in [
        ("abc1a", "3 4\n", "7\n"),
        ("abc1b", "5 6\n", "11\n"),
        ("abc2a", "100 200\n", "300\n"),
    ] {
        package.write(&format!("in/{name}.in"), input);
        package.write(&format!("out/{name}.out"), output);
    }
    for (path, text) in extra {
        package.write(path, text);
    }
    package
}

#[test]
fn a_sinol_package_is_a_scoring_package_with_the_same_scores() {
    let package = sinol(&[]);
    let dir = package.dir.path();
    let (code, said) = export(dir, "./abc", "abckattis");
    assert_eq!(code, Some(0), "{said}");
    // Each group's expected points are not written (stonejudge would not read them back).
    assert!(
        said.contains("abc: the expected points of each group (2 submissions) are not written"),
        "{said}"
    );
    let out = dir.join("abckattis");
    // Expected scores and group statuses, no verdict any default folder promises.
    let yaml = read(&out.join("submissions/submissions.yaml"));
    assert!(yaml.contains("listed/abcb1.cpp:\n  score: 40\n"), "{yaml}");
    assert!(out.join("submissions/listed/abc.cpp").is_file());
    // sinol-make's rule for the time limit (the accepted run within it, no margin) said in
    // 2025-09's margins, which would otherwise default to 2 and 1.5.
    let problem = read(&out.join("problem.yaml"));
    assert!(
        problem.contains(
            "  time_multipliers:\n    ac_to_time_limit: 1.0\n    time_limit_to_tle: 1.0\n"
        ),
        "{problem}"
    );
    // The inwer wrapped: exit 0 becomes 42.
    let validator = read(&out.join("input_validators/abcinwer/abcinwer.cpp"));
    assert!(
        validator.contains("_exit(status == 0 ? 42 : 43)"),
        "{validator}"
    );
    let (code, original, said) = verified(dir, "./abc");
    assert_eq!(code, Some(0), "{said}");
    let (code, exported, said) = verified(dir, "./abckattis");
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(original, exported);
}

#[test]
fn a_sinol_checker_is_refused_before_anything_is_written() {
    let package = sinol(&[("prog/abcchk.cpp", "int main() {}\n")]);
    let (code, said) = export(package.dir.path(), "./abc", "abckattis");
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("sinol-make's protocol") && said.contains("(not supported)"),
        "{said}"
    );
    assert!(!package.dir.path().join("abckattis").exists());
}

/// Limits of a group of its own have no Kattis form: refused before anything is written,
/// naming a test that has them.
#[test]
fn a_group_s_own_limits_are_refused_before_anything_is_written() {
    let config = "memory_limits:\n  2: 131072\n";
    let package = sinol(&[]);
    let original = read(&package.root().join("config.yml"));
    package.write(
        "config.yml",
        &original.replace(
            "memory_limit: 262144\n",
            &format!("memory_limit: 262144\n{config}"),
        ),
    );
    let (code, said) = export(package.dir.path(), "./abc", "abckattis");
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("test abc2a has limits of its own") && said.contains("(not supported)"),
        "{said}"
    );
    assert!(!package.dir.path().join("abckattis").exists());
}

/// sinol-make's `icpc` contest type (1 point when every test passes, else none) is a
/// pass-fail package: the model solution in `accepted/`, one wrong on group 2 alone in
/// `wrong_answer/` (verify of both packages passes each: the same pass and fail), one
/// whose first rejection the group statuses leave open (group 1 of two tests is RE, the
/// most severe of its tests': its other test may have failed with WA first) left out with
/// why. The export gets no `test_group.yaml` and no scoring type.
#[test]
fn a_sinol_icpc_package_is_a_pass_fail_package_with_the_same_pass_and_fail() {
    let package = sinol(&[]);
    let crashes = "#include <cstdio>\n#include <cstdlib>\n\
        int main() { long a, b; std::scanf(\"%ld %ld\", &a, &b); if (a == 5) std::abort(); \
        std::printf(\"%ld\\n\", a < 50 ? a + b : 0); }\n";
    package.write("prog/abcb2.cpp", crashes);
    package.write(
        "config.yml",
        "title: Sum\nsinol_task_id: abc\nsinol_contest_type: icpc\ntime_limit: 2000\n\
         memory_limit: 262144\nsinol_expected_scores:\n  abc.cpp:\n    expected:\n\
         \x20     1: {points: 1, status: OK}\n      2: {points: 1, status: OK}\n    points: 1\n\
         \x20 abcb1.cpp:\n    expected:\n      1: {points: 1, status: OK}\n\
         \x20     2: {points: 0, status: WA}\n    points: 0\n\
         \x20 abcb2.cpp:\n    expected:\n      1: {points: 0, status: RE}\n\
         \x20     2: {points: 0, status: WA}\n    points: 0\n",
    );
    let dir = package.dir.path();
    let (code, said) = export(dir, "./abc", "abckattis");
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("(sinol-make's icpc contest type): written as a pass-fail package"),
        "{said}"
    );
    assert!(
        said.contains("left out")
            && said.contains(
                "abcb2.cpp: its expected groups leave its first rejection open (one of WA, RTE"
            ),
        "{said}"
    );
    let out = dir.join("abckattis");
    assert!(out.join("submissions/accepted/abc.cpp").is_file());
    assert!(out.join("submissions/wrong_answer/abcb1.cpp").is_file());
    assert!(!out.join("submissions/listed").exists());
    assert!(!out.join("data/secret/test_group.yaml").exists());
    let problem = read(&out.join("problem.yaml"));
    assert!(!problem.contains("scoring"), "{problem}");
    let (code, original, said) = verified(dir, "./abc");
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(original.len(), 3, "{said}");
    let (code, exported, said) = verified(dir, "./abckattis");
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(
        exported,
        (original.into_iter())
            .filter(|(file, _)| file != "abcb2.cpp")
            .collect::<BTreeMap<_, _>>()
    );
}

/// sinol-make's `oi` contest type (points falling with the time taken) has no Kattis form:
/// exit 2 naming it, nothing written.
#[test]
fn a_sinol_oi_package_is_refused_before_anything_is_written() {
    let package = sinol(&[]);
    let config = read(&package.root().join("config.yml"));
    package.write(
        "config.yml",
        &config.replace(
            "sinol_task_id: abc\n",
            "sinol_task_id: abc\nsinol_contest_type: oi\n",
        ),
    );
    let (code, said) = export(package.dir.path(), "./abc", "abckattis");
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("points falling with the time taken have no Kattis form (not supported)"),
        "{said}"
    );
    assert!(!package.dir.path().join("abckattis").exists());
}

/// A problem without an input validator is exported all the same, with a note that the
/// format requires one; verify of the export then fails on it.
#[test]
fn a_missing_input_validator_is_a_note_and_the_export_fails_verify_until_it_is_added() {
    let package = sinol(&[]);
    let dir = package.dir.path();
    std::fs::remove_file(package.root().join("prog/abcinwer.cpp")).expect("remove the inwer");
    let (code, said) = export(dir, "./abc", "abckattis");
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains(
            "export: note: abc: no input validator to export, and the format requires one"
        ),
        "{said}"
    );
    let (code, _, said) = verified(dir, "./abckattis");
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("input_validators/ holds no validator"),
        "{said}"
    );
}

/// A float tolerance a legacy package gives in `data/testdata.yaml` (not `problem.yaml`) is
/// written as `validator_flags`, and the export judges as the original (it was dropped, and
/// the accepted solution got WA); tests giving different arguments are refused, nothing
/// written (the package gives its output validator one list).
#[test]
fn a_tolerance_given_by_the_tests_is_kept_and_differing_ones_are_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    super::sinol_export::kattis_third(&dir.path().join("third"));
    let (code, said) = export(dir.path(), "./third", "again");
    assert_eq!(code, Some(0), "{said}");
    let yaml = read(&dir.path().join("again/problem.yaml"));
    assert!(
        yaml.contains("validation: default\nvalidator_flags: float_tolerance 1e-6\n"),
        "{yaml}"
    );
    let (code, original, said) = verified(dir.path(), "./third");
    assert_eq!(code, Some(0), "{said}");
    let (code, exported, said) = verified(dir.path(), "./again");
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(original, exported);
    assert_eq!(exported.get("third.py"), Some(&true), "{exported:?}");
    super::sinol_export::kattis_third_tolerant_group(&dir.path().join("group"));
    let (code, said) = export(dir.path(), "./group", "out");
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("its tests give the checker different arguments")
            && said.contains("the package gives its output validator one list (not supported)"),
        "{said}"
    );
    assert!(!dir.path().join("out").exists());
}
