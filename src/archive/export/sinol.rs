//! A sinol-make package (the Polish Olympiad's format, [`crate::sinol`] reads it back),
//! written from the model of a problem of any format ([`crate::model`]):
//!
//! ```text
//! config.yml                 title, sinol_task_id, contest type, limits (ms, KiB; per group
//!                            and test where they differ), scores, subtask dependencies,
//!                            expected scores
//! in/<id><g><letters>.in     the tests (LF line ends: sinol-make refuses a carriage return):
//!                            the samples in group 0, group g the problem's g-th
//! out/<id><g><letters>.out   their answers
//! prog/<id>ingen.sh          writes the inputs (the tests themselves, in here-documents)
//! prog/<id>.<ext>            the model solution (the reference, else the first accepted one)
//! prog/<id><n>.<ext>         the other solutions earning everything
//! prog/<id>[sb]<n>.<ext>     the solutions whose points per group the problem says (s: a
//!                            time-out expected, b: otherwise bad)
//! prog/<id>chk.<ext>         the checker, prog/<id>inwer.<ext> the input validator,
//!                            prog/<id>soc.<ext> the interactor ([`jury`]: copied or wrapped),
//!                            with the headers they include beside them
//! doc/<id>zad[.<lang>].<ext> the statements (.md, .tex, .pdf), as they are
//! ```
//!
//! Choices, and why:
//! - **Points**: a scored problem's groups keep their points (whole numbers, as sinol-make
//!   takes them; `sinol_total_score` when they do not add up to 100), its groups' dependencies
//!   as `subtask_dependencies`; POI's time scaling is sinol's contest type `oi`, a problem
//!   earning 1 point only when every test passes its type `icpc`. sinol-make's group earns its
//!   worst test's share: a group summing its tests' shares is refused. A pass-fail problem's
//!   groups share 100 points as sinol-make shares them (100 divided equally, the remainder to
//!   the last group).
//! - **Expected scores** are written for the solutions whose score is known without running
//!   them: the ones meant to pass every test (every group OK with its points), and the ones
//!   whose points per group the problem itself lists (a sinol-make package's, written back
//!   exactly). The others are left out (named): their points per group depend on the run
//!   (`sinol-make run --apply-suggestions` records them), and a guess would fail `verify`.
//! - **What sinol-make cannot say** (a comparison with flags, a checker or interactor that
//!   cannot be translated, limits by language on groups, a score that is not a whole number)
//!   is refused with `(not supported)`, not exported into a package that would judge wrongly.

mod jury;

use std::path::{Path, PathBuf};

use super::{Exported, Package};
use crate::model::{
    CaseData, CaseKind, Expectation, Problem, ScoreRule, Scoring, TestCase, Tool,
    VerdictExpectation, SAMPLE_GROUP,
};
use crate::package::expectations::glob_matches;
use crate::run::Language;
use crate::score::{Aggregation, Total};
use crate::sinol::scoring::status;
use crate::verdict::Verdict;
use jury::{Jury, RUNNABLE};

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

