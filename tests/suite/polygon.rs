//! Polygon packages read by the real binary (`describe --json`): a full package with groups,
//! points and every test committed; a standard one whose generated tests are not committed;
//! an interactive one; and broken ones, each refused with its `file:line:col` (exit 2), or
//! read with a warning at its place. The commands that judge do not take a Polygon package
//! yet, and say so (exit 2).

use std::path::Path;

use serde_json::{json, Value};

use super::describe::{self, cases as count, groups, submission};
use super::polygon_fixtures::{full, generated, interactive, standard, write_problem_xml};
use super::programs_archive::{stonejudge, stonejudge_caching_in};

/// `describe ./package --json` of the package written by `write` into a temporary folder.
fn model(write: fn(&Path)) -> Value {
    let dir = tempfile::tempdir().expect("tempdir");
    write(&dir.path().join("package"));
    describe::model(dir.path(), "./package")
}

/// `describe ./package` of the package `write` makes and `change` breaks: its exit code and
/// its standard error.
fn broken(write: fn(&Path), change: impl FnOnce(&Path)) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("package");
    write(&root);
    change(&root);
    let (code, _, err) = stonejudge(dir.path(), &["describe", "./package", "--json"]);
    (code, err)
}

#[test]
fn a_full_package_reads_its_groups_points_programs_and_tags() {
    let sum = model(full);
    assert_eq!(
        (sum["name"].as_str(), sum["format"].as_str()),
        (Some("sum"), Some("polygon"))
    );
    let statements: Vec<(&str, &str)> = (sum["statements"].as_array().expect("statements").iter())
        .map(|s| {
            (
                s["language"].as_str().expect("code"),
                s["title"].as_str().expect("title"),
            )
        })
        .collect();
    assert_eq!(statements, [("ru", "Сумма"), ("en", "Sum")]);
    assert!(sum["statements"][1]["path"]
        .as_str()
        .expect("a path")
        .ends_with("statements/english/problem.tex"));
    assert_eq!(sum["limits"]["time"]["fixed"], 2.0);
    assert_eq!(sum["limits"]["memory_mib"], 256);
    assert_eq!(
        groups(&sum),
        [
            "samples",
            "small",
            "large",
            "huge",
            "invalid_input",
            "valid_output",
            "invalid_output"
        ]
    );
    assert_eq!(
        sum["groups"][1]["input_validator_args"],
        json!(["--testset", "tests", "--group", "small"])
    );
    assert_eq!(
        [
            count(&sum, "sample"),
            count(&sum, "secret"),
            count(&sum, "invalid_input")
        ],
        [1, 5, 1]
    );
    assert_eq!(
        [count(&sum, "valid_output"), count(&sum, "invalid_output")],
        [1, 1]
    );
    let secret = &sum["cases"][3];
    assert_eq!(
        (secret["name"].as_str(), secret["group"].as_str()),
        (Some("04"), Some("large"))
    );
    assert!(secret["answer"]
        .as_str()
        .expect("an answer")
        .ends_with("tests/04.a"));
    let rules: Vec<(&str, f64, &str)> = (sum["scoring"]["rules"].as_array().expect("rules").iter())
        .map(|r| {
            (
                r["name"].as_str().expect("name"),
                r["points"].as_f64().expect("points"),
                r["aggregation"].as_str().expect("aggregation"),
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            ("samples", 0.0, "min"),
            ("small", 40.0, "min"),
            ("large", 60.0, "sum"),
            ("huge", 0.0, "min")
        ]
    );
    assert_eq!(
        sum["scoring"]["dependencies"],
        json!([["small", ["samples"]], ["huge", ["small", "samples"]]])
    );
    let programs = &sum["programs"];
    assert_eq!(programs["checker"]["program"]["protocol"], "testlib");
    let checker = &programs["checker"]["program"]["program"]["program"];
    assert!(checker["path"]
        .as_str()
        .expect("a path")
        .ends_with("package/files/check.cpp"));
    assert_eq!(checker["language"], "cpp");
    assert!(checker["include"][0]
        .as_str()
        .expect("files/")
        .ends_with("package/files"));
    assert_eq!(programs["input_validators"][0]["protocol"], "exit_zero");
    let reference = programs["reference"]["program"]["path"]
        .as_str()
        .expect("a reference");
    assert!(reference.ends_with("solutions/ok.cpp"), "{reference}");
    assert_eq!(
        submission(&sum, "solutions/also_ok.py")["program"]["language"],
        "python3"
    );
    let wrong = &submission(&sum, "solutions/wrong.cpp")["expectation"]["verdicts"]["rules"][0];
    assert_eq!(
        (wrong["permitted"].clone(), wrong["required"].clone()),
        (json!(["AC", "WA"]), json!(["WA"]))
    );
    let partial = &submission(&sum, "solutions/partial.cpp")["expectation"]["verdicts"]["rules"];
    assert_eq!(partial[0]["tests"], Value::Null);
    assert_eq!(
        (
            partial[1]["tests"].as_str(),
            partial[1]["permitted"].clone()
        ),
        (Some("{02,03}"), json!(["AC"]))
    );
    assert_eq!(
        (partial[2]["tests"].as_str(), partial[2]["required"].clone()),
        (Some("{04,05}"), json!(["TLE"]))
    );
    let origin = partial[2]["origin"].as_str().expect("an origin");
    assert!(
        origin.ends_with("problem.xml:88:78 tag time-limit-exceeded on group large"),
        "{origin}"
    );
    assert_eq!(sum["warnings"], json!([]));
    assert_eq!(sum["unsupported"], json!([]));
}

#[test]
fn a_full_package_is_described_in_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    full(&dir.path().join("package"));
    let (code, text, err) = stonejudge(dir.path(), &["describe", "./package"]);
    assert_eq!(code, Some(0), "{err}");
    for line in [
        "sum: Polygon, read from ./package",
        "statement ru: \"Сумма\"",
        "  large: 2 cases, 60 points (each test an equal share), input validators get --testset tests --group large",
        "scoring: 100 points over 2 groups",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
}

#[test]
fn tests_the_generators_make_are_planned_as_cases_and_the_samples_are_read() {
    let sum = model(generated);
    assert_eq!(groups(&sum), ["sample", "tests", "invalid_input"]);
    assert_eq!([count(&sum, "sample"), count(&sum, "secret")], [2, 4]);
    assert_eq!(sum["limits"]["memory_mib"], 64);
    assert_eq!(sum["scoring"], Value::Null);
    assert_eq!(sum["unsupported"], json!([]));
    let steps = sum["plan"]["steps"].as_array().expect("a plan");
    let said: Vec<(String, Value)> = (steps.iter())
        .map(|s| (format!("{} {}", s["name"], s["args"]), s["writes"].clone()))
        .collect();
    assert_eq!(
        said,
        [
            (
                "\"gen\" [\"10\",\"1\"]".to_string(),
                json!({"stdout": {"case": "03"}})
            ),
            (
                "\"gen\" [\"10\",\"2\"]".to_string(),
                json!({"stdout": {"case": "04"}})
            ),
            (
                "\"multi\" [\"7\"]".to_string(),
                json!({"files": [{"case": "05", "file": "5"}, {"case": "06", "file": "6"}]})
            ),
        ]
    );
    assert!(steps[0]["program"]["path"]
        .as_str()
        .is_some_and(|p| p.ends_with("files/gen.cpp")));
    let mle = &submission(&sum, "solutions/wrong.cpp")["expectation"]["verdicts"]["rules"][0];
    assert_eq!(mle["required"], json!(["MLE"]));
}

#[test]
fn a_generator_that_is_not_an_executable_of_the_package_is_refused_at_its_test() {
    let (code, err) = broken(generated, |root| {
        let xml = std::fs::read_to_string(root.join("problem.xml")).expect("read");
        write_problem_xml(root, &xml.replace("cmd=\"gen 10 2\"", "cmd=\"nogen 10 2\""));
    });
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("problem.xml:15:9: generator \"nogen\" is not an executable of the package"),
        "{err}"
    );
}

