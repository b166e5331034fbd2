//! Shared checks for the per-problem tests (`problem_*.rs`): the real binary on
//! samples and malformed inputs, brute-force certification, generators, shrinking, reach,
//! and the example solutions under `problems/<name>/solutions/` judged as `stonejudge judge`
//! judges them (compile cache, runner, the problem's limits and checker).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use assert_cmd::Command;
use stonejudge::archive::LimitFlags;
use stonejudge::catalog::{self, DynProblem};
use stonejudge::gen::Params;
use stonejudge::judge::{Judge, Judging};
use stonejudge::run;
use stonejudge::verdict::Verdict;

pub fn problem(name: &str) -> &'static dyn DynProblem {
    catalog::find(name).unwrap_or_else(|| panic!("{name} is in the catalog"))
}

/// A generated input, in-process.
pub fn generate(name: &str, seed: u64, params: &[(&str, &str)]) -> String {
    problem(name)
        .generate(seed, &Params::from_pairs(params))
        .unwrap_or_else(|e| panic!("gen {name} --seed {seed} {params:?}: {e}"))
}

/// One input per mode, the `i`-th mode with seed `i + 1`: a problem's spread of cases.
pub fn in_modes(name: &str, modes: &[&str]) -> Vec<String> {
    seeded_in_turn(name, modes.iter().map(|&mode| vec![("mode", mode)]))
}

/// [`in_modes`], each mode with its own value of the parameter `key`.
pub fn in_modes_with(name: &str, key: &str, runs: &[(&str, &str)]) -> Vec<String> {
    seeded_in_turn(
        name,
        runs.iter()
            .map(|&(mode, value)| vec![("mode", mode), (key, value)]),
    )
}

/// One input per set of parameters, the `i`-th with seed `i + 1`.
fn seeded_in_turn<'a>(
    name: &str,
    params: impl Iterator<Item = Vec<(&'a str, &'a str)>>,
) -> Vec<String> {
    (1..)
        .zip(params)
        .map(|(seed, params)| generate(name, seed, &params))
        .collect()
}

/// One input per seed in `0..seeds` and mode, with the `extra` parameters: data to catch
/// wrong solutions with.
pub fn over_seeds(name: &str, seeds: u64, modes: &[&str], extra: &[(&str, &str)]) -> Vec<String> {
    let mut inputs = Vec::new();
    for seed in 0..seeds {
        for &mode in modes {
            let mut params = vec![("mode", mode)];
            params.extend_from_slice(extra);
            inputs.push(generate(name, seed, &params));
        }
    }
    inputs
}

pub fn stonejudge() -> Command {
    Command::cargo_bin("stonejudge").expect("the stonejudge binary is built")
}

