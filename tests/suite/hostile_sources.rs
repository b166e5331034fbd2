//! Hostile sources, through the real binary and real compilers: sources that reach for the
//! jury's answers while they compile (C `.incbin`, C++ `#include`, Rust `include_str!`, all by
//! absolute path) are CE with the compiler's message naming the denied file, and the same
//! sources judged with `--sandbox off` do reach the answers (so each check could fail); a
//! Python program reading the answers when it runs is denied; compiler bombs (an endless
//! `#include </dev/random>`, exponential templates, an endless constant evaluation) are CE
//! naming the limit they reached; a compiler that tries to write outside its scratch
//! directory changes nothing; and a program's figures are its own, whether its binary was
//! just compiled or came from the cache.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use stonejudge::catalog;
use stonejudge::gen::Params;

/// The jury's side (the tests, with their answers) and the contestant's (the sources), in
/// separate temporary directories, with a compile cache of their own.
struct Contest {
    jury: tempfile::TempDir,
    contestant: tempfile::TempDir,
    cache: tempfile::TempDir,
}

impl Contest {
    /// One `nim` test, `01.in` and `01.ans`.
    fn new() -> Contest {
        let jury = tempfile::tempdir().expect("tempdir");
        let nim = catalog::find("nim").expect("nim");
        let input = nim
            .generate(3, &Params::from_pairs(&[]))
            .expect("generates");
        let answer = nim.solve(input.as_bytes()).expect("solves");
        std::fs::write(jury.path().join("01.in"), &input).expect("write");
        std::fs::write(jury.path().join("01.ans"), &answer).expect("write");
        Contest {
            jury,
            contestant: tempfile::tempdir().expect("tempdir"),
            cache: tempfile::tempdir().expect("tempdir"),
        }
    }

    fn answer_path(&self) -> PathBuf {
        self.jury.path().join("01.ans")
    }

    fn answer(&self) -> String {
        std::fs::read_to_string(self.answer_path()).expect("read the answer")
    }

    /// A source file `name` with `{ANSWER}` replaced by the answer's absolute path.
    fn source(&self, name: &str, template: &str) -> PathBuf {
        let path = self.contestant.path().join(name);
        let text = template.replace("{ANSWER}", self.answer_path().to_str().expect("UTF-8"));
        std::fs::write(&path, text).expect("write the source");
        path
    }

    /// `stonejudge judge nim --tests JURY EXTRA... -- SOURCE` (with `env` added).
    fn judge(&self, source: &Path, extra: &[&str], env: &[(&str, &std::ffi::OsStr)]) -> Output {
        let mut command = Command::cargo_bin("stonejudge").expect("binary");
        command.env("STONEJUDGE_CACHE", self.cache.path());
        for (key, value) in env {
            command.env(key, value);
        }
        command
            .args(["judge", "nim", "--tests"])
            .arg(self.jury.path())
            .args(extra)
            .arg("--")
            .arg(source)
            .output()
            .expect("runs")
    }

