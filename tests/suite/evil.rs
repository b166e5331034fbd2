//! The evil-program suite: real programs that loop, sleep, fork, escape their process group,
//! flood their output, exhaust memory, crash, or print odd bytes, each judged through the
//! library on a real `nim` test. Every case checks its verdict, that the run ended within the
//! time limit plus 2 s of wall-clock time (a property of the judge's limits: the wall-clock
//! limit is 2 × TL + 1 s), and that no process of the run is left alive afterwards.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use stonejudge::catalog;
use stonejudge::judge::{Judge, Judging, Test};
use stonejudge::run::{Cache, Limits, Program, Run, Runner, Stdin, STDERR_KEPT};
use stonejudge::verdict::Verdict;

use crate::survivors::{assert_no_survivors, unique_token, TOKEN_VAR};

pub(crate) const TIME_LIMIT: Duration = Duration::from_millis(500);
pub(crate) const MEMORY_LIMIT: u64 = 256 << 20;
/// The memory limit of the memory bombs: small, so that filling it takes little time even on a
/// busy machine (the wall-clock limit would otherwise make them TLE).
const SMALL_MEMORY_LIMIT: u64 = 64 << 20;
/// The test every fixture answers: one case, heaps 3 and 3, which the first player loses.
pub(crate) const INPUT: &str = "1\n2\n3 3\n";
pub(crate) const ANSWER: &str = "second\n";

pub(crate) fn limits() -> Limits {
    Limits::new(TIME_LIMIT, MEMORY_LIMIT)
}

/// The compiled fixtures and a scratch directory with the test files, shared by all cases.
pub(crate) struct Fixtures {
    pub runner: Runner,
    pub cache: Cache,
    pub dir: tempfile::TempDir,
    pub c: Program,
    pub cpp: Program,
    pub rust: Program,
    pub python: Program,
    pub shell: Program,
}

pub(crate) fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs")
}

pub(crate) fn fixtures() -> &'static Fixtures {
    static FIXTURES: OnceLock<Fixtures> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let runner = Runner::new(env!("CARGO_BIN_EXE_stonejudge"));
        let cache = Cache::new(Path::new(env!("CARGO_TARGET_TMPDIR")).join("evil-cache"));
        let prepare = |name: &str| {
            Program::prepare(&programs_dir().join(name), &[], &runner, &cache)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
        };
        // Compile the fixtures in parallel: the first run of the suite pays for it once.
        let [c, cpp, rust, python, shell] = std::thread::scope(|scope| {
            ["evil.c", "evil.cpp", "evil.rs", "evil.py", "background.sh"]
                .map(|name| scope.spawn(move || prepare(name)))
                .map(|handle| handle.join().expect("compiling a fixture panicked"))
        });
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("test.in"), INPUT).expect("write input");
        std::fs::write(dir.path().join("test.ans"), ANSWER).expect("write answer");
        Fixtures {
            runner,
            cache,
            dir,
            c,
            cpp,
            rust,
            python,
            shell,
        }
    })
}

/// `program` with `args` appended and the token in its environment.
pub(crate) fn with_token(program: &Program, args: &[&str], token: &str) -> Program {
    let mut program = program.clone();
    program
        .invocation
        .args
        .extend(args.iter().map(OsString::from));
    program
        .invocation
        .env
        .push((TOKEN_VAR.into(), token.into()));
    program
}

/// A judged run: its verdict and message, and the run itself.
#[derive(Debug)]
pub(crate) struct TestOutcome {
    pub verdict: Verdict,
    pub message: String,
    pub run: Option<Run>,
}

/// A runner that confines nothing (`--sandbox off`): memory is limited as address space and
/// MLE judged by the rules of `run::outcome` (the fallback where no memory cgroup can be
/// made), on every machine alike. `tests/tools/memory_cgroup.rs` tests the cgroup.
pub(crate) fn unconfined() -> &'static Runner {
    static RUNNER: OnceLock<Runner> = OnceLock::new();
    RUNNER.get_or_init(|| {
        Runner::with_sandbox(
            env!("CARGO_BIN_EXE_stonejudge"),
            stonejudge::run::Sandbox::Off,
        )
    })
}

