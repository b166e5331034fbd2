//! Memory accounting by cgroup, on the real binary: where `stonejudge` can make memory cgroups
//! (root with cgroup v1, or a delegated cgroup v2 subtree), a program that exhausts memory is
//! MLE in every language because the limit was hit — the C program that gives up with exit
//! code 3 when `malloc` fails is MLE, where `--sandbox off` says RE — while threads, a
//! 200 000-frame recursion and Python stay AC under 256 MiB; a crowd of processes each smaller
//! than the launch server (which lives in the cgroup) is MLE without taking the server down;
//! a trusted tool runs unlimited after a limited run; and no cgroup is left behind, after a
//! normal end, an OOM kill, SIGINT or a judge killed outright. Where no cgroup can be made,
//! every test here is reported as ignored and the reason is printed
//! (`tests/suite/confinement.rs` tests that fallback itself).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use libtest_mimic::{Failed, Trial};

/// The programs, from the suite's fixtures.
fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(name)
}

/// A test directory with the nim test every fixture answers ("second").
fn test_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("01.in"), "1\n2\n3 3\n").expect("write");
    std::fs::write(dir.path().join("01.ans"), "second\n").expect("write");
    dir
}

/// `stonejudge judge nim` on `dir` with the flags, then `PROGRAM MODE token`; the compile
/// cache is shared by every test here.
fn judge(dir: &Path, flags: &[&str], program: &Path, mode: &str) -> Command {
    let mut command = crate::nim_cli::judge_nim(dir, flags, program, mode);
    command
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cgroup-cache"),
        )
        .stdin(Stdio::null());
    command
}

/// Runs the judge to its end; checks that it left no cgroup; returns its output and report.
fn judged(mut command: Command) -> (Output, serde_json::Value) {
    let child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start stonejudge");
    let pid = child.id();
    let output = child.wait_with_output().expect("stonejudge ends");
    assert_no_cgroup_left(pid);
    let dir = command
        .get_args()
        .skip_while(|arg| *arg != "--json")
        .nth(1)
        .map(PathBuf::from)
        .expect("--json given");
    let report = std::fs::read(&dir)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or(serde_json::Value::Null);
    (output, report)
}

/// The cgroups of the judge `pid` (they are `stonejudge-<pid>-<n>`, somewhere under
/// `/sys/fs/cgroup`).
fn cgroups_of(pid: u32) -> Vec<PathBuf> {
    let prefix = format!("stonejudge-{pid}-");
    walkdir::WalkDir::new("/sys/fs/cgroup")
        .max_depth(8)
        .into_iter()
        .filter_entry(|entry| entry.file_type().is_dir())
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(&prefix))
        .map(|entry| entry.into_path())
        .collect()
}

fn assert_no_cgroup_left(pid: u32) {
    let left = cgroups_of(pid);
    assert!(left.is_empty(), "cgroups left behind: {left:?}");
}

/// Where the memory cgroup is in force, its description; else why not (printed once, as the
/// reason for skipping).
fn memory_cgroup() -> Result<&'static str, &'static str> {
    static FOUND: OnceLock<Result<String, String>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let dir = test_dir();
            let (output, report) = judged(judge(dir.path(), &[], &program("evil.c"), "trivial"));
            if !output.status.success() {
                return Err(format!(
                    "stonejudge cannot judge a trivial C program here: {}",
                    String::from_utf8_lossy(&output.stderr)
                ));
            }
            let sandbox = &report["sandbox"];
            match sandbox["memory"].as_str() {
                Some(how) => Ok(how.to_string()),
                None => Err(format!(
                    "no memory cgroup here: {}",
                    sandbox["missing"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|why| why.as_str())
                        .filter(|why| why.starts_with("cgroup"))
                        .collect::<Vec<_>>()
                        .join("; ")
                )),
            }
        })
        .as_ref()
        .map(String::as_str)
        .map_err(String::as_str)
}

/// A test that runs where a memory cgroup is in force, and is reported as ignored (the reason
/// printed by [`crate::main`]) where none can be made.
fn needs_cgroup(name: &str, test: fn()) -> Trial {
    let ignored = memory_cgroup().is_err();
    Trial::test(
        format!("memory_cgroup::{name}"),
        move || match memory_cgroup() {
            Ok(_) => {
                test();
                Ok(())
            }
            Err(reason) => Err(Failed::from(reason)),
        },
    )
    .with_ignored_flag(ignored)
}

