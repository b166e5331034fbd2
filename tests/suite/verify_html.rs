//! `stonejudge verify --html`: the page, parsed with an HTML parser, holds every solution and
//! every per-test verdict of the `--json` report written by the same run, lists the failures
//! first, and loads nothing: no script, no external address (not even when a program writes
//! markup). Run on two problems of the committed archive (read-only) and on a scratch archive
//! with a failing solution.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use scraper::{Html, Selector};
use serde_json::Value;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub(crate) fn select(text: &str) -> Selector {
    Selector::parse(text).unwrap_or_else(|e| panic!("selector {text}: {e}"))
}

/// Runs `verify --html --json` on `paths` (with `--root root`); returns the exit code, standard
/// output, the parsed page and the JSON document.
pub(crate) fn verify(
    root: &Path,
    paths: &[PathBuf],
    out: &Path,
) -> (Option<i32>, String, Html, Value) {
    let (html, json) = (out.join("report.html"), out.join("report.json"));
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .arg("verify")
        .arg("--root")
        .arg(root)
        .arg("--html")
        .arg(&html)
        .arg("--json")
        .arg(&json)
        .args(paths)
        .output()
        .expect("run verify");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let page = std::fs::read_to_string(&html).unwrap_or_else(|e| panic!("no page: {e}\n{stdout}"));
    let document: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).expect("json");
    (
        output.status.code(),
        stdout,
        Html::parse_document(&page),
        document,
    )
}

/// Every solution item of the JSON has a row in the table, and the row's cells are the
/// item's per-test verdicts in test order; returns how many solutions were compared.
fn assert_table_matches_json(page: &Html, document: &Value) -> usize {
    let items = document["items"].as_array().expect("items");
    let mut compared = 0;
    let solutions: Vec<&Value> = (items.iter())
        .filter(|item| item["id"].as_str().expect("id").contains("/solutions/"))
        .collect();
    assert!(!solutions.is_empty(), "no solution in {document}");
    for item in solutions {
        let id = item["id"].as_str().expect("id");
        let rows: Vec<_> = page
            .select(&select("table.runs tr[data-solution]"))
            .filter(|row| row.value().attr("data-solution") == Some(id))
            .collect();
        assert_eq!(rows.len(), 1, "{id}: one row in the table");
        let cells: Vec<(String, String, String)> = rows[0]
            .select(&select("td[data-verdict]"))
            .map(|cell| {
                (
                    cell.value().attr("data-verdict").unwrap_or("").to_string(),
                    cell.text().next().unwrap_or("").to_string(),
                    cell.value().attr("title").unwrap_or("").to_string(),
                )
            })
            .collect();
        let runs = item["runs"]["tests"]
            .as_array()
            .unwrap_or_else(|| panic!("{id}: no runs in the JSON"));
        assert_eq!(cells.len(), runs.len(), "{id}: a cell per test");
        for ((verdict, shown, title), run) in cells.iter().zip(runs) {
            let expected = run["verdict"].as_str().expect("verdict");
            assert_eq!(verdict, expected, "{id} test {}", run["test"]);
            assert_eq!(
                shown, expected,
                "{id} test {}: the cell shows it",
                run["test"]
            );
            assert_eq!(
                title,
                run["message"].as_str().expect("message"),
                "{id} test {}: its message on hover",
                run["test"]
            );
        }
        compared += 1;
    }
    compared
}

/// The page loads nothing and runs nothing: no script, no external resource, no address
/// outside the page.
fn assert_self_contained(page: &Html) {
    assert_eq!(page.select(&select("script")).count(), 0, "a script");
    for tag in ["link", "img", "iframe", "object", "embed", "base"] {
        assert_eq!(page.select(&select(tag)).count(), 0, "a <{tag}>");
    }
    for element in page.select(&select("*")) {
        for (name, value) in element.value().attrs() {
            assert!(!name.starts_with("on"), "an event handler {name}={value}");
            if matches!(name, "href" | "src" | "action") {
                assert!(value.starts_with('#'), "{name}={value} leaves the page");
            }
        }
    }
    for style in page.select(&select("style")) {
        let css: String = style.text().collect();
        assert!(!css.contains("url(") && !css.contains("@import"), "{css}");
    }
}

/// The first section of the body is the failures, and it names `failed` (and only those).
fn assert_failures_first(page: &Html, failed: &[&str]) {
    let first = page
        .select(&select("body > section"))
        .next()
        .expect("a section");
    assert_eq!(first.value().attr("id"), Some("failures"));
    let listed: Vec<String> = first
        .select(&select("li > a"))
        .map(|a| a.text().collect())
        .collect();
    assert_eq!(listed, failed, "the failures listed");
}

