//! The warnings of reading a sinol-make package (`stonejudge::sinol`), which the commands
//! that take one print; `validate`, `judge`, `verify`, `testdata --check` and `stress` judge it
//! over the model from their own files.

use anyhow::bail;

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
