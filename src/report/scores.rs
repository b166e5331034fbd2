//! Scores as text: the per-group table `judge` prints for one program (the card of every
//! format is `crate::judging::card`'s), and the solution-by-group table of points `verify`
//! prints per scored problem, like the ones olympiad juries read. The numbers come from [`crate::score`]; this module only lays them
//! out.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::score::{format_score, ScoreCard};
use crate::verify::ItemReport;

/// One program's score, group by group, and the total:
///
/// ```text
/// group   tests  verdict  points
/// sample      1  WA       0/0
/// small       3  AC       30/30
/// total       4           30/30
/// ```
pub fn group_table(card: &ScoreCard) -> String {
    let width = (card.groups.iter())
        .map(|g| g.name.len())
        .chain([5])
        .max()
        .unwrap_or(5);
    let mut out = format!("{:width$}  tests  verdict  points\n", "group");
    for group in &card.groups {
        let _ = writeln!(
            out,
            "{:width$}  {:>5}  {:7}  {}/{}",
            group.name,
            group.tests,
            group.verdict.short(),
            format_score(group.score),
            format_score(group.max)
        );
    }
    let tests: usize = card.groups.iter().map(|g| g.tests).sum();
    let _ = writeln!(
        out,
        "{:width$}  {tests:>5}  {:7}  {}/{}",
        "total",
        "",
        format_score(card.total),
        format_score(card.max)
    );
    out
}

/// The scored solutions of `items`, by problem: the problem's name and its solutions, each
/// with its short name (the id after the problem's) and score card, in item order.
pub fn scored_by_problem(items: &[ItemReport]) -> BTreeMap<String, Vec<(String, &ScoreCard)>> {
    let mut problems: BTreeMap<String, Vec<(String, &ScoreCard)>> = BTreeMap::new();
    for item in items {
        let Some(card) = &item.score else { continue };
        let (problem, solution) = match item.id.rsplit_once("/solutions/") {
            Some((problem, rest)) => (problem, format!("solutions/{rest}")),
            None => match item.id.rsplit_once("/submissions/") {
                Some((problem, rest)) => (problem, format!("submissions/{rest}")),
                None => ("", item.id.clone()),
            },
        };
        problems
            .entry(problem.to_string())
            .or_default()
            .push((solution, card));
    }
    problems
}

/// Per scored problem of `items`, a table of its solutions' points by group (the groups
/// worth something, with their worth in the heading) and their totals; empty when no item
/// is scored.
///
/// ```text
/// take: scores                 small  hand  large  total
///                                 30    10     60    100
/// solutions/accepted/sol.cpp      30    10     60    100
/// solutions/partial/small.rs      30    10      0     40
/// ```
pub fn solutions_table(items: &[ItemReport]) -> String {
    let mut out = String::new();
    for (problem, solutions) in scored_by_problem(items) {
        let Some((_, first)) = solutions.first() else {
            continue;
        };
        let groups: Vec<(&str, f64)> = (first.groups.iter())
            .filter(|g| g.max > 0.0)
            .map(|g| (g.name.as_str(), g.max))
            .chain([("total", first.max)])
            .collect();
        let title = match problem.as_str() {
            "" => "scores".to_string(),
            name => format!("{name}: scores"),
        };
        let width = (solutions.iter())
            .map(|(name, _)| name.chars().count())
            .chain([title.chars().count()])
            .max()
            .unwrap_or(0);
        let cell = |name: &str| name.len().max(5);
        let mut line = format!("\n{title:width$}");
        for (name, _) in &groups {
            let _ = write!(line, "  {name:>w$}", w = cell(name));
        }
        let _ = writeln!(out, "{}", line.trim_end());
        let mut line = format!("{:width$}", "");
        for (name, worth) in &groups {
            let _ = write!(line, "  {:>w$}", format_score(*worth), w = cell(name));
        }
        let _ = writeln!(out, "{line}");
        for (solution, card) in &solutions {
            let mut line = format!("{solution:width$}");
            for (name, _) in &groups {
                let points = match *name {
                    "total" => Some(card.total),
                    group => card
                        .groups
                        .iter()
                        .find(|g| g.name == group)
                        .map(|g| g.score),
                };
                let shown = points.map_or("-".to_string(), format_score);
                let _ = write!(line, "  {shown:>w$}", w = cell(name));
            }
            let _ = writeln!(out, "{line}");
        }
    }
    out
}

/// `; scores: take/solutions/accepted/sol.cpp 100/100, …` for the summary line; empty when no
/// item is scored.
pub fn totals(items: &[ItemReport]) -> String {
    let shown: Vec<String> = (items.iter())
        .filter_map(|item| {
            let card = item.score.as_ref()?;
            Some(format!(
                "{} {}/{}",
                item.id,
                format_score(card.total),
                format_score(card.max)
            ))
        })
        .collect();
    match shown.is_empty() {
        true => String::new(),
        false => format!("; scores: {}", shown.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{score_card, Aggregation, GroupRule, TestScore};
    use crate::verdict::Verdict;

    fn card(verdicts: &[(&str, f64, Verdict)]) -> ScoreCard {
        let rules: Vec<GroupRule> = (verdicts.iter())
            .map(|&(name, points, _)| GroupRule {
                name: name.to_string(),
                points,
                aggregation: Aggregation::Min,
            })
            .collect();
        let runs: Vec<[TestScore; 1]> = (verdicts.iter())
            .map(|&(_, _, v)| [TestScore::all_or_nothing(v)])
            .collect();
        score_card(rules.iter().zip(runs.iter().map(|r| &r[..])))
    }

    #[test]
    fn the_group_table_shows_every_group_and_the_total() {
        let card = card(&[
            ("sample", 0.0, Verdict::WA),
            ("small", 30.0, Verdict::AC),
            ("large", 70.0, Verdict::TLE),
        ]);
        assert_eq!(
            group_table(&card),
            "group   tests  verdict  points\n\
             sample      1  WA       0/0\n\
             small       1  AC       30/30\n\
             large       1  TLE      0/70\n\
             total       3           30/100\n"
        );
    }

    #[test]
    fn the_solutions_table_has_a_row_per_solution_and_a_column_per_group() {
        let mut good = ItemReport::new("take/solutions/accepted/a.cpp".into(), vec![], 0.0);
        good.score = Some(card(&[
            ("sample", 0.0, Verdict::AC),
            ("small", 30.0, Verdict::AC),
        ]));
        let mut bad = ItemReport::new("take/solutions/partial/b.py".into(), vec![], 0.0);
        bad.score = Some(card(&[
            ("sample", 0.0, Verdict::AC),
            ("small", 30.0, Verdict::WA),
        ]));
        let unscored = ItemReport::new("take".into(), vec![], 0.0);
        let items = [good, bad, unscored];
        assert_eq!(
            solutions_table(&items),
            "\ntake: scores              small  total\n\
             \x20                            30     30\n\
             solutions/accepted/a.cpp     30     30\n\
             solutions/partial/b.py        0      0\n"
        );
        assert_eq!(
            totals(&items),
            "; scores: take/solutions/accepted/a.cpp 30/30, take/solutions/partial/b.py 0/30"
        );
    }
}
