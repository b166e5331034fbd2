//! `stonejudge stress` on the real example solutions of the archive: a planted bug is found
//! and shrunk, a correct solution survives thousands of cases, exhaustive mode covers (and
//! counts) every instance up to its bound, and generic mode compares tokens without shrinking.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn solution(problem: &str, folder: &str, file: &str) -> PathBuf {
    repo()
        .join("problems")
        .join(problem)
        .join("solutions")
        .join(folder)
        .join(file)
}

/// `stonejudge stress --root REPO ARGS...` run in a temporary directory (where a failing case
/// goes when `--save` is not given, never the checkout), with its output.
fn stress(args: &[&str]) -> (Option<i32>, String, String) {
    let cwd = tempfile::tempdir().expect("temp dir");
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .current_dir(cwd.path())
        .arg("stress")
        .arg("--root")
        .arg(repo())
        .args(args)
        .output()
        .expect("run stonejudge");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

pub fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// The lines after `--- <what>` up to the next `---` line.
pub fn section<'a>(report: &'a str, what: &str) -> Vec<&'a str> {
    report
        .lines()
        .skip_while(|l| !l.starts_with(&format!("--- {what}")))
        .skip(1)
        .take_while(|l| !l.starts_with("---"))
        .collect()
}

#[test]
fn grundy_values_in_eight_bits_fail_and_shrink_to_a_single_board() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let saved = scratch.path().join("case.in");
    let program = solution("stripes", "wrong_answer", "grundy_u8.cpp");
    let (code, out, err) = stress(&["stripes", "--save", path(&saved), "--", path(&program)]);
    assert_eq!(code, Some(1), "stdout:\n{out}\nstderr:\n{err}");
    assert!(out.starts_with("FAILED case "), "{out}");
    assert!(
        out.contains("shrunk to a locally minimal case in "),
        "{out}"
    );
    assert!(err.contains("cases/s"), "progress summary missing: {err}");

    // The minimal case: one board, printed verbatim and saved with its answer.
    let input = std::fs::read_to_string(&saved).expect("saved input");
    let lines: Vec<&str> = input.lines().collect();
    assert_eq!(lines.len(), 3, "{input}");
    assert_eq!(lines[1], "1", "more than one board left: {input}");
    assert_eq!(section(&out, "input"), lines);
    let expected = std::fs::read_to_string(saved.with_extension("ans")).expect("saved answer");
    assert_eq!(
        section(&out, "expected"),
        expected.lines().collect::<Vec<_>>()
    );
    assert_ne!(
        section(&out, "expected"),
        section(&out, "received"),
        "{out}"
    );
    // The reference agrees with the saved answer (computed independently of the report).
    let solved = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["solve", "stripes", path(&saved)])
        .output()
        .expect("solve");
    assert_eq!(String::from_utf8_lossy(&solved.stdout), expected);
    assert!(out.contains("--- verdict WA: board 1 (p = "), "{out}");

    // The repro line finds and shrinks the same case again.
    let repro = out
        .lines()
        .find_map(|l| l.strip_prefix("repro: stonejudge stress "))
        .expect("repro line");
    // The repro names the archive (`--root`), which `stress` here names itself.
    let mut words: Vec<&str> = repro.split(' ').collect();
    let root_at = words
        .iter()
        .position(|&w| w == "--root")
        .expect("--root in the repro");
    assert_eq!(words.remove(root_at + 1), path(&repo()));
    words.remove(root_at);
    let again = scratch.path().join("again.in");
    let mut args: Vec<&str> = vec!["--save", path(&again)];
    args.extend(&words);
    let (code, _, err) = stress(&args);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(std::fs::read_to_string(&again).expect("again"), input);
}

#[test]
fn a_correct_solution_passes_thousands_of_cases() {
    let program = solution("stripes", "accepted", "stripes.cpp");
    let (code, out, err) = stress(&[
        "stripes",
        "--seed",
        "7",
        "--cases",
        "2000",
        "--",
        path(&program),
    ]);
    assert_eq!(code, Some(0), "stdout:\n{out}\nstderr:\n{err}");
    assert_eq!(out, "OK: 2000 cases passed (stripes, seeds 7..=2006)\n");
    // Every mode of the generator takes its turn.
    for mode in ["random", "max", "min", "short", "equal", "wide", "all"] {
        assert!(err.contains(mode), "mode {mode} not mixed in: {err}");
    }
}

/// Stripes instances of size at most `bound`: lengths c, z, n and one board p, all at least 1,
/// with c + z + n + 1 + p <= bound (the input `c z n / 1 / p`).
fn stripes_instances(bound: u64) -> u64 {
    let mut count = 0;
    for c in 1..=bound {
        for z in 1..=bound {
            for n in 1..=bound {
                for p in 1..=bound {
                    if c + z + n + 1 + p <= bound {
                        count += 1;
                    }
                }
            }
        }
    }
    count
}

