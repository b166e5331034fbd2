//! Verdicts as each package format's own tool gives them, where stonejudge once differed: small
//! Kattis 2025-09 packages of our own, judged through the real binary. A program that writes
//! without end is TLE, not OLE; a program the judge stopped once the interactor had rejected
//! it gets the interactor's verdict, not a crash; end of file from an interactor that closes
//! its output reaches the program, which then answers.

use std::path::Path;

use serde_json::Value;

use super::package_cli::{stonejudge, text};

/// Writes `files` (path, contents) under `dir`.
fn write(dir: &Path, files: &[(&str, &str)]) {
    for (path, contents) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(&path, contents).expect("write");
    }
}

/// `judge PACKAGE -- SUBMISSION --json`: the exit code and each test's (verdict, message).
fn judged(dir: &Path, package: &str, submission: &str) -> (Option<i32>, Vec<(String, String)>) {
    let json = dir.join(format!("{}.json", submission.replace('/', "_")));
    let output = stonejudge(dir)
        .args(["judge", package, "-j", "1", "--json"])
        .arg(&json)
        .arg("--")
        .arg(format!("{package}/submissions/{submission}"))
        .output()
        .expect("run judge");
    let document: Value = match std::fs::read_to_string(&json) {
        Ok(document) => serde_json::from_str(&document).expect("JSON"),
        Err(_) => panic!(
            "no JSON; stdout:\n{}\nstderr:\n{}",
            text(&output.stdout),
            text(&output.stderr)
        ),
    };
    let tests = document["tests"].as_array().expect("tests");
    let verdicts = tests
        .iter()
        .map(|t| {
            let field = |name: &str| t[name].as_str().unwrap_or_default().to_string();
            (field("verdict"), field("message"))
        })
        .collect();
    (output.status.code(), verdicts)
}

/// Every test of `submission` got `verdict`, its message saying `says`.
fn assert_every_test(dir: &Path, package: &str, submission: &str, verdict: &str, says: &str) {
    let (code, tests) = judged(dir, package, submission);
    assert!(!tests.is_empty(), "{submission}: no tests");
    for (got, message) in &tests {
        assert_eq!(got, verdict, "{submission}: {message}");
        assert!(message.contains(says), "{submission}: {message}");
    }
    let expected_code = if verdict == "AC" { 0 } else { 1 };
    assert_eq!(code, Some(expected_code), "{submission}: {tests:?}");
}

const PROBLEM_YAML: &str = "problem_format_version: 2025-09
name: Twice
uuid: 5d1e0b7a-3c2f-4e6a-9b8d-7f0a1c2e3d4b
limits:
  time_limit: 1
";

/// A batch package (print twice the number; the output limit is 2025-09's default, 8 MiB)
/// with a program that writes forever and one that writes 9 MiB and exits.
#[test]
fn endless_output_is_tle_and_output_past_the_limit_that_ends_in_time_is_ole() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        &dir.path().join("twice"),
        &[
            ("problem.yaml", PROBLEM_YAML),
            ("statement/problem.en.md", "# Twice\n\nPrint $2n$.\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/1.in", "7\n"),
            ("data/secret/1.ans", "14\n"),
            (
                "submissions/time_limit_exceeded/flood.c",
                "#include <stdio.h>\nint main(void) { for (;;) puts(\"1234567890\"); }\n",
            ),
            (
                "submissions/rejected/nine_mib.c",
                "#include <stdio.h>\n#include <string.h>\nstatic char line[1 << 20];\n\
                 int main(void) {\n    memset(line, '7', sizeof line);\n\
                 for (int i = 0; i < 9; i++) fwrite(line, 1, sizeof line, stdout);\n\
                 return 0;\n}\n",
            ),
        ],
    );
    assert_every_test(
        dir.path(),
        "twice",
        "time_limit_exceeded/flood.c",
        "TLE",
        "writing past the output limit of 8 MiB",
    );
    assert_every_test(
        dir.path(),
        "twice",
        "rejected/nine_mib.c",
        "OLE",
        "more than 8 MiB written to standard output",
    );
}

