//! `export --format kattis` of an interactive program-backed problem against Kattis
//! problemtools: the template of `new --interactive` (its interactor speaks the Kattis
//! protocol and is exported as written), and the same problem with a testlib interactor (the
//! export wraps it in a prelude that speaks the Kattis protocol for it). `verifyproblem` plays
//! every exported submission against the interactor and reports 0 errors only if each gets its
//! folder's verdict.

use std::path::Path;

use libtest_mimic::Trial;

use crate::declared_players::stonejudge_in;
use crate::export_kattis::{parts, verifyproblem};
use crate::interactive_template::use_testlib_interactor;
use crate::problemtools::{needs_problemtools, Problemtools};

pub fn trials() -> Vec<Trial> {
    vec![
        needs_problemtools(
            "export_interactive::verifyproblem_accepts_the_exported_interactive_template",
            verifyproblem_accepts_the_exported_interactive_template,
        ),
        needs_problemtools(
            "export_interactive::verifyproblem_accepts_an_exported_testlib_interactor",
            verifyproblem_accepts_an_exported_testlib_interactor,
        ),
    ]
}

/// `new guess --interactive`, changed by `change`, exported and checked by `verifyproblem`.
fn exported(tools: &Problemtools, change: impl Fn(&Path)) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let run = |args: &[&str]| stonejudge_in(scratch.path(), args);
    run(&["new", "guess", "--interactive"]);
    change(&scratch.path().join("problems/guess"));
    run(&[
        "export",
        "guess",
        "--format",
        "kattis",
        "--out",
        "export/guess",
    ]);
    let package = scratch.path().join("export/guess");
    let yaml = std::fs::read_to_string(package.join("problem.yaml")).expect("problem.yaml");
    assert!(yaml.contains("validation: custom interactive"), "{yaml}");
    let output = verifyproblem(tools, &package, &parts(), "guess");
    // Both exported submissions were played: the binary search accepted, the linear one not.
    assert!(output.contains("accepted/sol.cpp (C++) OK: AC"), "{output}");
    assert!(
        output.contains("wrong_answer/linear.cpp (C++) OK: WA"),
        "{output}"
    );
}

fn verifyproblem_accepts_the_exported_interactive_template(tools: &Problemtools) {
    exported(tools, |_| {});
}

fn verifyproblem_accepts_an_exported_testlib_interactor(tools: &Problemtools) {
    exported(tools, use_testlib_interactor);
}
