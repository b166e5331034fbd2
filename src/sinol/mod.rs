//! sinol-make packages (the Polish Olympiad's, and every sio2/oioioi installation's), judged and
//! verified as they are: a folder holding `config.yml` and `prog/`.
//!
//! What is read, and where (names as sinol-make finds them, `<id>` the task id):
//!
//! - [`config`]: `config.yml`: the task id (`sinol_task_id`, else the folder's name), limits,
//!   points, contest type, expected scores;
//! - here: the tests, `in/<id><group><letters>.in` with `out/<same>.out` (group 0 and `…ocen`
//!   tests are worth nothing), in sinol-make's order; the programs of `prog/`: `<id>ingen.*`
//!   (writes `in/`, run in `in/`), `<id>inwer.*` (reads an input, exits 0 when it is valid),
//!   `<id>chk.*` (the checker), `<id>soc.*` (an interactor: the task is interactive), the model
//!   solution `<id>.*` and the solutions `<id>[s|b][digits][_anything].{c,cpp,cc,py,rs}`;
//! - [`scoring`]: sinol-make's statuses for verdicts (the package's points are scored from
//!   the model, by `crate::judging::card`).
//!
//! Read without running anything: its programs are built, run and spoken to by
//! `crate::judging` (`build.rs`: built as sinol-make builds them, from the model's facts
//! that `crate::readers::sinol` gives; `sinol_protocol.rs`:
//! its checker, interactor and inwer as they speak; `sinol_made.rs`: its tests made by ingen
//! and the model solution).

pub mod config;
pub mod scoring;

use std::path::{Path, PathBuf};

use crate::judge::Test;
use crate::run::Language;
use config::{Config, CONFIG_YML};

/// The extensions of solutions, as sinol-make recognises them.
const SOLUTION_EXTENSIONS: [&str; 5] = ["c", "cpp", "cc", "py", "rs"];

pub use crate::formats::detect::is_sinol;

/// A package on disk, its `config.yml` read.
#[derive(Debug, Clone)]
pub struct Sinol {
    pub root: PathBuf,
    pub id: String,
    pub config: Config,
    /// The folder whose `in/` and `out/` hold the tests it is judged on: the package itself,
    /// or the scratch folder they were made in ([`Sinol::with_tests_in`]).
    pub data: PathBuf,
}

/// One test of `in/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SinolTest {
    /// `in/<name>.in`, `out/<name>.out`; the name is what tables show (`abc1a`).
    pub test: Test,
    pub group: u32,
    /// The name without the task id (`1a`, `0`, `2ocen`): how `time_limits` names a test.
    pub id: String,
}

/// What kind of solution a file of `prog/` is, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SolutionKind {
    /// `<id>.*`, `<id>2.*`: correct.
    Correct,
    /// `<id>s*`: slow.
    Slow,
    /// `<id>b*`: wrong.
    Wrong,
}

impl Sinol {
    /// Reads the package at `root`.
    pub fn load(root: &Path) -> Result<Sinol, String> {
        crate::within::inside(root, &root.join(CONFIG_YML))?;
        let config = config::load(&root.join(CONFIG_YML))?;
        let folder = std::path::absolute(root)
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_default();
        let id = match &config.task_id {
            Some(id) => id.clone(),
            None if folder.len() == 3 => folder,
            None => {
                return Err(format!(
                    "{}: no sinol_task_id, and the folder's name {folder:?} is not a task id \
                     (three characters)",
                    root.join(CONFIG_YML).display()
                ))
            }
        };
        if let Some((file, at)) = &config.testrun_soc {
            if !root.join("prog").join(file).is_file() {
                return Err(format!(
                    "{at}: testrun_soc: there is no prog/{file} (sio2 runs it as the \
                     interactor of test runs)"
                ));
            }
        }
        Ok(Sinol {
            root: root.to_owned(),
            id,
            config,
            data: root.to_owned(),
        })
    }