/// Judges `program` on the nim test of the fixtures through the library's judging path.
pub(crate) fn judge_test(program: &Program, limits: &Limits) -> TestOutcome {
    judge_test_with(&fixtures().runner, program, limits)
}

/// [`judge_test`] with `runner`.
fn judge_test_with(runner: &Runner, program: &Program, limits: &Limits) -> TestOutcome {
    let fixtures = fixtures();
    let nim = catalog::find("nim").expect("nim is in the catalog");
    let judge = Judge {
        runner,
        program,
        limits: *limits,
        judging: Judging::Output(&nim),
    };
    let (judged, run) = judge.test(&Test {
        name: "test".into(),
        input: fixtures.dir.path().join("test.in"),
        answer: fixtures.dir.path().join("test.ans"),
    });
    TestOutcome {
        verdict: judged.verdict,
        message: judged.message,
        run,
    }
}

/// Judges `program MODE TOKEN` on the test and checks the verdict, the wall-clock bound and
/// that nothing survives.
pub(crate) fn judge_case(program: &Program, mode: &str, expected: Verdict) -> TestOutcome {
    judge_case_under(program, mode, expected, &limits())
}

/// [`judge_case`] of a program that exhausts memory, under the small memory limit, with
/// memory limited as address space (see [`unconfined`]).
fn judge_memory_bomb(program: &Program, mode: &str, expected: Verdict) -> TestOutcome {
    let limits = Limits::new(TIME_LIMIT, SMALL_MEMORY_LIMIT);
    judge_case_with(unconfined(), program, mode, expected, &limits)
}

/// Checks that the message of a judged test says `what`.
fn says(outcome: TestOutcome, what: &str) {
    assert!(outcome.message.contains(what), "{}", outcome.message);
}

pub(crate) fn judge_case_under(
    program: &Program,
    mode: &str,
    expected: Verdict,
    limits: &Limits,
) -> TestOutcome {
    judge_case_with(&fixtures().runner, program, mode, expected, limits)
}

fn judge_case_with(
    runner: &Runner,
    program: &Program,
    mode: &str,
    expected: Verdict,
    limits: &Limits,
) -> TestOutcome {
    let token = unique_token(mode);
    let program = with_token(program, &[mode, &token], &token);
    let start = Instant::now();
    let outcome = judge_test_with(runner, &program, limits);
    let elapsed = start.elapsed();
    assert_eq!(
        outcome.verdict, expected,
        "{mode}: expected {expected}, got {} ({})\n{:?}",
        outcome.verdict, outcome.message, outcome.run
    );
    assert!(
        elapsed <= TIME_LIMIT + Duration::from_secs(2),
        "{mode}: the run took {elapsed:?}"
    );
    assert_no_survivors(&token);
    outcome
}

pub(crate) fn run_of(outcome: &TestOutcome) -> &Run {
    outcome.run.as_ref().expect("the program ran")
}

// --- time -----------------------------------------------------------------------------------

#[test]
fn infinite_loop_is_tle() {
    let outcome = judge_case(&fixtures().c, "loop", Verdict::TLE);
    let run = run_of(&outcome);
    assert_eq!(
        run.exit,
        stonejudge::run::Exit::Signal(libc::SIGKILL),
        "{run:?}"
    );
}