/// Why the tests here cannot run, if they cannot.
pub fn unavailable() -> Option<&'static str> {
    memory_cgroup().err()
}

pub fn trials() -> Vec<Trial> {
    vec![
        needs_cgroup(
            "giving_up_when_malloc_fails_is_mle",
            giving_up_when_malloc_fails_is_mle,
        ),
        needs_cgroup(
            "exhausting_memory_is_mle_in_every_language",
            exhausting_memory_is_mle_in_every_language,
        ),
        needs_cgroup(
            "threads_recursion_and_python_are_accepted",
            threads_recursion_and_python_are_accepted,
        ),
        needs_cgroup(
            "a_crowd_of_small_processes_is_mle_and_its_launcher_survives",
            a_crowd_of_small_processes_is_mle_and_its_launcher_survives,
        ),
        needs_cgroup(
            "a_trusted_tool_after_a_limited_run_has_no_limit",
            a_trusted_tool_after_a_limited_run_has_no_limit,
        ),
        needs_cgroup("sigint_leaves_no_cgroup", sigint_leaves_no_cgroup),
        needs_cgroup(
            "a_killed_judge_leaves_no_cgroup",
            a_killed_judge_leaves_no_cgroup,
        ),
    ]
}

/// The verdict and message of the report's one test.
fn verdict(report: &serde_json::Value) -> (String, String) {
    let test = &report["tests"][0];
    let text = |key: &str| test[key].as_str().unwrap_or_default().to_string();
    (text("verdict"), text("message"))
}

/// 64 MiB blocks until `malloc` fails, then exit code 3: the cgroup's limit is hit (the kernel
/// kills it as it touches the block that does not fit), so MLE, with the peak at the limit;
/// under `--sandbox off` the address-space limit makes `malloc` fail first, and it is RE.
fn giving_up_when_malloc_fails_is_mle() {
    let dir = test_dir();
    let (output, report) = judged(judge(
        dir.path(),
        &["--memory-limit", "128"],
        &program("evil.c"),
        "malloc-64",
    ));
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let (verdict_name, message) = verdict(&report);
    assert_eq!(verdict_name, "MLE", "{message}");
    assert!(
        message.contains("killed by the kernel at the memory limit"),
        "{message}"
    );
    assert!(message.contains("peak 128 MiB of 128 MiB"), "{message}");
    assert!(report["sandbox"]["memory"].is_string(), "{report}");

    let (_, report) = judged(judge(
        dir.path(),
        &["--memory-limit", "128", "--sandbox", "off"],
        &program("evil.c"),
        "malloc-64",
    ));
    assert_eq!(verdict(&report).0, "RE", "{report}");
}

/// Heap growth in C, C++, Rust and Python and a bottomless recursion: each is killed at the
/// limit, whatever its runtime would have done when an allocation failed.
fn exhausting_memory_is_mle_in_every_language() {
    let dir = test_dir();
    for (file, mode) in [
        ("evil.c", "heap"),
        ("evil.c", "recursion"),
        ("evil.cpp", "bad-alloc"),
        ("evil.rs", "alloc"),
        ("evil.py", "memory"),
    ] {
        let (_, report) = judged(judge(
            dir.path(),
            &["--memory-limit", "64", "--time-limit", "2"],
            &program(file),
            mode,
        ));
        let (verdict_name, message) = verdict(&report);
        assert_eq!(verdict_name, "MLE", "{file} {mode}: {message}");
        assert!(
            message.contains("at the memory limit"),
            "{file} {mode}: {message}"
        );
    }
}

/// Eight threads and a 200 000-frame recursion under 256 MiB, in C++, Rust and Python: the
/// stack limit is not the memory limit, and the cgroup counts only what is used.
fn threads_recursion_and_python_are_accepted() {
    let dir = test_dir();
    for file in ["evil.cpp", "evil.rs", "evil.py"] {
        let (output, report) = judged(judge(
            dir.path(),
            &["--memory-limit", "256", "--time-limit", "5"],
            &program(file),
            "threads-recursion",
        ));
        let (verdict_name, message) = verdict(&report);
        assert_eq!(verdict_name, "AC", "{file}: {message} {output:?}");
        let peak = report["tests"][0]["memory_kib"].as_u64().unwrap_or(0);
        assert!(peak > 0 && peak < 256 << 10, "{file}: peak {peak} KiB");
    }
}

