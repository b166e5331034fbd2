//! Interactive problems: real players in C, C++, Python and Rust against the built-in perfect
//! judges and against interactor programs (`stonejudge interact`, speaking the Kattis
//! protocol, and a Kattis package's C++ interactor), through the library's judging path and
//! the real binary. Each misbehaviour gets its verdict with a one-line reason within the time
//! limit plus 2 s, and no process of either side survives a test, nor SIGINT.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use assert_cmd::Command;
use stonejudge::catalog;
use stonejudge::judge::{Interactor, Judge, Judging, Protocol};
use stonejudge::run::{Cache, Invocation, Limits, Program, Runner};
use stonejudge::verdict::{Judged, Verdict};

use crate::survivors::{assert_no_survivors, processes_with, unique_token, TOKEN_VAR};

const TIME_LIMIT: Duration = Duration::from_millis(500);
/// Two games of nim-play: heaps 1 2 (the first player wins), heaps 1 2 3 (the second).
const INPUT: &str = "7\n2\n2 1 2\n3 1 2 3\n";
const ANSWER: &str = "1\n2\n";

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

struct Fixtures {
    runner: Runner,
    cache: Cache,
    /// tests/programs/nim_player.c, whose first argument picks a behaviour.
    player: Program,
}

fn fixtures() -> &'static Fixtures {
    static FIXTURES: OnceLock<Fixtures> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let runner = Runner::new(env!("CARGO_BIN_EXE_stonejudge"));
        let cache = Cache::new(Path::new(env!("CARGO_TARGET_TMPDIR")).join("interactive-cache"));
        let player = prepare(&runner, &cache, &repo().join("tests/programs/nim_player.c"));
        Fixtures {
            runner,
            cache,
            player,
        }
    })
}

fn prepare(runner: &Runner, cache: &Cache, path: &Path) -> Program {
    Program::prepare(path, &[], runner, cache).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The C player in `mode`, marked with a fresh token in its arguments and environment.
fn player(mode: &str) -> (Program, String) {
    let token = unique_token(mode);
    let mut program = fixtures().player.clone();
    program
        .invocation
        .args
        .extend([OsString::from(mode), OsString::from(&token)]);
    program
        .invocation
        .env
        .push((TOKEN_VAR.into(), token.clone().into()));
    (program, token)
}

/// Judges `program` on the two-game test, the way `how` judges it.
fn judged(program: &Program, how: Judging<'_>) -> Judged {
    let judge = Judge {
        runner: &fixtures().runner,
        program,
        limits: Limits::new(TIME_LIMIT, 256 << 20),
        judging: how,
    };
    judge.input(INPUT.as_bytes(), ANSWER.as_bytes()).0
}

/// `stonejudge interact nim-play` as a Kattis interactor program.
fn interactor() -> &'static Interactor {
    static INTERACTOR: OnceLock<Interactor> = OnceLock::new();
    INTERACTOR.get_or_init(|| Interactor {
        program: Program {
            invocation: Invocation::new(env!("CARGO_BIN_EXE_stonejudge"))
                .args(["interact", "nim-play"]),
            given: "stonejudge interact nim-play".into(),
            language: None,
        },
        flags: Vec::new(),
        limits: Limits::new(Duration::from_secs(10), 1 << 30),
        protocol: Protocol::Kattis,
    })
}

/// The C player in `mode` gets `expected` with a message whose first line contains `reason`,
/// and leaves no process behind.
fn case(mode: &str, how: Judging<'_>, expected: Verdict, reason: &str) {
    let (program, token) = player(mode);
    let judged = judged(&program, how);
    assert_eq!(judged.verdict, expected, "{mode}: {}", judged.message);
    let first = judged.message.lines().next().unwrap_or_default();
    assert!(first.contains(reason), "{mode}: {first:?} lacks {reason:?}");
    assert!(first.len() < 300, "{mode}: a long first line: {first}");
    assert_no_survivors(&token);
}

