//! `verify` of Polygon packages, through the real binary on a package of our own whose
//! programs are real: a sum problem with groups and points, a checker and a validator in C++
//! that find their `testlib.h` on the package's include path (`files/`, a header of our own
//! standing where Polygon puts testlib's), the checker's and the validator's own tests, and a
//! solution for each tag. Every solution is judged as `judge` judges it and held to its tag;
//! the scored solutions' cards go into `--json`. A standard package (its tests made by its
//! generators) is verified and validated without anything written into it, and a package
//! exported for Windows (CR LF tests) has its validators built and its tests made as
//! Polygon's Windows judges build and make them. An interactive package's answers are its
//! interactor's record of the main solution's games, and its checker judges each record.
//! `stress` searches a package's tests; its export: tests/suite/export_formats.rs (Kattis)
//! and tests/suite/sinol_export.rs (sinol-make).

use serde_json::Value;

use super::polygon_fixtures::{
    kept_solutions, problem_xml, right_up_to, standard, sum as package, write, SUM_HEADER as HEADER,
};
use super::programs_archive::stonejudge;
use super::sinol_made::files_under;

/// The items of a `verify --json` report, by id.
fn items(report: &Value) -> Vec<(String, &Value)> {
    (report["items"].as_array().expect("items").iter())
        .map(|item| (item["id"].as_str().expect("id").to_string(), item))
        .collect()
}

#[test]
fn every_solution_is_held_to_its_tag_and_the_package_to_its_own_tests() {
    let dir = tempfile::tempdir().expect("tempdir");
    let solutions = kept_solutions();
    package(&dir.path().join("sum"), &solutions);
    let json = dir.path().join("report.json");
    let json_arg = json.display().to_string();
    let (code, out, err) = stonejudge(dir.path(), &["verify", "sum", "--json", &json_arg]);
    assert_eq!(code, Some(0), "{out}{err}");
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the report")).expect("JSON");
    let items = items(&report);
    let ids: Vec<&str> = items.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "sum",
            "sum/solutions/sum.py",
            "sum/solutions/sum.cpp",
            "sum/solutions/small_only.py",
            "sum/solutions/slow_on_500.py",
            "sum/solutions/off_by_one.py"
        ]
    );
    let package = items[0].1;
    let checks: Vec<&str> = (package["checks"].as_array().expect("checks").iter())
        .map(|check| check["name"].as_str().expect("name"))
        .collect();
    for check in [
        "package",
        "tests",
        "inputs",
        "invalid inputs",
        "checker accepts",
        "checker rejects",
    ] {
        assert!(checks.contains(&check), "{check}: {package}");
    }
    // The scored solutions' cards: the main one earns everything, the one right on `small`
    // only its 40 points.
    assert_eq!(items[1].1["score"], 100.0, "{}", items[1].1);
    assert_eq!(items[3].1["score"], 40.0, "{}", items[3].1);
}

#[test]
fn a_solution_breaking_its_tag_and_a_checker_failing_its_tests_fail_verify_naming_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Tagged accepted, wrong on `large`; tagged wrong-answer, right everywhere.
    let solutions = vec![
        ("main", "sum.py", right_up_to(1000)),
        ("accepted", "small_only.py", right_up_to(3)),
        ("wrong-answer", "right.py", right_up_to(1000)),
    ];
    let root = dir.path().join("sum");
    package(&root, &solutions);
    // The checker's own test 02 says an output equal to the answer is wrong: the checker
    // accepts it.
    write(&root, "files/tests/checker-tests/02.o", "2\n");
    let (code, out, err) = stonejudge(dir.path(), &["verify", "sum"]);
    assert_eq!(code, Some(1), "{out}{err}");
    let failed_line = |id: &str| {
        out.lines()
            .find(|line| line.contains(id) && line.contains("FAIL"))
            .unwrap_or_else(|| panic!("{id} not failed: {out}"))
            .to_string()
    };
    failed_line("sum/solutions/small_only.py");
    failed_line("sum/solutions/right.py");
    assert!(out.contains("checker rejects"), "{out}");
    assert!(
        out.contains("02: AC"),
        "the checker's test 02 accepted: {out}"
    );
}

