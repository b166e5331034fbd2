//! Generators are total: every mode of every generator (the catalog's, the interactive
//! problems' inputs, every declared game of the archive, the program-backed template of
//! `stonejudge new`) makes a valid input for every seed, or refuses its parameters whatever the
//! seed (so the refusal is about the parameters, said up front, never a bad draw that stops a
//! `stress` run with exit 2). The in-process generators run through the library, hundreds of
//! seeds per mode; the binary is asked for a sample.

use std::path::{Path, PathBuf};

use super::declared_games::{run, stonejudge};
use stonejudge::catalog::{self, parameters, DynProblem, Handle};
use stonejudge::gen::Params;

/// Seeds per mode with the default parameters ...
const SEEDS: u64 = 300;
/// ... or fewer, once a mode's inputs add up to this many bytes (but at least
/// [`MIN_SEEDS`]): the modes that make the largest inputs make them of the same shape for
/// every seed, and validating hundreds of them would take minutes.
const MODE_BYTES: usize = 4 << 20;
const MIN_SEEDS: u64 = 8;
/// Seeds per mode and parameter at the ends of its range.
const EDGE_SEEDS: u64 = 3;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every problem whose generator runs in-process: the catalog's (batch and interactive) and
/// every declared game in the archive's problems/.
fn in_process_problems() -> Vec<Handle> {
    let mut problems: Vec<Handle> = catalog::names()
        .into_iter()
        .map(|name| {
            catalog::resolve(name, Path::new("/nonexistent"))
                .ok()
                .and_then(|resolved| resolved.catalog())
                .unwrap_or_else(|| panic!("{name} runs in-process"))
        })
        .collect();
    let archive = catalog::all(&repo()).expect("the archive's problems");
    for resolved in archive.into_iter().flatten() {
        let Some(problem) = resolved.catalog() else {
            continue;
        };
        if !problems.iter().any(|known| known.name() == problem.name()) {
            problems.push(problem);
        }
    }
    problems
}

/// The modes `problem`'s generator offers (one unnamed mode when it offers none).
fn modes(problem: &dyn DynProblem) -> Vec<Option<String>> {
    let params = Params::default();
    let _ = problem.generate(1, &params);
    match params.offered("mode") {
        Some(modes) => modes.into_iter().map(Some).collect(),
        None => vec![None],
    }
}

fn params_of(mode: &Option<String>, extra: &[(&str, &str)]) -> Params {
    let mut pairs: Vec<(&str, &str)> = mode.iter().map(|m| ("mode", m.as_str())).collect();
    pairs.extend_from_slice(extra);
    Params::from_pairs(&pairs)
}

/// `gen NAME --seed S` with these parameters: the length of a valid input, or the error.
fn generated(
    problem: &dyn DynProblem,
    seed: u64,
    mode: &Option<String>,
    extra: &[(&str, &str)],
) -> Result<usize, String> {
    let shown = format!(
        "gen {} --seed {seed} mode={mode:?} {extra:?}",
        problem.name()
    );
    let input = problem
        .generate(seed, &params_of(mode, extra))
        .map_err(|e| format!("{shown}: --param {}: {}", e.key, e.message))?;
    if let Err(e) = problem.validate(input.as_bytes()) {
        panic!("{shown} made an invalid input: {e}\n{input}");
    }
    Ok(input.len())
}

#[test]
fn every_mode_of_every_in_process_generator_succeeds_for_hundreds_of_seeds() {
    let problems = in_process_problems();
    assert!(
        problems.len() >= 15,
        "too few problems found: {}",
        problems.len()
    );
    for handle in problems {
        let problem = &*handle;
        for mode in modes(problem) {
            let mut bytes = 0;
            for seed in 0..SEEDS {
                if seed >= MIN_SEEDS && bytes > MODE_BYTES {
                    break;
                }
                bytes += generated(problem, seed, &mode, &[]).unwrap_or_else(|e| panic!("{e}"));
            }
        }
    }
}

/// The ends of an integer parameter's range as `gen --help` lists it (`lo..=hi`).
fn range_ends(values: &str) -> Option<[String; 2]> {
    let (lo, hi) = values.split_once("..=")?;
    let number = |text: &str| text.parse::<u64>().ok().map(|n| n.to_string());
    Some([number(lo)?, number(hi)?])
}

#[test]
fn a_parameter_at_either_end_of_its_range_succeeds_or_is_refused_whatever_the_seed() {
    for handle in in_process_problems() {
        let problem = &*handle;
        let keys: Vec<(String, [String; 2])> = parameters(problem)
            .into_iter()
            .filter_map(|(key, values)| range_ends(&values).map(|ends| (key, ends)))
            .collect();
        for mode in modes(problem) {
            for (key, ends) in &keys {
                for value in ends {
                    let results: Vec<Result<usize, String>> = (0..EDGE_SEEDS)
                        .map(|seed| generated(problem, seed, &mode, &[(key, value)]))
                        .collect();
                    let refused: Vec<&String> =
                        results.iter().filter_map(|r| r.as_ref().err()).collect();
                    assert!(
                        refused.is_empty() || refused.len() == results.len(),
                        "{} mode={mode:?} {key}={value}: refused for some seeds only: {refused:?}",
                        problem.name()
                    );
                }
            }
        }
    }
}

