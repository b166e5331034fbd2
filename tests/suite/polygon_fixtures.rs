//! Small Polygon packages of our own, written into a folder as Polygon exports them: each
//! with its `problem.xml`, `files/` (with `testlib.h` listed as a resource), statements,
//! solutions and, for a full package, `tests/NN` and `tests/NN.a`.
//!
//! - [`full`]: groups with points (`complete-group` with a dependency, `each-test`), every
//!   test committed, a checker with its tests, a validator with its tests, two statement
//!   languages, a solution of every tag and an extra tag on a group;
//! - [`generated`]: manual samples committed, the rest made by generators and not committed
//!   (a standard package), with a `doall.sh`;
//! - [`standard`]: a standard package whose programs run (our own `testlib.h`), its
//!   generated tests made by the judge;
//! - [`interactive`]: an interactor and a checker, no groups;
//! - [`sum`]: a sum problem whose programs run (a testlib checker and validator in C++ on our
//!   own `files/testlib.h`), with groups and points and the solutions given;
//! - [`write_problem_xml`]: any `problem.xml` over a package, for the broken ones.
//!
//! The jury's programs of all but [`standard`] and [`sum`] are only read, never compiled: their
//! `files/testlib.h` is a one-line header standing where Polygon puts the real one, which the
//! reader only needs to find.

use std::path::Path;

/// Writes `text` to `path` under `root`, making its folders.
pub fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// Replaces `problem.xml` of the package at `root`.
/// Writes each `(tag, file, source)` under `solutions/` and returns their `<solution>` lines
/// for problem.xml (a `.py` file is Python 3, any other C++17).
pub fn solutions_xml<S: AsRef<str>>(root: &Path, solutions: &[(&str, &str, S)]) -> String {
    let mut listed = String::new();
    for (tag, file, source) in solutions {
        write(root, &format!("solutions/{file}"), source.as_ref());
        let kind = match file.ends_with(".py") {
            true => "python.3",
            false => "cpp.g++17",
        };
        listed.push_str(&format!(
            "      <solution tag=\"{tag}\"><source path=\"solutions/{file}\" type=\"{kind}\"/></solution>\n"
        ));
    }
    listed
}

pub fn write_problem_xml(root: &Path, text: &str) {
    write(root, "problem.xml", text);
}

/// The files every package here has: `testlib.h`, a checker, a validator, the generator.
fn jury(root: &Path) {
    write(
        root,
        "files/testlib.h",
        "// testlib.h: where Polygon puts it\n",
    );
    write(
        root,
        "files/check.cpp",
        "#include \"testlib.h\"\nint main() {}\n",
    );
    write(
        root,
        "files/validator.cpp",
        "#include \"testlib.h\"\nint main() {}\n",
    );
    write(
        root,
        "files/gen.cpp",
        "#include \"testlib.h\"\nint main() {}\n",
    );
    write(root, "files/olymp.sty", "% olymp.sty\n");
    write(root, "check.exe", "MZ");
    write(root, "doall.bat", "rem the Windows script\n");
    for (name, text) in [
        ("ok.cpp", "int main() {}\n"),
        ("also_ok.py", "print()\n"),
        ("wrong.cpp", "int main() { return 0; }\n"),
        ("slow.cpp", "int main() { for (;;); }\n"),
        ("partial.cpp", "int main() {}\n"),
    ] {
        write(root, &format!("solutions/{name}"), text);
    }
}

/// Tests 1 to `count` committed, each with its answer; and the validator's two tests.
fn committed(root: &Path, count: usize) {
    sums(root, count);
    write(root, "files/tests/validator-tests/01", "1 2\n");
    write(root, "files/tests/validator-tests/02", "1\n");
}

/// Tests 1 to `count` (`n n`) committed under `tests/`, each with its answer `2n`.
pub fn sums(root: &Path, count: usize) {
    for test in 1..=count {
        write(
            root,
            &format!("tests/{test:02}"),
            &format!("{test} {test}\n"),
        );
        write(
            root,
            &format!("tests/{test:02}.a"),
            &format!("{}\n", 2 * test),
        );
    }
}