#[test]
fn a_standard_package_is_verified_and_validated_on_the_tests_its_generators_make() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("standard");
    standard(&root);
    let committed = files_under(&root);
    let (code, out, err) = stonejudge(dir.path(), &["verify", "standard"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("standard/solutions/wrong.cpp"), "{out}");
    // Validated: every input it is judged on, those its generators make too; a file given.
    let (code, out, err) = stonejudge(dir.path(), &["validate", "./standard"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        err.contains("6 inputs") || out.contains("6 inputs"),
        "{out}{err}"
    );
    write(dir.path(), "out_of_range", "0 5\n");
    let (code, out, err) = stonejudge(dir.path(), &["validate", "./standard", "out_of_range"]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(format!("{out}{err}").contains("out_of_range"), "{out}{err}");
    // Nothing was written into the package.
    assert_eq!(files_under(&root), committed);
}

/// A validator that checks line ends only, as testlib does: CR LF where `FOR_WINDOWS` is
/// defined, LF alone otherwise.
const LINE_ENDS_VALIDATOR: &str = "#include <cstdio>\n\
    int main() {\n\
      int c, last = 0;\n\
      while ((c = std::getchar()) != EOF) {\n\
    #ifdef FOR_WINDOWS\n\
        if (c == '\\n' && last != '\\r') return 3;\n\
    #else\n\
        if (c == '\\r') return 3;\n\
    #endif\n\
        last = c;\n\
      }\n\
      return 0;\n\
    }\n";

#[test]
fn a_package_for_windows_has_its_line_ends_read_and_made_as_polygon_s_windows_judges_do() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("standard");
    standard(&root);
    write(&root, "files/validator.cpp", LINE_ENDS_VALIDATOR);
    // Exported for Linux: LF alone, the validator built without FOR_WINDOWS.
    let (code, out, err) = stonejudge(dir.path(), &["validate", "./standard"]);
    assert_eq!(code, Some(0), "{out}{err}");
    // Exported for Windows: the committed tests end their lines with CR LF; the validator is
    // built with FOR_WINDOWS and the generators' tests are made with CR LF too.
    for test in ["tests/01", "tests/02"] {
        let text = std::fs::read_to_string(root.join(test)).expect("a committed test");
        write(&root, test, &text.replace('\n', "\r\n"));
    }
    let (code, out, err) = stonejudge(dir.path(), &["validate", "./standard"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, out, err) = stonejudge(dir.path(), &["testdata", "./standard"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let made = std::fs::read_to_string(root.join("tests/05")).expect("made by multi");
    assert!(made.ends_with("\r\n") && !made.contains("\n\n"), "{made:?}");
}

#[test]
fn stress_searches_a_polygon_package_s_tests_made_ones_included_against_its_main_solution() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("standard");
    standard(&root);
    // Wrong only when the first number is at least 500: on tests 5 and 6, which `multi`
    // makes (the committed samples and gen's small tests pass).
    write(
        dir.path(),
        "big_wrong.py",
        "a, b = map(int, input().split())\nprint(a + b if a < 500 else 0)\n",
    );
    let save = dir.path().join("failing.in");
    let save_arg = save.display().to_string();
    let stress = [
        "stress",
        "./standard",
        "--save",
        &save_arg,
        "--",
        "big_wrong.py",
    ];
    let (code, out, err) = stonejudge(dir.path(), &stress);
    assert_eq!(code, Some(1), "{out}{err}");
    let failing = std::fs::read_to_string(&save).expect("the failing case saved");
    let first: u32 = (failing.split_whitespace().next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("{failing:?}"));
    assert!(first >= 500, "{failing:?}");
    // The sum, right everywhere, passes every test.
    write(
        dir.path(),
        "sum.py",
        "print(sum(map(int, input().split())))\n",
    );
    let (code, out, err) = stonejudge(dir.path(), &["stress", "./standard", "--", "sum.py"]);
    assert_eq!(code, Some(0), "{out}{err}");
}

/// testlib's interactor protocol (`interactor INPUT TOUT`): guessing the input's number from 1
/// to 1000, answered `<`, `>` or `=`; its record (TOUT) is the number of guesses.
const GUESS_INTERACTOR: &str = "#include <cstdio>\n\
    int main(int, char** argv) {\n\
      FILE* in = std::fopen(argv[1], \"r\"); FILE* tout = std::fopen(argv[2], \"w\");\n\
      int x, g, q = 0; if (std::fscanf(in, \"%d\", &x) != 1) return 3;\n\
      while (q < 1000 && std::scanf(\"%d\", &g) == 1) {\n\
        ++q;\n\
        if (g == x) { std::printf(\"=\\n\"); std::fflush(stdout); std::fprintf(tout, \"%d\\n\", q); return 0; }\n\
        std::printf(g < x ? \"<\\n\" : \">\\n\"); std::fflush(stdout);\n\
      }\n\
      return 1;\n\
    }\n";

/// testlib's checker protocol on the interactor's record: no more guesses than the main
/// solution made (its record is the answer).
const GUESS_CHECKER: &str = "#include <cstdio>\n\
    int main(int, char** argv) {\n\
      FILE* out = std::fopen(argv[2], \"r\"); FILE* ans = std::fopen(argv[3], \"r\");\n\
      int mine, best;\n\
      if (std::fscanf(ans, \"%d\", &best) != 1) return 3;\n\
      if (std::fscanf(out, \"%d\", &mine) != 1) return 2;\n\
      return mine <= best ? 0 : 1;\n\
    }\n";

const BINARY_SEARCH: &str = "lo, hi = 1, 1000
while True:
    g = (lo + hi) // 2
    print(g, flush=True)
    r = input().strip()
    if r == '=':
        break
    if r == '<':
        lo = g + 1
    else:
        hi = g - 1
";

const LINEAR_SEARCH: &str = "g = 1
while True:
    print(g, flush=True)
    if input().strip() == '=':
        break
    g += 1
";

#[test]
fn an_interactive_package_s_answers_are_its_interactor_s_record_of_the_main_solution() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("guess");
    write(&root, "files/testlib.h", HEADER);
    write(&root, "files/interactor.cpp", GUESS_INTERACTOR);
    write(&root, "files/check.cpp", GUESS_CHECKER);
    write(&root, "solutions/binary.py", BINARY_SEARCH);
    write(&root, "solutions/linear.py", LINEAR_SEARCH);
    // Committed inputs, no answers: the main solution's games make them.
    for (test, x) in [(1, 500), (2, 1), (3, 777)] {
        write(&root, &format!("tests/{test:02}"), &format!("{x}\n"));
    }
    let tests = r#"        <test method="manual" sample="true"/>
        <test method="manual"/>
        <test method="manual"/>"#;
    let rest = r#"  <files><resources><file path="files/testlib.h" type="h.g++"/></resources></files>
  <assets>
    <checker type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor>
    <solutions>
      <solution tag="main"><source path="solutions/binary.py" type="python.3"/></solution>
      <solution tag="wrong-answer"><source path="solutions/linear.py" type="python.3"/></solution>
    </solutions>
  </assets>
"#;
    write(
        &root,
        "problem.xml",
        &problem_xml("guess", "Guess", "", (2000, 256), tests, "", rest),
    );
    let (code, out, err) = stonejudge(dir.path(), &["verify", "guess"]);
    assert_eq!(code, Some(0), "{out}{err}");
    // The answers made are the binary search's guesses: 500 at once, 1 and 777 in more.
    let (code, out, err) = stonejudge(dir.path(), &["testdata", "./guess"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let answer = |test: &str| std::fs::read_to_string(root.join(test)).expect("made");
    assert_eq!(answer("tests/01.a"), "1\n");
    assert_eq!(answer("tests/02.a"), "9\n");
    // Test 1 is guessed at once by both, test 2 (1) too by the linear search: WA on test 3.
    let linear = ["judge", "./guess", "--", "guess/solutions/linear.py"];
    let (code, out, err) = stonejudge(dir.path(), &linear);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("03    WA"), "{out}");
}
