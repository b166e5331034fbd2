//! `verify --html`: the report as one self-contained page for a jury to read, the table
//! DOMjudge and Polygon show. It needs no network and no script: the styles are inline, a
//! cell's message shows on hover (`title`) and again in a list below the table.
//!
//! The page, top to bottom: the summary; the items that failed or were skipped, with what
//! failed (first, since that is what a reader came for); per problem, its limits, the closest
//! margins (the slowest accepted run and the fastest run rejected by time, each against the
//! time limit), the solutions × tests table coloured by verdict, the totals per group, on a
//! scored problem the points of each solution by group and its total, and the messages; last,
//! every item with its checks.
//!
//! Every text from the data (ids, messages, details) goes through `html_escape`: a message
//! is whatever a program or checker wrote.

use std::fmt::{self, Write};

use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};

use super::VerifyReport;
use crate::score::{format_score, GroupScore, ScoreCard};
use crate::text::show::count;
use crate::verdict::Verdict;
use crate::verify::{ItemReport, SolutionRuns, TestRun};

/// The page for `report`.
pub fn render(report: &VerifyReport<'_>) -> String {
    let mut page = String::new();
    write_page(&mut page, report).expect("writing to a String does not fail");
    page
}

/// The styles: a cell's colour says its verdict; a cell that breaks its solution's promise
/// is outlined.
const STYLE: &str = "
body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.25em; margin-top: 2em; }
table { border-collapse: collapse; font-size: 0.85em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.4em; vertical-align: top; }
thead th { background: #eee; position: sticky; top: 0; }
.scroll { overflow-x: auto; }
td.cell { text-align: center; white-space: nowrap; }
.cell small { display: block; color: #444; }
.stray { outline: 3px solid #000; outline-offset: -3px; }
.v-AC { background: #c9efc9; } .v-WA { background: #f6b8b8; } .v-PE { background: #f8d2b0; }
.v-TLE { background: #ffe08a; } .v-MLE { background: #e3c6f2; } .v-OLE { background: #d2d2f8; }
.v-RE { background: #f2b6d8; } .v-CE { background: #d6d6d6; } .v-JE { background: #9e9e9e; }
.ok { color: #176317; font-weight: bold; } .failed { color: #b00; font-weight: bold; }
.skipped { color: #8a6100; font-weight: bold; }
tbody th { text-align: left; font-weight: normal; white-space: nowrap; }
#failures { border: 2px solid #b00; padding: 0 1em; }
#failures h2 { margin-top: 0.6em; }
#failures.none { border-color: #176317; }
pre { white-space: pre-wrap; margin: 0.2em 0 0.6em; font-size: 0.9em; }
dt { font-weight: bold; margin-top: 0.4em; }
.margins li { margin: 0.2em 0; }
";

fn write_page(out: &mut String, report: &VerifyReport<'_>) -> fmt::Result {
    writeln!(out, "<!DOCTYPE html>")?;
    writeln!(out, "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">")?;
    writeln!(
        out,
        "<title>stonejudge verify</title>\n<style>{STYLE}</style>\n</head>\n<body>"
    )?;
    writeln!(out, "<h1>stonejudge verify</h1>")?;
    writeln!(
        out,
        "<p id=\"summary\">{} items (partition {}): <span class=\"ok\">{} passed</span>, \
         <span class=\"failed\">{} failed</span>, <span class=\"skipped\">{} skipped</span></p>",
        report.items.len(),
        report.partition,
        report.passed,
        report.failed,
        report.skipped
    )?;
    if report.not_run > 0 {
        writeln!(
            out,
            "<p id=\"interrupted\" class=\"skipped\">Interrupted: {} items of the partition \
             did not run to their end and are not in this report.</p>",
            report.not_run
        )?;
    }
    if let Some(shortfall) = report.sandbox.shortfall() {
        writeln!(out, "<pre id=\"sandbox\">{}</pre>", text(&shortfall))?;
    }
    failures(out, report.items)?;
    for problem in problems(report.items) {
        problem_section(out, &problem)?;
    }
    all_items(out, report.items)?;
    writeln!(out, "</body>\n</html>")
}

/// The anchor of the item at `index` in the report (ids are file paths: no good anchors).
fn anchor(index: usize) -> String {
    format!("item-{}", index + 1)
}

/// The failed items, then the skipped ones, with every check that did not pass.
fn failures(out: &mut String, items: &[ItemReport]) -> fmt::Result {
    let failed: Vec<(usize, &ItemReport)> = (items.iter().enumerate())
        .filter(|(_, item)| !item.ok && !item.skipped)
        .collect();
    let skipped: Vec<(usize, &ItemReport)> = (items.iter().enumerate())
        .filter(|(_, item)| item.skipped)
        .collect();
    let class = match failed.is_empty() && skipped.is_empty() {
        true => " class=\"none\"",
        false => "",
    };
    writeln!(out, "<section id=\"failures\"{class}>")?;
    writeln!(out, "<h2>Failures ({})</h2>", failed.len())?;
    list_items(out, &failed, "Nothing failed.")?;
    if !skipped.is_empty() {
        writeln!(out, "<h2>Not verified: skipped ({})</h2>", skipped.len())?;
        list_items(out, &skipped, "")?;
    }
    writeln!(out, "</section>")
}

/// `items` as a list of their checks that did not pass; `none` when there is no item.
fn list_items(out: &mut String, items: &[(usize, &ItemReport)], none: &str) -> fmt::Result {
    if items.is_empty() {
        return writeln!(out, "<p>{none}</p>");
    }
    writeln!(out, "<ul>")?;
    for (index, item) in items {
        writeln!(
            out,
            "<li><a href=\"#{}\">{}</a>",
            anchor(*index),
            text(&item.id)
        )?;
        for check in item.checks.iter().filter(|c| !c.ok) {
            writeln!(
                out,
                "<div><b>{}</b><pre>{}</pre></div>",
                text(check.name),
                text(&check.detail)
            )?;
        }
        writeln!(out, "</li>")?;
    }
    writeln!(out, "</ul>")
}

/// The solutions of one problem (or package), in report order.
struct Problem<'a> {
    /// The item id before `/solutions/` (`/submissions/` for a package).
    name: &'a str,
    solutions: Vec<(usize, &'a ItemReport)>,
}

/// The solution and submission items of `items`, by problem, in the order problems first
/// appear.
fn problems(items: &[ItemReport]) -> Vec<Problem<'_>> {
    let mut problems: Vec<Problem> = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let Some(name) = ["/solutions/", "/submissions/"]
            .iter()
            .find_map(|folder| item.id.split_once(folder).map(|(name, _)| name))
        else {
            continue;
        };
        match problems.iter_mut().find(|p| p.name == name) {
            Some(problem) => problem.solutions.push((index, item)),
            None => problems.push(Problem {
                name,
                solutions: vec![(index, item)],
            }),
        }
    }
    problems
}

/// The solution's name within its problem (`accepted/x.cpp`).
fn short_name<'a>(problem: &Problem<'_>, item: &'a ItemReport) -> &'a str {
    let rest = &item.id[problem.name.len()..];
    (rest.split_once('/').map(|(_, after)| after))
        .and_then(|after| after.split_once('/').map(|(_, name)| name))
        .unwrap_or(rest)
}

fn problem_section(out: &mut String, problem: &Problem<'_>) -> fmt::Result {
    writeln!(
        out,
        "<section class=\"problem\" data-problem=\"{}\">",
        attr(problem.name)
    )?;
    writeln!(out, "<h2>{}</h2>", text(problem.name))?;
    let runs: Vec<(&str, &SolutionRuns)> = (problem.solutions.iter())
        .filter_map(|(_, item)| Some((short_name(problem, item), item.runs.as_ref()?)))
        .collect();
    // Every solution of a problem runs on its tests under its limits: the first one says.
    if let Some((_, first)) = runs.first() {
        let memory = match first.memory_limit_mib {
            Some(mib) => format!("{mib} MiB"),
            None => "none".to_string(),
        };
        writeln!(
            out,
            "<p>Time limit {} (CPU), memory limit {memory}; {} on {}.</p>",
            seconds(first.time_limit_s),
            count(problem.solutions.len(), "solution", "solutions"),
            count(first.tests.len(), "test", "tests")
        )?;
        margins(out, &runs, first.time_limit_s)?;
    }
    let tests = columns(&runs);
    table(out, problem, &tests)?;
    group_totals(out, &runs)?;
    scores(out, problem)?;
    messages(out, &runs)?;
    writeln!(out, "</section>")
}

/// The slowest accepted run and the fastest run of a solution meant to exceed the time limit,
/// each as a fraction of the limit: how much room the limit leaves on either side.
fn margins(out: &mut String, runs: &[(&str, &SolutionRuns)], limit: f64) -> fmt::Result {
    let slowest_accepted = (runs.iter())
        .filter(|(_, r)| r.expected == Verdict::AC)
        .flat_map(|(name, r)| timed(r).map(move |(run, time)| (*name, run, time)))
        .filter(|(_, run, _)| run.verdict == Verdict::AC)
        .max_by(|a, b| a.2.total_cmp(&b.2));
    // A solution meant to exceed the limit is rejected by its slowest test; the closest call
    // is the solution whose slowest test is the fastest.
    let fastest_rejected = (runs.iter())
        .filter(|(_, r)| r.expected == Verdict::TLE)
        .filter_map(|(name, r)| {
            timed(r)
                .map(|(run, time)| (*name, run, time))
                .max_by(|a, b| a.2.total_cmp(&b.2))
        })
        .min_by(|a, b| a.2.total_cmp(&b.2));
    let line = |found: Option<(&str, &TestRun, f64)>, none: &str| match found {
        Some((name, run, time)) => format!(
            "{} = <b>{:.1}%</b> of the limit ({}, test {}, {})",
            seconds(time),
            100.0 * time / limit,
            text(name),
            text(&run.test),
            run.verdict
        ),
        None => none.to_string(),
    };
    writeln!(out, "<ul class=\"margins\">")?;
    writeln!(
        out,
        "<li>Slowest accepted: {}</li>",
        line(slowest_accepted, "no accepted run")
    )?;
    writeln!(
        out,
        "<li>Fastest rejected by time: {}</li>",
        line(fastest_rejected, "no solution in time_limit_exceeded/")
    )?;
    writeln!(out, "</ul>")
}

/// The runs of a solution that were timed, with their times.
fn timed(runs: &SolutionRuns) -> impl Iterator<Item = (&TestRun, f64)> {
    (runs.tests.iter()).filter_map(|run| Some((run, run.time_s?)))
}

/// The tests of a problem's table, with their groups, in the order they first appear.
fn columns<'a>(runs: &[(&str, &'a SolutionRuns)]) -> Vec<(&'a str, &'a str)> {
    let mut tests: Vec<(&str, &str)> = Vec::new();
    for run in runs.iter().flat_map(|(_, r)| &r.tests) {
        if !tests.iter().any(|(test, _)| *test == run.test) {
            tests.push((&run.test, &run.group));
        }
    }
    tests
}

/// The solutions × tests table: a row per solution, a column per test under its group.
fn table(out: &mut String, problem: &Problem<'_>, tests: &[(&str, &str)]) -> fmt::Result {
    writeln!(
        out,
        "<div class=\"scroll\"><table class=\"runs\">\n<thead>\n<tr>"
    )?;
    writeln!(
        out,
        "<th rowspan=\"2\">solution</th><th rowspan=\"2\">expected</th>\
         <th rowspan=\"2\">result</th>"
    )?;
    let mut start = 0;
    while start < tests.len() {
        let group = tests[start].1;
        let span = (tests[start..].iter())
            .take_while(|(_, g)| *g == group)
            .count();
        writeln!(
            out,
            "<th colspan=\"{span}\">{}</th>",
            text(if group.is_empty() {
                "(not in the plan)"
            } else {
                group
            })
        )?;
        start += span;
    }
    writeln!(out, "</tr>\n<tr>")?;
    for (test, _) in tests {
        write!(out, "<th>{}</th>", text(test))?;
    }
    writeln!(out, "\n</tr>\n</thead>\n<tbody>")?;
    for (index, item) in &problem.solutions {
        let (class, result) = result(item);
        write!(
            out,
            "<tr data-solution=\"{}\"><th><a href=\"#{}\">{}</a></th>",
            attr(&item.id),
            anchor(*index),
            text(short_name(problem, item))
        )?;
        let Some(runs) = &item.runs else {
            // Nothing ran (it did not compile, or the problem could not be loaded): the
            // check says why.
            let why = (item.checks.iter())
                .find(|c| !c.ok)
                .or(item.checks.first())
                .map(|c| c.detail.as_str())
                .unwrap_or("");
            writeln!(
                out,
                "<td></td><td class=\"{class}\">{result}</td><td colspan=\"{}\">{}</td></tr>",
                tests.len().max(1),
                text(why.lines().next().unwrap_or(""))
            )?;
            continue;
        };
        write!(
            out,
            "<td>{}</td><td class=\"{class}\">{result}</td>",
            runs.expected
        )?;
        for (test, _) in tests {
            match runs.tests.iter().find(|run| run.test == *test) {
                Some(run) => cell(out, run, runs)?,
                None => write!(out, "<td class=\"cell\">&ndash;</td>")?,
            }
        }
        writeln!(out, "</tr>")?;
    }
    writeln!(out, "</tbody>\n</table></div>")
}

/// The class and word of an item's result.
fn result(item: &ItemReport) -> (&'static str, &'static str) {
    match (item.ok, item.skipped) {
        (true, _) => ("ok", "ok"),
        (false, true) => ("skipped", "skipped"),
        (false, false) => ("failed", "FAILED"),
    }
}

/// One test of one solution: its verdict, its time against the limit and its memory, its
/// message on hover.
fn cell(out: &mut String, run: &TestRun, runs: &SolutionRuns) -> fmt::Result {
    let stray = match run.verdict != Verdict::AC && run.verdict != runs.expected {
        true => " stray",
        false => "",
    };
    write!(
        out,
        "<td class=\"cell v-{verdict}{stray}\" data-verdict=\"{verdict}\" title=\"{}\">{verdict}",
        attr(&run.message),
        verdict = run.verdict
    )?;
    if let Some(time) = run.time_s {
        write!(
            out,
            "<small>{} ({:.0}%)</small>",
            seconds(time),
            100.0 * time / runs.time_limit_s
        )?;
    }
    if let Some(kib) = run.memory_kib {
        write!(out, "<small>{}</small>", mebibytes(kib))?;
    }
    write!(out, "</td>")
}

/// Per solution and group: how many tests got each verdict, and the slowest one.
fn group_totals(out: &mut String, runs: &[(&str, &SolutionRuns)]) -> fmt::Result {
    let mut groups: Vec<&str> = Vec::new();
    for run in runs.iter().flat_map(|(_, r)| &r.tests) {
        if !groups.contains(&run.group.as_str()) {
            groups.push(&run.group);
        }
    }
    if groups.is_empty() {
        return Ok(());
    }
    writeln!(out, "<h3>Per group</h3>")?;
    writeln!(
        out,
        "<div class=\"scroll\"><table class=\"groups\">\n<thead><tr><th>solution</th>"
    )?;
    for group in &groups {
        write!(out, "<th>{}</th>", text(group))?;
    }
    writeln!(out, "</tr></thead>\n<tbody>")?;
    for (name, solution) in runs {
        write!(out, "<tr><th>{}</th>", text(name))?;
        for group in &groups {
            let in_group: Vec<&TestRun> = (solution.tests.iter())
                .filter(|run| run.group == *group)
                .collect();
            // The cell takes the colour of the group's verdict: its first by precedence.
            let Some(worst) = in_group
                .iter()
                .map(|run| run.verdict)
                .min_by_key(|v| v.rank())
            else {
                write!(out, "<td>&ndash;</td>")?;
                continue;
            };
            let tally: Vec<String> = (Verdict::ALL.iter())
                .map(|v| (v, in_group.iter().filter(|run| run.verdict == *v).count()))
                .filter(|(_, n)| *n > 0)
                .map(|(v, n)| format!("{v} {n}/{}", in_group.len()))
                .collect();
            write!(out, "<td class=\"cell v-{worst}\">{}", tally.join(", "))?;
            let slowest = (in_group.iter().filter_map(|run| run.time_s)).max_by(f64::total_cmp);
            if let Some(time) = slowest {
                write!(out, "<small>max {}</small>", seconds(time))?;
            }
            write!(out, "</td>")?;
        }
        writeln!(out, "</tr>")?;
    }
    writeln!(out, "</tbody>\n</table></div>")
}

/// On a scored problem, per solution the points of each group worth something (coloured by
/// the group's verdict) and the total: the table olympiad juries read.
fn scores(out: &mut String, problem: &Problem<'_>) -> fmt::Result {
    let scored: Vec<(&str, &ScoreCard)> = (problem.solutions.iter())
        .filter_map(|(_, item)| Some((short_name(problem, item), item.score.as_ref()?)))
        .collect();
    let Some((_, first)) = scored.first() else {
        return Ok(());
    };
    let groups: Vec<&GroupScore> = first.groups.iter().filter(|g| g.max > 0.0).collect();
    writeln!(out, "<h3>Scores</h3>")?;
    writeln!(
        out,
        "<div class=\"scroll\"><table class=\"scores\">\n<thead><tr><th>solution</th>"
    )?;
    for group in &groups {
        write!(
            out,
            "<th>{} <small>{}</small></th>",
            text(&group.name),
            format_score(group.max)
        )?;
    }
    writeln!(
        out,
        "<th>total <small>{}</small></th></tr></thead>\n<tbody>",
        format_score(first.max)
    )?;
    for (name, card) in &scored {
        write!(out, "<tr><th>{}</th>", text(name))?;
        for group in &groups {
            match card.groups.iter().find(|g| g.name == group.name) {
                Some(found) => write!(
                    out,
                    "<td class=\"cell v-{}\" data-group=\"{}\">{}</td>",
                    found.verdict,
                    attr(&found.name),
                    format_score(found.score)
                )?,
                None => write!(out, "<td>&ndash;</td>")?,
            }
        }
        writeln!(
            out,
            "<td class=\"total\">{}</td></tr>",
            format_score(card.total)
        )?;
    }
    writeln!(out, "</tbody>\n</table></div>")
}

/// Every cell's message: the rejected runs' open, the accepted ones' folded.
fn messages(out: &mut String, runs: &[(&str, &SolutionRuns)]) -> fmt::Result {
    let all: Vec<(&str, &TestRun)> = (runs.iter())
        .flat_map(|(name, r)| r.tests.iter().map(move |run| (*name, run)))
        .filter(|(_, run)| !run.message.is_empty())
        .collect();
    for (accepted, open, what) in [
        (false, " open", "Messages of the runs not accepted"),
        (true, "", "Messages of the accepted runs"),
    ] {
        let these: Vec<&(&str, &TestRun)> = (all.iter())
            .filter(|(_, run)| (run.verdict == Verdict::AC) == accepted)
            .collect();
        if these.is_empty() {
            continue;
        }
        writeln!(
            out,
            "<details{open}><summary>{what} ({})</summary>\n<dl>",
            these.len()
        )?;
        for (name, run) in these {
            writeln!(
                out,
                "<dt>{}, test {}: {}</dt><dd><pre>{}</pre></dd>",
                text(name),
                text(&run.test),
                run.verdict,
                text(&run.message)
            )?;
        }
        writeln!(out, "</dl></details>")?;
    }
    Ok(())
}

/// Every item with its result, time and checks.
fn all_items(out: &mut String, items: &[ItemReport]) -> fmt::Result {
    writeln!(out, "<section id=\"items\">\n<h2>Every item</h2>")?;
    writeln!(
        out,
        "<table>\n<thead><tr><th>item</th><th>result</th><th>time</th><th>checks</th></tr></thead>\n<tbody>"
    )?;
    for (index, item) in items.iter().enumerate() {
        let (class, result) = result(item);
        write!(
            out,
            "<tr id=\"{}\"><td>{}</td><td class=\"{class}\">{result}</td><td>{}</td><td>",
            anchor(index),
            text(&item.id),
            seconds(item.seconds)
        )?;
        for check in &item.checks {
            let class = match (check.ok, check.skipped) {
                (true, _) => "ok",
                (false, true) => "skipped",
                (false, false) => "failed",
            };
            write!(
                out,
                "<div title=\"{}\"><span class=\"{class}\">{}</span>: {}</div>",
                attr(&check.detail),
                text(check.name),
                text(check.detail.lines().next().unwrap_or(""))
            )?;
        }
        writeln!(out, "</td></tr>")?;
    }
    writeln!(out, "</tbody>\n</table>\n</section>")
}

/// `0.123 s`.
fn seconds(time: f64) -> String {
    format!("{time:.3} s")
}

/// `3.4 MiB`.
fn mebibytes(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Protections;
    use crate::verify::Check;

    fn solution(id: &str, expected: Verdict, verdicts: &[(Verdict, f64)]) -> ItemReport {
        let mut item = ItemReport::new(id.to_string(), vec![Check::pass("verdicts", "fine")], 0.5);
        item.runs = Some(SolutionRuns {
            problem: "p".to_string(),
            expected,
            time_limit_s: 2.0,
            memory_limit_mib: Some(256),
            tests: (verdicts.iter().enumerate())
                .map(|(i, (verdict, time))| TestRun {
                    test: format!("{:02}", i + 1),
                    group: if i == 0 { "sample" } else { "big" }.to_string(),
                    verdict: *verdict,
                    time_s: Some(*time),
                    memory_kib: Some(2048),
                    message: format!("<b>message {i}</b> & \"quoted\""),
                })
                .collect(),
        });
        item
    }

    fn page(items: &[ItemReport]) -> String {
        render(&VerifyReport {
            partition: crate::verify::Partition::WHOLE,
            sandbox: &Protections::off(),
            passed: items.len(),
            failed: 0,
            skipped: 0,
            not_run: 0,
            items,
        })
    }

    #[test]
    fn messages_are_escaped_in_text_and_attributes() {
        let page = page(&[solution(
            "p/solutions/accepted/a.cpp",
            Verdict::AC,
            &[(Verdict::AC, 0.1)],
        )]);
        assert!(!page.contains("<b>message"), "{page}");
        assert!(
            page.contains("&lt;b&gt;message 0&lt;/b&gt; &amp; \"quoted\""),
            "{page}"
        );
        assert!(page.contains("title=\"&lt;b&gt;message 0&lt;/b&gt; &amp; &quot;quoted&quot;\""));
    }

    #[test]
    fn a_scored_problem_gets_a_table_of_points_by_group() {
        use crate::score::{score_card, Aggregation, GroupRule, TestScore};
        let rules = [
            GroupRule {
                name: "sample".into(),
                points: 0.0,
                aggregation: Aggregation::Min,
            },
            GroupRule {
                name: "big".into(),
                points: 70.0,
                aggregation: Aggregation::Min,
            },
        ];
        let mut item = solution(
            "p/solutions/partial/a.cpp",
            Verdict::WA,
            &[(Verdict::AC, 0.1), (Verdict::WA, 0.1)],
        );
        let runs = [
            [TestScore::all_or_nothing(Verdict::AC)],
            [TestScore::all_or_nothing(Verdict::WA)],
        ];
        item.score = Some(score_card(rules.iter().zip(runs.iter().map(|r| &r[..]))));
        let page = page(&[item]);
        assert!(page.contains("<h3>Scores</h3>"), "{page}");
        assert!(
            page.contains("<th>big <small>70</small></th><th>total <small>70</small></th>"),
            "{page}"
        );
        assert!(
            page.contains(
                "<td class=\"cell v-WA\" data-group=\"big\">0</td><td class=\"total\">0</td>"
            ),
            "{page}"
        );
        let unscored = page_of_unscored();
        assert!(!unscored.contains("<h3>Scores</h3>"));
    }

    fn page_of_unscored() -> String {
        page(&[solution(
            "p/solutions/accepted/a.cpp",
            Verdict::AC,
            &[(Verdict::AC, 0.1)],
        )])
    }

    #[test]
    fn margins_name_the_slowest_accepted_and_the_fastest_rejected_runs() {
        let page = page(&[
            solution(
                "p/solutions/accepted/a.cpp",
                Verdict::AC,
                &[(Verdict::AC, 0.2), (Verdict::AC, 0.5)],
            ),
            solution(
                "p/solutions/time_limit_exceeded/slow.py",
                Verdict::TLE,
                &[(Verdict::AC, 0.3), (Verdict::TLE, 2.2)],
            ),
            solution(
                "p/solutions/time_limit_exceeded/slower.py",
                Verdict::TLE,
                &[(Verdict::AC, 0.3), (Verdict::TLE, 2.6)],
            ),
        ]);
        assert!(
            page.contains(
                "Slowest accepted: 0.500 s = <b>25.0%</b> of the limit (accepted/a.cpp, test 02, AC)"
            ),
            "{page}"
        );
        assert!(
            page.contains("Fastest rejected by time: 2.200 s = <b>110.0%</b> of the limit (time_limit_exceeded/slow.py, test 02, TLE)"),
            "{page}"
        );
    }
}
