//! sinol-make's keys and tasks that stonejudge now takes instead of refusing: `num_processes: 1`
//! (more is refused at its line), `testrun_soc` (its file must exist), the time tool,
//! `subtask_dependencies` (a group lowered by its prerequisites' tests);
//! `testdata --check` of an interactive task (ingen makes `in/` again; there is no `out/`), and
//! `stress --gen --ref` of one, each case played by the reference and the program against the
//! package's interactor.

use super::package_cli::{stonejudge, text, verify};
use super::sinol_cli::{detail, verified};
use super::sinol_fixtures::{self as fixtures, Package};

/// The interactive fixture with `keys` added at the top of its `config.yml`.
fn with_keys(keys: &str) -> Package {
    let package = fixtures::interactive();
    let config = std::fs::read_to_string(package.root().join("config.yml")).expect("read");
    package.write("config.yml", &format!("{keys}{config}"));
    package
}

#[test]
fn one_process_a_testrun_interactor_and_the_time_tool_are_honoured() {
    let package =
        with_keys("num_processes: 1\ntestrun_soc: abcsoc.py\nsinol_undocumented_time_tool: time\n");
    let document = verified(&package);
    assert_eq!(
        detail(&document, "prog/abcb1.py", "score"),
        "55/100 (0 OK 0, 1 OK 40, 2 OK 15, 3 WA 0)"
    );
}

#[test]
fn several_processes_are_refused_at_their_line_and_a_missing_testrun_interactor_named() {
    let package = with_keys("sinol_latex_compiler: auto\nnum_processes: 2\n");
    let (output, document) = verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stdout));
    let why = detail(&document, "abc", "package");
    assert!(why.contains("config.yml:2:1: `num_processes: 2`"), "{why}");
    assert!(why.contains("not supported"), "{why}");

    let package = with_keys("num_processes: 0\n");
    let output = stonejudge(package.dir.path())
        .args(["judge", "./abc", "--", "abc/prog/abc.py"])
        .output()
        .expect("judge");
    let stderr = text(&output.stderr);
    assert_ne!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("config.yml:1:1: num_processes:"),
        "{stderr}"
    );

    let package = with_keys("sinol_latex_compiler: auto\ntestrun_soc: abcsoc2.cpp\n");
    let output = stonejudge(package.dir.path())
        .args(["judge", "./abc", "--", "abc/prog/abc.py"])
        .output()
        .expect("judge");
    let stderr = text(&output.stderr);
    assert_ne!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("config.yml:2:1: testrun_soc: there is no prog/abcsoc2.cpp"),
        "{stderr}"
    );
}

#[test]
fn testdata_check_of_an_interactive_task_makes_its_inputs_again() {
    let package = fixtures::interactive();
    let check = || {
        stonejudge(package.dir.path())
            .args(["testdata", "--check", "./abc"])
            .output()
            .expect("testdata")
    };
    let output = check();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("out/"), "{stderr}");
    package.write("in/abc2a.in", "16\n");
    let output = check();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("in/abc2a.in:1:2: differs: committed '6', ingen makes '5'"),
        "{stderr}"
    );
    // Without ingen there is nothing to make again, and it says so.
    std::fs::remove_file(package.root().join("prog/abcingen.sh")).expect("remove");
    let output = check();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("nothing to make again"), "{stderr}");
}

/// `stress ./abc --gen gen.py --ref abc/prog/abc.py --cases N -- PROGRAM`: exit code, output.
fn stress(package: &Package, cases: &str, program: &str) -> (Option<i32>, String) {
    // Secrets from 1 to 10: the linear guesser earns half the points from 8 on.
    package.write(
        "gen.py",
        "import sys\nseed = int(sys.argv[-1])\nprint(seed % 10 + 1)\n",
    );
    let output = stonejudge(package.dir.path())
        .args([
            "stress",
            "./abc",
            "--gen",
            "abc/gen.py",
            "--ref",
            "abc/prog/abc.py",
        ])
        .args(["--seed", "1", "--cases", cases, "--", program])
        .output()
        .expect("stress");
    (
        output.status.code(),
        text(&output.stdout) + &text(&output.stderr),
    )
}

#[test]
fn stress_plays_every_case_against_the_interactor() {
    let package = fixtures::interactive();
    let (code, out) = stress(&package, "12", "abc/prog/abc.py");
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("played against the package's interactor"),
        "{out}"
    );
    let (code, out) = stress(&package, "40", "abc/prog/abcb1.py");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("accepted for 50% of the points, the reference for 100%"),
        "{out}"
    );
}

#[test]
fn a_group_is_scored_with_the_tests_of_the_groups_it_depends_on() {
    let package = fixtures::dependencies();
    let document = verified(&package);
    assert_eq!(
        detail(&document, "prog/abcb1.py", "score"),
        "0/100 (0 OK 0, 1 WA 0, 2 WA 0)"
    );
    let (code, report, printed) = super::sinol_cli::judge(&package, "abcb1.py", &[]);
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(report["score"].as_f64(), Some(0.0), "{printed}");
    assert_eq!(report["groups"][1]["verdict"], "WA", "{printed}");
    // Without the dependency in its expectation, the solution fails verify at group 1.
    let package = fixtures::sum();
    let config = std::fs::read_to_string(package.root().join("config.yml")).expect("read");
    package.write(
        "config.yml",
        &format!("subtask_dependencies:\n  1: [2]\n{config}"),
    );
    let (output, document) = verify(package.dir.path(), &["abc"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let why = detail(&document, "prog/abcb1.py", "score");
    assert!(why.contains("group 1"), "{why}");
}
