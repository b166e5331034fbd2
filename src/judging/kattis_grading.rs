//! Scores of legacy and 2023-07 scoring packages, graded as problemtools' `verifyproblem`
//! grades them: every test case gets a verdict and a score (the output validator's
//! `score.txt`, else its group's `accept_score` or `reject_score`), and each group of
//! `data/`, from the root down, hands the results of its items (test cases and subgroups, in
//! order, stopping at the first rejected one under `on_reject: break`) to a grader that makes
//! the group's own verdict and score: the default grader, steered by `grader_flags`, or the
//! package's own (`grading: custom`, the program in `graders/`, reading one `VERDICT SCORE`
//! line per item on standard input and writing one). The submission's result is the root's.
//!
//! Then held as `verifyproblem` holds it ([`held`]): its verdict must be its folder's, every
//! group's score must lie in the group's `range`, and a `partially_accepted/` submission must
//! not get the full score (the root's `range` maximum, or minimum when `grading.objective`
//! is `min`). The arithmetic of scores is [`crate::score`]'s.

use super::build::{build, Role};
use super::toolbox::validation_limits;
use crate::package::config::{
    FormatVersion, GroupConfig, Objective, OnReject, ProblemConfig, ScoreRange,
};
use crate::package::data::{Group, Item};
use crate::package::{programs_in, Package, ProgramKind};
use crate::readers::kattis;
use crate::run::{Cache, Exit, Limits, Program, Runner, Stdin};
use crate::score::{combine, format_score, Aggregation, GroupScore, ScoreCard};
use crate::verdict::{from_kattis, kattis_verdict};
use crate::verdict::{Awarded, Judged, Verdict};

/// A test case's or a group's result: a Kattis verdict (`AC`, `WA`, `TLE`, `RTE`, `OLE`,
/// `JE`, …) and a score, with why when it is a judge error.
#[derive(Debug, Clone, PartialEq)]
pub struct Graded {
    pub verdict: &'static str,
    pub score: f64,
    pub why: Option<String>,
}

impl Graded {
    fn judge_error(why: String) -> Graded {
        Graded {
            verdict: "JE",
            score: 0.0,
            why: Some(why),
        }
    }
}

/// A submission's grading: the root's result, and every group's that was graded, in the
/// order they finished (subgroups before their group; the root last).
#[derive(Debug, Clone, PartialEq)]
pub struct Grades {
    pub root: Graded,
    pub groups: Vec<GroupGrade>,
}

/// One graded group: its name under `data/`, how many test cases it holds, its result and
/// the range it must be in.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupGrade {
    pub name: String,
    pub tests: usize,
    pub graded: Graded,
    pub range: ScoreRange,
}

/// The package's own grader (`graders/`), made ready to run, and how it runs.
pub struct CustomGrader<'a> {
    pub runner: &'a Runner,
    pub program: &'a Program,
    pub limits: Limits,
}

/// How a package grades: its `problem.yaml`, and its own grader when it has one.
pub struct Grading<'a> {
    pub problem: &'a ProblemConfig,
    pub custom: Option<&'a CustomGrader<'a>>,
}