#[test]
fn exhaustive_mode_covers_and_counts_every_instance_up_to_its_bound() {
    let program = solution("stripes", "accepted", "stripes.cpp");
    let (code, out, err) = stress(&[
        "stripes",
        "--exhaustive",
        "--bound",
        "12",
        "--",
        path(&program),
    ]);
    assert_eq!(code, Some(0), "stdout:\n{out}\nstderr:\n{err}");
    let count = stripes_instances(12);
    assert_eq!(
        out,
        format!("OK: all {count} instances of size <= 12 passed (exhaustive, stripes)\n")
    );
    assert!(err.contains(&format!("{count} cases in")), "{err}");
}

#[test]
fn exhaustive_mode_reports_the_smallest_failing_instance_first() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let saved = scratch.path().join("case.in");
    let program = solution("misere-nim", "wrong_answer", "no_exception.cpp");
    let (code, out, err) = stress(&[
        "misere-nim",
        "--exhaustive",
        "--save",
        path(&saved),
        "--",
        path(&program),
    ]);
    assert_eq!(code, Some(1), "stdout:\n{out}\nstderr:\n{err}");
    // The smallest input of all, one heap of one stone, is where Bouton's exception matters.
    assert!(out.starts_with("FAILED case 0 (size 3): WA\n"), "{out}");
    assert_eq!(std::fs::read_to_string(&saved).expect("saved"), "1\n1\n1\n");
    assert!(
        out.contains(&format!(
            "repro: stonejudge stress misere-nim --exhaustive --bound 3 --cases 1 --root {} -- ",
            path(&repo())
        )),
        "{out}"
    );
}

#[test]
fn generic_mode_compares_tokens_and_says_it_does_not_shrink() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let write = |name: &str, text: &str| -> PathBuf {
        let p = scratch.path().join(name);
        std::fs::write(&p, text).expect("write program");
        p
    };
    let gen = write(
        "gen.py",
        "import sys\nseed = int(sys.argv[-1])\nprint(seed % 7, seed % 11)\n",
    );
    let reference = write("ref.py", "a, b = map(int, input().split())\nprint(a + b)\n");
    let wrong = write(
        "wrong.py",
        "a, b = map(int, input().split())\nprint(a + b + (1 if a + b > 12 else 0))\n",
    );
    let common = [
        "--gen",
        path(&gen),
        "--ref",
        path(&reference),
        "--cases",
        "30",
        "--seed",
        "1",
    ];

    let mut args = common.to_vec();
    args.extend(["--", path(&reference)]);
    let (code, out, err) = stress(&args);
    assert_eq!(code, Some(0), "stdout:\n{out}\nstderr:\n{err}");
    assert_eq!(out, "OK: 30 cases passed (seeds 1..=30)\n");

    let saved = scratch.path().join("case.in");
    let mut args = common.to_vec();
    args.extend(["--save", path(&saved), "--", path(&wrong)]);
    let (code, out, err) = stress(&args);
    assert_eq!(code, Some(1), "stdout:\n{out}\nstderr:\n{err}");
    // Seeds 1, 2, … give a + b = 2, 4, …, 12, 7 (seed 7), 9, 11, 13: case 9 (seed 10) first.
    assert!(out.starts_with("FAILED case 9 (seed 10): WA\n"), "{out}");
    assert!(out.contains("not shrunk"), "{out}");
    assert!(
        out.contains("token 1 (output line 1): expected \"13\", got \"14\""),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&saved).expect("saved"), "3 10\n");
}

