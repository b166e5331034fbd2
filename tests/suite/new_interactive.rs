//! `new NAME --interactive` and interactive program-backed problems: the template passes
//! `testdata` and `verify` at once (the wrong solution gets its folder's verdict), `judge`
//! gives AC to the reference and WA to a player that asks the same question every time,
//! `stress` finds that player's failure and shrinks it through the generator, a broken
//! interactor is a judge error (never the contestant's fault), a testlib interactor's OUTPUT
//! file becomes the answer files, and a manifest mixing an interactor with what it replaces is
//! refused at its line.

use std::path::Path;

use crate::interactive_template::use_testlib_interactor;
use crate::programs_archive::stonejudge;

const NAME: &str = "guess";

/// A player that asks `? 1` until it is told `=`: right only when the secret is 1 or the limit
/// is never reached.
const SAME_EVERY_TIME: &str = "n, q = map(int, input().split())\n\
while True:\n    print('? 1', flush=True)\n    if input().strip() == '=':\n        break\n";

/// A scratch archive with `new NAME --interactive` in it.
fn made() -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("temp dir");
    let (code, out, err) = stonejudge(root.path(), &["new", NAME, "--interactive"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("interact.cpp"), "{out}");
    root
}

fn problem(root: &Path) -> std::path::PathBuf {
    root.join("problems").join(NAME)
}

#[test]
fn the_template_passes_testdata_and_verify_and_the_wrong_solution_is_caught() {
    let root = made();
    let (code, out, err) = stonejudge(root.path(), &["testdata", NAME]);
    assert_eq!(code, Some(0), "{out}{err}");
    // With the Kattis protocol an answer file holds the reference's questions: a binary
    // search on the sample (n = 10, x = 7) asks 5, 8, 6, 7.
    let sample = std::fs::read_to_string(root.path().join("testdata/guess/01.ans")).expect("ans");
    assert_eq!(sample, "? 5\n? 8\n? 6\n? 7\n");
    let (code, out, err) = stonejudge(root.path(), &["testdata", "--check", NAME]);
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, out, err) = stonejudge(root.path(), &["verify"]);
    assert_eq!(code, Some(0), "{out}{err}");
    for solution in ["accepted/sol.cpp", "accepted/sol.py"] {
        let row = line_of(&out, solution);
        assert!(row.contains("AC on all"), "{row}");
    }
    for solution in ["wrong_answer/linear.py", "wrong_answer/linear.cpp"] {
        let row = line_of(&out, solution);
        assert!(row.contains(" ok ") && row.contains("WA on"), "{row}");
    }
}

/// The line of `text` about `what`.
fn line_of<'t>(text: &'t str, what: &str) -> &'t str {
    (text.lines().find(|l| l.contains(what))).unwrap_or_else(|| panic!("no {what} in:\n{text}"))
}

#[test]
fn judge_accepts_the_reference_and_rejects_a_player_that_always_asks_the_same() {
    let root = made();
    let (code, out, err) = stonejudge(root.path(), &["testdata", NAME]);
    assert_eq!(code, Some(0), "{out}{err}");
    let reference = "problems/guess/solutions/accepted/sol.py";
    let (code, out, err) = stonejudge(root.path(), &["judge", NAME, "--", reference]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("all 8 tests AC"), "{out}");
    std::fs::write(root.path().join("same.py"), SAME_EVERY_TIME).expect("write");
    let (code, out, err) = stonejudge(root.path(), &["judge", NAME, "--", "same.py"]);
    assert_eq!(code, Some(1), "{out}{err}");
    // The sample's secret is 7 of 10, with 4 questions: the fifth is refused, and the
    // conversation is shown.
    let first = line_of(&out, "01 ");
    assert!(
        first.contains("WA") && first.contains("question 5: more than the 4"),
        "{first}"
    );
    assert!(out.contains("you>   ? 1"), "{out}");
    // There is no output to check: `check` says so in testlib's words (FAIL, exit 3).
    let test = |ext: &str| format!("testdata/guess/01.{ext}");
    let (code, out, err) = stonejudge(
        root.path(),
        &["check", NAME, &test("in"), &test("ans"), &test("ans")],
    );
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(err.contains("against its interactor"), "{err}");
}

