//! Confinement (`--sandbox`): real programs that reach for the network, write outside their
//! scratch directory, read another test's answer, fork without end, detach, or kill every
//! process they can, judged through the library on the evil suite's test; honest programs
//! with threads and deep recursion stay AC. Each attack is also run with the sandbox off,
//! where it must succeed, so that the check could fail. The attacks that would hurt the machine
//! unconfined (a fork storm, `kill(-1, SIGKILL)`) are in `tests/tools/process_confinement.rs`,
//! which runs them only where the protection is in force and reports them ignored elsewhere.
//!
//! The command-line side: `--sandbox strict` refuses to run on a system without a feature
//! (simulated with `STONEJUDGE_SANDBOX_WITHOUT`), `auto` says once what is missing and still
//! judges, the JSON report records the protections, and SIGINT ends `judge` and `stress` with
//! every program they started.

use std::io::ErrorKind;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use stonejudge::catalog;
use stonejudge::judge::{Judge, Judging, Test};
use stonejudge::run::{Program, Protections, Runner};
use stonejudge::verdict::Verdict;

use crate::evil::{fixtures, limits, unconfined, with_token, ANSWER, TIME_LIMIT};
use crate::survivors::{assert_no_survivors, processes_with, unique_token};

/// The protections of the fixtures' (confined, `auto`) runner.
fn protections() -> Protections {
    fixtures()
        .runner
        .protections()
        .expect("the launch server reports its protections")
}

/// Judges `program MODE TOKEN TARGET` with `runner` on the evil suite's test; checks that it
/// ended within the time limit + 2 s and that nothing of the run survives. Returns the verdict
/// and message.
fn attack(runner: &Runner, program: &Program, mode: &str, target: &str) -> (Verdict, String) {
    let token = unique_token(mode);
    let program = with_token(program, &[mode, &token, target], &token);
    let nim = catalog::find("nim").expect("nim is in the catalog");
    let dir = fixtures().dir.path();
    let judge = Judge {
        runner,
        program: &program,
        limits: limits(),
        judging: Judging::Output(&nim),
    };
    let start = Instant::now();
    let (judged, _) = judge.test(&Test {
        name: "test".into(),
        input: dir.join("test.in"),
        answer: dir.join("test.ans"),
    });
    let elapsed = start.elapsed();
    assert!(
        elapsed <= TIME_LIMIT + Duration::from_secs(2),
        "{mode}: the run took {elapsed:?}"
    );
    assert_no_survivors(&token);
    (judged.verdict, judged.message)
}

/// The attack through the confined runner must be stopped (AC: the program printed "second",
/// its sign of failure); unconfined it must succeed (it printed "first": rejected).
fn stopped_but_works_unconfined(mode: &str, target: &str) {
    let c = &fixtures().c;
    let confined = attack(&fixtures().runner, c, mode, target);
    assert_eq!(confined.0, Verdict::AC, "{mode} {target}: {}", confined.1);
    let free = attack(unconfined(), c, mode, target);
    assert_ne!(
        free.0,
        Verdict::AC,
        "{mode} {target} unconfined: {}",
        free.1
    );
}

// --- network --------------------------------------------------------------------------------

#[test]
fn no_connection_reaches_a_loopback_listener() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("listen on loopback");
    listener.set_nonblocking(true).expect("non-blocking");
    let port = listener.local_addr().expect("address").port().to_string();
    let c = &fixtures().c;
    let (verdict, message) = attack(&fixtures().runner, c, "connect", &port);
    assert_eq!(verdict, Verdict::AC, "{message}");
    match listener.accept() {
        Err(e) if e.kind() == ErrorKind::WouldBlock => {}
        other => panic!("a confined program reached the listener: {other:?}"),
    }
    let (verdict, _) = attack(unconfined(), c, "connect", &port);
    assert_ne!(verdict, Verdict::AC);
    assert!(
        listener.accept().is_ok(),
        "the unconfined connection arrives"
    );
}

// --- files ----------------------------------------------------------------------------------

