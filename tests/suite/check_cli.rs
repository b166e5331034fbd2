//! `stonejudge check` through the real binary, under both checker protocols, on real problems
//! (stripes, nim). The answer files come from `stonejudge solve`, as a setter would make them.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use tempfile::TempDir;

fn stonejudge() -> Command {
    Command::cargo_bin("stonejudge").expect("the stonejudge binary is built")
}

/// One test: a problem, its input file and the reference answer file, in a scratch directory.
struct Case {
    problem: &'static str,
    dir: TempDir,
    input: PathBuf,
    answer: PathBuf,
}

impl Case {
    fn new(problem: &'static str, input: &str) -> Case {
        let dir = TempDir::new().unwrap();
        let input_path = dir.path().join("test.in");
        std::fs::write(&input_path, input).unwrap();
        let solved = stonejudge()
            .args(["solve", problem])
            .arg(&input_path)
            .output()
            .unwrap();
        assert!(solved.status.success(), "solve failed: {solved:?}");
        let answer = dir.path().join("test.ans");
        std::fs::write(&answer, &solved.stdout).unwrap();
        Case {
            problem,
            dir,
            input: input_path,
            answer,
        }
    }

    fn reference(&self) -> String {
        std::fs::read_to_string(&self.answer).unwrap()
    }

    fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    /// testlib: exit code and standard error.
    fn testlib(&self, output: &[u8]) -> (i32, String) {
        let output = self.file("test.out", output);
        run(stonejudge()
            .args(["check", self.problem])
            .arg(&self.input)
            .arg(&output)
            .arg(&self.answer))
    }

    /// Kattis: exit code, judgemessage.txt and teammessage.txt (if written).
    fn kattis(&self, output: &[u8], flags: &[&str]) -> (i32, String, Option<String>) {
        let feedback = TempDir::new_in(self.dir.path()).unwrap();
        let result = stonejudge()
            .args(["check", "--kattis", self.problem])
            .arg(&self.input)
            .arg(&self.answer)
            .arg(format!("{}/", feedback.path().display()))
            .args(flags)
            .write_stdin(output)
            .output()
            .unwrap();
        let judge = std::fs::read_to_string(feedback.path().join("judgemessage.txt"))
            .expect("judgemessage.txt is always written");
        let team = std::fs::read_to_string(feedback.path().join("teammessage.txt")).ok();
        (exit_code(&result), judge, team)
    }
}

