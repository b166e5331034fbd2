//! Declared game problems (`[game]` in problem.toml): the seven of the archive (one of them
//! interactive, played against the perfect judge) agree with the brute force, pass `verify`,
//! catch their wrong solutions by test data and by stress; the refusals exit 2 naming the
//! field; a declared Stripes equals the catalog's on every board; `new` scaffolds a problem
//! that `testdata` and `verify` accept; `grundy` takes Stripes of any number of lengths.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;
use stonejudge::catalog::{self, Handle};
use stonejudge::declared::Spec;

/// The declared problems of the archive, each with its wrong example solution (the play
/// format's loses its games).
const DECLARED: [(&str, &str); 7] = [
    ("take-1-3-4", "parity.cpp"),
    ("dawsons-chess", "no_split.cpp"),
    ("kayles-huge", "no_preperiod.cpp"),
    ("stripes-four", "ends_only.cpp"),
    ("misere-take", "normal_play.cpp"),
    ("nim-move", "first_heap.cpp"),
    ("take-1-3-4-play", "parity.py"),
];

/// The declared problem in the interactive play format.
const PLAYED: &str = "take-1-3-4-play";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn stonejudge() -> Command {
    Command::cargo_bin("stonejudge").expect("the stonejudge binary is built")
}

/// Runs `cmd`: exit code, standard output, standard error.
pub fn run(cmd: &mut Command) -> (Option<i32>, String, String) {
    let output = cmd.output().expect("run stonejudge");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn every_answer_of_the_test_data_equals_the_brute_force_where_it_serves() {
    for (name, _) in DECLARED {
        let resolved = catalog::resolve(name, &repo()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let problem = resolved.catalog().expect("in-process tools");
        let tests = resolved.tests().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(tests.len(), 16, "{name}");
        let mut compared = 0;
        for test in &tests {
            let input = std::fs::read(&test.input).expect("input");
            let answer = std::fs::read_to_string(&test.answer).expect("answer");
            if let Ok(brute) = problem.brute(&input).expect("valid input") {
                let judged = problem
                    .check(&input, answer.as_bytes(), brute.as_bytes())
                    .expect("the jury's files are fine");
                assert_eq!(
                    judged.verdict.short(),
                    "AC",
                    "{name} {}: {}",
                    test.name,
                    judged.message
                );
                if !name.ends_with("-move") {
                    assert_eq!(brute, answer, "{name} {}", test.name);
                }
                compared += 1;
            }
        }
        assert!(
            compared >= 4,
            "{name}: the brute force served only {compared} tests"
        );
    }
}

/// A scratch archive with copies of the declared problems and their test data.
fn scratch_archive() -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("temp dir");
    for (name, _) in DECLARED {
        for dir in ["problems", "testdata"] {
            let from = repo().join(dir).join(name);
            for entry in walkdir::WalkDir::new(&from) {
                let entry = entry.expect("walk");
                let to = root.path().join(dir).join(name);
                let target = to.join(entry.path().strip_prefix(&from).expect("inside"));
                if entry.file_type().is_dir() {
                    std::fs::create_dir_all(&target).expect("mkdir");
                } else {
                    std::fs::copy(entry.path(), &target).expect("copy");
                }
            }
        }
    }
    root
}

/// `verify --json` on `root`: the items by id.
fn verify(root: &Path) -> BTreeMap<String, Value> {
    let json = root.join("report.json");
    let (_, out, err) = run(stonejudge()
        .args(["verify", "-j", "2", "--json"])
        .arg(&json)
        .arg("--root")
        .arg(root));
    let text = std::fs::read_to_string(&json).unwrap_or_else(|_| panic!("{out}{err}"));
    let document: Value = serde_json::from_str(&text).expect("json");
    (document["items"].as_array().expect("items").iter())
        .map(|item| (item["id"].as_str().expect("id").to_string(), item.clone()))
        .collect()
}

/// `verify` accepts every declared problem, its test data (brute force included) and its
/// example solutions: the accepted ones pass, the wrong ones are caught by the test data. A
/// problem scaffolded by `new` passes as written.
#[test]
fn verify_passes_and_the_test_data_catches_each_wrong_solution() {
    let root = scratch_archive();
    let (code, out, err) = run(stonejudge()
        .args([
            "new",
            "misere-nim-small",
            "--game",
            "nim",
            "--play",
            "misere",
        ])
        .args([
            "--max-heap",
            "30",
            "--max-heaps",
            "5",
            "--max-cases",
            "20",
            "--root",
        ])
        .arg(root.path()));
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, out, err) = run(stonejudge()
        .args(["testdata", "misere-nim-small", "--root"])
        .arg(root.path()));
    assert_eq!(code, Some(0), "{out}{err}");
    let items = verify(root.path());
    for (id, item) in &items {
        assert_eq!(item["ok"], true, "{id}: {item}");
    }
    for (name, wrong) in DECLARED {
        let id = format!("{name}/solutions/wrong_answer/{wrong}");
        let detail = items[&id]["checks"][0]["detail"].as_str().expect("detail");
        assert!(detail.starts_with("WA on"), "{id}: {detail}");
        assert!(items.contains_key(name), "{name} verified");
    }
    assert!(items.contains_key("misere-nim-small"));
    // `new` never overwrites.
    let (code, _, err) = run(stonejudge()
        .args(["new", "misere-nim-small", "--game", "nim", "--root"])
        .arg(root.path()));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("already exists"), "{err}");
}

