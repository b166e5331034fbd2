//! `include/` of packages in the older formats and for `stress --gen --ref`, through the real
//! binary: a 2023-07 package's submissions get `include/<language>/`, else `include/default/`
//! (as problemtools adds them, although the 2023-07 specification does not name the folder);
//! a legacy package's get `include/<language>/` only (its specification has no
//! `include/default/`, which problemtools refuses there); and `stress PACKAGE --gen G --ref R
//! -- PROGRAM` builds the reference and the program as the package builds its submissions.

use std::path::Path;

use super::package_2025::item;
use super::package_cli::{stonejudge, text, verify};
use super::package_fixtures::write;

/// `twice` in `version` (`None`: legacy): print 2n. The Python submissions import `helper`
/// and the C++ one includes `helper.h`, neither of which they hold: `include/` gives them.
fn twice(root: &Path, version: Option<&str>) {
    let yaml = match version {
        Some(version) => format!(
            "problem_format_version: {version}\nname: Twice\n\
             uuid: 0b7f5c1e-3a2d-4e6f-9a8b-7c6d5e4f3a2b\n"
        ),
        None => "name: Twice\n".to_string(),
    };
    write(
        root,
        &[
            ("problem.yaml", &yaml),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/2.in", "7\n"),
            ("data/secret/2.ans", "14\n"),
            (
                "input_validators/validate.py",
                "import sys\nline = sys.stdin.read()\n\
                 sys.exit(42 if line.strip().isdigit() and line.endswith('\\n') else 43)\n",
            ),
            (
                "include/python3/helper.py",
                "def twice(n):\n    return 2 * n\n",
            ),
            (
                "include/cpp/helper.h",
                "inline long long twice(long long n) { return 2 * n; }\n",
            ),
            (
                "submissions/accepted/twice.py",
                "from helper import twice\nprint(twice(int(input())))\n",
            ),
            (
                "submissions/accepted/twice.cpp",
                "#include <cstdio>\n#include \"helper.h\"\nint main(){long long n; \
                 if(scanf(\"%lld\",&n)!=1) return 1; printf(\"%lld\\n\", twice(n));}\n",
            ),
            (
                "submissions/wrong_answer/plus_one.py",
                "from helper import twice\nprint(twice(int(input())) + 1)\n",
            ),
        ],
    );
}

/// The verdict check of `submission` in verify's JSON for the package `twice`.
fn verdict(document: &serde_json::Value, submission: &str) -> (bool, String, String) {
    item(
        document,
        &format!("twice/submissions/{submission}"),
        "verdict",
    )
}

#[test]
fn a_2023_07_package_adds_include_language_else_default_to_its_submissions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("twice");
    twice(&root, Some("2023-07"));
    // Rust has no folder of its own: include/default/ gives it the module.
    write(
        &root,
        &[
            (
                "include/default/helper.rs",
                "pub fn twice(n: i64) -> i64 { 2 * n }\n",
            ),
            (
                "submissions/accepted/twice.rs",
                "mod helper;\nfn main() { let mut s = String::new(); \
                 std::io::stdin().read_line(&mut s).unwrap(); \
                 println!(\"{}\", helper::twice(s.trim().parse().unwrap())); }\n",
            ),
        ],
    );
    let (output, document) = verify(dir.path(), &["twice"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    for (submission, expected) in [
        ("accepted/twice.py", "AC"),
        ("accepted/twice.cpp", "AC"),
        ("accepted/twice.rs", "AC"),
        ("wrong_answer/plus_one.py", "WA"),
    ] {
        let (ok, detail, all) = verdict(&document, submission);
        assert!(ok, "{submission}: {all}\n{said}");
        assert!(
            detail.starts_with(expected),
            "{submission}: {detail}\n{said}"
        );
    }
    assert_eq!(output.status.code(), Some(0), "{said}");
}

#[test]
fn a_legacy_package_adds_include_language_but_not_include_default() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("twice");
    twice(&root, None);
    // The legacy format has no include/default/: a submission that needs it crashes.
    write(
        &root,
        &[
            (
                "include/default/other.py",
                "def twice(n):\n    return 2 * n\n",
            ),
            (
                "submissions/accepted/needs_default.py",
                "from other import twice\nprint(twice(int(input())))\n",
            ),
        ],
    );
    let (output, document) = verify(dir.path(), &["twice"]);
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    for submission in [
        "accepted/twice.py",
        "accepted/twice.cpp",
        "wrong_answer/plus_one.py",
    ] {
        let (ok, _, all) = verdict(&document, submission);
        assert!(ok, "{submission}: {all}\n{said}");
    }
    let (ok, _, all) = verdict(&document, "accepted/needs_default.py");
    assert!(!ok, "{all}\n{said}");
    assert!(all.contains("other"), "{all}");
    assert_eq!(output.status.code(), Some(1), "{said}");
}

#[test]
fn stress_builds_the_reference_and_the_program_with_the_packages_include_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("twice");
    twice(&root, Some("2023-07"));
    write(
        dir.path(),
        &[
            ("gen.py", "import sys\nprint(int(sys.argv[-1]) % 9 + 1)\n"),
            // Both need include/python3/'s helper: the reference is right, the program is
            // wrong on 7.
            (
                "reference.py",
                "from helper import twice\nprint(twice(int(input())))\n",
            ),
            (
                "mine.py",
                "from helper import twice\nn = int(input())\nprint(twice(n) + (n == 7))\n",
            ),
        ],
    );
    let stress = |program: &str| {
        stonejudge(dir.path())
            .args([
                "stress",
                "./twice",
                "--gen",
                "gen.py",
                "--ref",
                "reference.py",
                "--time-limit",
                "2",
                "--seed",
                "1",
                "--cases",
                "30",
                "--",
                program,
            ])
            .output()
            .expect("run stress")
    };
    let output = stress("mine.py");
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(
        text(&output.stdout).contains("--- input") && text(&output.stdout).contains("\n7\n"),
        "{said}"
    );
    // The reference against itself: every case agrees, so both were built with the helper.
    let output = stress("reference.py");
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(0), "{said}");
    assert!(text(&output.stdout).starts_with("OK"), "{said}");
}