/// Writes `problem` into `out` as a sinol-make package whose task id is `id`; what sinol-make
/// cannot say is refused before anything is written.
pub fn write(problem: &Problem, out: &Path, id: &str) -> Result<Exported, String> {
    if id.len() != 3 || !id.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(format!(
            "--task-id {id:?}: a task id is three lowercase letters"
        ));
    }
    let jury = Jury::of(problem)?;
    let layout = Layout::of(problem, id);
    if layout.groups.is_empty() {
        // sinol-make's group 0 is worth nothing: a package of samples alone scores nothing,
        // and its config.yml would have no group to give points to.
        return Err(format!(
            "{}: it has no tests but the samples, and sinol-make's samples (group 0) are worth \
             no points (not supported)",
            problem.name
        ));
    }
    let contest =
        Contest::of(problem, &layout).map_err(|why| format!("{}: {why}", problem.name))?;
    let limits = Limits::of(problem, &layout)?;
    let solutions = Solutions::of(problem, id, &layout, &contest)?;
    let mut package = Package {
        root: out,
        exported: Exported::default(),
    };
    package.exported.left_out.extend(jury.left_out);
    package
        .exported
        .left_out
        .extend(solutions.left_out.iter().cloned());
    let mut ingen = String::from(
        "#!/bin/bash\n# The tests of the problem, as stonejudge built them.\nset -e\n",
    );
    for (name, case) in &layout.tests {
        let input = match &case.input {
            CaseData::File(path) => read(path)?,
            CaseData::Inline(text) => text.clone(),
        };
        // sinol-make refuses a carriage return in a test: line ends are written as LF.
        let input = input.replace("\r\n", "\n");
        package.file(&format!("in/{name}.in"), &input)?;
        match &case.answer {
            Some(answer) => package.file(
                &format!("out/{name}.out"),
                &read(answer)?.replace("\r\n", "\n"),
            )?,
            // An interactive test's answer is the interactor's business.
            None if problem.programs.interactor.is_some() => {}
            None => {
                return Err(format!(
                    "{}: test {} has no answer",
                    problem.name, case.name
                ))
            }
        }
        ingen.push_str(&format!(
            "cat > {name}.in <<'STONEJUDGE_END_OF_TEST'\n{input}STONEJUDGE_END_OF_TEST\n"
        ));
    }
    package.file(&format!("prog/{id}ingen.sh"), &ingen)?;
    for program in &jury.programs {
        let extension = jury::written_extension(&program.extension);
        let name = format!("prog/{id}{}.{extension}", program.role);
        package.file(&name, &program.text)?;
        for (header, text) in &program.headers {
            package.file(&format!("prog/{header}"), text)?;
        }
    }
    for (path, name) in &solutions.files {
        package.file(&format!("prog/{name}"), &read(path)?)?;
    }
    package.statements(problem, id)?;
    let config = Config {
        problem,
        id,
        layout: &layout,
        contest: &contest,
        limits: &limits,
        solutions: &solutions,
    };
    package.file("config.yml", &config.text())?;
    Ok(package.exported)
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The package's tests and groups: the samples in group 0, the problem's judged groups (a
/// scored problem's, by their rules) numbered from 1 in the order their tests come. A scored
/// group giving each test an equal share of its points is split into groups of one test
/// each: a sinol-make group earns its worst test's share, a group of one test that test's.
struct Layout<'a> {
    /// Each test's sinol name (`<id><group><letters>`) and case.
    tests: Vec<(String, &'a TestCase)>,
    /// The group of each test, as numbered here.
    numbers: Vec<usize>,
    /// The problem's group of sinol group `g` is `groups[g - 1]`.
    groups: Vec<String>,
    /// How many sinol groups each of `groups` is split into (1 for most).
    parts: Vec<usize>,
    /// The group names the samples had (none, or the sample group of the problem).
    sample_groups: Vec<String>,
}

impl<'a> Layout<'a> {
    fn of(problem: &'a Problem, id: &str) -> Layout<'a> {
        let mut layout = Layout {
            tests: Vec::new(),
            numbers: Vec::new(),
            groups: Vec::new(),
            parts: Vec::new(),
            sample_groups: Vec::new(),
        };
        let split = |group: &str| {
            (problem.scoring.as_ref())
                .and_then(|scoring| scoring.rules.iter().find(|rule| rule.name == group))
                .is_some_and(|rule| {
                    rule.points > 0.0
                        && !matches!(
                            rule.aggregation,
                            Aggregation::Min | Aggregation::MinRoundedUp
                        )
                })
        };
        let mut counts: Vec<usize> = vec![0];
        for case in problem.judged_cases() {
            let group = group_of(problem.scoring.as_ref(), &case.group);
            let number = match case.kind == CaseKind::Sample || case.group == SAMPLE_GROUP {
                true => {
                    if !layout.sample_groups.contains(&group) {
                        layout.sample_groups.push(group);
                    }
                    0
                }
                false => match layout.groups.iter().position(|g| *g == group) {
                    Some(g) if !split(&group) => g + 1,
                    found => {
                        if let Some(g) = found {
                            layout.parts[g] += 1;
                        }
                        layout.groups.push(group);
                        layout.parts.push(1);
                        counts.push(0);
                        layout.groups.len()
                    }
                },
            };
            counts[number] += 1;
            let name = format!("{id}{number}{}", letters(counts[number] - 1));
            layout.tests.push((name, case));
            layout.numbers.push(number);
        }
        // Every part of a split group knows how many there are.
        for g in 0..layout.groups.len() {
            let first = layout
                .groups
                .iter()
                .position(|name| *name == layout.groups[g]);
            layout.parts[g] = first.map_or(1, |first| layout.parts[first]);
        }
        layout
    }

    /// Whether there is a group 0.
    fn samples(&self) -> bool {
        self.numbers.contains(&0)
    }

    /// The sinol groups of the problem's group `name`: 0 for the samples', else its number
    /// or, split, its parts' numbers.
    fn numbers_of(&self, name: &str) -> Vec<usize> {
        match self.sample_groups.iter().any(|g| g == name) {
            true => vec![0],
            false => (1..=self.groups.len())
                .filter(|n| self.groups[n - 1] == name)
                .collect(),
        }
    }

    /// Every sinol group, 0 first when there are samples.
    fn all_groups(&self) -> impl Iterator<Item = usize> {
        let first = usize::from(!self.samples());
        first..=self.groups.len()
    }
}

/// The group a case of group `group` counts for: its scoring rule's, else its own.
fn group_of(scoring: Option<&Scoring>, group: &str) -> String {
    (scoring.and_then(|scoring| scoring.rule_of(group)))
        .map_or(group, |rule| rule.name.as_str())
        .to_string()
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

/// sinol-make's contest types the export writes (`sinol_contest_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ContestType {
    /// `default`: a group earns its points times its worst test's share, rounded up.
    Default,
    /// `oi`: as `default`, a test passed in more than half its time limit earning less.
    Oi,
    /// `icpc`: 1 point when every test passes, each group worth 1.
    Icpc,
}

/// How the package scores: its contest type, each group's points (groups 1, 2, …) and the
/// groups' dependencies.
struct Contest {
    kind: ContestType,
    points: Vec<usize>,
    dependencies: Vec<(usize, Vec<usize>)>,
}

impl Contest {
    /// A scored problem's points, type and dependencies as sinol-make says them, or why it
    /// cannot; a pass-fail problem's groups sharing 100 points.
    fn of(problem: &Problem, layout: &Layout) -> Result<Contest, String> {
        let groups = layout.groups.len();
        let Some(scoring) = &problem.scoring else {
            let share = 100 / groups.max(1);
            let points = (0..groups)
                .map(|g| match g + 1 == groups {
                    true => 100 - share * (groups - 1),
                    false => share,
                })
                .collect();
            return Ok(Contest {
                kind: ContestType::Default,
                points,
                dependencies: Vec::new(),
            });
        };
        if scoring.by_graders {
            return Err(
                "its graders make its score, and sinol-make adds the groups' points (not \
                 supported)"
                    .to_string(),
            );
        }
        for rule in scoring.rules.iter().filter(|rule| rule.points > 0.0) {
            match layout.numbers_of(&rule.name).as_slice() {
                [] => {
                    return Err(format!(
                        "group {:?} is worth {} points and has no test (not supported)",
                        rule.name, rule.points
                    ))
                }
                [0] => {
                    return Err(format!(
                        "the samples (group {:?}) are worth {} points, and sinol-make's group 0 \
                         nothing (not supported)",
                        rule.name, rule.points
                    ))
                }
                _ => {}
            }
        }
        let worth = |name: &str| {
            (scoring.rules.iter())
                .find(|rule| rule.name == name)
                .map_or(0.0, |rule| rule.points)
        };
        let kind = match scoring.total {
            Total::Sum if scoring.time_scaled => ContestType::Oi,
            Total::Sum => ContestType::Default,
            _ if scoring.time_scaled => {
                return Err(
                    "points falling with the time taken, totalled otherwise than by their sum \
                     (not supported)"
                        .to_string(),
                )
            }
            Total::AllOrNothing { points: 1.0 } => ContestType::Icpc,
            Total::Min { max } if max == 1.0 && layout.groups.iter().all(|g| worth(g) == 1.0) => {
                ContestType::Icpc
            }
            total => {
                return Err(format!(
                    "its total is {total:?}, and sinol-make's icpc type gives 1 point when \
                     every test passes (not supported)"
                ))
            }
        };
        let points = (layout.groups.iter().zip(&layout.parts))
            .map(|(name, parts)| {
                let points = worth(name) / *parts as f64;
                match points.fract() == 0.0 && points >= 0.0 {
                    true => Ok(points as usize),
                    false => Err(format!(
                        "group {name:?} is worth {points} points: sinol-make's points are whole \
                         numbers (not supported)"
                    )),
                }
            })
            .collect::<Result<Vec<usize>, String>>()?;
        let mut dependencies = Vec::new();
        for (group, prerequisites) in &scoring.dependencies {
            let numbers = |name: &str| match layout.numbers_of(name) {
                numbers if numbers.is_empty() || numbers.contains(&0) => Err(format!(
                    "group {name:?} takes part in a dependency and is no scored group of tests \
                     (sinol-make's group 0 takes part in none) (not supported)"
                )),
                numbers => Ok(numbers),
            };
            let mut prerequisite_numbers = Vec::new();
            for name in prerequisites {
                prerequisite_numbers.extend(numbers(name)?);
            }
            for number in numbers(group)? {
                dependencies.push((number, prerequisite_numbers.clone()));
            }
        }
        Ok(Contest {
            kind,
            points,
            dependencies,
        })
    }

    /// The points of group `number` when every test passes (group 0's are none, but 1 in
    /// `icpc`).
    fn full(&self, number: usize) -> usize {
        match (self.kind, number) {
            (ContestType::Icpc, _) => 1,
            (_, 0) => 0,
            (_, n) => self.points[n - 1],
        }
    }

    /// The most a solution can earn.
    fn total(&self) -> usize {
        match self.kind {
            ContestType::Icpc => 1,
            _ => self.points.iter().sum(),
        }
    }
}

/// The limits of `config.yml`: the problem's, and the groups' and tests' that differ.
struct Limits {
    /// Milliseconds and KiB.
    base: (u64, u64),
    /// `time_limits` and `memory_limits` by group number or test (`2`, `3a`).
    time: LimitList,
    memory: LimitList,
}

impl Limits {
    fn of(problem: &Problem, layout: &Layout) -> Result<Limits, String> {
        let refused = |why: &str| Err(format!("{}: {why} (not supported)", problem.name));
        // A Kattis limit's margins are a rule of its verification, not of judging: sinol-make
        // judges by the limit alone.
        let Some(time) = problem.limits.time.given() else {
            return refused(
                "a time limit derived from the submissions has no value to write: give one \
                 with --time-limit",
            );
        };
        if !problem.limits.by_language.is_empty() {
            return refused("limits by language are not exported");
        }
        let millis = |time: std::time::Duration| (time.as_secs_f64() * 1000.0).round() as u64;
        let base = (millis(time), problem.limits.memory_kib);
        let mut limits = Limits {
            base,
            time: Vec::new(),
            memory: Vec::new(),
        };
        // Each test's own limits; a group's all the same are written once, for the group.
        let of_test = |index: usize| {
            let case = layout.tests[index].1;
            let (time, memory) = problem.limits.for_test(None, &case.group, &case.name);
            (time.map_or(base.0, millis), memory)
        };
        for number in layout.all_groups() {
            let tests: Vec<usize> = (0..layout.tests.len())
                .filter(|i| layout.numbers[*i] == number)
                .collect();
            let Some(first) = tests.first().map(|i| of_test(*i)) else {
                continue;
            };
            let uniform = |part: LimitPart| tests.iter().all(|i| part(of_test(*i)) == part(first));
            let parts: [(LimitPart, &mut LimitList, u64); 2] = [
                (|l| l.0, &mut limits.time, base.0),
                (|l| l.1, &mut limits.memory, base.1),
            ];
            for (part, list, base) in parts {
                if uniform(part) {
                    if part(first) != base {
                        list.push((number.to_string(), part(first)));
                    }
                    continue;
                }
                for i in &tests {
                    if part(of_test(*i)) != base {
                        let test = &layout.tests[*i].0[3..];
                        list.push((test.to_string(), part(of_test(*i))));
                    }
                }
            }
        }
        Ok(limits)
    }
}

/// What a solution must get: each group's points and status (by sinol group), and the total.
type Listed = (Vec<(usize, usize, &'static str)>, usize);

/// What a written solution must get: `None` every group's full points, else as listed.
type Expected = Option<Listed>;

/// One part of a test's limits (its time, its memory) out of both.
type LimitPart = fn((u64, u64)) -> u64;

/// `time_limits` or `memory_limits`: by group number or test, the limit.
type LimitList = Vec<(String, u64)>;

/// The solutions of the package and the ones left out.
struct Solutions {
    /// The problem's file, and its name in `prog/`.
    files: Vec<(PathBuf, String)>,
    /// Each written solution's name and expected score.
    expected: Vec<(String, Expected)>,
    left_out: Vec<(PathBuf, String)>,
}

impl Solutions {
    /// The model solution (the reference, else the first that passes every test), the others
    /// that pass every test, and those whose points per group the problem lists, in a
    /// language sinol-make runs; the rest left out with why.
    fn of(
        problem: &Problem,
        id: &str,
        layout: &Layout,
        contest: &Contest,
    ) -> Result<Solutions, String> {
        // A folder named like a source (`hello.c/`) is a program of several files; sinol-make
        // runs a `.py` with Python 3.
        let runnable = |path: &Path| {
            let python2 = Language::of(path) == Some(Language::Python2);
            ((path.is_file() && !python2)
                .then(|| path.extension())
                .flatten())
            .and_then(|e| e.to_str())
            .filter(|e| RUNNABLE.contains(e))
            .map(str::to_string)
        };
        let reference = match &problem.programs.reference {
            Some(Tool::Program(program)) => Some(program.path.clone()),
            _ => None,
        };
        let mut solutions = Solutions {
            files: Vec::new(),
            expected: Vec::new(),
            left_out: Vec::new(),
        };
        let mut full: Vec<PathBuf> = Vec::new();
        let mut listed: Vec<(PathBuf, Listed)> = Vec::new();
        for submission in &problem.submissions {
            let path = submission.program.path.clone();
            if path.is_dir() {
                solutions.left_out.push((
                    path,
                    "a program of several files (a folder), and sinol-make runs a single \
                     source file"
                        .to_string(),
                ));
                continue;
            }
            let is_reference = reference.as_ref().is_some_and(|r| same_file(r, &path));
            let expectation = match passes_everything(&submission.expectation, problem, contest) {
                true => None,
                false => match listed_points(&submission.expectation, layout, contest) {
                    Ok(points) => Some(points),
                    Err(why) => {
                        solutions.left_out.push((path, why));
                        continue;
                    }
                },
            };
            if runnable(&path).is_none() {
                let why = match Language::of(&path) {
                    Some(Language::Python2) => "it is Python 2, and sinol-make runs Python 3",
                    _ => "sinol-make runs only C, C++, Python and Rust",
                };
                solutions.left_out.push((path, why.to_string()));
                continue;
            }
            // Listed points that are every group's full points are a full score too.
            let earns_everything = expectation.as_ref().is_none_or(|(groups, total)| {
                *total == contest.total()
                    && (groups.iter())
                        .all(|(n, points, status)| *status == "OK" && *points == contest.full(*n))
            });
            match expectation {
                _ if is_reference => {}
                _ if earns_everything => full.push(path),
                Some(points) => listed.push((path, points)),
                None => full.push(path),
            }
        }
        let model = match reference.filter(|r| runnable(r).is_some()) {
            Some(reference) => reference,
            None if !full.is_empty() => full.remove(0),
            None => {
                return Err(format!(
                    "{}: no model solution in C, C++, Python or Rust (the reference, or one \
                     meant to pass every test) (not supported)",
                    problem.name
                ))
            }
        };
        let mut name = |path: &Path, kind: &str, n: usize| {
            let extension = jury::written_extension(&runnable(path).unwrap_or_default());
            let name = match (kind, n) {
                ("", 1) => format!("{id}.{extension}"),
                (kind, n) => format!("{id}{kind}{n}.{extension}"),
            };
            solutions.files.push((path.to_path_buf(), name.clone()));
            name
        };
        let mut written = Vec::new();
        for (n, path) in std::iter::once(&model).chain(&full).enumerate() {
            written.push((name(path, "", n + 1), None));
        }
        let (mut slow, mut bad) = (0, 0);
        for (path, (groups, total)) in listed {
            let kind = match groups.iter().any(|(_, _, status)| *status == "TL") {
                true => {
                    slow += 1;
                    ("s", slow)
                }
                false => {
                    bad += 1;
                    ("b", bad)
                }
            };
            written.push((name(&path, kind.0, kind.1), Some((groups, total))));
        }
        solutions.expected = written;
        Ok(solutions)
    }
}

/// Whether `expectation` is that every test passes: an accepted folder or tag (a Kattis
/// legacy `accepted/` says it as AC being the first rejection: none), rules permitting only
/// AC on every judged test (a 2025-09 `submissions.yaml`'s, group by group) with no total or
/// the full one, or a sinol score of everything.
fn passes_everything(expectation: &Expectation, problem: &Problem, contest: &Contest) -> bool {
    let covered = |rules: &[crate::model::VerdictRule]| {
        problem.judged_cases().all(|case| {
            (rules.iter()).any(|rule| {
                rule.tests
                    .as_deref()
                    .is_none_or(|g| glob_matches(g, &case.name))
            })
        })
    };
    let verdicts = match &expectation.verdicts {
        VerdictExpectation::Promised(Verdict::AC) => true,
        VerdictExpectation::FirstRejection(Verdict::AC) => true,
        VerdictExpectation::Rules(rules) => {
            !rules.is_empty()
                && covered(rules)
                && rules.iter().all(|rule| {
                    rule.permitted.as_deref() == Some(&[Verdict::AC][..])
                        && rule.required.is_none()
                        && rule.message.is_none()
                })
        }
        _ => false,
    };
    let full = contest.total() as f64;
    let score = expectation.score.as_ref().is_none_or(|score| {
        score.total.is_none_or(|total| total == (full, full))
            && score.groups.is_empty()
            && score.full != Some(crate::model::FullScore::Missed)
    });
    verdicts && score
}

/// The points and status the problem lists for each group of a solution, as sinol groups,
/// and its total; or why they are not known without running it.
fn listed_points(
    expectation: &Expectation,
    layout: &Layout,
    contest: &Contest,
) -> Result<Listed, String> {
    let unknown = || {
        "its points per group are known only by running it (sinol-make run \
         --apply-suggestions records them)"
            .to_string()
    };
    let Some(score) = &expectation.score else {
        return Err(unknown());
    };
    if score.rule != ScoreRule::EveryGroup && score.rule != ScoreRule::Listed {
        return Err(unknown());
    }
    let Some(total) = (score.total)
        .filter(|(low, high)| low == high)
        .map(|(low, _)| low)
    else {
        return Err(unknown());
    };
    let mut groups = Vec::new();
    for number in layout.all_groups() {
        let given = (score.groups.iter())
            .find(|given| layout.numbers_of(&given.group) == [number])
            .and_then(|given| Some((given.verdict?, given.points?)));
        let Some((verdict, points)) = given else {
            return Err(unknown());
        };
        if points.fract() != 0.0 || points as usize > contest.full(number) {
            return Err(unknown());
        }
        groups.push((number, points as usize, status(verdict)));
    }
    match total.fract() == 0.0 && total >= 0.0 {
        true => Ok((groups, total as usize)),
        false => Err(unknown()),
    }
}

/// What `config.yml` says.
struct Config<'a> {
    problem: &'a Problem,
    id: &'a str,
    layout: &'a Layout<'a>,
    contest: &'a Contest,
    limits: &'a Limits,
    solutions: &'a Solutions,
}

impl Config<'_> {
    /// `config.yml`: the title, the contest type, the limits, every group's points, the
    /// dependencies and the expected scores of the solutions.
    fn text(&self) -> String {
        let title = (self.problem.statements.first())
            .map_or(self.problem.name.as_str(), |s| s.title.as_str());
        let title = serde_yaml_ng::to_string(title).unwrap_or_default();
        let (time, memory) = self.limits.base;
        let mut text = format!("title: {}\nsinol_task_id: {}\n", title.trim(), self.id);
        match self.contest.kind {
            ContestType::Default => {}
            ContestType::Oi => text.push_str("sinol_contest_type: oi\n"),
            ContestType::Icpc => text.push_str("sinol_contest_type: icpc\n"),
        }
        text.push_str(&format!("time_limit: {time}\nmemory_limit: {memory}\n"));
        for (key, list) in [
            ("time_limits", &self.limits.time),
            ("memory_limits", &self.limits.memory),
        ] {
            if !list.is_empty() {
                text.push_str(&format!("{key}:\n"));
                for (what, value) in list {
                    text.push_str(&format!("  {what}: {value}\n"));
                }
            }
        }
        if self.contest.kind != ContestType::Icpc {
            text.push_str("scores:\n");
            for (g, p) in self.contest.points.iter().enumerate() {
                text.push_str(&format!("  {}: {p}\n", g + 1));
            }
            let total = self.contest.total();
            if total != 100 {
                text.push_str(&format!("sinol_total_score: {total}\n"));
            }
            if !self.contest.dependencies.is_empty() {
                text.push_str("subtask_dependencies:\n");
                for (group, prerequisites) in &self.contest.dependencies {
                    let list: Vec<String> = prerequisites.iter().map(usize::to_string).collect();
                    text.push_str(&format!("  {group}: [{}]\n", list.join(", ")));
                }
            }
        }
        text.push_str("sinol_expected_scores:\n");
        for (solution, expected) in &self.solutions.expected {
            text.push_str(&format!("  {solution}:\n    expected:\n"));
            let (groups, total) = match expected {
                Some((groups, total)) => (groups.clone(), *total),
                None => (
                    (self.layout.all_groups())
                        .map(|n| (n, self.contest.full(n), "OK"))
                        .collect(),
                    self.contest.total(),
                ),
            };
            for (group, points, status) in groups {
                text.push_str(&format!(
                    "      {group}: {{points: {points}, status: {status}}}\n"
                ));
            }
            text.push_str(&format!("    points: {total}\n"));
        }
        text
    }
}

impl Package<'_> {
    /// The statements sinol's `doc/` holds (Markdown, LaTeX, PDF) as
    /// `doc/<id>zad[.<lang>].<ext>`, the first in the problem's main language; the others left
    /// out with why.
    fn statements(&mut self, problem: &Problem, id: &str) -> Result<(), String> {
        let mut first = true;
        for statement in &problem.statements {
            let Some(path) = &statement.path else {
                continue;
            };
            let extension = (path.extension().and_then(|e| e.to_str())).unwrap_or_default();
            if !["md", "tex", "pdf"].contains(&extension) {
                self.exported.left_out.push((
                    path.clone(),
                    "sinol's doc/ holds statements in Markdown, LaTeX or PDF".to_string(),
                ));
                continue;
            }
            let suffix = match first {
                true => String::new(),
                false => format!(".{}", statement.language),
            };
            first = false;
            let relative = format!("doc/{id}zad{suffix}.{extension}");
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            match &statement.frame {
                // sinol-make compiles every doc/*.tex: a fragment goes inside its document,
                // with the files that reads beside it.
                Some(frame) if extension == "tex" => {
                    let fragment = String::from_utf8_lossy(&bytes);
                    let whole = format!("{}{fragment}\n\\end{{document}}\n", frame.preamble);
                    self.file(&relative, &whole)?;
                    for file in &frame.files {
                        let name = file.file_name().unwrap_or_default().to_string_lossy();
                        let beside = format!("doc/{name}");
                        if !self.has(&beside) {
                            let bytes = std::fs::read(file)
                                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
                            self.bytes(&beside, &bytes)?;
                        }
                    }
                }
                _ => self.bytes(&relative, &bytes)?,
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
        assert_eq!(jury::written_extension("cc"), "cpp");
        assert_eq!(jury::written_extension("c"), "c");
    }
}
