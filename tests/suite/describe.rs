//! `describe PROBLEM [--json]`: every reader on real packages, through the real binary, and
//! what each read: our problems (of the catalog, declared, program-backed, scored), Kattis
//! packages (legacy with nested groups, 2023-07 with an output validator, interactive,
//! multi-pass, scoring, 2025-09 with submissions.yaml), sinol-make packages (limits per group
//! and language, oi, icpc, expected scores), Polygon packages (groups with points, tags; more
//! in `polygon.rs`); a broken package is an error at its `file:line:col` (exit 2).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::programs_archive::{archive, problem_dir, stonejudge};
use super::{multipass_fixtures, package_fixtures, polygon_fixtures, sinol_fixtures};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `describe PROBLEM --json` run in `dir`: the model.
pub(super) fn model(dir: &Path, problem: &str) -> Value {
    let (code, out, err) = stonejudge(dir, &["describe", problem, "--json"]);
    assert_eq!(code, Some(0), "{out}{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// The names of the model's groups.
pub(super) fn groups(model: &Value) -> Vec<&str> {
    (model["groups"].as_array().expect("groups").iter())
        .map(|g| g["name"].as_str().expect("a name"))
        .collect()
}

/// The group named `name`.
fn group<'a>(model: &'a Value, name: &str) -> &'a Value {
    (model["groups"].as_array().expect("groups").iter())
        .find(|g| g["name"] == name)
        .unwrap_or_else(|| panic!("no group {name}: {:?}", groups(model)))
}

/// How many cases of `kind` the model has.
pub(super) fn cases(model: &Value, kind: &str) -> usize {
    (model["cases"].as_array().expect("cases").iter())
        .filter(|c| c["kind"] == kind)
        .count()
}

/// The submission `id`.
pub(super) fn submission<'a>(model: &'a Value, id: &str) -> &'a Value {
    (model["submissions"].as_array().expect("submissions").iter())
        .find(|s| s["id"] == id)
        .unwrap_or_else(|| panic!("no submission {id}: {}", model["submissions"]))
}

