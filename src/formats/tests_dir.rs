//! A folder of tests as every format but Kattis's keeps them: `NAME.in` with its `NAME.ans`.

use std::path::Path;

use crate::judge::Test;

/// The tests in `dir`: every `NAME.in`, which needs its `NAME.ans`, in name order. An empty
/// list is not an error here: each caller says what that means for it.
pub fn tests_in(dir: &Path) -> Result<Vec<Test>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the tests directory {}: {e}", dir.display()))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        if let Some(name) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.strip_suffix(".in"))
        {
            names.push(name.to_string());
        }
    }
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let input = dir.join(format!("{name}.in"));
            let answer = dir.join(format!("{name}.ans"));
            if !answer.is_file() {
                return Err(format!(
                    "{} has no answer file {}",
                    input.display(),
                    answer.display()
                ));
            }
            Ok(Test {
                name,
                input,
                answer,
            })
        })
        .collect()
}

/// The file stem of test `number` in a plan of `total` tests: zero-padded to at least two
/// digits, so that the files sort in plan order (`01`, `02`, …, `10`).
pub fn stem(number: usize, total: usize) -> String {
    let width = total.to_string().len().max(2);
    format!("{number:0width$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_are_listed_in_name_order_and_need_answers() {
        let dir = tempfile::tempdir().expect("tempdir");
        for file in ["02.in", "02.ans", "01.in", "01.ans", "notes.txt"] {
            std::fs::write(dir.path().join(file), "").expect("write");
        }
        let names: Vec<String> = tests_in(dir.path())
            .expect("lists")
            .into_iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(names, ["01", "02"]);
        std::fs::write(dir.path().join("03.in"), "").expect("write");
        let error = tests_in(dir.path()).unwrap_err();
        assert!(error.contains("03.in has no answer file"), "{error}");
    }
}
