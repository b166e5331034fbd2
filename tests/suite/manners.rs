//! The judge's own manners, attacked through the real binary: jury programs that flood their
//! feedback files and output (the judge's peak memory, from the kernel, stays small, and the
//! message shows the head and counts the rest), that hang (a judge error naming the program
//! and its limit, never a verdict of the program judged nor an invalid input, and a time limit
//! derivation that stops at the first), a standard output closed under the judge (it ends
//! quietly, exit 141), and Ctrl-C as it starts (130, never an error), during a compile (nothing
//! left behind) and while it derives a time limit (nothing reported it did not finish).

use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::survivors::{assert_no_survivors, unique_token, TOKEN_VAR};
use crate::watched::Watched;

/// A command that has not ended by then hangs: the test fails.
const HANG: Duration = Duration::from_secs(300);

/// The most memory the judge may use whatever its programs write (docs/judging.md).
const JUDGE_MEMORY_KIB: u64 = 256 << 10;

/// How a run of `stonejudge` ended: its exit status, outputs, and peak memory when measured
/// ([`measured`]; 0 otherwise).
type Ended = Watched;

fn ended(output: std::process::Output, peak_kib: u64) -> Ended {
    Watched {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        peak_kib,
    }
}

/// Both outputs of `run`, for messages and searches.
fn both_outputs(run: &Ended) -> String {
    format!("{}{}", run.stdout, run.stderr)
}

fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("stonejudge")
}

/// `stonejudge ARGS` in `cwd`, compiling into the suite's cache for these tests.
fn stonejudge(cwd: &Path, args: &[&str]) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::new(binary());
    cmd.current_dir(cwd)
        .args(args)
        .timeout(HANG)
        .env("STONEJUDGE_CACHE", shared_cache());
    cmd
}

fn shared_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("manners-cache")
}

fn run(cmd: &mut assert_cmd::Command) -> Ended {
    ended(cmd.output().expect("run stonejudge"), 0)
}

/// Forks, executes `argv[2:]` and waits for it with `wait4`: its exit (128 + the signal when
/// one ended it) is this one's, and its `ru_maxrss` goes to the file `argv[1]`. A child of
/// this small process starts with a small high-water mark; a child of the (large) test
/// process would report the test process's (the kernel carries it over fork and exec).
const WAIT4: &str = "import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
open(sys.argv[1], 'w').write(str(usage.ru_maxrss))
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
";

/// `stonejudge ARGS` in `cwd`, with its peak resident memory in KiB as the kernel accounts it
/// (`ru_maxrss` of `wait4`: the judge's own, and that of the programs it reaped, whichever is
/// larger).
fn measured(cwd: &Path, args: &[&str]) -> Ended {
    let report = tempfile::NamedTempFile::new().expect("report file");
    let mut cmd = assert_cmd::Command::new("python3");
    cmd.current_dir(cwd)
        .arg("-c")
        .arg(WAIT4)
        .arg(report.path())
        .arg(binary())
        .args(args)
        .timeout(HANG)
        .env("STONEJUDGE_CACHE", shared_cache());
    let output = cmd.output().expect("run stonejudge");
    let text = std::fs::read_to_string(report.path()).expect("the peak memory");
    let peak_kib = text
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("ru_maxrss {text:?}"));
    ended(output, peak_kib)
}

fn assert_small(peak_kib: u64, what: &str) {
    assert!(
        peak_kib > 0 && peak_kib < JUDGE_MEMORY_KIB,
        "{what}: the judge peaked at {peak_kib} KiB"
    );
}

/// Writes `files` (path, text) under `root`.
fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
}

