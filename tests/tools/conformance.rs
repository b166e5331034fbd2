//! The conformance harness (`bench/conformance.py`) on three tiny packages of our own, one per
//! anchor tool: a 2025-09 package (`bt run`), a legacy one (`verifyproblem`) and a sinol-make
//! one (`sinol-make verify`), each with an accepted and a wrong submission. The harness must
//! find the three, run each anchor and `stonejudge verify`, print a comparison line per
//! submission, and write JSON whose counts say so; where bt, problemtools or sinol-make is
//! not installed the test is reported as ignored, with the reason. This keeps the harness from
//! rotting; the comparison of real packages is its own run (docs/conformance.md).

use std::path::Path;
use std::process::Command;

use libtest_mimic::{Failed, Trial};

use crate::package_fixtures::write;
use crate::sinol_fixtures;

/// The tools the harness compares with, or why one cannot be run.
pub fn anchors() -> Result<(), &'static str> {
    crate::bapctools::bt()?;
    crate::problemtools::problemtools()?;
    crate::sinol::sinol_make()?;
    Ok(())
}

pub fn trials() -> Vec<Trial> {
    let ignored = anchors().is_err();
    vec![Trial::test(
        "conformance::harness_compares_one_package_of_each_format",
        || {
            anchors()?;
            harness_compares_one_package_of_each_format()
        },
    )
    .with_ignored_flag(ignored)]
}

/// Input validator: one integer 1..=1000 on its line, exit 42 when valid.
const VALIDATOR: &str = "import sys\ntext = sys.stdin.read()\n\
    ok = text.endswith('\\n') and text[:-1].isdigit() and 1 <= int(text[:-1]) <= 1000\n\
    sys.exit(42 if ok else 43)\n";

/// `twice`: print 2n, with data, a validator, one accepted and one wrong submission (wrong on
/// the secret test only), under `statement` (2025-09) or `problem_statement` (legacy).
fn twice(root: &Path, problem_yaml: &str, statement: &str) {
    write(
        root,
        &[
            ("problem.yaml", problem_yaml),
            (statement, "\\problemname{Twice}\nPrint $2n$.\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/1.in", "7\n"),
            ("data/secret/1.ans", "14\n"),
            ("input_validators/validate.py", VALIDATOR),
            ("submissions/accepted/twice.py", "print(2 * int(input()))\n"),
            (
                "submissions/wrong_answer/plus_one.py",
                "n = int(input())\nprint(2 * n + (n == 7))\n",
            ),
        ],
    );
}

fn harness_compares_one_package_of_each_format() -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    let packages = dir.path().join("packages");
    twice(
        &packages.join("twice"),
        "problem_format_version: 2025-09\nname: Twice\n\
         uuid: 6c1f2a8e-33a0-4f5e-9d5b-0a7e1c2b3d4f\n",
        "statement/problem.en.tex",
    );
    twice(
        &packages.join("twicelegacy"),
        "name: Twice\n",
        "problem_statement/problem.en.tex",
    );
    // The suite's sinol-make package, in a folder of its own: the harness takes several.
    let sinol = sinol_fixtures::sum();
    let json = dir.path().join("conformance.json");
    let output = Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/conformance.py"))
        .arg("--stonejudge")
        .arg(assert_cmd::cargo::cargo_bin("stonejudge"))
        .arg("--json")
        .arg(&json)
        .args(["--timeout", "300"])
        .arg(&packages)
        .arg(sinol.dir.path())
        .output()?;
    let printed = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{printed}");
    for (package, submission, anchor, verdict) in [
        ("twice", "accepted/twice.py", "bt", "AC"),
        ("twice", "wrong_answer/plus_one.py", "bt", "WA"),
        ("twicelegacy", "accepted/twice.py", "verifyproblem", "AC"),
        (
            "twicelegacy",
            "wrong_answer/plus_one.py",
            "verifyproblem",
            "WA",
        ),
        ("abc", "abc.py", "sinol-make", "AC 100 [0:AC 1:AC 2:AC]"),
        ("abc", "abcb1.py", "sinol-make", "WA 40 [0:AC 1:AC 2:WA]"),
    ] {
        let line = printed
            .lines()
            .find(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                words.first() == Some(&package) && words.get(1) == Some(&submission)
            })
            .ok_or_else(|| format!("no line for {package} {submission}:\n{printed}"))?;
        assert!(
            line.contains(&format!("{anchor}={verdict}"))
                && line.contains(&format!("ours={verdict}")),
            "{line}\n{printed}"
        );
        assert!(line.trim_end().ends_with(" same"), "{line}\n{printed}");
    }
    let document: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json)?)?;
    let summary = &document["summary"];
    assert_eq!(summary["packages"], 3, "{summary:#}");
    assert_eq!(summary["compared"], 6, "{summary:#}");
    assert_eq!(summary["same"], 6, "{summary:#}");
    assert_eq!(summary["different"], 0, "{summary:#}");
    for (tool, read) in [
        ("bt", 1),
        ("verifyproblem", 1),
        ("sinol-make", 1),
        ("stonejudge", 3),
    ] {
        assert_eq!(summary["tools"][tool]["read"], read, "{tool}: {summary:#}");
    }
    let formats: Vec<&str> = document["packages"]
        .as_array()
        .ok_or("packages")?
        .iter()
        .filter_map(|p| p["format"].as_str())
        .collect();
    assert_eq!(formats, ["kattis-2025-09", "kattis-legacy", "sinol-make"]);
    Ok(())
}
