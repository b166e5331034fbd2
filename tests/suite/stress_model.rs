//! `stonejudge stress` is one path over the model, whatever the format the problem is read
//! from: on a problem of the catalog (its generator, reference and checker in-process), a
//! program-backed problem (its generator, reference and checker programs), a Kattis package
//! (cases from `--gen`, its default output validator with `float_tolerance` judging, a failure
//! shrunk over its text within what its input validator accepts) and a sinol-make package (its
//! ingen making the cases, its model solution the answers), each finds a planted bug, shrinks
//! it, and passes a correct program, under the limits the model gives the program under test.

use std::path::{Path, PathBuf};

use super::package_fixtures::write;
use super::programs_archive;
use super::sinol_fixtures;
use super::stress_cli::{path, section};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `stonejudge stress ARGS...` run in `cwd`: its exit code, standard output and error.
fn stress(cwd: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let mut words = vec!["stress"];
    words.extend(args);
    programs_archive::stonejudge(cwd, &words)
}

#[test]
fn a_catalog_problem_is_stressed_in_process_and_shrunk_with_its_own_candidates() {
    let cwd = tempfile::tempdir().expect("temp dir");
    let root = repo();
    let solution = |folder: &str, file: &str| {
        root.join("problems/stripes/solutions")
            .join(folder)
            .join(file)
    };
    let wrong = solution("wrong_answer", "grundy_u8.cpp");
    let args = ["stripes", "--root", path(&root), "--seed", "1", "--cases"];
    let mut failing = args.to_vec();
    failing.extend(["1000", "--", path(&wrong)]);
    let (code, out, err) = stress(cwd.path(), &failing);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.starts_with("FAILED case "), "{out}");
    assert!(out.contains("shrunk to a locally minimal case"), "{out}");
    assert!(out.contains("--- verdict WA"), "{out}");
    // problem.toml's [limits], as the model has them.
    assert!(err.contains("limits 1 s CPU, 256 MiB"), "{err}");

    let right = solution("accepted", "stripes.cpp");
    let mut passing = args.to_vec();
    passing.extend(["50", "--", path(&right)]);
    let (code, out, err) = stress(cwd.path(), &passing);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out, "OK: 50 cases passed (stripes, seeds 1..=50)\n");
}

#[test]
fn a_program_backed_problem_is_stressed_with_its_programs_and_shrunk_through_its_generator() {
    let archive = programs_archive::archive();
    let dir = programs_archive::problem_dir(archive.path());
    let wrong = dir.join("solutions/wrong_answer/wrong.cpp");
    let args = [programs_archive::PROBLEM, "--seed", "1", "--cases"];
    let mut failing = args.to_vec();
    failing.extend(["100", "--", path(&wrong)]);
    let (code, out, err) = stress(archive.path(), &failing);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("shrunk through the generator"), "{out}");
    assert!(out.contains("--- verdict WA"), "{out}");
    // One game left, on a heap lost because n mod 7 == 2.
    let input = section(&out, "input");
    assert_eq!(input.first(), Some(&"1"), "{out}");
    // problem.toml's [limits]: 3 s and 256 MiB.
    assert!(err.contains("limits 3 s CPU, 256 MiB"), "{err}");

    let right = dir.join("solutions/accepted/sol.py");
    let mut passing = args.to_vec();
    passing.extend(["20", "--time-limit", "5", "--", path(&right)]);
    let (code, out, err) = stress(archive.path(), &passing);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out, "OK: 20 cases passed (take, seeds 1..=20)\n");
    // The flag wins over the problem's limit.
    assert!(err.contains("limits 5 s CPU, 256 MiB"), "{err}");
}

/// A legacy Kattis package printing a / b, judged by the default output validator with
/// `float_tolerance 1e-6`; an input validator, a sample and a secret test, the reference as
/// its accepted submission. Returns the package's folder.
fn ratio(dir: &Path) -> PathBuf {
    let root = dir.join("ratio");
    write(
        &root,
        &[
            (
                "problem.yaml",
                "name: Ratio\nvalidator_flags: float_tolerance 1e-6\n",
            ),
            (
                "problem_statement/problem.en.tex",
                "\\problemname{Ratio}\nPrint $a / b$.\n",
            ),
            ("data/sample/1.in", "1 3\n"),
            ("data/sample/1.ans", "0.3333333333333333\n"),
            ("data/secret/1.in", "7 2\n"),
            ("data/secret/1.ans", "3.5\n"),
            (
                "input_validators/validate.py",
                "import re, sys\ntext = sys.stdin.read()\n\
                 m = re.fullmatch(r'([1-9][0-9]*) ([1-9][0-9]*)\\n', text)\n\
                 ok = m is not None and all(int(x) <= 1000 for x in m.groups())\n\
                 sys.exit(42 if ok else 43)\n",
            ),
            (
                "submissions/accepted/ratio.py",
                "a, b = map(int, input().split())\nprint(a / b)\n",
            ),
        ],
    );
    write(
        dir,
        &[
            (
                "gen.py",
                "import sys\nseed = int(sys.argv[-1])\nprint(seed % 97 + 1, seed % 13 + 1)\n",
            ),
            // Three decimals: off by more than the tolerance unless a / b has at most three.
            (
                "rounded.py",
                "a, b = map(int, input().split())\nprint(f'{a / b:.3f}')\n",
            ),
            // Nine decimals: not the reference's tokens, but within the tolerance.
            (
                "close.py",
                "a, b = map(int, input().split())\nprint(f'{a / b:.9f}')\n",
            ),
        ],
    );
    root
}

