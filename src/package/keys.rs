//! The keys the YAML files of a 2025-09 package may hold, as the specification lists them, and
//! a warning for every other key, at the file, line and column where it is written (as
//! problemtools and BAPCtools warn; `--strict` makes the warnings errors).
//!
//! YAML values do not keep their positions once parsed, so a key's line and column are found
//! again in the text: each key of the path is looked for in the block of its parent (block
//! style, as these files are written). A key in flow style (`{a: 1}`) is named by its file.

use std::path::Path;

use serde_yaml_ng::Value;

/// What may be under a key: anything (a value the reader checks itself), or a map of known
/// keys.
pub enum Shape {
    Any,
    Map(&'static [(&'static str, Shape)]),
}

/// `problem.yaml` of 2025-09.
pub const PROBLEM: Shape = Shape::Map(&[
    ("problem_format_version", Shape::Any),
    ("type", Shape::Any),
    ("name", Shape::Any),
    ("uuid", Shape::Any),
    ("version", Shape::Any),
    (
        "credits",
        Shape::Map(&[
            ("authors", Shape::Any),
            ("contributors", Shape::Any),
            ("testers", Shape::Any),
            ("translators", Shape::Any),
            ("packagers", Shape::Any),
            ("acknowledgements", Shape::Any),
        ]),
    ),
    ("source", Shape::Any),
    ("license", Shape::Any),
    ("rights_owner", Shape::Any),
    ("embargo_until", Shape::Any),
    (
        "limits",
        Shape::Map(&[
            (
                "time_multipliers",
                Shape::Map(&[
                    ("ac_to_time_limit", Shape::Any),
                    ("time_limit_to_tle", Shape::Any),
                ]),
            ),
            ("time_limit", Shape::Any),
            ("time_resolution", Shape::Any),
            ("memory", Shape::Any),
            ("output", Shape::Any),
            ("code", Shape::Any),
            ("compilation_time", Shape::Any),
            ("compilation_memory", Shape::Any),
            ("validation_time", Shape::Any),
            ("validation_memory", Shape::Any),
            ("validation_output", Shape::Any),
            ("validation_passes", Shape::Any),
        ]),
    ),
    ("keywords", Shape::Any),
    ("languages", Shape::Any),
    ("allow_file_writing", Shape::Any),
    ("constants", Shape::Any),
]);

/// `test_group.yaml` of 2025-09.
pub const TEST_GROUP: Shape = Shape::Map(&[
    ("max_score", Shape::Any),
    ("score_aggregation", Shape::Any),
    ("static_validation_score", Shape::Any),
    ("require_pass", Shape::Any),
    ("args", Shape::Any),
    ("input_validator_args", Shape::Any),
    ("static_validator_args", Shape::Any),
    ("output_validator_args", Shape::Any),
    // BAPCtools' key for its answer validators.
    ("answer_validator_args", Shape::Any),
    ("input_visualizer_args", Shape::Any),
    ("output_visualizer_args", Shape::Any),
    ("full_feedback", Shape::Any),
]);

/// A test case's `.yaml` of 2025-09.
pub const TEST_CASE: Shape = Shape::Map(&[
    ("args", Shape::Any),
    ("input_validator_args", Shape::Any),
    ("output_validator_args", Shape::Any),
    // BAPCtools' key for its answer validators.
    ("answer_validator_args", Shape::Any),
    ("input_visualizer_args", Shape::Any),
    ("output_visualizer_args", Shape::Any),
    ("full_feedback", Shape::Any),
    ("hint", Shape::Any),
    ("description", Shape::Any),
]);

/// A warning for every key of `value` (read from `path`, whose text is `text`) that `shape`
/// does not know.
pub fn unknown(path: &Path, text: &str, value: &Value, shape: &Shape) -> Vec<String> {
    let mut found = Vec::new();
    walk(value, shape, &mut Vec::new(), &mut found);
    found
        .into_iter()
        .map(|keys| {
            unknown_key(
                path,
                text,
                &keys,
                "the 2025-09 specification has no such key",
            )
        })
        .collect()
}

/// The warning for the key at `keys` (a path of keys from the top): `file:line:col: unknown
/// key a.b (why)`.
pub fn unknown_key(path: &Path, text: &str, keys: &[String], why: &str) -> String {
    format!(
        "{}: unknown key `{}` ({why})",
        at(path, text, keys),
        keys.join(".")
    )
}

/// `file:line:col` of the key at `keys`, or the file alone when it cannot be found.
pub fn at(path: &Path, text: &str, keys: &[String]) -> String {
    match locate(text, keys) {
        Some((line, column)) => format!("{}:{line}:{column}", path.display()),
        None => path.display().to_string(),
    }
}