#[test]
fn bad_parameters_are_usage_errors_naming_the_flag() {
    let program = solution("stripes", "accepted", "stripes.cpp");
    let (code, _, err) = stress(&["stripes", "--param", "max_q=3", "--", path(&program)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--param max_q"), "{err}");
    let (code, _, err) = stress(&["nosuch", "--", path(&program)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("unknown problem \"nosuch\""), "{err}");
}

/// The seed a run drew, from its header: `random cases from seed N (drawn afresh; ...`.
fn drawn_seed(err: &str) -> u64 {
    let after = err
        .split("random cases from seed ")
        .nth(1)
        .unwrap_or_else(|| panic!("no seed in the header: {err}"));
    assert!(after.contains("(drawn afresh; --seed "), "{err}");
    after
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no seed number: {err}"))
}

#[test]
fn runs_without_a_seed_draw_fresh_ones_and_print_them_in_the_repro() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let program = solution("stripes", "wrong_answer", "grundy_u8.cpp");
    let mut seeds = Vec::new();
    for run in 0..2 {
        let saved = scratch.path().join(format!("run{run}.in"));
        let (code, out, err) = stress(&["stripes", "--save", path(&saved), "--", path(&program)]);
        assert_eq!(code, Some(1), "stdout:\n{out}\nstderr:\n{err}");
        let seed = drawn_seed(&err);
        // The failing case is case i, made with seed + i; the repro names that seed.
        let index: u64 = out
            .strip_prefix("FAILED case ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|i| i.parse().ok())
            .expect("case number");
        let repro_seed = format!("--seed {} --cases 1", seed.wrapping_add(index));
        assert!(out.contains(&repro_seed), "{repro_seed} not in:\n{out}");
        seeds.push(seed);
    }
    assert_ne!(seeds[0], seeds[1], "two runs drew the same seed");

    // A passing run says which seeds it covered.
    let good = solution("stripes", "accepted", "stripes.cpp");
    let (code, out, err) = stress(&["stripes", "--cases", "5", "--", path(&good)]);
    assert_eq!(code, Some(0), "{err}");
    let seed = drawn_seed(&err);
    assert_eq!(
        out,
        format!(
            "OK: 5 cases passed (stripes, seeds {seed}..={})\n",
            seed + 4
        )
    );
}

#[test]
fn shrinking_reports_its_own_time_and_rates_are_plain_numbers() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let saved = scratch.path().join("case.in");
    let program = solution("stripes", "wrong_answer", "grundy_u8.cpp");
    let (code, out, err) = stress(&[
        "stripes",
        "--seed",
        "1",
        "--save",
        path(&saved),
        "--",
        path(&program),
    ]);
    assert_eq!(code, Some(1), "{err}");
    let shrink_line = out
        .lines()
        .find(|l| l.starts_with("shrunk "))
        .unwrap_or_else(|| panic!("no shrink line: {out}"));
    // `shrunk to a locally minimal case in 3 steps (40 runs, 0.4 s), still WA`.
    assert!(shrink_line.contains(" runs, "), "{shrink_line}");
    assert!(shrink_line.contains(" s), still WA"), "{shrink_line}");
    let rate = err
        .lines()
        .find(|l| l.contains("cases/s"))
        .unwrap_or_else(|| panic!("no rate: {err}"));
    // `(39 cases/s, 2 jobs)`: a whole number, no thousands separator, no decimals.
    let number = rate
        .split(" cases/s")
        .next()
        .and_then(|before| before.rsplit('(').next())
        .unwrap_or_default();
    assert!(
        !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()),
        "{rate}"
    );
}

#[test]
fn save_paths_are_checked_before_the_run_and_a_case_is_never_lost() {
    let program = solution("stripes", "wrong_answer", "grundy_u8.cpp");
    let (code, out, err) = stress(&[
        "stripes",
        "--save",
        "/nonexistent/x.in",
        "--",
        path(&program),
    ]);
    assert_eq!(code, Some(2), "stdout:\n{out}\nstderr:\n{err}");
    assert!(
        err.contains("--save /nonexistent/x.in: there is no directory /nonexistent"),
        "{err}"
    );
    assert!(out.is_empty() && !err.contains("cases in"), "it ran: {err}");

    // By default a case goes to .stonejudge/, which tells git to ignore it.
    let scratch = tempfile::tempdir().expect("temp dir");
    let run_in = |dir: &Path| {
        let output = Command::cargo_bin("stonejudge")
            .expect("binary")
            .current_dir(dir)
            .args(["stress", "stripes", "--seed", "1", "--", path(&program)])
            .output()
            .expect("run stonejudge");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    let (code, out) = run_in(scratch.path());
    assert_eq!(code, Some(1), "{out}");
    let cases = scratch.path().join(".stonejudge");
    let saved = std::fs::read_to_string(cases.join("stress-stripes.in")).expect("saved case");
    assert_eq!(section(&out, "input"), saved.lines().collect::<Vec<_>>());
    let ignore = std::fs::read_to_string(cases.join(".gitignore")).expect(".gitignore");
    assert!(ignore.lines().any(|l| l == "*"), "{ignore}");

    // When the case cannot be saved, the report shows all of it.
    let blocked = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        blocked.path().join(".stonejudge"),
        "a file, not a directory",
    )
    .expect("block");
    let (code, out) = run_in(blocked.path());
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("--- input (not saved)"), "{out}");
    assert_eq!(section(&out, "input"), saved.lines().collect::<Vec<_>>());
}

#[test]
fn a_judge_error_in_generic_mode_is_exit_2() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let write = |name: &str, text: &str| -> PathBuf {
        let p = scratch.path().join(name);
        std::fs::write(&p, text).expect("write program");
        p
    };
    let gen = write("gen.py", "print(1)\n");
    let broken_ref = write("ref.py", "import sys\nsys.exit(3)\n");
    let program = write("sol.py", "print(1)\n");
    let (code, out, err) = stress(&[
        "--gen",
        path(&gen),
        "--ref",
        path(&broken_ref),
        "--cases",
        "3",
        "--save",
        path(&scratch.path().join("case.in")),
        "--",
        path(&program),
    ]);
    assert_eq!(code, Some(2), "stdout:\n{out}\nstderr:\n{err}");
    assert!(out.contains(": JE\n"), "{out}");
    assert!(err.contains("could not be judged (JE)"), "{err}");
}
