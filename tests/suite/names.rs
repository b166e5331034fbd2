//! One name per concept: a type, trait or alias of `src/` is defined under one name in one
//! place, so that a name read anywhere means one thing. The names defined more than once are
//! listed below, each with why its meanings are kept apart; a new twin fails until it is
//! renamed or listed, and a listed name defined only once fails until it leaves the list.

use std::collections::BTreeMap;

use super::layers::{repo, sources};

/// Names defined in more than one file, and why each is kept.
const SHARED: &[(&str, &str)] = &[
    (
        "Answer",
        "generators.yaml's answer of a case, and a typed problem's answer",
    ),
    ("Built", "a plan's built files, and a compiled program"),
    (
        "Case",
        "each typed problem's case (its `Problem::Case`): one concept, in each problem's module",
    ),
    (
        "Cases",
        "a declared game's cases, and stress's source of cases",
    ),
    (
        "Checker",
        "the judge's checker trait, and the model's checker of a problem",
    ),
    (
        "Command",
        "the command line's subcommand, generators.yaml's and checktestdata's commands",
    ),
    (
        "Failure",
        "checktestdata's failure, and the failure stress found",
    ),
    (
        "Files",
        "sinol's made files, and a Kattis program's assembled sources",
    ),
    ("Game", "a declared game, and a playable game"),
    (
        "Group",
        "a group of our manifest, and of a Kattis package's data",
    ),
    (
        "Int",
        "checktestdata's integer, and a problem format's integer",
    ),
    (
        "Interactor",
        "the judge's interactor, and the model's interactor of a problem",
    ),
    (
        "Item",
        "a Kattis data item, and an item of verify's archive",
    ),
    (
        "Listing",
        "a Kattis package's submissions, and a problem format's listing",
    ),
    ("Options", "checktestdata's options, and the game engine's"),
    (
        "Plan",
        "the engine's lookahead plan, and the judging pool's",
    ),
    (
        "Played",
        "an interactive judge's game, and a playable game's",
    ),
    (
        "Position",
        "a manifest's file position, a statement's, and a game position",
    ),
    ("Program", "a checktestdata program, and a program to run"),
    (
        "Reader",
        "a problem format's reader of input, and a package format's reader",
    ),
    ("Reference", "a declared game's reference, and stress's"),
    ("Report", "a checker protocol's report, and validation's"),
    (
        "Rule",
        "a Kattis expectation rule, and a generators.yaml rule",
    ),
    ("Setup", "the stripes game's setup, and a stress run's"),
    ("Shape", "a declared game's shape, and a Kattis key's"),
    ("Statement", "an archive's statement, and the model's"),
    ("Test", "checktestdata's test, and a judged test"),
    ("Token", "checktestdata's token, and an output token"),
    (
        "Tool",
        "the model's program of a problem, and our [programs]' tool",
    ),
    ("Total", "a problem format's total, and a score's"),
    (
        "Validity",
        "a Kattis validator's answer, and stress's validity of a case",
    ),
    (
        "Written",
        "an exported statement, and a written generators.yaml case",
    ),
];

/// Each `pub` type, trait or alias name of `src/`, with the files that define it.
fn definitions() -> BTreeMap<String, Vec<String>> {
    let src = repo().join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read a source");
        let relative = file
            .strip_prefix(&src)
            .expect("under src")
            .display()
            .to_string();
        for name in text.lines().filter_map(defined) {
            let places = found.entry(name).or_default();
            if !places.contains(&relative) {
                places.push(relative.clone());
            }
        }
    }
    found
}

/// The name a line defines, when it is a `pub` (or `pub(crate)`, `pub(super)`) struct, enum,
/// trait or type alias.
fn defined(line: &str) -> Option<String> {
    let rest = line.trim_start().strip_prefix("pub")?;
    let rest = ["(crate) ", "(super) ", " "]
        .iter()
        .find_map(|p| rest.strip_prefix(p))?;
    let rest = ["struct ", "enum ", "trait ", "type "]
        .iter()
        .find_map(|k| rest.strip_prefix(k))?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

#[test]
fn every_name_is_defined_once_or_listed_with_why() {
    let definitions = definitions();
    assert!(definitions.len() > 200, "too few names: {definitions:?}");
    let mut wrong = Vec::new();
    for (name, places) in &definitions {
        let listed = SHARED.iter().any(|(shared, _)| shared == name);
        if places.len() > 1 && !listed {
            wrong.push(format!(
                "{name} is defined in {}: rename one, or list it in SHARED with why",
                places.join(", ")
            ));
        }
    }
    for (name, _) in SHARED {
        if definitions.get(*name).is_none_or(|places| places.len() < 2) {
            wrong.push(format!(
                "{name} is listed in SHARED and no longer defined twice"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn definitions_are_read_from_pub_items_only() {
    assert_eq!(defined("pub struct Case {"), Some("Case".into()));
    assert_eq!(
        defined("    pub(crate) enum Step<R> {"),
        Some("Step".into())
    );
    assert_eq!(
        defined("pub trait Progress: Sync {"),
        Some("Progress".into())
    );
    assert_eq!(defined("struct Private;"), None);
    assert_eq!(defined("    type Case = Case;"), None);
    assert_eq!(defined("pub fn case() {}"), None);
}
