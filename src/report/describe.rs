//! What a reader understood of a problem, as text for its setter (`stonejudge describe`):
//! format, limits and their overrides, groups with their points and arguments, cases by
//! kind, programs by role, submissions with what each must get and where that is said (and
//! the entries left out, with why), scoring, warnings and what is not supported. Every line
//! comes from the model, so what is shown is what export writes from.

use std::fmt::Write;
use std::time::Duration;

use crate::model::{
    CaseData, CaseKind, Checker, Expectation, FullScore, InteractorProtocol, LimitOverride,
    LimitTable, Problem, Regeneration, TimeLimit, Tool, VerdictExpectation,
};
use crate::score::format_score;
use crate::text::show::count;

/// The problem, described in lines.
pub fn describe(problem: &Problem) -> String {
    let mut text = String::new();
    let mut line = |s: String| {
        text.push_str(&s);
        text.push('\n');
    };
    line(format!(
        "{}: {}, read from {}",
        problem.name,
        problem.format.name(),
        problem.root.display()
    ));
    for statement in &problem.statements {
        let file =
            (statement.path.as_ref()).map_or_else(String::new, |p| format!(" ({})", p.display()));
        line(format!(
            "statement {}: {:?}{file}",
            statement.language, statement.title
        ));
    }
    limits(problem, &mut line);
    groups(problem, &mut line);
    programs(problem, &mut line);
    line(format!("submissions: {}", problem.submissions.len()));
    for submission in &problem.submissions {
        line(format!(
            "  {}: {} ({})",
            submission.id,
            expected(&submission.expectation),
            submission.expectation.origin
        ));
    }
    if !problem.left_out.is_empty() {
        line(format!("not judged: {}", problem.left_out.len()));
        for left_out in &problem.left_out {
            line(format!("  {}: {}", left_out.id, left_out.why));
        }
    }
    line(match &problem.scoring {
        Some(scoring) => format!(
            "scoring: {} points over {} groups{}{}",
            format_score(scoring.max()),
            scoring.rules.iter().filter(|r| r.points > 0.0).count(),
            match scoring.time_scaled {
                true => ", fewer for a test run past half its time limit (oi)",
                false => "",
            },
            match scoring.whole_tests {
                true => ", each test passed whole or not at all (icpc)",
                false => "",
            }
        ),
        None => "scoring: pass-fail".to_string(),
    });
    if let Some(regeneration) = &problem.regeneration {
        line(format!(
            "test data made again by: {}",
            match regeneration {
                Regeneration::Plan => "the test plan of problem.toml".to_string(),
                Regeneration::GeneratorsYaml(path) => path.display().to_string(),
                Regeneration::Ingen(program) => program.path.display().to_string(),
                Regeneration::Answers => "the model solution (out/ from in/)".to_string(),
            }
        ));
    }
    for (title, lines) in [
        ("warnings", &problem.warnings),
        ("not supported", &problem.unsupported),
    ] {
        if !lines.is_empty() {
            line(format!("{title}: {}", lines.len()));
            lines.iter().for_each(|l| line(format!("  {l}")));
        }
    }
    text
}

/// `limits:` and every override, most general first.
fn limits(problem: &Problem, line: &mut impl FnMut(String)) {
    let limits = &problem.limits;
    let time = match limits.time {
        TimeLimit::Fixed(time) => seconds(time),
        TimeLimit::FixedWithMargins {
            limit,
            ac_to_time_limit,
            time_limit_to_tle,
        } => format!(
            "{} (the slowest accepted submission × {} within it; time-limit exceeded ones past \
             × {})",
            seconds(limit),
            format_score(ac_to_time_limit),
            format_score(time_limit_to_tle)
        ),
        TimeLimit::FromSubmissions {
            ac_to_time_limit,
            time_limit_to_tle,
            resolution,
        } => format!(
            "from the accepted submissions (slowest × {}, rounded up to {} s; time-limit \
             exceeded ones past × {})",
            format_score(ac_to_time_limit),
            format_score(resolution),
            format_score(time_limit_to_tle)
        ),
    };
    let output = limits
        .output_mib
        .map_or_else(String::new, |mib| format!(", output {mib} MiB"));
    line(format!(
        "limits: time {time}, memory {}{output}",
        memory(limits.memory_kib)
    ));
    table("", &limits.overrides, line);
    for (language, overrides) in &limits.by_language {
        table(&format!("language {language}"), overrides, line);
    }
}

