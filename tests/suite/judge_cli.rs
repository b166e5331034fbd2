//! `stonejudge judge` end to end: the real binary on real solutions (C++ and Python) and real
//! `nim` tests generated and solved by the library.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use stonejudge::catalog;
use stonejudge::gen::Params;

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(name)
}

/// A compile cache shared by the tests of this file (and kept between runs).
fn shared_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge-cli-cache")
}

/// A directory with `count` generated `nim` tests `01.in`/`01.ans`, ….
fn nim_tests(count: u64) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let nim = catalog::find("nim").expect("nim");
    for seed in 1..=count {
        let input = nim
            .generate(seed, &Params::from_pairs(&[]))
            .expect("generates");
        let answer = nim.solve(input.as_bytes()).expect("solves");
        std::fs::write(dir.path().join(format!("{seed:02}.in")), &input).expect("write");
        std::fs::write(dir.path().join(format!("{seed:02}.ans")), &answer).expect("write");
    }
    dir
}

/// `stonejudge judge nim --tests DIR EXTRA... -- PROGRAM` with the shared cache.
fn judge(dir: &Path, extra: &[&str], program: &Path) -> Output {
    Command::cargo_bin("stonejudge")
        .expect("binary")
        .env("STONEJUDGE_CACHE", shared_cache())
        .arg("judge")
        .arg("nim")
        .arg("--tests")
        .arg(dir)
        .args(extra)
        .arg("--")
        .arg(program)
        .output()
        .expect("runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The (test, verdict) pairs of the table.
fn rows(stdout: &str) -> Vec<(String, String)> {
    stdout
        .lines()
        .skip(1)
        .filter(|line| !line.starts_with("nim:"))
        .map(|line| {
            let mut words = line.split_whitespace();
            let test = words.next().unwrap_or_default().to_string();
            (test, words.next().unwrap_or_default().to_string())
        })
        .collect()
}

#[test]
fn correct_cpp_solution_is_accepted_on_every_test() {
    let tests = nim_tests(4);
    let out = judge(tests.path(), &[], &program("nim_ok.cpp"));
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let expected: Vec<(String, String)> = ["01", "02", "03", "04"]
        .iter()
        .map(|t| (t.to_string(), "AC".to_string()))
        .collect();
    assert_eq!(rows(&stdout), expected);
    assert!(stdout.contains("nim: all 4 tests AC"), "{stdout}");
    assert!(
        !stdout.contains('\x1b'),
        "no colours when not on a terminal"
    );
}

#[test]
fn correct_python_solution_is_accepted() {
    let tests = nim_tests(3);
    let out = judge(tests.path(), &[], &program("nim_ok.py"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

#[test]
fn wrong_solution_exits_1_and_names_the_first_failure() {
    let tests = nim_tests(6);
    let out = judge(tests.path(), &[], &program("nim_second.py"));
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let rows = rows(&stdout);
    let first_wa = rows
        .iter()
        .find(|(_, verdict)| verdict == "WA")
        .map(|(test, _)| test.clone())
        .expect("some test is WA");
    assert!(
        stdout.contains(&format!("first failure: test {first_wa} (WA)")),
        "{stdout}"
    );
}

#[test]
fn parallel_jobs_give_the_same_table_in_the_same_order() {
    let tests = nim_tests(6);
    let one = judge(tests.path(), &["--jobs", "1"], &program("nim_second.py"));
    let three = judge(tests.path(), &["--jobs", "3"], &program("nim_second.py"));
    assert_eq!(rows(&text(&one.stdout)), rows(&text(&three.stdout)));
    assert_eq!(one.status.code(), three.status.code());
}

#[test]
fn json_report_has_every_test_and_a_repro_command() {
    let tests = nim_tests(3);
    let report_dir = tempfile::tempdir().expect("tempdir");
    let report = report_dir.path().join("report.json");
    let out = judge(
        tests.path(),
        &["--json", report.to_str().expect("utf-8 path")],
        &program("nim_second.py"),
    );
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).expect("report written")).expect("JSON");
    let table = rows(&text(&out.stdout));
    let listed = json["tests"].as_array().expect("tests array");
    assert_eq!(listed.len(), 3);
    for (entry, (test, verdict)) in listed.iter().zip(&table) {
        assert_eq!(entry["test"], test.as_str());
        assert_eq!(entry["verdict"], verdict.as_str());
        assert!(entry["memory_kib"].as_u64().is_some_and(|m| m > 0));
        let repro = entry["repro"].as_str().expect("repro");
        assert!(
            repro.starts_with("stonejudge judge nim --tests "),
            "{repro}"
        );
        assert!(repro.contains(&format!("--test {test} ")), "{repro}");
        assert!(repro.ends_with("nim_second.py"), "{repro}");
    }
    assert_eq!(json["limits"]["memory_mib"], 256);
    // Written through a temporary file that is renamed: nothing else is left.
    let files: Vec<_> = std::fs::read_dir(report_dir.path())
        .expect("dir")
        .flatten()
        .collect();
    assert_eq!(files.len(), 1);
}

#[test]
fn only_the_named_tests_run() {
    let tests = nim_tests(3);
    let out = judge(tests.path(), &["--test", "02"], &program("nim_ok.cpp"));
    assert_eq!(
        rows(&text(&out.stdout)),
        [("02".to_string(), "AC".to_string())]
    );
    let out = judge(tests.path(), &["--test", "07"], &program("nim_ok.cpp"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--test 07"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn limits_come_from_the_flags() {
    let tests = nim_tests(1);
    let report_dir = tempfile::tempdir().expect("tempdir");
    let report = report_dir.path().join("r.json");
    let flags = [
        "--time-limit",
        "0.25",
        "--memory-limit",
        "64",
        "--json",
        report.to_str().expect("utf-8"),
    ];
    judge(tests.path(), &flags, &program("nim_ok.cpp"));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).expect("report")).expect("JSON");
    assert_eq!(json["limits"]["time_s"], 0.25);
    assert_eq!(json["limits"]["wall_s"], 1.5);
    assert_eq!(json["limits"]["memory_mib"], 64);
}

#[test]
fn missing_tests_directory_is_a_usage_error() {
    let out = judge(Path::new("/nonexistent/tests"), &[], &program("nim_ok.cpp"));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/nonexistent/tests"));
}

#[test]
fn test_without_answer_is_a_usage_error() {
    let tests = nim_tests(2);
    std::fs::remove_file(tests.path().join("02.ans")).expect("remove");
    let out = judge(tests.path(), &[], &program("nim_ok.cpp"));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("has no answer file"));
}

#[test]
fn broken_answer_file_is_a_judge_error() {
    let tests = nim_tests(2);
    std::fs::write(tests.path().join("01.ans"), "maybe\n").expect("write");
    let out = judge(tests.path(), &[], &program("nim_ok.cpp"));
    assert_eq!(out.status.code(), Some(2));
    let table = rows(&text(&out.stdout));
    assert_eq!(table[0], ("01".to_string(), "JE".to_string()));
    assert_eq!(table[1], ("02".to_string(), "AC".to_string()));
}

#[test]
fn missing_program_is_a_judge_error_with_a_clear_message() {
    let tests = nim_tests(1);
    let out = judge(tests.path(), &[], Path::new("/nonexistent/solution"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("JE") && stderr.contains("No such file"),
        "{stderr}"
    );
}

#[test]
fn compile_error_is_ce_and_exit_1() {
    let tests = nim_tests(2);
    let out = judge(tests.path(), &[], &program("compile_error.cpp"));
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("CE: ") && stderr.contains("error:"),
        "{stderr}"
    );
    assert!(text(&out.stdout).contains("2 CE"), "{}", text(&out.stdout));
}

#[test]
fn missing_compiler_is_an_environment_error() {
    let tests = nim_tests(1);
    let empty = tempfile::tempdir().expect("tempdir");
    let out = Command::cargo_bin("stonejudge")
        .expect("binary")
        .env("PATH", empty.path())
        .env("STONEJUDGE_CACHE", empty.path().join("cache"))
        .args(["judge", "nim", "--tests"])
        .arg(tests.path())
        .arg("--")
        .arg(program("nim_ok.cpp"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("g++ is not installed"), "{stderr}");
}

/// A source is compiled once: a second judge reuses the binary; a changed source gets its own.
#[test]
fn sources_are_compiled_once_into_the_cache() {
    let tests = nim_tests(1);
    let scratch = tempfile::tempdir().expect("tempdir");
    let cache = scratch.path().join("cache");
    let source = scratch.path().join("sol.cpp");
    std::fs::copy(program("nim_ok.cpp"), &source).expect("copy");
    let run = || {
        let out = Command::cargo_bin("stonejudge")
            .expect("binary")
            .env("STONEJUDGE_CACHE", &cache)
            .args(["judge", "nim", "--tests"])
            .arg(tests.path())
            .arg("--")
            .arg(&source)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    };
    let binaries = || -> Vec<(PathBuf, std::time::SystemTime)> {
        let mut found: Vec<_> = std::fs::read_dir(&cache)
            .expect("cache exists")
            .flatten()
            .filter(|e| e.path().is_file())
            .map(|e| {
                (
                    e.path(),
                    e.metadata().and_then(|m| m.modified()).expect("mtime"),
                )
            })
            .collect();
        found.sort();
        found
    };
    run();
    let first = binaries();
    assert_eq!(first.len(), 1);
    run();
    assert_eq!(binaries(), first, "the cached binary is reused as it is");
    let mut changed = std::fs::read_to_string(&source).expect("read");
    changed.push_str("// changed\n");
    std::fs::write(&source, changed).expect("write");
    run();
    assert_eq!(binaries().len(), 2);
}

/// Whether the ELF executable at `path` names a program interpreter (the dynamic loader), that
/// is, whether it is linked dynamically.
fn has_interpreter(path: &Path) -> bool {
    const PT_INTERP: u32 = 3;
    let bytes = std::fs::read(path).expect("read the binary");
    assert_eq!(&bytes[..4], b"\x7fELF", "{} is not ELF", path.display());
    let word = |at: usize, n: usize| -> u64 {
        bytes[at..at + n]
            .iter()
            .rev()
            .fold(0, |acc, &b| (acc << 8) | u64::from(b))
    };
    let (table, entry, count) = (word(0x20, 8), word(0x36, 2), word(0x38, 2));
    (0..count).any(|i| word((table + i * entry) as usize, 4) == u64::from(PT_INTERP))
}

/// Judges `source` with a fresh cache (and `PATH` as given), expecting AC; returns the cache
/// and the binary in it.
fn judge_fresh(source: &Path, path_var: &std::ffi::OsStr) -> (tempfile::TempDir, PathBuf) {
    let tests = nim_tests(2);
    let cache = tempfile::tempdir().expect("tempdir");
    let out = Command::cargo_bin("stonejudge")
        .expect("binary")
        .env("STONEJUDGE_CACHE", cache.path())
        .env("PATH", path_var)
        .args(["judge", "nim", "--tests"])
        .arg(tests.path())
        .arg("--")
        .arg(source)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let binary = std::fs::read_dir(cache.path())
        .expect("cache exists")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.is_file())
        .expect("a cached binary");
    (cache, binary)
}

/// C++ sources are linked statically (as problemtools does) where the static libraries are
/// installed; where they are not, dynamically.
#[test]
fn sources_are_linked_statically_where_the_machine_can() {
    let scratch = tempfile::tempdir().expect("tempdir");
    let probe_source = scratch.path().join("probe.cpp");
    std::fs::write(&probe_source, "int main() { return 0; }\n").expect("write");
    let static_works = std::process::Command::new("g++")
        .arg("-static")
        .arg("-o")
        .arg(scratch.path().join("probe"))
        .arg(&probe_source)
        .output()
        .is_ok_and(|out| out.status.success());
    let (_cache, binary) = judge_fresh(&program("nim_ok.cpp"), &std::env::var_os("PATH").unwrap());
    assert_eq!(
        has_interpreter(&binary),
        !static_works,
        "g++ -static works here: {static_works}"
    );
}

/// A compiler that cannot link statically (no static libraries) still builds the program.
#[test]
fn a_failed_static_link_falls_back_to_dynamic_linking() {
    let wrapper_dir = tempfile::tempdir().expect("tempdir");
    let real = std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|dir| dir.join("g++"))
        .find(|p| p.is_file())
        .expect("g++ in PATH");
    let wrapper = wrapper_dir.path().join("g++");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nfor a in \"$@\"; do\n  if [ \"$a\" = -static ]; then\n    \
             echo '/usr/bin/ld: cannot find -lc: No such file or directory' >&2; exit 1\n  \
             fi\ndone\nexec {} \"$@\"\n",
            real.display()
        ),
    )
    .expect("write the wrapper");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let path_var = std::env::join_paths(
        std::iter::once(wrapper_dir.path().to_owned())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .expect("PATH");
    let (_cache, binary) = judge_fresh(&program("nim_ok.cpp"), &path_var);
    assert!(has_interpreter(&binary), "the fallback binary is dynamic");
}

#[test]
fn help_explains_the_jobs_trade_off() {
    let out = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["judge", "--help"])
        .output()
        .expect("runs");
    let help = text(&out.stdout);
    assert!(help.contains("--jobs"), "{help}");
    assert!(help.contains("flip between AC and TLE"), "{help}");
}

#[test]
fn bad_time_limit_is_a_usage_error() {
    let tests = nim_tests(1);
    let out = judge(tests.path(), &["--time-limit", "0"], &program("nim_ok.cpp"));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("must be more than 0 seconds"));
}