/// With a wall-clock limit far away (so that even a busy machine gives the loop its half
/// second of CPU first), the CPU limit is what stops it, soon after it is reached.
#[test]
fn cpu_limit_stops_a_loop_soon_after_the_limit() {
    let fixtures = fixtures();
    let token = unique_token("loop");
    let program = with_token(&fixtures.c, &["loop", &token], &token);
    let limits = Limits {
        wall: Duration::from_secs(60),
        ..limits()
    };
    let run = fixtures
        .runner
        .run(&program.invocation, Stdin::Empty, &limits)
        .expect("runs");
    assert!(run.cpu_limit_hit && !run.wall_limit_hit, "{run:?}");
    assert!(
        run.cpu_time >= TIME_LIMIT && run.cpu_time < TIME_LIMIT + Duration::from_millis(500),
        "{run:?}"
    );
    assert_no_survivors(&token);
}

#[test]
fn multithreaded_burner_is_tle() {
    let outcome = judge_case(&fixtures().rust, "threads", Verdict::TLE);
    // Killed by the judge: on CPU time normally, on wall time on a machine busy enough that
    // four spinning threads do not get half a second of CPU within two seconds.
    let run = run_of(&outcome);
    assert_eq!(
        run.exit,
        stonejudge::run::Exit::Signal(libc::SIGKILL),
        "{run:?}"
    );
}

/// Children burning CPU time count although the program never waits for them: the judge sums
/// the group's time while it runs.
#[test]
fn forked_burners_are_tle_on_the_groups_cpu_time() {
    let outcome = judge_case(&fixtures().c, "fork-burners", Verdict::TLE);
    let run = run_of(&outcome);
    assert!(run.cpu_limit_hit || run.wall_limit_hit, "{run:?}");
    if run.cpu_limit_hit {
        assert!(run.cpu_time > TIME_LIMIT, "{run:?}");
    }
}

#[test]
fn sleeper_is_tle_on_wall_time() {
    let outcome = judge_case(&fixtures().c, "sleep", Verdict::TLE);
    let run = run_of(&outcome);
    assert!(run.wall_limit_hit && !run.cpu_limit_hit, "{run:?}");
    assert!(
        outcome.message.contains("wall-clock"),
        "{}",
        outcome.message
    );
}

#[test]
fn ignoring_sigterm_does_not_help() {
    let outcome = judge_case(&fixtures().c, "ignore-term", Verdict::TLE);
    assert!(run_of(&outcome).wall_limit_hit);
}

// --- processes left behind ------------------------------------------------------------------

#[test]
fn forked_sleepers_are_killed() {
    judge_case(&fixtures().c, "fork-sleepers", Verdict::AC);
}

#[test]
fn background_sleep_of_a_shell_script_is_killed() {
    judge_case(&fixtures().shell, "background", Verdict::AC);
}

#[test]
fn setsid_grandchild_holding_stdout_is_killed() {
    let outcome = judge_case(&fixtures().c, "setsid", Verdict::AC);
    assert!(!run_of(&outcome).output_abandoned);
}

// --- memory, limited as address space -------------------------------------------------------

#[test]
fn heap_growth_in_c_is_mle_by_its_peak() {
    let outcome = judge_memory_bomb(&fixtures().c, "heap", Verdict::MLE);
    let run = run_of(&outcome);
    assert_eq!(run.exit, stonejudge::run::Exit::Signal(libc::SIGABRT));
    assert!(run.stderr.is_empty());
    assert!(
        run.peak_memory_kib * 1024 > SMALL_MEMORY_LIMIT * 9 / 10,
        "{run:?}"
    );
}

#[test]
fn heap_growth_in_cpp_is_mle_by_bad_alloc() {
    says(
        judge_memory_bomb(&fixtures().cpp, "bad-alloc", Verdict::MLE),
        "std::bad_alloc",
    );
}

#[test]
fn heap_growth_in_rust_is_mle() {
    judge_memory_bomb(&fixtures().rust, "alloc", Verdict::MLE);
}

#[test]
fn heap_growth_in_python_is_mle() {
    let outcome = judge_memory_bomb(&fixtures().python, "memory", Verdict::MLE);
    let stderr = String::from_utf8_lossy(&run_of(&outcome).stderr).into_owned();
    assert!(stderr.contains("MemoryError"), "{stderr}");
}