/// A legacy Kattis package `<tmp>/echo` (print the number read) judged by the Python output
/// validator `validator` (`output_validators/v.py`, which gets the protocol's arguments),
/// with `tests` secret tests and an accepted submission; more `files` beside.
fn package(validator: &str, tests: usize, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().join("echo");
    write(
        &root,
        &[
            ("problem.yaml", "name: Echo\nvalidation: custom\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "3\n"),
            ("output_validators/v.py", validator),
            ("submissions/accepted/echo.py", "print(input())\n"),
        ],
    );
    for i in 0..tests {
        let n = i + 10;
        write(
            &root,
            &[
                (&format!("data/secret/{i:03}.in"), &format!("{n}\n")),
                (&format!("data/secret/{i:03}.ans"), &format!("{n}\n")),
            ],
        );
    }
    write(&root, files);
    dir
}

/// An output validator that accepts the output when it equals the answer.
const COMPARING: &str = "import sys
answer = open(sys.argv[2]).read().split()
sys.exit(42 if sys.stdin.read().split() == answer else 43)
";

/// `judge ./echo --time-limit 2 [more] -- echo/submissions/accepted/echo.py --json FILE` in
/// `dir` (`more` may give another `--time-limit`), measured: how it ended (with its peak
/// memory), and the JSON report's tests.
fn judge_echo(dir: &Path, more: &[&str]) -> (Ended, Vec<Value>) {
    let json = dir.join("report.json");
    let json_arg = json.display().to_string();
    let mut args = vec!["judge", "./echo", "--json", &json_arg];
    if !more.contains(&"--time-limit") {
        args.extend(["--time-limit", "2"]);
    }
    args.extend(more);
    args.extend(["--", "echo/submissions/accepted/echo.py"]);
    let ended = measured(dir, &args);
    let report: Value = match std::fs::read_to_string(&json) {
        Ok(text) => serde_json::from_str(&text).expect("JSON"),
        Err(e) => panic!("no report ({e}): {}", both_outputs(&ended)),
    };
    let tests = report["tests"].as_array().expect("tests").clone();
    (ended, tests)
}

/// The package's first secret test judged (`more` flags) with `validator` as its output
/// validator, the judge exiting `exit`: its verdict and message, and the judge's peak memory.
fn judged_by(validator: &str, more: &[&str], exit: i32) -> (String, String, u64) {
    let dir = package(validator, 1, &[]);
    let mut flags = vec!["--test", "secret/000"];
    flags.extend(more);
    let (ended, tests) = judge_echo(dir.path(), &flags);
    ended.assert_exit(exit);
    let (verdict, message) = test_result(&tests, "secret/000");
    (verdict.to_string(), message.to_string(), ended.peak_kib)
}

/// The verdict and message of the report's test named `name`.
fn test_result<'r>(tests: &'r [Value], name: &str) -> (&'r str, &'r str) {
    let test = (tests.iter())
        .find(|t| t["test"] == name)
        .unwrap_or_else(|| panic!("no test {name} in {tests:?}"));
    (
        test["verdict"].as_str().expect("verdict"),
        test["message"].as_str().expect("message"),
    )
}

#[test]
fn an_output_validator_writing_a_large_judgemessage_costs_the_judge_no_memory() {
    // The message's first line, then 7 MiB written for real, a MiB at a time: a validator may
    // write 8 MiB into a feedback file, as much as to its standard output (docs/judging.md).
    let validator = "import sys
with open(sys.argv[3] + 'judgemessage.txt', 'w') as f:
    f.write('wrong answer: expected more\\n')
    chunk = 'x' * (1 << 20)
    for _ in range(7):
        f.write(chunk)
sys.exit(43)
";
    let (verdict, message, peak) = judged_by(validator, &[], 1);
    assert_eq!(verdict, "WA", "{message}");
    assert!(
        message.starts_with("wrong answer: expected more\nxxxx"),
        "{message}"
    );
    assert!(
        message.contains("x … and ") && message.ends_with(" MiB more"),
        "{message}"
    );
    assert!(message.len() < 4000, "{} bytes", message.len());
    assert_small(peak, "judgemessage.txt of 7 MiB");
}