/// `stonejudge solve NAME FILE` on `input`: asserts success and returns standard output.
pub fn solve_via_binary(name: &str, input: &str) -> String {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("input.txt");
    fs::write(&path, input).expect("write the input");
    let output = stonejudge()
        .arg("solve")
        .arg(name)
        .arg(&path)
        .output()
        .expect("run stonejudge");
    assert!(
        output.status.success(),
        "stonejudge solve {name} failed on {input:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// `stonejudge solve NAME FILE` must exit 1 and say `FILE:line:col: …` with `what` in the
/// message.
pub fn assert_rejected(name: &str, input: &[u8], line: usize, col: usize, what: &str) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("bad.in");
    fs::write(&path, input).expect("write the input");
    let output = stonejudge()
        .arg("solve")
        .arg(name)
        .arg(&path)
        .output()
        .expect("run stonejudge");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let shown = String::from_utf8_lossy(&input[..input.len().min(200)]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{name}: {shown:?} should be rejected; stderr: {stderr}"
    );
    let prefix = format!("{}:{line}:{col}: ", path.display());
    assert!(
        stderr.starts_with(&prefix),
        "{name}: {shown:?}: expected the message to start with {prefix:?}, got {stderr:?}"
    );
    assert!(
        stderr.contains(what),
        "{name}: {shown:?}: expected {what:?} in {stderr:?}"
    );
    assert!(output.stdout.is_empty(), "no answer for an invalid input");
}

/// The reference and the brute-force solver print the same answer on every generated input.
pub fn assert_solve_matches_brute(name: &str, params: &[(&str, &str)], seeds: u64) {
    let p = problem(name);
    for seed in 0..seeds {
        let input = generate(name, seed, params);
        let solved = p
            .solve(input.as_bytes())
            .expect("generated inputs are valid");
        let brute = p
            .brute(input.as_bytes())
            .expect("generated inputs are valid")
            .unwrap_or_else(|e| panic!("{name} seed {seed} {params:?}: {e}"));
        assert_eq!(solved, brute, "{name} seed {seed} {params:?}:\n{input}");
    }
}

/// The modes `name`'s generator offers, learned by asking it (as `gen --help` does), so a new
/// mode is tested without being listed anywhere.
pub fn offered_modes(name: &str) -> Vec<String> {
    let params = Params::default();
    let _ = problem(name).generate(1, &params);
    params.offered("mode").unwrap_or_default()
}

/// Every offered mode validates, a seed gives the same bytes twice (through the binary),
/// different seeds give different inputs, and an unknown parameter or mode is refused with
/// exit 2.
pub fn assert_generator_is_seeded_and_strict(name: &str) {
    let p = problem(name);
    for mode in offered_modes(name) {
        let params = [("mode", mode.as_str())];
        for seed in 0..3 {
            let input = generate(name, seed, &params);
            if let Err(e) = p.validate(input.as_bytes()) {
                panic!("{name} mode={mode} seed={seed} is invalid: {e}");
            }
        }
    }
    let via_binary = |seed: &str| {
        stonejudge()
            .args(["gen", name, "--seed", seed])
            .output()
            .expect("run stonejudge gen")
            .stdout
    };
    let first = via_binary("12345");
    assert!(!first.is_empty());
    assert_eq!(first, via_binary("12345"), "the same seed twice");
    assert_ne!(first, via_binary("12346"), "two different seeds");
    assert_eq!(
        generate(name, 12345, &[]).as_bytes(),
        first,
        "the binary and the library agree"
    );
    for param in ["mode=nonsense", "colour=blue"] {
        stonejudge()
            .args(["gen", name, "--seed", "1", "--param", param])
            .assert()
            .code(2);
    }
}

/// `(number of tokens, sum of all numbers)`: every shrink candidate must be below its input.
fn size(input: &str) -> (usize, u128) {
    let tokens: Vec<&str> = input.split_ascii_whitespace().collect();
    let sum = tokens.iter().filter_map(|t| t.parse::<u128>().ok()).sum();
    (tokens.len(), sum)
}

/// Every shrink candidate of `input` validates and is strictly smaller.
pub fn assert_shrinks_valid_and_smaller(name: &str, input: &str) {
    let p = problem(name);
    let candidates = p.shrink(input.as_bytes());
    let before = size(input);
    for candidate in &candidates {
        if let Err(e) = p.validate(candidate.as_bytes()) {
            panic!("{name}: shrink candidate is invalid ({e}):\n{candidate}");
        }
        assert!(
            size(candidate) < before,
            "{name}: candidate is not smaller:\n{candidate}\nthan\n{input}"
        );
    }
}

/// Shrinking a failing input as the stress tester does (take the first candidate that still
/// fails, repeat) ends at a small input that still fails.
/// A shrinking predicate: the reference answer to an input has a line equal to `line` (for
/// example "the first player wins some case").
pub fn answer_has_line<'a>(name: &'a str, line: &'a str) -> impl Fn(&str) -> bool + 'a {
    move |input: &str| {
        problem(name)
            .solve(input.as_bytes())
            .is_ok_and(|answer| answer.lines().any(|l| l == line))
    }
}

pub fn shrink_while(name: &str, input: &str, fails: impl Fn(&str) -> bool) -> String {
    let p = problem(name);
    let mut current = input.to_string();
    assert!(fails(&current), "the starting input must fail");
    while let Some(next) = p
        .shrink(current.as_bytes())
        .into_iter()
        .find(|candidate| fails(candidate))
    {
        current = next;
    }
    current
}

/// Over the given modes, every constrained quantity reaches both ends of its range, and no
/// generated value leaves it.
pub fn assert_modes_reach_every_bound(name: &str, modes: &[(&str, &[(&str, &str)])]) {
    let p = problem(name);
    // Per quantity: (allowed range, range reached so far).
    type Ranges = ((u64, u64), (u64, u64));
    let mut seen: BTreeMap<&str, Ranges> = BTreeMap::new();
    for (mode, extra) in modes {
        let mut params = vec![("mode", *mode)];
        params.extend_from_slice(extra);
        let input = generate(name, 7, &params);
        for reach in p.reach(input.as_bytes()).expect("valid") {
            let Some((lo, hi)) = reach.seen else { continue };
            let (a, b) = reach.allowed;
            assert!(a <= lo && hi <= b, "{name} {mode}: {reach:?}");
            let entry = seen.entry(reach.name).or_insert((reach.allowed, (lo, hi)));
            entry.1 = (entry.1 .0.min(lo), entry.1 .1.max(hi));
        }
    }
    for (quantity, (allowed, reached)) in seen {
        assert_eq!(
            allowed, reached,
            "{name}: {quantity} should reach both ends over the modes"
        );
    }
}

/// A judgement of `output` for `input`, against the reference answer.
pub fn judge(name: &str, input: &str, output: &str) -> (Verdict, String) {
    let p = problem(name);
    let answer = p.solve(input.as_bytes()).expect("valid input");
    let judgement = p
        .check(input.as_bytes(), answer.as_bytes(), output.as_bytes())
        .expect("the jury files are fine");
    (judgement.verdict, judgement.message)
}

/// An example solution, prepared and run as `stonejudge judge` runs it: compiled through the
/// product's compile cache, run by its runner under the problem's own limits, its output judged
/// by the problem's checker. A looping solution is a TLE, never a hung test.
pub struct Solution {
    program: run::Program,
}

/// The runner shared by every example solution of the test run (its launch servers live as
/// long as the test binary).
fn runner() -> &'static run::Runner {
    static RUNNER: OnceLock<run::Runner> = OnceLock::new();
    RUNNER.get_or_init(|| run::Runner::new(env!("CARGO_BIN_EXE_stonejudge")))
}