#[test]
fn an_interactive_package_has_a_testlib_interactor_beside_its_checker() {
    let guess = model(interactive);
    let programs = &guess["programs"];
    assert_eq!(programs["interactor"]["protocol"], "testlib");
    let interactor = programs["interactor"]["program"]["program"]["path"]
        .as_str()
        .expect("a path");
    assert!(interactor.ends_with("files/interactor.cpp"), "{interactor}");
    assert_eq!(programs["checker"]["program"]["protocol"], "testlib");
    assert_eq!([count(&guess, "sample"), count(&guess, "secret")], [1, 2]);
    assert_eq!(guess["scoring"], Value::Null);
    let rule = |id: &str| submission(&guess, id)["expectation"]["verdicts"]["rules"][0].clone();
    assert_eq!(
        rule("solutions/slow.cpp")["permitted"],
        json!(["AC", "TLE", "MLE"])
    );
    assert_eq!(rule("solutions/wrong.cpp")["required"], json!(["PE"]));
    assert_eq!(rule("solutions/partial.cpp")["required"], json!(["JE"]));
}

#[test]
fn malformed_xml_is_refused_at_its_line_and_column() {
    let (code, err) = broken(full, |root| {
        let text = std::fs::read_to_string(root.join("problem.xml")).expect("read");
        write_problem_xml(root, &text.replacen("</names>", "</name>", 1));
    });
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("package/problem.xml:6:3: expected 'names' tag, not 'name'\n"),
        "{err}"
    );
}