/// 40 processes of 3 MiB under a 48 MiB limit, each smaller than the launch server, which
/// lives in the same cgroup (its programs are born there): the OOM killer takes the program's
/// processes, so both tests are MLE and the server that judged the first judges the second.
fn a_crowd_of_small_processes_is_mle_and_its_launcher_survives() {
    let dir = test_dir();
    std::fs::copy(dir.path().join("01.in"), dir.path().join("02.in")).expect("copy");
    std::fs::copy(dir.path().join("01.ans"), dir.path().join("02.ans")).expect("copy");
    let (output, report) = judged(judge(
        dir.path(),
        &["--memory-limit", "48", "--time-limit", "2", "--jobs", "1"],
        &program("evil.c"),
        "crowd",
    ));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("launcher"), "{stderr}");
    for test in report["tests"].as_array().expect("tests") {
        assert_eq!(test["verdict"], "MLE", "{test}");
        let message = test["message"].as_str().unwrap_or_default();
        assert!(message.contains("at the memory limit"), "{message}");
    }
    assert_eq!(
        report["tests"].as_array().map(Vec::len),
        Some(2),
        "{report}"
    );
}

/// One launch server (a runner of one job), whose programs are all born in its memory cgroup:
/// a trusted tool (unconfined, unlimited) that needs 64 MiB runs right after a run limited to
/// 16 MiB, and the same program confined under 16 MiB is stopped there.
fn a_trusted_tool_after_a_limited_run_has_no_limit() {
    use stonejudge::run::{Invocation, Limits, Runner, Sandbox, Stdin};
    let runner = Runner::with_sandbox(env!("CARGO_BIN_EXE_stonejudge"), Sandbox::Auto);
    let small = Limits::new(Duration::from_secs(2), 16 << 20);
    let dd = |invocation: Invocation| {
        invocation.args(["if=/dev/zero", "of=/dev/null", "bs=64M", "count=1"])
    };
    let true_run = runner
        .run(&Invocation::new("/bin/true"), Stdin::Empty, &small)
        .expect("run true");
    assert!(true_run.exit.success(), "{true_run:?}");
    let tool = dd(Invocation::new("/bin/dd")).trusted();
    let tools = Limits::for_tools(Duration::from_secs(10));
    let run = runner.run(&tool, Stdin::Empty, &tools).expect("run dd");
    assert!(run.exit.success(), "the trusted dd: {run:?}");
    assert!(run.memory_limit_hit.is_none(), "{run:?}");
    let confined = runner
        .run(&dd(Invocation::new("/bin/dd")), Stdin::Empty, &small)
        .expect("run dd");
    assert!(
        confined.memory_limit_hit.is_some(),
        "the confined dd: {confined:?}"
    );
}

/// SIGINT while a program sleeps in its cgroup: exit 130, and the cgroup is gone.
fn sigint_leaves_no_cgroup() {
    let (mut judge, pid) = judge_with_a_sleeper();
    // SAFETY: signalling our own child.
    unsafe { libc::kill(pid as i32, libc::SIGINT) };
    let status = judge.wait().expect("stonejudge ends");
    assert_eq!(status.code(), Some(130), "{status:?}");
    assert_no_cgroup_left(pid);
}

/// SIGKILL to the judge while a program sleeps in its cgroup: its launch server sees the judge
/// gone, ends, and removes the cgroup (after the program, which dies with the server's PID
/// namespace).
fn a_killed_judge_leaves_no_cgroup() {
    let (mut judge, pid) = judge_with_a_sleeper();
    judge.kill().expect("SIGKILL stonejudge");
    judge.wait().expect("reap stonejudge");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !cgroups_of(pid).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_no_cgroup_left(pid);
}

/// `stonejudge judge` running a program that sleeps (20 s time limit), once its cgroup exists.
fn judge_with_a_sleeper() -> (std::process::Child, u32) {
    let dir = test_dir();
    let mut command = judge(
        dir.path(),
        &["--time-limit", "20"],
        &program("evil.c"),
        "sleep",
    );
    let child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start stonejudge");
    let pid = child.id();
    let deadline = Instant::now() + Duration::from_secs(30);
    while cgroups_of(pid).is_empty() {
        assert!(Instant::now() < deadline, "no cgroup appeared");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The cgroup is made before the program starts: give it time to be running in it.
    std::thread::sleep(Duration::from_millis(300));
    (child, pid)
}