#[test]
fn a_large_teammessage_costs_the_judge_no_memory() {
    // A sparse file: its size is what a judge reading it whole would pay for.
    let validator = "import os, sys
with open(sys.argv[3] + 'teammessage.txt', 'w') as f:
    f.truncate(7 << 20)
open(sys.argv[3] + 'judgemessage.txt', 'w').write('fine')
sys.exit(42)
";
    let (verdict, message, peak) = judged_by(validator, &[], 0);
    assert_eq!((verdict.as_str(), message.as_str()), ("AC", "fine"));
    assert_small(peak, "teammessage.txt of 7 MiB");
}

#[test]
fn an_output_validator_writing_past_the_jury_file_limit_is_a_judge_error() {
    // 3 GiB is past the 8 MiB a validator may write into a file: the write fails (Python
    // ignores SIGXFSZ and gets EFBIG), the validator fails, and that is the judge's error,
    // not a verdict of the program judged; the judge reads none of it.
    let validator = "import sys
with open(sys.argv[3] + 'judgemessage.txt', 'w') as f:
    f.truncate(3 << 30)
sys.exit(43)
";
    let (verdict, message, peak) = judged_by(validator, &[], 2);
    assert_eq!(verdict, "JE", "{message}");
    assert!(message.contains("output_validators/v.py"), "{message}");
    assert_small(peak, "a validator past its file limit");
}

#[test]
fn a_validator_flooding_its_standard_error_is_shown_by_the_head_and_counted() {
    let validator = "import sys
sys.stderr.write('the output is wrong\\n')
chunk = 'y' * (1 << 20)
for _ in range(2048):
    sys.stderr.write(chunk)
sys.exit(43)
";
    let (verdict, message, peak) = judged_by(validator, &[], 1);
    assert_eq!(verdict, "WA", "{message}");
    assert!(
        message.starts_with("the output is wrong\nyyyy"),
        "{message}"
    );
    assert!(message.ends_with("y … and 2.0 GiB more"), "{message}");
    assert_small(peak, "2 GiB of a validator's standard error");
}

#[test]
fn a_validator_flooding_its_standard_output_is_a_judge_error_naming_its_limit() {
    let validator = "import sys
chunk = 'z' * (1 << 20)
for _ in range(2048):
    sys.stdout.write(chunk)
sys.exit(42)
";
    let (verdict, message, peak) = judged_by(validator, &[], 2);
    assert_eq!(verdict, "JE", "{message}");
    assert!(
        message.contains("the output validator ")
            && message.contains(
                "output_validators/v.py wrote more than its limit of 8 MiB to standard output"
            ),
        "{message}"
    );
    assert_small(peak, "2 GiB of a validator's standard output");
}

#[test]
fn an_over_long_score_txt_is_a_judge_error_naming_it_and_its_size() {
    let validator = "import sys
with open(sys.argv[3] + 'score.txt', 'w') as f:
    f.write('1' + ' ' * (1 << 20))
sys.exit(42)
";
    let dir = package(validator, 1, &[]);
    write(
        &dir.path().join("echo"),
        &[("problem.yaml", "name: Echo\nvalidation: custom score\n")],
    );
    let (ended, tests) = judge_echo(dir.path(), &["--test", "secret/000"]);
    ended.assert_exit(2);
    let (verdict, message) = test_result(&tests, "secret/000");
    assert_eq!(verdict, "JE", "{message}");
    assert!(
        message.contains("score.txt: 1048577 bytes (1.0 MiB), more than the 1 KiB"),
        "{message}"
    );
}

/// The `--jury-time-limit` of the tests of hanging programs: a second of CPU time, two of
/// wall-clock time.
const JURY: [&str; 2] = ["--jury-time-limit", "1"];

/// What the judge says of a jury program that hung.
const HUNG: &str = "did not finish within its limit of 1 s of CPU / 2 s wall";

#[test]
fn a_hanging_output_validator_is_a_judge_error_naming_it_and_its_limit() {
    let (verdict, message, _) = judged_by("import time\ntime.sleep(1000)\n", &JURY, 2);
    assert_eq!(verdict, "JE", "{message}");
    assert!(
        message.contains("the output validator ")
            && message.contains(&format!("output_validators/v.py {HUNG}")),
        "{message}"
    );
}