fn walk(value: &Value, shape: &Shape, keys: &mut Vec<String>, found: &mut Vec<Vec<String>>) {
    let (Shape::Map(known), Value::Mapping(map)) = (shape, value) else {
        return;
    };
    for (key, child) in map {
        let name = match key {
            Value::String(s) => s.clone(),
            other => serde_yaml_ng::to_string(other)
                .unwrap_or_default()
                .trim()
                .to_string(),
        };
        keys.push(name.clone());
        match known.iter().find(|(k, _)| *k == name) {
            Some((_, shape)) => walk(child, shape, keys, found),
            None => found.push(keys.clone()),
        }
        keys.pop();
    }
}

/// The 1-based line and column of the key at `keys` in block-style YAML `text`. A key
/// `[i]` is the `i`-th (0-based) item of a block list, and the key after it the one its
/// `- key:` line starts with.
pub fn locate(text: &str, keys: &[String]) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let (mut start, mut parent_indent) = (0usize, None::<usize>);
    let mut place = None;
    // The line of the list item the previous key named, whose `- key:` the next key is.
    let mut item_line = None;
    for key in keys {
        let mut found = None;
        let index = (key.strip_prefix('[').and_then(|k| k.strip_suffix(']')))
            .and_then(|i| i.parse::<usize>().ok());
        let (mut items, mut item_indent) = (0, None);
        for (i, line) in lines.iter().enumerate().skip(start) {
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let mut indent = line.len() - trimmed.len();
            if parent_indent.is_some_and(|p| indent <= p) && item_line != Some(i) {
                break;
            }
            if let Some(index) = index {
                let dash = trimmed.starts_with("- ") || trimmed == "-";
                if dash && *item_indent.get_or_insert(indent) == indent {
                    if items == index {
                        found = Some((i, indent));
                        break;
                    }
                    items += 1;
                }
                continue;
            }
            let mut keyed = trimmed;
            if item_line == Some(i) {
                keyed = trimmed.trim_start_matches(['-', ' ']);
                indent += trimmed.len() - keyed.len();
            }
            if key_of(keyed) == Some(key.as_str()) {
                found = Some((i, indent));
                break;
            }
        }
        let (line, indent) = found?;
        place = Some((line + 1, indent + 1));
        match index {
            Some(_) => {
                item_line = Some(line);
                start = line;
            }
            None => {
                item_line = None;
                start = line + 1;
            }
        }
        parent_indent = Some(indent);
    }
    place
}

/// The key a block-mapping line starts with (`key: …`, `"key": …`, `- key: …` is not one).
fn key_of(line: &str) -> Option<&str> {
    let (key, _) = line.split_once(':')?;
    let key = key.trim_end();
    let unquoted = key
        .strip_prefix('"')
        .and_then(|k| k.strip_suffix('"'))
        .or_else(|| key.strip_prefix('\'').and_then(|k| k.strip_suffix('\'')));
    Some(unquoted.unwrap_or(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(list: &[&str]) -> Vec<String> {
        list.iter().map(|k| k.to_string()).collect()
    }

    #[test]
    fn keys_are_found_in_their_parents_block() {
        let text = "name: x\nlimits:\n  memory: 1\n  # note\n  colour: red\nother:\n  colour: 2\n";
        assert_eq!(locate(text, &keys(&["limits", "colour"])), Some((5, 3)));
        assert_eq!(locate(text, &keys(&["other", "colour"])), Some((7, 3)));
        assert_eq!(locate(text, &keys(&["limits", "nothing"])), None);
    }

    #[test]
    fn items_of_a_list_are_found_by_their_index() {
        let text = "data:\n  - a: x\n  - b:\n      - c: 1\n      - d: 2\n  - e:\n      f: 3\n";
        assert_eq!(locate(text, &keys(&["data", "[1]", "b"])), Some((3, 5)));
        assert_eq!(locate(text, &keys(&["data", "[2]", "e"])), Some((6, 5)));
        assert_eq!(
            locate(text, &keys(&["data", "[2]", "e", "f"])),
            Some((7, 7))
        );
        assert_eq!(
            locate(text, &keys(&["data", "[1]", "b", "[1]", "d"])),
            Some((5, 9))
        );
        assert_eq!(locate(text, &keys(&["data", "[3]"])), None);
    }

    #[test]
    fn unknown_keys_are_named_with_their_place() {
        let text = "name: x\nlimits:\n  time_multipliers:\n    ac_to_tle: 3\nfoo: 1\n";
        let value: Value = serde_yaml_ng::from_str(text).expect("yaml");
        let warnings = unknown(Path::new("problem.yaml"), text, &value, &PROBLEM);
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0]
            .starts_with("problem.yaml:4:5: unknown key `limits.time_multipliers.ac_to_tle`"));
        assert!(warnings[1].starts_with("problem.yaml:5:1: unknown key `foo`"));
    }
}
