//! The commands on a sinol-make package (`stonejudge::sinol`): `validate` (inwer), and the
//! warnings of reading one; `judge`, `verify`, `testdata --check` and `stress` judge it over
//! the model from their own files.

use anyhow::bail;

use super::Outcome;
use crate::cli::ValidateArgs;
use stonejudge::judging::Toolbox;
use stonejudge::readers;
use stonejudge::run::{Cache, Runner, Sandbox};
use stonejudge::sinol::Sinol;

/// Prints the warnings of reading the package, or fails under `--strict`.
pub fn warnings(sinol: &Sinol, strict: bool) -> anyhow::Result<()> {
    for warning in sinol.warnings(strict).map_err(anyhow::Error::msg)? {
        errln!("warning: {warning}");
    }
    if let Some(why) = sinol.unsupported() {
        bail!("{why}");
    }
    Ok(())
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
    let runner = Runner::current_exe(Sandbox::Auto)?.with_jury(args.jury.limits());
    let cache = Cache::default_location()?;
    let toolbox = Toolbox::plain(&runner, &cache, 1);
    super::validated(toolbox.files(&problem, &args.files), &args.files)
}
