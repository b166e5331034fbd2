//! Tests that compare stonejudge with an optional outside tool (Kattis problemtools). Each runs
//! where the tool is installed; where it is not, it is reported as *ignored* and the reason is
//! printed, so a missing tool never counts as a pass. Nothing here installs anything: `.ci/run`
//! does. (A harness of our own, `libtest-mimic`, because the built-in one cannot decide at run
//! time that a test is ignored.)

mod export_kattis;
// The suite's package fixtures; this crate compares the ones problemtools can build, the suite
// uses them all.
#[allow(dead_code)]
#[path = "../suite/package_fixtures.rs"]
mod package_fixtures;
mod package_kattis;
mod problemtools;

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let mut trials: Vec<libtest_mimic::Trial> = export_kattis::trials();
    trials.extend(package_kattis::trials());
    if let Err(reason) = problemtools::problemtools() {
        println!(
            "SKIPPED {} tests (reported as ignored): {reason}",
            trials.len()
        );
    }
    libtest_mimic::run(&args, trials).exit();
}