#[test]
fn the_archive_report_holds_every_solution_and_verdict() {
    let out = tempfile::tempdir().expect("temp dir");
    // A problem with a solution meant to exceed the time limit, and one without.
    let problems = ["misere-subtraction", "nim-move"].map(|p| repo().join("problems").join(p));
    let (code, stdout, page, document) = verify(&repo(), &problems, out.path());
    assert_eq!(code, Some(0), "{stdout}");
    // Their five solutions: an accepted and a wrong answer each, and one too slow.
    assert_eq!(assert_table_matches_json(&page, &document), 5);
    assert_self_contained(&page);
    assert_failures_first(&page, &[]);
    let sections: Vec<String> = page
        .select(&select("section.problem"))
        .map(|s| s.value().attr("data-problem").unwrap_or("").to_string())
        .collect();
    assert_eq!(sections.len(), 2, "{sections:?}");
    assert!(sections[0].ends_with("misere-subtraction"), "{sections:?}");
    let margins: String = page
        .select(&select("section.problem .margins"))
        .next()
        .expect("margins")
        .text()
        .collect();
    assert!(
        margins.contains("Slowest accepted: ")
            && margins.contains("% of the limit (accepted/misere_subtraction.cpp, test ")
            && margins.contains("(time_limit_exceeded/misere_subtraction.py, test "),
        "{margins}"
    );
    // Every item of the JSON, checks included, is in the list of items.
    let listed: Vec<String> = page
        .select(&select("#items tbody tr td:first-child"))
        .map(|td| td.text().collect())
        .collect();
    let ids: Vec<&str> = (document["items"].as_array().expect("items").iter())
        .map(|item| item["id"].as_str().expect("id"))
        .collect();
    assert_eq!(listed, ids);
}

#[test]
fn a_failing_solution_is_listed_first_and_marked_in_its_table() {
    let root = tempfile::tempdir().expect("temp dir");
    let from = repo().join("problems").join("stripes");
    let to = root.path().join("problems").join("stripes");
    // The wrong solution filed as accepted: it fails its promise.
    for (file, target) in [
        ("problem.toml", "problem.toml"),
        ("statement.md", "statement.md"),
        (
            "solutions/accepted/stripes.cpp",
            "solutions/accepted/stripes.cpp",
        ),
        (
            "solutions/wrong_answer/grundy_u8.cpp",
            "solutions/accepted/grundy_u8.cpp",
        ),
    ] {
        let target = to.join(target);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::copy(from.join(file), &target).expect("copy");
    }
    // A crash whose message holds markup: the page shows it as text.
    let crash = to.join("solutions/run_time_error/crash.py");
    std::fs::create_dir_all(crash.parent().expect("parent")).expect("mkdir");
    std::fs::write(
        &crash,
        "import sys\nsys.stderr.write('<script>alert(1)</script>')\nsys.exit(3)\n",
    )
    .expect("write");
    let data = root.path().join("testdata").join("stripes");
    std::fs::create_dir_all(&data).expect("mkdir");
    for entry in std::fs::read_dir(repo().join("testdata").join("stripes")).expect("testdata") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), data.join(entry.file_name())).expect("copy");
    }
    let out = tempfile::tempdir().expect("temp dir");
    let (code, stdout, page, document) = verify(root.path(), &[], out.path());
    assert_eq!(code, Some(1), "{stdout}");
    let failing = "stripes/solutions/accepted/grundy_u8.cpp";
    assert_failures_first(&page, &[failing]);
    let failures: String = page
        .select(&select("#failures"))
        .next()
        .expect("failures")
        .text()
        .collect();
    assert!(failures.contains("expected only AC"), "{failures}");
    assert_table_matches_json(&page, &document);
    assert_self_contained(&page);
    // Its WA cells break its promise: outlined, and their messages are listed below.
    let row = page
        .select(&select("tr[data-solution]"))
        .find(|row| row.value().attr("data-solution") == Some(failing))
        .expect("its row");
    let stray = row.select(&select("td.stray")).count();
    let wrong = row.select(&select("td[data-verdict=WA]")).count();
    assert!(wrong > 0 && stray == wrong, "{wrong} WA, {stray} outlined");
    let result: String = row
        .select(&select("td.failed"))
        .next()
        .expect("FAILED")
        .text()
        .collect();
    assert_eq!(result, "FAILED");
    let listed = page
        .select(&select("details[open] dt"))
        .filter(|dt| {
            let text: String = dt.text().collect();
            text.starts_with("accepted/grundy_u8.cpp, test ") && text.ends_with(": WA")
        })
        .count();
    assert_eq!(listed, wrong, "each WA's message below the table");
    let shown = page
        .select(&select("details[open] dd"))
        .filter(|dd| {
            dd.text()
                .collect::<String>()
                .contains("<script>alert(1)</script>")
        })
        .count();
    assert!(shown > 0, "the crash's stderr shown as text");
}

#[test]
fn an_unwritable_html_file_is_refused_before_any_work() {
    let out = tempfile::tempdir().expect("temp dir");
    let missing = out.path().join("no-such-dir").join("report.html");
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .arg("verify")
        .arg("--root")
        .arg(repo())
        .arg("--html")
        .arg(&missing)
        .output()
        .expect("run verify");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--html") && stderr.contains("there is no directory"),
        "{stderr}"
    );
}