#[test]
fn a_catalog_problem_reads_as_its_plan_with_built_in_programs() {
    let stripes = model(&repo(), "stripes");
    assert_eq!(stripes["format"], "ours");
    assert_eq!(groups(&stripes)[..3], ["sample", "min", "small"]);
    assert_eq!(
        (cases(&stripes, "sample"), cases(&stripes, "secret")),
        (1, 18)
    );
    assert_eq!(
        stripes["programs"]["checker"]["built_in"],
        "the catalog's stripes checker"
    );
    assert_eq!(stripes["limits"]["time"]["fixed"], 1.0);
    assert_eq!(stripes["regeneration"], "plan");
    // Its tests are in the archive's testdata/, where `judge` looks for them.
    let tests_dir = stripes["tests_dir"].as_str().expect("a folder");
    assert!(tests_dir.ends_with("testdata/stripes"), "{tests_dir}");
    let accepted = submission(&stripes, "solutions/accepted/stripes.cpp");
    assert_eq!(accepted["expectation"]["verdicts"]["promised"], "AC");
    let (code, text, err) = stonejudge(&repo(), &["describe", "stripes"]);
    assert_eq!(code, Some(0), "{err}");
    for line in [
        "stripes: problem.toml, read from ",
        "  min: 1 case: every constraint at its minimum",
        "cases: 1 sample, 18 secret",
        "  checker: the catalog's stripes checker",
        "  solutions/wrong_answer/grundy_u8.cpp: WA (folder solutions/wrong_answer/)",
        "scoring: pass-fail",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
}

#[test]
fn a_declared_play_game_has_the_built_in_judge_as_its_interactor() {
    let play = model(&repo(), "take-1-3-4-play");
    let interactor = &play["programs"]["interactor"];
    assert_eq!(interactor["protocol"], "built_in");
    assert_eq!(
        interactor["program"]["built_in"],
        "the declared game take-1-3-4-play's judge"
    );
}

#[test]
fn a_program_backed_problem_reads_its_programs_groups_and_invalid_inputs() {
    let root = archive();
    let take = model(root.path(), "take");
    let programs = &take["programs"];
    let path = |tool: &Value| {
        tool["program"]["path"]
            .as_str()
            .expect("a path")
            .to_string()
    };
    assert!(path(&programs["generator"]).ends_with("problems/take/gen.cpp"));
    assert_eq!(programs["checker"]["program"]["protocol"], "testlib");
    assert!(path(&programs["brute"]).ends_with("brute.py"));
    assert_eq!(
        groups(&take),
        ["sample", "small", "hand", "large", "invalid_input"]
    );
    assert_eq!(group(&take, "small")["small"], true);
    assert_eq!(cases(&take, "invalid_input"), 2);
    let inline = (take["cases"].as_array().expect("cases").iter())
        .find(|c| c["kind"] == "invalid_input")
        .expect("an invalid input");
    assert_eq!(inline["input"]["inline"], "1\n01\n");
    // Its test data is not written yet: said, not hidden.
    let warnings = take["warnings"].to_string();
    assert!(warnings.contains("no test data yet"), "{warnings}");
}

#[test]
fn a_scored_problem_reads_its_points_and_expectations_with_their_place() {
    let root = archive();
    let manifest = problem_dir(root.path()).join("problem.toml");
    let mut text = std::fs::read_to_string(&manifest).expect("read");
    for (group, points) in [("small", 30), ("hand", 10), ("large", 60)] {
        let name = format!("name = \"{group}\"\n");
        text = text.replacen(&name, &format!("{name}points = {points}\n"), 1);
    }
    text.push_str(
        "\n[expect]\n\"solutions/wrong_answer/wrong.cpp\" = { score = 10, groups = { small = \
         { verdict = \"WA\", points = 0 } } }\n",
    );
    std::fs::write(&manifest, &text).expect("write");
    let line = text.lines().count();
    let take = model(root.path(), "take");
    let rules = take["scoring"]["rules"].as_array().expect("rules");
    let points: Vec<(&str, f64)> = (rules.iter())
        .map(|r| {
            (
                r["name"].as_str().expect("name"),
                r["points"].as_f64().expect("points"),
            )
        })
        .collect();
    assert_eq!(
        points,
        [
            ("sample", 0.0),
            ("small", 30.0),
            ("hand", 10.0),
            ("large", 60.0)
        ]
    );
    let wrong = &submission(&take, "solutions/wrong_answer/wrong.cpp")["expectation"];
    assert_eq!(wrong["score"]["total"], serde_json::json!([10.0, 10.0]));
    assert_eq!(wrong["score"]["groups"][0]["verdict"], "WA");
    let origin = wrong["origin"].as_str().expect("origin");
    assert!(
        origin.ends_with(&format!("problem.toml:{line}:38 [expect]")),
        "{origin}"
    );
    let (_, text, _) = stonejudge(root.path(), &["describe", "take"]);
    assert!(text.contains("scoring: 100 points over 3 groups"), "{text}");
    assert!(text.contains("score 10; group small WA 0 points"), "{text}");
}

#[test]
fn a_legacy_package_reads_nested_groups_with_their_arguments() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("double");
    package_fixtures::double(&root);
    let double = model(dir.path(), "./double");
    assert_eq!(double["format"], "kattis_legacy");
    assert_eq!(
        double["programs"]["checker"]["default"]["flags"],
        serde_json::json!(["float_tolerance", "1e-6"])
    );
    let nested: Vec<&str> = (groups(&double).into_iter())
        .filter(|g| g.matches('/').count() >= 2)
        .collect();
    assert!(!nested.is_empty(), "{:?}", groups(&double));
    assert!(
        (double["groups"].as_array().expect("groups").iter())
            .any(|g| g["input_validator_args"] != serde_json::json!([])),
        "no group gives its validator arguments: {}",
        double["groups"]
    );
    assert_eq!(
        double["limits"]["time"]["from_submissions"]["ac_to_time_limit"],
        5.0
    );
    assert!(cases(&double, "sample") > 0 && cases(&double, "secret") > 0);
    let statement = &double["statements"][0];
    assert_eq!(
        (statement["language"].as_str(), statement["title"].as_str()),
        (Some("en"), Some("Double"))
    );
}

