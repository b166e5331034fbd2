//! `judge` takes each case's limits from the problem read into the model, whatever its format
//! (`stonejudge::judging`): an archive problem's `problem.toml` limits under a `--memory-limit`
//! flag, a Kattis package's time limit derived from its accepted submissions (or given by
//! `--time-limit`) with `problem.yaml`'s output limit, and a sinol-make package's per-group
//! limits, its per-language override winning over them and the flags over everything, with
//! the points of its scored groups.

use serde_json::Value;

use super::package_cli::{stonejudge as stonejudge_in, text};
use super::package_fixtures;
use super::programs_archive::{stonejudge, PROBLEM};
use super::scored_problems::scored;
use super::sinol_cli::judge as judge_sinol;
use super::sinol_fixtures::{self, slow_on_group_2};

/// The JSON report at `path`.
fn report(path: &std::path::Path, printed: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|_| panic!("no JSON: {printed}"));
    serde_json::from_str(&text).expect("JSON")
}

#[test]
fn an_archive_problem_runs_under_its_problem_toml_limits_and_the_flags() {
    let root = scored();
    let json = root.path().join("judge.json");
    let program = root
        .path()
        .join("problems/take/solutions/partial/samples.py");
    let (code, out, err) = stonejudge(
        root.path(),
        &[
            "judge",
            PROBLEM,
            "--memory-limit",
            "200",
            "--json",
            json.to_str().expect("UTF-8"),
            "--",
            program.to_str().expect("UTF-8"),
        ],
    );
    let report = report(&json, &format!("{out}{err}"));
    // Wrong on the sample only, which is worth nothing: every point, exit 0.
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(report["tests"][0]["verdict"], "WA", "{report}");
    assert_eq!(report["score"].as_f64(), Some(100.0), "{report}");
    let limits = &report["limits"];
    // problem.toml's 3 s, its wall clock twice that and a second; the flag's memory.
    assert_eq!(limits["time_s"].as_f64(), Some(3.0), "{limits}");
    assert_eq!(limits["wall_s"].as_f64(), Some(7.0), "{limits}");
    assert_eq!(limits["memory_mib"].as_u64(), Some(200), "{limits}");
}