/// A `problem.xml` of `short_name` titled `title` in English: `statements` (its
/// `<statements>` element, or nothing), its testset `tests` under `limits` (ms, MiB) with
/// `tests` and then `groups` (its `<groups>` element, or nothing), then `rest`.
pub fn problem_xml(
    short_name: &str,
    title: &str,
    statements: &str,
    limits: (u64, u64),
    tests: &str,
    groups: &str,
    rest: &str,
) -> String {
    let (time_ms, memory_mib) = limits;
    let count = tests.matches("<test ").count();
    format!(
        r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="2" short-name="{short_name}">
  <names><name language="english" value="{title}"/></names>
{statements}  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>{time_ms}</time-limit>
      <memory-limit>{}</memory-limit>
      <test-count>{count}</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
{tests}
      </tests>
{groups}    </testset>
  </judging>
{rest}</problem>
"#,
        memory_mib << 20
    )
}

/// The `<files>` and `<assets>` of the packages here (`interactor` adds one).
fn files_and_assets(interactor: bool, checker_tests: &str, solutions: &str) -> String {
    let interactor = match interactor {
        true => {
            "<interactor><source path=\"files/interactor.cpp\" type=\"cpp.g++17\"/></interactor>"
        }
        false => "",
    };
    format!(
        r#"  <files>
    <resources>
      <file path="files/olymp.sty"/>
      <file path="files/testlib.h" type="h.g++"/>
    </resources>
    <executables>
      <executable>
        <source path="files/gen.cpp" type="cpp.g++17"/>
        <binary path="files/gen.exe" type="exe.win32"/>
      </executable>
    </executables>
  </files>
  <assets>
    <checker name="std::ncmp.cpp" type="testlib">
      <source path="files/check.cpp" type="cpp.g++17"/>
      <binary path="check.exe" type="exe.win32"/>
      <copy path="check.cpp"/>
      {checker_tests}
    </checker>
    {interactor}
    <validators>
      <validator>
        <source path="files/validator.cpp" type="cpp.g++17"/>
        <testset>
          <test-count>2</test-count>
          <input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>
          <tests>
            <test verdict="valid"/>
            <test verdict="invalid"/>
          </tests>
        </testset>
      </validator>
    </validators>
    <solutions>
{solutions}
    </solutions>
  </assets>
"#
    )
}