#[test]
fn stress_finds_the_failure_and_shrinks_it_through_the_generator() {
    let root = made();
    std::fs::write(root.path().join("same.py"), SAME_EVERY_TIME).expect("write");
    let args = [
        "stress", NAME, "--seed", "5", "--cases", "20", "--", "same.py",
    ];
    let (code, out, err) = stonejudge(root.path(), &args);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.starts_with("FAILED case"), "{out}");
    assert!(out.contains("shrunk through the generator"), "{out}");
    assert!(out.contains("--- verdict WA"), "{out}");
    // The reference's game on the shrunk input is the expected answer: its questions.
    let expected = out
        .split("--- expected")
        .nth(1)
        .and_then(|rest| rest.split("--- received").next())
        .expect("an expected section");
    assert!(expected.contains("? "), "{out}");
    let (code, out, err) = stonejudge(
        root.path(),
        &[
            "stress",
            NAME,
            "--cases",
            "10",
            "--",
            "problems/guess/solutions/accepted/sol.cpp",
        ],
    );
    assert_eq!(code, Some(0), "{out}{err}");
}

/// An interactor that fails on every test (exit 1, neither 42 nor 43).
const BROKEN_INTERACTOR: &str = "#include <cstdio>\n\
int main() { std::puts(\"10 4\"); std::fflush(stdout); return 1; }\n";

#[test]
fn a_broken_interactor_is_a_judge_error_and_never_the_contestants_fault() {
    let root = made();
    let (code, out, err) = stonejudge(root.path(), &["testdata", NAME]);
    assert_eq!(code, Some(0), "{out}{err}");
    std::fs::write(problem(root.path()).join("interact.cpp"), BROKEN_INTERACTOR).expect("write");
    let reference = "problems/guess/solutions/accepted/sol.cpp";
    // Every test a judge error: the judge could not judge (exit 2), the program is not blamed.
    let (code, out, err) = stonejudge(root.path(), &["judge", NAME, "--", reference]);
    assert_eq!(code, Some(2), "{out}{err}");
    let first = line_of(&out, "01 ");
    assert!(first.contains("JE"), "{out}");
    assert!(
        out.contains("interact.cpp failed (exit code 1, 42 accepts"),
        "{out}"
    );
    assert!(!out.contains(" WA "), "{out}");
    // testdata blames the interactor, at its line of problem.toml, and writes nothing new.
    let (code, out, err) = stonejudge(root.path(), &["testdata", "--check", NAME]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(err.contains("against the interactor"), "{err}");
    assert!(err.contains("JE"), "{err}");
}

#[test]
fn a_testlib_interactor_s_output_file_is_the_answer_and_its_codes_are_read() {
    let root = made();
    use_testlib_interactor(&problem(root.path()));
    let (code, out, err) = stonejudge(root.path(), &["testdata", NAME]);
    assert_eq!(code, Some(0), "{out}{err}");
    // The sample: the reference found 7 of 10 with 4 questions, and the interactor said so.
    let sample = std::fs::read_to_string(root.path().join("testdata/guess/01.ans")).expect("ans");
    assert_eq!(sample, "4\n");
    let (code, out, err) = stonejudge(root.path(), &["verify"]);
    assert_eq!(code, Some(0), "{out}{err}");
    std::fs::write(root.path().join("same.py"), SAME_EVERY_TIME).expect("write");
    let (code, out, err) = stonejudge(root.path(), &["judge", NAME, "--", "same.py"]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(line_of(&out, "01 ").contains("WA"), "{out}");
    assert!(out.contains("question 5: too many"), "{out}");
    // Exit 2 is a presentation error: a question without its "?".
    let bare = "n, q = map(int, input().split())\nprint(1, flush=True)\ninput()\n";
    std::fs::write(root.path().join("bare.py"), bare).expect("write");
    let (code, out, err) = stonejudge(root.path(), &["judge", NAME, "--", "bare.py"]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(line_of(&out, "01 ").contains("PE"), "{out}");
}

#[test]
fn a_manifest_mixing_an_interactor_with_a_checker_or_an_unknown_protocol_is_refused() {
    let root = made();
    let manifest = problem(root.path()).join("problem.toml");
    let original = std::fs::read_to_string(&manifest).expect("read");
    for (from, to, says) in [
        (
            "interactor_protocol = \"kattis\"",
            "interactor_protocol = \"icpc\"",
            "interactor_protocol \"icpc\": expected \"kattis\" or \"testlib\"",
        ),
        (
            "interactor = \"interact.cpp\"",
            "interactor = \"interact.cpp\"\nchecker = \"validate.cpp\"",
            "checker with an interactor is not supported",
        ),
        (
            "interactor = \"interact.cpp\"\n",
            "",
            "interactor_protocol without an interactor",
        ),
    ] {
        assert!(original.contains(from), "{from}");
        std::fs::write(&manifest, original.replace(from, to)).expect("write");
        let (code, out, err) = stonejudge(root.path(), &["testdata", NAME]);
        assert_eq!(code, Some(2), "{to}: {out}{err}");
        assert!(err.contains(says), "{to}: {err}");
        assert!(err.contains("problem.toml:"), "{to}: {err}");
    }
}
