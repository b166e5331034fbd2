//! `stonejudge export --format kattis`: the package's layout, its nim output validator, its
//! checktestdata input validators (against our strict validator), and Kattis problemtools'
//! `verifyproblem` accepting whole packages with no errors.
//!
//! problemtools comes from `$STONEJUDGE_VERIFYPROBLEM`, else `verifyproblem` on `PATH`, else a
//! virtual environment under the target directory that these tests create with
//! `pip install problemtools` on first use. Without python3 the tests that need problemtools
//! say so and stop; if python3 is there but problemtools cannot be installed, they fail with
//! pip's reason.

use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::sync::OnceLock;

use assert_cmd::Command;
use stonejudge::archive::export::kattis;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stonejudge() -> Command {
    let mut cmd = Command::cargo_bin("stonejudge").expect("binary");
    cmd.current_dir(repo());
    cmd
}

/// Exports `problem` into a fresh directory; returns it and export's standard error.
fn export(problem: &str) -> (tempfile::TempDir, PathBuf, String) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let out = scratch.path().join(problem);
    let output = stonejudge()
        .args(["export", problem, "--format", "kattis", "--out"])
        .arg(&out)
        .output()
        .expect("run export");
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "export {problem} failed: {err}");
    (scratch, out, err)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_package_has_the_icpc_layout() {
    let (_scratch, pkg, err) = export("stripes");
    let yaml = read(&pkg.join("problem.yaml"));
    assert!(yaml.contains("name: \"Stripes\"\n"), "{yaml}");
    assert!(
        yaml.contains("validation: default\nvalidator_flags: case_sensitive\n"),
        "{yaml}"
    );
    assert!(yaml.contains("limits:\n  memory: 256\n"), "{yaml}");
    let tex = read(&pkg.join("problem_statement/problem.en.tex"));
    assert!(tex.starts_with("\\problemname{Stripes}\n"), "{tex}");
    assert!(
        tex.contains("\\section*{Input}") && !tex.contains("Sample"),
        "{tex}"
    );
    // The sample is the manifest's, the answer the reference's.
    assert_eq!(read(&pkg.join("data/sample/01.in")), "1 5 1\n3\n1\n5\n6\n");
    assert_eq!(read(&pkg.join("data/sample/01.ans")), "1\n1\n2\n");
    let secret = std::fs::read_dir(pkg.join("data/secret"))
        .expect("secret")
        .count();
    let testdata = std::fs::read_dir(repo().join("testdata/stripes"))
        .expect("testdata")
        .count();
    assert_eq!(secret + 2, testdata, "every test but the sample is secret");
    assert!(pkg.join("input_validators/stripes.ctd").is_file());
    assert!(!pkg.join("output_validators").exists());
    assert!(pkg.join("submissions/accepted/stripes.cpp").is_file());
    assert!(pkg.join("submissions/accepted/stripes.rs").is_file());
    assert!(pkg.join("submissions/wrong_answer/grundy_u8.cpp").is_file());
    assert!(!pkg.join("submissions/accepted/stripes.py").exists());
    assert!(
        err.contains("left out") && err.contains("stripes.py"),
        "{err}"
    );

    // A second export into the same place is refused rather than mixed in.
    let output = stonejudge()
        .args(["export", "stripes", "--format", "kattis", "--out"])
        .arg(&pkg)
        .output()
        .expect("run export");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is not empty"));
}

#[test]
fn the_nim_output_validator_accepts_any_winning_move_and_nothing_else() {
    let (scratch, pkg, _) = export("nim");
    assert!(read(&pkg.join("problem.yaml")).contains("validation: custom\n"));
    let binary = scratch.path().join("validate");
    let compiled = Process::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(pkg.join("output_validators/nim/validate.cpp"))
        .status()
        .expect("g++");
    assert!(compiled.success());
    let input = pkg.join("data/sample/01.in");
    let answer = pkg.join("data/sample/01.ans");
    let feedback = scratch.path().join("feedback");
    std::fs::create_dir_all(&feedback).expect("mkdir");
    let judge = |output: &str| -> (Option<i32>, String) {
        let status = Command::new(&binary)
            .arg(&input)
            .arg(&answer)
            .arg(&feedback)
            .write_stdin(output)
            .output()
            .expect("run validator");
        (
            status.status.code(),
            read(&feedback.join("judgemessage.txt")),
        )
    };
    // Sample: heaps (3 3 1), (1 2 3), (3 5 7 19 50). Two winning moves for the first game.
    assert_eq!(judge("first 1 2\nsecond\nfirst 5 18\n").0, Some(42));
    assert_eq!(judge("first 3 0\nsecond\nfirst 5 18\n").0, Some(42));
    let (code, message) = judge("first 1 1\nsecond\nfirst 5 18\n");
    assert_eq!(code, Some(43));
    assert!(
        message.contains("case 1: after leaving 1 in heap 1"),
        "{message}"
    );
    let (code, message) = judge("first 1 2\nsecond\nfirst 5 60\n");
    assert_eq!(code, Some(43));
    assert!(message.contains("is not a move"), "{message}");
    let (code, message) = judge("first 1 2\nsecond\n");
    assert_eq!(code, Some(43));
    assert!(
        message.contains("case 3: the output ends early"),
        "{message}"
    );
}