#[test]
fn stress_catches_each_wrong_solution() {
    // The failing cases are saved in this directory's .stonejudge/, not the checkout's.
    let cwd = tempfile::tempdir().expect("temp dir");
    for (name, wrong) in DECLARED {
        let program = repo()
            .join("problems")
            .join(name)
            .join("solutions/wrong_answer")
            .join(wrong);
        let (code, out, err) = run(stonejudge()
            .current_dir(cwd.path())
            .args([
                "stress", name, "--seed", "1", "--cases", "300", "-j", "2", "--root",
            ])
            .arg(repo())
            .arg("--")
            .arg(&program));
        assert_eq!(code, Some(1), "{name}: stdout:\n{out}\nstderr:\n{err}");
        assert!(out.starts_with("FAILED case "), "{name}: {out}");
        assert!(out.contains("--- verdict WA: "), "{name}: {out}");
    }
}

/// In the play format the judge plays the declared rules: it names the program's first
/// mistake in their terms (the Grundy values of the position left, the winning move missed).
#[test]
fn the_play_format_explains_a_lost_game_in_the_declared_rules() {
    let program = repo()
        .join("problems")
        .join(PLAYED)
        .join("solutions/wrong_answer/parity.py");
    let (code, out, err) = run(stonejudge()
        .args(["judge", PLAYED, "--test", "06", "--root"])
        .arg(repo())
        .arg("--")
        .arg(&program));
    assert_eq!(code, Some(1), "{out}{err}");
    // The full message is wrapped: read it with single spaces.
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("06 WA") && words.contains("your move `5 1` left heaps 0, 0, 26, 2 and 10"),
        "{out}"
    );
    // G(n) of take 1, 3 or 4 repeats 0 1 0 1 2 3 2: G(26) = 3, G(10) = 1.
    assert!(
        words.contains(
            "(Grundy values 0 xor 0 xor 3 xor 0 xor 1 = 2), a win for the judge; a \
                        winning move was `3 1`"
        ),
        "{out}"
    );
}

/// A scratch archive holding one problem `bad` declared by `game` (the lines of `[game]`).
fn declared(game: &str) -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("problems/bad");
    std::fs::create_dir_all(&dir).expect("mkdir");
    let manifest = format!(
        "title = \"Bad\"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 256\n[game]\n{game}\n\
         [[sample]]\ninput = \"\"\"\n1\n1\n1\n\"\"\"\n[[group]]\nname = \"g\"\ncount = 1\nseed = 1\n"
    );
    std::fs::write(dir.join("problem.toml"), manifest).expect("write");
    root
}

#[test]
fn refusals_exit_2_naming_the_field_and_the_way_out() {
    let cases = [
        (
            "ruleset = \"octal:0.6\"\nmax_heap = 1000000000000000000\nmax_heaps = 10\nmax_cases = 10",
            "[game] max_heap: heaps up to 10^18 need a proven period; octal:0.6 has none up to \
             2^20 (checked); lower max_heap to at most 10^6 or choose another ruleset",
        ),
        (
            "ruleset = \"subtraction:1,3,4\"\nplay = \"misere\"\nmax_heap = 1000\nmax_heaps = 10\n\
             max_cases = 10",
            "[game] play: misere play is not decided by Grundy values",
        ),
        (
            "ruleset = \"stripes:1,2\"\nformat = \"move\"\nmax_heap = 100\nmax_heaps = 10\n\
             max_cases = 10",
            "[game] format: \"move\" answers \"first i x\"",
        ),
        (
            "ruleset = \"nim\"\nformat = \"play\"\nmax_heap = 1000\nmax_heaps = 10\nmax_cases = 10",
            "[game] max_heap: max_heap * max_heaps = 10^4 stones in one game",
        ),
        (
            "ruleset = \"octal:0.137\"\nformat = \"play\"\nmax_heap = 100\nmax_heaps = 10\n\
             max_cases = 10",
            "[game] format: \"play\" moves are \"i x\" (take x stones from heap i), which \
             cannot name a move of octal:0.137 that splits a heap in two",
        ),
        (
            "ruleset = \"nim\"\nmax_heap = 100\nmax_heaps = 100000\nmax_cases = 100",
            "[game] max_total: max_cases * max_heaps = 10000000 heaps could be in one input",
        ),
        (
            "ruleset = \"octal:0.78\"\nmax_heap = 100\nmax_heaps = 10\nmax_cases = 10",
            "[game] ruleset: invalid ruleset \"octal:0.78\"",
        ),
    ];
    for (game, expected) in cases {
        let root = declared(game);
        let (code, out, err) = run(stonejudge()
            .args(["gen", "bad", "--seed", "1"])
            .current_dir(root.path()));
        assert_eq!(code, Some(2), "{game}: {out}{err}");
        assert!(err.contains(expected), "{game}: {err}");
        // The message points at the field's value in problem.toml.
        let field = expected
            .split(':')
            .next()
            .unwrap_or_default()
            .trim_start_matches("[game] ");
        // A missing field is blamed on the table.
        let line = (game.lines().position(|l| l.starts_with(field))).map_or(5, |i| 5 + i + 1);
        assert!(
            err.contains(&format!("problems/bad/problem.toml:{line}:")),
            "{game}: {err}"
        );
    }
    // `new` refuses the same way, naming the flag.
    let root = tempfile::tempdir().expect("temp dir");
    let (code, _, err) = run(stonejudge()
        .args([
            "new",
            "x",
            "--game",
            "subtraction:1,3,4",
            "--play",
            "misere",
            "--root",
        ])
        .arg(root.path()));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--play: [game] play: misere play"), "{err}");
    assert!(!root.path().join("problems/x").exists(), "nothing written");
}

