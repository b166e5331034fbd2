//! Kattis packages as they are (`package_fixtures`): `verify`, `judge`, `validate` and
//! `stress --gen --ref` on real packages in both formats, through the real binary.

use std::path::Path;

use serde_json::Value;

use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures as fixtures;

/// The item `id` of a verify document: (ok, skipped, the first line of every check's detail).
pub fn item(document: &Value, id: &str) -> (bool, bool, String) {
    let items = document["items"].as_array().expect("items");
    let found = items
        .iter()
        .find(|i| i["id"] == id)
        .unwrap_or_else(|| panic!("no item {id} in {document:#}"));
    let details: Vec<String> = found["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .map(|c| format!("{}: {}", c["name"].as_str().unwrap_or(""), c["detail"]))
        .collect();
    (
        found["ok"] == true,
        found["skipped"] == true,
        details.join("\n"),
    )
}

/// Package writers by folder name.
type Packages<'a> = &'a [(&'a str, fn(&Path) -> Vec<(&'static str, &'static str)>)];

/// Writes each package into `dir`: the submissions' ids with the verdict each should get.
fn write_packages(dir: &Path, packages: Packages<'_>) -> Vec<(String, &'static str)> {
    let mut expected = Vec::new();
    for (name, write) in packages {
        for (submission, verdict) in write(&dir.join(name)) {
            expected.push((format!("{name}/submissions/{submission}"), verdict));
        }
    }
    expected
}

/// Every submission of `expected` passed verify with its verdict.
fn assert_folder_verdicts(document: &Value, expected: &[(String, &str)]) {
    for (id, verdict) in expected {
        let (ok, _, details) = item(document, id);
        assert!(ok, "{id}: {details}");
        assert!(
            details.starts_with(&format!("verdict: \"{verdict}")),
            "{id} should get {verdict}: {details}"
        );
    }
}

#[test]
fn verify_gives_every_submission_its_folders_verdict_in_both_formats() {
    let dir = tempfile::tempdir().expect("tempdir");
    let expected = write_packages(
        dir.path(),
        &[
            ("double", fixtures::double),
            ("divisor", fixtures::divisor),
            ("multiple", fixtures::multiple),
        ],
    );
    let (output, document) = verify(dir.path(), &["double", "divisor", "multiple"]);
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        text(&output.stderr)
    );
    for package in ["double", "divisor", "multiple"] {
        let (ok, _, details) = item(&document, package);
        assert!(ok, "{package}: {details}");
        assert!(details.contains("input validators: \"4 inputs") || package != "double");
    }
    assert_folder_verdicts(&document, &expected);
    // The first failing test decides, in data/'s order, nested groups included.
    let (_, _, words) = item(&document, "double/submissions/wrong_answer/words");
    assert!(words.contains("test secret/group1/deep/03"), "{words}");
    let (_, _, crash) = item(&document, "double/submissions/run_time_error/crash");
    assert!(crash.contains("test secret/group1/01"), "{crash}");
    // The strict flag of data/secret/testdata.yaml reaches the output validator.
    let (_, _, trailing) = item(&document, "divisor/submissions/wrong_answer/trailing.cpp");
    assert!(
        trailing.contains("test secret/02: trailing output"),
        "{trailing}"
    );
    assert_eq!(document["failed"], 0);
}

#[test]
fn a_submission_in_the_wrong_folder_fails_verify_and_one_in_no_verdict_folder_is_left_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("multiple");
    fixtures::multiple(&package);
    std::fs::rename(
        package.join("submissions/wrong_answer/zero.py"),
        package.join("submissions/accepted/zero.py"),
    )
    .expect("move");
    std::fs::create_dir(package.join("submissions/bogus")).expect("mkdir");
    std::fs::write(package.join("submissions/bogus/x.py"), "print(1)\n").expect("write");
    let (output, document) = verify(dir.path(), &["multiple"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let (ok, _, details) = item(&document, "multiple/submissions/accepted/zero.py");
    assert!(!ok && details.contains("got WA"), "{details}");
    // A folder the format does not judge is left out, as problemtools leaves it: no item,
    // named in the package's note.
    let items = document["items"].as_array().expect("items");
    assert!(!items
        .iter()
        .any(|i| i["id"] == "multiple/submissions/bogus/x.py"));
    let (_, _, details) = item(&document, "multiple");
    assert!(
        details.contains("submissions/bogus/x.py: folder bogus/ is not one the format judges"),
        "{details}"
    );
    assert!(item(&document, "multiple/submissions/accepted/triple.py").0);
}

#[test]
fn judge_on_a_package_gives_each_test_its_verdict_and_the_kattis_verdict() {
    let dir = tempfile::tempdir().expect("tempdir");
    fixtures::double(&dir.path().join("double"));
    let output = stonejudge(dir.path())
        .args(["judge", "./double", "--time-limit", "2", "-j", "1"])
        .args(["--json", "report.json", "--"])
        .arg("double/submissions/wrong_answer/plus_one.c")
        .output()
        .expect("run judge");
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    let verdicts: Vec<(&str, &str)> = stdout
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            Some((words.next()?, words.next()?))
        })
        .take(4)
        .collect();
    assert_eq!(
        verdicts,
        [
            ("sample/1", "AC"),
            ("secret/02", "WA"),
            ("secret/group1/01", "AC"),
            ("secret/group1/deep/03", "AC"),
        ],
        "{stdout}"
    );
    assert!(stdout.contains("kattis verdict: WA"), "{stdout}");
    let report = std::fs::read_to_string(dir.path().join("report.json")).expect("report");
    let report: Value = serde_json::from_str(&report).expect("JSON");
    assert_eq!(
        report["tests"][1]["repro"],
        "stonejudge judge ./double --test secret/02 --time-limit 2 --memory-limit 1024 -- \
         double/submissions/wrong_answer/plus_one.c"
    );

    // A custom validator accepts an answer that is not the answer file's.
    fixtures::divisor(&dir.path().join("divisor"));
    let output = stonejudge(dir.path())
        .args(["judge", "divisor/", "--"])
        .arg("divisor/submissions/accepted/largest.py")
        .output()
        .expect("run judge");
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stderr.contains("time limit: slowest accepted"), "{stderr}");
}