impl Grading<'_> {
    /// Grades the data tree `data` from the runs `ran` (each test's name and judgement under
    /// one time limit). An error for a test not run, or a tree without any test case.
    pub fn grade(&self, data: &Group, ran: &[(String, Judged)]) -> Result<Grades, String> {
        let mut groups = Vec::new();
        let root = self
            .group(data, ran, &mut groups)?
            .ok_or("data/ holds no test case")?;
        Ok(Grades { root, groups })
    }

    /// A group's result, its graded subgroups pushed to `done`; `None` for a group without
    /// any test case (problemtools passes over it).
    fn group(
        &self,
        group: &Group,
        ran: &[(String, Judged)],
        done: &mut Vec<GroupGrade>,
    ) -> Result<Option<Graded>, String> {
        let mut children = Vec::new();
        for item in &group.items {
            let result = match item {
                Item::Test(test) => {
                    let name = &test.test.name;
                    let (_, judged) = (ran.iter())
                        .find(|(ran, _)| ran == name)
                        .ok_or_else(|| format!("test {name} was not run"))?;
                    let mut result = self.test(&group.config, judged);
                    if result.verdict != "AC" {
                        let why = result.why.take().unwrap_or_else(|| judged.one_line());
                        result.why = Some(format!("test {name}: {why}"));
                    }
                    result
                }
                Item::Group(sub) => match self.group(sub, ran, done)? {
                    Some(result) => result,
                    None => continue,
                },
            };
            let rejected = result.verdict != "AC";
            children.push(result);
            if rejected && group.config.on_reject == OnReject::Break {
                break;
            }
        }
        if children.is_empty() {
            return Ok(None);
        }
        let graded = match children.iter().find(|c| c.verdict == "JE") {
            Some(error) => error.clone(),
            None => match (group.config.custom_grading, self.custom) {
                (false, _) => explained(
                    default_grader(&children, &group.config.grader_flags),
                    &children,
                ),
                (true, Some(grader)) => explained(
                    grader.grade(&children, &group.config.grader_flags),
                    &children,
                ),
                (true, None) => {
                    return Err(format!(
                        "data/{}: grading: custom, but graders/ holds no grader",
                        group.name
                    ))
                }
            },
        };
        done.push(GroupGrade {
            name: group.name.clone(),
            tests: group.tests().len(),
            graded: graded.clone(),
            range: group.config.range,
        });
        Ok(Some(graded))
    }

    /// A test case's result: its verdict, and `score.txt` when accepted (where the package
    /// lets the validator write one: legacy `validation: custom score`, which then must,
    /// or any 2023-07 scoring problem), else the group's `accept_score` or `reject_score`.
    fn test(&self, config: &GroupConfig, judged: &Judged) -> Graded {
        let verdict = kattis_verdict(judged.verdict);
        let legacy = self.problem.version == FormatVersion::Legacy;
        let allowed = !legacy || self.problem.custom_score;
        // problemtools reads score.txt only: 2025-09's score_multiplier.txt means nothing
        // in these formats.
        let awarded = match judged.score {
            Some(Awarded::Score(score)) => Some(score),
            Some(Awarded::Multiplier(_)) | None => None,
        };
        let score = match (verdict, awarded) {
            ("AC", Some(_)) if !allowed => {
                return Graded::judge_error(
                    "the output validator wrote score.txt, but problem.yaml does not say \
                     validation: custom score"
                        .to_string(),
                )
            }
            ("AC", None) if legacy && self.problem.custom_score => {
                return Graded::judge_error(
                    "validation: custom score, but the output validator wrote no score.txt"
                        .to_string(),
                )
            }
            ("AC", Some(score)) => score,
            ("AC", None) => config.accept_score,
            _ => config.reject_score,
        };
        Graded {
            verdict,
            score,
            why: None,
        }
    }
}

/// A grader's result with why, when it gave none: as problemtools explains a group, the
/// reason of its last item with the same verdict.
fn explained(mut graded: Graded, children: &[Graded]) -> Graded {
    if graded.why.is_none() {
        graded.why = (children.iter().rev())
            .find(|c| c.verdict == graded.verdict)
            .and_then(|c| c.why.clone());
    }
    graded
}

/// Scores as the default grader prints them (`%f`: six decimals), so that sums of thirds
/// agree with `verifyproblem`'s.
fn printed(score: f64) -> f64 {
    (score * 1e6).round() / 1e6
}