/// The seed of the issue, through the binary: `mode=second` finds a board the first player
/// loses, and the one setting where there is none is refused up front, naming the parameter.
#[test]
fn stripes_play_second_makes_a_case_for_every_seed_or_refuses_up_front() {
    let dir = tempfile::tempdir().expect("temp dir");
    for seed in ["14", "29", "0"] {
        let (code, out, err) = run(stonejudge().current_dir(dir.path()).args([
            "gen",
            "stripes-play",
            "--param",
            "mode=second",
            "--seed",
            seed,
        ]));
        assert_eq!(code, Some(0), "seed {seed}: {err}");
        let path = dir.path().join(format!("{seed}.in"));
        std::fs::write(&path, &out).expect("write the input");
        let (code, _, err) = run(stonejudge().args(["validate", "stripes-play"]).arg(&path));
        assert_eq!(code, Some(0), "seed {seed}: {err}");
        // Every board of a `second` input is lost by the first player.
        let (code, answers, err) = run(stonejudge().args(["solve", "stripes-play"]).arg(&path));
        assert_eq!(code, Some(0), "{err}");
        assert!(
            answers.lines().all(|l| l.trim() == "2"),
            "seed {seed}: {answers}"
        );
    }
    for seed in ["1", "2"] {
        let (code, out, err) = run(stonejudge().args([
            "gen",
            "stripes-play",
            "--param",
            "mode=second",
            "--param",
            "max_p=1",
            "--param",
            "max_len=1",
            "--seed",
            seed,
        ]));
        assert_eq!(code, Some(2), "{out}");
        assert!(
            err.contains("--param max_p") && err.contains("mode=second"),
            "{err}"
        );
        assert!(out.is_empty(), "{out}");
    }
}

/// A stress run of many cases of `mode=second` never stops for want of a case.
#[test]
fn stress_of_stripes_play_second_never_stops_with_exit_2() {
    let cwd = tempfile::tempdir().expect("temp dir");
    let program = repo().join("problems/stripes-play/solutions/accepted");
    let solution = std::fs::read_dir(&program)
        .expect("stripes-play has accepted solutions")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|e| e == "py" || e == "cpp"))
        .expect("an accepted solution");
    let (code, out, err) = run(stonejudge()
        .current_dir(cwd.path())
        .args([
            "stress",
            "stripes-play",
            "--param",
            "mode=second",
            "--seed",
            "1",
        ])
        .args(["--cases", "60", "--root"])
        .arg(repo())
        .arg("--")
        .arg(&solution));
    assert_eq!(code, Some(0), "stdout:\n{out}\nstderr:\n{err}");
}

/// The program-backed template's generator: every seed gives a valid input, the ends of its
/// parameters too, and a parameter out of range or unknown is refused before anything is
/// printed, naming it.
#[test]
fn the_program_backed_templates_generator_is_total() {
    let root = tempfile::tempdir().expect("temp dir");
    let (code, _, err) = run(stonejudge()
        .args(["new", "takeaway", "--root"])
        .arg(root.path()));
    assert_eq!(code, Some(0), "{err}");
    let gen = |seed: u64, params: &[&str]| {
        let mut cmd = stonejudge();
        cmd.current_dir(root.path())
            .args(["gen", "takeaway", "--seed", &seed.to_string()]);
        for param in params {
            cmd.args(["--param", param]);
        }
        run(&mut cmd)
    };
    let runs: [(&[&str], u64); 5] = [
        (&[], 12),
        (&["t=1"], 2),
        (&["t=1000"], 2),
        (&["max_n=0"], 2),
        (&["max_n=1000000000000000000"], 2),
    ];
    for (params, seeds) in runs {
        for seed in 0..seeds {
            let (code, out, err) = gen(seed, params);
            assert_eq!(code, Some(0), "{params:?} seed {seed}: {err}");
            let path = root.path().join("case.in");
            std::fs::write(&path, &out).expect("write the input");
            let (code, _, err) = run(stonejudge()
                .current_dir(root.path())
                .args(["validate", "takeaway"])
                .arg(&path));
            assert_eq!(
                code,
                Some(0),
                "{params:?} seed {seed}: invalid: {err}\n{out}"
            );
        }
    }
    for (param, named) in [
        ("t=0", "-t=0"),
        ("max_n=x", "-max_n=x"),
        ("colour=red", "'colour'"),
    ] {
        let (code, out, err) = gen(1, &[param]);
        assert_eq!(code, Some(2), "{param}: {out}");
        assert!(err.contains(named), "{param}: {err}");
        assert!(out.is_empty(), "{param}: {out}");
    }
}