/// A full package with groups and points: `samples` (test 1, worth nothing), `small`
/// (tests 2–3, complete-group, 40 points, depends on `samples`), `large` (tests 4–5,
/// each-test, 30 points each) and `huge` (test 6, complete-group, 0 points, depends on
/// `small` and so on `samples`).
pub fn full(root: &Path) {
    jury(root);
    committed(root, 6);
    for (name, text) in [
        ("01", "1 1\n"),
        ("01.o", "2\n"),
        ("01.a", "2\n"),
        ("02", "1 1\n"),
    ] {
        write(root, &format!("files/tests/checker-tests/{name}"), text);
    }
    write(root, "files/tests/checker-tests/02.o", "3\n");
    write(root, "files/tests/checker-tests/02.a", "2\n");
    write(
        root,
        "statements/english/problem-properties.json",
        r#"{"name": "Sum", "inputFile": "stdin", "outputFile": "stdout", "timeLimit": 2000}"#,
    );
    write(
        root,
        "statements/english/problem.tex",
        "\\begin{problem}{Sum}\n",
    );
    write(
        root,
        "statements/russian/problem-properties.json",
        r#"{"name": "Сумма", "inputFile": "stdin", "outputFile": "stdout"}"#,
    );
    write(
        root,
        "statements/russian/problem.tex",
        "\\begin{problem}{Сумма}\n",
    );
    let tests = r#"        <test method="manual" sample="true" group="samples" points="0.0"/>
        <test cmd="gen 1 10" method="generated" group="small" points="40.0"/>
        <test cmd="gen 2 10" method="generated" group="small" points="0.0"/>
        <test cmd="gen 3 1000" method="generated" group="large" points="30.0"/>
        <test cmd="gen 4 1000" method="generated" group="large" points="30.0"/>
        <test method="manual" group="huge" points="0.0" description="the largest"/>"#;
    let groups = r#"        <group name="samples" points="0.0" points-policy="complete-group" feedback-policy="complete"/>
        <group name="small" points="40.0" points-policy="complete-group" feedback-policy="icpc">
          <dependencies><dependency group="samples"/></dependencies>
        </group>
        <group name="large" points-policy="each-test" feedback-policy="points"/>
        <group name="huge" points="0.0" points-policy="complete-group" feedback-policy="none">
          <dependencies><dependency group="small"/></dependencies>
        </group>"#;
    let checker_tests = r#"<testset>
        <test-count>2</test-count>
        <input-path-pattern>files/tests/checker-tests/%02d</input-path-pattern>
        <output-path-pattern>files/tests/checker-tests/%02d.o</output-path-pattern>
        <answer-path-pattern>files/tests/checker-tests/%02d.a</answer-path-pattern>
        <tests>
          <test verdict="ok"/>
          <test verdict="wrong-answer"/>
        </tests>
      </testset>"#;
    let solutions = r#"      <solution tag="main"><source path="solutions/ok.cpp" type="cpp.g++17"/><binary path="solutions/ok.exe" type="exe.win32"/></solution>
      <solution tag="accepted"><source path="solutions/also_ok.py" type="python.3"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wrong.cpp" type="cpp.g++17"/></solution>
      <solution tag="time-limit-exceeded-or-accepted"><source path="solutions/slow.cpp" type="cpp.g++17"/></solution>
      <solution tag="rejected">
        <source path="solutions/partial.cpp" type="cpp.g++17"/>
        <extra-tags><extra-tag group="small" testset="tests" tag="accepted"/><extra-tag group="large" testset="tests" tag="time-limit-exceeded"/></extra-tags>
      </solution>"#;
    write_problem_xml(
        root,
        &format!(
            r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="7" short-name="sum" url="https://polygon.example/p/sum">
  <names>
    <name language="english" value="Sum"/>
    <name language="russian" value="Сумма" main="true"/>
  </names>
  <statements>
    <statement charset="UTF-8" language="english" mathjax="true" path="statements/english/problem.tex" type="application/x-tex"/>
    <statement language="english" path="statements/.pdf/english/problem.pdf" type="application/pdf"/>
    <statement charset="UTF-8" language="russian" mathjax="true" path="statements/russian/problem.tex" type="application/x-tex"/>
  </statements>
  <judging cpu-name="Intel(R) Core(TM) i3-8100 CPU @ 3.60GHz" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>2000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>6</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
{tests}
      </tests>
      <groups>
{groups}
      </groups>
    </testset>
  </judging>
{}  <properties><property name="tests-wellformed" value="true"/></properties>
  <tags><tag value="math"/></tags>
</problem>
"#,
            files_and_assets(false, checker_tests, solutions)
        ),
    );
}

/// Two manual samples, tests 3 and 4 by `gen` with `args`, tests 5 and 6 by one run of
/// `multi 7` (`from-file`): the `<tests>` of `problem.xml`, and `doall.sh` written to match.
fn made_tests(root: &Path, args: [&str; 2]) -> String {
    let [third, fourth] = args;
    write(
        root,
        "doall.sh",
        &format!(
            "#!/usr/bin/env bash\nmkdir -p tests\n\
             scripts/gen-input-via-stdout.sh \"files/gen {third}\" \"tests/03\" 3\n\
             scripts/gen-input-via-stdout.sh \"files/gen {fourth}\" \"tests/04\" 4\n\
             scripts/gen-input-via-files.sh \"files/multi 7\" \"tests/05:tests/06\" \"5:6\"\n"
        ),
    );
    format!(
        r#"        <test method="manual" sample="true"/>
        <test method="manual" sample="true"/>
        <test cmd="gen {third}" method="generated"/>
        <test cmd="gen {fourth}" method="generated"/>
        <test cmd="multi 7" from-file="5" method="generated"/>
        <test cmd="multi 7" from-file="6" method="generated"/>"#
    )
}