/// The verdict of the whole data is the model's rule, read from the package's data tree: a
/// group stops at its first rejection unless `on_reject: continue`, and then its verdict is
/// the worst of its tests' or, under `grader_flags: first_error`, the first rejection.
#[test]
fn the_whole_data_verdict_follows_each_groups_on_reject_and_grader_flags() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Wrong on 1, a crash on 2, right on the rest.
    let program = "#include <stdio.h>\nint main(void){int n; if(scanf(\"%d\",&n)!=1) return 1; \
                   if(n==2) return 3; printf(\"%d\\n\", n + (n==1)); return 0;}\n";
    std::fs::write(dir.path().join("wrong_then_crash.c"), program).expect("write");
    let cases = [
        ("break", None, "WA"),
        ("worst", Some("on_reject: continue\n"), "RTE"),
        (
            "first",
            Some("on_reject: continue\ngrader_flags: first_error\n"),
            "WA",
        ),
    ];
    for (name, rules, verdict) in cases {
        let mut files = vec![
            ("problem.yaml", "name: Rules\n"),
            ("data/sample/0.in", "0\n"),
            ("data/sample/0.ans", "0\n"),
            ("data/secret/1.in", "1\n"),
            ("data/secret/1.ans", "1\n"),
            ("data/secret/2.in", "2\n"),
            ("data/secret/2.ans", "2\n"),
        ];
        files.extend(rules.map(|rules| ("data/secret/testdata.yaml", rules)));
        fixtures::write(&dir.path().join(name), &files);
        let output = stonejudge(dir.path())
            .args(["judge", name, "--time-limit", "2", "-j", "1", "--"])
            .arg("wrong_then_crash.c")
            .output()
            .expect("run judge");
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(1), "{name}: {stdout}");
        // Every test is judged whatever the rule: it only makes the verdict of the whole.
        assert!(stdout.contains("1 of 3 tests AC;"), "{name}: {stdout}");
        assert!(
            stdout.contains("1 WA") && stdout.contains("1 RE"),
            "{name}: {stdout}"
        );
        let line = format!("kattis verdict: {verdict}\n");
        assert!(stdout.contains(&line), "{name}: {stdout}");
    }
    let output = stonejudge(dir.path())
        .args(["describe", "worst", "--json"])
        .output()
        .expect("run describe");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let model: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let rule = &model["whole_verdict"];
    assert_eq!(rule["stops_at_rejection"], true, "{rule:#}");
    let secret = &rule["items"][1]["group"];
    assert_eq!(secret["name"], "secret", "{rule:#}");
    assert_eq!(secret["stops_at_rejection"], false, "{rule:#}");
    assert_eq!(secret["items"][0]["test"], "secret/1", "{rule:#}");
}