#[test]
fn an_unknown_element_or_tag_is_a_warning_at_its_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("package");
    full(&root);
    let text = std::fs::read_to_string(root.join("problem.xml")).expect("read");
    let text = text.replacen("<tags>", "<novelty/>\n  <tags>", 1).replacen(
        "tag=\"accepted\"><source path=\"solutions/also_ok.py\"",
        "tag=\"do-not-run\"><source path=\"solutions/also_ok.py\"",
        1,
    );
    write_problem_xml(&root, &text);
    let (code, out, err) = stonejudge(dir.path(), &["describe", "./package", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let sum: Value = serde_json::from_str(&out).expect("json");
    let warnings: Vec<&str> = (sum["warnings"].as_array().expect("warnings").iter())
        .map(|w| w.as_str().expect("text"))
        .collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0].ends_with("problem.xml:93:3: unknown element <novelty> in <problem>: not read"),
        "{warnings:?}"
    );
    assert!(
        warnings[1].ends_with(
            "problem.xml:83:7: solutions/also_ok.py: tag \"do-not-run\" is not one Polygon has: \
             the solution is left out"
        ),
        "{warnings:?}"
    );
    assert!((sum["submissions"].as_array().expect("a list").iter())
        .all(|s| s["id"] != "solutions/also_ok.py"));
}

#[test]
fn a_missing_testlib_h_or_test_file_is_named_with_its_place() {
    let (code, err) = broken(full, |root| {
        std::fs::remove_file(root.join("files/testlib.h")).expect("rm");
    });
    assert_eq!(code, Some(2));
    assert!(
        err.contains("problem.xml:42:7: files/testlib.h is not in the package"),
        "{err}"
    );
    let (code, err) = broken(interactive, |root| {
        std::fs::remove_file(root.join("files/testlib.h")).expect("rm");
        let text = std::fs::read_to_string(root.join("problem.xml")).expect("read");
        write_problem_xml(
            root,
            &text.replace("<file path=\"files/testlib.h\" type=\"h.g++\"/>", ""),
        );
    });
    assert_eq!(code, Some(2));
    assert!(
        err.contains(
            "problem.xml:32:7: files/check.cpp is a testlib program, and the package has no \
             testlib.h"
        ),
        "{err}"
    );
    let (code, err) = broken(full, |root| {
        std::fs::remove_file(root.join("tests/06")).expect("rm");
    });
    assert_eq!(code, Some(2));
    assert!(
        err.contains("problem.xml:25:9: test 6 is manual, and its input ")
            && err.contains("package/tests/06 is not in the package"),
        "{err}"
    );
    let (code, err) = broken(full, |root| {
        let text = std::fs::read_to_string(root.join("problem.xml")).expect("read");
        write_problem_xml(
            root,
            &text.replacen("group=\"huge\" points", "group=\"giant\" points", 1),
        );
    });
    assert_eq!(code, Some(2));
    assert!(
        err.contains(
            "problem.xml:25:9: test 6 is in group giant, which the testset tests does not have"
        ),
        "{err}"
    );
}

