//! The multi-pass packages of the suite (`code`, plain and interactive) judged by stonejudge's
//! `verify` and by BAPCtools' `bt run`: every submission gets the same verdict from both.
//! (problemtools' `verifyproblem` does not run multi-pass problems, so BAPCtools is the one
//! tool to compare with.) Where `bt` is not installed, the tests are reported as ignored.

use std::path::Path;

use libtest_mimic::{Failed, Trial};

use crate::bapctools::{bt, ours, theirs};
use crate::multipass_fixtures::{code, VERDICTS};

pub fn trials() -> Vec<Trial> {
    let ignored = bt().is_err();
    [false, true]
        .into_iter()
        .map(|interactive| {
            let name = match interactive {
                true => "bapctools::bt_run_and_verify_agree_on_an_interactive_multi_pass_package",
                false => "bapctools::bt_run_and_verify_agree_on_a_multi_pass_package",
            };
            Trial::test(name, move || match bt() {
                Ok(bt) => {
                    agree(&bt, interactive);
                    Ok(())
                }
                Err(reason) => Err(Failed::from(reason)),
            })
            .with_ignored_flag(ignored)
        })
        .collect()
}

fn agree(bt: &Path, interactive: bool) {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("code");
    code(&package, interactive);
    let ours = ours(&package);
    let (theirs, log) = theirs(bt, &package);
    assert_eq!(ours.len(), VERDICTS.len(), "{ours:?}");
    for (submission, verdict) in VERDICTS {
        assert_eq!(
            ours.get(submission).map(String::as_str),
            Some(verdict),
            "{submission}: {ours:?}"
        );
    }
    assert_eq!(ours, theirs, "bt run said:\n{log}");
}
