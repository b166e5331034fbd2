//! sinol-make packages whose tests are made the sinol-make way, through the real binary: a
//! C++ ingen that includes a header of `prog/` builds and runs in its output folder under
//! the sandbox (`auto` and `strict`), and a header changed rebuilds it.

use super::package_cli::{stonejudge, text};
use super::sinol_cli::detail;
use super::sinol_fixtures::Package;

/// A header of `prog/` that ingen includes: it writes one test.
const HEADER: &str = "#include <fstream>\n\
    inline void test(const char *name, long a, long b) {\n\
    std::ofstream(name) << a << ' ' << b << '\\n';\n}\n";

/// ingen in C++, writing two tests of group 1 through the header.
const INGEN: &str = "#include \"gen.h\"\n\
    int main() { test(\"abc1a.in\", 1, 2); test(\"abc1b.in\", 30, 12); }\n";

/// The model solution, in C++.
const MODEL: &str = "#include <cstdio>\n\
    int main() { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; \
    printf(\"%ld\\n\", a + b); }\n";

const CONFIG: &str = "title: Sum\nsinol_task_id: abc\ntime_limit: 1000\nmemory_limit: 262144\n\
    scores:\n  1: 100\nsinol_expected_scores:\n  abc.cpp:\n    expected:\n      \
    1: {points: 100, status: OK}\n    points: 100\n";

/// The package: ingen including `prog/gen.h`, the model, and the tests they make committed.
fn with_header() -> Package {
    let package = Package::of(&[
        ("config.yml", CONFIG),
        ("prog/gen.h", HEADER),
        ("prog/abcingen.cpp", INGEN),
        ("prog/abc.cpp", MODEL),
    ]);
    for (name, input, output) in [("abc1a", "1 2\n", "3\n"), ("abc1b", "30 12\n", "42\n")] {
        package.write(&format!("in/{name}.in"), input);
        package.write(&format!("out/{name}.out"), output);
    }
    package
}

/// `verify abc --sandbox MODE --json`: its exit code and document.
fn verify(package: &Package, sandbox: &str) -> (Option<i32>, serde_json::Value, String) {
    let json = package.dir.path().join("verify.json");
    let output = stonejudge(package.dir.path())
        .args(["verify", "abc", "--sandbox", sandbox, "--json"])
        .arg(&json)
        .output()
        .expect("run verify");
    let said = text(&output.stdout) + &text(&output.stderr);
    let document = std::fs::read_to_string(&json)
        .map(|t| serde_json::from_str(&t).expect("JSON"))
        .unwrap_or_else(|_| panic!("no JSON: {said}"));
    (output.status.code(), document, said)
}

/// Issue 34, C2: ingen compiles with the header beside it readable, and runs in the folder it
/// writes, confined (it was "Permission denied" on the header, then exit 126 on the shell
/// that changed directory); under `strict` too.
#[test]
fn ingen_including_a_header_of_prog_builds_and_runs_in_the_jail() {
    let package = with_header();
    for sandbox in ["auto", "strict"] {
        let (code, document, said) = verify(&package, sandbox);
        assert_eq!(code, Some(0), "--sandbox {sandbox}: {said}");
        assert_eq!(
            detail(&document, "abc", "ingen"),
            "2 inputs made again, the same",
            "--sandbox {sandbox}"
        );
    }
    // The header is part of what ingen is built from: changed, ingen is built again and
    // makes other inputs, which the check names.
    package.write("prog/gen.h", &HEADER.replace("<< a <<", "<< a + 1 <<"));
    let (code, document, said) = verify(&package, "auto");
    assert_eq!(code, Some(1), "{said}");
    let ingen = detail(&document, "abc", "ingen");
    assert!(
        ingen.contains("abc1a.in:1:1: differs: committed '1', ingen makes '2'"),
        "{ingen}"
    );
}
