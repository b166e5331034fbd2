//! A stress run's findings as text: the census of an exhaustive run, and the report of a
//! failing case (its headline, the input, the expected and received answers, the checker's
//! words). The command prints them; the case's files and the command that repeats the run
//! are its own.

use std::fmt::Write as _;
use std::path::Path;

use super::run::describe_call;
use super::{Census, Failure, Origin, Trial};

/// Lines of an input or output printed in the report (the saved file has all of it).
const SHOWN_LINES: usize = 40;
/// Width of the lines listing instances per size.
const CENSUS_WIDTH: usize = 100;

/// How many instances each size has up to `bound`, in lines of at most [`CENSUS_WIDTH`]
/// characters, shown before an exhaustive run.
pub fn census_lines(census: &Census, bound: u64) -> Vec<String> {
    let mut words: Vec<String> = census
        .sizes
        .iter()
        .filter(|(size, _)| *size <= bound)
        .map(|(size, n)| format!("{size}:{n}"))
        .collect();
    if let Some(size) = census.uncounted_from.filter(|&size| size <= bound) {
        if let Some(last) = words.last_mut() {
            if census.sizes.last().is_some_and(|(s, _)| *s == size) {
                last.push('+');
            }
        }
        words.push(format!(
            "(counted up to {}; more from size {size} on)",
            census.total()
        ));
    } else {
        words.push(format!("({} in all)", census.total_through(bound)));
    }
    let mut lines = Vec::new();
    let mut line = "stress: instances by size:".to_string();
    for word in words {
        if line.len() + word.len() + 1 > CENSUS_WIDTH {
            lines.push(std::mem::replace(&mut line, "stress:  ".to_string()));
        }
        line.push(' ');
        line.push_str(&word);
    }
    lines.push(line);
    lines
}

/// `FAILED case 7 (seed 8, mode wide): WA`.
pub fn headline(failure: &Failure) -> String {
    let origin = match &failure.case.origin {
        Origin::Generated {
            seed,
            mode: Some(mode),
        } => format!("seed {seed}, mode {mode}"),
        Origin::Generated { seed, mode: None } | Origin::External { seed } => {
            format!("seed {seed}")
        }
        Origin::Enumerated { size } => format!("size {size}"),
        Origin::Called(call) => describe_call(call),
        Origin::Made { name } => format!("input {name}"),
    };
    format!(
        "FAILED case {} ({origin}): {}\n",
        failure.case.index, failure.trial.judged.verdict
    )
}

/// The input, expected and received answers and the checker's words; the input and answer in
/// full when they were not `saved`.
pub fn describe(report: &mut String, saved: Option<&Path>, input: &str, trial: &Trial) {
    let (lines, input_note, answer_note) = match saved {
        Some(path) => (
            SHOWN_LINES,
            format!(" (saved to {})", path.display()),
            format!(" (saved to {})", path.with_extension("ans").display()),
        ),
        None => (usize::MAX, " (not saved)".to_string(), String::new()),
    };
    let _ = writeln!(report, "--- input{input_note}");
    report.push_str(&shown(input.as_bytes(), lines));
    let _ = writeln!(report, "--- expected{answer_note}");
    report.push_str(&shown(trial.expected.as_bytes(), lines));
    report.push_str("--- received\n");
    report.push_str(&shown(&trial.received, SHOWN_LINES));
    if let Some(stderr) = &trial.judged.stderr {
        report.push_str("--- the program's standard error ends\n");
        report.push_str(&shown(stderr.as_bytes(), usize::MAX));
    }
    let _ = writeln!(
        report,
        "--- verdict {}: {}",
        trial.judged.verdict,
        trial.judged.message.trim_end()
    );
}

/// Text shown verbatim, cut after `max` lines; ends with a newline.
fn shown(bytes: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    let mut out: String = lines
        .iter()
        .take(max)
        .map(|line| format!("{line}\n"))
        .collect();
    if lines.len() > max {
        let _ = writeln!(out, "... ({} lines in all)", lines.len());
    }
    if lines.is_empty() {
        out.push_str("(nothing)\n");
    }
    out
}