#[test]
fn a_hanging_input_validator_fails_validation_and_makes_no_input_invalid() {
    let hanging = [(
        "input_validators/slow.py",
        "import time\ntime.sleep(1000)\n",
    )];
    let dir = package(COMPARING, 1, &hanging);
    let validated = run(&mut stonejudge(
        dir.path(),
        &["validate", "./echo", JURY[0], JURY[1]],
    ));
    validated.assert_exit(2);
    let said = both_outputs(&validated);
    assert!(
        said.contains(&format!("input_validators/slow.py {HUNG}")),
        "{said}"
    );
    assert!(
        !said.contains("reject") && !said.contains("invalid"),
        "{said}"
    );

    let verified = run(&mut stonejudge(
        dir.path(),
        &["verify", "./echo", JURY[0], JURY[1]],
    ));
    verified.assert_exit(1);
    let said = both_outputs(&verified);
    assert!(
        said.contains(&format!("input_validators/slow.py {HUNG}")),
        "{said}"
    );
    assert!(!said.contains("rejects sample"), "{said}");
}

#[test]
fn a_hanging_interactor_is_a_judge_error_naming_it_and_its_limit() {
    let dir = package(COMPARING, 1, &[]);
    let root = dir.path().join("echo");
    std::fs::remove_file(root.join("output_validators/v.py")).expect("rm");
    write(
        &root,
        &[
            (
                "problem.yaml",
                "name: Echo\nvalidation: custom interactive\n",
            ),
            (
                "output_validators/interactor.py",
                "import time\ntime.sleep(1000)\n",
            ),
        ],
    );
    // The program waits for a line that never comes: its own limit is far later.
    let (ended, tests) = judge_echo(
        dir.path(),
        &[
            JURY[0],
            JURY[1],
            "--test",
            "secret/000",
            "--time-limit",
            "20",
        ],
    );
    ended.assert_exit(2);
    let (verdict, message) = test_result(&tests, "secret/000");
    assert_eq!(verdict, "JE", "{message}");
    assert!(
        message.contains(&format!("output_validators/interactor.py {HUNG}")),
        "{message}"
    );
}

#[test]
fn a_hanging_sinol_checker_is_a_judge_error_naming_it_and_its_limit() {
    let package = crate::sinol_fixtures::sum();
    package.write("prog/abcchk.py", "import time\ntime.sleep(1000)\n");
    let json = package.dir.path().join("report.json");
    let ended = run(&mut stonejudge(
        package.dir.path(),
        &[
            "judge",
            "./abc",
            JURY[0],
            JURY[1],
            "--test",
            "abc1a",
            "--json",
            &json.display().to_string(),
            "--",
            "abc/prog/abc.py",
        ],
    ));
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(&json)
            .unwrap_or_else(|e| panic!("no report ({e}): {}", both_outputs(&ended))),
    )
    .expect("JSON");
    let tests = report["tests"].as_array().expect("tests");
    let (verdict, message) = test_result(tests, "abc1a");
    assert_eq!(verdict, "JE", "{message}");
    assert!(
        message.contains("the checker ") && message.contains(&format!("abcchk.py {HUNG}")),
        "{message}"
    );
    assert_ne!(ended.code, Some(0), "{}", both_outputs(&ended));
}

#[test]
fn a_hanging_generator_is_a_judge_error_naming_it_and_its_limit() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        &[
            ("gen.py", "import time\ntime.sleep(1000)\n"),
            ("ref.py", "print(input())\n"),
            ("sol.py", "print(input())\n"),
        ],
    );
    let ended = run(&mut stonejudge(
        dir.path(),
        &[
            "stress", "--gen", "gen.py", "--ref", "ref.py", "--cases", "3", JURY[0], JURY[1], "--",
            "sol.py",
        ],
    ));
    ended.assert_exit(2);
    let said = both_outputs(&ended);
    assert!(
        said.contains(&format!("the generator gen.py {HUNG}")),
        "{said}"
    );
}