/// Kattis problemtools: `verifyproblem` and a Python that has `checktestdata`.
struct Problemtools {
    verifyproblem: PathBuf,
    python: PathBuf,
}

/// problemtools, found or installed once per test run; `None` (with the reason printed) when
/// python3 is missing.
fn problemtools() -> Option<&'static Problemtools> {
    static TOOLS: OnceLock<Option<Problemtools>> = OnceLock::new();
    TOOLS
        .get_or_init(|| {
            if let Some(given) = std::env::var_os("STONEJUDGE_VERIFYPROBLEM") {
                let verifyproblem = PathBuf::from(given);
                let python = sibling_python(&verifyproblem);
                return Some(Problemtools {
                    verifyproblem,
                    python,
                });
            }
            if Process::new("python3").arg("--version").output().is_err() {
                println!("SKIPPED: python3 is not installed, so Kattis problemtools cannot run");
                return None;
            }
            if let Some(found) = on_path("verifyproblem") {
                let python = sibling_python(&found);
                return Some(Problemtools {
                    verifyproblem: found,
                    python,
                });
            }
            let venv = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("problemtools-venv");
            let verifyproblem = venv.join("bin/verifyproblem");
            if !verifyproblem.exists() {
                run_or_explain(Process::new("python3").arg("-m").arg("venv").arg(&venv));
                run_or_explain(Process::new(venv.join("bin/pip")).args([
                    "install",
                    "--quiet",
                    "problemtools",
                ]));
            }
            Some(Problemtools {
                python: venv.join("bin/python3"),
                verifyproblem,
            })
        })
        .as_ref()
}

/// The `python3` next to an installed script (a venv's), else the one on `PATH`.
fn sibling_python(script: &Path) -> PathBuf {
    script
        .parent()
        .map(|dir| dir.join("python3"))
        .filter(|p| p.exists())
        .unwrap_or_else(|| PathBuf::from("python3"))
}

fn on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

fn run_or_explain(command: &mut Process) {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(
        output.status.success(),
        "installing Kattis problemtools failed ({command:?}); install it with \
         `pip install problemtools` or set STONEJUDGE_VERIFYPROBLEM:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
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

#[test]
fn checktestdata_validators_agree_with_ours() {
    let Some(tools) = problemtools() else { return };
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
    ] {
        let generated = stonejudge()
            .args(["gen", problem, "--seed", "3"])
            .output()
            .expect("gen");
        let input = String::from_utf8(generated.stdout).expect("UTF-8");
        // The script as the package gets it, its bounds filled in from the format.
        let found = stonejudge::catalog::find(problem).expect("in the catalog");
        let text = kattis::input_validator(found).expect("a script");
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

#[test]
fn verifyproblem_accepts_the_exported_packages_with_no_errors() {
    let Some(tools) = problemtools() else { return };
    // Statements: problemtools renders LaTeX with LuaLaTeX (PDF) and plasTeX through a TeX
    // installation (HTML); without one, that part cannot run anywhere, so it is left out.
    let tex = ["lualatex", "kpsewhich"]
        .iter()
        .all(|t| on_path(t).is_some());
    let mut parts = vec!["config", "data", "validators", "submissions"];
    if tex {
        parts.push("statement");
    } else {
        println!("note: no TeX installation (lualatex, kpsewhich): verifyproblem's statement part left out");
    }
    for problem in ["nim", "stripes"] {
        let (_scratch, pkg, _) = export(problem);
        let output = Process::new(&tools.verifyproblem)
            .arg(&pkg)
            .arg("-p")
            .args(&parts)
            .output()
            .expect("run verifyproblem");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            text.contains(&format!("{problem} tested: 0 errors")),
            "verifyproblem on {problem}:\n{text}"
        );
        assert!(output.status.success(), "{text}");
    }
}