#[test]
fn deep_recursion_is_mle() {
    let outcome = judge_memory_bomb(&fixtures().c, "recursion", Verdict::MLE);
    assert_eq!(
        run_of(&outcome).exit,
        stonejudge::run::Exit::Signal(libc::SIGSEGV)
    );
}

/// The known limit of the address-space rules: a program that gives up with an exit code when
/// `malloc` fails, far below its peak, is RE (with a memory cgroup it is MLE).
#[test]
fn giving_up_with_an_exit_code_when_malloc_fails_is_re_without_a_cgroup() {
    says(
        judge_memory_bomb(&fixtures().c, "malloc-64", Verdict::RE),
        "exit code 3",
    );
}

/// Under an address-space limit a static array larger than the limit kills the program inside
/// `execve` (a memory cgroup counts only the pages touched: there it runs).
#[test]
fn huge_static_array_is_mle() {
    let fixtures = fixtures();
    let program = Program::prepare(
        &programs_dir().join("static_array.c"),
        &[],
        &fixtures.runner,
        &fixtures.cache,
    )
    .expect("static_array.c compiles");
    let outcome = judge_case_with(unconfined(), &program, "static", Verdict::MLE, &limits());
    assert!(
        outcome.message.contains("static data"),
        "{}",
        outcome.message
    );
}

/// The judge holding 500 MiB must not show in a small program's peak (see `run::launch`).
#[test]
fn peak_memory_is_the_programs_own_even_when_the_judge_is_large() {
    let mut ballast = vec![0u8; 500 << 20];
    for page in ballast.chunks_mut(4096) {
        page[0] = 1;
    }
    let outcome = judge_case(&fixtures().c, "trivial", Verdict::AC);
    let peak_kib = run_of(&outcome).peak_memory_kib;
    assert!(
        (1..32 << 10).contains(&peak_kib),
        "a trivial C program peaked at {peak_kib} KiB"
    );
    assert_eq!(std::hint::black_box(&ballast)[4096 * 1000], 1);
}

// --- output ---------------------------------------------------------------------------------

/// A program that writes without end is not stopped at the output limit: its output past the
/// limit is dropped and it runs on to its time limit, so it is TLE (as bt, problemtools,
/// DOMjudge and sinol-make say), its output kept up to the limit.
#[test]
fn stdout_flood_without_end_is_tle_and_kept_at_the_limit() {
    let outcome = judge_case(&fixtures().c, "stdout-flood", Verdict::TLE);
    assert!(
        outcome
            .message
            .contains("writing past the output limit of 64 MiB"),
        "{}",
        outcome.message
    );
    let run = run_of(&outcome);
    assert!(run.output_limit_hit);
    assert!(run.time_limit_hit(), "{run:?}");
    assert_eq!(run.stdout.len() as u64, run.limits.output);
}

/// A program that writes past the output limit and then ends within its time is OLE: it was
/// let run to its end, its output past the limit dropped.
#[test]
fn stdout_flood_that_ends_in_time_is_ole_and_kept_at_the_limit() {
    let outcome = judge_case(&fixtures().c, "stdout-flood-exit", Verdict::OLE);
    let run = run_of(&outcome);
    assert!(run.output_limit_hit && !run.time_limit_hit(), "{run:?}");
    assert_eq!(run.exit, stonejudge::run::Exit::Code(0));
    assert_eq!(run.stdout.len() as u64, run.limits.output);
    assert!(
        outcome.message.contains("more than 64 MiB"),
        "{}",
        outcome.message
    );
}

#[test]
fn answer_followed_by_megabytes_of_spaces_is_accepted() {
    let outcome = judge_case(&fixtures().c, "spaces", Verdict::AC);
    assert_eq!(run_of(&outcome).stdout.len(), 7 + (16 << 20));
}