/// The entries of one table of overrides, each on its line.
fn table(whose: &str, table: &LimitTable, line: &mut impl FnMut(String)) {
    let prefix = |what: String| match whose.is_empty() {
        true => what,
        false => format!("{whose}, {what}"),
    };
    if table.base != LimitOverride::default() {
        line(format!("  {whose}: {}", overriding(table.base)));
    }
    for (group, limit) in &table.by_group {
        line(format!(
            "  {}: {}",
            prefix(format!("group {group}")),
            overriding(*limit)
        ));
    }
    for (test, limit) in &table.by_test {
        line(format!(
            "  {}: {}",
            prefix(format!("test {test}")),
            overriding(*limit)
        ));
    }
}

/// `time 2 s, memory 64 MiB`, as much as is set.
fn overriding(limit: LimitOverride) -> String {
    let parts: Vec<String> = (limit
        .time
        .map(|t| format!("time {}", seconds(t)))
        .into_iter())
    .chain(
        limit
            .memory_kib
            .map(|kib| format!("memory {}", memory(kib))),
    )
    .collect();
    parts.join(", ")
}

/// `256 MiB`, or `262000 KiB` for a limit that is not a whole MiB (as sinol-make's
/// `config.yml` may give it): the exact amount the runs get.
fn memory(kib: u64) -> String {
    match kib % 1024 {
        0 => format!("{} MiB", kib / 1024),
        _ => format!("{kib} KiB"),
    }
}

fn seconds(time: Duration) -> String {
    format!("{} s", format_score(time.as_secs_f64()))
}

/// `groups:`, each with its cases, points and arguments; then the cases by kind.
fn groups(problem: &Problem, line: &mut impl FnMut(String)) {
    line(format!("groups: {}", problem.groups.len()));
    for group in &problem.groups {
        let cases = problem
            .cases
            .iter()
            .filter(|c| c.group == group.name)
            .count();
        let mut about = format!("  {}: {}", group.name, count(cases, "case", "cases"));
        let rule = (problem.scoring.iter())
            .flat_map(|s| &s.rules)
            .find(|rule| rule.name == group.name);
        if let Some(rule) = rule {
            let aggregation = rule.aggregation.describe();
            let _ = write!(
                about,
                ", {} points ({aggregation})",
                format_score(rule.points)
            );
        }
        if group.small {
            about.push_str(", small (the brute force checks every test)");
        }
        let args = [
            ("input validators", &group.input_validator_args),
            ("output validator", &group.output_validator_args),
            ("answer validators", &group.answer_validator_args),
        ];
        for (whom, args) in args.iter().filter(|(_, args)| !args.is_empty()) {
            let _ = write!(about, ", {whom} get {}", args.join(" "));
        }
        let by_name = [
            ("input", &group.input_validator_args_by_name),
            ("answer", &group.answer_validator_args_by_name),
        ];
        for (kind, by_name) in by_name {
            for (validator, args) in by_name {
                let _ = write!(
                    about,
                    ", {kind} validator {validator} gets {}",
                    args.join(" ")
                );
            }
        }
        if let Some(why) = &group.about {
            let _ = write!(about, ": {why}");
        }
        line(about);
    }
    let kinds = [
        CaseKind::Sample,
        CaseKind::Secret,
        CaseKind::InvalidInput,
        CaseKind::InvalidAnswer,
        CaseKind::InvalidOutput,
        CaseKind::ValidOutput,
    ];
    let counts: Vec<String> = (kinds.iter())
        .map(|kind| {
            (
                kind,
                problem.cases.iter().filter(|c| c.kind == *kind).count(),
            )
        })
        .filter(|(_, count)| *count > 0)
        .map(|(kind, count)| format!("{count} {}", kind.name()))
        .collect();
    let inline = (problem.cases.iter())
        .filter(|c| matches!(c.input, CaseData::Inline(_)))
        .count();
    line(format!(
        "cases: {}{}",
        match counts.is_empty() {
            true => "none".to_string(),
            false => counts.join(", "),
        },
        match inline {
            0 => String::new(),
            n => format!(" ({n} written inline)"),
        }
    ));
}

