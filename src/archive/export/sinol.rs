//! A sinol-make package (the Polish Olympiad's format, [`crate::sinol`] reads it back):
//!
//! ```text
//! config.yml                 title, sinol_task_id, limits (ms, KiB), scores, expected scores
//! in/<id><g><letters>.in     the plan's tests: the samples in group 0, group g the plan's g-th
//! out/<id><g><letters>.out   their answers
//! prog/<id>ingen.sh          writes the inputs (the tests themselves, in here-documents)
//! prog/<id>.<ext>            the model solution (the reference, else the first accepted one)
//! prog/<id><n>.<ext>         the other accepted example solutions
//! prog/<id>inwer.<ext>       a program-backed problem's validator (with the headers beside it)
//! doc/<id>zad[.<lang>].md    the statements, as they are
//! ```
//!
//! Choices, and why:
//! - **Points**: a scored problem's groups keep their points (whole numbers, as sinol-make
//!   takes them; `sinol_total_score` when they do not add up to 100); a pass-fail problem's
//!   groups share 100 points as sinol-make shares them (100 divided equally, the remainder to
//!   the last group).
//! - **Expected scores** are written for the solutions whose score is known without running
//!   them: the model and the accepted ones, every group OK with its points. The other example
//!   solutions are left out (named): their points per group depend on the run (`sinol-make run
//!   --apply-suggestions` records them).
//! - **Checkers**: the package compares tokens (sinol-make's default); a problem whose answers
//!   need a checker (a program-backed checker or `checker_flags`, nim's any winning move) or an
//!   interactive one is refused, not exported into a package that would judge it wrongly.
//! - **Test data** is built from the plan in memory, as for the Kattis export.

use std::path::Path;

use walkdir::WalkDir;

use super::{Exported, Package};
use crate::archive::manifest::ProblemKind;
use crate::archive::{build, statement, Manifest};
use crate::catalog::{Resolved, Tools};

/// The extensions of the solutions sinol-make runs.
const SOLUTION_EXTENSIONS: [&str; 5] = ["c", "cpp", "cc", "py", "rs"];

/// The task id of a problem called `name`: three lowercase letters of it (its first letters,
/// then `x`s).
pub fn task_id(name: &str) -> String {
    let letters: String = name
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .take(3)
        .collect();
    format!("{letters:x<3}")
}

/// Writes `problem` into `out` as a sinol-make package whose task id is `id`.
pub fn write(
    problem: &Resolved,
    tools: &Tools<'_>,
    out: &Path,
    jobs: usize,
    id: &str,
) -> Result<Exported, String> {
    if id.len() != 3 || !id.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(format!(
            "--task-id {id:?}: a task id is three lowercase letters"
        ));
    }
    let manifest = problem.manifest().map_err(|e| e.to_string())?;
    refuse_checkers(problem, &manifest)?;
    let mut package = Package {
        root: out,
        exported: Exported::default(),
    };
    let built = build(tools, &manifest, jobs).map_err(|e| e.to_string())?;
    let mut groups: Vec<&str> = Vec::new();
    let mut ingen =
        String::from("#!/bin/bash\n# The tests of the plan, as stonejudge built them.\nset -e\n");
    let mut in_group = 0usize;
    for (i, test) in built.tests.iter().enumerate() {
        let group = match i < manifest.samples.len() {
            true => 0,
            false => {
                if groups.last() != Some(&test.group.as_str()) {
                    groups.push(&test.group);
                    in_group = 0;
                }
                groups.len()
            }
        };
        let letters = letters(if group == 0 { i } else { in_group });
        in_group += 1;
        let name = format!("{id}{group}{letters}");
        package.file(&format!("in/{name}.in"), &test.input)?;
        package.file(&format!("out/{name}.out"), &test.answer)?;
        ingen.push_str(&format!(
            "cat > {name}.in <<'STONEJUDGE_END_OF_TEST'\n{}STONEJUDGE_END_OF_TEST\n",
            test.input
        ));
    }
    package.file(&format!("prog/{id}ingen.sh"), &ingen)?;
    let points = group_points(&manifest, &groups)?;
    let solutions = package.solutions(problem, &manifest, id)?;
    package.inwer(&manifest, id)?;
    for file in statement::find(problem.dir(), &manifest.statement_language)? {
        let text = std::fs::read_to_string(&file.path)
            .map_err(|e| format!("cannot read {}: {e}", file.path.display()))?;
        let suffix = match file.language == manifest.statement_language {
            true => String::new(),
            false => format!(".{}", file.language),
        };
        package.file(&format!("doc/{id}zad{suffix}.md"), &text)?;
    }
    package.file("config.yml", &config(&manifest, id, &points, &solutions))?;
    Ok(package.exported)
}