#[test]
fn a_kattis_package_is_judged_by_its_output_validator_with_its_tolerance() {
    let dir = tempfile::tempdir().expect("temp dir");
    ratio(dir.path());
    let args = [
        "./ratio",
        "--gen",
        "gen.py",
        "--ref",
        "ratio/submissions/accepted/ratio.py",
        "--seed",
        "1",
        "--cases",
        "40",
        "--",
    ];
    let with = |program: &str| {
        let mut args = args.to_vec();
        args.push(program);
        stress(dir.path(), &args)
    };
    let (code, out, err) = with("rounded.py");
    assert_eq!(code, Some(1), "{out}{err}");
    // Seeds 1..=12 give a == b, 13 and 14 a / b = 14 and 7.5; seed 15 gives 16 / 3.
    assert!(out.starts_with("FAILED case 14 (seed 15): WA\n"), "{out}");
    // 16 3 shrunk over its text, within what the input validator accepts (no zero).
    assert!(out.contains("shrunk to a locally minimal case"), "{out}");
    assert_eq!(section(&out, "input"), ["1 3"], "{out}");
    assert_eq!(section(&out, "received"), ["0.333"], "{out}");
    assert!(
        out.contains("repro: stonejudge stress ./ratio --gen gen.py"),
        "{out}"
    );
    // No fixed time limit: it is derived from the accepted submission, as judge derives it.
    assert!(err.contains("time limit: slowest accepted"), "{err}");

    let (code, out, err) = with("close.py");
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out, "OK: 40 cases passed (seeds 1..=40)\n");
}

/// The sinol-make sum package whose ingen writes these inputs.
fn sinol_with_ingen(inputs: &[(&str, &str)], config: &str) -> sinol_fixtures::Package {
    let package = sinol_fixtures::package(config, &[]);
    let mut ingen = "#!/bin/bash\n".to_string();
    for (name, input) in inputs {
        ingen.push_str(&format!("echo '{input}' > {name}.in\n"));
    }
    package.write("prog/abcingen.sh", &ingen);
    std::fs::write(package.dir.path().join("wrong.py"), sinol_fixtures::WRONG).expect("write");
    package
}

#[test]
fn a_sinol_package_is_stressed_on_what_its_ingen_makes_against_its_model_solution() {
    let config = "title: Sum\nsinol_task_id: abc\ntime_limit: 2000\nmemory_limit: 262144\n\
                  scores:\n  1: 40\n  2: 60\noverride_limits:\n  py:\n    time_limit: 3000\n";
    // The wrong solution fails from 50 on: first on abc1b, then on the shorter abc2a.
    let package = sinol_with_ingen(
        &[
            ("abc1a", "3 4"),
            ("abc1b", "500 600"),
            ("abc2a", "70 1"),
            ("abc2b", "999 999"),
        ],
        config,
    );
    let cwd = package.dir.path();
    let (code, out, err) = stress(cwd, &["./abc", "--", "wrong.py"]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        out.starts_with("FAILED case 1 (input abc1b): WA\n"),
        "{out}"
    );
    assert!(
        out.contains("shrunk to a locally minimal case in 1 step"),
        "{out}"
    );
    assert_eq!(section(&out, "input"), ["70 1"], "{out}");
    assert_eq!(section(&out, "expected"), ["71"], "{out}");
    assert!(
        out.contains("repro: stonejudge stress ./abc --cases 2 --"),
        "{out}"
    );
    // Python's override_limits win over the package's 2 s.
    assert!(err.contains("limits 3 s CPU, 256 MiB"), "{err}");
    assert!(err.contains("the 4 inputs its ingen makes"), "{err}");

    let (code, out, err) = stress(cwd, &["./abc", "--", "abc/prog/abc.py"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out, "OK: 4 cases passed (abc, the inputs of its ingen)\n");
}

#[test]
fn a_sinol_package_without_ingen_asks_for_a_generator() {
    let package = sinol_fixtures::sum();
    std::fs::remove_file(package.root().join("prog/abcingen.sh")).expect("remove ingen");
    let (code, out, err) = stress(package.dir.path(), &["./abc", "--", "abc/prog/abc.py"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("has no generator stonejudge runs to make cases (no ingen"),
        "{err}"
    );
}
