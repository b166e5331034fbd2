//! Interactive sinol-make tasks (`prog/<id>soc.*`) through the real binary: the solution plays
//! against the package's interactor as sio2 connects them, the interactor's report gives the
//! test's points, `verify` holds each solution to its expected scores and `judge` reports them.

use super::sinol_cli::{detail, judge, verified, wrong_expectation};
use super::sinol_fixtures as fixtures;

#[test]
fn verify_plays_every_solution_against_the_interactor() {
    let package = fixtures::interactive();
    let document = verified(&package);
    assert_eq!(
        detail(&document, "abc", "tests"),
        "5 tests made as sinol-make gen makes them: 5 by ingen, 5 committed (interactive: no \
         outputs)"
    );
    assert_eq!(
        detail(&document, "prog/abc.py", "score"),
        "100/100 (0 OK 0, 1 OK 40, 2 OK 30, 3 OK 30)"
    );
    assert_eq!(
        detail(&document, "prog/abcb1.py", "score"),
        "55/100 (0 OK 0, 1 OK 40, 2 OK 15, 3 WA 0)"
    );
}

#[test]
fn judge_reports_the_interactors_points_and_rejections() {
    let package = fixtures::interactive();
    let (code, report, printed) = judge(&package, "abc.py", &[]);
    assert_eq!(code, Some(0), "{printed}");
    assert_eq!(report["score"], 100.0, "{printed}");
    let (code, report, printed) = judge(&package, "abcb1.py", &[]);
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(report["score"], 55.0, "{printed}");
    let tests = report["tests"].as_array().expect("tests");
    assert_eq!(tests[3]["test"], "abc2a");
    assert_eq!(tests[3]["points_percent"], 50.0);
    assert_eq!(tests[3]["message"], "slow");
    assert_eq!(tests[4]["test"], "abc3a");
    let message = tests[4]["message"].as_str().expect("message");
    assert!(message.starts_with("too many guesses"), "{message}");
    // The end of the conversation is shown: the interactor's last answer.
    assert!(message.contains("judge> bigger"), "{message}");
}

#[test]
fn a_solution_that_quits_or_crashes_loses_the_group() {
    let package = fixtures::interactive();
    // Quits at once: the interactor finds no guess.
    package.write("prog/abcb2.py", "pass\n");
    let (code, report, printed) = judge(&package, "abcb2.py", &[]);
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(report["score"], 0.0, "{printed}");
    assert_eq!(report["tests"][1]["verdict"], "WA", "{printed}");
    assert!(printed.contains("no guess"), "{printed}");
    // Crashes after its first guess: its own verdict comes first, as in sinol-make.
    package.write(
        "prog/abcb3.py",
        "print(1, flush=True)\ninput()\nraise SystemExit(3)\n",
    );
    let (code, report, printed) = judge(&package, "abcb3.py", &[]);
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(report["tests"][1]["verdict"], "RE", "{printed}");
}

#[test]
fn a_wrong_expected_score_of_an_interactive_task_fails_verify() {
    let package = fixtures::interactive();
    let found = wrong_expectation(
        &package,
        "3: {points: 0, status: WA}\n    points: 55",
        "3: {points: 30, status: OK}\n    points: 85",
    );
    assert!(
        found.contains("group 3: expected OK with 30 points, found WA with 0")
            && found.contains("total: expected 85 points, found 55"),
        "{found}"
    );
}

#[test]
fn an_interactor_without_a_report_is_a_judge_error() {
    let package = fixtures::interactive();
    package.write("prog/abcsoc.py", "import sys\nsys.exit(0)\n");
    // A solution that says nothing and exits 0: no verdict of its own.
    package.write("prog/abcb2.py", "pass\n");
    let (code, report, printed) = judge(&package, "abcb2.py", &[]);
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(report["tests"][1]["verdict"], "JE", "{printed}");
    assert!(printed.contains("wrote no report"), "{printed}");
}

/// sinol-make reads an interactor's exit code 141 (the shell's code for `SIGPIPE`, which an
/// interactor that finds the solution gone, at end of file or `EPIPE`, returns) as the signal: the
/// solution left before the interactor was done, WA, not an interactor failure.
#[test]
fn an_interactor_exiting_141_after_the_solution_left_is_a_wrong_answer() {
    let package = fixtures::interactive();
    package.write(
        "prog/abcsoc.py",
        "import signal, sys\nsignal.signal(signal.SIGPIPE, signal.SIG_IGN)\n\
         answers, out = open(3), open(4, 'w')\n\
         try:\n    out.write('50\\n')\n    out.flush()\nexcept BrokenPipeError:\n    sys.exit(141)\n\
         if not answers.readline():\n    sys.exit(141)\n\
         print('OK')\nprint()\nprint(100)\n",
    );
    // A solution that leaves at once.
    package.write("prog/abcb2.py", "pass\n");
    let (code, report, printed) = judge(&package, "abcb2.py", &[]);
    assert_eq!(code, Some(1), "{printed}");
    assert_eq!(report["tests"][1]["verdict"], "WA", "{printed}");
    assert!(
        printed.contains("the solution ended before the interactor was done"),
        "{printed}"
    );
}
