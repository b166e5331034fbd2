//! Declared `play` problems made for the Kattis export tests: `stonejudge new` in a scratch
//! archive, with two C++ solutions from `tests/programs/take_player.cpp` (a player deciding
//! positions by exhaustive search): `accepted/perfect.cpp` plays the declared convention,
//! `wrong_answer/other_play.cpp` the other one. Shared by the suite and the tools crate.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// A declared play problem: its name (a Kattis short name too), ruleset, play convention and
/// bounds, and the rules as the player reads them (each removal with its octal digit).
pub struct Declared {
    pub name: &'static str,
    pub ruleset: &'static str,
    pub misere: bool,
    pub max_heap: u64,
    pub max_heaps: u64,
    pub removals: &'static [(u64, u8)],
}

/// One of each way the exported interactor decides positions, all small enough for the
/// player's search: a misère single heap and a misère multi-heap search (the brute force's
/// reach), misère Nim (Bouton's rule), normal play with octal digits 1 and 2 (a Grundy table).
pub const GAMES: [Declared; 4] = [
    Declared {
        name: "misereoctal",
        ruleset: "octal:0.31",
        misere: true,
        max_heap: 100,
        max_heaps: 1,
        removals: &[(1, 3), (2, 1)],
    },
    Declared {
        name: "miserebounded",
        ruleset: "bounded:2",
        misere: true,
        max_heap: 10,
        max_heaps: 4,
        removals: &[(1, 3), (2, 3)],
    },
    Declared {
        name: "miserenim",
        ruleset: "nim",
        misere: true,
        max_heap: 7,
        max_heaps: 4,
        removals: &[(1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3)],
    },
    Declared {
        name: "octalplay",
        ruleset: "octal:0.132",
        misere: false,
        max_heap: 12,
        max_heaps: 3,
        removals: &[(1, 1), (2, 3), (3, 2)],
    },
];

/// Makes `game` in the archive `root` (`root/problems/<name>`, its tests written to
/// `root/testdata/<name>`), with its two solutions; returns the problem's folder.
pub fn make(root: &Path, game: &Declared) -> PathBuf {
    let play = if game.misere { "misere" } else { "normal" };
    let (max_heap, max_heaps) = (game.max_heap.to_string(), game.max_heaps.to_string());
    let new = [
        "new",
        game.name,
        "--game",
        game.ruleset,
        "--format",
        "play",
        "--play",
        play,
        "--max-cases",
        "20",
        "--max-heap",
        &max_heap,
        "--max-heaps",
        &max_heaps,
    ];
    std::fs::create_dir_all(root).expect("mkdir");
    stonejudge_in(root, &new);
    stonejudge_in(root, &["testdata", game.name]);
    let dir = root.join("problems").join(game.name);
    let player = include_str!("../programs/take_player.cpp");
    let rules: Vec<String> = (game.removals.iter())
        .map(|(k, digit)| format!("{{{k}, {digit}}}"))
        .collect();
    for (folder, file, misere) in [
        ("accepted", "perfect.cpp", game.misere),
        ("wrong_answer", "other_play.cpp", !game.misere),
    ] {
        let folder = dir.join("solutions").join(folder);
        std::fs::create_dir_all(&folder).expect("mkdir");
        let source = format!(
            "static const int RULES[][2] = {{{}}};\nstatic const bool MISERE = {misere};\n{player}",
            rules.join(", ")
        );
        std::fs::write(folder.join(file), source).expect("write a solution");
    }
    dir
}

/// Runs `stonejudge ARGS` in `dir` (the archive, by default), which must succeed.
pub fn stonejudge_in(dir: &Path, args: &[&str]) {
    let output = Command::cargo_bin("stonejudge")
        .expect("binary")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run stonejudge");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}
