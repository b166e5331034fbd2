//! Which package format a folder is in: the one place where formats are told apart, by the
//! files that mark each, in the order that says which wins when a folder has the marks of two.
//!
//! It sits below everything that reads a folder, so that the catalog (which resolves a PROBLEM
//! argument) and the readers (`crate::readers`, one per format, which turn a folder into the
//! model and use the catalog for our own problems) both ask it, without asking each other.

use std::path::Path;

/// The file that marks a Kattis / ICPC package.
pub const PROBLEM_YAML: &str = "problem.yaml";
/// The file that marks a sinol-make package, beside its `prog/` folder.
pub const CONFIG_YML: &str = "config.yml";
/// The file that marks one of our problems.
pub const MANIFEST_FILE: &str = "problem.toml";
/// The file that marks a Polygon package.
pub const PROBLEM_XML: &str = "problem.xml";

/// The formats a folder is told to be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detected {
    /// A Kattis / ICPC package, any version: `problem.yaml`.
    Kattis,
    /// A sinol-make package: `config.yml` and `prog/`.
    Sinol,
    /// Our `problem.toml`.
    Ours,
    /// A Polygon package: `problem.xml`.
    Polygon,
}

/// One format's marks.
pub struct Marks {
    pub format: Detected,
    /// How messages name the format and its marks.
    pub name: &'static str,
    /// Whether a folder has the files that mark the format.
    pub marks: fn(&Path) -> bool,
}

/// The formats in the order they are tried: the first whose marks a folder has is its format.
pub const FORMATS: &[Marks] = &[
    Marks {
        format: Detected::Kattis,
        name: "Kattis package (problem.yaml)",
        marks: is_package,
    },
    Marks {
        format: Detected::Sinol,
        name: "sinol-make package (config.yml and prog/)",
        marks: is_sinol,
    },
    Marks {
        format: Detected::Ours,
        name: "problem.toml",
        marks: |dir| dir.join(MANIFEST_FILE).is_file(),
    },
    // Last: `problem.xml` is the weakest mark. A package converted from Polygon to another
    // format often keeps it beside the files of the format it was converted to, which is
    // the one meant; a problem.toml put beside it says the same; and other tools name their
    // own files problem.xml too.
    Marks {
        format: Detected::Polygon,
        name: "Polygon package (problem.xml)",
        marks: |dir| dir.join(PROBLEM_XML).is_file(),
    },
];

/// The format of the folder `dir`: the first whose marks it has.
pub fn detect(dir: &Path) -> Option<Detected> {
    FORMATS
        .iter()
        .find(|format| (format.marks)(dir))
        .map(|format| format.format)
}

/// The formats' names, in order, for messages.
pub fn named() -> String {
    (FORMATS.iter().map(|format| format.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether `dir` is a Kattis package (holds `problem.yaml`).
pub fn is_package(dir: &Path) -> bool {
    dir.join(PROBLEM_YAML).is_file()
}

/// Whether `dir` is a sinol-make package: it holds `config.yml` and `prog/`.
pub fn is_sinol(dir: &Path) -> bool {
    dir.join(CONFIG_YML).is_file() && dir.join("prog").is_dir()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_format_whose_marks_a_folder_has_wins() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        std::fs::create_dir(root.join("prog")).expect("mkdir");
        for file in [PROBLEM_YAML, CONFIG_YML, MANIFEST_FILE, PROBLEM_XML] {
            std::fs::write(root.join(file), "").expect("write");
        }
        assert_eq!(detect(root), Some(Detected::Kattis));
        std::fs::remove_file(root.join(PROBLEM_YAML)).expect("rm");
        assert_eq!(detect(root), Some(Detected::Sinol));
        std::fs::remove_dir(root.join("prog")).expect("rm");
        assert_eq!(detect(root), Some(Detected::Ours));
        std::fs::remove_file(root.join(MANIFEST_FILE)).expect("rm");
        assert_eq!(detect(root), Some(Detected::Polygon));
        std::fs::remove_file(root.join(PROBLEM_XML)).expect("rm");
        assert_eq!(detect(root), None);
    }
}
