//! A sinol-make package's jury programs as they speak: its checker (`chk INPUT OUTPUT
//! ANSWER`: `OK` on the first line of its output or a rejection, a comment on the second, the
//! percentage of the test's points on the third, else the comparison of tokens) as a
//! [`Checker`], its interactor (`soc`, sio2's protocol) as a [`Conductor`], both for the one
//! judging path (this module's parent, which runs the solution and scores it from the model);
//! `inwer` reading an input (its name as argument, exit 0 when valid). Every program goes
//! through [`crate::run`]: compiled once into the cache, and confined. The package itself is
//! read by `crate::sinol`, which runs nothing.

use std::path::Path;

use crate::check::default_validator::compare_tokens;
use crate::check::JudgeFailure;
use crate::judge::{Checker, Conductor};
use crate::run::jury::beyond_limits;
use crate::run::{Exit, Invocation, Limits, Program, Run, Runner, ScratchDir, Stdin};
use crate::text::show;
use crate::verdict::{Awarded, Judged, Verdict};
use crate::within::read_head;

/// Bytes read of an interactor's report: its three lines (the verdict, a comment, the
/// percentage), and room to spare.
const REPORT_BYTES: usize = 64 << 10;

/// A package's judge: its checker prepared (or the comparison of tokens), and its interactor
/// when the task is interactive.
pub struct SinolJudge<'a> {
    pub runner: &'a Runner,
    pub checker: Option<Program>,
    pub interactor: Option<Program>,
}