    /// The same package, its tests taken from `data/in` and `data/out` (where they were made)
    /// rather than from its own folders: the one seam between making tests and the rest,
    /// which reads the package as it would read one that commits them.
    pub fn with_tests_in(&self, data: &Path) -> Sinol {
        Sinol {
            data: data.to_owned(),
            ..self.clone()
        }
    }

    /// Its name: the task id.
    pub fn name(&self) -> &str {
        &self.id
    }

    /// Why stonejudge cannot judge it, if it cannot: keys of `config.yml` it does not do.
    pub fn unsupported(&self) -> Option<String> {
        let why = &self.config.unsupported;
        (!why.is_empty()).then(|| why.join("; "))
    }

    /// The interactor of an interactive task: `prog/<id>soc.{c,cpp,cc,py,rs}` (sinol-make
    /// makes a task interactive by that file alone, and has no `out/` for it).
    pub fn interactor(&self) -> Option<PathBuf> {
        self.programs("soc").into_iter().find(|p| {
            p.extension()
                .is_some_and(|e| SOLUTION_EXTENSIONS.contains(&e.to_string_lossy().as_ref()))
        })
    }

    /// The warnings of reading it, or under `strict` an error when there are any.
    pub fn warnings(&self, strict: bool) -> Result<&[String], String> {
        match strict && !self.config.warnings.is_empty() {
            true => Err(format!(
                "{} (--strict makes unknown keys errors)",
                self.config.warnings.join("\n")
            )),
            false => Ok(&self.config.warnings),
        }
    }

    /// The files of `prog/` whose name is `<id><what>.<extension>`, sorted.
    fn programs(&self, what: &str) -> Vec<PathBuf> {
        let stem = format!("{}{what}", self.id);
        let mut found: Vec<PathBuf> = std::fs::read_dir(self.root.join("prog"))
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .filter(|p| {
                // `.e` files are sinol-make's compiled programs, not sources.
                p.file_stem().is_some_and(|s| s.to_string_lossy() == stem)
                    && p.extension().is_some_and(|e| e != "e")
            })
            .collect();
        found.sort();
        found
    }

    /// `prog/<id><what>.*` (`ingen`, `inwer`, `chk`), the first in name order.
    pub fn program(&self, what: &str) -> Option<PathBuf> {
        self.programs(what).into_iter().next()
    }

    /// The input generator: a shell script first, as sio2 chooses.
    pub fn ingen(&self) -> Option<PathBuf> {
        let all = self.programs("ingen");
        let script = all
            .iter()
            .find(|p| p.extension().is_some_and(|e| e == "sh"));
        script.or(all.first()).cloned()
    }

    /// The solutions of `prog/`, in sinol-make's order (correct, slow, wrong; by number).
    pub fn solutions(&self) -> Vec<(PathBuf, SolutionKind)> {
        let mut found: Vec<(PathBuf, SolutionKind, u64)> =
            std::fs::read_dir(self.root.join("prog"))
                .into_iter()
                .flatten()
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    let (kind, number) = solution_name(&self.id, &name)?;
                    Some((e.path(), kind, number))
                })
                .collect();
        found.sort_by(|a, b| (a.1, a.2, &a.0).cmp(&(b.1, b.2, &b.0)));
        found.into_iter().map(|(p, k, _)| (p, k)).collect()
    }

    /// The model solution: `prog/<id>.*` (the one that writes `out/`).
    pub fn model(&self) -> Option<PathBuf> {
        self.solutions()
            .into_iter()
            .map(|(path, _)| path)
            .find(|p| {
                p.file_stem()
                    .is_some_and(|s| s.to_string_lossy() == self.id)
            })
    }

    /// Its tests, in `dir` (`in/` of the package, or a regenerated copy): every `.in` named
    /// after the task, sorted by group and name; `out/` beside `dir` holds their answers.
    pub fn tests_in(&self, dir: &Path) -> Result<Vec<SinolTest>, String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let out = dir.with_file_name("out");
        let mut tests = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
            let file = entry.file_name().to_string_lossy().into_owned();
            let Some(name) = file.strip_suffix(".in") else {
                continue;
            };
            let Some((id, group)) = test_name(&self.id, name) else {
                continue;
            };
            tests.push(SinolTest {
                test: Test {
                    name: name.to_string(),
                    input: entry.path(),
                    answer: out.join(format!("{name}.out")),
                },
                group,
                id,
            });
        }
        tests.sort_by(|a, b| (a.group, &a.test.name).cmp(&(b.group, &b.test.name)));
        Ok(tests)
    }

    /// Its tests, in `in/` of [`Sinol::data`].
    pub fn tests(&self) -> Result<Vec<SinolTest>, String> {
        self.tests_in(&self.data.join("in"))
    }

    /// The tests the package commits, in its own `in/` (none when it has no `in/`).
    pub fn committed_tests(&self) -> Result<Vec<SinolTest>, String> {
        match self.root.join("in").is_dir() {
            true => self.tests_in(&self.root.join("in")),
            false => Ok(Vec::new()),
        }
    }

    /// The files of `prog/` that are no program's source (by their extension), absolute, in
    /// name order: what its programs may include.
    pub fn headers(&self) -> Vec<PathBuf> {
        let prog = self.root.join("prog");
        let mut found: Vec<PathBuf> = std::fs::read_dir(&prog)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.is_file() && Language::of(path).is_none())
            .filter_map(|path| std::path::absolute(path).ok())
            .collect();
        found.sort();
        found
    }
}