/// `programs:`, by role.
fn programs(problem: &Problem, line: &mut impl FnMut(String)) {
    let programs = &problem.programs;
    line("programs:".to_string());
    let mut role = |name: &str, tool: Option<&Tool>| {
        if let Some(tool) = tool {
            line(format!("  {name}: {}", shown(tool)));
        }
    };
    role("generator", programs.generator.as_ref());
    programs
        .input_validators
        .iter()
        .for_each(|v| role("input validator", Some(&v.program)));
    programs
        .answer_validators
        .iter()
        .for_each(|v| role("answer validator", Some(&v.program)));
    role("reference", programs.reference.as_ref());
    role("brute force", programs.brute.as_ref());
    let checker = match &programs.checker {
        Checker::BuiltIn { name, .. } => name.clone(),
        Checker::Default { flags } if flags.is_empty() => "the default comparison".to_string(),
        Checker::Default { flags } => {
            format!("the default comparison with {}", flags.join(" "))
        }
        Checker::Program { program, protocol } => {
            format!("{} ({protocol:?} protocol)", shown(program))
        }
    };
    match &programs.interactor {
        Some(interactor) => line(format!(
            "  interactor: {}{}",
            shown(&interactor.program),
            match interactor.protocol {
                InteractorProtocol::BuiltIn => String::new(),
                protocol => format!(" ({protocol:?} protocol)"),
            }
        )),
        None => line(format!("  checker: {checker}")),
    }
    if let Some(passes) = programs.passes {
        line(format!("  passes: at most {passes}"));
    }
}

fn shown(tool: &Tool) -> String {
    match tool {
        Tool::BuiltIn { name, .. } => name.clone(),
        Tool::Program(file) => {
            let mut text = file.path.display().to_string();
            if let Some(language) = &file.language {
                let _ = write!(text, " as {language}");
            }
            if let Some(entry) = &file.entrypoint {
                let _ = write!(text, ", entry point {entry}");
            }
            text
        }
    }
}

/// What an expectation asks, in a few words.
fn expected(expectation: &Expectation) -> String {
    let mut parts = Vec::new();
    match &expectation.verdicts {
        VerdictExpectation::Any => {}
        VerdictExpectation::Promised(verdict) => parts.push(verdict.to_string()),
        VerdictExpectation::FirstRejection(verdict) => parts.push(format!(
            "{verdict} as the first rejection, possibly with extra time"
        )),
        VerdictExpectation::Rules(rules) => {
            for rule in rules {
                let list = |verdicts: &Option<Vec<crate::verdict::Verdict>>| {
                    (verdicts.iter().flatten())
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("/")
                };
                let mut said = String::new();
                if let Some(tests) = &rule.tests {
                    let _ = write!(said, "on {tests}: ");
                }
                if rule.permitted.is_some() {
                    let _ = write!(said, "only {}", list(&rule.permitted));
                }
                if rule.required.is_some() {
                    let sep = if rule.permitted.is_some() { ", " } else { "" };
                    let _ = write!(said, "{sep}some {}", list(&rule.required));
                }
                if let Some(message) = &rule.message {
                    let _ = write!(said, ", message {message:?}");
                }
                // A rule that requires and refuses nothing (a scoring package's
                // `partially_accepted/`) says nothing here.
                if rule.permitted.is_some() || rule.required.is_some() || rule.message.is_some() {
                    parts.push(said);
                }
            }
        }
    }
    if let Some(score) = &expectation.score {
        if let Some((low, high)) = score.total {
            parts.push(match low == high {
                true => format!("score {}", format_score(low)),
                false => format!("score {}..{}", format_score(low), format_score(high)),
            });
        }
        match score.full {
            Some(FullScore::Reached) => parts.push("the full score".to_string()),
            Some(FullScore::Missed) => parts.push("less than the full score".to_string()),
            None => {}
        }
        for group in &score.groups {
            let mut said = format!("group {}", group.group);
            if let Some(verdict) = group.verdict {
                let _ = write!(said, " {verdict}");
            }
            if let Some(points) = group.points {
                let _ = write!(said, " {} points", format_score(points));
            }
            parts.push(said);
        }
    }
    match parts.is_empty() {
        true => "anything".to_string(),
        false => parts.join("; "),
    }
}