#[test]
fn a_2023_package_reads_its_output_validator_and_group_arguments() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::divisor(&dir.path().join("divisor"));
    let divisor = model(dir.path(), "./divisor");
    assert_eq!(divisor["format"], "kattis2023");
    assert_eq!(
        divisor["programs"]["checker"]["program"]["protocol"],
        "kattis"
    );
    assert_eq!(
        group(&divisor, "secret")["output_validator_args"],
        serde_json::json!(["strict"])
    );
}

#[test]
fn interactive_and_multi_pass_packages_say_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::guess(&dir.path().join("guess"));
    let guess = model(dir.path(), "./guess");
    assert_eq!(guess["programs"]["interactor"]["protocol"], "kattis");
    multipass_fixtures::code(&dir.path().join("code"), false);
    let code = model(dir.path(), "./code");
    assert_eq!(code["programs"]["passes"], 2);
    assert_eq!(code["programs"]["interactor"], Value::Null);
}

#[test]
fn a_scoring_package_reads_its_groups_worth() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::scoring(&dir.path().join("scored"));
    let scored = model(dir.path(), "./scored");
    let rules = &scored["scoring"]["rules"];
    assert_eq!(rules[0]["name"], "secret");
    assert_eq!(rules[0]["points"], 100.0);
    assert_eq!(rules[0]["aggregation"], "sum");
}

#[test]
fn a_2025_package_reads_submissions_yaml_answer_validators_and_validator_cases() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::halve(&dir.path().join("halve"));
    let halve = model(dir.path(), "./halve");
    assert_eq!(halve["format"], "kattis2025");
    // A Kattis limit keeps the margins 2025-09 holds it to (the defaults here).
    let time = &halve["limits"]["time"]["fixed_with_margins"];
    assert_eq!(time["limit"], 1.0);
    assert_eq!(time["ac_to_time_limit"], 2.0);
    assert_eq!(time["time_limit_to_tle"], 1.5);
    assert_eq!(halve["limits"]["memory_mib"], 512);
    assert!(!halve["programs"]["answer_validators"]
        .as_array()
        .expect("list")
        .is_empty());
    for kind in [
        "invalid_input",
        "invalid_answer",
        "invalid_output",
        "valid_output",
    ] {
        assert!(cases(&halve, kind) > 0, "no {kind} case");
    }
    let wrong = submission(&halve, "submissions/wrong_answer/actually_right.py");
    let rules = &wrong["expectation"]["verdicts"]["rules"];
    assert!(rules.as_array().is_some_and(|r| !r.is_empty()), "{wrong}");
    assert!(
        wrong["expectation"]["origin"]
            .as_str()
            .expect("origin")
            .contains("folder"),
        "{wrong}"
    );
    assert_eq!(halve["statements"][0]["title"], "Halve");
    let tests_dir = halve["tests_dir"].as_str().expect("a folder");
    assert!(tests_dir.ends_with("halve/data"), "{tests_dir}");
}