    /// Every file under the jury's and the contestant's directories, with its contents.
    fn snapshot(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        [self.jury.path(), self.contestant.path()]
            .into_iter()
            .flat_map(|dir| walkdir::WalkDir::new(dir).into_iter().flatten())
            .filter(|entry| entry.file_type().is_file())
            .map(|entry| {
                let bytes = std::fs::read(entry.path()).expect("read");
                (entry.into_path(), bytes)
            })
            .collect()
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The verdict of test 01 in a judge's table.
fn verdict(out: &Output) -> String {
    let stdout = text(&out.stdout);
    stdout
        .lines()
        .find_map(|line| line.strip_prefix("01 "))
        .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string())
        .or_else(|| stdout.contains("test 01 (CE)").then(|| "CE".to_string()))
        .unwrap_or_else(|| panic!("no verdict for 01 in:\n{stdout}\n{}", text(&out.stderr)))
}

/// Judged confined, the source is CE, and the compiler's message names the answer file as
/// denied or missing (outside what the compiler sees) and shows none of it; judged unconfined, it reaches the answer (`reached` says
/// whether a judge's output shows that it did).
fn denied_at_compile_time(
    contest: &Contest,
    source: &Path,
    reached: impl Fn(&Output, &str) -> bool,
) {
    let confined = contest.judge(source, &[], &[]);
    let said = format!("{}{}", text(&confined.stdout), text(&confined.stderr));
    assert_eq!(verdict(&confined), "CE", "{said}");
    assert_eq!(confined.status.code(), Some(1), "{said}");
    let answer_path = contest.answer_path();
    assert!(
        said.contains(answer_path.to_str().expect("UTF-8")),
        "{said}"
    );
    assert!(
        [
            "Permission denied",
            "not found",
            "No such file or directory"
        ]
        .iter()
        .any(|words| said.contains(words)),
        "the message says the file was denied: {said}"
    );
    let answer = contest.answer();
    let first_line = answer.lines().next().expect("an answer line");
    assert!(!said.contains(first_line), "the answer leaked: {said}");
    let free = contest.judge(source, &["--sandbox", "off"], &[]);
    assert!(
        reached(&free, first_line),
        "unconfined, the source reaches the answer: {}{}",
        text(&free.stdout),
        text(&free.stderr)
    );
}

#[test]
fn a_c_source_cannot_incbin_the_answers() {
    let contest = Contest::new();
    let source = contest.source(
        "incbin.c",
        "#include <stdio.h>\n\
         __asm__(\".section .rodata\\n.globl jury\\njury:\\n.incbin \\\"{ANSWER}\\\"\\n\
         .byte 0\\n.text\\n\");\n\
         extern const char jury[];\n\
         int main(void) { fputs(jury, stdout); return 0; }\n",
    );
    denied_at_compile_time(&contest, &source, |out, _| verdict(out) == "AC");
}

#[test]
fn a_cpp_source_cannot_include_the_answers() {
    let contest = Contest::new();
    let source = contest.source(
        "include.cpp",
        "#include <cstdio>\n#include \"{ANSWER}\"\nint main() {}\n",
    );
    // Unconfined, the answer's text is not C++: the compiler shows it in its message.
    denied_at_compile_time(&contest, &source, |out, first_line| {
        text(&out.stdout).contains(first_line) || text(&out.stderr).contains(first_line)
    });
}

#[test]
fn a_rust_source_cannot_include_str_the_answers() {
    let contest = Contest::new();
    let source = contest.source(
        "include.rs",
        "fn main() { print!(\"{}\", include_str!(\"{ANSWER}\")); }\n",
    );
    denied_at_compile_time(&contest, &source, |out, _| verdict(out) == "AC");
}

#[test]
fn a_python_program_cannot_read_the_answers_when_it_runs() {
    let contest = Contest::new();
    let source = contest.source(
        "read.py",
        "import sys\nsys.stdout.write(open(\"{ANSWER}\").read())\n",
    );
    let confined = contest.judge(&source, &[], &[]);
    let said = format!("{}{}", text(&confined.stdout), text(&confined.stderr));
    assert_eq!(verdict(&confined), "RE", "{said}");
    assert!(
        said.contains("PermissionError") || said.contains("FileNotFoundError"),
        "{said}"
    );
    let free = contest.judge(&source, &["--sandbox", "off"], &[]);
    assert_eq!(verdict(&free), "AC", "{}", text(&free.stderr));
}

/// Judges a compiler bomb under `--compile-time-limit 5 --compile-memory-limit 256`: CE, with
/// a message naming one of `limits` (the time or the memory limit), well before the judge's
/// own bound on the compile (its wall-clock limit, 11 s) plus a margin for a busy machine.
fn bomb(name: &str, source: &str, limits: &[&str]) {
    bomb_within(name, source, limits, "5");
}

/// [`bomb`] under a compile time limit of `seconds`.
fn bomb_within(name: &str, source: &str, limits: &[&str], seconds: &str) {
    let contest = Contest::new();
    let source = contest.source(name, source);
    let start = Instant::now();
    let out = contest.judge(
        &source,
        &[
            "--compile-time-limit",
            seconds,
            "--compile-memory-limit",
            "256",
        ],
        &[],
    );
    let elapsed = start.elapsed();
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(verdict(&out), "CE", "{said}");
    assert!(
        limits.iter().any(|limit| said.contains(limit)),
        "{name}: the message names {limits:?}: {said}"
    );
    // Twice: the static and the dynamic build would each wait for the wall-clock limit if a
    // limit hit were not final.
    assert!(
        elapsed < Duration::from_secs(2 * 11 + 10),
        "{name} took {elapsed:?}"
    );
}

const MEMORY: &str = "compile memory limit 256 MiB";
const TIME: &str = "compile time limit";

#[test]
fn including_dev_random_is_ce_at_a_limit() {
    bomb(
        "random.cpp",
        "#include </dev/random>\nint main() {}\n",
        &[MEMORY, TIME],
    );
}

#[test]
fn exponential_templates_are_ce_at_a_limit() {
    bomb(
        "templates.cpp",
        "template <int N, int M> struct A { enum { v = A<N - 1, 2 * M>::v + A<N - 1, 2 * M + \
         1>::v }; };\ntemplate <int M> struct A<0, M> { enum { v = 1 }; };\n\
         int x = A<28, 0>::v;\nint main() {}\n",
        &[MEMORY, TIME],
    );
}

/// g++ gives up on its own after 2^25 constant-evaluation steps (about 4 s of CPU time here,
/// so a 5 s limit would be a race): the limit is 1 s, well before g++'s own.
#[test]
fn an_endless_constant_evaluation_is_ce_at_the_time_limit() {
    bomb_within(
        "spin.cpp",
        "constexpr long spin() { long s = 0; for (long i = 0; i < 200000; i++) \
         for (long j = 0; j < 200000; j++) s += i ^ j; return s; }\n\
         constexpr long x = spin();\nint main() { return x == 0; }\n",
        &["compile time limit", "--compile-time-limit 1"],
        "1",
    );
}

/// A `g++` in `PATH` (ahead of the real one) that, when it compiles, tries to write a file
/// into each of `targets` and then compiles as the real one does.
fn meddling_compiler(dir: &Path, targets: &[PathBuf]) -> std::ffi::OsString {
    let real = std::env::split_paths(&std::env::var_os("PATH").expect("PATH"))
        .map(|dir| dir.join("g++"))
        .find(|p| p.is_file())
        .expect("g++ in PATH");
    let writes: String = targets
        .iter()
        .map(|target| format!("  echo meddled > '{}' 2>/dev/null\n", target.display()))
        .collect();
    let script = format!(
        "#!/bin/sh\ncase \" $* \" in *\" -o \"*)\n{writes}  ;;\nesac\nexec {} \"$@\"\n",
        real.display()
    );
    let wrapper = dir.join("g++");
    std::fs::write(&wrapper, script).expect("write the wrapper");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    std::env::join_paths(std::iter::once(dir.to_owned()).chain(std::env::split_paths(
        &std::env::var_os("PATH").expect("PATH"),
    )))
    .expect("PATH")
}

/// A compiler writes nothing outside its scratch directory: not beside the tests, not beside
/// the source, not in the cache, not in `HOME`; the jury's and the contestant's files are as
/// they were. Unconfined, the same compiler does write there.
#[test]
fn a_compiler_changes_nothing_outside_its_scratch_directory() {
    let contest = Contest::new();
    let source = contest.source(
        "ok.cpp",
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/nim_ok.cpp"),
        )
        .expect("read nim_ok.cpp"),
    );
    let home = PathBuf::from(std::env::var_os("HOME").expect("HOME"));
    let token = format!("stonejudge-meddled-{}", std::process::id());
    let targets: Vec<PathBuf> = [
        contest.jury.path(),
        contest.contestant.path(),
        contest.cache.path(),
        &home,
    ]
    .iter()
    .map(|dir| dir.join(&token))
    .collect();
    let bin = tempfile::tempdir().expect("tempdir");
    let path_var = meddling_compiler(bin.path(), &targets);
    let before = contest.snapshot();
    let out = contest.judge(&source, &[], &[("PATH", &path_var)]);
    assert_eq!(verdict(&out), "AC", "{}", text(&out.stderr));
    for target in &targets {
        assert!(!target.exists(), "the compiler wrote {}", target.display());
    }
    assert_eq!(
        contest.snapshot(),
        before,
        "the jury's and the contestant's files"
    );
    let cached: Vec<PathBuf> = std::fs::read_dir(contest.cache.path())
        .expect("the cache")
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(
        cached.iter().all(|p| p.is_file() || p.ends_with("tmp")),
        "only binaries and the scratch parent in the cache: {cached:?}"
    );
    let scratch_left = std::fs::read_dir(contest.cache.path().join("tmp"))
        .map(|entries| entries.count())
        .unwrap_or(0);
    assert_eq!(scratch_left, 0, "the scratch directory is removed");
    // Unconfined (a changed source, so that it compiles again) the writes land.
    let changed = contest.source(
        "ok2.cpp",
        &format!(
            "{}\n// again\n",
            text(&std::fs::read(&source).expect("read"))
        ),
    );
    let out = contest.judge(&changed, &["--sandbox", "off"], &[("PATH", &path_var)]);
    assert_eq!(verdict(&out), "AC", "{}", text(&out.stderr));
    for target in &targets {
        assert!(
            target.exists(),
            "unconfined, {} is written",
            target.display()
        );
        std::fs::remove_file(target).expect("clean up");
    }
}