/// The default grader: the verdict by `worst_error` (the default), `first_error` or
/// `always_accept`, the score by `sum` (the default), `avg`, `min` or `max` (the last flag of
/// each kind wins), `ignore_sample` keeping only the last of at most two results (the root's
/// `secret`), and `accept_if_any_accepted` making any accepted item accept the group.
fn default_grader(children: &[Graded], flags: &[String]) -> Graded {
    let mut aggregation = Aggregation::Sum;
    let mut verdicts = "worst_error";
    let has = |flag: &str| flags.iter().any(|f| f == flag);
    for flag in flags {
        match flag.as_str() {
            "sum" => aggregation = Aggregation::Sum,
            "avg" => aggregation = Aggregation::Avg,
            "min" => aggregation = Aggregation::Min,
            "max" => aggregation = Aggregation::Max,
            mode @ ("worst_error" | "no_errors" | "first_error" | "always_accept") => {
                verdicts = mode
            }
            _ => {}
        }
    }
    let children = match has("ignore_sample") {
        true if !(1..=2).contains(&children.len()) => {
            return Graded::judge_error(format!(
                "grader_flags ignore_sample on a group of {} items (at most 2: sample, secret)",
                children.len()
            ))
        }
        true => &children[children.len() - 1..],
        false => children,
    };
    let accepted = |c: &&Graded| c.verdict == "AC";
    let first_rejected = children.iter().find(|c| !accepted(c));
    let verdict = if has("accept_if_any_accepted") && children.iter().any(|c| accepted(&c)) {
        "AC"
    } else {
        match verdicts {
            "always_accept" => "AC",
            "first_error" => first_rejected.map_or("AC", |c| c.verdict),
            _ => WORST_FIRST
                .iter()
                .copied()
                .find(|v| children.iter().any(|c| c.verdict == *v))
                .unwrap_or("AC"),
        }
    };
    let scores: Vec<f64> = children.iter().map(|c| c.score).collect();
    Graded {
        verdict,
        score: printed(combine(aggregation, &scores)),
        why: None,
    }
}

/// `worst_error`'s order, worst first (problemtools' default grader).
const WORST_FIRST: [&str; 9] = ["JE", "IF", "RTE", "MLE", "TLE", "OLE", "WA", "PE", "AC"];

impl CustomGrader<'_> {
    /// Runs the grader on `children` (one `VERDICT SCORE` line each) with `flags`: its one
    /// line `VERDICT SCORE` is the group's result; anything else, or an exit other than 0,
    /// is a judge error.
    fn grade(&self, children: &[Graded], flags: &[String]) -> Graded {
        let input: String = (children.iter())
            .map(|c| format!("{} {:?}\n", c.verdict, c.score))
            .collect();
        let invocation = self.program.invocation.clone().args(flags.iter());
        let shown = self.program.given.display();
        let run = match (self.runner).run(&invocation, Stdin::Bytes(input.as_bytes()), &self.limits)
        {
            Ok(run) => run,
            Err(e) => return Graded::judge_error(format!("cannot run the grader {shown}: {e}")),
        };
        if run.time_limit_hit() || run.exit != Exit::Code(0) {
            return Graded::judge_error(format!(
                "the grader {shown} ended with {} (0 expected)",
                run.exit
            ));
        }
        let output = String::from_utf8_lossy(&run.stdout);
        let words: Vec<&str> = output.split_whitespace().collect();
        let verdict = ["AC", "WA", "TLE", "RTE", "MLE", "OLE", "JE"]
            .into_iter()
            .find(|v| words.first() == Some(v));
        let score = (words.get(1))
            .filter(|s| {
                s.trim_start_matches('-')
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '.')
            })
            .and_then(|s| s.parse::<f64>().ok());
        match (verdict, score, words.len(), output.trim_start() == output) {
            (Some(verdict), Some(score), 2, true) => Graded {
                verdict,
                score,
                why: None,
            },
            _ => Graded::judge_error(format!(
                "the grader {shown} wrote {:?}, not one line VERDICT SCORE",
                crate::text::show::message(output.trim())
            )),
        }
    }
}

/// Why a package's submissions are not graded: the grader cannot run here (its language's
/// tool is missing: skipped, never failed), or the package is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ungraded {
    Skipped(String),
    Failed(String),
}

/// The package's grader (`graders/`), compiled, when a group of `data` says `grading:
/// custom`; `None` when none does.
pub fn package_grader(
    package: &Package,
    data: &Group,
    runner: &Runner,
    cache: &Cache,
) -> Result<Option<Program>, Ungraded> {
    if !data.groups().iter().any(|g| g.config.custom_grading) {
        return Ok(None);
    }
    let dir = package.root.join("graders");
    let found = programs_in(&package.root, &dir, false).map_err(|e| Ungraded::Failed(e.0))?;
    let grader = match found.as_slice() {
        [grader] => grader,
        [] => {
            return Err(Ungraded::Failed(format!(
                "a group says grading: custom, but {} holds no grader",
                dir.display()
            )))
        }
        many => {
            return Err(Ungraded::Failed(format!(
                "{} holds {} programs: a package has at most one grader",
                dir.display(),
                many.len()
            )))
        }
    };
    if let ProgramKind::Unsupported(why) = &grader.kind {
        return Err(Ungraded::Skipped(format!(
            "the grader {}: {why}",
            grader.path.display()
        )));
    }
    let (file, building) = (kattis::file(grader), kattis::building(package));
    let built = build(&file, Role::Jury, &building, &[], runner, cache);
    (built.map(Some)).map_err(|e| {
        Ungraded::Failed(format!(
            "the grader {}: {}: {e}",
            grader.path.display(),
            e.verdict
        ))
    })
}

