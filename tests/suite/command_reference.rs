//! docs/commands.md against the real binary: the subcommands `stonejudge --help` lists are the
//! reference's sections, and each section lists exactly the flags its subcommand's `--help`
//! lists, so that neither can change without the other.

use std::collections::BTreeSet;
use std::path::PathBuf;

use super::declared_games::{run, stonejudge};

fn reference() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/commands.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The standard output of `stonejudge ARGS`, which must succeed.
fn help(args: &[&str]) -> String {
    let (code, out, err) = run(stonejudge().args(args));
    assert_eq!(code, Some(0), "stonejudge {args:?}: {err}");
    out
}

/// The subcommands `stonejudge --help` lists (`help` aside).
fn subcommands() -> Vec<String> {
    let text = help(&["--help"]);
    let listed = text
        .split_once("Commands:\n")
        .map(|(_, rest)| rest)
        .unwrap_or_else(|| panic!("no Commands: in {text}"));
    listed
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.strip_prefix("  "))
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The deepest indent of an option line in clap's help (descriptions are indented further).
const OPTION_INDENT: usize = 6;

/// The long flags (`--name`) of the option lines of a `--help` text (`--help` and
/// `--version` aside): lines indented as options are that start with `-x, --name` or
/// `--name`.
fn flags_of_help(text: &str) -> BTreeSet<String> {
    let options = text.split_once("\nOptions:\n").map_or("", |(_, rest)| rest);
    options
        .lines()
        .map(|line| (line.len() - line.trim_start().len(), line.trim_start()))
        .filter(|(indent, line)| *indent <= OPTION_INDENT && line.starts_with('-'))
        .map(|(_, line)| line)
        .filter_map(|line| {
            let line =
                line.split_once(", ").map_or(
                    line,
                    |(short, long)| {
                        if short.len() == 2 {
                            long
                        } else {
                            line
                        }
                    },
                );
            let flag: String = (line.strip_prefix("--")?.chars())
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            (!flag.is_empty()).then(|| format!("--{flag}"))
        })
        .filter(|flag| flag != "--help" && flag != "--version")
        .collect()
}

/// The sections of the reference, `## \`stonejudge NAME\``, by name, with their text.
fn sections(reference: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for part in reference.split("\n## ").skip(1) {
        let (title, body) = part.split_once('\n').unwrap_or((part, ""));
        let name = title
            .trim_matches('`')
            .strip_prefix("stonejudge ")
            .unwrap_or_else(|| panic!("a section that is not a subcommand: {title}"));
        found.push((name.to_string(), body.to_string()));
    }
    found
}

/// The flags a section lists: the items `- \`-x, --name …\`` or `- \`--name …\`` of its
/// flag list.
fn flags_of_section(body: &str) -> BTreeSet<String> {
    body.lines()
        .filter_map(|line| line.strip_prefix("- `"))
        .filter_map(|item| {
            let item = item.split_once('`').map_or(item, |(flag, _)| flag);
            let long = item.split_once(", ").map_or(item, |(_, long)| long);
            let flag: String = (long.strip_prefix("--")?.chars())
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            Some(format!("--{flag}"))
        })
        .collect()
}

#[test]
fn the_reference_has_a_section_for_each_subcommand_and_no_other() {
    let listed: BTreeSet<String> = subcommands().into_iter().collect();
    assert!(listed.len() >= 15, "too few subcommands found: {listed:?}");
    let documented: BTreeSet<String> = sections(&reference())
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(
        documented, listed,
        "docs/commands.md's sections against `stonejudge --help`"
    );
}

#[test]
fn each_section_lists_exactly_the_flags_of_its_subcommands_help() {
    let mut drift = Vec::new();
    let mut flags_seen = 0;
    for (name, body) in sections(&reference()) {
        let from_help = flags_of_help(&help(&[&name, "--help"]));
        let documented = flags_of_section(&body);
        flags_seen += from_help.len();
        for missing in from_help.difference(&documented) {
            drift.push(format!(
                "{name}: --help lists {missing}, docs/commands.md does not"
            ));
        }
        for extra in documented.difference(&from_help) {
            drift.push(format!(
                "{name}: docs/commands.md lists {extra}, --help does not"
            ));
        }
    }
    assert!(flags_seen >= 40, "too few flags found: {flags_seen}");
    assert!(drift.is_empty(), "{}", drift.join("\n"));
}

#[test]
fn the_help_parser_sees_short_and_long_flags_and_nothing_else() {
    let text = "Usage: x\n\nArguments:\n  <P>  a --fake flag in prose\n\nOptions:\n      \
                --tests <DIR>\n          Directory --not-a-flag\n          --neither\n  -j, --jobs <J>  Run\n  \
                -h, --help  Print help\n";
    let flags: Vec<String> = flags_of_help(text).into_iter().collect();
    assert_eq!(flags, ["--jobs", "--tests"]);
}
