//! The layers of docs/contributing.md against the imports of `src/`: every module of the
//! library is in the table, and no file imports (`crate::X`) a module of a higher layer.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub(super) fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The layer of each module, from the table of docs/contributing.md: rows `| N. name |
/// \`a\`, \`b\` (\`b.rs\`, \`b/\`) | … |`; a backticked word without `.` or `/` is a module.
fn layers() -> BTreeMap<String, u32> {
    let path = repo().join("docs/contributing.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut layers = BTreeMap::new();
    for row in text.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let Some(number) = cells
            .get(1)
            .and_then(|c| c.split('.').next()?.parse::<u32>().ok())
        else {
            continue;
        };
        let modules = cells.get(2).copied().unwrap_or_default();
        for word in modules.split('`').skip(1).step_by(2) {
            if !word.contains('.') && !word.contains('/') {
                layers.insert(word.to_string(), number);
            }
        }
    }
    layers
}

/// Every `.rs` file under `dir`.
pub(super) fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The top-level modules a file names as `crate::X`, comments left out.
fn imports(text: &str) -> Vec<String> {
    let code: String = text
        .lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    code.match_indices("crate::")
        .filter(|(at, _)| !code[..*at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
        .map(|(at, _)| {
            code[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn no_module_imports_from_a_higher_layer() {
    let layers = layers();
    assert!(
        layers.len() >= 20,
        "too few modules in the table: {layers:?}"
    );
    let src = repo().join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).expect("under src");
        let top = relative
            .iter()
            .next()
            .and_then(|c| c.to_str())
            .unwrap_or_default();
        let module = top.trim_end_matches(".rs");
        if ["main", "cli", "commands", "lib"].contains(&module) {
            continue;
        }
        let Some(&own) = layers.get(module) else {
            wrong.push(format!(
                "{module}: not in docs/contributing.md's table of layers"
            ));
            continue;
        };
        let text = std::fs::read_to_string(file).expect("read a source");
        for imported in imports(&text) {
            match layers.get(&imported) {
                Some(&layer) if layer > own => wrong.push(format!(
                    "{}: {module} (layer {own}) imports crate::{imported} (layer {layer})",
                    relative.display()
                )),
                _ => {}
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn imports_are_read_from_code_not_comments() {
    let text =
        "use crate::run::Limits; // crate::archive\n//! see crate::report\nlet x = my_crate::y;\n";
    assert_eq!(imports(text), ["run"]);
}