#[test]
fn a_lost_game_is_explained_in_the_games_terms_with_the_conversation() {
    let stripes_play = catalog::find_interactive("stripes-play").expect("stripes-play");
    // first_fit always moves first and places its shortest stripe on the first free cells.
    let program = prepare(
        &fixtures().runner,
        &fixtures().cache,
        &repo().join("problems/stripes-play/solutions/wrong_answer/first_fit.py"),
    );
    let judge = Judge {
        runner: &fixtures().runner,
        program: &program,
        limits: Limits::new(Duration::from_secs(5), 256 << 20),
        judging: Judging::Interactive(stripes_play.referee),
    };
    // Stripes of 1 and 5 on 6 cells: G(6) = 0, so moving first is already the mistake.
    let (judged, _) = judge.input(b"1 5 1\n7\n1\n6\n", b"2\n");
    assert_eq!(judged.verdict, Verdict::WA, "{}", judged.message);
    let mut lines = judged.message.lines();
    assert_eq!(
        lines.next(),
        Some(
            "game 1 (p = 6): you chose `1`, but the first player loses on a free segment of 6 \
             cells (Grundy 0); the right choice was `2`, and the judge went on to win"
        )
    );
    assert_eq!(lines.next(), Some("the end of the conversation:"));
    assert_eq!(judged.message.lines().last(), Some("  you>   0 0"));

    // Stripes of 2 on 4 cells (Dawson's Kayles, G(4) = 2): moving first is right, but
    // covering cells 1-2 leaves 2 cells of value 1; covering 2-3 leaves 1 and 1 (0 xor 0).
    let (judged, _) = judge.input(b"2 2 2\n5\n1\n4\n", b"1\n");
    assert_eq!(judged.verdict, Verdict::WA, "{}", judged.message);
    assert_eq!(
        judged.message.lines().next(),
        Some(
            "game 1 (p = 4): your move `2 1` left a free segment of 2 cells (Grundy 1), a win \
             for the judge; a winning move was `2 2`, and the judge went on to win"
        )
    );
}

#[test]
fn an_interactor_program_speaking_the_kattis_protocol_judges_the_same() {
    let cases = [
        ("perfect", Verdict::AC, "won all 2 games"),
        ("lose", Verdict::WA, "your move `1 1` left heaps 0 and 2"),
        ("illegal", Verdict::WA, "is illegal"),
        ("noflush", Verdict::TLE, "wall-clock limit"),
        (
            "exit_early",
            Verdict::WA,
            "the program ended before the games were over",
        ),
        ("binary", Verdict::WA, "is not printable ASCII"),
        ("fork", Verdict::AC, "won all 2 games"),
    ];
    for (mode, expected, reason) in cases {
        case(mode, Judging::Interactor(interactor()), expected, reason);
    }
}

#[test]
fn perfect_players_in_four_languages_win_every_test_of_both_problems() {
    let solutions = |problem: &str, file: &str| -> PathBuf {
        repo()
            .join("problems")
            .join(problem)
            .join("solutions/accepted")
            .join(file)
    };
    let players = [
        ("nim-play", solutions("nim-play", "nim_play.cpp")),
        ("nim-play", solutions("nim-play", "nim_play.py")),
        ("nim-play", repo().join("tests/programs/nim_player.rs")),
        ("nim-play", repo().join("tests/programs/nim_player.c")),
        (
            "stripes-play",
            solutions("stripes-play", "stripes_play.cpp"),
        ),
    ];
    for (problem, player) in players {
        let output = Command::cargo_bin("stonejudge")
            .expect("binary")
            .current_dir(repo())
            .env(
                "STONEJUDGE_CACHE",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("interactive-cache"),
            )
            // A generous limit: the machine may be busy with other tests.
            .args(["judge", problem, "-j", "2", "--time-limit", "5", "--"])
            .arg(&player)
            .output()
            .expect("run judge");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}: {stdout}",
            player.display()
        );
        assert!(stdout.contains(&format!("{problem}: all ")), "{stdout}");
    }
}

#[test]
fn stress_shrinks_a_lost_game_to_one_game() {
    let saved = tempfile::tempdir().expect("tempdir");
    let loser = repo().join("problems/nim-play/solutions/wrong_answer/take_one.py");
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .current_dir(repo())
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("interactive-cache"),
        )
        .args(["stress", "nim-play", "--seed", "1", "--cases", "50"])
        .args(["--time-limit", "5", "--save"])
        .arg(saved.path().join("case.in"))
        .arg("--")
        .arg(&loser)
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    // The shrunk case holds one game, and the judge explains it.
    assert!(stdout.contains("game 1 ("), "{stdout}");
    assert!(!stdout.contains("game 2 ("), "{stdout}");
    let case = std::fs::read_to_string(saved.path().join("case.in")).expect("saved case");
    assert_eq!(case.lines().nth(1), Some("1"), "one game: {case}");
}

