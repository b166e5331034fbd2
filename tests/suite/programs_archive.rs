//! An archive holding only a program-backed problem, "Take 1, 3 or 4" (its generator,
//! validator, reference, brute force, checker and a wrong solution are the files of
//! `tests/suite/programs_archive/`, in C++ and Python; the generator is C++ to keep the
//! many generator runs cheap): `testdata` writes its plan and
//! reproduces it byte for byte, `--check` catches drift, `judge` gives AC and WA, `stress`
//! finds the wrong solution's bug and shrinks it through the generator, `verify` passes and
//! fails on a planted mistake, and runs the brute force on every test it finishes within its
//! time budget, small group or not (failing when it checks none); and every kind of broken problem is an error naming the file,
//! with nothing written to `testdata/`.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use super::testdata_cli::snapshot;

pub const PROBLEM: &str = "take";

fn fixture(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/suite/programs_archive")
        .join(file)
}

/// Where the problem's files go in the archive, from where they are in the fixture.
const FILES: [(&str, &str); 9] = [
    ("problem.toml", "problem.toml"),
    ("statement.md", "statement.md"),
    ("gen.cpp", "gen.cpp"),
    ("validate.cpp", "validate.cpp"),
    ("brute.py", "brute.py"),
    ("check.cpp", "check.cpp"),
    ("sol.cpp", "solutions/accepted/sol.cpp"),
    ("sol.py", "solutions/accepted/sol.py"),
    ("wrong.cpp", "solutions/wrong_answer/wrong.cpp"),
];

/// A scratch archive holding only the problem, its test data not yet written.
pub fn archive() -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = problem_dir(root.path());
    for (from, to) in FILES {
        let target = dir.join(to);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::copy(fixture(from), &target).expect("copy");
    }
    write(&dir.join("hand/zero.in"), "1\n0\n");
    write(
        &dir.join("invalid/too-many.in"),
        &format!("101\n{}", "1\n".repeat(101)),
    );
    root
}

pub fn problem_dir(root: &Path) -> PathBuf {
    root.join("problems").join(PROBLEM)
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// Compiled programs are shared by the tests of this module.
pub fn cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("programs-archive-cache")
}

/// `stonejudge ARGS...` in `dir`: exit code, standard output, standard error.
pub fn stonejudge(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    stonejudge_caching_in(dir, &cache(), args)
}