/// A path for a file that must not appear, in `dir`; removed after the unconfined run made it.
fn must_not_appear(dir: &Path, what: &str) {
    let path: PathBuf = dir.join(format!("{}.escaped", unique_token(what)));
    let target = path.to_str().expect("a UTF-8 path");
    let c = &fixtures().c;
    let (verdict, message) = attack(&fixtures().runner, c, "write", target);
    assert_eq!(verdict, Verdict::AC, "{what}: {message}");
    assert!(
        !path.exists(),
        "a confined program wrote {}",
        path.display()
    );
    let (verdict, _) = attack(unconfined(), c, "write", target);
    assert_ne!(verdict, Verdict::AC, "{what} unconfined");
    assert!(path.exists());
    std::fs::remove_file(&path).expect("clean up");
}

#[test]
fn no_file_appears_in_home() {
    let home = std::env::var_os("HOME").expect("HOME is set");
    must_not_appear(Path::new(&home), "home");
}

#[test]
fn no_file_appears_in_the_archive_or_its_test_data() {
    must_not_appear(Path::new(env!("CARGO_MANIFEST_DIR")), "archive");
    must_not_appear(fixtures().dir.path(), "testdata");
}

#[test]
fn no_file_appears_in_tmp() {
    must_not_appear(&std::env::temp_dir(), "tmp");
}

#[test]
fn another_tests_answer_cannot_be_read() {
    let other = fixtures().dir.path().join("other.ans");
    std::fs::write(&other, "first\n").expect("write the other answer");
    stopped_but_works_unconfined("read", other.to_str().expect("UTF-8"));
}

// --- processes ------------------------------------------------------------------------------

#[test]
fn detached_grandchildren_die_with_the_run() {
    let (verdict, message) = attack(&fixtures().runner, &fixtures().c, "detach", "");
    assert_eq!(verdict, Verdict::AC, "{message}");
}

// --- honest programs ------------------------------------------------------------------------

/// Eight threads and a 200 000-frame recursion under 256 MiB: AC in every language (the stack
/// limit is not the memory limit, so threads get ordinary stacks).
#[test]
fn threads_and_deep_recursion_are_accepted() {
    let f = fixtures();
    for (name, program) in [("c++", &f.cpp), ("rust", &f.rust), ("python", &f.python)] {
        let (verdict, message) = attack(&f.runner, program, "threads-recursion", "");
        assert_eq!(verdict, Verdict::AC, "{name}: {message}");
    }
}

// --- the command line -----------------------------------------------------------------------

/// The evil suite's test as a test directory, and the C fixture's path.
fn test_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("01.in"), crate::evil::INPUT).expect("write");
    std::fs::write(dir.path().join("01.ans"), ANSWER).expect("write");
    (dir, fixtures().c.invocation.program.clone())
}

/// `stonejudge judge nim --tests DIR --json DIR/report.json --sandbox SANDBOX -- PROGRAM MODE`.
fn judge_command(dir: &Path, program: &Path, mode: &str, sandbox: &str) -> Command {
    Command::from_std(crate::nim_cli::judge_nim(
        dir,
        &["--sandbox", sandbox],
        program,
        mode,
    ))
}

#[test]
fn strict_refuses_without_a_feature_and_auto_says_what_is_missing() {
    let (dir, program) = test_dir();
    for feature in ["namespaces", "landlock", "seccomp"] {
        let strict = judge_command(dir.path(), &program, "trivial", "strict")
            .env("STONEJUDGE_SANDBOX_WITHOUT", feature)
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&strict.get_output().stderr).into_owned();
        assert!(
            stderr.contains("--sandbox strict") && stderr.contains(feature),
            "{feature}: {stderr}"
        );
        assert!(
            strict.get_output().stdout.is_empty(),
            "{feature}: ran anyway"
        );

        let auto = judge_command(dir.path(), &program, "trivial", "auto")
            .env("STONEJUDGE_SANDBOX_WITHOUT", feature)
            .assert()
            .success();
        let stderr = String::from_utf8_lossy(&auto.get_output().stderr).into_owned();
        assert_eq!(
            stderr.matches("sandbox: not confined in").count(),
            1,
            "{stderr}"
        );
        assert!(stderr.contains(feature), "{feature}: {stderr}");
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.path().join("report.json")).expect("report"))
                .expect("JSON");
        assert_eq!(report["sandbox"]["mode"], "auto");
        assert!(
            report["sandbox"]["missing"][0]
                .as_str()
                .is_some_and(|m| m.contains(feature)),
            "{report}"
        );
    }
    // With nothing to confine with, auto still judges, and correctly.
    judge_command(dir.path(), &program, "trivial", "auto")
        .env("STONEJUDGE_SANDBOX_WITHOUT", "namespaces,landlock,seccomp")
        .assert()
        .success();
    judge_command(dir.path(), &program, "exit2", "auto")
        .env("STONEJUDGE_SANDBOX_WITHOUT", "namespaces,landlock,seccomp")
        .assert()
        .code(1);
}