fn run(command: &mut Command) -> (i32, String) {
    let output = command.output().unwrap();
    assert!(
        output.stdout.is_empty(),
        "a checker prints nothing on stdout"
    );
    (
        exit_code(&output),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn exit_code(output: &Output) -> i32 {
    output.status.code().expect("exited, not killed")
}

fn assert_has(text: &str, phrases: &[&str]) {
    for phrase in phrases {
        assert!(text.contains(phrase), "{phrase:?} not in:\n{text}");
    }
}

/// The POI sample: stripes 1 5 1, boards 1, 5, 6 -> 1, 1, 2.
fn stripes_sample() -> Case {
    let case = Case::new("stripes", "1 5 1\n3\n1\n5\n6\n");
    assert_eq!(case.reference(), "1\n1\n2\n");
    case
}

#[test]
fn testlib_accepts_the_answer_and_notes_whitespace() {
    let case = stripes_sample();
    assert_eq!(case.testlib(b"1\n1\n2\n"), (0, "ok\n".to_string()));
    let (code, message) = case.testlib(b"1\r\n1\r\n2");
    assert_eq!(code, 0, "{message}");
    assert_has(
        &message,
        &[
            "ok (note: ",
            "CRLF line ends (2 lines, first on line 1)",
            "no newline at the end of line 3",
        ],
    );
    let (code, message) = case.testlib(b"1 1 2\n");
    assert_eq!(code, 0, "{message}");
    assert_has(
        &message,
        &["the output has 1 line with tokens, the answer file has 3"],
    );
}

#[test]
fn testlib_wrong_answer_explains_the_board() {
    let case = stripes_sample();
    let (code, message) = case.testlib(b"1\n1\n1\n");
    assert_eq!(code, 1, "{message}");
    assert!(
        message.starts_with("wrong answer board 3 (p = 6)"),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1, "{message}");
}

#[test]
fn testlib_presentation_errors_say_where() {
    let case = stripes_sample();
    let (code, message) = case.testlib(b"1\n2\n");
    assert_eq!(code, 2, "{message}");
    assert_has(
        &message,
        &[
            "wrong output format line 3:1: expected ",
            "found end of output",
            "note: the output has 2 lines with tokens, the answer file has 3",
            "--- answer file\n+++ output\n@@ -1,3 +1,2 @@\n",
        ],
    );
    let (code, message) = case.testlib(b"1\nabc\n2\n");
    assert_eq!(code, 2, "{message}");
    assert_has(
        &message,
        &["wrong output format line 2:1: ", "found \"abc\""],
    );
    let (code, message) = case.testlib(b"1\n1\n2\n2\n");
    assert_eq!(code, 2, "{message}");
    assert_has(
        &message,
        &[
            "line 4:1: expected end of output, found extra token \"2\"",
            "\n+2",
        ],
    );
    let (code, message) = case.testlib(b"\xEF\xBB\xBF1\n1\n2\n");
    assert_eq!(code, 2, "{message}");
    assert_has(
        &message,
        &["output starts with a UTF-8 byte order mark (bytes EF BB BF)"],
    );
    let (code, message) = case.testlib(b"1\n1\x00\n2\n");
    assert_eq!(code, 2, "{message}");
    assert_has(
        &message,
        &["found \"1\\0\"", "note: 1 NUL byte (first at line 2:2)"],
    );
}

#[test]
fn testlib_fails_on_the_jurys_mistakes_not_the_contestants() {
    let case = stripes_sample();
    let good = case.file("good.out", b"1\n1\n2\n");
    let check = |input: &Path, output: &Path, answer: &Path| {
        run(stonejudge()
            .args(["check", "stripes"])
            .arg(input)
            .arg(output)
            .arg(answer))
    };
    let bad_answer = case.file("bad.ans", b"1\n1\nx\n");
    let (code, message) = check(&case.input, &good, &bad_answer);
    assert_eq!(code, 3, "{message}");
    assert!(message.starts_with("FAIL answer file: 3:1: "), "{message}");
    let short_answer = case.file("short.ans", b"1\n1\n");
    let (code, message) = check(&case.input, &good, &short_answer);
    assert_eq!(code, 3, "{message}");
    assert_has(
        &message,
        &["FAIL answer file: ", "found end of answer file"],
    );
    let bad_input = case.file("bad.in", b"1 5 1\n3\n1\n5\n");
    let (code, message) = check(&bad_input, &good, &case.answer);
    assert_eq!(code, 3, "{message}");
    assert!(
        message.starts_with("FAIL input does not validate: 5:1: "),
        "{message}"
    );
    let missing = case.dir.path().join("missing.out");
    let (code, message) = check(&case.input, &missing, &case.answer);
    assert_eq!(code, 3, "{message}");
    assert_has(&message, &["FAIL cannot read output file ", "missing.out"]);
    let (code, message) = check(&case.input, &good, &missing);
    assert_eq!(code, 3, "{message}");
    assert_has(&message, &["FAIL cannot read answer file "]);
    let (code, message) = run(stonejudge().args(["check", "stripes", "only-one"]));
    assert_eq!(code, 3, "{message}");
    assert_has(
        &message,
        &["FAIL usage: stonejudge check <PROBLEM> <INPUT> <OUTPUT> <ANSWER>"],
    );
    let (code, message) = run(stonejudge()
        .args(["check", "no-such-problem"])
        .arg(&case.input)
        .arg(&good)
        .arg(&case.answer));
    assert_eq!(code, 3, "{message}");
    assert_has(
        &message,
        &["FAIL unknown problem \"no-such-problem\"", "stripes, nim"],
    );
}

#[test]
fn testlib_report_file_gets_the_message() {
    let case = stripes_sample();
    let output = case.file("test.out", b"2\n1\n2\n");
    let report = case.dir.path().join("report.txt");
    let (code, message) = run(stonejudge()
        .args(["check", "stripes"])
        .arg(&case.input)
        .arg(&output)
        .arg(&case.answer)
        .arg(&report));
    assert_eq!(code, 1, "{message}");
    assert_eq!(std::fs::read_to_string(&report).unwrap(), message);
}

#[test]
fn kattis_exit_codes_and_feedback_files() {
    let case = stripes_sample();
    let (code, judge, team) = case.kattis(b"1\n1\n2\n", &[]);
    assert_eq!((code, judge.as_str(), team), (42, "ok\n", None));
    let (code, judge, team) = case.kattis(b"1\n1\n1\n", &[]);
    assert_eq!(code, 43, "{judge}");
    assert!(judge.starts_with("wrong answer board 3 (p = 6)"), "{judge}");
    assert_eq!(team, None, "a wrong answer reveals nothing to the team");
    let (code, judge, team) = case.kattis(b"1\n2\n", &[]);
    assert_eq!(
        code, 43,
        "a presentation error is a wrong answer for Kattis"
    );
    assert_has(
        &judge,
        &["wrong output format line 3:1: ", "@@ -1,3 +1,2 @@"],
    );
    assert_eq!(team, None);
    let (code, judge, team) = case.kattis(b"\xEF\xBB\xBF1\n1\n2\n", &[]);
    assert_eq!(code, 43);
    assert_has(&judge, &["byte order mark"]);
    assert_eq!(
        team.as_deref(),
        Some("Your output has a UTF-8 byte order mark at the start (bytes EF BB BF).\n")
    );
}

#[test]
fn kattis_flags_are_accepted_and_space_change_sensitive_is_honoured() {
    let case = stripes_sample();
    let flags = ["case_sensitive", "float_tolerance", "1e-6"];
    let (code, judge, _) = case.kattis(b"1\r\n1\r\n2\r\n", &flags);
    assert_eq!(code, 42, "{judge}");
    assert_has(&judge, &["ok (note: CRLF line ends"]);
    let (code, judge, _) = case.kattis(b"1\r\n1\r\n2\r\n", &["space_change_sensitive"]);
    assert_eq!(code, 43, "{judge}");
    assert_has(
        &judge,
        &["whitespace differs from the answer file (space_change_sensitive): line 1:2: expected whitespace \"\\n\", found \"\\r\\n\""],
    );
    let (code, judge, _) = case.kattis(b"1\n1\n2\n", &["space_change_sensitive"]);
    assert_eq!(code, 42, "{judge}");
}

#[test]
fn kattis_judge_errors_are_neither_42_nor_43() {
    let case = stripes_sample();
    let (code, judge, _) = case.kattis(b"1\n1\n2\n", &["ignore_case"]);
    assert_eq!(code, 1, "{judge}");
    assert_has(
        &judge,
        &["judge error: unknown validator flag \"ignore_case\""],
    );
    let bad_answer = case.file("bad.ans", b"1\n");
    let feedback = TempDir::new().unwrap();
    let result = stonejudge()
        .args(["check", "--kattis", "stripes"])
        .arg(&case.input)
        .arg(&bad_answer)
        .arg(feedback.path())
        .write_stdin("1\n1\n2\n")
        .output()
        .unwrap();
    assert_eq!(exit_code(&result), 1);
    let stderr = String::from_utf8(result.stderr).unwrap();
    assert_has(
        &stderr,
        &["judge error: answer file: ", "found end of answer file"],
    );
    let judge = std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap();
    assert_eq!(judge, stderr);
    // No feedback directory: nowhere to write, so the error goes to stderr only.
    let missing = case.dir.path().join("no-feedback-dir");
    let result = stonejudge()
        .args(["check", "--kattis", "stripes"])
        .arg(&case.input)
        .arg(&case.answer)
        .arg(&missing)
        .write_stdin("1\n1\n2\n")
        .output()
        .unwrap();
    assert_eq!(exit_code(&result), 1);
    let stderr = String::from_utf8(result.stderr).unwrap();
    assert_has(
        &stderr,
        &[
            "judge error: the feedback directory ",
            "no-feedback-dir",
            "does not exist",
        ],
    );
    assert!(
        !missing.exists(),
        "the validator does not invent a feedback directory"
    );
}

/// Nim heaps (3, 3, 1): xor 1, and three winning moves: heap 1 to 2, heap 2 to 2, heap 3 to 0.
/// Heaps (1, 2, 3): a loss. Heaps (3, 5, 7, 19, 50): the only winning move takes 32 from 50.
const NIM_INPUT: &str = "3\n3\n3 3 1\n3\n1 2 3\n5\n3 5 7 19 50\n";

#[test]
fn nim_accepts_every_winning_move() {
    let case = Case::new("nim", NIM_INPUT);
    let reference = case.reference();
    assert!(reference.ends_with("second\nfirst 5 18\n"), "{reference}");
    for winning in ["first 1 2", "first 2 2", "first 3 0"] {
        let output = format!("{winning}\nsecond\nfirst 5 18\n");
        assert_eq!(
            case.testlib(output.as_bytes()),
            (0, "ok\n".to_string()),
            "{winning}"
        );
        let (code, judge, _) = case.kattis(output.as_bytes(), &[]);
        assert_eq!(code, 42, "{winning}: {judge}");
    }
}

#[test]
fn nim_losing_move_is_wrong_with_an_explanation() {
    let case = Case::new("nim", NIM_INPUT);
    // Heap 1 from 3 to 0 leaves (0, 3, 1), xor 2: the opponent wins.
    let (code, message) = case.testlib(b"first 1 0\nsecond\nfirst 5 18\n");
    assert_eq!(code, 1, "{message}");
    assert_has(&message, &["wrong answer case 1: ", "heap 1"]);
    let (code, message) = case.testlib(b"first 1 2\nfirst 1 0\nfirst 5 18\n");
    assert_eq!(code, 1, "{message}");
    assert_has(&message, &["wrong answer case 2: "]);
    let (code, judge, team) = case.kattis(b"first 1 2\nsecond\nfirst 5 17\n", &[]);
    assert_eq!(code, 43, "{judge}");
    assert_has(&judge, &["wrong answer case 3: ", "heap 5"]);
    assert_eq!(team, None);
    let (code, message) = case.testlib(b"first 1 2\nsecond\nfirst five 18\n");
    assert_eq!(code, 2, "{message}");
    assert_has(
        &message,
        &["wrong output format line 3:7: ", "found \"five\""],
    );
}