/// A solution's kind and number from its file name, when it is one of task `id`'s
/// (`<id>[s|b][digits][_anything].<extension>`).
fn solution_name(id: &str, file: &str) -> Option<(SolutionKind, u64)> {
    let (stem, extension) = file.rsplit_once('.')?;
    if !SOLUTION_EXTENSIONS.contains(&extension) {
        return None;
    }
    let rest = stem.strip_prefix(id)?;
    let (kind, rest) = match rest.as_bytes().first() {
        Some(b's') => (SolutionKind::Slow, &rest[1..]),
        Some(b'b') => (SolutionKind::Wrong, &rest[1..]),
        _ => (SolutionKind::Correct, rest),
    };
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (number, tail) = rest.split_at(digits);
    if !tail.is_empty() && !tail.starts_with('_') {
        return None;
    }
    Some((kind, number.parse().unwrap_or(0)))
}

/// A test's id without the task id and its group, when `name` (a file stem) is a test of task
/// `id`: `<id><digits>[a-z]?[a-z0-9]*`; `…ocen` tests are in group 0.
pub fn test_name(id: &str, name: &str) -> Option<(String, u32)> {
    let rest = name.strip_prefix(id)?;
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (number, tail) = rest.split_at(digits);
    let group: u32 = number.parse().ok()?;
    if !tail
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        || tail.bytes().next().is_some_and(|b| b.is_ascii_digit())
    {
        return None;
    }
    let group = if rest.ends_with("ocen") { 0 } else { group };
    Some((rest.to_string(), group))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_solutions_and_tests() {
        assert_eq!(
            solution_name("abc", "abc.cpp"),
            Some((SolutionKind::Correct, 0))
        );
        assert_eq!(
            solution_name("abc", "abc2.py"),
            Some((SolutionKind::Correct, 2))
        );
        assert_eq!(
            solution_name("abc", "abcs1_slow.cpp"),
            Some((SolutionKind::Slow, 1))
        );
        assert_eq!(
            solution_name("abc", "abcb3.c"),
            Some((SolutionKind::Wrong, 3))
        );
        assert_eq!(solution_name("abc", "abcingen.cpp"), None);
        assert_eq!(solution_name("abc", "abc.java"), None);
        assert_eq!(test_name("abc", "abc1a"), Some(("1a".into(), 1)));
        assert_eq!(test_name("abc", "abc12"), Some(("12".into(), 12)));
        assert_eq!(test_name("abc", "abc0"), Some(("0".into(), 0)));
        assert_eq!(test_name("abc", "abc1ocen"), Some(("1ocen".into(), 0)));
        assert_eq!(test_name("abc", "abcx"), None);
        assert_eq!(test_name("abd", "abc1a"), None);
    }
}
