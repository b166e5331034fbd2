//! A 2025-09 package judged by stonejudge's `verify` and by BAPCtools' `bt run` (the tool
//! whose formats 2025-09 is): every submission gets the same verdict from both, but for the
//! differences [`DIFFERENCES`] lists (docs/ci.md says why); both run the same submissions of
//! every form (`.bash`, Prolog, a linked folder submission) and leave out the same entries.
//! Where `bt` is not installed (`pip install bapctools`), the test is reported as ignored.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use libtest_mimic::{Failed, Trial};

use crate::package_fixtures as fixtures;

/// `bt`, if it is on `PATH`.
pub fn bt() -> Result<PathBuf, &'static str> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join("bt"))
        .find(|p| p.is_file())
        .ok_or("BAPCtools is not installed (`pip install bapctools` gives `bt`)")
}

pub fn trials() -> Vec<Trial> {
    let ignored = bt().is_err();
    let trial = |name: &str, test: fn(&Path)| {
        Trial::test(format!("bapctools::{name}"), move || match bt() {
            Ok(bt) => {
                test(&bt);
                Ok(())
            }
            Err(reason) => Err(Failed::from(reason)),
        })
        .with_ignored_flag(ignored)
    };
    vec![
        trial(
            "bt_run_and_verify_agree_on_every_submission",
            bt_run_and_verify_agree_on_every_submission,
        ),
        trial(
            "bt_run_and_verify_agree_on_the_forms_of_submissions",
            bt_run_and_verify_agree_on_the_forms_of_submissions,
        ),
        trial(
            "bt_generate_writes_the_data_verify_regenerates",
            bt_generate_writes_the_data_verify_regenerates,
        ),
        trial(
            "bt_generate_and_testdata_write_the_same_files",
            bt_generate_and_testdata_write_the_same_files,
        ),
    ]
}

/// `bt generate` of the suite's `halve_generated` with its generated cases removed writes
/// them back byte for byte as the fixture commits them (its `{seed}` is BAPCtools' seed), and
/// `verify` finds bt's `data/` identical to what it regenerates.
fn bt_generate_writes_the_data_verify_regenerates(bt: &Path) {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = fixtures::halve_generated(dir.path());
    let cases = [
        "sample/1",
        "secret/small/01",
        "secret/small/02",
        "secret/big/01",
    ];
    let mut committed = BTreeMap::new();
    for case in cases {
        for extension in ["in", "ans"] {
            let path = package.join("data").join(format!("{case}.{extension}"));
            committed.insert(path.clone(), std::fs::read(&path).expect("committed"));
            std::fs::remove_file(&path).expect("remove");
        }
    }
    let output = std::process::Command::new(bt)
        .args(["generate", "--no-bar"])
        .current_dir(&package)
        .output()
        .expect("run bt");
    let log = plain(
        &(String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr)),
    );
    for (path, bytes) in &committed {
        let written = std::fs::read(path).unwrap_or_else(|_| panic!("{path:?} missing:\n{log}"));
        assert_eq!(
            String::from_utf8_lossy(&written),
            String::from_utf8_lossy(bytes),
            "{path:?}:\n{log}"
        );
    }
    let json = dir.path().join("verify.json");
    Command::cargo_bin("stonejudge")
        .expect("binary")
        .arg("verify")
        .arg(&package)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run verify");
    let text = std::fs::read_to_string(&json).expect("the JSON report");
    let document: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let check = document["items"][0]["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .find(|c| c["name"] == "generators.yaml")
        .cloned()
        .expect("a generators.yaml check");
    assert_eq!(check["ok"], true, "{check:#}");
}

/// A 2025-09 package whose `generators.yaml` uses numbered lists, `count:` with `{count}`,
/// `{seed}`, a program of the `generators:` map, `include:`, a group's `test_group.yaml`,
/// inline statement files and a link, written into `root`.
fn generated_by_list(root: &Path) {
    fixtures::write(
        root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Twice\n\
                 uuid: 0b9a4b0e-3c39-4a0c-9d57-5d8f6a1f0e21\ntype: pass-fail\n",
            ),
            ("statement/problem.en.tex", "Print twice $n$.\n"),
            (
                "input_validators/validate.py",
                "import sys\nline = sys.stdin.read()\n\
                 sys.exit(42 if line.endswith('\\n') and line.strip().isdigit() else 43)\n",
            ),
            ("submissions/accepted/twice.py", "print(2 * int(input()))\n"),
            (
                "generators/gen.py",
                "import sys\nprint(int(sys.argv[1]) % 1000)\n",
            ),
            (
                "generators/pair.py",
                "import sys\nfrom lib import value\nprint(value(sys.argv[1]))\n",
            ),
            (
                "generators/lib.py",
                "def value(n):\n    return int(n) + 10\n",
            ),
            (
                "generators/generators.yaml",
                "solution: /submissions/accepted/twice.py\n\
                 generators:\n  pair:\n    - pair.py\n    - lib.py\n\
                 data:\n  sample:\n    data:\n\
                 \x20     - '':\n          in: '1'\n          in.statement: '1'\n\
                 \x20         in.download: {link: in}\n\
                 \x20 secret:\n    test_group.yaml:\n      input_validator_args: [--x, \"1\"]\n\
                 \x20   data:\n      - small: gen.py 2\n      - random: gen.py {seed}\n\
                 \x20     - counted:\n          generate: gen.py {seed:1} {count}\n\
                 \x20         count: 3\n\
                 \x20     - same:\n          generate: gen.py 7\n          count: 2\n\
                 \x20     - group:\n          data:\n            - mapped: pair 4\n\
                 \x20         include:\n            - small\n",
            ),
        ],
    );
}

