//! Hostile packages and programs, through the real binary. A package's files must stay inside
//! it (`src/within.rs`): a test linked to `/etc/passwd`, a submission linked to a file
//! elsewhere, a `problem.toml` naming a program by `..`, a multi-GiB sparse test or a huge
//! `problem.yaml` are each refused with the file and why (exit 2), never read, never a hang,
//! and nothing outside the scratch directory changes. Programs that turn on the judge (signal
//! its server, write into their own input) are judged and change nothing. The verdicts say
//! why: the end of standard error beside the checker's message, and what the sandbox refused.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use serde_json::Value;

fn stonejudge(cwd: &Path) -> Command {
    let mut cmd = Command::cargo_bin("stonejudge").expect("the stonejudge binary is built");
    cmd.current_dir(cwd).timeout(Duration::from_secs(120)).env(
        "STONEJUDGE_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-cache"),
    );
    cmd
}

fn run(cmd: &mut Command) -> (Option<i32>, String, String) {
    let output = cmd.output().expect("run stonejudge");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// A small legacy Kattis package at `root`: echo the number; one accepted Python submission.
fn echo_package(root: &Path) {
    write(&root.join("problem.yaml"), "name: Echo\n");
    write(&root.join("data/sample/1.in"), "3\n");
    write(&root.join("data/sample/1.ans"), "3\n");
    write(&root.join("data/secret/2.in"), "5\n");
    write(&root.join("data/secret/2.ans"), "5\n");
    write(
        &root.join("submissions/accepted/echo.py"),
        "print(input())\n",
    );
}

/// Every file under `dir` with its length and modification time: what "nothing changed"
/// compares.
fn snapshot(dir: &Path) -> Vec<(PathBuf, u64, Option<std::time::SystemTime>)> {
    let mut all: Vec<_> = walkdir::WalkDir::new(dir)
        .follow_links(false)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| {
            let meta = std::fs::symlink_metadata(e.path()).expect("metadata");
            (e.path().to_path_buf(), meta.len(), meta.modified().ok())
        })
        .collect();
    all.sort();
    all
}

/// The package commands that read a package's files: each must refuse, naming `named` and
/// saying `why`, within the command's timeout (a hang fails the test): `judge` and `validate`
/// with exit 2 (the package cannot be used); `verify` fails the package's item (exit 1), or
/// exits 2 when the package cannot be read at all (its `problem.yaml`, its submissions).
fn assert_refused(cwd: &Path, package: &str, named: &str, why: &str) {
    let submission = format!("{package}/submissions/accepted/echo.py");
    let runs: [(Vec<&str>, &[i32]); 3] = [
        (vec!["judge", package, "--", &submission], &[2]),
        (vec!["verify", package], &[1, 2]),
        (vec!["validate", package], &[2]),
    ];
    for (args, expected) in runs {
        let start = Instant::now();
        let (code, out, err) = run(stonejudge(cwd).args(&args));
        assert!(
            code.is_some_and(|code| expected.contains(&code)),
            "{args:?}: exit {code:?}, expected {expected:?}: stdout:\n{out}\nstderr:\n{err}"
        );
        let said = format!("{out}{err}");
        assert!(
            said.contains(named) && said.contains(why),
            "{args:?}: {said}"
        );
        assert!(!said.contains("panicked"), "{args:?}: {said}");
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{args:?} took long"
        );
    }
}

#[test]
fn a_test_linked_out_of_the_package_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let outside = tempfile::tempdir().expect("temp dir");
    let secret = outside.path().join("passwd");
    write(&secret, "root:x:0:0\n");
    let package = dir.path().join("echo");
    echo_package(&package);
    std::os::unix::fs::symlink(&secret, package.join("data/secret/3.in")).expect("symlink");
    write(&package.join("data/secret/3.ans"), "1\n");
    let before = snapshot(outside.path());
    assert_refused(dir.path(), "./echo", "data/secret/3.in", "outside");
    // /etc/passwd itself, as the example has it.
    std::fs::remove_file(package.join("data/secret/3.in")).expect("rm");
    std::os::unix::fs::symlink("/etc/passwd", package.join("data/secret/3.in")).expect("symlink");
    assert_refused(dir.path(), "./echo", "/etc/passwd", "outside");
    assert_eq!(snapshot(outside.path()), before);
}

