//! The launch servers of a runner (see `stonejudge::run::launch`), seen from outside as the
//! processes they are: none before the first run, one per job running at the same time and
//! reused from run to run, replaced when one is killed, and all gone — reaped, not left as
//! zombies — when the runner is dropped.
//!
//! The checks count this process's children, so nothing else may start processes in the same
//! process: the test runs itself again, alone, in a fresh process of the test binary.

use std::time::{Duration, Instant};

use stonejudge::run::{Invocation, Limits, Runner, Stdin};

/// What marks a launch server on its command line.
const SERVER_MODE: &str = "__stonejudge_launch_server";

/// A child process of this test: its pid, state letter (`Z` for a zombie) and command line.
#[derive(Debug)]
struct ChildProcess {
    pid: i32,
    state: char,
    cmdline: String,
}

/// The children of this process, from `/proc`.
fn children() -> Vec<ChildProcess> {
    let me = std::process::id() as i32;
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // "pid (comm) state ppid ...": the command name may hold spaces and parentheses.
        let Some(after_name) = stat.rfind(')').map(|i| &stat[i + 2..]) else {
            continue;
        };
        let fields: Vec<&str> = after_name.split_whitespace().collect();
        if fields.get(1).and_then(|p| p.parse::<i32>().ok()) != Some(me) {
            continue;
        }
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        found.push(ChildProcess {
            pid,
            state: fields[0].chars().next().unwrap_or('?'),
            cmdline: String::from_utf8_lossy(&cmdline).replace('\0', " "),
        });
    }
    found
}

/// The live launch servers among this process's children.
fn servers() -> Vec<ChildProcess> {
    children()
        .into_iter()
        .filter(|c| c.cmdline.contains(SERVER_MODE) && c.state != 'Z')
        .collect()
}

/// Runs `sh -c 'printf %s "$GREETING"; cat'` with `input` on standard input and checks that it
/// printed the greeting (passed in its environment) and then the input.
fn greet(runner: &Runner, greeting: &str, input: &[u8]) {
    let invocation = Invocation::new("/bin/sh")
        .args(["-c", "printf %s \"$GREETING\"; cat"])
        .env("GREETING", greeting);
    let limits = Limits::new(Duration::from_secs(5), 256 << 20);
    let run = runner
        .run(&invocation, Stdin::Bytes(input), &limits)
        .expect("the program starts");
    assert_eq!(run.verdict(), None, "{run:?}");
    let mut expected = greeting.as_bytes().to_vec();
    expected.extend_from_slice(input);
    assert!(run.stdout == expected, "{greeting}: wrong output");
}

/// Set in the environment of the fresh process that runs the checks alone.
const ALONE: &str = "STONEJUDGE_TEST_LAUNCH_SERVERS_ALONE";

#[test]
fn launch_servers_are_started_lazily_reused_replaced_and_reaped() {
    if std::env::var_os(ALONE).is_some() {
        return count_launch_servers();
    }
    let name = "launch_server::launch_servers_are_started_lazily_reused_replaced_and_reaped";
    let alone = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args([name, "--exact", "--test-threads", "1", "--nocapture"])
        .env(ALONE, "1")
        .output()
        .expect("run the test binary again");
    let report = String::from_utf8_lossy(&alone.stdout);
    assert!(
        alone.status.success() && report.contains("1 passed"),
        "{report}{}",
        String::from_utf8_lossy(&alone.stderr)
    );
}

/// The checks themselves, in a process where nothing else runs.
fn count_launch_servers() {
    let runner = Runner::new(env!("CARGO_BIN_EXE_stonejudge"));
    assert!(
        servers().is_empty(),
        "a server before any run: {:?}",
        servers()
    );

    // Sequential runs share one server.
    for i in 0..20 {
        greet(
            &runner,
            &format!("run {i}: "),
            format!("input {i}\n").as_bytes(),
        );
    }
    let first = servers();
    assert_eq!(first.len(), 1, "{first:?}");

    // An input far larger than a pipe's buffer arrives whole (it is an in-memory file).
    let large: Vec<u8> = (0..3u32 << 20).map(|i| (i % 251) as u8).collect();
    greet(&runner, "large: ", &large);

    // Two threads at once need at most two servers.
    std::thread::scope(|scope| {
        for thread in 0..2 {
            let runner = &runner;
            scope.spawn(move || {
                for i in 0..10 {
                    greet(runner, &format!("thread {thread} run {i}: "), b"x");
                }
            });
        }
    });
    let concurrent = servers();
    assert!((1..=2).contains(&concurrent.len()), "{concurrent:?}");
    assert!(concurrent.iter().any(|s| s.pid == first[0].pid));

    // Killed while idle, the servers are replaced on the next run.
    for server in &concurrent {
        // SAFETY: signalling our own child.
        unsafe { libc::kill(server.pid, libc::SIGKILL) };
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while !servers().is_empty() {
        assert!(Instant::now() < deadline, "killed servers still alive");
        std::thread::sleep(Duration::from_millis(10));
    }
    greet(&runner, "after the kill: ", b"still works\n");
    let replaced = servers();
    assert_eq!(replaced.len(), 1, "{replaced:?}");
    assert!(concurrent.iter().all(|old| old.pid != replaced[0].pid));

    // Dropping the runner ends and reaps every server, dead or alive.
    drop(runner);
    let left = children();
    assert!(left.is_empty(), "children left after the runner: {left:?}");
}
