//! `stonejudge new`: a new problem folder from a template, on which `testdata` and `verify`
//! pass at once, for the setter to rewrite piece by piece (like BAPCtools' `bt new_problem`).
//!
//! A template is a list of files with `{{name}}` and `{{title}}` placeholders
//! ([`Scaffold`]). There are two program-backed ones: a small game ([`programs`]) with its
//! generator (Python), validator (C++), reference (C++, and the same in Python), brute force
//! (Python) and one wrong solution (Python); and an interactive guessing game with a query
//! limit ([`interactive`]) with its interactor (C++, Kattis protocol), generator (Python),
//! validator (C++), reference (C++, and the same in Python) and a wrong solution that asks too
//! many questions (Python). Another kind of problem is another [`Scaffold`]: a declared game's
//! is its `problem.toml` and `statement.md`, made from the declaration by
//! `crate::declared::statement`.

use std::path::{Path, PathBuf};

/// The files of a problem folder to be written, relative to it, with their contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scaffold {
    pub files: Vec<(PathBuf, String)>,
}

/// The program-backed template ("take 1, 2 or 3 stones") for the problem `name`.
pub fn programs(name: &str) -> Scaffold {
    const FILES: [(&str, &str); 8] = [
        (
            "problem.toml",
            include_str!("scaffold/programs/problem.toml"),
        ),
        (
            "statement.md",
            include_str!("scaffold/programs/statement.md"),
        ),
        ("gen.py", include_str!("scaffold/programs/gen.py")),
        (
            "validate.cpp",
            include_str!("scaffold/programs/validate.cpp"),
        ),
        ("brute.py", include_str!("scaffold/programs/brute.py")),
        (
            "solutions/accepted/sol.cpp",
            include_str!("scaffold/programs/sol.cpp"),
        ),
        (
            "solutions/accepted/sol.py",
            include_str!("scaffold/programs/sol.py"),
        ),
        (
            "solutions/wrong_answer/parity.py",
            include_str!("scaffold/programs/parity.py"),
        ),
    ];
    filled(&FILES, name, &format!("{name}: take 1, 2 or 3 stones"))
}

/// The interactive template ("guess the number", a question limit) for the problem `name`.
pub fn interactive(name: &str) -> Scaffold {
    const FILES: [(&str, &str); 9] = [
        (
            "problem.toml",
            include_str!("scaffold/interactive/problem.toml"),
        ),
        (
            "statement.md",
            include_str!("scaffold/interactive/statement.md"),
        ),
        ("gen.py", include_str!("scaffold/interactive/gen.py")),
        (
            "validate.cpp",
            include_str!("scaffold/interactive/validate.cpp"),
        ),
        (
            "interact.cpp",
            include_str!("scaffold/interactive/interact.cpp"),
        ),
        (
            "solutions/accepted/sol.cpp",
            include_str!("scaffold/interactive/sol.cpp"),
        ),
        (
            "solutions/accepted/sol.py",
            include_str!("scaffold/interactive/sol.py"),
        ),
        (
            "solutions/wrong_answer/linear.py",
            include_str!("scaffold/interactive/linear.py"),
        ),
        (
            "solutions/wrong_answer/linear.cpp",
            include_str!("scaffold/interactive/linear.cpp"),
        ),
    ];
    filled(&FILES, name, &format!("{name}: guess the number"))
}

/// `files` with their placeholders filled.
fn filled(files: &[(&str, &str)], name: &str, title: &str) -> Scaffold {
    Scaffold {
        files: files
            .iter()
            .map(|(path, text)| {
                let text = text.replace("{{name}}", name).replace("{{title}}", title);
                (PathBuf::from(path), text)
            })
            .collect(),
    }
}

/// Checks that `name` can name a problem folder: lowercase letters, digits and `-`, starting
/// with a letter.
pub fn check_name(name: &str) -> Result<(), String> {
    let valid = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    match valid {
        true => Ok(()),
        false => Err(format!(
            "{name:?}: a problem name is lowercase letters, digits and '-', starting with a letter"
        )),
    }
}

/// Writes `scaffold` as `problems/<name>/` of the archive at `root`, which must not exist
/// yet; returns the folder. On an error nothing is left behind.
pub fn write(root: &Path, name: &str, scaffold: &Scaffold) -> Result<PathBuf, String> {
    check_name(name)?;
    let dir = root.join("problems").join(name);
    if dir.exists() {
        return Err(format!("{} already exists", dir.display()));
    }
    let written = scaffold.files.iter().try_for_each(|(path, text)| {
        let path = dir.join(path);
        let parent = path.parent().unwrap_or(&dir);
        std::fs::create_dir_all(parent)
            .and_then(|()| std::fs::write(&path, text))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    });
    if let Err(error) = written {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(error);
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_and_placeholders_filled() {
        assert!(check_name("take-2").is_ok());
        for bad in ["", "Take", "2take", "take_2", "a/b", ".."] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        let scaffold = programs("take-2");
        for (path, text) in &scaffold.files {
            assert!(!text.contains("{{"), "{}", path.display());
        }
        let manifest = &scaffold.files[0].1;
        assert!(manifest.contains("title = \"take-2: take 1, 2 or 3 stones\""));
        let interactive = interactive("guess");
        for (path, text) in &interactive.files {
            assert!(!text.contains("{{"), "{}", path.display());
        }
        assert!(interactive.files[0]
            .1
            .contains("interactor = \"interact.cpp\""));
    }

    #[test]
    fn an_existing_folder_is_left_alone() {
        let root = tempfile::tempdir().expect("tempdir");
        let scaffold = programs("x");
        let dir = write(root.path(), "x", &scaffold).expect("written");
        assert!(dir.join("solutions/accepted/sol.cpp").is_file());
        let again = write(root.path(), "x", &scaffold).unwrap_err();
        assert!(again.contains("already exists"), "{again}");
    }
}