#[test]
fn a_submission_or_data_directory_linked_out_of_the_package_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let outside = tempfile::tempdir().expect("temp dir");
    write(&outside.path().join("elsewhere.py"), "print(input())\n");
    let package = dir.path().join("echo");
    echo_package(&package);
    std::os::unix::fs::symlink(
        outside.path().join("elsewhere.py"),
        package.join("submissions/accepted/linked.py"),
    )
    .expect("symlink");
    // Only `verify` reads the submissions.
    let (code, out, err) = run(stonejudge(dir.path()).args(["verify", "./echo"]));
    assert_eq!(code, Some(2), "stdout:\n{out}\nstderr:\n{err}");
    assert!(
        err.contains("linked.py") && err.contains("outside"),
        "{err}"
    );

    // A data group that is a link to a directory elsewhere, and one that loops.
    std::fs::remove_file(package.join("submissions/accepted/linked.py")).expect("rm");
    write(&outside.path().join("group/9.in"), "9\n");
    write(&outside.path().join("group/9.ans"), "9\n");
    std::os::unix::fs::symlink(outside.path().join("group"), package.join("data/secret/g"))
        .expect("symlink");
    assert_refused(dir.path(), "./echo", "data/secret/g", "outside");
    std::fs::remove_file(package.join("data/secret/g")).expect("rm");
    std::os::unix::fs::symlink(package.join("data"), package.join("data/secret/loop"))
        .expect("symlink");
    assert_refused(dir.path(), "./echo", "data/secret/loop", "holds it");
}

#[test]
fn huge_files_are_refused_without_being_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let package = dir.path().join("echo");
    echo_package(&package);
    // A 3 GiB problem.yaml, sparse: refused by its size.
    let yaml = std::fs::OpenOptions::new()
        .append(true)
        .open(package.join("problem.yaml"))
        .expect("open");
    yaml.set_len(3 << 30).expect("grow");
    assert_refused(dir.path(), "./echo", "problem.yaml", "more than the 1 MiB");
    std::fs::write(package.join("problem.yaml"), "name: Echo\n").expect("rewrite");

    // A 6 GiB sparse test answer: the judge refuses to read it (JE, exit 2) in seconds.
    let answer = std::fs::File::create(package.join("data/secret/2.ans")).expect("create");
    answer.set_len(6 << 30).expect("grow");
    let start = Instant::now();
    let (code, out, err) = run(stonejudge(dir.path()).args([
        "judge",
        "./echo",
        "--",
        "./echo/submissions/accepted/echo.py",
    ]));
    assert_eq!(code, Some(2), "stdout:\n{out}\nstderr:\n{err}");
    // The accepted submission's run on it, deriving the time limit, is the first judge error.
    assert!(
        err.contains("cannot derive the time limit")
            && err.contains("2.ans")
            && err.contains("more than the 512 MiB"),
        "{err}"
    );
    assert!(start.elapsed() < Duration::from_secs(60));
}

#[test]
fn problem_toml_paths_that_leave_the_folder_are_refused_at_their_line() {
    let root = tempfile::tempdir().expect("temp dir");
    let (code, _, err) = run(stonejudge(root.path()).args(["new", "takeaway", "--root", "."]));
    assert_eq!(code, Some(0), "{err}");
    let manifest = root.path().join("problems/takeaway/problem.toml");
    let original = std::fs::read_to_string(&manifest).expect("read");
    let outside = tempfile::tempdir().expect("temp dir");
    let elsewhere = outside.path().join("gen.py");
    write(&elsewhere, "print(1)\n");
    std::os::unix::fs::symlink(&elsewhere, root.path().join("problems/takeaway/linked.py"))
        .expect("symlink");
    for (replacement, why) in [
        ("generator = \"../../gen.py\"", "leaves the problem folder"),
        (
            "generator = \"/usr/bin/python3\"",
            "leaves the problem folder",
        ),
        ("generator = \"linked.py\"", "outside"),
    ] {
        let text = original.replace("generator = \"gen.py\"", replacement);
        assert_ne!(text, original);
        std::fs::write(&manifest, text).expect("write");
        let before = snapshot(outside.path());
        for args in [
            vec!["testdata", "takeaway"],
            vec!["gen", "takeaway", "--seed", "1"],
        ] {
            let (code, out, err) = run(stonejudge(root.path()).args(&args));
            assert_eq!(code, Some(2), "{replacement}: {args:?}: {out}\n{err}");
            assert!(err.contains("problem.toml:"), "{replacement}: {err}");
            assert!(
                err.contains("generator") && err.contains(why),
                "{replacement}: {err}"
            );
        }
        assert_eq!(snapshot(outside.path()), before);
    }
}

// --- hostile programs --------------------------------------------------------------------------

/// A directory of nim tests: 01 and 02, both "heaps 3 and 3: second".
fn nim_tests() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for name in ["01", "02"] {
        write(&dir.path().join(format!("tests/{name}.in")), "1\n2\n3 3\n");
        write(&dir.path().join(format!("tests/{name}.ans")), "second\n");
    }
    dir
}

