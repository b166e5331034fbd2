//! sinol-make packages whose tests are made the sinol-make way, through the real binary: a
//! C++ ingen that includes a header of `prog/` builds and runs in its output folder under
//! the sandbox (`auto` and `strict`), and a header changed rebuilds it; a package that
//! commits no tests, or inputs without outputs, or only its examples, is verified and judged
//! on the tests ingen and the model solution make (as `sinol-make verify` makes them first),
//! in a scratch folder that is gone afterwards, the package left as it was; committed tests
//! that differ from what is made are still reported.

use super::package_cli::{stonejudge, text};
use super::sinol_cli::{detail, judge};
use super::sinol_fixtures::{self as fixtures, Package};

/// The package of a C++ ingen including `prog/gen.h`, with the tests it and the model make
/// committed.
fn with_header() -> Package {
    let package = fixtures::generated();
    for (name, input, output) in [("abc1a", "1 2\n", "3\n"), ("abc1b", "30 12\n", "42\n")] {
        package.write(&format!("in/{name}.in"), input);
        package.write(&format!("out/{name}.out"), output);
    }
    package
}

/// `verify abc --sandbox MODE --json`: its exit code and document.
fn verify(package: &Package, sandbox: &str) -> (Option<i32>, serde_json::Value, String) {
    let json = package.dir.path().join("verify.json");
    let output = stonejudge(package.dir.path())
        .args(["verify", "abc", "--sandbox", sandbox, "--json"])
        .arg(&json)
        .output()
        .expect("run verify");
    let said = text(&output.stdout) + &text(&output.stderr);
    let document = std::fs::read_to_string(&json)
        .map(|t| serde_json::from_str(&t).expect("JSON"))
        .unwrap_or_else(|_| panic!("no JSON: {said}"));
    (output.status.code(), document, said)
}

/// Issue 34, C2: ingen compiles with the header beside it readable, and runs in the folder it
/// writes, confined (it was "Permission denied" on the header, then exit 126 on the shell
/// that changed directory); under `strict` too.
#[test]
fn ingen_including_a_header_of_prog_builds_and_runs_in_the_jail() {
    let package = with_header();
    for sandbox in ["auto", "strict"] {
        let (code, document, said) = verify(&package, sandbox);
        assert_eq!(code, Some(0), "--sandbox {sandbox}: {said}");
        assert_eq!(
            detail(&document, "abc", "ingen"),
            "2 inputs made again, the same",
            "--sandbox {sandbox}"
        );
        // Each solution's score card is in the report, as every scored format's is.
        let score = |id: &str| {
            let items = document["items"].as_array().expect("items");
            let item = items.iter().find(|item| item["id"] == id);
            item.map(|item| item["score"].clone())
        };
        assert_eq!(score("abc/prog/abc.cpp"), Some(100.0.into()), "{document}");
        assert_eq!(score("abc/prog/abcb1.cpp"), Some(0.0.into()), "{document}");
    }
    // The header is part of what ingen is built from: changed, ingen is built again and
    // makes other inputs, which the check names.
    package.write(
        "prog/gen.h",
        &fixtures::HEADER.replace("<< a <<", "<< a + 1 <<"),
    );
    let (code, document, said) = verify(&package, "auto");
    assert_eq!(code, Some(1), "{said}");
    let ingen = detail(&document, "abc", "ingen");
    assert!(
        ingen.contains("abc1a.in:1:1: differs: committed '1', ingen makes '2'"),
        "{ingen}"
    );
}

/// The files under `dir`, relative, sorted: what a run must leave as it was.
pub fn files_under(dir: &std::path::Path) -> Vec<String> {
    let mut files: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| {
            e.path()
                .strip_prefix(dir)
                .expect("under")
                .display()
                .to_string()
        })
        .collect();
    files.sort();
    files
}