/// The same, its compile cache (and the scratch folders it makes there) in `cache`.
pub fn stonejudge_caching_in(
    dir: &Path,
    cache: &Path,
    args: &[&str],
) -> (Option<i32>, String, String) {
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .current_dir(dir)
        .env("STONEJUDGE_CACHE", cache)
        .args(args)
        .output()
        .expect("run stonejudge");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn testdata_writes_the_plan_reproduces_it_and_check_catches_drift() {
    let root = archive();
    let (code, out, err) = stonejudge(root.path(), &["testdata", "-j", "2"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.starts_with("take: 7 tests"), "{out}");
    let dir = root.path().join("testdata").join(PROBLEM);
    let first = snapshot(&dir);
    let names: Vec<&str> = first.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names.len(), 14, "{names:?}");
    assert_eq!(
        first[0],
        ("01.ans".to_string(), b"first\nsecond\nsecond\n".to_vec())
    );
    // Test 05 is the hand-written file, answered by the reference.
    assert_eq!(first[8], ("05.ans".to_string(), b"second\n".to_vec()));
    // Byte for byte again, whatever the number of jobs.
    let (code, _, err) = stonejudge(root.path(), &["testdata", "-j", "1", PROBLEM]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(snapshot(&dir), first);
    let (code, out, err) = stonejudge(root.path(), &["testdata", "--check"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("matches its plan"), "{out}");

    write(&dir.join("03.ans"), "first\n");
    let (code, _, err) = stonejudge(root.path(), &["testdata", "--check"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("03.ans:1:1: differs"), "{err}");
}

#[test]
fn judge_gives_ac_and_wa_through_the_checker_program() {
    let root = archive();
    let (code, _, err) = stonejudge(root.path(), &["testdata"]);
    assert_eq!(code, Some(0), "{err}");
    let dir = problem_dir(root.path()).join("solutions");
    for (solution, expected) in [
        ("accepted/sol.py", Some(0)),
        ("accepted/sol.cpp", Some(0)),
        ("wrong_answer/wrong.cpp", Some(1)),
    ] {
        let program = dir.join(solution);
        let (code, out, err) = stonejudge(
            root.path(),
            &["judge", PROBLEM, "--", program.to_str().expect("UTF-8")],
        );
        assert_eq!(code, expected, "{solution}: {out}{err}");
        if expected == Some(1) {
            // The checker program's words are the verdict's message.
            assert!(out.contains("WA"), "{out}");
            assert!(out.contains("expected second, got first"), "{out}");
        } else {
            assert!(out.contains("take: all 7 tests AC"), "{out}");
        }
    }
}

#[test]
fn stress_finds_the_bug_and_shrinks_it_through_the_generator() {
    let root = archive();
    let wrong = problem_dir(root.path()).join("solutions/wrong_answer/wrong.cpp");
    let saved = root.path().join("case.in");
    let (code, out, err) = stonejudge(
        root.path(),
        &[
            "stress",
            PROBLEM,
            "--seed",
            "1",
            "--save",
            saved.to_str().expect("UTF-8"),
            "--",
            wrong.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        out.starts_with("FAILED case 0 (-max_n=30 -t=20 -seed=1): WA"),
        "{out}"
    );
    assert!(out.contains("shrunk through the generator"), "{out}");
    assert!(
        out.contains(
            "repro: stonejudge stress take --seed 1 --cases 1 --param max_n=30 --param t=20"
        ),
        "{out}"
    );
    // Smaller sizes were searched: one game, on a heap that is lost because n mod 7 == 2.
    let input = std::fs::read_to_string(&saved).expect("saved");
    let lines: Vec<u64> = input.lines().map(|l| l.parse().expect("number")).collect();
    assert_eq!(lines[0], 1, "{input}");
    assert_eq!(lines[1] % 7, 2, "{input}");
    // The correct solution survives.
    let good = problem_dir(root.path()).join("solutions/accepted/sol.cpp");
    let (code, out, err) = stonejudge(
        root.path(),
        &[
            "stress",
            PROBLEM,
            "--seed",
            "1",
            "--cases",
            "30",
            "--",
            good.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out, "OK: 30 cases passed (take, seeds 1..=30)\n");
}

/// Runs verify; the exit code and the report.
fn verify(root: &Path) -> (Option<i32>, String) {
    let (code, out, _) = stonejudge(root, &["verify", "-j", "2"]);
    (code, out)
}

#[test]
fn verify_passes_and_fails_on_a_planted_mistake() {
    let root = archive();
    assert_eq!(stonejudge(root.path(), &["testdata"]).0, Some(0));
    let (code, out) = verify(root.path());
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("verify: 5 items (partition 1/1): 5 passed, 0 failed"),
        "{out}"
    );
    assert!(out.contains("registry"), "{out}");

    // A wrong brute force disagrees on the small group; the wrong solution as accepted fails.
    let dir = problem_dir(root.path());
    std::fs::copy(
        dir.join("solutions/wrong_answer/wrong.cpp"),
        dir.join("solutions/accepted/planted.cpp"),
    )
    .expect("copy");
    let brute = std::fs::read_to_string(dir.join("brute.py")).expect("read");
    write(&dir.join("brute.py"), &brute.replace("(1, 3, 4)", "(1, 3)"));
    let (code, out) = verify(root.path());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("take/solutions/accepted/planted.cpp"), "{out}");
    assert!(out.contains("brute: brute force disagrees"), "{out}");
    assert!(out.contains("4 passed, 2 failed"), "{out}");
}

/// `verify --brute-time-limit BUDGET --json`: the exit code, the report and the problem's
/// `brute` check.
fn verify_brute(root: &Path, budget: &str) -> (Option<i32>, String, serde_json::Value) {
    let json = root.join("report.json");
    let json_arg = json.to_string_lossy().into_owned();
    let (code, out, _) = stonejudge(
        root,
        &[
            "verify",
            "-j",
            "2",
            "--brute-time-limit",
            budget,
            "--json",
            &json_arg,
        ],
    );
    let document: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).expect("json");
    let brute = (document["items"].as_array().expect("items").iter())
        .find(|item| item["id"] == PROBLEM)
        .and_then(|item| {
            (item["checks"].as_array()?.iter())
                .find(|c| c["name"] == "brute")
                .cloned()
        })
        .expect("the problem's brute check");
    (code, out, brute)
}

#[test]
fn the_brute_force_checks_every_test_it_finishes_in_time_without_small_groups() {
    // No group marked small: the brute force still runs on every test; on the two large ones
    // (heaps up to 10^18, searched position by position) it runs out of time, which is no
    // failure, and the five others are cross-checked.
    let root = archive();
    let dir = problem_dir(root.path());
    replace(&dir, "problem.toml", "small = true\n", "");
    assert_eq!(stonejudge(root.path(), &["testdata"]).0, Some(0));
    let (code, out, brute) = verify_brute(root.path(), "0.5");
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(brute["ok"], true, "{brute}");
    assert_eq!(
        brute["cross_checked"],
        serde_json::json!({ "tests": 7, "checked": 5, "too_large": 2 }),
        "{brute}"
    );
    assert!(
        out.contains("brute: agrees on 5 of 7 tests (2 too large for it)"),
        "{out}"
    );
}

#[test]
fn a_brute_force_that_checks_nothing_fails_verify() {
    let root = archive();
    let dir = problem_dir(root.path());
    write(&dir.join("brute.py"), "while True:\n    pass\n");
    assert_eq!(stonejudge(root.path(), &["testdata"]).0, Some(0));
    // With a group marked small, each of its tests out of time is a failure.
    let (code, out, brute) = verify_brute(root.path(), "0.2");
    assert_eq!(code, Some(1), "{out}");
    let detail = brute["detail"].as_str().expect("detail");
    assert!(
        detail.contains("test 02: in a group marked small, so the brute force must check it"),
        "{detail}"
    );
    // Without, a brute force that checks no test at all is still one.
    replace(&dir, "problem.toml", "small = true\n", "");
    let (code, out, brute) = verify_brute(root.path(), "0.2");
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(brute["cross_checked"]["checked"], 0, "{brute}");
    let detail = brute["detail"].as_str().expect("detail");
    assert!(
        detail.contains("the brute force checked none of the 7 tests"),
        "{detail}"
    );
}

/// `testdata` on the archive after `edit`: it fails (exit 1) with a message containing every
/// one of `expected`, and writes nothing.
fn rejected(edit: impl FnOnce(&Path), expected: &[&str]) {
    let root = archive();
    edit(&problem_dir(root.path()));
    let (code, out, err) = stonejudge(root.path(), &["testdata"]);
    assert_eq!(code, Some(1), "{out}{err}");
    for want in expected {
        assert!(err.contains(want), "expected {want:?} in:\n{err}");
    }
    assert!(!root.path().join("testdata").join(PROBLEM).exists());
}

fn replace(dir: &Path, file: &str, from: &str, to: &str) {
    let text = std::fs::read_to_string(dir.join(file)).expect("read");
    assert!(text.contains(from), "{file}: no {from:?}");
    write(&dir.join(file), &text.replacen(from, to, 1));
}

#[test]
fn a_missing_program_is_named_with_its_line() {
    rejected(
        |dir| replace(dir, "problem.toml", "brute.py", "brute2.py"),
        &[
            "problem.toml:11:9: brute brute2.py:",
            "brute2.py does not exist",
        ],
    );
}

#[test]
fn a_generator_that_crashes_or_prints_nothing_is_the_problems_error() {
    let generator = |edit: &'static str| {
        move |dir: &Path| {
            replace(dir, "problem.toml", "gen.cpp", "gen.py");
            write(&dir.join("gen.py"), edit);
        }
    };
    rejected(
        generator("import sys\nprint('1')\nsys.exit(3)\n"),
        &[
            "problem.toml:28:10",
            "group \"small\", seed 10",
            "generator gen.py -max_n=30 -t=20 -seed=10: failed (RE): exit code 3",
        ],
    );
    rejected(
        generator("pass\n"),
        &["generator gen.py -max_n=30 -t=20 -seed=10: printed nothing"],
    );
    rejected(
        generator("import random\nprint(1)\nprint(random.randint(0, 10**9))\n"),
        &["not deterministic"],
    );
}

#[test]
fn a_validator_rejecting_the_plans_own_tests_or_accepting_an_invalid_one_is_an_error() {
    rejected(
        |dir| replace(dir, "problem.toml", "3\n1\n2\n7\n", "3\n1\n2\n07\n"),
        &[
            "problem.toml:15:9: test 1 (a sample): the input is invalid: rejected by the validator validate.cpp (exit code 1): byte 8: leading zero",
        ],
    );
    rejected(
        |dir| {
            replace(
                dir,
                "problem.toml",
                "input = \"1\\n01\\n\"",
                "input = \"1\\n1\\n\"",
            )
        },
        &[
            "invalid inputs: ",
            "problem.toml:40:1: every validator accepts it",
        ],
    );
}

#[test]
fn folders_that_are_not_problems_are_named_and_paths_name_folders() {
    let root = archive();
    std::fs::create_dir_all(root.path().join("problems/notes")).expect("mkdir");
    write(
        &root.path().join("problems/notes/problem.toml"),
        "title = \"x\"\n",
    );
    let (code, _, err) = stonejudge(root.path(), &["testdata"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("problems/notes/problem.toml:"), "{err}");
    // The problem itself was still written, and a path names its folder from anywhere.
    assert!(root.path().join("testdata/take/01.in").is_file());
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let folder = problem_dir(root.path());
    let folder = folder.to_str().expect("UTF-8");
    let input = root.path().join("testdata/take/01.in");
    let (code, out, err) = stonejudge(
        elsewhere.path(),
        &["solve", folder, input.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "first\nsecond\nsecond\n");
    let bad = root.path().join("bad.in");
    write(&bad, "2\n1\n");
    let (code, _, err) = stonejudge(
        elsewhere.path(),
        &["validate", folder, bad.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(1));
    assert!(
        err.contains("bad.in: rejected by the validator validate.cpp"),
        "{err}"
    );
}

/// Compiles a C++ source of an exported package with g++.
fn compile(source: &Path, binary: &Path) {
    let status = std::process::Command::new("g++")
        .args(["-O1", "-o"])
        .arg(binary)
        .arg(source)
        .status()
        .expect("run g++");
    assert!(status.success(), "{}", source.display());
}

/// Runs a program with `stdin`; its exit code.
fn exit_code(program: &Path, args: &[&Path], stdin: &str) -> Option<i32> {
    let output = Command::new(program)
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("run");
    output.status.code()
}

#[test]
fn export_wraps_the_validator_and_the_checker_for_the_kattis_protocols() {
    let root = archive();
    let package = root.path().join("package");
    let (code, out, err) = stonejudge(
        root.path(),
        &[
            "export",
            PROBLEM,
            "--format",
            "kattis",
            "--out",
            package.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(code, Some(0), "{out}{err}");
    let yaml = std::fs::read_to_string(package.join("problem.yaml")).expect("problem.yaml");
    assert!(yaml.contains("validation: custom"), "{yaml}");
    assert!(package.join("submissions/accepted/sol.cpp").is_file());
    assert!(package.join("data/secret/07.ans").is_file());

    let bin = root.path().join("bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    let validator = bin.join("validator");
    compile(
        &package.join("input_validators/validate/validate.cpp"),
        &validator,
    );
    assert_eq!(exit_code(&validator, &[], "2\n5\n9\n"), Some(42));
    assert_eq!(exit_code(&validator, &[], "2\n5\n09\n"), Some(43));

    let checker = bin.join("checker");
    compile(&package.join("output_validators/take/check.cpp"), &checker);
    let input = package.join("data/sample/01.in");
    let answer = package.join("data/sample/01.ans");
    let feedback = root.path().join("feedback");
    std::fs::create_dir_all(&feedback).expect("mkdir");
    let args = [input.as_path(), answer.as_path(), feedback.as_path()];
    assert_eq!(
        exit_code(&checker, &args, "first second\nsecond\n"),
        Some(42)
    );
    assert_eq!(
        exit_code(&checker, &args, "first\nfirst\nsecond\n"),
        Some(43)
    );
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).expect("message");
    assert!(
        message.contains("case 2: expected second, got first"),
        "{message}"
    );
    assert_eq!(exit_code(&checker, &args, "first\n"), Some(43));
}
