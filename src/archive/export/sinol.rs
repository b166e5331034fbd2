//! A sinol-make package (the Polish Olympiad's format, [`crate::sinol`] reads it back),
//! written from the model of a problem ([`crate::model`]):
//!
//! ```text
//! config.yml                 title, sinol_task_id, limits (ms, KiB), scores, expected scores
//! in/<id><g><letters>.in     the tests: the samples in group 0, group g the problem's g-th
//! out/<id><g><letters>.out   their answers
//! prog/<id>ingen.sh          writes the inputs (the tests themselves, in here-documents)
//! prog/<id>.<ext>            the model solution (the reference, else the first accepted one)
//! prog/<id><n>.<ext>         the other accepted example solutions
//! prog/<id>inwer.<ext>       the input validator, when it is a program (with the headers
//!                            beside it)
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
//!   need a checker (a checker program, flags of the default comparison, a built-in checker
//!   that accepts several answers, nim's any winning move) or an interactive one is refused,
//!   not exported into a package that would judge it wrongly.

use std::path::{Path, PathBuf};

use super::{Exported, Package};
use crate::model::{
    CaseData, CaseKind, Checker, PortableChecker, Problem, TestCase, TimeLimit, Tool,
    VerdictExpectation, SAMPLE_GROUP,
};
use crate::score::Total;
use crate::verdict::Verdict;

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
pub fn write(problem: &Problem, out: &Path, id: &str) -> Result<Exported, String> {
    if id.len() != 3 || !id.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(format!(
            "--task-id {id:?}: a task id is three lowercase letters"
        ));
    }
    refuse_checkers(problem)?;
    let limits = limits(problem)?;
    // The groups of the judged tests, in order: group 0 the samples, then 1, 2, ….
    let mut groups: Vec<&str> = Vec::new();
    let mut tests: Vec<(String, &TestCase)> = Vec::new();
    let (mut samples, mut in_group) = (0usize, 0usize);
    for case in problem.judged_cases() {
        let (group, index) = match case.kind == CaseKind::Sample || case.group == SAMPLE_GROUP {
            true => {
                samples += 1;
                (0, samples - 1)
            }
            false => {
                if groups.last() != Some(&case.group.as_str()) {
                    groups.push(&case.group);
                    in_group = 0;
                }
                in_group += 1;
                (groups.len(), in_group - 1)
            }
        };
        tests.push((format!("{id}{group}{}", letters(index)), case));
    }
    let points = group_points(problem, &groups)?;
    let mut package = Package {
        root: out,
        exported: Exported::default(),
    };
    let solutions = package.solutions(problem, id)?;
    let mut ingen = String::from(
        "#!/bin/bash\n# The tests of the problem, as stonejudge built them.\nset -e\n",
    );
    for (name, case) in &tests {
        let input = match &case.input {
            CaseData::File(path) => read(path)?,
            CaseData::Inline(text) => text.clone(),
        };
        let answer = case
            .answer
            .as_ref()
            .ok_or_else(|| format!("{}: test {} has no answer", problem.name, case.name))?;
        package.file(&format!("in/{name}.in"), &input)?;
        package.file(&format!("out/{name}.out"), &read(answer)?)?;
        ingen.push_str(&format!(
            "cat > {name}.in <<'STONEJUDGE_END_OF_TEST'\n{input}STONEJUDGE_END_OF_TEST\n"
        ));
    }
    package.file(&format!("prog/{id}ingen.sh"), &ingen)?;
    package.inwer(problem, id)?;
    for (n, statement) in problem.statements.iter().enumerate() {
        let Some(path) = &statement.path else {
            continue;
        };
        // The first statement is in the problem's main language.
        let suffix = match n {
            0 => String::new(),
            _ => format!(".{}", statement.language),
        };
        package.file(&format!("doc/{id}zad{suffix}.md"), &read(path)?)?;
    }
    let config = Config {
        problem,
        id,
        limits,
        samples: samples > 0,
        points: &points,
        solutions: &solutions,
    };
    package.file("config.yml", &config.text())?;
    Ok(package.exported)
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Refuses a problem whose answers need more than the comparison of tokens.
fn refuse_checkers(problem: &Problem) -> Result<(), String> {
    let refused = |why: &str| {
        Err(format!(
            "{}: {why}: the sinol export compares tokens, and writing a sinol checker is not \
             supported yet",
            problem.name
        ))
    };
    if problem.programs.interactor.is_some() {
        return refused("an interactive problem");
    }
    match &problem.programs.checker {
        Checker::Program { .. } => refused("its answers are judged by a checker"),
        Checker::Default { flags } if !flags.is_empty() => {
            refused("its answers are compared with checker_flags")
        }
        Checker::BuiltIn { portable, .. } => match portable {
            PortableChecker::Compare { .. } => Ok(()),
            PortableChecker::Program(_) => refused("it accepts more than one answer"),
            PortableChecker::Missing(why) => Err(why.clone()),
        },
        Checker::Default { .. } => Ok(()),
    }
}

