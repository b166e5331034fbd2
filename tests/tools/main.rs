//! Tests that compare stonejudge with an optional outside tool (Kattis problemtools,
//! BAPCtools, sinol-make, the checktestdata implementations, and the conformance harness that
//! runs them all), run programs in languages whose compilers
//! not every machine has, or need
//! what not every machine gives (root, memory cgroups, PID namespaces and process limits). Each runs where the tool or the feature is
//! there; where it is not, it is reported as *ignored* and the reason is printed, so a missing
//! tool never counts as a pass. Nothing here installs anything: `.ci/run`
//! does. (A harness of our own, `libtest-mimic`, because the built-in one cannot decide at run
//! time that a test is ignored.)

#[path = "../suite/arena.rs"]
mod arena;
mod bapctools;
mod bapctools_multipass;
mod checktestdata;
mod conformance;
#[path = "../suite/declared_players.rs"]
mod declared_players;
mod export_interactive;
// The suite's Polygon package of export_formats, exported for verifyproblem.
#[allow(dead_code, unused_imports)]
#[path = "../suite/export_formats.rs"]
mod export_formats;
mod export_kattis;
mod export_scoring;
#[path = "../suite/grading_fixtures.rs"]
mod grading_fixtures;
#[path = "../suite/interactive_template.rs"]
mod interactive_template;
mod jail_root;
mod languages;
mod memory_cgroup;
#[path = "../suite/multipass_fixtures.rs"]
mod multipass_fixtures;
#[path = "../suite/nim_cli.rs"]
mod nim_cli;
#[allow(dead_code)]
#[path = "../suite/polygon_fixtures.rs"]
mod polygon_fixtures;
// The suite's package fixtures; this crate compares the ones problemtools can build, the suite
// uses them all.
#[allow(dead_code)]
#[path = "../suite/package_fixtures.rs"]
mod package_fixtures;
mod package_kattis;
mod problemtools;
mod process_confinement;
// The suite's scored problem of our format, for export_scoring (with what it is built from).
#[allow(dead_code, unused_imports)]
#[path = "../suite/programs_archive.rs"]
mod programs_archive;
#[allow(dead_code)]
#[path = "../suite/scored_problems.rs"]
mod scored_problems;
mod sinol;
// The suite's sinol-make fixtures; the POI one has no exact score to compare.
#[allow(dead_code)]
#[path = "../suite/sinol_fixtures.rs"]
mod sinol_fixtures;
#[path = "../suite/survivors.rs"]
mod survivors;
#[allow(dead_code)]
#[path = "../suite/testdata_cli.rs"]
mod testdata_cli;
mod verifyproblem_scoring;

/// A trial that runs `test` where `reason` is `None`, and is reported as ignored, with the
/// reason printed, where it is not.
fn where_possible(name: String, reason: Option<String>, test: fn()) -> libtest_mimic::Trial {
    if let Some(reason) = &reason {
        println!("SKIPPED {name} (reported as ignored): {reason}");
    }
    let ignored = reason.is_some();
    libtest_mimic::Trial::test(name, move || match reason {
        None => {
            test();
            Ok(())
        }
        Some(reason) => Err(libtest_mimic::Failed::from(reason)),
    })
    .with_ignored_flag(ignored)
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let mut trials: Vec<libtest_mimic::Trial> = export_kattis::trials();
    trials.extend(export_interactive::trials());
    trials.extend(package_kattis::trials());
    trials.extend(verifyproblem_scoring::trials());
    if let Err(reason) = problemtools::problemtools() {
        println!(
            "SKIPPED {} tests (reported as ignored): {reason}",
            trials.len()
        );
    }
    let cgroup_trials = memory_cgroup::trials();
    if let Some(reason) = memory_cgroup::unavailable() {
        println!(
            "SKIPPED {} tests (reported as ignored): {reason}",
            cgroup_trials.len()
        );
    }
    trials.extend(cgroup_trials);
    let mut bt_trials = bapctools::trials();
    bt_trials.extend(bapctools_multipass::trials());
    if let Err(reason) = bapctools::bt() {
        println!(
            "SKIPPED {} tests (reported as ignored): {reason}",
            bt_trials.len()
        );
    }
    trials.extend(bt_trials);
    trials.extend(export_scoring::trials());
    trials.extend(process_confinement::trials());
    trials.extend(jail_root::trials());
    trials.extend(languages::trials());
    for reason in [checktestdata::pip().err(), checktestdata::domjudge().err()]
        .into_iter()
        .flatten()
    {
        println!("SKIPPED the checktestdata comparisons with it (reported as ignored): {reason}");
    }
    trials.extend(checktestdata::trials());
    let sinol_trials = sinol::trials();
    if let Err(reason) = sinol::sinol_make() {
        println!(
            "SKIPPED {} tests (reported as ignored): {reason}",
            sinol_trials.len()
        );
    }
    trials.extend(sinol_trials);
    let conformance_trials = conformance::trials();
    if let Err(reason) = conformance::anchors() {
        println!(
            "SKIPPED {} tests (reported as ignored): {reason}",
            conformance_trials.len()
        );
    }
    trials.extend(conformance_trials);
    libtest_mimic::run(&args, trials).exit();
}
