//! `verify --html` on a Kattis package: each submission gets a row of per-test cells like an
//! archive's solutions, holding the tests Kattis' rules run (every one for an accepted
//! submission; a rejected one's row ends at its first failure, the rest shown as not run),
//! the same as the `runs` of its `--json` item.

use crate::package_fixtures;
use crate::verify_html::{select, verify};

#[test]
fn every_submission_of_a_package_has_a_row_of_its_tests() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let package = scratch.path().join("double");
    let verdicts = package_fixtures::double(&package);
    let (code, stdout, page, document) = verify(
        scratch.path(),
        std::slice::from_ref(&package),
        scratch.path(),
    );
    assert_eq!(code, Some(0), "{stdout}");
    let items = document["items"].as_array().expect("items");
    let mut rows = 0;
    for (submission, verdict) in verdicts {
        let id = format!("{}/submissions/{submission}", package.display());
        let item = (items.iter())
            .find(|item| item["id"] == id.as_str())
            .unwrap_or_else(|| panic!("no item {id} in {document}"));
        let runs = item["runs"]["tests"]
            .as_array()
            .unwrap_or_else(|| panic!("{id}: no runs in {item}"));
        let ran: Vec<&str> = (runs.iter())
            .map(|run| run["verdict"].as_str().expect("verdict"))
            .collect();
        // Kattis' verdict is the first failure's, and nothing runs after it.
        let failures: Vec<&&str> = ran.iter().filter(|v| **v != "AC").collect();
        match verdict {
            "AC" => assert!(failures.is_empty(), "{id}: {ran:?}"),
            _ => assert_eq!(failures.len(), 1, "{id}: {ran:?}"),
        }
        if verdict != "AC" {
            assert_ne!(
                ran.last(),
                Some(&"AC"),
                "{id}: it stops at its failure: {ran:?}"
            );
        }
        let row = page
            .select(&select("table.runs tr[data-solution]"))
            .find(|row| row.value().attr("data-solution") == Some(id.as_str()))
            .unwrap_or_else(|| panic!("{id}: no row in the table"));
        let cells: Vec<String> = row
            .select(&select("td.cell"))
            .map(|cell| cell.value().attr("data-verdict").unwrap_or("-").to_string())
            .collect();
        // One cell per test of the package: the tests it ran, then "not run" ones.
        assert!(cells.len() >= ran.len(), "{id}: {cells:?}");
        assert_eq!(&cells[..ran.len()], ran.as_slice(), "{id}");
        assert!(
            cells[ran.len()..].iter().all(|c| c == "-"),
            "{id}: {cells:?}"
        );
        rows += 1;
    }
    assert!(rows >= 5, "{rows} submissions compared");
}