/// How a package's programs are built is in its model: a 2025-09 package's constants and
/// `include/` folders, and the limits of its validators; a sinol-make package's files beside
/// its sources, its solutions' extras, and the macros its ingen and inwer are compiled with;
/// which submissions set a derived time limit.
#[test]
fn a_package_s_model_says_how_its_programs_are_built() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::halve(&dir.path().join("halve"));
    let halve = model(dir.path(), "./halve");
    let building = &halve["programs"]["building"];
    assert_eq!(building["constants"]["max_n"], "1000000", "{building}");
    let default = building["submission_files"]["default"].as_str();
    assert!(
        default.is_some_and(|d| d.ends_with("halve/include/default")),
        "{building}"
    );
    assert_eq!(
        building["submission_files"]["by_language"],
        serde_json::json!({})
    );
    assert_eq!(building["beside"], Value::Null, "{building}");
    let validation = &halve["limits"]["validation"];
    assert_eq!(validation["memory_mib"], 1024, "{validation}");
    assert_eq!(validation["output_mib"], 8, "{validation}");
    let sets = |id: &str| submission(&halve, id)["sets_time_limit"].clone();
    assert_eq!(sets("submissions/accepted/uses_include.py"), true);
    // 2025-09: wrong_answer/ permits AC and WA on every test, never a time-out.
    assert_eq!(sets("submissions/wrong_answer/floor.py"), true);
    assert_eq!(sets("submissions/rejected/crash.py"), false);
    assert_eq!(sets("submissions/slow/spin.py"), false);

    let package = sinol_fixtures::limits();
    package.write("prog/abc.h", "// a header beside the sources\n");
    let abc = model(package.dir.path(), "./abc");
    let building = &abc["programs"]["building"];
    let beside = building["beside"].as_array().expect("files beside");
    assert_eq!(beside.len(), 1, "{building}");
    assert!(beside[0]
        .as_str()
        .is_some_and(|p| p.ends_with("prog/abc.h")));
    let folder = building["submission_extras"]["folder"].as_str();
    assert!(
        folder.is_some_and(|f| f.ends_with("abc/prog")),
        "{building}"
    );
    assert_eq!(building["constants"], Value::Null, "{building}");
    let inwer = &abc["programs"]["input_validators"][0]["program"]["program"];
    assert_eq!(inwer["defines"], serde_json::json!(["_INWER"]), "{inwer}");
    assert_eq!(submission(&abc, "prog/abcs1.py")["sets_time_limit"], false);
}

#[test]
fn a_sinol_package_reads_its_limits_per_group_and_language() {
    let package = sinol_fixtures::limits();
    let abc = model(package.dir.path(), "./abc");
    assert_eq!(abc["format"], "sinol");
    let tests_dir = abc["tests_dir"].as_str().expect("a folder");
    assert!(tests_dir.ends_with("abc/in"), "{tests_dir}");
    let limits = &abc["limits"];
    assert_eq!(limits["time"]["fixed"], 1.0);
    assert_eq!(limits["memory_mib"], 256);
    assert_eq!(limits["overrides"]["by_group"]["2"]["time"], 10.0);
    assert_eq!(limits["overrides"]["by_group"]["1"]["memory_mib"], 128);
    assert_eq!(limits["by_language"]["cpp"]["base"]["time"], 0.1);
    assert_eq!(groups(&abc), ["0", "1", "2"]);
    assert_eq!((cases(&abc, "sample"), cases(&abc, "secret")), (1, 3));
    assert_eq!(
        abc["programs"]["checker"],
        serde_json::json!({"default": {"flags": []}})
    );
    assert!(abc["regeneration"]["ingen"]["path"]
        .as_str()
        .is_some_and(|p| p.ends_with("prog/abcingen.sh")));
    let slow = submission(&abc, "prog/abcs1.py");
    assert_eq!(
        slow["expectation"]["score"]["total"],
        serde_json::json!([100.0, 100.0])
    );
}

#[test]
fn sinol_contest_types_and_expected_scores_are_read() {
    let sum = sinol_fixtures::sum();
    let abc = model(sum.dir.path(), "./abc");
    let rules = &abc["scoring"]["rules"];
    assert_eq!(
        (rules[1]["points"].as_f64(), rules[2]["points"].as_f64()),
        (Some(40.0), Some(60.0))
    );
    assert_eq!(rules[1]["aggregation"], "minroundedup");
    assert_eq!(abc["scoring"]["time_scaled"], false);
    // The contest type is said, for `judge`'s line under the groups.
    assert_eq!(abc["scoring"]["contest_type"], "default");
    let wrong = &submission(&abc, "prog/abcb1.py")["expectation"]["score"];
    assert_eq!(wrong["total"], serde_json::json!([40.0, 40.0]));
    assert_eq!(wrong["groups"][2]["verdict"], "WA");
    let oi = sinol_fixtures::oi();
    let abc = model(oi.dir.path(), "./abc");
    assert_eq!(abc["scoring"]["time_scaled"], true);
    assert_eq!(abc["scoring"]["contest_type"], "oi");
    let warnings = abc["warnings"].to_string();
    assert!(
        warnings.contains("prog/abc.py: no sinol_expected_scores"),
        "{warnings}"
    );
    // icpc: every group a point, the problem 1, earned only when every group passed.
    let icpc = sinol_fixtures::icpc();
    let scoring = &model(icpc.dir.path(), "./abc")["scoring"];
    assert_eq!(
        scoring["total"],
        serde_json::json!({"all_or_nothing": {"points": 1.0}})
    );
    assert_eq!(scoring["rules"][1]["points"], 1.0);
    assert_eq!(scoring["contest_type"], "icpc");
}