#[test]
fn interact_speaks_the_kattis_protocol_and_refuses_batch_problems() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("test.in");
    std::fs::write(&input, INPUT).expect("write");
    // The program's side of the conversation, written in advance: it answers `2` to a game
    // the first player wins, and stops; the judge has made the only winning move.
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["interact", "nim-play"])
        .arg(&input)
        .arg(&input)
        .arg(dir.path())
        .write_stdin("2\n")
        .output()
        .expect("run interact");
    assert_eq!(output.status.code(), Some(43));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "2\n2 1 2\n2 1\n");
    let message = std::fs::read_to_string(dir.path().join("judgemessage.txt")).expect("message");
    assert!(
        message.starts_with("game 1 (heaps 1 2): you chose `2`, but the first player wins"),
        "{message}"
    );
    assert!(message.contains("; then the program stopped"), "{message}");

    let batch = Command::cargo_bin("stonejudge")
        .expect("binary")
        .args(["interact", "nim"])
        .arg(&input)
        .output()
        .expect("run interact");
    assert_eq!(batch.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&batch.stderr).contains("nim is not interactive"));
}

/// `stonejudge judge nim-play` on the two-game test in a fresh directory, with the C player in
/// `mode` and `TOKEN_VAR` in the environment of everything it starts: the JSON report's test.
fn judged_by_the_binary(mode: &str, token: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("01.in"), INPUT).expect("write");
    std::fs::write(dir.path().join("01.ans"), ANSWER).expect("write");
    let report = dir.path().join("report.json");
    let limit = TIME_LIMIT.as_secs_f64().to_string();
    Command::cargo_bin("stonejudge")
        .expect("binary")
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("interactive-cache"),
        )
        .env(TOKEN_VAR, token)
        .args(["judge", "nim-play", "--tests"])
        .arg(dir.path())
        .args(["--time-limit", &limit, "--json"])
        .arg(&report)
        .arg("--")
        .arg(repo().join("tests/programs/nim_player.c"))
        .args([mode, token])
        .output()
        .expect("run judge");
    let text = std::fs::read_to_string(&report).expect("the JSON report");
    let document: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    document["tests"][0].clone()
}

#[test]
fn the_binary_gives_each_misbehaving_player_its_verdict_within_the_time_limit_plus_2_s() {
    let cases = [
        (
            "lose",
            "WA",
            "game 1 (heaps 1 2): your move `1 1` left heaps 0 and 2 (xor 0 xor 2 = 2), a win for \
             the judge; a winning move was `2 1`, and the judge went on to win",
        ),
        (
            "illegal",
            "WA",
            "game 1 (heaps 1 2): your move `2 3` is illegal",
        ),
        (
            "noflush",
            "TLE",
            "a line written without a flush is the usual cause",
        ),
        ("crash_after", "RE", "SIGABRT"),
        (
            "exit_early",
            "WA",
            "the program ended before the games were over",
        ),
        // Malformed output is a wrong answer with a reason on one line.
        ("word", "WA", "expected `1` or `2`, got"),
        ("long_line", "WA", "a line longer than 4096 bytes"),
        ("binary", "WA", "is not printable ASCII"),
        ("no_newline", "WA", "has no final newline"),
        // Whatever the program does, nothing of it survives the test.
        ("fork", "AC", "won all 2 games"),
        ("close_stdin", "TLE", "wall-clock limit"),
    ];
    for (mode, verdict, reason) in cases {
        let token = unique_token(mode);
        let test = judged_by_the_binary(mode, &token);
        assert_eq!(test["verdict"], verdict, "{mode}: {test:#}");
        let message = test["message"].as_str().unwrap_or_default();
        let first = message.lines().next().unwrap_or_default();
        assert!(first.contains(reason), "{mode}: {first:?} lacks {reason:?}");
        assert!(first.len() < 300, "{mode}: a long first line: {first}");
        // The judge's own measurement of the program: it is never let run past its limits.
        let wall = test["wall_s"].as_f64().expect("a measured run");
        assert!(
            wall <= TIME_LIMIT.as_secs_f64() + 2.0,
            "{mode}: the verdict came after {wall} s"
        );
        assert_no_survivors(&token);
    }
}

