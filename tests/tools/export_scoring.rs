//! `export --format kattis` of a scored problem, a 2025-09 scoring package, against BAPCtools
//! (`bt run`, the tool whose formats 2025-09 is): it must judge every exported submission as
//! the package expects. The test runs only where the installed `bt` reads 2025-09 *scoring*
//! packages, which it is asked on a package of a few lines; where it does not (BAPCtools
//! 2026.10 answers "unrecognized value for `type`: scoring"; problemtools reads the legacy
//! version and 2023-07 only), or where `bt` is missing, the test is reported ignored with what
//! was found.

use std::path::Path;
use std::process::Command;

use libtest_mimic::{Failed, Trial};

use crate::bapctools::bt;
use crate::scored_problems::scored;

/// A scoring package as small as the format allows, to ask `bt` whether it reads one.
const PROBE: [(&str, &str); 5] = [
    (
        "problem.yaml",
        "problem_format_version: 2025-09\ntype: scoring\nname: Probe\n\
         uuid: 0f5b7c1e-2a3d-4e6f-8a9b-1c2d3e4f5a6b\nlimits:\n  time_limit: 1\n",
    ),
    ("data/sample/1.in", "1\n"),
    ("data/sample/1.ans", "1\n"),
    ("data/secret/all/test_group.yaml", "max_score: 100\n"),
    ("data/secret/all/1.in", "2\n"),
];

/// `bt`, if it reads 2025-09 scoring packages; else why the test is ignored.
fn scoring_bt() -> Result<std::path::PathBuf, String> {
    let bt = bt().map_err(str::to_string)?;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let package = dir.path().join("probe");
    for (file, text) in PROBE {
        let path = package.join(file);
        std::fs::create_dir_all(path.parent().expect("parent")).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| e.to_string())?;
    }
    let said = run_bt(&bt, &package).1;
    match said
        .lines()
        .find(|line| line.contains("scoring") || line.contains("not supported by BAPCtools"))
    {
        Some(line) => Err(format!(
            "the installed bt does not read 2025-09 scoring packages (it says: {}); \
             problemtools reads the legacy version and 2023-07 only",
            line.trim()
        )),
        None => Ok(bt),
    }
}

/// `bt run` in `package`: whether it succeeded, and what it said.
fn run_bt(bt: &Path, package: &Path) -> (bool, String) {
    let output = Command::new(bt)
        .args(["run", "--no-bar"])
        .current_dir(package)
        .output()
        .expect("run bt");
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), said)
}

pub fn trials() -> Vec<Trial> {
    let found = scoring_bt();
    if let Err(reason) = &found {
        println!("SKIPPED 1 test (reported as ignored): {reason}");
    }
    let ignored = found.is_err();
    vec![Trial::test(
        "export_scoring::bt_runs_the_exported_scoring_package_as_it_expects",
        move || match &found {
            Ok(bt) => {
                bt_runs_the_exported_scoring_package_as_it_expects(bt);
                Ok(())
            }
            Err(reason) => Err(Failed::from(reason)),
        },
    )
    .with_ignored_flag(ignored)]
}

/// The scored "Take 1, 3 or 4" exported and run by `bt`: every submission meets its folder's
/// and `submissions.yaml`'s requirements, or `bt run` fails.
fn bt_runs_the_exported_scoring_package_as_it_expects(bt: &Path) {
    let root = scored();
    let package = root.path().join("take");
    let output = Command::new(env!("CARGO_BIN_EXE_stonejudge"))
        .args(["export", "take", "--format", "kattis", "--out"])
        .arg(&package)
        .current_dir(root.path())
        .output()
        .expect("run export");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (ok, said) = run_bt(bt, &package);
    assert!(ok, "{said}");
}
