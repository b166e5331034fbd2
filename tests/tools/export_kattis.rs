//! `stonejudge export --format kattis` against Kattis problemtools: its checktestdata runs our
//! input validators, and `verifyproblem` checks whole exported packages.

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use assert_cmd::Command;
use libtest_mimic::Trial;
use stonejudge::catalog::portable;

use crate::declared_players;
use crate::problemtools::{needs_problemtools, Problemtools};

pub fn trials() -> Vec<Trial> {
    vec![
        needs_problemtools(
            "export_kattis::checktestdata_validators_agree_with_ours",
            checktestdata_validators_agree_with_ours,
        ),
        needs_problemtools(
            "export_kattis::verifyproblem_accepts_the_exported_packages_with_no_errors",
            verifyproblem_accepts_the_exported_packages_with_no_errors,
        ),
        needs_problemtools(
            "export_kattis::verifyproblem_accepts_exported_declared_play_problems",
            verifyproblem_accepts_exported_declared_play_problems,
        ),
        needs_problemtools(
            "export_kattis::verifyproblem_accepts_an_exported_program_backed_problem",
            verifyproblem_accepts_an_exported_program_backed_problem,
        ),
        needs_problemtools(
            "export_kattis::verifyproblem_accepts_an_exported_problem_in_two_languages",
            verifyproblem_accepts_an_exported_problem_in_two_languages,
        ),
        needs_problemtools(
            "export_kattis::verifyproblem_accepts_an_exported_polygon_package",
            verifyproblem_accepts_an_exported_polygon_package,
        ),
    ]
}

/// The declared game problems of the archive (`[game]` in their problem.toml); the last one is
/// interactive, judged in its package by the interactor export writes for its rules.
const DECLARED: [&str; 7] = [
    "take-1-3-4",
    "dawsons-chess",
    "kayles-huge",
    "stripes-four",
    "misere-take",
    "nim-move",
    "take-1-3-4-play",
];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stonejudge() -> Command {
    let mut cmd = Command::cargo_bin("stonejudge").expect("binary");
    cmd.current_dir(repo());
    cmd
}

/// Exports `problem` into a fresh directory; returns the scratch directory and the package.
/// The package's folder is its Kattis short name, which has only `[a-z0-9]`.
fn export(problem: &str) -> (tempfile::TempDir, PathBuf) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let out = scratch.path().join(short_name(problem));
    let output = stonejudge()
        .args(["export", problem, "--format", "kattis", "--out"])
        .arg(&out)
        .output()
        .expect("run export");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "export {problem} failed: {err}");
    (scratch, out)
}

/// The Kattis short name problemtools takes from a package folder named for `problem`.
fn short_name(problem: &str) -> String {
    problem.replace('-', "")
}

/// Whether the checktestdata script accepts `input`.
fn ctd_accepts(tools: &Problemtools, script: &Path, input: &str) -> bool {
    Command::new(&tools.python)
        .args(["-m", "checktestdata"])
        .arg(script)
        .write_stdin(input)
        .output()
        .expect("run checktestdata")
        .status
        .success()
}

fn we_accept(problem: &str, input: &str) -> bool {
    stonejudge()
        .args(["validate", problem])
        .write_stdin(input)
        .output()
        .expect("run validate")
        .status
        .success()
}

/// Our checktestdata input validators, with the format's bounds filled in, accept what our
/// strict validator accepts and reject its mutations, as problemtools' checktestdata runs them.
fn checktestdata_validators_agree_with_ours(tools: &Problemtools) {
    let scripts = tempfile::tempdir().expect("a temporary directory");
    for problem in [
        "stripes",
        "nim",
        "bounded-nim",
        "subtraction",
        "misere-nim",
        "misere-subtraction",
        "rows",
        "octal",
        "wythoff",
    ]
    .into_iter()
    .chain(DECLARED)
    {
        let generated = stonejudge()
            .args(["gen", problem, "--seed", "3"])
            .output()
            .expect("gen");
        let input = String::from_utf8(generated.stdout).expect("UTF-8");
        // The script as the package gets it, its bounds filled in from the format.
        let found = stonejudge::catalog::resolve(problem, &repo()).expect("in the archive");
        let in_process = found.catalog().expect("tools in-process");
        let text = portable::input_validator(&*in_process).expect("a script");
        let script = scripts.path().join(format!("{problem}.ctd"));
        std::fs::write(&script, text).expect("write the script");
        assert!(
            we_accept(problem, &input),
            "{problem}: generated input invalid"
        );
        assert!(
            ctd_accepts(tools, &script, &input),
            "{problem}: ctd rejects\n{input}"
        );
        let first_line_end = input.find('\n').expect("a line");
        let mutations = [
            format!(
                "{} \n{}",
                &input[..first_line_end],
                &input[first_line_end + 1..]
            ),
            input.trim_end().to_string(),
            format!("0{input}"),
            format!("{input}\n"),
        ];
        for bad in &mutations {
            assert!(
                !we_accept(problem, bad),
                "{problem}: our validator accepts {bad:?}"
            );
            assert!(
                !ctd_accepts(tools, &script, bad),
                "{problem}: ctd accepts {bad:?}"
            );
        }
    }
}

/// `verifyproblem` reports 0 errors on exported packages.
fn verifyproblem_accepts_the_exported_packages_with_no_errors(tools: &Problemtools) {
    // Statements: problemtools renders LaTeX with LuaLaTeX (PDF) and plasTeX through a TeX
    // installation (HTML); without one, that part cannot run anywhere, so it is left out.
    let parts = parts();
    if !parts.contains(&"statement") {
        println!("note: no TeX installation (lualatex, kpsewhich): verifyproblem's statement part left out");
    }
    // The interactive problems' packages judge their submissions with our C++ interactor.
    for problem in ["nim", "stripes", "nim-play", "stripes-play"]
        .into_iter()
        .chain(DECLARED)
    {
        let (_scratch, pkg) = export(problem);
        verifyproblem(tools, &pkg, &parts, &short_name(problem));
    }
}

