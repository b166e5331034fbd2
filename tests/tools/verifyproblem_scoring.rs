//! Legacy and 2023-07 Kattis scoring packages graded by stonejudge and by problemtools'
//! `verifyproblem`: every submission problemtools ran gets the same verdict and the same
//! score from both (its table's points, rounded to a whole number as it prints them), and
//! those are the scores the fixtures promise. Two small packages: problemtools is slow.

use std::collections::BTreeMap;
use std::path::Path;

use libtest_mimic::Trial;

use crate::grading_fixtures::{legacy, v2023, LEGACY_SCORES, V2023_SCORES};
use crate::package_kattis::verify_json;
use crate::problemtools::{needs_problemtools, Problemtools};

pub fn trials() -> Vec<Trial> {
    vec![needs_problemtools(
        "verifyproblem_scoring::legacy_and_2023_scores_agree_with_verifyproblem",
        legacy_and_2023_scores_agree_with_verifyproblem,
    )]
}

/// Per submission file name: its verdict and its score as a whole number.
type Scores = BTreeMap<String, (String, String)>;

/// What `verifyproblem -p submissions` gave each submission: the verdict of its line
/// (`accepted/x.cpp (C++) OK: AC (100) [...]`, `... got WA [...]`, `... was fully accepted:
/// AC (100)`) and the points of its row in the results table.
fn theirs(tools: &Problemtools, package: &Path) -> Scores {
    let log = tools.submissions_log(package);
    let mut verdicts = BTreeMap::new();
    let mut points = BTreeMap::new();
    let mut in_table = false;
    for line in log.lines() {
        let line = line.trim();
        if line.starts_with("Submission results:") {
            in_table = true;
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if in_table {
            // `name  sample-cell  group-cells…  Pts  Time`; the header starts `Submission`.
            if words.len() >= 3 && words[0] != "Submission" {
                points.insert(words[0].to_string(), words[words.len() - 2].to_string());
            }
            continue;
        }
        let Some(name) = (words.iter()).find_map(|w| w.split_once('/').map(|(_, n)| n)) else {
            continue;
        };
        let after = [
            " OK: ",
            " OK with extra time: ",
            " got ",
            " was fully accepted: ",
        ]
        .iter()
        .find_map(|marker| line.split_once(marker).map(|(_, after)| after));
        if let Some(verdict) = after.and_then(|a| a.split_whitespace().next()) {
            verdicts.insert(name.to_string(), verdict.to_string());
        }
    }
    (verdicts.into_iter())
        .filter_map(|(name, verdict)| {
            let points = points.get(&name)?.clone();
            Some((name, (verdict, points)))
        })
        .collect()
}

/// What `stonejudge verify` gave each submission: the verdict its check names first and its
/// score, rounded as problemtools prints it.
fn ours(package: &Path) -> Scores {
    let document = verify_json(package);
    let mut scores = Scores::new();
    for item in document["items"].as_array().expect("items") {
        let id = item["id"].as_str().unwrap_or("");
        let Some((_, name)) = id.rsplit_once('/').filter(|_| id.contains("/submissions/")) else {
            continue;
        };
        let detail = item["checks"][0]["detail"].as_str().unwrap_or("");
        let verdict = detail.trim_start_matches("got ");
        let verdict = verdict.split_whitespace().next().unwrap_or("").to_string();
        let score = item["score"]
            .as_f64()
            .map_or("-".to_string(), |s| format!("{s:.0}"));
        scores.insert(name.to_string(), (verdict, score));
    }
    scores
}

fn legacy_and_2023_scores_agree_with_verifyproblem(tools: &Problemtools) {
    let dir = tempfile::tempdir().expect("tempdir");
    legacy(&dir.path().join("double"));
    v2023(&dir.path().join("halfway"));
    for (package, promised) in [
        ("double", &LEGACY_SCORES[..]),
        ("halfway", &V2023_SCORES[..]),
    ] {
        let package = dir.path().join(package);
        let theirs = theirs(tools, &package);
        let ours = ours(&package);
        assert!(
            theirs.len() >= 3,
            "{package:?}: verifyproblem graded too few submissions to compare: {theirs:?}"
        );
        for (name, found) in &theirs {
            assert_eq!(
                ours.get(name),
                Some(found),
                "{package:?}: {name}: verifyproblem gives {found:?}; ours: {ours:?}"
            );
        }
        for (name, score) in promised {
            assert_eq!(
                ours.get(*name).map(|(_, s)| s.as_str()),
                Some(format!("{score:.0}").as_str()),
                "{package:?}: {name}: {ours:?}"
            );
        }
    }
}