impl SinolJudge<'_> {
    /// Plays `program` against `interactor` on the test whose input is `input`, as sio2 and
    /// sinol-make's interactive task type run them: the interactor is started as `SOC 1 3 4`
    /// (one solution, which it reads on descriptor 3 and writes to on descriptor 4), the
    /// test's input on its standard input, and writes its report, a checker's (`OK` or a
    /// rejection, a comment, the percentage), to its standard output; the solution gets `0`
    /// (its number) as argument, and the interactor twice its time limit and its memory
    /// limit. The verdict, in sinol-make's order:
    ///
    /// - the solution's own (TLE, MLE, RE), unless it ended by `SIGPIPE` ([`ended_by_sigpipe`]: it wrote after
    ///   the interactor had stopped reading);
    /// - else the report, when it has a first line: WA for a solution killed by `SIGPIPE`,
    ///   else what it says;
    /// - else WA when the interactor ended by `SIGPIPE` (the solution left early), and a
    ///   judge error for any other interactor that wrote no report.
    ///
    /// Not a [`crate::judge::Protocol`]: there the interactor's exit decides, here its report
    /// does, after the solution's own verdict; the two-way run is the same
    /// ([`Runner::run_against`]).
    fn play(
        &self,
        program: &Program,
        interactor: &Program,
        input: &Path,
        limits: &Limits,
    ) -> Result<(Judged, f64, Run), String> {
        let input = &std::path::absolute(input).map_err(|e| format!("{}: {e}", input.display()))?;
        let scratch = ScratchDir::new("sinol-interactor")?;
        let report = scratch.path().join("report");
        std::fs::write(&report, b"")
            .map_err(|e| format!("cannot write {}: {e}", report.display()))?;
        let interactor_limits = Limits {
            cpu: limits.cpu * 2,
            wall: limits.wall * 2,
            ..*limits
        };
        let solution = program.invocation.clone().arg("0");
        let socket = sio2_interactor(&interactor.invocation, input, &report);
        let two_way = (self.runner)
            .run_against(&solution, limits, &socket, &interactor_limits, |_| false)
            .map_err(|error| error.to_string())?;
        let (run, other) = (two_way.run, two_way.other.run);
        let shown = interactor.given.display();
        // Its limits are twice the solution's: one that reached them waited on nothing but
        // itself.
        if let Some(why) = beyond_limits(&format!("the interactor {shown}"), &other) {
            return Ok((Judged::judge_error(why), 0.0, run));
        }
        // Only its first lines are a report.
        let said = read_head(&report, REPORT_BYTES)?;
        let said = String::from_utf8_lossy(&said.bytes);
        let piped = |run: &Run| ended_by_sigpipe(run) && !run.time_limit_hit();
        let with_conversation =
            |verdict, why| crate::judge::interactive::rejected(verdict, why, &two_way.transcript);
        let (judged, percent) = match run.verdict() {
            Some((verdict, why)) if !piped(&run) => (Judged::new(verdict, why), 0.0),
            _ if !said.lines().next().unwrap_or("").trim_end().is_empty() => {
                let (judged, percent) = parse_checker_output(&said)
                    .map_err(|e| format!("the interactor {shown}: {e}"))?;
                match (piped(&run), judged.accepted()) {
                    (true, _) => (
                        with_conversation(
                            Verdict::WA,
                            format!(
                                "killed by SIGPIPE (it wrote after the interactor had stopped reading); \
                                 the interactor: {}",
                                judged.message
                            ),
                        ),
                        0.0,
                    ),
                    (false, true) => (judged, percent),
                    (false, false) => (with_conversation(Verdict::WA, judged.message), 0.0),
                }
            }
            _ if ended_by_sigpipe(&other) => (
                with_conversation(
                    Verdict::WA,
                    "the solution ended before the interactor was done".to_string(),
                ),
                0.0,
            ),
            _ => (
                Judged::judge_error(format!(
                    "the interactor {shown} wrote no report ({}){}",
                    other.exit,
                    match show::message(String::from_utf8_lossy(&other.stderr).trim()) {
                        stderr if stderr.is_empty() => String::new(),
                        stderr => format!(": {stderr}"),
                    }
                )),
                0.0,
            ),
        };
        Ok((judged, percent, run))
    }

    /// Plays `program` against the interactor on `input` (bytes, given to the interactor
    /// from a scratch file): the verdict and the percentage of points the interactor gave;
    /// an error when the task has no interactor or the game could not be played.
    pub fn play_input(
        &self,
        program: &Program,
        input: &[u8],
        limits: &Limits,
    ) -> Result<(Judged, f64), String> {
        let Some(interactor) = &self.interactor else {
            return Err("the task is not interactive".to_string());
        };
        let scratch = ScratchDir::new("sinol-input")?;
        let path = scratch.path().join("input.in");
        std::fs::write(&path, input)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let (judged, percent, run) = self.play(program, interactor, &path, limits)?;
        Ok((crate::judge::explained(judged, &run, self.runner), percent))
    }

    /// Judges `output` of the test whose input file is `input` and answer `answer`: the
    /// verdict and the percentage of points.
    pub fn check(
        &self,
        input: &Path,
        output: &[u8],
        answer: &[u8],
    ) -> Result<(Judged, f64), String> {
        let Some(checker) = &self.checker else {
            return Ok(match compare_tokens(answer, output) {
                Ok(()) => (Judged::new(Verdict::AC, "same tokens as the answer"), 100.0),
                Err(why) => (Judged::new(Verdict::WA, why), 0.0),
            });
        };
        // The checker runs in a directory of its own: it is given absolute paths.
        let input = &std::path::absolute(input).map_err(|e| format!("{}: {e}", input.display()))?;
        let scratch = ScratchDir::new("sinol-checker")?;
        let (output_file, answer_file) = (scratch.path().join("out"), scratch.path().join("ans"));
        std::fs::write(&output_file, output)
            .and_then(|()| std::fs::write(&answer_file, answer))
            .map_err(|e| format!("cannot write in {}: {e}", scratch.path().display()))?;
        let invocation = checker
            .invocation
            .clone()
            .arg(input)
            .arg(&output_file)
            .arg(&answer_file)
            .reads(input)
            .reads(&output_file)
            .reads(&answer_file);
        let limits = self.runner.jury().of_message(None);
        let run = (self.runner)
            .run(&invocation, Stdin::Empty, &limits)
            .map_err(|e| format!("checker: {e}"))?;
        if let Some(why) = beyond_limits(&format!("the checker {}", checker.given.display()), &run)
        {
            return Err(why);
        }
        let code = match run.exit {
            crate::run::Exit::Code(code) => code,
            _ => -1,
        };
        if !(0..=2).contains(&code) {
            return Err(format!(
                "checker {} failed ({}): {}",
                checker.given.display(),
                run.verdict().map_or("exit".to_string(), |(_, why)| why),
                show::message(String::from_utf8_lossy(&run.stderr).trim())
            ));
        }
        let (mut judged, percent) = parse_checker_output(&String::from_utf8_lossy(&run.stdout))?;
        if code != 0 && !judged.accepted() {
            // What a checker that failed said of itself is why (sinol-make calls it a
            // rejection).
            let stderr = show::message(String::from_utf8_lossy(&run.stderr).trim());
            judged.message = format!("{} (checker exit {code}: {stderr})", judged.message);
        }
        Ok((judged, percent))
    }
}

/// The checker's report: `OK` first (then the comment, then the percentage, 100 when absent),
/// or anything else for a rejection (its comment on the second line).
fn parse_checker_output(text: &str) -> Result<(Judged, f64), String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let line = |i: usize| lines.get(i).map_or("", |l| l.trim());
    let comment = show::message(line(1));
    if line(0) != "OK" {
        let comment = match comment.is_empty() {
            true => format!("the checker said {:?}", line(0)),
            false => comment,
        };
        return Ok((Judged::new(Verdict::WA, comment), 0.0));
    }
    let percent = match line(2) {
        "" => 100.0,
        text => parse_percent(text)
            .ok_or_else(|| format!("checker: the percentage {text:?} is not a number"))?,
    };
    let comment = match comment.is_empty() {
        true => format!("OK, {}%", crate::score::format_score(percent)),
        false => comment,
    };
    Ok((Judged::new(Verdict::AC, comment), percent))
}

/// A percentage as Python's `Fraction` reads it: `50`, `12.5`, `1/3`.
fn parse_percent(text: &str) -> Option<f64> {
    let value = match text.split_once('/') {
        Some((a, b)) => a.trim().parse::<f64>().ok()? / b.trim().parse::<f64>().ok()?,
        None => text.parse::<f64>().ok()?,
    };
    value.is_finite().then_some(value)
}