#[test]
fn broken_packages_are_errors_at_their_place() {
    let root = archive();
    let manifest = problem_dir(root.path()).join("problem.toml");
    let text = std::fs::read_to_string(&manifest).expect("read");
    std::fs::write(&manifest, text.replace("count = 3", "count = \"three\"")).expect("write");
    let (code, out, err) = stonejudge(root.path(), &["describe", "take"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("problem.toml:"), "{err}");
    let line = text.lines().position(|l| l == "count = 3").expect("count") + 1;
    assert!(err.contains(&format!("problem.toml:{line}:")), "{err}");
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::write(
        &dir.path().join("bad"),
        &[("problem.yaml", "name: Bad\nlimits: [1\n")],
    );
    let (code, _, err) = stonejudge(dir.path(), &["describe", "./bad"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("bad/problem.yaml:2:9: limits"), "{err}");
}

#[test]
fn a_2025_scoring_package_reads_each_groups_worth_and_the_expected_score_with_its_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    package_fixtures::write(
        &dir.path().join("scored"),
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Scored\n\
                 uuid: 1b8a6f3e-4c1d-4f53-9d2e-6a1f2b3c4d5e\ntype: scoring\n\
                 limits:\n  time_limit: 2\n",
            ),
            ("data/sample/1.in", "1\n"),
            ("data/sample/1.ans", "2\n"),
            ("data/secret/g1/test_group.yaml", "max_score: 30\n"),
            ("data/secret/g1/a.in", "3\n"),
            ("data/secret/g1/a.ans", "6\n"),
            (
                "data/secret/g2/test_group.yaml",
                "max_score: 70\nscore_aggregation: sum\n",
            ),
            ("data/secret/g2/a.in", "4\n"),
            ("data/secret/g2/a.ans", "8\n"),
            ("submissions/accepted/ok.py", "print(2 * int(input()))\n"),
            (
                "submissions/submissions.yaml",
                "accepted/ok.py:\n  score: 100\n",
            ),
        ],
    );
    let scored = model(dir.path(), "./scored");
    let rules = &scored["scoring"]["rules"];
    assert_eq!(
        (rules[0]["name"].as_str(), rules[0]["points"].as_f64()),
        (Some("secret/g1"), Some(30.0))
    );
    assert_eq!(rules[0]["aggregation"], "min");
    assert_eq!(
        (rules[1]["name"].as_str(), rules[1]["aggregation"].as_str()),
        (Some("secret/g2"), Some("sum"))
    );
    let ok = &submission(&scored, "submissions/accepted/ok.py")["expectation"];
    assert_eq!(ok["score"]["total"], serde_json::json!([100.0, 100.0]));
    let origin = ok["origin"].as_str().expect("origin");
    assert!(
        origin.contains("folder accepted") && origin.contains("submissions.yaml"),
        "{origin}"
    );
}

#[test]
fn a_polygon_package_reads_its_groups_points_and_tags() {
    let dir = tempfile::tempdir().expect("tempdir");
    polygon_fixtures::full(&dir.path().join("sum"));
    let sum = model(dir.path(), "./sum");
    assert_eq!(sum["format"], "polygon");
    assert_eq!(groups(&sum)[..4], ["samples", "small", "large", "huge"]);
    assert_eq!(group(&sum, "huge")["input_validator_args"][3], "huge");
    assert_eq!((cases(&sum, "sample"), cases(&sum, "secret")), (1, 5));
    assert_eq!(sum["scoring"]["rules"][2]["points"], 60.0);
    let main = submission(&sum, "solutions/ok.cpp");
    assert_eq!(
        main["expectation"]["verdicts"]["rules"][0]["permitted"][0],
        "AC"
    );
}