/// Issue 34, C1: the sum package without `in/` and `out/` (sinol-make's usual package: ingen
/// and the model make them): verify scores every solution as expected on the 4 tests made,
/// judge gives the wrong solution its 40 points, and neither writes in the package nor
/// leaves its scratch folder in the cache.
#[test]
fn a_package_without_tests_is_judged_on_the_tests_made_first() {
    let package = fixtures::sum();
    for dir in ["in", "out"] {
        std::fs::remove_dir_all(package.root().join(dir)).expect("remove");
    }
    let before = files_under(&package.root());
    let cache = package.dir.path().join("cache");
    let json = package.dir.path().join("verify.json");
    let output = stonejudge(package.dir.path())
        .env("STONEJUDGE_CACHE", &cache)
        .args(["verify", "abc", "--json"])
        .arg(&json)
        .output()
        .expect("run verify");
    let said = text(&output.stdout) + &text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{said}");
    let document: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("JSON")).expect("JSON");
    assert_eq!(
        detail(&document, "abc", "tests"),
        "4 tests made as sinol-make gen makes them: 4 by ingen, 0 committed, outputs by the \
         model solution"
    );
    assert_eq!(
        detail(&document, "prog/abcb1.py", "score"),
        "40/100 (0 OK 0, 1 OK 40, 2 WA 0)"
    );
    let (code, report, stdout) = judge(&package, "abcb1.py", &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert_eq!(report["score"], 40.0, "{stdout}");
    assert_eq!(files_under(&package.root()), before, "the package changed");
    let tmp = files_under(&cache.join("tmp"));
    assert!(
        tmp.iter().all(|f| !f.contains("sinol-tests")),
        "left in the cache: {tmp:?}"
    );
}

/// Issue 34, C1 and C6: inputs committed, outputs not (made by `outgen`): the model makes
/// them, so the model is OK and the wrong solution loses only group 2 (it was RE on every
/// test); only the examples committed (group 0, as most packages do): the other groups are
/// made by ingen and scored, the example kept.
#[test]
fn missing_outputs_and_uncommitted_groups_are_made() {
    let package = fixtures::sum();
    std::fs::remove_dir_all(package.root().join("out")).expect("remove");
    let (output, document) = super::package_cli::verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert_eq!(
        detail(&document, "prog/abcb1.py", "score"),
        "40/100 (0 OK 0, 1 OK 40, 2 WA 0)"
    );
    let package = fixtures::sum();
    for name in ["abc1a", "abc1b", "abc2a"] {
        std::fs::remove_file(package.root().join(format!("in/{name}.in"))).expect("rm");
        std::fs::remove_file(package.root().join(format!("out/{name}.out"))).expect("rm");
    }
    let (output, document) = super::package_cli::verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert!(
        detail(&document, "abc", "tests")
            .starts_with("4 tests made as sinol-make gen makes them: 4 by ingen, 1 committed"),
        "{document}"
    );
    assert_eq!(
        detail(&document, "abc", "ingen"),
        "4 inputs made again, the same"
    );
    assert_eq!(
        detail(&document, "prog/abc.py", "score"),
        "100/100 (0 OK 0, 1 OK 40, 2 OK 60)"
    );
}

/// The regeneration check stays: a committed input that differs from what ingen makes is
/// named (and judged on what ingen makes, as sinol-make does after `gen`).
#[test]
fn a_committed_input_that_differs_from_ingen_s_is_still_reported() {
    let package = fixtures::sum();
    package.write("in/abc1a.in", "3 5\n");
    let (output, document) = super::package_cli::verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let ingen = detail(&document, "abc", "ingen");
    assert!(
        ingen.contains("abc1a.in:1:3: differs: committed '5', ingen makes '4'"),
        "{ingen}"
    );
    assert_eq!(
        detail(&document, "prog/abc.py", "score"),
        "100/100 (0 OK 0, 1 OK 40, 2 OK 60)"
    );
}