/// The declaration of `stripes:a,b,c` in the boards format over the catalog's bounds (boards
/// of 1 to 999 cells, up to 1000 of them).
fn declared_stripes(lengths: [u64; 3]) -> Handle {
    let [a, b, c] = lengths;
    let table: toml::Table = toml::from_str(&format!(
        "ruleset = \"stripes:{a},{b},{c}\"\nformat = \"boards\"\nmax_heap = 999\nmax_heaps = 1000"
    ))
    .expect("TOML");
    let spec = Spec::parse(&table.into_iter().collect::<Vec<_>>()).expect("a declaration");
    (catalog::declare("stripes-declared", "Stripes", spec).expect("served")).problem()
}

#[test]
fn a_declared_stripes_answers_every_board_as_the_catalog_stripes_does() {
    let catalog_stripes = catalog::find("stripes").expect("in the catalog");
    let boards: String = (1..=999).map(|p| format!("{p}\n")).collect();
    for lengths in [
        [1, 5, 1],
        [2, 9, 12],
        [1, 5, 6],
        [3, 3, 3],
        [7, 4, 10],
        [1000, 1, 999],
    ] {
        let declared = declared_stripes(lengths);
        let ours = declared
            .solve(format!("999\n{boards}").as_bytes())
            .expect("valid");
        let [c, z, n] = lengths;
        let theirs = catalog_stripes
            .solve(format!("{c} {z} {n}\n999\n{boards}").as_bytes())
            .expect("valid");
        assert_eq!(ours, theirs, "lengths {lengths:?}");
    }
}

#[test]
fn grundy_takes_stripes_of_any_number_of_lengths() {
    let values = |ruleset: &str| {
        let (code, out, err) = run(stonejudge().args(["grundy", ruleset, "--upto", "300"]));
        assert_eq!(code, Some(0), "{ruleset}: {err}");
        out
    };
    // Lengths 2, 3, 5, 8 are digit 7 at positions 2, 3, 5 and 8.
    assert_eq!(values("stripes:2,3,5,8"), values("octal:0.07707007"));
    assert_eq!(values("stripes:4"), values("octal:0.0007"));
    assert_eq!(values("stripes:1,2,3,4,5,6"), values("octal:0.777777"));
}

/// The declared problems export as Kattis packages: the play format with an interactor
/// playing the declared rules, nim-move with nim's output validator; a move format other than
/// Nim's has no output validator, and the export says so instead of judging by exact answers.
#[test]
fn declared_problems_export_to_kattis_packages() {
    let scratch = tempfile::tempdir().expect("temp dir");
    for (name, _) in DECLARED {
        let out = scratch.path().join(name);
        let (code, stdout, err) = run(stonejudge()
            .args(["export", name, "--format", "kattis", "-j", "2", "--root"])
            .arg(repo())
            .arg("--out")
            .arg(&out));
        assert_eq!(code, Some(0), "{name}: {stdout}{err}");
        let script = std::fs::read_to_string(out.join(format!("input_validators/{name}.ctd")))
            .expect("a checktestdata script");
        assert!(
            !script.contains('{'),
            "{name}: bounds left unfilled:\n{script}"
        );
        let validators = out.join(format!("output_validators/{name}"));
        let custom = validators.join("validate.cpp").is_file();
        assert_eq!(custom, name == "nim-move", "{name}");
        let interactor = validators.join("interactor.cpp").is_file();
        assert_eq!(interactor, name == PLAYED, "{name}");
    }
    let root = declared(
        "ruleset = \"subtraction:1,3,4\"\nformat = \"move\"\nmax_heap = 100\nmax_heaps = 10\n\
         max_cases = 10",
    );
    let (code, _, err) = run(stonejudge()
        .args(["export", "bad", "--format", "kattis", "--root"])
        .arg(root.path())
        .arg("--out")
        .arg(scratch.path().join("bad")));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no Kattis output validator"), "{err}");
}
