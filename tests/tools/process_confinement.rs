//! The attacks that would hurt the machine if they escaped, on the real binary: a fork storm
//! (run only where the report shows a process limit in force) and `kill(-1, SIGKILL)` (run
//! only where the report shows a PID namespace, so it cannot reach this test). Where the
//! kernel gives neither, they are reported as ignored with the reason printed; the suite's
//! `confinement` module tests every attack that is safe to try anywhere.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use libtest_mimic::Trial;

use crate::survivors::{assert_no_survivors, processes_with, unique_token, TOKEN_VAR};

/// The time limit of the attacks, in seconds.
const TIME_LIMIT: u64 = 1;

/// A test directory with the nim test the evil program answers ("second").
fn test_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("01.in"), "1\n2\n3 3\n").expect("write");
    std::fs::write(dir.path().join("01.ans"), "second\n").expect("write");
    dir
}

/// `stonejudge judge nim` on `dir` (report in `dir/report.json`) of `evil.c MODE TOKEN`, the
/// token also in the environment; returns the report, after checking that the run ended by
/// its wall-clock limit (as the report measures it: the whole command's time on a loaded
/// machine is no measure of the runner), that the judge did not hang, and that nothing
/// carrying the token is left.
fn judge(dir: &Path, mode: &str) -> serde_json::Value {
    let token = unique_token(mode);
    let evil: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/evil.c");
    let start = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_stonejudge"))
        .args(["judge", "nim", "--time-limit", &TIME_LIMIT.to_string()])
        .arg("--tests")
        .arg(dir)
        .arg("--json")
        .arg(dir.join("report.json"))
        .arg("--")
        .arg(&evil)
        .args([mode, &token])
        .env(TOKEN_VAR, &token)
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("process-confinement-cache"),
        )
        .stdin(Stdio::null())
        .output()
        .expect("run stonejudge");
    let elapsed = start.elapsed();
    assert!(
        output.status.code().is_some_and(|code| code <= 1),
        "judge {mode}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        elapsed <= HANG + compile_allowance(),
        "{mode}: the judge took {elapsed:?}"
    );
    assert_no_survivors(&token);
    let report = std::fs::read(dir.join("report.json")).expect("the JSON report");
    let report: serde_json::Value = serde_json::from_slice(&report).expect("a JSON report");
    let wall_limit = report["limits"]["wall_s"]
        .as_f64()
        .expect("the wall-clock limit");
    let wall = report["tests"][0]["wall_s"]
        .as_f64()
        .expect("the run's wall time");
    assert!(
        wall <= wall_limit + KILL_SLACK,
        "{mode}: the run went on {wall} s, past its wall-clock limit of {wall_limit} s: {report}"
    );
    report
}

/// How long a judge may take before it counts as hung: far beyond the wall-clock limit of its
/// one run, so that only a judge that never ends fails on it, however loaded the machine.
const HANG: Duration = Duration::from_secs(60);

/// How long after its wall-clock limit a run may still be measured running: the runner's
/// reaction to the deadline and the killing of every process of the run.
const KILL_SLACK: f64 = 1.0;

/// The first judge compiles `evil.c`; the later ones find it in the cache.
fn compile_allowance() -> Duration {
    static FIRST: OnceLock<()> = OnceLock::new();
    if FIRST.set(()).is_ok() {
        Duration::from_secs(30)
    } else {
        Duration::ZERO
    }
}

/// The report's `sandbox` section of a harmless run, or why the judge could not make one.
fn sandbox() -> Result<&'static serde_json::Value, &'static str> {
    static FOUND: OnceLock<Result<serde_json::Value, String>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let dir = test_dir();
            let report = judge(dir.path(), "trivial");
            match &report["tests"][0]["verdict"] {
                serde_json::Value::String(v) if v == "AC" => Ok(report["sandbox"].clone()),
                other => Err(format!("a harmless C program is not AC here: {other}")),
            }
        })
        .as_ref()
        .map_err(String::as_str)
}

/// Why the protections `fields` of the report are not all in force, if they are not.
fn missing(fields: &[&str]) -> Option<String> {
    match sandbox() {
        Err(why) => Some(why.to_string()),
        Ok(sandbox) => {
            let absent: Vec<&str> = (fields.iter().copied())
                .filter(|field| sandbox[*field].is_null())
                .collect();
            (!absent.is_empty()).then(|| {
                format!(
                    "the sandbox has no {} here (missing: {})",
                    absent.join(", "),
                    sandbox["missing"]
                )
            })
        }
    }
}

/// A trial that runs where the protections `fields` are in force, and is reported as ignored,
/// with the reason printed, where they are not.
fn needs(name: &str, fields: &'static [&'static str], test: fn()) -> Trial {
    crate::where_possible(
        format!("process_confinement::{name}"),
        missing(fields),
        test,
    )
}

pub fn trials() -> Vec<Trial> {
    vec![
        needs(
            "a_fork_storm_is_contained_and_ends_with_the_run",
            &["processes", "process_limit"],
            a_fork_storm_is_contained_and_ends_with_the_run,
        ),
        needs(
            "kill_minus_one_reaches_nothing_outside",
            &["processes"],
            kill_minus_one_reaches_nothing_outside,
        ),
    ]
}

/// Forking without end inside the process limit: TLE, within the limit + 2 s, nothing left.
fn a_fork_storm_is_contained_and_ends_with_the_run() {
    let dir = test_dir();
    let report = judge(dir.path(), "fork-storm");
    assert_eq!(report["tests"][0]["verdict"], "TLE", "{report}");
}

/// `kill(-1, SIGKILL)` from inside: the program itself is fine (AC), and a process of this
/// test outside the sandbox survives it.
fn kill_minus_one_reaches_nothing_outside() {
    let token = unique_token("sentinel");
    let mut sentinel = Command::new("sleep")
        .arg("30")
        .env(TOKEN_VAR, &token)
        .spawn()
        .expect("start a sentinel");
    let dir = test_dir();
    let report = judge(dir.path(), "kill-all");
    let alive = sentinel.try_wait().expect("sentinel status").is_none();
    let carrying = processes_with(&token).len();
    sentinel.kill().expect("end the sentinel");
    sentinel.wait().expect("reap the sentinel");
    assert_eq!(report["tests"][0]["verdict"], "AC", "{report}");
    assert!(alive, "the sentinel outside the sandbox was killed");
    assert_eq!(
        carrying, 1,
        "the sentinel is the only process with its token"
    );
}