/// `judge nim --tests DIR/tests --json` of `program`, and the JSON report's tests.
fn judge_nim(dir: &Path, program: &Path, extra: &[&str]) -> (Option<i32>, String, Vec<Value>) {
    let json = dir.join("report.json");
    let (code, out, err) = run(stonejudge(dir)
        .args(["judge", "nim", "--tests", "tests", "--json"])
        .arg(&json)
        .args(extra)
        .arg("--")
        .arg(program));
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(&json).unwrap_or_else(|_| panic!("no report: {out}\n{err}")),
    )
    .expect("JSON");
    let tests = report["tests"].as_array().expect("tests").clone();
    (code, out, tests)
}

fn script(dir: &Path, name: &str, text: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    write(&path, text);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

#[test]
fn a_wrong_answer_shows_the_end_of_standard_error_in_text_and_json() {
    let dir = nim_tests();
    let program = script(
        dir.path(),
        "wa.py",
        "import sys\nfor i in range(30):\n    print(f'debug {i}', file=sys.stderr)\n\
         print('assertion failed at line 40', file=sys.stderr)\nprint('first')\n",
    );
    let (code, out, tests) = judge_nim(dir.path(), &program, &[]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("| assertion failed at line 40"), "{out}");
    let stderr = tests[0]["stderr"].as_str().expect("a stderr field");
    assert!(stderr.ends_with("assertion failed at line 40"), "{stderr}");
    // The last 20 lines, marked as cut.
    assert!(
        stderr.starts_with("[... 11 earlier lines cut ...]\ndebug 11\n"),
        "{stderr}"
    );
    assert!(!tests[0]["message"].as_str().unwrap_or("").is_empty());

    // An accepted test has no stderr field value.
    let quiet = script(
        dir.path(),
        "ok.py",
        "import sys\nprint('x', file=sys.stderr)\nprint('second')\n",
    );
    let (code, _, tests) = judge_nim(dir.path(), &quiet, &[]);
    assert_eq!(code, Some(0));
    assert!(tests[0]["stderr"].is_null(), "{:?}", tests[0]);
}

#[test]
fn a_file_the_sandbox_refuses_is_named_with_the_flag_that_allows_it() {
    let dir = nim_tests();
    let outside = tempfile::tempdir().expect("temp dir");
    let secret = outside.path().join("secret.txt");
    write(&secret, "second\n");
    let program = script(
        dir.path(),
        "peek.py",
        &format!("print(open({:?}).read(), end='')\n", secret.display()),
    );
    let report = dir.path().join("sandbox.json");
    let (code, _, _) = run(stonejudge(dir.path())
        .args(["judge", "nim", "--tests", "tests", "--json"])
        .arg(&report)
        .arg("--")
        .arg(&program));
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("report")).expect("JSON");
    if report["sandbox"]["files"].is_null() {
        // Without Landlock the file is read and the answer is right: nothing was refused.
        assert_eq!(code, Some(0));
        eprintln!("note: no file confinement here; the refusal message is not exercised");
        return;
    }
    assert_eq!(code, Some(1));
    let message = report["tests"][0]["message"].as_str().expect("message");
    assert!(message.starts_with("exit code 1"), "{message}");
    assert!(
        message.contains("the sandbox likely refused a file"),
        "{message}"
    );
    assert!(message.contains("`--sandbox off` allows it"), "{message}");
    // And it does.
    let (code, out, _) = judge_nim(dir.path(), &program, &["--sandbox", "off"]);
    assert_eq!(code, Some(0), "{out}");
}

#[test]
fn a_program_that_signals_the_judge_or_writes_into_its_input_changes_nothing() {
    let dir = nim_tests();
    let before = std::fs::read(dir.path().join("tests/01.in")).expect("read");
    // Kill the process that started it (the launch server), every process it can reach, and
    // overwrite its own standard input through /proc; then answer correctly.
    let program = script(
        dir.path(),
        "hostile.sh",
        "#!/bin/sh\nkill -9 $PPID 2>/dev/null\nkill -9 -1 2>/dev/null\n\
         echo garbage 2>/dev/null >/proc/self/fd/0\necho second\n",
    );
    let (code, out, tests) = judge_nim(dir.path(), &program, &[]);
    // Whatever the program managed, both tests are judged, and judged alike.
    assert_eq!(tests.len(), 2, "{out}");
    assert_eq!(tests[0]["verdict"], tests[1]["verdict"], "{out}");
    assert!(matches!(code, Some(0 | 1)), "{out}");
    assert_eq!(
        std::fs::read(dir.path().join("tests/01.in")).expect("read"),
        before,
        "the test's input was changed"
    );
}