/// The peak memory of test 01 in the JSON report of a judge of `source`, in KiB.
fn peak_memory_kib(contest: &Contest, source: &Path) -> u64 {
    let report = contest.contestant.path().join("report.json");
    let out = contest.judge(
        source,
        &["-j", "1", "--json", report.to_str().expect("UTF-8")],
        &[],
    );
    assert_eq!(verdict(&out), "AC", "{}", text(&out.stderr));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).expect("report")).expect("JSON");
    json["tests"][0]["memory_kib"].as_u64().expect("memory_kib")
}

/// The first run after a fresh compile reports the program's memory, not the compiler's: a
/// fresh and a cached judge of the same source agree within 4 MiB (the page cache g++ left
/// in a program's cgroup showed as up to 17 MiB, where the program's own peak is 0.5 MiB).
fn fresh_and_cached_agree(name: &str, source_text: &str) {
    let contest = Contest::new();
    let source = contest.source(name, source_text);
    let fresh = peak_memory_kib(&contest, &source);
    let cached = peak_memory_kib(&contest, &source);
    assert!(
        fresh.abs_diff(cached) <= 4 << 10,
        "{name}: fresh {fresh} KiB, cached {cached} KiB"
    );
}

#[test]
fn a_fresh_and_a_cached_cpp_binary_report_the_same_memory() {
    fresh_and_cached_agree(
        "ok.cpp",
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/nim_ok.cpp"),
        )
        .expect("read nim_ok.cpp"),
    );
}