#[test]
fn deriving_the_time_limit_stops_at_the_first_judge_error() {
    // No time limit: it is derived from the accepted submission, whose output the hanging
    // validator judges.
    let dir = package("import time\ntime.sleep(1000)\n", 3, &[]);
    let ended = run(&mut stonejudge(
        dir.path(),
        &[
            "judge",
            "./echo",
            JURY[0],
            JURY[1],
            "--",
            "echo/submissions/accepted/echo.py",
        ],
    ));
    ended.assert_exit(2);
    let said = both_outputs(&ended);
    assert!(
        said.contains("cannot derive the time limit: the accepted submission ")
            && said.contains("echo.py on test sample/1: JE: ")
            && said.contains("the output validator ")
            && said.contains(HUNG),
        "{said}"
    );
    assert!(!said.contains("slowest accepted"), "{said}");
}

/// A pipe whose read end is the first, its buffer as small as the kernel allows (a page), so
/// that a writer of more than that must wait for the reader.
fn small_pipe() -> (OwnedFd, OwnedFd) {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the array with two new descriptors.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    // SAFETY: fresh descriptors that nothing else owns.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    // SAFETY: resizing our own pipe.
    unsafe { libc::fcntl(read.as_raw_fd(), libc::F_SETPIPE_SZ, 4096) };
    (read, write)
}

/// Runs `stonejudge ARGS` in `cwd` with its standard output a pipe the test reads one byte
/// of and then closes (`| head -c 1`), or closes at once when `first_byte` is false; every
/// process it starts carries `token`. How it ended.
fn with_output_closed(cwd: &Path, args: &[&str], first_byte: bool, token: &str) -> Ended {
    let (read, write) = small_pipe();
    // Closed before it starts when nothing is to be read: else a short output could land in
    // the pipe before the close, and the command would rightly succeed.
    let reader = match first_byte {
        true => Some(std::fs::File::from(read)),
        false => {
            drop(read);
            None
        }
    };
    let mut child = Command::new(binary())
        .current_dir(cwd)
        .args(args)
        .env("STONEJUDGE_CACHE", shared_cache())
        .env(TOKEN_VAR, token)
        .stdin(Stdio::null())
        .stdout(Stdio::from(write))
        .stderr(Stdio::piped())
        .spawn()
        .expect("start stonejudge");
    if let Some(mut reader) = reader {
        let mut byte = [0u8; 1];
        reader.read_exact(&mut byte).expect("a first byte");
    }
    let deadline = Instant::now() + HANG;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(Instant::now() < deadline, "stonejudge {args:?} hangs");
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    let _ = (child.stderr.take().expect("stderr")).read_to_string(&mut stderr);
    Watched {
        code: status.code(),
        stdout: String::new(),
        stderr,
        peak_kib: 0,
    }
}

fn assert_quiet_end(ended: &Ended, what: &str) {
    assert_eq!(ended.code, Some(141), "{what}: {}", ended.stderr);
    assert!(
        !ended.stderr.contains("panicked") && !ended.stderr.contains("Broken pipe"),
        "{what}: {}",
        ended.stderr
    );
}

#[test]
fn judge_piped_into_head_ends_quietly_and_leaves_no_process() {
    // 80 tests: the table is longer than the pipe holds, so the judge writes after the reader
    // has gone, while tests are still being judged.
    let dir = package(COMPARING, 80, &[]);
    let token = unique_token("head");
    let args = [
        "judge",
        "./echo",
        "--time-limit",
        "2",
        "--",
        "echo/submissions/accepted/echo.py",
    ];
    let ended = with_output_closed(dir.path(), &args, true, &token);
    assert_quiet_end(&ended, "judge | head -c 1");
    assert_no_survivors(&token);
}

