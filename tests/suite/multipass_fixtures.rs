//! Multi-pass Kattis packages (format 2025-09) written into a directory, shared by the suite's
//! `package_multipass` and the BAPCtools comparison (`tests/tools/`).
//!
//! `code`: pass 1's input is `encode WORD`, and the submission prints an encoding of WORD; the
//! output validator checks it is one word, keeps WORD in a file of its feedback directory and
//! writes `decode ENCODING` as `nextpass.in`; in pass 2 the submission must print WORD back,
//! which the validator checks against the file it kept (so a feedback directory that was not
//! kept is its failure, a judge error) and against the answer. With the validator flag
//! `three` it asks for a third pass, `check WORD`, to be answered `ok`; with `evil` it writes
//! `nextpass.in` and rejects. `code_interactive` is the same game with the validator as the
//! interactor: it sends the pass's input line and reads one line back.

use std::path::Path;

use super::package_fixtures::write;

const PROBLEM_YAML: &str = "problem_format_version: 2025-09
name: Code
uuid: 3f0c9a52-7d1e-4b8a-9c61-2e5f4d3b1a70
type: multi-pass
";

/// The output validator; `INTERACTIVE` is replaced by `True` or `False`. It joins its files to
/// the feedback directory with `os.path.join`: BAPCtools gives the directory without the
/// trailing slash that the specification asks for (and stonejudge gives).
const VALIDATOR_PY: &str = r#"import os, sys
interactive = INTERACTIVE
given, answer, feedback = sys.argv[1:4]
flags = sys.argv[4:]
command, word = open(given).read().split()
expected = open(answer).read().split()[0]
if interactive:
    print(command, word, flush=True)
    said = sys.stdin.readline().split()
else:
    said = sys.stdin.read().split()

def note(text):
    with open(os.path.join(feedback, "judgemessage.txt"), "a") as f:
        f.write(text + "\n")

def reject(text):
    note(text)
    sys.exit(43)

def next_pass(line):
    with open(os.path.join(feedback, "nextpass.in"), "w") as f:
        f.write(line + "\n")

if len(said) != 1:
    reject("expected one word, got %d" % len(said))
if command == "encode":
    with open(os.path.join(feedback, "kept.txt"), "w") as f:
        f.write(word)
    note("pass 1: encoded as " + said[0])
    next_pass("decode " + said[0])
    sys.exit(43 if "evil" in flags else 42)
kept = open(os.path.join(feedback, "kept.txt")).read()
if command == "decode":
    if said[0] != kept or said[0] != expected:
        reject("pass 2: decoded %s, expected %s" % (said[0], kept))
    note("pass 2: decoded")
    if "three" in flags:
        next_pass("check " + word)
    sys.exit(42)
if said[0] != "ok":
    reject("pass 3: expected ok")
note("pass 3: checked")
sys.exit(42)
"#;

/// The input validator: `encode WORD`, WORD of lowercase letters.
const INPUT_VALIDATOR_PY: &str = r#"import re, sys
sys.exit(42 if re.fullmatch(r"encode [a-z]+\n", sys.stdin.read()) else 43)
"#;

/// A submission reading one line `COMMAND WORD`: `decode` is what it does in pass 2.
fn submission(decode: &str) -> String {
    format!(
        "command, word = input().split()\nif command == \"encode\":\n    print(word[::-1])\n\
         elif command == \"check\":\n    print(\"ok\")\nelse:\n{decode}\n"
    )
}

/// The submissions and the verdict each gets (its folder's).
pub const VERDICTS: [(&str, &str); 5] = [
    ("accepted/reverse.py", "AC"),
    ("wrong_answer/echo.py", "WA"),
    ("wrong_answer/two_words.py", "WA"),
    ("run_time_error/forgot.py", "RTE"),
    ("time_limit_exceeded/spin.py", "TLE"),
];

/// `code` (`interactive`: `code_interactive`) in `root`.
pub fn code(root: &Path, interactive: bool) {
    let problem = match interactive {
        true => PROBLEM_YAML.replace("multi-pass", "[multi-pass, interactive]"),
        false => PROBLEM_YAML.to_string(),
    };
    let validator = VALIDATOR_PY.replace(
        "INTERACTIVE",
        match interactive {
            true => "True",
            false => "False",
        },
    );
    let reverse = submission("    print(word[::-1])");
    let echo = submission("    print(word)");
    // Wrong in pass 1: the validator rejects it before any pass 2.
    let two_words = "command, word = input().split()\nprint(word, word)\n".to_string();
    let forgot = submission("    raise SystemExit('what was ' + word + '?')");
    let spin = submission("    while True:\n        pass");
    write(
        root,
        &[
            ("problem.yaml", &problem),
            (
                "statement/problem.en.md",
                "# Code\n\nEncode, then decode.\n",
            ),
            ("input_validators/validate.py", INPUT_VALIDATOR_PY),
            ("output_validator/validate.py", &validator),
            ("data/sample/1.in", "encode stone\n"),
            ("data/sample/1.ans", "stone\n"),
            ("data/secret/1.in", "encode nimber\n"),
            ("data/secret/1.ans", "nimber\n"),
            ("data/secret/2.in", "encode grundy\n"),
            ("data/secret/2.ans", "grundy\n"),
            ("submissions/accepted/reverse.py", &reverse),
            ("submissions/wrong_answer/echo.py", &echo),
            ("submissions/wrong_answer/two_words.py", &two_words),
            ("submissions/run_time_error/forgot.py", &forgot),
            ("submissions/time_limit_exceeded/spin.py", &spin),
        ],
    );
}