/// The time limit in milliseconds and the memory limit in KiB, as `config.yml` has them.
fn limits(problem: &Problem) -> Result<(u64, u64), String> {
    match problem.limits.time {
        TimeLimit::Fixed(time) => Ok((
            (time.as_secs_f64() * 1000.0).round() as u64,
            problem.limits.memory_kib,
        )),
        TimeLimit::FromSubmissions { .. } => Err(format!(
            "{}: a time limit derived from the submissions is not exported (not supported)",
            problem.name
        )),
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
fn group_points(problem: &Problem, groups: &[&str]) -> Result<Vec<usize>, String> {
    let Some(scoring) = &problem.scoring else {
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
    };
    if scoring.time_scaled {
        return Err(format!(
            "{}: points falling with the time taken are sinol's oi contest type, which the \
             export does not write (not supported)",
            problem.name
        ));
    }
    if scoring.total != Total::Sum || !scoring.dependencies.is_empty() {
        return Err(format!(
            "{}: a total other than the groups' sum, or groups depending on others, the \
             export does not write (not supported)",
            problem.name
        ));
    }
    (groups.iter())
        .map(|name| {
            let points = (scoring.rules.iter())
                .find(|rule| rule.name == *name)
                .map_or(0.0, |rule| rule.points);
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

/// What `config.yml` says.
struct Config<'a> {
    problem: &'a Problem,
    id: &'a str,
    /// Milliseconds and KiB.
    limits: (u64, u64),
    /// Whether there is a group 0.
    samples: bool,
    points: &'a [usize],
    /// The solutions expected to score everything.
    solutions: &'a [String],
}

impl Config<'_> {
    /// `config.yml`: every group's points, and the expected scores of the solutions (all
    /// accepted).
    fn text(&self) -> String {
        let title = (self.problem.statements.first())
            .map_or(self.problem.name.as_str(), |s| s.title.as_str());
        let title = serde_yaml_ng::to_string(title).unwrap_or_default();
        let (time, memory) = self.limits;
        let mut text = format!(
            "title: {}\nsinol_task_id: {}\ntime_limit: {time}\nmemory_limit: {memory}\nscores:\n",
            title.trim(),
            self.id,
        );
        for (g, p) in self.points.iter().enumerate() {
            text.push_str(&format!("  {}: {p}\n", g + 1));
        }
        let total: usize = self.points.iter().sum();
        if total != 100 {
            text.push_str(&format!("sinol_total_score: {total}\n"));
        }
        text.push_str("sinol_expected_scores:\n");
        for solution in self.solutions {
            text.push_str(&format!("  {solution}:\n    expected:\n"));
            if self.samples {
                text.push_str("      0: {points: 0, status: OK}\n");
            }
            for (g, p) in self.points.iter().enumerate() {
                text.push_str(&format!("      {}: {{points: {p}, status: OK}}\n", g + 1));
            }
            text.push_str(&format!("    points: {total}\n"));
        }
        text
    }
}

impl Package<'_> {
    /// Copies `from` to `relative`.
    fn copy(&mut self, from: &Path, relative: &str) -> Result<(), String> {
        let text = read(from)?;
        self.file(relative, &text)
    }

    /// The model solution and the other accepted ones, in a language sinol-make runs; the
    /// other example solutions are left out. Returns the file names written.
    fn solutions(&mut self, problem: &Problem, id: &str) -> Result<Vec<String>, String> {
        let runnable = |path: &Path| {
            path.extension()
                .and_then(|e| e.to_str())
                .filter(|e| SOLUTION_EXTENSIONS.contains(e))
                .map(str::to_string)
        };
        let reference = match &problem.programs.reference {
            Some(Tool::Program(program)) => Some(program.path.clone()),
            _ => None,
        };
        let mut accepted: Vec<PathBuf> = Vec::new();
        for submission in &problem.submissions {
            let path = submission.program.path.clone();
            let expectation = &submission.expectation;
            let is_accepted = expectation.verdicts == VerdictExpectation::Promised(Verdict::AC)
                && expectation.score.is_none();
            if !is_accepted {
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
                    problem.name
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

    /// The input validator, when it is a program, as inwer, with the headers beside it.
    fn inwer(&mut self, problem: &Problem, id: &str) -> Result<(), String> {
        let Some(Tool::Program(program)) =
            (problem.programs.input_validators.first()).map(|validator| &validator.program)
        else {
            return Ok(());
        };
        let validator = program.path.clone();
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