#[test]
fn stderr_flood_is_drained_and_bounded() {
    let outcome = judge_case(&fixtures().c, "stderr-flood", Verdict::AC);
    let run = run_of(&outcome);
    assert!(run.stderr_truncated);
    assert!(
        run.stderr.len() <= STDERR_KEPT + 100,
        "{}",
        run.stderr.len()
    );
}

#[test]
fn closing_stdout_early_then_exiting_cleanly_is_accepted() {
    let outcome = judge_case(&fixtures().c, "close-early", Verdict::AC);
    assert!(run_of(&outcome).wall_time >= Duration::from_millis(200));
}

#[test]
fn invalid_utf8_and_nul_bytes_are_a_presentation_error() {
    let outcome = judge_case(&fixtures().c, "binary", Verdict::PE);
    assert_eq!(run_of(&outcome).stdout, b"sec\0ond\xff\xfe\n");
}

#[test]
fn crlf_output_is_accepted() {
    judge_case(&fixtures().c, "crlf", Verdict::AC);
}

#[test]
fn output_without_final_newline_is_accepted() {
    judge_case(&fixtures().c, "no-newline", Verdict::AC);
}

/// A program that never reads a 64 MiB standard input cannot block the judge: the input is a
/// file, not a pipe the judge writes to.
#[test]
fn unread_64_mib_stdin_does_not_block() {
    let fixtures = fixtures();
    let input = fixtures.dir.path().join("huge.in");
    std::fs::write(&input, vec![b'7'; 64 << 20]).expect("write 64 MiB");
    let token = unique_token("stdin");
    let program = with_token(&fixtures.c, &["trivial", &token], &token);
    let start = Instant::now();
    let run = fixtures
        .runner
        .run(&program.invocation, Stdin::File(&input), &limits())
        .expect("runs");
    assert!(start.elapsed() <= TIME_LIMIT + Duration::from_secs(2));
    assert_eq!(run.verdict(), None);
    assert_eq!(run.stdout, b"second\n");
    assert_no_survivors(&token);
}

// --- crashes --------------------------------------------------------------------------------

#[test]
fn segmentation_fault_is_re() {
    says(judge_case(&fixtures().c, "segv", Verdict::RE), "SIGSEGV");
}

#[test]
fn division_by_zero_is_re() {
    says(judge_case(&fixtures().c, "fpe", Verdict::RE), "SIGFPE");
}

#[test]
fn abort_is_re() {
    says(judge_case(&fixtures().c, "abort", Verdict::RE), "SIGABRT");
}

#[test]
fn uncaught_cpp_exception_is_re() {
    says(
        judge_case(&fixtures().cpp, "exception", Verdict::RE),
        "uncaught on purpose",
    );
}

#[test]
fn rust_panic_is_re() {
    says(
        judge_case(&fixtures().rust, "panic", Verdict::RE),
        "exit code 101",
    );
}

#[test]
fn python_exception_is_re_even_after_a_correct_answer() {
    says(
        judge_case(&fixtures().python, "exception", Verdict::RE),
        "ValueError: on purpose",
    );
}

#[test]
fn correct_answer_with_exit_code_2_is_re() {
    says(
        judge_case(&fixtures().c, "exit2", Verdict::RE),
        "exit code 2",
    );
}

// --- programs that cannot run ---------------------------------------------------------------

fn prepare_error(path: &Path) -> stonejudge::run::PrepareError {
    let fixtures = fixtures();
    Program::prepare(path, &[], &fixtures.runner, &fixtures.cache)
        .expect_err("the program must be refused")
}

#[test]
fn missing_binary_is_je() {
    let error = prepare_error(&fixtures().dir.path().join("no-such-program"));
    assert_eq!(error.verdict, Verdict::JE);
    assert!(error.message.contains("No such file"), "{error}");
}

