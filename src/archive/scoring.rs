//! Scores of our own format's problems: an example solution's runs, test by test, become a
//! [`ScoreCard`] through [`crate::score`] (the one place that adds points up); verify holds
//! the card to the solution's `[expect]` entry (`crate::verify::expectation`). `verify` scores
//! here, and `judge` through `crate::judging::card`, which adds up its runs here too, so that
//! they agree on every number.
//!
//! A run earns all of its test's worth when it is accepted and nothing otherwise, unless its
//! checker gave partial points (testlib's `quitp`, read by [`crate::programs::checker`]): then
//! it earns that fraction, and its group the smallest fraction of its tests.

use crate::score::{format_score, score_card, GroupRule, ScoreCard, TestScore};
use crate::verdict::{Awarded, Judged};

/// A run as scoring sees it: the fraction its checker gave (a checker's verdict is AC only at
/// full points, so the fraction is what tells half an answer from none), else all or nothing
/// by its verdict (our checkers give fractions, never a Kattis `score.txt`).
pub fn test_score(judged: &Judged) -> TestScore {
    match judged.score {
        Some(Awarded::Multiplier(fraction)) => TestScore {
            verdict: judged.verdict,
            fraction,
        },
        Some(Awarded::Score(_)) | None => TestScore::all_or_nothing(judged.verdict),
    }
}

/// Scores a solution from its runs, each as `(group, score)` (the group of the plan the test
/// belongs to; runs of tests outside the plan count for nothing). `rules` are the manifest's
/// [`Manifest::group_rules`]; a group earns its points times its smallest fraction.
pub fn card(rules: &[GroupRule], runs: &[(&str, TestScore)]) -> ScoreCard {
    let by_group: Vec<Vec<TestScore>> = (rules.iter())
        .map(|rule| {
            (runs.iter())
                .filter(|(group, _)| *group == rule.name)
                .map(|&(_, score)| score)
                .collect()
        })
        .collect();
    score_card(rules.iter().zip(by_group.iter().map(Vec::as_slice)))
}

/// `small 30/30 AC, large 0/60 WA` (groups worth nothing left out).
pub fn groups_briefly(card: &ScoreCard) -> String {
    (card.groups.iter())
        .filter(|g| g.max > 0.0)
        .map(|g| {
            format!(
                "{} {}/{} {}",
                g.name,
                format_score(g.score),
                format_score(g.max),
                g.verdict
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::manifest::Manifest;
    use crate::score::Aggregation;
    use crate::verdict::Verdict;
    use std::path::Path;

    const TOML: &str = r#"title = "t"
[limits]
time_seconds = 1.0
memory_mib = 64
[[sample]]
input = "1\n"
[[group]]
name = "small"
count = 2
seed = 1
points = 40
[[group]]
name = "large"
count = 1
seed = 9
points = 60
"#;

    #[test]
    fn samples_are_worth_nothing_and_groups_are_all_or_nothing() {
        let manifest = Manifest::parse("t", Path::new("problem.toml"), TOML).expect("valid");
        let rules = manifest.group_rules().expect("scored");
        assert_eq!(rules[0].name, "sample");
        assert_eq!(rules[0].points, 0.0);
        assert!(rules.iter().all(|r| r.aggregation == Aggregation::Min));
        use Verdict::*;
        let runs = [
            ("sample", WA),
            ("small", AC),
            ("small", AC),
            ("large", TLE),
            ("", WA),
        ];
        let runs: Vec<(&str, TestScore)> = (runs.iter())
            .map(|&(group, verdict)| (group, TestScore::all_or_nothing(verdict)))
            .collect();
        let card = card(&rules, &runs);
        assert_eq!((card.total, card.max), (40.0, 100.0));
        assert_eq!(card.groups[0].verdict, WA);
        assert_eq!(card.groups[2].verdict, TLE);
        assert_eq!(groups_briefly(&card), "small 40/40 AC, large 0/60 TLE");
    }

    #[test]
    fn a_checker_s_partial_points_make_the_group_s_minimum() {
        let manifest = Manifest::parse("t", Path::new("problem.toml"), TOML).expect("valid");
        let rules = manifest.group_rules().expect("scored");
        let partial = |fraction| Judged {
            score: Some(Awarded::Multiplier(fraction)),
            ..Judged::new(Verdict::WA, "points")
        };
        let (half, most) = (partial(0.5), partial(0.75));
        let full = Judged::new(Verdict::AC, "ok");
        let runs = [
            ("small", test_score(&most)),
            ("small", test_score(&half)),
            ("large", test_score(&full)),
        ];
        let card = card(&rules, &runs);
        assert_eq!(card.groups[1].score, 20.0);
        assert_eq!(card.groups[1].verdict, Verdict::WA);
        assert_eq!(card.total, 80.0);
    }
}