/// Every file under `dir`: its path, and its bytes or, for a link, where it leads.
fn tree(dir: &Path) -> BTreeMap<PathBuf, String> {
    let mut files = BTreeMap::new();
    for entry in walkdir::WalkDir::new(dir).into_iter().flatten() {
        let path = entry.path();
        let shown = match std::fs::read_link(path) {
            Ok(target) => format!("a link to {}", target.display()),
            Err(_) if path.is_dir() => continue,
            Err(_) => String::from_utf8_lossy(&std::fs::read(path).expect("read")).into_owned(),
        };
        files.insert(path.strip_prefix(dir).expect("inside").to_owned(), shown);
    }
    files
}

/// `bt generate` and `stonejudge testdata`, each on its own copy of a package of ours, write
/// the same files under `data/` (names, bytes, links).
fn bt_generate_and_testdata_write_the_same_files(bt: &Path) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (theirs, ours) = (dir.path().join("bt/twice"), dir.path().join("sj/twice"));
    generated_by_list(&theirs);
    generated_by_list(&ours);
    let output = std::process::Command::new(bt)
        .args(["generate", "--no-bar"])
        .current_dir(&theirs)
        .output()
        .expect("run bt");
    let log = plain(
        &(String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr)),
    );
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["testdata", "./twice"])
        .current_dir(dir.path().join("sj"))
        .output()
        .expect("run testdata");
    let said = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{said}");
    let (made, written) = (tree(&theirs.join("data")), tree(&ours.join("data")));
    assert!(made.len() >= 20, "bt wrote too little:\n{log}");
    assert_eq!(written, made, "bt generate said:\n{log}");
}

/// Submissions whose verdicts differ, with the verdict stonejudge gives and why.
const DIFFERENCES: [(&str, &str, &str); 1] = [(
    "accepted/uses_include.py",
    "AC",
    "bt run (2026.10) does not add include/default/ to a submission, so its import fails",
)];

/// Per submission (`folder/name`): its verdict.
pub type Verdicts = BTreeMap<String, String>;

/// `text` without terminal colour codes.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// What `bt run` says of each submission: `accepted/x.py:  AC 0.04s @ sample/1`.
pub fn theirs(bt: &Path, package: &Path) -> (Verdicts, String) {
    let output = std::process::Command::new(bt)
        .args(["run", "--no-bar"])
        .current_dir(package)
        .output()
        .expect("run bt");
    let log = plain(
        &(String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr)),
    );
    let mut verdicts = Verdicts::new();
    for line in log.lines() {
        let Some((name, rest)) = line.split_once(':') else {
            continue;
        };
        let name = name.trim();
        let is_submission = name.split('/').count() == 2 && !name.contains(' ');
        let verdict = rest.split_whitespace().next().unwrap_or("");
        if is_submission && ["AC", "WA", "TLE", "RTE"].contains(&verdict) {
            verdicts.insert(name.to_string(), verdict.to_string());
        }
    }
    (verdicts, log)
}

/// What `stonejudge verify` says of each submission: its verdict check's first word.
pub fn ours(package: &Path) -> Verdicts {
    let document = super::package_kattis::verify_json(package);
    let mut verdicts = Verdicts::new();
    for item in document["items"].as_array().expect("items") {
        let id = item["id"].as_str().unwrap_or("");
        let Some((_, name)) = id.split_once("/submissions/") else {
            continue;
        };
        let detail = item["checks"][0]["detail"].as_str().unwrap_or("");
        let verdict = detail.trim_start_matches("got ");
        let verdict = verdict.split([' ', ':']).next().unwrap_or("");
        verdicts.insert(name.to_string(), verdict.to_string());
    }
    verdicts
}

fn bt_run_and_verify_agree_on_every_submission(bt: &Path) {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("halve");
    fixtures::halve(&package);
    let ours = ours(&package);
    let (theirs, log) = theirs(bt, &package);
    assert!(ours.len() >= 8, "{ours:?}");
    assert_eq!(
        ours.keys().collect::<Vec<_>>(),
        theirs.keys().collect::<Vec<_>>(),
        "bt run said:\n{log}"
    );
    for (submission, verdict) in &ours {
        if let Some((_, expected, why)) = DIFFERENCES.iter().find(|(s, _, _)| s == submission) {
            assert_eq!(verdict, expected, "{submission}");
            println!(
                "{submission}: {verdict} here, {:?} from bt: {why}",
                theirs.get(submission)
            );
            continue;
        }
        assert_eq!(
            Some(verdict),
            theirs.get(submission),
            "{submission}: bt run said:\n{log}"
        );
    }
}

/// The suite's `forms_2025`: bt and stonejudge judge the same entries (both leave out the
/// `.disabled`, `.template` and hidden ones) and agree on each: `implementation.py` is AC
/// for both only because both run it with PyPy. Where `swipl` is missing, the Prolog
/// submission is removed first (bt cannot run it either).
fn bt_run_and_verify_agree_on_the_forms_of_submissions(bt: &Path) {
    let dir = tempfile::tempdir().expect("tempdir");
    let package = dir.path().join("forms");
    fixtures::forms_2025(&package);
    let swipl = std::process::Command::new("swipl")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !swipl {
        std::fs::remove_file(package.join("submissions/accepted/echo.pl")).expect("remove");
    }
    let ours = ours(&package);
    let (theirs, log) = theirs(bt, &package);
    assert!(ours.contains_key("match/nested"), "{ours:?}");
    assert_eq!(ours, theirs, "bt run said:\n{log}");
}