/// Refuses a problem whose answers need more than the comparison of tokens.
fn refuse_checkers(problem: &Resolved, manifest: &Manifest) -> Result<(), String> {
    let refused = |why: &str| {
        Err(format!(
            "{}: {why}: the sinol export compares tokens, and writing a sinol checker is not \
             supported yet",
            problem.name()
        ))
    };
    if problem.is_interactive() {
        return refused("an interactive problem");
    }
    match (&manifest.kind, problem.catalog()) {
        (ProblemKind::Programs(programs), _) if programs.checker.is_some() => {
            refused("its answers are judged by a checker")
        }
        (ProblemKind::Programs(programs), _) if !programs.checker_flags_text.trim().is_empty() => {
            refused("its answers are compared with checker_flags")
        }
        (_, Some(catalog)) if super::kattis::output_validator(&*catalog)?.is_some() => {
            refused("it accepts more than one answer")
        }
        _ => Ok(()),
    }
}

/// Test letters: `a` … `z`, then `aa`, `ab`, ….
fn letters(mut index: usize) -> String {
    let mut text = Vec::new();
    loop {
        text.push(b'a' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    text.reverse();
    String::from_utf8(text).unwrap_or_default()
}

/// The points of each group (in `groups`' order): a scored problem's own, which sinol-make
/// takes only as whole numbers; else 100 shared as sinol-make shares it (equally, the
/// remainder to the last group).
fn group_points(manifest: &Manifest, groups: &[&str]) -> Result<Vec<usize>, String> {
    if !manifest.scored() {
        let share = 100 / groups.len().max(1);
        let last = |g: usize| g + 1 == groups.len();
        return Ok((0..groups.len())
            .map(|g| {
                if last(g) {
                    100 - share * (groups.len() - 1)
                } else {
                    share
                }
            })
            .collect());
    }
    (groups.iter())
        .map(|name| {
            let points = (manifest.groups.iter())
                .find(|g| g.name == *name)
                .and_then(|g| g.points)
                .unwrap_or(0.0);
            match points.fract() == 0.0 && points >= 0.0 {
                true => Ok(points as usize),
                false => Err(format!(
                    "group {name:?} is worth {points} points: sinol-make's points are whole \
                     numbers (not supported)"
                )),
            }
        })
        .collect()
}

/// `config.yml`: every group's points, and the expected scores of `solutions` (all accepted).
fn config(manifest: &Manifest, id: &str, points: &[usize], solutions: &[String]) -> String {
    let title = serde_yaml_ng::to_string(&manifest.title).unwrap_or_default();
    let mut text = format!(
        "title: {}\nsinol_task_id: {id}\ntime_limit: {}\nmemory_limit: {}\nscores:\n",
        title.trim(),
        (manifest.limits.time_seconds * 1000.0).round() as u64,
        manifest.limits.memory_mib * 1024
    );
    for (g, p) in points.iter().enumerate() {
        text.push_str(&format!("  {}: {p}\n", g + 1));
    }
    let total: usize = points.iter().sum();
    if total != 100 {
        text.push_str(&format!("sinol_total_score: {total}\n"));
    }
    text.push_str("sinol_expected_scores:\n");
    for solution in solutions {
        text.push_str(&format!("  {solution}:\n    expected:\n"));
        if !manifest.samples.is_empty() {
            text.push_str("      0: {points: 0, status: OK}\n");
        }
        for (g, p) in points.iter().enumerate() {
            text.push_str(&format!("      {}: {{points: {p}, status: OK}}\n", g + 1));
        }
        text.push_str(&format!("    points: {total}\n"));
    }
    text
}

impl Package<'_> {
    /// Copies `from` to `relative`.
    fn copy(&mut self, from: &Path, relative: &str) -> Result<(), String> {
        let text = std::fs::read_to_string(from)
            .map_err(|e| format!("cannot read {}: {e}", from.display()))?;
        self.file(relative, &text)
    }

    /// The model solution and the other accepted ones, in a language sinol-make runs; the
    /// other example solutions are left out. Returns the file names written.
    fn solutions(
        &mut self,
        problem: &Resolved,
        manifest: &Manifest,
        id: &str,
    ) -> Result<Vec<String>, String> {
        let runnable = |path: &Path| {
            path.extension()
                .and_then(|e| e.to_str())
                .filter(|e| SOLUTION_EXTENSIONS.contains(e))
                .map(str::to_string)
        };
        let reference = match &manifest.kind {
            ProblemKind::Programs(programs) => Some(programs.reference.path.clone()),
            _ => None,
        };
        let solutions = problem.dir().join("solutions");
        let mut accepted = Vec::new();
        for entry in WalkDir::new(&solutions)
            .min_depth(2)
            .max_depth(2)
            .sort_by_file_name()
        {
            let Ok(entry) = entry else { continue };
            let path = entry.into_path();
            let folder = path.parent().and_then(Path::file_name).unwrap_or_default();
            if folder != "accepted" {
                self.exported.left_out.push((
                    path,
                    "its points per group are known only by running it (sinol-make run \
                     --apply-suggestions records them)"
                        .to_string(),
                ));
            } else if runnable(&path).is_none() {
                self.exported.left_out.push((
                    path,
                    "sinol-make runs only C, C++, Python and Rust".to_string(),
                ));
            } else if reference.as_ref().is_none_or(|r| !same_file(r, &path)) {
                accepted.push(path);
            }
        }
        let model = match reference.filter(|r| runnable(r).is_some()) {
            Some(reference) => reference,
            None if !accepted.is_empty() => accepted.remove(0),
            None => {
                return Err(format!(
                    "{}: no model solution in C, C++, Python or Rust (the reference, or one of \
                     solutions/accepted/)",
                    problem.name()
                ))
            }
        };
        let mut names = Vec::new();
        for (n, path) in std::iter::once(&model).chain(&accepted).enumerate() {
            let extension = runnable(path).unwrap_or_default();
            let name = match n {
                0 => format!("{id}.{extension}"),
                n => format!("{id}{}.{extension}", n + 1),
            };
            self.copy(path, &format!("prog/{name}"))?;
            names.push(name);
        }
        Ok(names)
    }

    /// A program-backed problem's validator as inwer, with the headers beside it.
    fn inwer(&mut self, manifest: &Manifest, id: &str) -> Result<(), String> {
        let ProblemKind::Programs(programs) = &manifest.kind else {
            return Ok(());
        };
        let validator = programs.validator.path.clone();
        let Some(extension) = validator.extension().and_then(|e| e.to_str()) else {
            return Ok(());
        };
        if !["c", "cpp", "cc", "py"].contains(&extension) {
            self.exported.left_out.push((
                validator,
                "sinol-make runs inwer in C, C++ or Python".to_string(),
            ));
            return Ok(());
        }
        self.copy(&validator, &format!("prog/{id}inwer.{extension}"))?;
        let dir = validator.parent().unwrap_or(Path::new("."));
        for entry in std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
        {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "h") {
                let name = path
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                self.copy(&path, &format!("prog/{name}"))?;
            }
        }
        Ok(())
    }
}

/// Whether two paths name the same file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_ids_and_test_letters() {
        assert_eq!(task_id("take-1-3-4"), "tak");
        assert_eq!(task_id("nim"), "nim");
        assert_eq!(task_id("x2"), "xxx");
        assert_eq!(letters(0), "a");
        assert_eq!(letters(25), "z");
        assert_eq!(letters(26), "aa");
        assert_eq!(letters(27), "ab");
    }
}
