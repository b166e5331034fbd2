//! A judge run's results for people and scripts: which tests `--test` selects, the rows of the
//! table of tests, the one-line summary under it, a message cut or wrapped for it, and the JSON
//! report (`judge --json`, with a scored problem's card). The command prints them.

use std::path::Path;

use serde::Serialize;

use super::Test;
use crate::run::{mebibytes, seconds, Limits, Protections};
use crate::score::ScoreCard;
use crate::text::show::count;
use crate::verdict::{Awarded, Judged, Verdict};

/// The tests named by `--test` (all of them when none is), or which name is not a test (and
/// which one was meant, when only leading zeros are missing: `1` for `01`).
pub fn selected(tests: Vec<Test>, only: &[String], dir: &Path) -> Result<Vec<Test>, String> {
    if let Some(missing) = only.iter().find(|o| !tests.iter().any(|t| &t.name == *o)) {
        let meant = tests
            .iter()
            .find(|t| t.name.trim_start_matches('0') == missing.trim_start_matches('0'))
            .map(|t| format!(" (did you mean {}?)", t.name))
            .unwrap_or_default();
        return Err(format!(
            "--test {missing}: there is no {missing}.in in {}{meant}",
            dir.display()
        ));
    }
    let tests: Vec<Test> = tests
        .into_iter()
        .filter(|t| only.is_empty() || only.contains(&t.name))
        .collect();
    if tests.is_empty() {
        return Err(format!("no tests (NAME.in files) in {}", dir.display()));
    }
    Ok(tests)
}

/// `nim: 18 of 20 tests AC; 1 WA, 1 TLE; first failure: test 03 (WA); max time …`.
pub fn summary(problem: &str, tests: &[Test], outcomes: &[Judged]) -> String {
    let accepted = outcomes.iter().filter(|o| o.verdict == Verdict::AC).count();
    let mut text = if accepted == tests.len() {
        format!("{problem}: all {} tests AC", tests.len())
    } else {
        let counts: Vec<String> = Verdict::ALL
            .into_iter()
            .filter(|&v| v != Verdict::AC)
            .filter_map(|v| {
                let n = outcomes.iter().filter(|o| o.verdict == v).count();
                (n > 0).then(|| format!("{n} {v}"))
            })
            .collect();
        let (first, outcome) = tests
            .iter()
            .zip(outcomes)
            .find(|(_, o)| o.verdict != Verdict::AC)
            .map(|(t, o)| (t.name.as_str(), o.verdict))
            .unwrap_or(("?", Verdict::JE));
        format!(
            "{problem}: {accepted} of {} AC; {}; first failure: test {first} ({outcome})",
            count(tests.len(), "test", "tests"),
            counts.join(", ")
        )
    };
    let measured: Vec<_> = outcomes.iter().filter_map(|o| o.measured).collect();
    if let (Some(time), Some(memory)) = (
        measured.iter().map(|m| m.cpu_time).max(),
        measured.iter().map(|m| m.peak_memory_kib).max(),
    ) {
        text.push_str(&format!(
            "; max time {}, max memory {}",
            seconds(time),
            mebibytes(memory * 1024)
        ));
    }
    text
}

/// `text` in lines of at most `width` characters, broken at spaces where it can be (a longer
/// word gets a line of its own); its own line breaks are kept.
pub fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.trim_end().lines() {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    lines
}

/// The first line of `text`, cut at `max` characters.
pub fn one_line(text: &str, max: usize) -> String {
    let line = text.lines().next().unwrap_or("");
    match line.char_indices().nth(max) {
        Some((cut, _)) => format!("{}...", &line[..cut]),
        None => line.to_string(),
    }
}