#[test]
fn every_command_that_prints_ends_quietly_on_a_closed_output() {
    let accepting = [(
        "input_validators/any.py",
        "import sys\nsys.stdin.read()\nsys.exit(42)\n",
    )];
    let dir = package(COMPARING, 80, &accepting);
    let commands: [&[&str]; 8] = [
        &["list"],
        &["describe", "./echo"],
        &["describe", "./echo", "--json"],
        &["grundy", "nim", "--upto", "100000"],
        &["gen", "nim", "--seed", "1"],
        &["validate", "./echo"],
        &["verify", "./echo", "-j", "1"],
        &["stress", "nim", "--cases", "20", "--", "/bin/true"],
    ];
    for args in commands {
        let token = unique_token("closed");
        let ended = with_output_closed(dir.path(), args, false, &token);
        // `validate` prints only on standard error: a closed standard output changes nothing.
        match args[0] {
            "validate" => assert_eq!(ended.code, Some(0), "{args:?}: {}", ended.stderr),
            _ => assert_quiet_end(&ended, &args.join(" ")),
        }
        assert_no_survivors(&token);
    }
    // `head -c 1` of a long output.
    let token = unique_token("grundy");
    let ended = with_output_closed(
        dir.path(),
        &["grundy", "nim", "--upto", "1000000"],
        true,
        &token,
    );
    assert_quiet_end(&ended, "grundy | head -c 1");
}

/// A C++ source whose compile takes minutes: a constant expression g++ evaluates step by
/// step (it gives up only after 2^33 operations).
const SLOW_TO_COMPILE: &str = "constexpr long slow() {
    long s = 0;
    for (long i = 0; i < 200000; ++i)
        for (long j = 0; j < 200000; ++j)
            s += i ^ j;
    return s;
}
static_assert(slow() != 1);
int main() {}
";

#[test]
fn ctrl_c_during_a_compile_leaves_no_scratch_directory_and_no_process() {
    let dir = package(COMPARING, 1, &[]);
    write(dir.path(), &[("slow.cpp", SLOW_TO_COMPILE)]);
    let cache = tempfile::tempdir().expect("a private cache");
    let scratch = cache.path().join("tmp");
    let token = unique_token("compile");
    let judge = ["judge", "./echo", "--time-limit", "2", "--", "slow.cpp"];
    // Once g++'s compiler proper runs, its scratch directory is there.
    let ended = interrupted(dir.path(), &judge, cache.path(), &token, || {
        running(&token, |comm, _| comm == "cc1plus")
            && std::fs::read_dir(&scratch).is_ok_and(|mut d| d.next().is_some())
    });
    ended.assert_exit(130);
    let stdout = &ended.stdout;
    // It reports no verdict it did not reach.
    assert!(!stdout.contains("CE") && !stdout.contains("JE"), "{stdout}");
    let left: Vec<_> = std::fs::read_dir(&scratch)
        .expect("the cache's tmp/")
        .flatten()
        .map(|entry| entry.path())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    assert_no_survivors(&token);
}

#[test]
fn ctrl_c_while_the_time_limit_is_derived_reports_nothing_it_did_not_finish() {
    // No time limit in problem.yaml: `judge` first runs the accepted submission, which takes
    // its time on the second test, to derive one.
    let dir = package(
        COMPARING,
        2,
        &[(
            "submissions/accepted/derive_slowly.py",
            "import time\nn = input()\nif n == '11':\n    time.sleep(60)\nprint(n)\n",
        )],
    );
    let cache = tempfile::tempdir().expect("a private cache");
    let token = unique_token("derive");
    let judge = ["judge", "./echo", "--", "echo/submissions/accepted/echo.py"];
    // Interrupted once the accepted submission runs (stonejudge's own command line names
    // echo.py: it cannot tell the stage).
    let ended = interrupted(dir.path(), &judge, cache.path(), &token, || {
        !slow_ones().is_empty()
    });
    ended.assert_exit(130);
    let stdout = &ended.stdout;
    for unreached in ["AC", "TLE", "JE", "time limit"] {
        assert!(!stdout.contains(unreached), "{unreached}: {stdout}");
    }
    assert_no_survivors(&token);
    assert_eq!(
        slow_ones(),
        Vec::<String>::new(),
        "the accepted submission survived"
    );
}