/// What `verifyproblem` holds against a legacy or 2023-07 package's grading, whatever its
/// submissions get: `ignore_sample` on a group other than `data/` (or on `data/` under
/// `on_reject: break`, which may leave `secret` unjudged), more than one program in
/// `graders/`, and graders in a pass-fail package. Empty when all is well.
pub fn package_problems(package: &Package, data: &Group) -> Vec<String> {
    let mut problems = Vec::new();
    for group in data.groups() {
        let config = &group.config;
        if config.custom_grading || !config.grader_flags.iter().any(|f| f == "ignore_sample") {
            continue;
        }
        if !group.name.is_empty() {
            problems.push(format!(
                "data/{}: grader_flags ignore_sample is only for data/ itself",
                group.name
            ));
        } else if config.on_reject == OnReject::Break {
            problems.push(
                "data/: grader_flags ignore_sample with on_reject: break may leave secret \
                 unjudged"
                    .to_string(),
            );
        }
    }
    let dir = package.root.join("graders");
    match programs_in(&package.root, &dir, false) {
        Err(e) => problems.push(e.0),
        Ok(graders) if graders.len() > 1 => problems.push(format!(
            "{} holds {} programs: a package has at most one grader",
            dir.display(),
            graders.len()
        )),
        Ok(graders) if !graders.is_empty() && !package.is_scoring() => problems.push(format!(
            "{} holds a grader, but the problem is pass-fail (graders are for scoring problems)",
            dir.display()
        )),
        Ok(_) => {}
    }
    problems
}

/// A legacy or 2023-07 scoring package's submission of `folder` (promising `expected`),
/// graded from its runs under the time limit (`low`) and the higher one (`high`): its score
/// card, and whether it keeps its promise ([`held`]).
#[allow(clippy::too_many_arguments)]
pub fn grade_submission(
    package: &Package,
    data: &Group,
    runner: &Runner,
    cache: &Cache,
    folder: &str,
    expected: &str,
    low: &[(String, Judged)],
    high: &[(String, Judged)],
) -> Result<(ScoreCard, Result<String, String>), Ungraded> {
    let program = package_grader(package, data, runner, cache)?;
    let config = &package.config;
    let custom = program.as_ref().map(|program| CustomGrader {
        runner,
        program,
        limits: validation_limits(runner.jury(), Some(&kattis::validation_limits(config))),
    });
    let grading = Grading {
        problem: config,
        custom: custom.as_ref(),
    };
    let at_low = grading.grade(data, low).map_err(Ungraded::Failed)?;
    let at_high = grading.grade(data, high).map_err(Ungraded::Failed)?;
    let held = held(config, data, folder, expected, &at_low, &at_high);
    Ok((card(data, &at_low), held))
}

/// The score card of `grades`: the groups `verifyproblem` shows as columns (the root's
/// groups, each one that has subgroups replaced by them) that were graded, and the root's
/// score out of the full score (the root's `range` maximum; infinite when unbounded).
pub fn card(data: &Group, grades: &Grades) -> ScoreCard {
    let mut columns = Vec::new();
    for item in &data.items {
        if let Item::Group(group) = item {
            let subgroups: Vec<&Group> = (group.items.iter())
                .filter_map(|i| match i {
                    Item::Group(g) => Some(g),
                    Item::Test(_) => None,
                })
                .collect();
            match subgroups.is_empty() {
                true => columns.push(group),
                false => columns.extend(subgroups),
            }
        }
    }
    let groups = (columns.iter())
        .filter_map(|column| {
            let grade = grades.groups.iter().find(|g| g.name == column.name)?;
            Some(GroupScore {
                name: grade.name.clone(),
                tests: grade.tests,
                max: grade.range.high,
                score: grade.graded.score,
                verdict: from_kattis(grade.graded.verdict).unwrap_or(Verdict::JE),
            })
        })
        .collect();
    ScoreCard {
        groups,
        total: grades.root.score,
        max: data.config.range.high,
    }
}