impl Solution {
    /// Prepares `source` as the judge does; panics with the compiler's message if it fails.
    pub fn prepare(source: &Path) -> Solution {
        let cache = run::Cache::new(Path::new(env!("CARGO_TARGET_TMPDIR")).join("solutions-cache"));
        let program = run::Program::prepare(source, &[], runner(), &cache)
            .unwrap_or_else(|e| panic!("{} cannot be prepared: {e}", source.display()));
        Solution { program }
    }

    /// Judges the solution on `input` against the reference answer, under the limits of
    /// `problems/<name>/problem.toml`; returns the verdict, its reason and the output.
    pub fn judge(&self, name: &str, input: &str) -> (Verdict, String, String) {
        let resolved = catalog::resolve(name, Path::new(env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("{e}"));
        let limits = resolved
            .limits(LimitFlags::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let checker = problem(name);
        let answer = checker.solve(input.as_bytes()).expect("valid input");
        let judge = Judge {
            runner: runner(),
            program: &self.program,
            limits,
            judging: Judging::Output(&checker),
        };
        let (judged, run) = judge.input(input.as_bytes(), answer.as_bytes());
        let output = run
            .map(|run| String::from_utf8_lossy(&run.stdout).into_owned())
            .unwrap_or_default();
        (judged.verdict, judged.message, output)
    }
}

/// The sources in `problems/<name>/solutions/<verdict>/`, sorted.
pub fn solutions(name: &str, verdict: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(name)
        .join("solutions")
        .join(verdict);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    files.sort();
    files
}

/// Every accepted solution is judged AC on every input; with `exact`, it also prints the
/// reference's bytes. `kinds` lists the languages that must be present.
pub fn assert_accepted_solutions(name: &str, inputs: &[String], exact: bool, kinds: &[&str]) {
    let sources = solutions(name, "accepted");
    for kind in kinds {
        assert!(
            sources
                .iter()
                .any(|s| s.extension().is_some_and(|e| e == *kind)),
            "{name}: no accepted .{kind} solution"
        );
    }
    let p = problem(name);
    for source in &sources {
        let solution = Solution::prepare(source);
        for input in inputs {
            let reference = p.solve(input.as_bytes()).expect("valid input");
            let (verdict, message, output) = solution.judge(name, input);
            assert_eq!(verdict, Verdict::AC, "{}: {message}", source.display());
            if exact {
                assert_eq!(output, reference, "{}", source.display());
            }
        }
    }
}

/// Every wrong solution runs to the end on every input it is given and is judged WA on at
/// least one; returns, per solution, the index of the first input that caught it.
pub fn assert_wrong_solutions_caught(name: &str, inputs: &[String]) -> Vec<usize> {
    let sources = solutions(name, "wrong_answer");
    assert!(!sources.is_empty(), "{name}: no wrong_answer solution");
    sources
        .iter()
        .map(|source| {
            let solution = Solution::prepare(source);
            for (i, input) in inputs.iter().enumerate() {
                match solution.judge(name, input) {
                    (Verdict::AC, ..) => continue,
                    (Verdict::WA, ..) => return i,
                    (other, message, _) => panic!("{}: {other} ({message})", source.display()),
                }
            }
            panic!("{} passes every generated input", source.display())
        })
        .collect()
}