#[test]
fn ctrl_c_as_the_judge_starts_ends_it_as_ctrl_c_never_as_an_error() {
    // SIGINT to the group reaches the launcher the judge starts (and kills it) as it reaches
    // the judge: the judge must not take the launcher's death for an error of its own (it
    // did, exit 2, "the launcher … was killed by signal 2").
    let dir = package(COMPARING, 1, &[]);
    let judge = ["judge", "./echo", "--", "echo/submissions/accepted/echo.py"];
    for step in 0..40 {
        let cache = tempfile::tempdir().expect("a private cache");
        let token = unique_token("early");
        let started = Instant::now();
        let after = Duration::from_millis(5 * step);
        let ended = interrupted(dir.path(), &judge, cache.path(), &token, || {
            started.elapsed() >= after
        });
        // Before the judge routes SIGINT, SIGINT ends it as it ends any program.
        assert!(
            matches!(ended.code, Some(130) | None) && !ended.stderr.contains("error"),
            "after {after:?}: exit {:?}, stderr: {}",
            ended.code,
            ended.stderr
        );
        assert_no_survivors(&token);
    }
}

/// The processes running `derive_slowly.py` (its programs run with an environment of their
/// own, without the token).
fn slow_ones() -> Vec<String> {
    (std::fs::read_dir("/proc").expect("/proc").flatten())
        .filter(|entry| entry.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter_map(|entry| std::fs::read(entry.path().join("cmdline")).ok())
        .map(|cmdline| String::from_utf8_lossy(&cmdline).replace('\0', " "))
        .filter(|cmdline| cmdline.contains("derive_slowly"))
        .collect()
}

/// Whether a process carrying `token` runs whose name and command line `is` takes.
fn running(token: &str, is: impl Fn(&str, &str) -> bool) -> bool {
    (crate::survivors::processes_with(token).into_iter()).any(|pid| {
        let read = |what: &str| std::fs::read(format!("/proc/{pid}/{what}")).unwrap_or_default();
        let comm = String::from_utf8_lossy(&read("comm")).trim().to_string();
        let cmdline = String::from_utf8_lossy(&read("cmdline")).replace('\0', " ");
        is(&comm, &cmdline)
    })
}

/// `stonejudge args` run in `cwd` (with the compile cache `cache`, its programs carrying
/// `token`) in a process group of its own, as a shell's job, sent Ctrl-C (SIGINT to the
/// group) once `ready` holds: how it ended.
fn interrupted(
    cwd: &Path,
    args: &[&str],
    cache: &Path,
    token: &str,
    ready: impl Fn() -> bool,
) -> Ended {
    let mut command = Command::new(binary());
    command
        .current_dir(cwd)
        .args(args)
        .env("STONEJUDGE_CACHE", cache)
        .env(TOKEN_VAR, token)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // As a terminal's foreground job gets it: SIGINT at its default action, even when this
    // suite was started in the background of a shell, which ignores SIGINT for its children
    // (a SIGINT before the judge routes it was then lost, and the judge ran to its end).
    // SAFETY: only `signal`, async-signal-safe, between fork and exec.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = command.spawn().expect("start stonejudge");
    let pid = child.id() as libc::pid_t;
    let deadline = Instant::now() + HANG;
    while !ready() {
        assert!(
            Instant::now() < deadline,
            "the stage to interrupt never came"
        );
        assert!(
            child.try_wait().expect("wait").is_none(),
            "stonejudge ended"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // SAFETY: SIGINT to the process group of our own child, which has not been reaped.
    unsafe { libc::kill(-pid, libc::SIGINT) };
    while child.try_wait().expect("wait").is_none() {
        assert!(Instant::now() < deadline, "stonejudge hangs after SIGINT");
        std::thread::sleep(Duration::from_millis(20));
    }
    ended(child.wait_with_output().expect("its outputs"), 0)
}
