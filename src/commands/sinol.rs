//! The commands on a sinol-make package (`stonejudge::sinol`): `judge` (a table of tests,
//! then of groups with their points and the total, as for every scored problem), `validate`
//! (inwer); `verify`, `testdata --check` and `stress` dispatch to the library from their own
//! files.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context};
use serde::Serialize;

use super::output::write_atomically;
use super::Outcome;
use crate::cli::{JudgeArgs, ValidateArgs};
use stonejudge::judging::{self, CaseLimits};
use stonejudge::readers;
use stonejudge::report::scores;
use stonejudge::run::{Cache, Program, Runner, Sandbox};
use stonejudge::score::{format_score, ScoreCard};
use stonejudge::sinol::judging::SinolJudge;
use stonejudge::sinol::scoring::status;
use stonejudge::sinol::{Sinol, SinolTest};
use stonejudge::verify::validation::Toolbox;

/// Prints the warnings of reading the package, or fails under `--strict`.
pub fn warnings(sinol: &Sinol, strict: bool) -> anyhow::Result<()> {
    for warning in sinol.warnings(strict).map_err(anyhow::Error::msg)? {
        eprintln!("warning: {warning}");
    }
    if let Some(why) = sinol.unsupported() {
        bail!("{why}");
    }
    Ok(())
}

/// One test in `judge --json`.
#[derive(Serialize)]
struct TestRow<'a> {
    test: &'a str,
    group: u32,
    verdict: &'static str,
    time_s: Option<f64>,
    memory_kib: Option<u64>,
    /// The limits it ran under: its group's, its own, its language's, or the flags.
    time_limit_s: f64,
    memory_limit_mib: u64,
    points_percent: f64,
    message: &'a str,
}

/// `judge --json` of a package: the score card's `score`, `max_score` and `groups` at the top,
/// named as in `verify --json`.
#[derive(Serialize)]
struct Report<'a> {
    problem: &'a str,
    #[serde(flatten)]
    score: &'a ScoreCard,
    tests: Vec<TestRow<'a>>,
}

/// `judge PACKAGE -- PROGRAM`: every test of `in/` (or those of `--test`), each under its
/// limits for the program's language (resolved from the package read into the model,
/// `stonejudge::judging`), then each group's points and the total. Exit 0 when the
/// program gets every point.
pub fn judge(args: &JudgeArgs, sinol: &Sinol) -> anyhow::Result<Outcome> {
    warnings(sinol, args.strict.strict)?;
    if let Some(dir) = &args.tests {
        bail!(
            "--tests {}: a sinol-make package's tests are its own in/ and out/",
            dir.display()
        );
    }
    let mut tests = sinol.tests().map_err(anyhow::Error::msg)?;
    if !args.only.is_empty() {
        for name in &args.only {
            if !tests.iter().any(|t| t.test.name == *name) {
                bail!(
                    "--test {name}: no test {name}.in in {}",
                    sinol.root.join("in").display()
                );
            }
        }
        tests.retain(|t| args.only.contains(&t.test.name));
    }
    if tests.is_empty() {
        bail!("{}: no tests", sinol.root.join("in").display());
    }
    let (runner, _) = super::runner(&args.sandbox)?;
    let cache = Cache::default_location()?.with_limits(args.compile.limits());
    let judge = SinolJudge::new(sinol, &runner, &cache).context("the checker")?;
    let Some((path, rest)) = args.command.split_first() else {
        bail!("no program given");
    };
    let prepared = Program::prepare(Path::new(path), rest, &runner, &cache);
    if let Err(error) = &prepared {
        if error.verdict == stonejudge::verdict::Verdict::JE {
            bail!("{}", error.message);
        }
    }
    let model = readers::sinol::read(sinol)?;
    // What the reader found beyond config.yml's own warnings (printed above): a test's own
    // limit where the contest type allows none is applied, and said.
    let beyond = readers::sinol::warnings_beyond_config(sinol, &model, args.strict.strict);
    for warning in beyond.map_err(anyhow::Error::msg)? {
        eprintln!("warning: {warning}");
    }
    let limits = CaseLimits::new(&model, args.limits.flags(), Path::new(path));
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:<14} {:>5} {:<4} {:>8} {:>7}  MESSAGE",
        "TEST", "GROUP", "", "TIME", "POINTS"
    )?;
    let limits_of = |test: &SinolTest| {
        (limits.of_case(&test.test.name)).map_err(|e| format!("{}: {e}", test.test.name))
    };
    let judgement = judge
        .solution_under(&prepared, &tests, limits_of, |test, scored| {
            let time = scored
                .judged
                .measured
                .map(|m| format!("{:.2}s", m.cpu_time.as_secs_f64()));
            drop(writeln!(
                out,
                "{:<14} {:>5} {:<4} {:>8} {:>6}%  {}",
                test.test.name,
                test.group,
                status(scored.judged.verdict),
                time.unwrap_or_default(),
                format_score(scored.score.fraction * 100.0),
                scored.judged.message.lines().next().unwrap_or_default()
            ));
        })
        .map_err(anyhow::Error::msg)?;
    let card = &judging::card(&model, &judgement.runs())?.context("the package is not scored")?;
    write!(out, "\n{}", scores::group_table(card))?;
    writeln!(
        out,
        "\nscore: {} of {} ({} contest)",
        format_score(card.total),
        format_score(card.max),
        sinol.config.contest.name()
    )?;
    if let Some(path) = &args.json {
        let report = Report {
            problem: sinol.name(),
            score: card,
            tests: (judgement.tests.iter())
                .map(|(test, scored)| {
                    let limits = limits_of(test).map_err(anyhow::Error::msg)?;
                    Ok(TestRow {
                        test: &test.test.name,
                        group: test.group,
                        verdict: scored.judged.verdict.short(),
                        time_s: scored.judged.measured.map(|m| m.cpu_time.as_secs_f64()),
                        memory_kib: scored.judged.measured.map(|m| m.peak_memory_kib),
                        time_limit_s: limits.cpu.as_secs_f64(),
                        memory_limit_mib: limits.memory.unwrap_or_default() >> 20,
                        points_percent: scored.score.fraction * 100.0,
                        message: &scored.judged.message,
                    })
                })
                .collect::<anyhow::Result<_>>()?,
        };
        let mut text = serde_json::to_string_pretty(&report)?;
        text.push('\n');
        write_atomically(path, &text)?;
    }
    Ok(match stonejudge::score::same_score(card.max, card.total) {
        true => Outcome::Success,
        false => Outcome::Rejected,
    })
}

/// `validate PACKAGE [FILE]...`: inwer on each FILE, or on every input of `in/`.
pub fn validate(args: &ValidateArgs, sinol: &Sinol) -> anyhow::Result<Outcome> {
    warnings(sinol, args.strict.strict)?;
    let problem = readers::sinol::read(sinol)?;
    if problem.programs.input_validators.is_empty() {
        bail!(
            "{}: no inwer (prog/{}inwer.*)",
            sinol.root.display(),
            sinol.id
        );
    }
    let runner = Runner::current_exe(Sandbox::Auto)?;
    let cache = Cache::default_location()?;
    let toolbox = Toolbox::plain(&runner, &cache, 1);
    super::validated(toolbox.files(&problem, &args.files), &args.files)
}
