//! `stonejudge grundy`: Grundy values of a heap ruleset, and a proven period if there is one.
//!
//! Values are computed in chunks and streamed to standard output as they come; the table is
//! kept (the recurrence needs it) but never copied, so memory is 4 bytes per value plus the
//! engine's small arrays. With `--period` the Guy–Smith theorem is checked along the way and
//! the computation stops as soon as it proves a period: the values after that point are then
//! printed from the period — they follow from the theorem, they are not extrapolated. Long
//! runs show a progress bar on standard error when it is a terminal.

use std::io::{BufWriter, Write};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::CommandOutcome;
use crate::cli::GrundyArgs;
use stonejudge::game::engine::{Engine, Grundy, Options, MAX_VALUES};
use stonejudge::game::{Period, PeriodWatch, Ruleset};

/// From this N on, a run without --period on a ruleset that may be periodic (octal,
/// subtraction: a largest removal) is told about --period.
const PERIOD_HINT_FROM: u64 = 1_000_000;

pub fn run(args: &GrundyArgs) -> anyhow::Result<CommandOutcome> {
    let rules: Ruleset = args.ruleset.parse().context("RULESET")?;
    let len = usize::try_from(args.upto)
        .ok()
        .and_then(|upto| upto.checked_add(1))
        .filter(|&len| len <= MAX_VALUES)
        .with_context(|| {
            format!(
                "--upto {}: at most {} is supported",
                args.upto,
                MAX_VALUES - 1
            )
        })?;
    let engine: Engine = args
        .engine
        .parse()
        .map_err(anyhow::Error::msg)
        .context("--engine")?;
    if !args.period && args.upto >= PERIOD_HINT_FROM && rules.max_removal().is_some() {
        errln!(
            "grundy: hint: {} has a largest move, so its values may be periodic: --period \
             proves a period where there is one and stops computing there (the rest follows \
             from the proof), often in a fraction of a second",
            args.ruleset
        );
    }
    let options = Options {
        engine,
        threads: args.threads(),
    };
    let mut grundy = Grundy::new(&rules, &options);
    let started = Instant::now();
    if !args.period {
        // All of it will be computed: allocate once, so the table never moves (a move would
        // briefly need twice the memory). With --period the run may stop early.
        grundy.reserve(len).context("--upto")?;
    }
    let mut watch = if args.period {
        rules.max_removal().map(PeriodWatch::new)
    } else {
        None
    };

    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut line = Vec::with_capacity(1 << 16);
    let mut progress = Progress::new(len);
    let mut chunk = Chunk::default();
    let mut proven: Option<Period> = None;
    let mut written = 0;
    while written < len && proven.is_none() {
        let target = if grundy.is_incremental() {
            len.min(written + chunk.size)
        } else {
            len
        };
        let started = Instant::now();
        grundy.extend_to(target).context("--upto")?;
        chunk.adapt(started.elapsed());
        let values = grundy.values();
        for (n, &value) in values.iter().enumerate().take(target).skip(written) {
            push_value(&mut line, n, value);
        }
        out.write_all(&line)
            .context("cannot write to standard output")?;
        line.clear();
        written = target;
        if let Some(watch) = &mut watch {
            proven = if written == len {
                watch.settle(values)
            } else {
                watch.observe(values)
            };
        }
        progress.show(written, &grundy);
    }
    progress.finish();
    if args.verbose {
        errln!("{}", summary(&grundy, &options, started.elapsed()));
    }

    let values = grundy.values();
    if let Some(period) = proven {
        // Proven: G(n) = G(reduce(n)) for every n, by the theorem.
        for n in written..len {
            let value = values[period.reduce(n as u64) as usize];
            push_value(&mut line, n, value);
            if line.len() >= 1 << 16 {
                out.write_all(&line)
                    .context("cannot write to standard output")?;
                line.clear();
            }
        }
    }
    line.push(b'\n');
    if args.period {
        match (proven, rules.max_removal()) {
            (Some(period), Some(t)) => {
                writeln!(line, "{period}")?;
                writeln!(line, "{}", period.certificate(t))?;
            }
            _ => writeln!(line, "not proven up to {}", len - 1)?,
        }
    }
    out.write_all(&line)
        .and_then(|()| out.flush())
        .context("cannot write to standard output")?;
    Ok(CommandOutcome::Success)
}

/// What `--verbose` says: which engine computed the values, on how many threads, and what
/// that cost (the engine `auto` chose is otherwise invisible).
fn summary(grundy: &Grundy, options: &Options, elapsed: Duration) -> String {
    let stats = grundy.stats();
    let threads = if grundy.running() == "plain" {
        1
    } else {
        options.threads
    };
    let mut text = format!(
        "grundy: {} values by {} (asked for {}) on {threads} thread(s) in {:.2} s",
        grundy.values().len(),
        grundy.running(),
        options.engine,
        elapsed.as_secs_f64()
    );
    if let Some(at) = stats.fallback_at {
        text += &format!(", handed over from rare-common at {at} values");
    }
    if grundy.running() == "rare-common" {
        text += &format!(
            ", {} rare positions, {} reclassifications",
            stats.rare_positions, stats.reclassifications
        );
    }
    if stats.split_pairs > 0 {
        text += &format!(", {:.3e} split pairs examined", stats.split_pairs as f64);
    }
    text
}

/// Appends `G(n)` to the output line, a space before every value but the first.
fn push_value(line: &mut Vec<u8>, n: usize, value: u32) {
    if n > 0 {
        line.push(b' ');
    }
    let mut digits = [0u8; 10];
    let mut rest = value;
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    line.extend_from_slice(&digits[start..]);
}

/// How many values to compute between writes, progress updates and period checks: sized to
/// take a fraction of a second whatever the engine's speed.
struct Chunk {
    size: usize,
}

impl Default for Chunk {
    fn default() -> Chunk {
        Chunk { size: 1024 }
    }
}

impl Chunk {
    fn adapt(&mut self, took: Duration) {
        if took < Duration::from_millis(50) {
            self.size = (self.size * 2).min(1 << 20);
        } else if took > Duration::from_millis(400) {
            self.size = (self.size / 2).max(16);
        }
    }
}

/// A progress bar on standard error, shown once a run has lasted a second and only when
/// standard error is a terminal.
struct Progress {
    len: usize,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new(len: usize) -> Progress {
        Progress {
            len,
            started: Instant::now(),
            bar: None,
        }
    }

    fn show(&mut self, done: usize, grundy: &Grundy) {
        if self.bar.is_none() && self.started.elapsed() >= Duration::from_secs(1) {
            let bar =
                ProgressBar::with_draw_target(Some(self.len as u64), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {human_pos}/{human_len} values, eta {eta} {msg}",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            let stats = grundy.stats();
            bar.set_position(done as u64);
            bar.set_message(format!(
                "({}, {} rare, {:.2e} split pairs)",
                grundy.running(),
                stats.rare_positions,
                stats.split_pairs as f64
            ));
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