#[test]
fn named_input_and_output_files_are_not_supported_and_say_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("package");
    interactive(&root);
    let text = std::fs::read_to_string(root.join("problem.xml")).expect("read");
    let text = text.replacen(
        "input-file=\"\" output-file=\"\"",
        "input-file=\"guess.in\" output-file=\"stdout\"",
        1,
    );
    write_problem_xml(&root, &text);
    let guess = describe::model(dir.path(), "./package");
    let unsupported = guess["unsupported"].as_array().expect("a list");
    assert_eq!(unsupported.len(), 1, "{unsupported:?}");
    let said = unsupported[0].as_str().expect("text");
    assert!(
        said.ends_with(
            "problem.xml:4:3: input-file=\"guess.in\": programs that read or write named \
             files instead of the standard streams are not supported yet (the model has no \
             place to say it)"
        ),
        "{said}"
    );
}

#[test]
fn judge_judges_a_full_package_by_its_checker_built_with_its_testlib_and_scores_its_groups() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("package");
    full(&root);
    // The checker rejects an output that differs from the answer; it builds only with the
    // package's files/ on its include path (`<testlib.h>` is not looked up beside it).
    std::fs::write(
        root.join("files/check.cpp"),
        "#include <testlib.h>\n#include <fstream>\n#include <iterator>\n#include <string>\n\
         std::string all(const char* p) { std::ifstream f(p); \
         return {std::istreambuf_iterator<char>(f), {}}; }\n\
         int main(int, char** argv) { return all(argv[2]) == all(argv[3]) ? 0 : 1; }\n",
    )
    .expect("write");
    let solution = |name: &str, text: &str| {
        std::fs::write(root.join("solutions").join(name), text).expect("write");
        format!("package/solutions/{name}")
    };
    let sum = solution("sum.py", "print(sum(map(int, input().split())))\n");
    let (code, out, err) = stonejudge(dir.path(), &["judge", "./package", "--", &sum]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("all 6 tests AC"), "{out}");
    assert!(out.contains("total        6           100/100"), "{out}");
    // Tests 1-3 (the sample and `small`) right, the rest wrong: `small` earns its 40.
    let small_only = solution(
        "small_only.py",
        "a, b = map(int, input().split())\nprint(a + b if a <= 3 else 0)\n",
    );
    let (code, out, err) = stonejudge(dir.path(), &["judge", "./package", "--", &small_only]);
    assert_eq!(code, Some(1), "{out}{err}");
    for line in [
        "04    WA",
        "small        2  AC       40/40",
        "large        2  WA       0/60",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    assert!(out.contains("total        6           40/100"), "{out}");
}

/// The names of the files of `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut found: Vec<String> = (std::fs::read_dir(dir).expect("read_dir"))
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    found
}