/// A standard package: two manual samples committed with their answers, four tests made by
/// `gen` (one run of `multi` writing two of them) and not committed, and `doall.sh`.
pub fn generated(root: &Path) {
    jury(root);
    write(root, "files/multi.cpp", "int main() {}\n");
    committed(root, 2);
    let tests = made_tests(root, ["10 1", "10 2"]);
    let solutions = r#"      <solution tag="main"><source path="solutions/ok.cpp" type="cpp.g++17"/></solution>
      <solution tag="memory-limit-exceeded"><source path="solutions/wrong.cpp" type="cpp.g++17"/></solution>"#;
    let multi = "      <executable><source path=\"files/multi.cpp\" type=\"cpp.g++17\"/></executable>\n    </executables>";
    let rest = files_and_assets(false, "", solutions).replace("    </executables>", multi);
    let xml = problem_xml(
        "sum-generated",
        "Sum, generated",
        "",
        (1000, 64),
        &tests,
        "",
        &rest,
    );
    write_problem_xml(root, &xml);
}

/// An interactive package: a testlib interactor and checker, three committed tests (the
/// first a sample), no groups, no points.
pub fn interactive(root: &Path) {
    jury(root);
    write(
        root,
        "files/interactor.cpp",
        "#include \"testlib.h\"\nint main() {}\n",
    );
    committed(root, 3);
    let tests = r#"        <test method="manual" sample="true"/>
        <test method="manual"/>
        <test method="manual"/>"#;
    let solutions = r#"      <solution tag="main"><source path="solutions/ok.cpp" type="cpp.g++17"/></solution>
      <solution tag="time-limit-exceeded-or-memory-limit-exceeded"><source path="solutions/slow.cpp" type="cpp.g++17"/></solution>
      <solution tag="presentation-error"><source path="solutions/wrong.cpp" type="cpp.g++17"/></solution>
      <solution tag="failed"><source path="solutions/partial.cpp" type="cpp.g++17"/></solution>"#;
    let rest = files_and_assets(true, "", solutions);
    write_problem_xml(
        root,
        &problem_xml("guess", "Guess", "", (1000, 256), tests, "", &rest),
    );
}

/// A testlib.h of our own, standing where Polygon puts the real one: what our generators
/// use (`registerGen`, `rnd.next`), a generator's randomness seeded by its arguments as
/// testlib seeds it (so that the same command writes the same test).
const OUR_TESTLIB: &str = r#"// testlib.h: a small header of our own with what these generators use.
#include <cstdio>
#include <cstdint>
#include <cstring>
struct Random {
    uint64_t state = 88172645463325252ull;
    uint64_t step() { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state; }
    int next(int low, int high) { return low + int(step() % uint64_t(high - low + 1)); }
};
static Random rnd;
inline void registerGen(int argc, char* argv[], int) {
    for (int i = 1; i < argc; i++)
        for (const char* c = argv[i]; *c; c++) rnd.state = rnd.state * 1000003u ^ uint64_t(*c);
    rnd.step();
}
"#;