/// `judge`, `stress` and `verify` take the compile limits, and refuse a bad one naming the
/// flag (exit 2).
#[test]
fn every_command_that_compiles_checks_the_compile_limits() {
    for command in ["judge", "stress", "verify"] {
        for (flag, value, why) in [
            ("--compile-time-limit", "0", "must be more than 0 seconds"),
            ("--compile-memory-limit", "0", "must be at least 1"),
        ] {
            let out = Command::cargo_bin("stonejudge")
                .expect("binary")
                .args([command, flag, value])
                .output()
                .expect("runs");
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command} {flag}: {stderr}");
            assert!(
                stderr.contains(flag) && stderr.contains(why),
                "{command} {flag}: {stderr}"
            );
        }
    }
}

/// A source with twenty thousand syntax errors makes the compiler write megabytes of
/// diagnostics (4 MB from g++ 13): CE, with the message cut to its head (and the count of what
/// was left out), in the table and in the JSON report. (Syntax errors, because g++ looks for a
/// spelling suggestion for each undeclared name among all the others: twenty thousand of
/// those take minutes.)
#[test]
fn a_flood_of_compiler_errors_is_ce_with_a_bounded_message() {
    let contest = Contest::new();
    let flood: String = (0..20_000)
        .map(|i| format!("int f{i}() {{ return {i} +; }}\n"))
        .collect();
    let source = contest.source("flood.cpp", &flood);
    let report = contest.contestant.path().join("report.json");
    let out = contest.judge(&source, &["--json", report.to_str().expect("UTF-8")], &[]);
    assert_eq!(verdict(&out), "CE", "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("more lines)"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        out.stdout.len() + out.stderr.len() < 64 << 10,
        "the output is bounded"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).expect("report")).expect("JSON");
    let message = json["tests"][0]["message"].as_str().expect("a message");
    assert!(message.contains("int f0()"), "{message}");
    assert!(message.len() < 8 << 10, "{} bytes", message.len());
}