#[test]
fn interactive_packages_play_every_submission_against_their_interactor() {
    let dir = tempfile::tempdir().expect("tempdir");
    let expected = write_packages(
        dir.path(),
        &[("guess", fixtures::guess), ("guesspy", fixtures::guess_py)],
    );
    let (output, document) = verify(dir.path(), &["guess", "guesspy"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    for package in ["guess", "guesspy"] {
        let (ok, _, details) = item(&document, package);
        assert!(ok, "{package}: {details}");
        assert!(details.contains("interactive"), "{details}");
        assert!(details.contains("(the interactor)"), "{details}");
    }
    assert_folder_verdicts(&document, &expected);
    // The interactor's own words explain a rejection: it gave up first on one, and saw the
    // other end.
    let (_, _, linear) = item(&document, "guesspy/submissions/wrong_answer/linear.c");
    assert!(linear.contains("10 guesses, and none was 500"), "{linear}");
    let (_, _, gives_up) = item(&document, "guess/submissions/wrong_answer/gives_up.c");
    assert!(
        gives_up.contains("the program stopped before it guessed 500"),
        "{gives_up}"
    );
    let (_, _, no_flush) = item(
        &document,
        "guess/submissions/time_limit_exceeded/no_flush.c",
    );
    assert!(no_flush.contains("test sample/1"), "{no_flush}");

    let judge = |package: &str, submission: &str| {
        stonejudge(dir.path())
            .args(["judge", package, "-j", "2", "--"])
            .arg(format!("guess/submissions/{submission}"))
            .output()
            .expect("run judge")
    };
    let accepted = judge("./guesspy", "accepted/binary.cpp");
    let stdout = text(&accepted.stdout);
    assert_eq!(accepted.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("kattis verdict: AC"), "{stdout}");
    let crash = judge("./guess", "run_time_error/abort.cpp");
    let stdout = text(&crash.stdout);
    assert_eq!(crash.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("kattis verdict: RTE"), "{stdout}");
    assert!(stdout.contains("SIGABRT"), "{stdout}");

    // stress compares outputs, and a conversation has none to compare.
    let stress = stonejudge(dir.path())
        .args(["stress", "./guess", "--gen", "gen", "--ref", "ref", "--"])
        .arg("guess/submissions/accepted/binary.cpp")
        .output()
        .expect("run stress");
    assert_eq!(stress.status.code(), Some(2));
    assert!(
        text(&stress.stderr).contains("is an interactive package"),
        "{}",
        text(&stress.stderr)
    );
}

#[test]
fn legacy_scoring_packages_hold_each_submission_to_its_folders_verdict() {
    let dir = tempfile::tempdir().expect("tempdir");
    fixtures::scoring(&dir.path().join("scored"));
    let (output, document) = verify(dir.path(), &["scored"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let (ok, _, details) = item(&document, "scored/submissions/accepted/almost.py");
    assert!(!ok && details.contains("test secret/02"), "{details}");
    assert!(item(&document, "scored/submissions/accepted/double.py").0);
    let (ok, _, details) = item(&document, "scored/submissions/wrong_answer/half.py");
    assert!(ok && details.contains("WA with score"), "{details}");
}

#[test]
fn a_problem_yaml_that_does_not_parse_is_named_at_its_line_and_column() {
    let dir = tempfile::tempdir().expect("tempdir");
    fixtures::write(
        &dir.path().join("broken"),
        &[("problem.yaml", "name: Broken\nlimits:\n  memory: [1024\n")],
    );
    for args in [
        vec!["verify", "broken"],
        vec!["judge", "./broken", "--", "x.py"],
    ] {
        let output = stonejudge(dir.path()).args(&args).output().expect("run");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        let at = stderr
            .split("problem.yaml:")
            .nth(1)
            .unwrap_or_else(|| panic!("{args:?}: {stderr}"));
        let numbers: Vec<&str> = at.splitn(3, ':').take(2).collect();
        assert!(
            numbers.iter().all(|n| n.parse::<u32>().is_ok()),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn validate_runs_the_input_validators_with_their_groups_flags() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("double");
    fixtures::double(&package);
    let output = stonejudge(dir.path())
        .args(["validate", "./double"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    // 7 is fine where no flag is given, and too large for group1's `small`.
    std::fs::write(package.join("data/secret/group1/04.in"), "7\n").expect("write");
    std::fs::write(package.join("data/secret/group1/04.ans"), "14\n").expect("write");
    std::fs::write(dir.path().join("leading.in"), "07\n").expect("write");
    let output = stonejudge(dir.path())
        .args(["validate", "./double"])
        .output()
        .expect("run");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("group1/04.in: exit code 43"), "{stderr}");
    let output = stonejudge(dir.path())
        .args(["validate", "./double", "leading.in"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn stress_with_a_generator_and_reference_is_judged_by_the_package() {
    let dir = tempfile::tempdir().expect("tempdir");
    fixtures::double(&dir.path().join("double"));
    fixtures::write(
        dir.path(),
        &[(
            "gen.c",
            "#include <stdio.h>\n#include <stdlib.h>\n\
             int main(int argc, char **argv){printf(\"%ld\\n\", atol(argv[argc-1]) % 9 + 1); return 0;}\n",
        )],
    );
    let output = stonejudge(dir.path())
        .args([
            "stress",
            "./double",
            "--gen",
            "gen.c",
            "--ref",
            "double/submissions/accepted/double.cpp",
            "--time-limit",
            "1",
            "--seed",
            "1",
            "--cases",
            "20",
            "--",
            "double/submissions/wrong_answer/plus_one.c",
        ])
        .output()
        .expect("run stress");
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(
        stdout.contains("--- input") && stdout.contains("\n7\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("repro: stonejudge stress ./double --gen"),
        "{stdout}"
    );
}

/// A `.ctd` input validator runs in our own checktestdata engine: it passes valid data, names
/// the input's line:col when it rejects, and a broken script fails verify with the script's
/// line:col.
#[test]
fn a_checktestdata_validator_runs_natively() {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = |sample: &'static str, script: &'static str| {
        vec![
            ("problem.yaml", "name: Ctd\n"),
            ("data/sample/1.in", sample),
            ("data/sample/1.ans", "6\n"),
            ("input_validators/format.ctd", script),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()))\n",
            ),
        ]
    };
    let script = "INT(1, 1000)\nNEWLINE\n";
    fixtures::write(&dir.path().join("ctd"), &package("3\n", script));
    fixtures::write(&dir.path().join("spaced"), &package("3 \n", script));
    fixtures::write(
        &dir.path().join("broken"),
        &package("3\n", "INT(1, 1000\nNEWLINE\n"),
    );
    let (output, document) = verify(dir.path(), &["ctd", "spaced", "broken"]);
    let (ok, skipped, details) = item(&document, "ctd");
    assert!(ok && !skipped, "{details}");
    assert!(item(&document, "ctd/submissions/accepted/double.py").0);
    let (ok, _, details) = item(&document, "spaced");
    assert!(!ok, "{details}");
    assert!(
        details.contains("1:2: expected NEWLINE, found space"),
        "{details}"
    );
    let (ok, _, details) = item(&document, "broken");
    assert!(!ok, "{details}");
    assert!(details.contains("script error at 2:1"), "{details}");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
}