const INTERACTIVE_YAML: &str = "problem_format_version: 2025-09
type: interactive
name: Double it
uuid: 8a4c2e6f-1b3d-4f5a-8c7e-9d0b2a4c6e8f
limits:
  time_limit: 1
";

/// Sends the number, expects its double back.
const DOUBLING_INTERACTOR: &str = "#!/usr/bin/env python3
import os, sys
n = int(open(sys.argv[1]).read())
print(n, flush=True)
line = sys.stdin.readline()
if line.strip() != str(2 * n):
    open(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w').write(f'got {line!r}')
    sys.exit(43)
sys.exit(42)
";

/// An interactive package whose submissions close their output and go on running: one that
/// sleeps past its limit is TLE (the interactor reads end of file only once the program has
/// ended, as in bt and problemtools), one whose wrong answer the interactor rejects while it
/// sleeps is WA: the judge's kill of it is not its crash.
#[test]
fn a_program_stopped_by_the_judge_gets_the_interactors_verdict_or_tle() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        &dir.path().join("double"),
        &[
            ("problem.yaml", INTERACTIVE_YAML),
            ("statement/problem.en.md", "# Double it\n\nAnswer $2n$.\n"),
            ("data/sample/1.in", "4\n"),
            ("data/sample/1.ans", "8\n"),
            ("output_validator/interactor.py", DOUBLING_INTERACTOR),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()), flush=True)\n",
            ),
            (
                "submissions/time_limit_exceeded/close_and_sleep.c",
                "#include <stdio.h>\n#include <unistd.h>\n\
                 int main(void) { fclose(stdout); sleep(10); return 0; }\n",
            ),
            (
                "submissions/wrong_answer/wrong_then_sleep.c",
                "#include <stdio.h>\n#include <unistd.h>\n\
                 int main(void) { puts(\"-1\"); fclose(stdout); sleep(10); return 0; }\n",
            ),
        ],
    );
    assert_every_test(dir.path(), "double", "accepted/double.py", "AC", "");
    assert_every_test(
        dir.path(),
        "double",
        "time_limit_exceeded/close_and_sleep.c",
        "TLE",
        "wall-clock limit",
    );
    assert_every_test(
        dir.path(),
        "double",
        "wrong_answer/wrong_then_sleep.c",
        "WA",
        "got '-1\\n'",
    );
}

/// An interactor that writes every number, closes its output, then reads the program's sum:
/// the program must read end of file, and its answer must still reach the interactor.
#[test]
fn end_of_file_from_the_interactor_reaches_the_program_which_still_answers() {
    let interactor = "#!/usr/bin/env python3
import os, sys
numbers = open(sys.argv[1]).read().split()[1:]
sys.stdout.write('\\n'.join(numbers) + '\\n')
sys.stdout.flush()
os.close(1)
got = sys.stdin.readline().strip()
if got != str(sum(map(int, numbers))):
    open(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w').write(f'got {got!r}')
    sys.exit(43)
sys.exit(42)
";
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        &dir.path().join("sumall"),
        &[
            ("problem.yaml", INTERACTIVE_YAML),
            (
                "statement/problem.en.md",
                "# Sum all\n\nSum what you read.\n",
            ),
            ("data/sample/1.in", "3\n1\n2\n3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/1.in", "4\n10\n20\n30\n-5\n"),
            ("data/secret/1.ans", "55\n"),
            ("output_validator/interactor.py", interactor),
            (
                "submissions/accepted/to_the_end.py",
                "import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\n",
            ),
            (
                "submissions/wrong_answer/off_by_one.py",
                "import sys\nprint(sum(int(x) for x in sys.stdin.read().split()) + 1)\n",
            ),
        ],
    );
    assert_every_test(dir.path(), "sumall", "accepted/to_the_end.py", "AC", "");
    assert_every_test(
        dir.path(),
        "sumall",
        "wrong_answer/off_by_one.py",
        "WA",
        "got '",
    );
}