/// The parts of a package `verifyproblem` checks here: the statement needs a TeX
/// installation with what problemtools' template uses (LuaLaTeX with its font loader, and
/// `subfigure.sty` of TeX Live's extra packages), more than a plain one (sinol-make's pdflatex)
/// has.
pub(crate) fn parts() -> Vec<&'static str> {
    let found = |file: &str| {
        std::process::Command::new("kpsewhich")
            .arg(file)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let tex = crate::problemtools::on_path("lualatex").is_some()
        && found("subfigure.sty")
        && found("luaotfload-main.lua");
    let mut parts = vec!["config", "data", "validators", "submissions"];
    if tex {
        parts.push("statement");
    }
    parts
}

/// `verifyproblem` on `package` reports 0 errors; returns its output.
pub(crate) fn verifyproblem(
    tools: &Problemtools,
    package: &Path,
    parts: &[&str],
    name: &str,
) -> String {
    let output = Process::new(&tools.verifyproblem)
        .arg(package)
        .arg("-p")
        .args(parts)
        .output()
        .expect("run verifyproblem");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        text.contains(&format!("{name} tested: 0 errors")),
        "verifyproblem on {name}:\n{text}"
    );
    assert!(output.status.success(), "{text}");
    text
}

/// A problem made by `stonejudge new` (a validator program, the default output validation)
/// exports to a package `verifyproblem` accepts.
fn verifyproblem_accepts_an_exported_program_backed_problem(tools: &Problemtools) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let run = |args: &[&str]| declared_players::stonejudge_in(scratch.path(), args);
    run(&["new", "demo"]);
    run(&[
        "export",
        "demo",
        "--format",
        "kattis",
        "--out",
        "export/demo",
    ]);
    // problemtools takes the folder's name as the short name, which must be [a-z0-9]+.
    let package = scratch.path().join("export/demo");
    verifyproblem(tools, &package, &parts(), "demo");
}

/// A problem with an English and a Polish statement (Unicode, formulas, the samples marker):
/// both statements are exported, and `verifyproblem` renders them (where TeX is installed) and
/// reports 0 errors.
fn verifyproblem_accepts_an_exported_problem_in_two_languages(tools: &Problemtools) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let run = |args: &[&str]| declared_players::stonejudge_in(scratch.path(), args);
    run(&["new", "demo"]);
    let polish =
        "# Kamienie\n\n## Wejście\n\nLiczby $0 \\le n \\le 10^{18}$, czyli 0 ≤ n ≤ 10¹⁸.\n\n\
                  ## Przykład\n\n<!-- samples -->\n\nKoniec.\n";
    let dir = scratch.path().join("problems/demo");
    std::fs::write(dir.join("statement.pl.md"), polish).expect("write");
    run(&[
        "export",
        "demo",
        "--format",
        "kattis",
        "--out",
        "export/demo",
    ]);
    let package = scratch.path().join("export/demo");
    for language in ["en", "pl"] {
        let tex = package.join(format!("problem_statement/problem.{language}.tex"));
        assert!(tex.is_file(), "{} is missing", tex.display());
    }
    let parts = parts();
    if !parts.contains(&"statement") {
        println!(
            "note: no TeX installation (lualatex, kpsewhich): the statements are not rendered"
        );
    }
    verifyproblem(tools, &package, &parts, "demo");
}

/// Declared play problems of each way the exported interactor decides positions (a misère
/// single heap among them), each with a perfect C++ player in `accepted/` and one playing the
/// other convention in `wrong_answer/`: `verifyproblem` runs both against the interactor,
/// and reports 0 errors only if each gets the verdict its folder expects.
fn verifyproblem_accepts_exported_declared_play_problems(tools: &Problemtools) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let root = scratch.path().join("archive");
    for game in &declared_players::GAMES {
        declared_players::make(&root, game);
        let package = scratch.path().join("packages").join(game.name);
        let output = stonejudge()
            .args(["export", game.name, "--format", "kattis", "--root"])
            .arg(&root)
            .arg("--out")
            .arg(&package)
            .output()
            .expect("run export");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "export {}: {err}", game.name);
        let text = verifyproblem(tools, &package, &parts(), game.name);
        for submission in ["accepted/perfect.cpp", "wrong_answer/other_play.cpp"] {
            assert!(text.contains(submission), "{}: {text}", game.name);
        }
    }
}

/// A Polygon package of our own (a testlib checker and validator on the package's include
/// path, solutions tagged `main` and `wrong-answer`) exported to the legacy version:
/// `verifyproblem` reports 0 errors, so each solution gets the verdict of the folder its tag
/// chose, and the wrapped checker and validator work under problemtools.
fn verifyproblem_accepts_an_exported_polygon_package(tools: &Problemtools) {
    use crate::export_formats::{polygon, SUM, WRONG};
    let scratch = tempfile::tempdir().expect("temp dir");
    polygon(
        &scratch.path().join("sum"),
        &[
            ("main", "sum.cpp", SUM),
            ("wrong-answer", "wrong.cpp", WRONG),
        ],
    );
    let output = stonejudge()
        .current_dir(scratch.path())
        .args([
            "export",
            "./sum",
            "--format",
            "kattis",
            "--out",
            "sumpolygon",
        ])
        .output()
        .expect("run export");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "export failed: {err}");
    let package = scratch.path().join("sumpolygon");
    let text = verifyproblem(tools, &package, &parts(), "sumpolygon");
    assert!(text.contains("wrong.cpp"), "{text}");
}