/// Whether `run` ended by `SIGPIPE` as sinol-make tells it: killed by the signal, or exited
/// with 141 (128 + 13), the shell's code for it, which an interactor that finds the solution
/// gone (end of file, `EPIPE`) often returns; sinol-make reads both as the signal (its executors
/// take `WTERMSIG` of the exit code).
fn ended_by_sigpipe(run: &Run) -> bool {
    run.exit == Exit::Signal(libc::SIGPIPE) || run.exit == Exit::Code(128 + libc::SIGPIPE)
}

/// `interactor` started as sio2 starts one: `SOC 1 3 4`, `input` on its standard input, its
/// standard output to `report`, the conversation on descriptors 3 (from the solution) and 4
/// (to it). A launched program gets three descriptors, the conversation's pipes as its
/// standard input and output: a shell moves them to 3 and 4, opens the files in their place,
/// and becomes the interactor (`exec`: the same process, under the interactor's limits and
/// confinement).
fn sio2_interactor(interactor: &Invocation, input: &Path, report: &Path) -> Invocation {
    let mut wrapped = Invocation::new("/bin/sh")
        .arg("-c")
        .arg("exec 3<&0 4>&1 <\"$0\" >\"$1\" && shift && exec \"$@\" 1 3 4")
        .arg(input)
        .arg(report)
        .arg(&interactor.program)
        .args(interactor.args.iter().cloned())
        .reads(&interactor.program)
        .reads(input)
        .writes(report);
    wrapped.reads.extend(interactor.reads.iter().cloned());
    wrapped.env.clone_from(&interactor.env);
    wrapped
}

/// Runs inwer on the input file `input` (its file name as argument, as sinol-make gives it):
/// `Ok(Ok(said))` with what it printed when the input is valid, `Ok(Err(why))` when it is
/// not, `Err(why)` when inwer cannot say (it reached its own limits: it hung, or flooded its
/// output).
pub fn run_inwer(
    inwer: &Program,
    input: &Path,
    runner: &Runner,
) -> Result<Result<String, String>, String> {
    let invocation = inwer
        .invocation
        .clone()
        .arg(input.file_name().unwrap_or_default());
    let limits = runner.jury().of_message(None);
    let run = runner
        .run(&invocation, Stdin::File(input), &limits)
        .map_err(|e| format!("inwer: {e}"))?;
    if let Some(why) = beyond_limits(&format!("inwer {}", inwer.given.display()), &run) {
        return Err(why);
    }
    let said = show::message(String::from_utf8_lossy(&run.stdout).trim());
    Ok(match run.verdict_with_stderr() {
        None => Ok(said),
        Some((_, why)) => Err(match said.is_empty() {
            true => why,
            false => format!("{said} ({why})"),
        }),
    })
}

/// The package's checker as a [`Checker`] of [`crate::judge`]: accepted when the checker
/// says OK, whatever the percentage, which the judgement carries as the fraction of the
/// test's points it earns.
impl Checker for SinolJudge<'_> {
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        let scratch = ScratchDir::new("sinol-input").map_err(JudgeFailure)?;
        let path = scratch.path().join("test.in");
        std::fs::write(&path, input)
            .map_err(|e| JudgeFailure(format!("cannot write {}: {e}", path.display())))?;
        SinolJudge::check(self, &path, output, answer)
            .map(|(judged, percent)| with_percent(judged, percent))
            .map_err(JudgeFailure)
    }
}

/// The package's interactor as a [`Conductor`] of [`crate::judge`]: the program played
/// against it as [`SinolJudge::play_input`] plays it, the percentage the interactor gave
/// carried as the fraction of the test's points it earns.
impl Conductor for SinolJudge<'_> {
    fn conduct(
        &self,
        _: &Runner,
        program: &Program,
        limits: &Limits,
        input: &[u8],
        _: &[u8],
    ) -> (Judged, Option<Run>) {
        match self.play_input(program, input, limits) {
            Ok((judged, percent)) => (with_percent(judged, percent), None),
            Err(why) => (Judged::judge_error(why), None),
        }
    }
}

/// `judged` with the fraction of the test's points the checker's `percent` gives, when it is
/// accepted.
fn with_percent(judged: Judged, percent: f64) -> Judged {
    match judged.accepted() {
        true => Judged {
            score: Some(Awarded::Multiplier(percent / 100.0)),
            ..judged
        },
        false => judged,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_reports_are_read_as_sinol_make_reads_them() {
        let (judged, percent) = parse_checker_output("OK\nfine\n50\n").expect("reads");
        assert_eq!((judged.verdict, percent), (Verdict::AC, 50.0));
        assert_eq!(parse_checker_output("OK\n").expect("reads").1, 100.0);
        assert_eq!(parse_checker_output("OK\n\n1/4\n").expect("reads").1, 0.25);
        let (judged, percent) = parse_checker_output("WRONG\ntoo big\n").expect("reads");
        assert_eq!(
            (judged.verdict, percent, judged.message.as_str()),
            (Verdict::WA, 0.0, "too big")
        );
        assert!(parse_checker_output("OK\n\nmany\n").is_err());
    }
}