/// A shell ingen that keeps things beside itself (`$(dirname "$0")/../.cache`, as sinol-make's
/// own test package `gen` does) runs from a copy of `prog/`: the package gets no `.cache`.
#[test]
fn a_shell_ingen_writes_beside_itself_in_the_scratch_folder_only() {
    let package = fixtures::sum();
    for dir in ["in", "out"] {
        std::fs::remove_dir_all(package.root().join(dir)).expect("remove");
    }
    let ingen = std::fs::read_to_string(package.root().join("prog/abcingen.sh")).expect("ingen");
    let beside = ingen.replacen(
        "\n",
        "\nmkdir -p \"$(dirname \"$0\")/../.cache\" && echo 1 > \"$(dirname \"$0\")/../.cache/seen\" || exit 3\n",
        1,
    );
    package.write("prog/abcingen.sh", &beside);
    let (output, document) = super::package_cli::verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert_eq!(
        detail(&document, "prog/abc.py", "score"),
        "100/100 (0 OK 0, 1 OK 40, 2 OK 60)"
    );
    assert!(!package.root().join(".cache").exists());
}

/// Issue 34, C6: a test without its output, and no model solution to make it: the solution
/// judged on it gets a judge error (never the solution's fault), not RE or WA; with the
/// model solution there, the output is made and the test judged.
#[test]
fn a_test_without_an_output_is_a_judge_error() {
    let package = fixtures::sum();
    std::fs::remove_file(package.root().join("out/abc2a.out")).expect("remove");
    std::fs::remove_file(package.root().join("prog/abc.py")).expect("remove");
    let (code, report, stdout) = judge(&package, "abcb1.py", &[]);
    assert_eq!(code, Some(1), "{stdout}");
    let tests = report["tests"].as_array().expect("tests");
    let verdicts: Vec<&str> = (tests.iter())
        .map(|t| t["verdict"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(verdicts, ["AC", "AC", "AC", "JE"], "{stdout}");
    assert!(
        tests[3]["message"]
            .as_str()
            .is_some_and(|m| m.contains("abc2a.out")),
        "{stdout}"
    );
}

/// Issue 34, C13: a solution that sleeps past twice the time limit (by the wall clock, using
/// no CPU) is TL, as sinol-make kills it at `hard_time_limit` and says; the sum package's
/// limit is 2 s, and it sleeps 6 s on group 2.
#[test]
fn a_sleeping_solution_is_tl_at_twice_the_limit() {
    let sleeper = "import time\na, b = map(int, input().split())\n\
                   time.sleep(6 if a >= 50 else 0)\nprint(a + b)\n";
    let package = fixtures::sum();
    package.write("prog/abcs1.py", sleeper);
    let (code, report, stdout) = judge(&package, "abcs1.py", &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert_eq!(report["tests"][3]["verdict"], "TLE", "{stdout}");
    assert_eq!(report["score"], 40.0, "{stdout}");
}

/// Issue 34, C11: a task's library, as sinol-make's own `lib` and `lsa` packages have it:
/// `extra_compilation_args` compiles `prog/abclib.cpp` with the C++ solutions,
/// `extra_compilation_files` makes its header readable, and `extra_execution_files` lets the
/// Python solution import `prog/abclib.py`; both solutions get every point.
#[test]
fn extra_compilation_and_execution_files_are_honoured() {
    let solution = "#include <cstdio>\n#include \"abclib.h\"\n\
                    int main() { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; \
                    printf(\"%ld\\n\", add(a, b)); }\n";
    let config = format!(
        "title: Sum\nsinol_task_id: abc\ntime_limit: 2000\nmemory_limit: 262144\n\
         extra_compilation_files: [abclib.cpp, abclib.h]\n\
         extra_compilation_args:\n  cpp: [abclib.cpp]\n\
         extra_execution_files:\n  py: [abclib.py]\n\
         scores:\n  1: 40\n  2: 60\nsinol_expected_scores:\n{}{}{}",
        fixtures::expectation("abc.py", &[(0, "OK"), (40, "OK"), (60, "OK")], 100),
        fixtures::expectation("abc2.cpp", &[(0, "OK"), (40, "OK"), (60, "OK")], 100),
        fixtures::expectation("abc3.py", &[(0, "OK"), (40, "OK"), (60, "OK")], 100),
    );
    let package = fixtures::package(
        &config,
        &[
            ("abc2.cpp", solution),
            (
                "abc3.py",
                "from abclib import add\na, b = map(int, input().split())\nprint(add(a, b))\n",
            ),
            ("abclib.h", "long add(long a, long b);\n"),
            (
                "abclib.cpp",
                "#include \"abclib.h\"\nlong add(long a, long b) { return a + b; }\n",
            ),
            ("abclib.py", "def add(a, b):\n    return a + b\n"),
        ],
    );
    let (output, document) = super::package_cli::verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    for solution in ["prog/abc2.cpp", "prog/abc3.py"] {
        assert_eq!(
            detail(&document, solution, "score"),
            "100/100 (0 OK 0, 1 OK 40, 2 OK 60)"
        );
    }
}

/// Ctrl-C while ingen runs: verify exits 130 and the scratch folder of the tests being made
/// is gone from the cache (the package left as it was).
#[test]
fn an_interrupted_verify_leaves_no_made_tests_behind() {
    let package = fixtures::sum();
    for dir in ["in", "out"] {
        std::fs::remove_dir_all(package.root().join(dir)).expect("remove");
    }
    package.write(
        "prog/abcingen.sh",
        "#!/bin/bash\necho '1 2' > abc0.in\nsleep 120\n",
    );
    let before = files_under(&package.root());
    let cache = package.dir.path().join("cache");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("stonejudge"))
        .current_dir(package.dir.path())
        .env("STONEJUDGE_CACHE", &cache)
        .args(["verify", "abc"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start verify");
    // Ingen is running once its first input is in the scratch folder.
    let running = || {
        files_under(&cache.join("tmp"))
            .iter()
            .any(|f| f.ends_with("in/abc0.in"))
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    while !running() {
        assert!(std::time::Instant::now() < deadline, "ingen never started");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            child.kill().expect("kill");
            panic!("verify did not end after SIGINT");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(130));
    let left = files_under(&cache.join("tmp"));
    assert!(
        left.iter().all(|f| !f.contains("sinol-tests")),
        "left in the cache: {left:?}"
    );
    assert_eq!(files_under(&package.root()), before, "the package changed");
}

/// As sinol-make builds them, ingen is compiled with `_INGEN` defined and inwer with
/// `_INWER` (a package may keep their code behind them); and a committed input ingen does not
/// write is hand-written, as sinol-make takes it: judged, and no difference from ingen.
#[test]
fn ingen_and_inwer_see_their_macros_and_hand_written_inputs_are_kept() {
    let package = with_header();
    let ingen = std::fs::read_to_string(package.root().join("prog/abcingen.cpp")).expect("read");
    package.write(
        "prog/abcingen.cpp",
        &format!("#ifndef _INGEN\n#error ingen is compiled with _INGEN\n#endif\n{ingen}"),
    );
    package.write(
        "prog/abcinwer.cpp",
        "#ifndef _INWER\n#error inwer is compiled with _INWER\n#endif\n\
         #include <cstdio>\nint main() { long a, b; \
         return scanf(\"%ld %ld\", &a, &b) == 2 && a >= 0 && b >= 0 ? 0 : 1; }\n",
    );
    // Hand-written: in group 1, made by no program of the package.
    package.write("in/abc1z.in", "5 6\n");
    package.write("out/abc1z.out", "11\n");
    let (code, document, said) = verify(&package, "auto");
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(
        detail(&document, "abc", "ingen"),
        "2 inputs made again, the same"
    );
    assert!(
        detail(&document, "abc", "inwer").starts_with("4 inputs valid"),
        "{}",
        detail(&document, "abc", "inwer")
    );
}