/// Without memory cgroups (switched off here; missing on many machines) `auto` and `strict`
/// both judge, with memory limited as address space, and say so once; the JSON report has no
/// memory protection and says why. `strict` does not require the cgroup (see
/// `Protections::absent`).
#[test]
fn without_a_memory_cgroup_auto_and_strict_judge_and_say_so() {
    let (dir, program) = test_dir();
    for sandbox in ["auto", "strict"] {
        let run = judge_command(dir.path(), &program, "malloc-64", sandbox)
            .env("STONEJUDGE_SANDBOX_WITHOUT", "cgroup")
            .assert()
            .code(1);
        let stdout = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
        let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
        assert!(
            stdout.contains("RE") && stdout.contains("exit code 3"),
            "{stdout}"
        );
        assert_eq!(stderr.matches("no memory cgroup").count(), 1, "{stderr}");
        assert!(!stderr.contains("not confined"), "{stderr}");
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.path().join("report.json")).expect("report"))
                .expect("JSON");
        assert!(report["sandbox"]["memory"].is_null(), "{report}");
        assert!(
            report["sandbox"]["missing"][0]
                .as_str()
                .is_some_and(|m| m.starts_with("cgroup: switched off")),
            "{report}"
        );
    }
}

#[test]
fn the_json_report_records_the_protections_in_force() {
    let (dir, program) = test_dir();
    judge_command(dir.path(), &program, "trivial", "auto")
        .assert()
        .success();
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("report.json")).expect("report"))
            .expect("JSON");
    let expected = serde_json::to_value(protections()).expect("serialisable");
    assert_eq!(report["sandbox"], expected);
    judge_command(dir.path(), &program, "trivial", "off")
        .assert()
        .success();
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("report.json")).expect("report"))
            .expect("JSON");
    assert_eq!(report["sandbox"]["mode"], "off");
    assert!(report["sandbox"]["network"].is_null());
}

/// Starts `stonejudge ARGS`, waits until a process with `token` runs, sends SIGINT, and checks
/// the exit status 130 and that no process of the run is left.
fn interrupt(args: &[&str], program: &Path, token: &str) {
    // Where an interrupted stress run may save its case: never the checkout.
    let cwd = tempfile::tempdir().expect("temp dir");
    let mut judge = std::process::Command::new(env!("CARGO_BIN_EXE_stonejudge"))
        .current_dir(cwd.path())
        .args(args)
        .arg("--")
        .arg(program)
        .args(["sleep", token])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start stonejudge");
    let deadline = Instant::now() + Duration::from_secs(30);
    // The judge's own command line holds the token too: wait for another process.
    let judge_pid = judge.id() as i32;
    while processes_with(token).iter().all(|&pid| pid == judge_pid) {
        assert!(Instant::now() < deadline, "the program never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    // SAFETY: signalling our own child.
    unsafe { libc::kill(judge.id() as i32, libc::SIGINT) };
    let status = judge.wait().expect("stonejudge ends");
    assert_eq!(status.code(), Some(130), "{args:?}: {status:?}");
    assert_no_survivors(token);
}

#[test]
fn sigint_ends_judge_and_stress_with_their_programs() {
    let (dir, program) = test_dir();
    let tests = dir.path().to_str().expect("UTF-8");
    for sandbox in ["auto", "off"] {
        let token = unique_token("sigint-judge");
        let args = [
            "judge",
            "nim",
            "--tests",
            tests,
            "--time-limit",
            "20",
            "--sandbox",
            sandbox,
        ];
        interrupt(&args, &program, &token);
        let token = unique_token("sigint-stress");
        let args = [
            "stress",
            "nim",
            "--cases",
            "100",
            "--time-limit",
            "20",
            "--sandbox",
            sandbox,
        ];
        interrupt(&args, &program, &token);
    }
}