#[test]
fn a_kattis_package_s_time_limit_is_derived_unless_the_flag_gives_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::double(&dir.path().join("double"));
    let json = dir.path().join("judge.json");
    let judge = |flags: &[&str]| {
        let output = stonejudge_in(dir.path())
            .args(["judge", "./double", "--json"])
            .arg(&json)
            .args(flags)
            .args(["--", "double/submissions/wrong_answer/plus_one.c"])
            .output()
            .expect("run judge");
        let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
        let report = report(&json, &format!("{stdout}{stderr}"));
        (output.status.code(), report, stdout, stderr)
    };

    let (code, report, stdout, stderr) = judge(&["--memory-limit", "100"]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("kattis verdict: WA"), "{stdout}");
    let verdicts: Vec<(&str, &str)> = (report["tests"].as_array().expect("tests").iter())
        .map(|t| (t["test"].as_str().unwrap(), t["verdict"].as_str().unwrap()))
        .collect();
    assert!(verdicts.contains(&("secret/02", "WA")), "{verdicts:?}");
    assert_eq!(verdicts.iter().filter(|(_, v)| *v == "AC").count(), 3);
    // The limit the accepted submissions gave, as the line on standard error says it.
    assert!(stderr.contains("deriving the time limit"), "{stderr}");
    let derived = (stderr.lines())
        .find_map(|l| l.strip_prefix("time limit: slowest accepted"))
        .and_then(|l| l.rsplit(": ").next())
        .and_then(|l| l.trim_end_matches(" s").parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no derived limit in {stderr}"));
    let limits = &report["limits"];
    assert_eq!(limits["time_s"].as_f64(), Some(derived), "{limits}");
    assert_eq!(limits["memory_mib"].as_u64(), Some(100), "{limits}");
    // problem.yaml's default output limit, 8 MiB.
    assert_eq!(limits["output_mib"].as_u64(), Some(8), "{limits}");

    let (code, report, stdout, stderr) = judge(&["--time-limit", "2.5"]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(!stderr.contains("deriving"), "{stderr}");
    assert!(
        stderr.contains("time limit: 2.5 s, from --time-limit"),
        "{stderr}"
    );
    let limits = &report["limits"];
    assert_eq!(limits["time_s"].as_f64(), Some(2.5), "{limits}");
    assert_eq!(limits["memory_mib"].as_u64(), Some(1024), "{limits}");
}

/// 1 s and 256 MiB; group 1 128 MiB, group 2 half a second; in Python group 2 gets 4 s.
const LIMITS: &str = "title: Sum
sinol_task_id: abc
time_limit: 1000
time_limits:
  2: 500
memory_limit: 262144
memory_limits:
  1: 131072
override_limits:
  py:
    time_limits:
      2: 4000
scores:
  1: 40
  2: 60
";

#[test]
fn a_sinol_package_s_limits_are_its_groups_its_language_s_and_the_flags() {
    let package = sinol_fixtures::package(LIMITS, &[("abcs1.py", &slow_on_group_2(1.5))]);
    let (code, report, out) = judge_sinol(&package, "abcs1.py", &[]);
    // 1.5 s of CPU on group 2: within Python's 4 s, not within the group's half second.
    assert_eq!(code, Some(0), "{out}");
    let tests = report["tests"].as_array().expect("tests");
    let row = |name: &str| -> (String, f64, u64) {
        let test = (tests.iter())
            .find(|t| t["test"] == name)
            .unwrap_or_else(|| panic!("no test {name} in {report}"));
        (
            test["verdict"].as_str().expect("verdict").to_string(),
            test["time_limit_s"].as_f64().expect("time limit"),
            test["memory_limit_mib"].as_u64().expect("memory limit"),
        )
    };
    assert_eq!(row("abc0"), ("AC".into(), 1.0, 256), "{report}");
    assert_eq!(row("abc1a"), ("AC".into(), 1.0, 128), "{report}");
    assert_eq!(row("abc2a"), ("AC".into(), 4.0, 256), "{report}");
    let points = |group: &str| {
        (report["groups"].as_array().expect("groups").iter())
            .find(|g| g["name"] == group)
            .and_then(|g| g["score"].as_f64())
            .unwrap_or_else(|| panic!("no group {group} in {report}"))
    };
    assert_eq!((points("1"), points("2")), (40.0, 60.0), "{report}");
    assert_eq!(report["score"].as_f64(), Some(100.0), "{report}");

    // The flag wins over every setting: a flat second, and group 2 is lost.
    let (code, report, out) = judge_sinol(&package, "abcs1.py", &["--time-limit", "1"]);
    assert_eq!(code, Some(1), "{out}");
    let last = &report["tests"][3];
    assert_eq!(
        (&last["test"], &last["verdict"], &last["time_limit_s"]),
        (&"abc2a".into(), &"TLE".into(), &1.0.into()),
        "{report}"
    );
    assert_eq!(report["score"].as_f64(), Some(40.0), "{report}");
}

/// Contest type `oi` allows no limit of a single test: `judge` applies one and says so (a
/// warning naming the test), and refuses it under `--strict`.
#[test]
fn a_sinol_test_s_own_limit_where_the_contest_type_allows_none_is_said() {
    let config = "title: Sum
sinol_task_id: abc
sinol_contest_type: oi
time_limit: 1000
memory_limit: 262144
time_limits:
  2a: 4000
scores:
  1: 40
  2: 60
";
    let package = sinol_fixtures::package(config, &[("abcs1.py", &slow_on_group_2(1.5))]);
    let (code, report, out) = judge_sinol(&package, "abcs1.py", &[]);
    assert!(
        out.contains("warning: ")
            && out.contains("abc2a: a limit for a single test is not allowed in contest type oi"),
        "{out}"
    );
    let own = (report["tests"].as_array().expect("tests").iter())
        .find(|t| t["test"] == "abc2a")
        .unwrap_or_else(|| panic!("no abc2a in {report}"));
    assert_eq!(own["time_limit_s"].as_f64(), Some(4.0), "{report}");
    assert_eq!(code, Some(0), "{out}");
    let (code, _, out) = judge_sinol(&package, "abcs1.py", &["--strict"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("not allowed in contest type oi (--strict)"),
        "{out}"
    );
}
