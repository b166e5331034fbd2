//! Kattis packages judged by stonejudge and by problemtools' `verifyproblem`, an interactive
//! one among them: every submission problemtools can build (it runs Python with PyPy, which
//! may be missing) gets the same verdict, and the same pass or failure against its folder,
//! from both.

use std::collections::BTreeMap;
use std::path::Path;

use assert_cmd::Command;
use libtest_mimic::Trial;

use crate::package_fixtures as fixtures;
use crate::problemtools::{needs_problemtools, Problemtools};

pub fn trials() -> Vec<Trial> {
    vec![needs_problemtools(
        "package_kattis::verifyproblem_and_verify_agree_on_every_submission",
        verifyproblem_and_verify_agree_on_every_submission,
    )]
}

/// Per submission (`folder/name`): (kept its folder's promise, the Kattis verdict).
type Verdicts = BTreeMap<String, (bool, String)>;

/// What `verifyproblem -p submissions` says of each submission it ran.
fn theirs(tools: &Problemtools, package: &Path) -> Verdicts {
    let log = tools.submissions_log(package);
    let mut verdicts = Verdicts::new();
    for line in log.lines() {
        let line = line.trim();
        let kept = !line.starts_with("ERROR");
        let line = line.trim_start_matches("ERROR").trim();
        // `accepted/x.cpp (C++) OK: AC [...]`, `... OK with extra time: TLE`, `... got WA [...]`.
        let Some((name, rest)) = line.split_once(" (") else {
            continue;
        };
        let Some((_, after)) = rest.split_once(") ") else {
            continue;
        };
        let verdict = match after.split_once(": ") {
            Some((how, verdict)) if how.starts_with("OK") => verdict,
            _ => match after.strip_prefix("got ") {
                Some(verdict) => verdict,
                None => continue,
            },
        };
        let verdict = verdict.split_whitespace().next().unwrap_or("").to_string();
        verdicts.insert(name.to_string(), (kept, verdict));
    }
    verdicts
}

/// `stonejudge verify PACKAGE --json`: the JSON report (written beside the package).
pub fn verify_json(package: &Path) -> serde_json::Value {
    let json = package.with_extension("json");
    Command::cargo_bin("stonejudge")
        .expect("binary")
        .arg("verify")
        .arg(package)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run verify");
    let text = std::fs::read_to_string(&json).expect("the JSON report");
    serde_json::from_str(&text).expect("JSON")
}

/// What `stonejudge verify` says of each submission.
fn ours(package: &Path) -> Verdicts {
    let document = verify_json(package);
    let mut verdicts = Verdicts::new();
    for item in document["items"].as_array().expect("items") {
        let id = item["id"].as_str().unwrap_or("");
        let Some((_, name)) = id.split_once("/submissions/") else {
            continue;
        };
        let detail = item["checks"][0]["detail"].as_str().unwrap_or("");
        let verdict = detail
            .trim_start_matches("got ")
            .split(|c: char| !c.is_ascii_alphabetic())
            .next()
            .unwrap_or("")
            .to_string();
        verdicts.insert(name.to_string(), (item["ok"] == true, verdict));
    }
    verdicts
}

fn verifyproblem_and_verify_agree_on_every_submission(tools: &Problemtools) {
    let dir = tempfile::tempdir().expect("tempdir");
    fixtures::double(&dir.path().join("double"));
    fixtures::divisor(&dir.path().join("divisor"));
    // Interactive: its C++ interactor (the Python one's needs PyPy, as problemtools runs
    // Python).
    fixtures::guess(&dir.path().join("guess"));
    // A planted mistake: a wrong submission among the accepted ones fails both.
    let planted = dir.path().join("planted");
    fixtures::double(&planted);
    std::fs::rename(
        planted.join("submissions/wrong_answer/plus_one.c"),
        planted.join("submissions/accepted/plus_one.c"),
    )
    .expect("move");
    for package in ["double", "divisor", "guess", "planted"] {
        let package = dir.path().join(package);
        let theirs = theirs(tools, &package);
        let ours = ours(&package);
        assert!(
            theirs.len() >= 4,
            "{}: verifyproblem judged too few submissions to compare: {theirs:?}",
            package.display()
        );
        for (name, verdict) in &theirs {
            assert_eq!(
                ours.get(name),
                Some(verdict),
                "{}: {name}: verifyproblem says {verdict:?}; ours: {ours:?}",
                package.display()
            );
        }
        if package.ends_with("planted") {
            assert_eq!(
                theirs.get("accepted/plus_one.c"),
                Some(&(false, "WA".into()))
            );
        }
    }
}