/// A standard package whose programs run: `files/testlib.h` of our own; `gen N` printing two
/// numbers of 1 to N; `multi` writing the files `5` and `6` in its working folder (tests 5
/// and 6, `from-file`); a validator accepting a line of two numbers of 1 to 1000; a checker
/// comparing numbers; the main solution `solutions/sum.cpp` and a wrong one. Tests 1 and 2
/// (samples) are committed with their answers, tests 3 to 6 are not.
pub fn standard(root: &Path) {
    write(root, "files/testlib.h", OUR_TESTLIB);
    write(
        root,
        "files/gen.cpp",
        "#include \"testlib.h\"\n#include <cstdlib>\n\
         int main(int argc, char* argv[]) { registerGen(argc, argv, 1); int n = atoi(argv[1]);\n\
         int a = rnd.next(1, n); int b = rnd.next(1, n); printf(\"%d %d\\n\", a, b); }\n",
    );
    write(
        root,
        "files/multi.cpp",
        "#include \"testlib.h\"\n\
         int main(int argc, char* argv[]) { registerGen(argc, argv, 1);\n\
         for (int t = 5; t <= 6; t++) { char name[8]; snprintf(name, 8, \"%d\", t);\n\
         FILE* f = fopen(name, \"w\"); fprintf(f, \"%d %d\\n\", rnd.next(500, 1000), t); fclose(f); } }\n",
    );
    write(
        root,
        "files/validator.cpp",
        "#include \"testlib.h\"\n\
         int main() { int a, b; char end[2];\n\
         if (scanf(\"%d %d\", &a, &b) != 2) { fprintf(stderr, \"expected two numbers\\n\"); return 3; }\n\
         if (a < 1 || a > 1000 || b < 1 || b > 1000) { fprintf(stderr, \"out of range\\n\"); return 3; }\n\
         if (scanf(\"%1s\", end) == 1) { fprintf(stderr, \"extra input\\n\"); return 3; } }\n",
    );
    write(
        root,
        "files/check.cpp",
        "#include \"testlib.h\"\n\
         int main(int, char* argv[]) { FILE* o = fopen(argv[2], \"r\"); FILE* a = fopen(argv[3], \"r\");\n\
         long x, y; if (fscanf(o, \"%ld\", &x) != 1) return 2; fscanf(a, \"%ld\", &y);\n\
         return x == y ? 0 : 1; }\n",
    );
    write(
        root,
        "solutions/sum.cpp",
        "#include <cstdio>\nint main() { long a, b; scanf(\"%ld %ld\", &a, &b); printf(\"%ld\\n\", a + b); }\n",
    );
    write(
        root,
        "solutions/wrong.cpp",
        "#include <cstdio>\nint main() { long a, b; scanf(\"%ld %ld\", &a, &b); printf(\"%ld\\n\", a < 500 ? a + b : a); }\n",
    );
    for (test, text) in [(1, "1 2\n"), (2, "20 22\n")] {
        write(root, &format!("tests/{test:02}"), text);
    }
    write(root, "tests/01.a", "3\n");
    write(root, "tests/02.a", "42\n");
    let tests = made_tests(root, ["10", "1000"]);
    let rest = r#"  <files>
    <resources><file path="files/testlib.h" type="h.g++"/></resources>
    <executables>
      <executable><source path="files/gen.cpp" type="cpp.g++17"/></executable>
      <executable><source path="files/multi.cpp" type="cpp.g++17"/></executable>
    </executables>
  </files>
  <assets>
    <checker type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <validators><validator><source path="files/validator.cpp" type="cpp.g++17"/></validator></validators>
    <solutions>
      <solution tag="main"><source path="solutions/sum.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wrong.cpp" type="cpp.g++17"/></solution>
    </solutions>
  </assets>
"#;
    let xml = problem_xml(
        "sum-standard",
        "Sum, standard",
        "",
        (1000, 256),
        &tests,
        "",
        rest,
    );
    write_problem_xml(root, &xml);
}

/// Our stand-in for testlib.h: what the programs below use of a header.
pub const SUM_HEADER: &str = "#pragma once\n#include <cstdio>\n#include <cstdlib>\n\
    static inline void quit(int code, const char* why) { std::fprintf(stderr, \"%s\\n\", why); \
    std::exit(code); }\n";

/// testlib's protocol: exit 0 OK, 1 WA.
const SUM_CHECKER: &str = "#include <testlib.h>\n\
    int main(int, char** argv) {\n\
      FILE* out = std::fopen(argv[2], \"r\"); FILE* ans = std::fopen(argv[3], \"r\");\n\
      long a, b;\n\
      if (std::fscanf(ans, \"%ld\", &b) != 1) quit(3, \"no answer\");\n\
      if (std::fscanf(out, \"%ld\", &a) != 1) quit(2, \"no number\");\n\
      if (a != b) quit(1, \"wrong sum\");\n\
      quit(0, \"ok\");\n\
    }\n";

/// Two numbers from 1 to 1000.
const SUM_VALIDATOR: &str = "#include <testlib.h>\n\
    int main() {\n\
      long a, b;\n\
      if (std::scanf(\"%ld %ld\", &a, &b) != 2) quit(3, \"two numbers\");\n\
      if (a < 1 || a > 1000 || b < 1 || b > 1000) quit(3, \"out of range\");\n\
      quit(0, \"valid\");\n\
    }\n";

