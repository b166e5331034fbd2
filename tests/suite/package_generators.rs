//! `generators/generators.yaml` of a 2025-09 package, through the real binary: `verify`
//! regenerates every case (a Python generator taking arguments and `{seed}`, a `copy:` case,
//! inline `in:` / `ans:`, answers written by the `solution:`, a group's `test_group.yaml`)
//! and compares it with `data/`; a hand-edited committed input fails naming the case; an
//! unknown key is a warning at file:line:col.

use std::path::Path;
use std::process::Output;

use super::package_cli::{self, stonejudge, text};
use super::package_fixtures::{halve_generated as package, write, GENERATORS_YAML};

/// `verify halve --json`: the output and the package item's `generators.yaml` check (ok,
/// detail).
fn verify(dir: &Path) -> (Output, bool, String) {
    let (output, document) = package_cli::verify(dir, &["halve"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    let items = document["items"].as_array().expect("items");
    let package = items
        .iter()
        .find(|i| i["id"] == "halve")
        .unwrap_or_else(|| panic!("no package item:\n{said}"));
    let check = package["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .find(|c| c["name"] == "generators.yaml")
        .unwrap_or_else(|| panic!("no generators.yaml check: {package:#}"));
    let detail = check["detail"].as_str().unwrap_or("").to_string();
    (output, check["ok"] == true, detail)
}

#[test]
fn committed_data_made_by_generators_yaml_verifies() {
    let dir = tempfile::tempdir().expect("tempdir");
    package(dir.path());
    let (_, ok, detail) = verify(dir.path());
    assert!(ok, "{detail}");
    assert!(detail.contains("4 cases made again, the same"), "{detail}");
}

#[test]
fn a_hand_edited_input_or_a_case_not_named_fails_naming_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = package(dir.path());
    write(
        &root,
        &[
            ("data/secret/small/01.in", "10\n"),
            ("data/secret/small/03.in", "6\n"),
            ("data/secret/small/03.ans", "3.0\n"),
            (
                "data/secret/test_group.yaml",
                "input_validator_args: [--max, \"9\"]\n",
            ),
        ],
    );
    let (output, ok, detail) = verify(dir.path());
    assert!(!ok, "{detail}");
    assert_eq!(output.status.code(), Some(1), "{detail}");
    assert!(
        detail.contains("secret/small/01.in:1:1: differs: committed '1'"),
        "{detail}"
    );
    assert!(
        detail.contains("small/03.in: not produced by generators/generators.yaml"),
        "{detail}"
    );
    assert!(
        detail.contains("secret/test_group.yaml:1:1: differs: committed 'i'"),
        "{detail}"
    );
}

#[test]
fn an_unknown_key_warns_at_its_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = package(dir.path());
    let yaml = GENERATORS_YAML.replace(
        "            copy: big\n",
        "            copy: big\n            colour: red\n",
    );
    write(&root, &[("generators/generators.yaml", &yaml)]);
    let output = stonejudge(dir.path())
        .args(["validate", "./halve"])
        .output()
        .expect("validate");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let line = yaml
        .lines()
        .position(|l| l.contains("colour"))
        .expect("line")
        + 1;
    let warning =
        format!("generators.yaml:{line}:13: unknown key `data.secret.data.big.data.01.colour`");
    assert!(stderr.contains(&warning), "{warning}\n{stderr}");
}
