//! What `verify` found, as it is written to files: JSON (`--json`) and a page to read
//! (`--html`, see [`html`]); and a problem's model as text for `describe` ([`describe`]). Both are made from one [`VerifyReport`], so that they always carry
//! the same data; the text table on standard output is printed by the command as items finish.

pub mod describe;
pub mod html;
pub mod scores;

use serde::Serialize;

use crate::run::Protections;
use crate::verify::{ItemReport, Partition};

/// Everything one run of `verify` found: the `--json` document, and what `--html` draws.
#[derive(Debug, Serialize)]
pub struct VerifyReport<'a> {
    pub partition: Partition,
    /// The protections the example solutions ran under.
    pub sandbox: &'a Protections,
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    /// Items of the partition that did not run to their end, Ctrl-C having stopped verify
    /// (the one it cut short included, which is not among `items`): 0 for a whole run.
    pub not_run: usize,
    pub items: &'a [ItemReport],
}

impl VerifyReport<'_> {
    /// The `--json` document, pretty-printed, with a final newline.
    pub fn json(&self) -> serde_json::Result<String> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }
}