#[test]
fn judge_makes_a_standard_package_s_tests_by_its_generators_and_main_solution() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cache = tempfile::tempdir().expect("a cache");
    let root = dir.path().join("package");
    standard(&root);
    let judge = |solution: &str| {
        stonejudge_caching_in(
            dir.path(),
            cache.path(),
            &["judge", "./package", "-j", "2", "--", solution],
        )
    };
    let (code, out, err) = judge("package/solutions/sum.cpp");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("all 6 tests AC"), "{out}");
    // `multi` writes tests 5 and 6 with a first number of 500 or more: wrong there alone.
    let (code, out, err) = judge("package/solutions/wrong.cpp");
    assert_eq!(code, Some(1), "{out}{err}");
    for line in ["04 ", "05    WA", "06    WA"] {
        assert!(out.contains(line), "{line}: {out}");
    }
    assert!(!out.contains("03    WA"), "{out}");
    // Nothing is written into the package, and the scratch folder is gone.
    assert_eq!(names(&root.join("tests")), ["01", "01.a", "02", "02.a"]);
    let left: Vec<String> = (names(&cache.path().join("tmp")).into_iter())
        .filter(|n| n.starts_with("planned-tests"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_generator_that_crashes_or_writes_what_the_validator_rejects_is_named_at_its_test() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("package");
    standard(&root);
    let gen = |body: &str| {
        let text = format!(
            "#include \"testlib.h\"\n#include <cstdlib>\n#include <cstring>\n\
             int main(int argc, char* argv[]) {{ registerGen(argc, argv, 1);\n\
             if (strcmp(argv[1], \"1000\") == 0) {{ {body} }}\nprintf(\"1 1\\n\"); }}\n"
        );
        std::fs::write(root.join("files/gen.cpp"), text).expect("write");
    };
    let judge = || {
        stonejudge(
            dir.path(),
            &["judge", "./package", "--", "package/solutions/sum.cpp"],
        )
    };
    gen("abort();");
    let (code, out, err) = judge();
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        err.contains("problem.xml:15:9: test 04: generator run `gen 1000` failed"),
        "{err}"
    );
    gen("return 0;");
    let (code, out, err) = judge();
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        err.contains("problem.xml:15:9: test 04: the validator")
            && err.contains("rejects the made input: expected two numbers"),
        "{err}"
    );
    assert_eq!(names(&root.join("tests")), ["01", "01.a", "02", "02.a"]);
}

#[test]
fn testdata_writes_the_made_tests_into_the_package_and_check_names_each_difference() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("package");
    standard(&root);
    let testdata = |check: bool| {
        let mut args = vec!["testdata", "-j", "2", "./package"];
        if check {
            args.insert(1, "--check");
        }
        stonejudge(dir.path(), &args)
    };
    // Nothing committed but the samples: every made test and answer is a difference.
    let (code, out, err) = testdata(true);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        err.contains("tests/03: not in the package, and the plan makes it"),
        "{err}"
    );
    assert!(out.contains("10 files made, 8 differences"), "{out}");
    let (code, out, err) = testdata(false);
    assert_eq!(code, Some(0), "{out}{err}");
    let tests = root.join("tests");
    let mut expected: Vec<String> = (1..=6).map(|t| format!("{t:02}")).collect();
    expected.extend((1..=6).map(|t| format!("{t:02}.a")));
    expected.sort();
    assert_eq!(names(&tests), expected);
    // `multi` wrote test 6 as its file `6`: a number of 500 to 1000, then 6.
    let six = std::fs::read_to_string(tests.join("06")).expect("06");
    let (a, b) = six.trim().split_once(' ').expect("two numbers");
    let a: i64 = a.parse().expect("a number");
    assert!((500..=1000).contains(&a) && b == "6", "{six}");
    let answer = std::fs::read_to_string(tests.join("06.a")).expect("06.a");
    assert_eq!(answer, format!("{}\n", a + 6));
    let (code, out, err) = testdata(true);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("as the package commits them"), "{out}");
    std::fs::write(tests.join("04.a"), "0\n").expect("write");
    std::fs::remove_file(tests.join("05")).expect("remove");
    let (code, out, err) = testdata(true);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        err.contains("tests/04.a: differs from what the plan makes"),
        "{err}"
    );
    assert!(
        err.contains("tests/05: not in the package, and the plan makes it"),
        "{err}"
    );
    assert!(out.contains("2 differences"), "{out}");
}