/// A solution right on inputs whose first number is at most `limit`, wrong (0) beyond.
pub fn right_up_to(limit: u32) -> String {
    format!("a, b = map(int, input().split())\nprint(a + b if a <= {limit} else 0)\n")
}

/// [`sum`]'s package, whose programs run: samples (test 1), `small` (tests 2–3, 40 points, all or nothing), `large`
/// (tests 4–5, 30 points each); test `n` is `n n` (test 5 is `500 500`). `solutions` are
/// `(tag, file, source)`.
pub fn sum(root: &Path, solutions: &[(&str, &str, String)]) {
    write(root, "files/testlib.h", SUM_HEADER);
    write(root, "files/check.cpp", SUM_CHECKER);
    write(root, "files/validator.cpp", SUM_VALIDATOR);
    for test in 1..=5 {
        let a = if test == 5 { 500 } else { test };
        write(root, &format!("tests/{test:02}"), &format!("{a} {a}\n"));
        write(root, &format!("tests/{test:02}.a"), &format!("{}\n", 2 * a));
    }
    write(root, "files/tests/validator-tests/01", "1 2000\n");
    write(root, "files/tests/checker-tests/01", "1 1\n");
    write(root, "files/tests/checker-tests/01.a", "2\n");
    write(root, "files/tests/checker-tests/01.o", "2\n");
    write(root, "files/tests/checker-tests/02", "1 1\n");
    write(root, "files/tests/checker-tests/02.a", "2\n");
    write(root, "files/tests/checker-tests/02.o", "3\n");
    let listed = solutions_xml(root, solutions);
    let tests = r#"        <test method="manual" sample="true" group="samples" points="0"/>
        <test method="manual" group="small" points="20"/>
        <test method="manual" group="small" points="20"/>
        <test method="manual" group="large" points="30"/>
        <test method="manual" group="large" points="30"/>"#;
    let groups = r#"      <groups>
        <group name="samples" points="0" points-policy="complete-group"/>
        <group name="small" points="40" points-policy="complete-group"/>
        <group name="large" points-policy="each-test"/>
      </groups>
"#;
    let rest = format!(
        r#"  <files>
    <resources><file path="files/testlib.h" type="h.g++"/></resources>
  </files>
  <assets>
    <checker type="testlib">
      <source path="files/check.cpp" type="cpp.g++17"/>
      <testset>
        <test-count>2</test-count>
        <input-path-pattern>files/tests/checker-tests/%02d</input-path-pattern>
        <output-path-pattern>files/tests/checker-tests/%02d.o</output-path-pattern>
        <answer-path-pattern>files/tests/checker-tests/%02d.a</answer-path-pattern>
        <tests><test verdict="ok"/><test verdict="wrong-answer"/></tests>
      </testset>
    </checker>
    <validators>
      <validator>
        <source path="files/validator.cpp" type="cpp.g++17"/>
        <testset>
          <test-count>1</test-count>
          <input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>
          <tests><test verdict="invalid"/></tests>
        </testset>
      </validator>
    </validators>
    <solutions>
{listed}    </solutions>
  </assets>
"#
    );
    write(
        root,
        "problem.xml",
        &problem_xml("sum", "Sum", "", (2000, 256), tests, groups, &rest),
    );
}

/// A solution of every kind a tag promises, each getting what its tag says.
pub fn kept_solutions() -> Vec<(&'static str, &'static str, String)> {
    vec![
        ("main", "sum.py", right_up_to(1000)),
        (
            "accepted",
            "sum.cpp",
            "#include <cstdio>\nint main() { long a, b; std::scanf(\"%ld %ld\", &a, &b); \
             std::printf(\"%ld\\n\", a + b); }\n"
                .to_string(),
        ),
        // Right on the samples and `small`, wrong on `large`.
        ("wrong-answer", "small_only.py", right_up_to(3)),
        (
            "time-limit-exceeded",
            "slow_on_500.py",
            "import time\na, b = map(int, input().split())\nif a == 500:\n    time.sleep(30)\n\
             print(a + b)\n"
                .to_string(),
        ),
        (
            "rejected",
            "off_by_one.py",
            "a, b = map(int, input().split())\nprint(a + b + 1)\n".to_string(),
        ),
    ]
}
