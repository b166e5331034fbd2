//! `stonejudge grundy`: Grundy values of a heap ruleset, and a proven period if there is one.

use std::io::{BufWriter, Write};

use anyhow::Context;

use super::Outcome;
use crate::cli::GrundyArgs;
use stonejudge::game::{grundy, proven_period, Ruleset};

pub fn run(args: &GrundyArgs) -> anyhow::Result<Outcome> {
    let rules: Ruleset = args.ruleset.parse().context("RULESET")?;
    let upto = usize::try_from(args.upto).context("--upto is too large for this machine")?;
    let values = grundy::plain_table(&rules, upto);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let write = |out: &mut BufWriter<_>| -> std::io::Result<()> {
        for (i, v) in values.iter().enumerate() {
            write!(out, "{}{v}", if i == 0 { "" } else { " " })?;
        }
        writeln!(out)?;
        if args.period {
            match rules.max_removal().and_then(|t| proven_period(&values, t)) {
                Some(period) => writeln!(out, "{period}")?,
                None => writeln!(out, "not proven up to {upto}")?,
            }
        }
        out.flush()
    };
    write(&mut out).context("cannot write to standard output")?;
    Ok(Outcome::Success)
}
