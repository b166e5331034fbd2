//! Kattis packages in format 2025-09, through the real binary: `test_group.yaml` inherited
//! down `data/` with argument lists (a float tolerance that accepts `1.0000000` for `1.0`),
//! per-case `.yaml`, constants, `include/default/`, the validators' own cases
//! (`invalid_input/`, `invalid_answer/`, `invalid_output/`, `valid_output/`, answer
//! validators), every kind of requirement of `submissions.yaml` and of the default folders,
//! `verify --json` naming each submission's expectation, unknown keys (warnings at
//! file:line:col, errors under `--strict`) and what is refused as not supported (exit 2).

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;

use super::package_fixtures::write;

/// A compile cache shared by the tests of this file (and kept between runs).
fn shared_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("package-2025-cache")
}

fn stonejudge(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("stonejudge").expect("binary");
    cmd.current_dir(dir).env("STONEJUDGE_CACHE", shared_cache());
    cmd
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const PROBLEM_YAML: &str = "problem_format_version: 2025-09
name:
  en: Halve
uuid: 0b8a6f3e-4c1d-4f53-9d2e-6a1f2b3c4d5e
type: pass-fail
license: cc by-sa
rights_owner: The Stones
credits:
  authors: Ann Author <ann@example.com>
source: Stone Cup 2025
keywords: [arithmetic, floats]
languages: [python3, cpp]
limits:
  time_limit: 1
  memory: 512
  code: 64
constants:
  max_n: 1000000
";

/// Exit 42 when standard input is one integer 1 <= n <= max on a line; `--max M` sets max,
/// whose default is the package's constant `max_n`.
const VALIDATE_PY: &str = r#"import sys
args = sys.argv[1:]
limit = int("{{max_n}}")
if "--max" in args:
    limit = int(args[args.index("--max") + 1])
text = sys.stdin.read()
try:
    assert text.endswith("\n") and text.count("\n") == 1
    n = int(text)
    assert str(n) + "\n" == text and 1 <= n <= limit
except Exception:
    sys.exit(43)
sys.exit(42)
"#;

/// An answer validator: the answer is n/2 for the input named first (exit 42), else 43.
const CHECK_ANSWER_PY: &str = r#"import sys
n = int(open(sys.argv[1]).read())
try:
    ok = abs(float(sys.stdin.read()) - n / 2) < 1e-9
except ValueError:
    ok = False
sys.exit(42 if ok else 43)
"#;

/// The package `halve`: print n/2.
fn halve(root: &Path) {
    write(
        root,
        &[
            ("problem.yaml", PROBLEM_YAML),
            ("statement/problem.en.md", "Print $n/2$.\n"),
            ("input_validators/validate.py", VALIDATE_PY),
            ("answer_validators/check_answer.py", CHECK_ANSWER_PY),
            (
                "include/default/halving.py",
                "def halve(n):\n    return n / 2\n",
            ),
            (
                "data/sample/test_group.yaml",
                "output_validator_args: [float_tolerance, \"1e-6\"]\n",
            ),
            ("data/sample/1.in", "2\n"),
            ("data/sample/1.ans", "1.0\n"),
            (
                "data/secret/test_group.yaml",
                "output_validator_args: [float_tolerance, \"1e-6\"]\n\
                 input_validator_args: [--max, \"10\"]\n",
            ),
            // Inherits both lists from secret/.
            ("data/secret/small/01.in", "3\n"),
            ("data/secret/small/01.ans", "1.5\n"),
            ("data/secret/small/02.in", "4\n"),
            ("data/secret/small/02.ans", "2.0\n"),
            // Its own arguments, for the validator by name.
            (
                "data/secret/small/02.yaml",
                "input_validator_args:\n  validate: [--max, \"5\"]\ndescription: an even n\n",
            ),
            // 500 is over secret/'s --max 10: only its own test_group.yaml lets it through.
            (
                "data/secret/big/test_group.yaml",
                "input_validator_args: [--max, \"1000\"]\n",
            ),
            ("data/secret/big/01.in", "500\n"),
            ("data/secret/big/01.ans", "250\n"),
            ("data/invalid_input/zero.in", "0\n"),
            ("data/invalid_input/huge.in", "2000000\n"),
            ("data/invalid_input/spaces.in", " 4\n"),
            ("data/invalid_answer/wrong.in", "4\n"),
            ("data/invalid_answer/wrong.ans", "3\n"),
            ("data/invalid_output/off.in", "4\n"),
            ("data/invalid_output/off.ans", "2.0\n"),
            ("data/invalid_output/off.out", "2.1\n"),
            (
                "data/valid_output/test_group.yaml",
                "output_validator_args: [float_tolerance, \"1e-6\"]\n",
            ),
            ("data/valid_output/close.in", "4\n"),
            ("data/valid_output/close.ans", "2.0\n"),
            ("data/valid_output/close.out", "2.0000001\n"),
            (
                "submissions/accepted/halve.py",
                "n = int(input())\nprint(f\"{n / 2:.7f}\")\n",
            ),
            (
                "submissions/accepted/uses_include.py",
                "from halving import halve\nprint(halve(int(input())))\n",
            ),
            (
                "submissions/accepted/halve.cpp",
                "#include <cstdio>\nint main(){long long n; if(scanf(\"%lld\",&n)!=1) return 1; \
                 printf(\"%.1f\\n\", n/2.0);}\n",
            ),
            (
                "submissions/wrong_answer/floor.py",
                "print(int(input()) // 2)\n",
            ),
            (
                "submissions/wrong_answer/actually_right.py",
                "print(int(input()) / 2)\n",
            ),
            (
                "submissions/rejected/crash.py",
                "raise SystemExit(f\"no {input()}\")\n",
            ),
            // Crashes on odd n and is wrong on the sample: run_time_error/ permits WA here.
            (
                "submissions/run_time_error/odd.py",
                "n = int(input())\nassert n % 2 == 0\nprint(n if n == 2 else n / 2)\n",
            ),
            (
                "submissions/slow/spin.py",
                "n = int(input())\nwhile n >= 100:\n    pass\nprint(n / 2)\n",
            ),
            (
                "submissions/submissions.yaml",
                "# run_time_error/ also permits WA here\n\
                 run_time_error:\n  permitted: [AC, RTE, WA]\n\
                 wrong_answer/floor.py:\n  message: \"token 1\"\n  sample:\n    permitted: [AC]\n  \
                 secret/small:\n    required: [WA]\n\
                 \"slow/{spin,crawl}.py\":\n  permitted: [AC, TLE]\n  required: [TLE]\n  \
                 secret/big:\n    required: [TLE]\n  secret/small:\n    permitted: [AC]\n",
            ),
        ],
    );
}

/// `verify ARGS... --json`: the output and the JSON document.
fn verify(dir: &Path, args: &[&str]) -> (Output, Value) {
    let json = dir.join("verify.json");
    let output = stonejudge(dir)
        .arg("verify")
        .args(args)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run verify");
    let document = std::fs::read_to_string(&json).unwrap_or_else(|_| {
        panic!(
            "no JSON; stdout:\n{}\nstderr:\n{}",
            text(&output.stdout),
            text(&output.stderr)
        )
    });
    (output, serde_json::from_str(&document).expect("JSON"))
}

/// The item `id`: (ok, the check named `name`'s detail, every check as `name: detail`).
fn item(document: &Value, id: &str, name: &str) -> (bool, String, String) {
    let items = document["items"].as_array().expect("items");
    let found = items
        .iter()
        .find(|i| i["id"] == id)
        .unwrap_or_else(|| panic!("no item {id} in {document:#}"));
    let checks = found["checks"].as_array().expect("checks");
    let all: Vec<String> = checks
        .iter()
        .map(|c| format!("{}: {}", c["name"].as_str().unwrap_or(""), c["detail"]))
        .collect();
    let detail = checks
        .iter()
        .find(|c| c["name"] == name)
        .map(|c| c["detail"].as_str().unwrap_or("").to_string())
        .unwrap_or_default();
    (found["ok"] == true, detail, all.join("\n"))
}

#[test]
fn a_2025_package_is_verified_with_its_groups_validators_and_expectations() {
    let dir = tempfile::tempdir().expect("tempdir");
    halve(&dir.path().join("halve"));
    let (output, document) = verify(dir.path(), &["halve"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    // Only wrong_answer/actually_right.py breaks its expectation.
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert_eq!(document["failed"], 1, "{said}");
    let (ok, _, all) = item(&document, "halve", "package");
    assert!(ok, "{all}");
    for (check, says) in [
        ("package", "V2025_09 format, pass-fail"),
        // secret/big/01 (500) passes only with its own --max 1000.
        ("input validators", "4 inputs accepted by 1 validators"),
        ("answer validators", "answers accepted by 1 validators"),
        ("invalid inputs", "invalid inputs rejected"),
        ("invalid answers", "invalid answers rejected"),
        ("invalid outputs", "1 outputs rejected"),
        ("valid outputs", "1 outputs accepted"),
        ("time limit", "1 s, from problem.yaml"),
    ] {
        let (_, detail, _) = item(&document, "halve", check);
        assert!(detail.contains(says), "{check}: {detail}\n{all}");
    }
    let id = |s: &str| format!("halve/submissions/{s}");
    for (submission, origin) in [
        // 1.0000000 for 1.0: the lists of test_group.yaml reach the default validator.
        ("accepted/halve.py", "folder accepted"),
        // include/default/halving.py is added beside it.
        ("accepted/uses_include.py", "folder accepted"),
        ("accepted/halve.cpp", "folder accepted"),
        (
            "wrong_answer/floor.py",
            "folder wrong_answer; submissions.yaml wrong_answer/floor.py",
        ),
        ("rejected/crash.py", "folder rejected"),
        (
            "run_time_error/odd.py",
            "folder run_time_error, as submissions.yaml run_time_error changes it",
        ),
        // Brace expansion, a folder of its own, and test-group requirements.
        ("slow/spin.py", "submissions.yaml slow/{spin,crawl}.py"),
    ] {
        let (ok, expectation, all) = item(&document, &id(submission), "expectation");
        assert!(ok, "{submission}: {all}");
        assert!(
            expectation.starts_with(origin),
            "{submission}: {expectation}"
        );
    }
    let (_, floor, _) = item(&document, &id("wrong_answer/floor.py"), "expectation");
    assert!(
        floor.contains("wrong_answer/floor.py: secret/small"),
        "{floor}"
    );
    let (ok, verdict, all) = item(&document, &id("wrong_answer/actually_right.py"), "verdict");
    assert!(!ok, "{all}");
    assert!(
        verdict.contains("folder wrong_answer requires WA on at least one test case"),
        "{verdict}"
    );
}

#[test]
fn broken_validator_cases_and_expectations_are_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("halve");
    halve(&root);
    write(
        &root,
        &[
            // Valid input in invalid_input/, a right answer in invalid_answer/, a right
            // output in invalid_output/.
            ("data/invalid_input/fine.in", "4\n"),
            ("data/invalid_answer/right.in", "4\n"),
            ("data/invalid_answer/right.ans", "2\n"),
            ("data/invalid_output/same.in", "4\n"),
            ("data/invalid_output/same.ans", "2.0\n"),
            ("data/invalid_output/same.out", "2.0\n"),
            // A message no test gives, and a required TLE that never comes.
            (
                "submissions/submissions.yaml",
                "wrong_answer/floor.py:\n  message: \"no validator says this\"\n\
                 slow/spin.py:\n  permitted: [AC, TLE]\n  secret/small:\n    required: [TLE]\n",
            ),
        ],
    );
    let (output, document) = verify(dir.path(), &["halve"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    for (check, says) in [
        (
            "invalid inputs",
            "invalid_input/fine: every validator accepts it",
        ),
        (
            "invalid answers",
            "invalid_answer/right: every validator accepts it",
        ),
        ("invalid outputs", "invalid_output/same: AC"),
    ] {
        let (_, detail, all) = item(&document, "halve", check);
        assert!(detail.contains(says), "{check}: {detail}\n{all}");
    }
    let (ok, verdict, _) = item(
        &document,
        "halve/submissions/wrong_answer/floor.py",
        "verdict",
    );
    assert!(
        !ok && verdict.contains("\"no validator says this\""),
        "{verdict}"
    );
    let (ok, verdict, _) = item(&document, "halve/submissions/slow/spin.py", "verdict");
    assert!(
        !ok && verdict.contains("slow/spin.py: secret/small requires TLE"),
        "{verdict}"
    );
}

#[test]
fn unknown_keys_are_warnings_at_their_place_and_errors_under_strict() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("halve");
    halve(&root);
    let yaml =
        PROBLEM_YAML.replace("  memory: 512\n", "  memory: 512\n  memroy: 5\n") + "colour: red\n";
    write(
        &root,
        &[
            ("problem.yaml", &yaml),
            (
                "data/secret/big/test_group.yaml",
                "input_validator_args: [--max, \"1000\"]\non_reject: continue\n",
            ),
        ],
    );
    let line_of = |key: &str| {
        yaml.lines()
            .position(|l| l.trim_start().starts_with(key))
            .expect("key")
            + 1
    };
    let output = stonejudge(dir.path())
        .args(["validate", "./halve"])
        .output()
        .expect("validate");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let memroy = format!(
        "problem.yaml:{}:3: unknown key `limits.memroy`",
        line_of("memroy")
    );
    let colour = format!("problem.yaml:{}:1: unknown key `colour`", line_of("colour"));
    let on_reject = "test_group.yaml:2:1: unknown key `on_reject`";
    for warning in [&memroy, &colour, on_reject] {
        assert!(stderr.contains(warning), "{warning}:\n{stderr}");
    }
    for args in [
        vec!["validate", "./halve", "--strict"],
        vec!["verify", "halve", "--strict"],
        vec!["judge", "./halve", "--strict", "--", "x.py"],
    ] {
        let output = stonejudge(dir.path()).args(&args).output().expect("run");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&memroy) && stderr.contains("--strict"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn what_stonejudge_does_not_do_is_refused_with_exit_2_naming_the_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (package, file, contents, says) in [
        (
            "scoring",
            "problem.yaml",
            PROBLEM_YAML.replace("type: pass-fail", "type: scoring"),
            "type: scoring is not supported",
        ),
        (
            "multipass",
            "problem.yaml",
            PROBLEM_YAML.replace("type: pass-fail", "type: [multi-pass, interactive]"),
            "type: multi-pass is not supported",
        ),
        (
            "writing",
            "problem.yaml",
            PROBLEM_YAML.to_string() + "allow_file_writing: true\n",
            "allow_file_writing: true is not supported",
        ),
        (
            "score",
            "submissions/submissions.yaml",
            "accepted:\n  score: 100\n".to_string(),
            "submissions.yaml:2:3: score is not supported",
        ),
        (
            "args",
            "data/secret/test_group.yaml",
            "args: [--fast]\n".to_string(),
            "test_group.yaml:1:1: args is not supported",
        ),
    ] {
        let root = dir.path().join(package);
        halve(&root);
        write(&root, &[(file, &contents)]);
        let output = stonejudge(dir.path())
            .args(["verify", package])
            .output()
            .expect("verify");
        let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
        assert_eq!(output.status.code(), Some(2), "{package}: {said}");
        assert!(said.contains(says), "{package}: {says}\n{said}");
        let output = stonejudge(dir.path())
            .args(["judge", &format!("./{package}"), "--", "x.py"])
            .output()
            .expect("judge");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{package}: {stderr}");
        assert!(stderr.contains(says), "{package}: {stderr}");
    }
    // A required key missing is an error of the package itself.
    let root = dir.path().join("nameless");
    halve(&root);
    write(
        &root,
        &[("problem.yaml", &PROBLEM_YAML.replace("uuid:", "# uuid:"))],
    );
    let output = stonejudge(dir.path())
        .args(["verify", "nameless"])
        .output()
        .expect("verify");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("uuid is required in format 2025-09"),
        "{stderr}"
    );
}