/// `text` in the colour of `verdict`, for a terminal (ANSI): green AC, red WA and PE, yellow
/// the limits, magenta RE, bold red CE and JE.
pub fn painted(verdict: Verdict, text: &str) -> String {
    let code = match verdict {
        Verdict::AC => "32",
        Verdict::WA | Verdict::PE => "31",
        Verdict::TLE | Verdict::MLE | Verdict::OLE => "33",
        Verdict::RE => "35",
        Verdict::CE | Verdict::JE => "1;31",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

/// A row of the table of tests, `03    WA       0.01 s    3.1 MiB  case 1: …` (the name
/// `width` wide; the verdict [`painted`] when `colour`; the message's first line unless AC).
pub fn table_row(name: &str, width: usize, outcome: &Judged, colour: bool) -> String {
    let short = format!("{:7}", outcome.verdict.short());
    let verdict = match colour {
        true => painted(outcome.verdict, &short),
        false => short,
    };
    let (time, memory) = match outcome.measured {
        Some(m) => (seconds(m.cpu_time), mebibytes(m.peak_memory_kib * 1024)),
        None => ("-".to_string(), "-".to_string()),
    };
    let message = match outcome.verdict {
        Verdict::AC => String::new(),
        _ => one_line(&outcome.message, 80),
    };
    format!("{name:width$}  {verdict}  {time:>7}  {memory:>9}  {message}")
        .trim_end()
        .to_string()
}

/// `judge --json`: the run and every test's verdict.
#[derive(Serialize)]
struct JsonReport<'a> {
    problem: &'a str,
    program: Vec<String>,
    tests_dir: String,
    limits: JsonLimits,
    /// The protections the program ran under.
    sandbox: &'a Protections,
    /// AC if every test is AC, else the verdict of the first test that is not.
    verdict: Verdict,
    /// On a scored problem: `score`, `max_score` and `groups` (each with its `score`, `max`
    /// and `verdict`), as in `verify --json`.
    #[serde(flatten)]
    score: Option<&'a ScoreCard>,
    tests: Vec<JsonTest>,
}

#[derive(Serialize)]
struct JsonLimits {
    time_s: f64,
    wall_s: f64,
    memory_mib: Option<u64>,
    output_mib: u64,
}

#[derive(Serialize)]
struct JsonTest {
    test: String,
    verdict: Verdict,
    time_s: Option<f64>,
    wall_s: Option<f64>,
    memory_kib: Option<u64>,
    message: String,
    /// The limits it ran under: its group's, its own, its language's, or the flags.
    time_limit_s: f64,
    memory_limit_mib: Option<u64>,
    /// On a scored problem, the percentage of its points it earned (sinol-make's time-scaled
    /// points included).
    #[serde(skip_serializing_if = "Option::is_none")]
    points_percent: Option<f64>,
    /// The points its checker gave (testlib's `quitp` fraction, Kattis `score.txt`); absent
    /// when it gave none.
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<f64>,
    /// The end of the program's standard error on a verdict that is not AC (the last 20
    /// lines, at most 2 KiB, headed by a `[... cut ...]` line when more came before); null
    /// when it wrote nothing, and on AC.
    stderr: Option<String>,
    /// A shell command judging this test alone under the same limits.
    repro: String,
}

/// What a report says of one test beyond its verdict.
pub struct TestTerms {
    /// The limits it ran under.
    pub limits: Limits,
    /// On a scored problem, the fraction of its points it earned.
    pub fraction: Option<f64>,
}

/// The JSON report of judging `program` (its command words) on `problem`'s `tests` from `dir`:
/// the limits, the protections it ran under, the score `card` of a scored problem, and per
/// test the verdict, the measures, its `terms`, the message and `repro(test)`, a command
/// judging that test alone.
pub fn json_report(
    (problem, program): (&str, Vec<String>),
    (dir, limits, sandbox): (&Path, &Limits, &Protections),
    (tests, outcomes, terms, card): (&[Test], &[Judged], &[TestTerms], Option<&ScoreCard>),
    repro: &dyn Fn(&str) -> String,
) -> String {
    let report = JsonReport {
        problem,
        program,
        tests_dir: dir.display().to_string(),
        limits: JsonLimits {
            time_s: limits.cpu.as_secs_f64(),
            wall_s: limits.wall.as_secs_f64(),
            memory_mib: limits.memory.map(|m| m >> 20),
            output_mib: limits.output >> 20,
        },
        sandbox,
        verdict: outcomes
            .iter()
            .map(|o| o.verdict)
            .find(|&v| v != Verdict::AC)
            .unwrap_or(Verdict::AC),
        score: card,
        tests: tests
            .iter()
            .zip(outcomes)
            .zip(terms)
            .map(|((test, outcome), terms)| JsonTest {
                test: test.name.clone(),
                verdict: outcome.verdict,
                time_s: outcome.measured.map(|m| m.cpu_time.as_secs_f64()),
                wall_s: outcome.measured.map(|m| m.wall_time.as_secs_f64()),
                memory_kib: outcome.measured.map(|m| m.peak_memory_kib),
                message: outcome.message.clone(),
                time_limit_s: terms.limits.cpu.as_secs_f64(),
                memory_limit_mib: terms.limits.memory.map(|m| m >> 20),
                points_percent: terms.fraction.map(|f| f * 100.0),
                points: outcome.score.map(Awarded::value),
                stderr: outcome.stderr.clone(),
                repro: repro(&test.name),
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&report).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_at_spaces_and_keeps_line_breaks() {
        assert_eq!(wrapped("aa bb cc\ndd", 5), ["aa bb", "cc", "dd"]);
        assert_eq!(wrapped("abcdefg hi", 3), ["abcdefg", "hi"]);
    }

    #[test]
    fn one_line_cuts() {
        assert_eq!(one_line("abc\ndef", 80), "abc");
        assert_eq!(one_line("abcdef", 3), "abc...");
    }
}