/// Writes the guessing game's package (legacy, C++ interactor) with an interactor that first
/// forks a child that sleeps, and a player that does the same.
fn forking_package(root: &Path) {
    crate::package_fixtures::guess(root);
    let interactor = root.join("output_validators/interactor/interactor.cpp");
    let source = std::fs::read_to_string(&interactor).expect("read");
    let forking = source
        .replacen(
            "#include <cerrno>",
            "#include <cerrno>\n#include <unistd.h>",
            1,
        )
        .replacen(
            "int main(int argc, char** argv) {",
            "int main(int argc, char** argv) {\n    if (fork() == 0) { sleep(100); return 0; }",
            1,
        );
    assert_ne!(source, forking, "the interactor changed");
    std::fs::write(&interactor, forking).expect("write");
    std::fs::write(
        root.join("submissions/accepted/forking.c"),
        "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\nint main(void) { \
         if (fork() == 0) { sleep(100); return 0; } long lo = 1, hi; char reply[16]; \
         if (scanf(\"%ld\", &hi) != 1) return 1; for (;;) { long mid = (lo + hi) / 2; \
         printf(\"%ld\\n\", mid); fflush(stdout); if (scanf(\"%15s\", reply) != 1) return 1; \
         if (!strcmp(reply, \"correct\")) return 0; if (!strcmp(reply, \"higher\")) lo = mid + 1; \
         else hi = mid - 1; } }\n",
    )
    .expect("write");
}

#[test]
fn no_process_of_either_side_survives_a_test_against_an_interactor_program() {
    let dir = tempfile::tempdir().expect("tempdir");
    forking_package(&dir.path().join("guess"));
    let token = unique_token("forking-sides");
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .current_dir(dir.path())
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("interactive-cache"),
        )
        .env(TOKEN_VAR, &token)
        .args(["judge", "./guess", "--time-limit", "2", "--"])
        .arg("guess/submissions/accepted/forking.c")
        .output()
        .expect("run judge");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("kattis verdict: AC"), "{stdout}");
    assert_no_survivors(&token);
}

#[test]
fn sigint_ends_both_sides_of_a_two_way_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    crate::package_fixtures::guess(&dir.path().join("guess"));
    std::fs::write(
        dir.path().join("sleeper.c"),
        "#include <unistd.h>\nint main(void) { sleep(100); return 0; }\n",
    )
    .expect("write");
    let token = unique_token("sigint-two-way");
    let mut judge = std::process::Command::new(env!("CARGO_BIN_EXE_stonejudge"))
        .current_dir(dir.path())
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("interactive-cache"),
        )
        .env(TOKEN_VAR, &token)
        .args(["judge", "./guess", "--time-limit", "20", "--", "sleeper.c"])
        .arg(&token)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start stonejudge");
    // Everything the judge starts inherits the token: wait until the player (the token among
    // its arguments) and the interactor (given a feedback directory) both run.
    let cmdline = |pid: i32| std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    let has = |bytes: &[u8], what: &[u8]| bytes.windows(what.len()).any(|w| w == what);
    let judge_pid = judge.id() as i32;
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let running: Vec<Vec<u8>> = (processes_with(&token).into_iter())
            .filter(|&pid| pid != judge_pid)
            .map(cmdline)
            .collect();
        let player = running.iter().any(|c| has(c, token.as_bytes()));
        let interactor = running.iter().any(|c| has(c, b"feedback/"));
        if player && interactor {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the two sides never ran"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // SAFETY: signalling our own child.
    unsafe { libc::kill(judge_pid, libc::SIGINT) };
    let status = judge.wait().expect("stonejudge ends");
    assert_eq!(status.code(), Some(130), "{status:?}");
    assert_no_survivors(&token);
    // The interactor's scratch directory (its input, answer and feedback) goes too.
    let prefix = format!("stonejudge-validator-{judge_pid}-");
    let left: Vec<_> = std::fs::read_dir(std::env::temp_dir())
        .expect("the temporary directory")
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(&prefix))
        .map(|entry| entry.path())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}