#[test]
fn non_executable_file_is_je() {
    let path = fixtures().dir.path().join("not-executable");
    std::fs::write(&path, "#!/bin/sh\necho second\n").expect("write");
    let error = prepare_error(&path);
    assert_eq!(error.verdict, Verdict::JE);
    assert!(error.message.contains("not executable"), "{error}");
}

#[test]
fn garbage_executable_is_je() {
    use std::os::unix::fs::PermissionsExt;
    let path = fixtures().dir.path().join("garbage");
    std::fs::write(&path, b"\x00\x01garbage, not a program\n").expect("write");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let error = prepare_error(&path);
    assert_eq!(error.verdict, Verdict::JE);
    assert!(error.message.contains("not an executable"), "{error}");
}

#[test]
fn compile_error_is_ce_with_the_compilers_message() {
    let error = prepare_error(&programs_dir().join("compile_error.cpp"));
    assert_eq!(error.verdict, Verdict::CE);
    assert!(error.message.contains("error:"), "{error}");
    assert!(error.message.contains("compile_error.cpp"), "{error}");
}

#[test]
fn script_with_a_missing_interpreter_is_je() {
    use std::os::unix::fs::PermissionsExt;
    let fixtures = fixtures();
    let path = fixtures.dir.path().join("orphan-script");
    std::fs::write(&path, "#!/nonexistent/interpreter\nsecond\n").expect("write");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let program = Program::prepare(&path, &[], &fixtures.runner, &fixtures.cache)
        .expect("a #! script is accepted before it runs");
    let outcome = judge_test(&program, &limits());
    assert_eq!(outcome.verdict, Verdict::JE, "{outcome:?}");
    assert!(
        outcome.message.contains("cannot execute"),
        "{}",
        outcome.message
    );
    assert!(outcome.run.is_none());
}

#[test]
fn missing_launcher_is_a_run_error() {
    let runner = Runner::new("/nonexistent/stonejudge");
    let error = runner
        .run(&fixtures().c.invocation, Stdin::Empty, &limits())
        .expect_err("no launcher, no run");
    assert!(error.0.contains("cannot start the launcher"), "{error}");
}

// --- the judge's own memory -----------------------------------------------------------------

/// `stonejudge judge`, measured by the runner itself (so its peak is its own), stays under
/// 256 MiB while two parallel jobs flood standard output and standard error.
#[test]
fn judge_memory_stays_bounded_under_floods() {
    let fixtures = fixtures();
    let tests = tempfile::tempdir().expect("tempdir");
    for name in ["01", "02"] {
        std::fs::write(tests.path().join(format!("{name}.in")), INPUT).expect("write");
        std::fs::write(tests.path().join(format!("{name}.ans")), ANSWER).expect("write");
    }
    for mode in ["stdout-flood", "stderr-flood", "spaces"] {
        let token = unique_token(mode);
        let judge = stonejudge::run::Invocation::new(env!("CARGO_BIN_EXE_stonejudge"))
            .args([
                "judge",
                "nim",
                "--jobs",
                "2",
                "--time-limit",
                "0.5",
                "--tests",
            ])
            .arg(tests.path())
            .arg("--")
            .arg(&fixtures.c.invocation.program)
            .args([mode, &token])
            .env("STONEJUDGE_CACHE", fixtures.cache.dir())
            .env(TOKEN_VAR, &token)
            // The judge is a tool of ours: it reads the tests, which a confined program cannot.
            .trusted();
        let run = fixtures
            .runner
            .run(
                &judge,
                Stdin::Empty,
                &Limits::for_tools(Duration::from_secs(60)),
            )
            .expect("the judge runs");
        let expected_status = if mode == "stdout-flood" { 1 } else { 0 };
        assert_eq!(
            run.exit,
            stonejudge::run::Exit::Code(expected_status),
            "{mode}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(
            run.peak_memory_kib < 256 << 10,
            "{mode}: the judge peaked at {} KiB",
            run.peak_memory_kib
        );
        assert_no_survivors(&token);
    }
}