/// Whether a submission of `folder` (promising `expected`) keeps its promise, as
/// `verifyproblem` holds it, from its grades under the time limit (`low`) and the higher one
/// (`high`): `Ok` with what it got, or `Err` with what is wrong.
pub fn held(
    problem: &ProblemConfig,
    data: &Group,
    folder: &str,
    expected: &str,
    low: &Grades,
    high: &Grades,
) -> Result<String, String> {
    let out_of_range: Vec<String> = (low.groups.iter())
        .filter(|g| !g.range.holds(g.graded.score))
        .map(|g| {
            format!(
                "group data/{}: score {}, outside its range [{}, {}]",
                g.name,
                format_score(g.graded.score),
                format_score(g.range.low),
                format_score(g.range.high)
            )
        })
        .collect();
    if !out_of_range.is_empty() {
        return Err(out_of_range.join("; "));
    }
    let best = match problem.grading.objective {
        Objective::Max => data.config.range.high,
        Objective::Min => data.config.range.low,
    };
    let full = |grades: &Grades| grades.root.verdict == "AC" && grades.root.score == best;
    let shown = |grades: &Grades| {
        let why = (grades.root.why.as_deref())
            .map(|w| format!(": {w}"))
            .unwrap_or_default();
        format!(
            "{} with score {}{why}",
            grades.root.verdict,
            format_score(grades.root.score)
        )
    };
    let partial = folder == "partially_accepted";
    if partial && full(low) {
        return Err(format!(
            "{}: the full score, which folder partially_accepted must not get",
            shown(low)
        ));
    }
    if low.root.verdict == expected {
        let note = match !partial && expected == "AC" && best.is_finite() && !full(low) {
            true => format!(
                " (not the full score {}: verifyproblem warns)",
                format_score(best)
            ),
            false => String::new(),
        };
        return Ok(format!("{}{note}, as its folder promises", shown(low)));
    }
    if high.root.verdict == expected && !(partial && full(high)) {
        return Ok(format!(
            "{} with extra time, as its folder promises; {} at the time limit",
            shown(high),
            shown(low)
        ));
    }
    Err(format!("got {}, expected {expected}", shown(low)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(list: &[(&'static str, f64)]) -> Vec<Graded> {
        (list.iter())
            .map(|&(verdict, score)| Graded {
                verdict,
                score,
                why: None,
            })
            .collect()
    }

    fn flags(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_default_grader_sums_and_takes_the_worst_error() {
        let items = results(&[("AC", 10.0), ("WA", 0.0), ("TLE", 0.0)]);
        let graded = default_grader(&items, &[]);
        assert_eq!((graded.verdict, graded.score), ("TLE", 10.0));
        let first = default_grader(&items, &flags("first_error max"));
        assert_eq!((first.verdict, first.score), ("WA", 10.0));
        let any = default_grader(&items, &flags("accept_if_any_accepted min"));
        assert_eq!((any.verdict, any.score), ("AC", 0.0));
        let thirds = default_grader(
            &results(&[("AC", 1.0), ("AC", 0.0), ("AC", 0.0)]),
            &flags("avg"),
        );
        assert_eq!(thirds.score, 0.333333);
    }

    #[test]
    fn ignore_sample_keeps_the_secret_result_of_at_most_two() {
        let items = results(&[("WA", 0.0), ("AC", 100.0)]);
        let graded = default_grader(&items, &flags("ignore_sample"));
        assert_eq!((graded.verdict, graded.score), ("AC", 100.0));
        let three = results(&[("AC", 1.0), ("AC", 1.0), ("AC", 1.0)]);
        assert_eq!(
            default_grader(&three, &flags("ignore_sample")).verdict,
            "JE"
        );
    }
}
