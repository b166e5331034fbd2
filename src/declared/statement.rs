//! What `stonejudge new NAME --game RULESET` writes for a declared game: `problem.toml` (the
//! `[game]` table, limits, a sample and a test plan that reaches every bound and lets the brute
//! force check a group) and a statement skeleton that `verify` accepts as it is.

use std::fmt::Write;

use super::reference::brute_reach;
use super::rules::describe;
use super::spec::{Shape, Spec};
use crate::game::Play;

/// One `[[group]]` of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanGroup {
    pub name: &'static str,
    pub about: &'static str,
    pub count: u64,
    pub seed: u64,
    pub params: Vec<(&'static str, String)>,
}

/// The generator parameters of the sample: a few small positions.
pub fn sample_params(spec: &Spec) -> Vec<(&'static str, String)> {
    let count = match spec.shape {
        Shape::Boards => spec.max_heaps.min(4),
        Shape::Cases | Shape::Move | Shape::Play => spec.max_cases.min(3),
    };
    let mut params = vec![
        ("mode", "random".to_string()),
        ("max_h", spec.max_heap.min(10).to_string()),
        (spec.count_key(), count.to_string()),
    ];
    if spec.shape != Shape::Boards {
        let n = spec.max_heaps.min(3).min(spec.total_heaps() / count);
        params.push(("n", n.to_string()));
    }
    params
}

/// The test plan: the smallest input, a group the brute force checks, random, extreme,
/// every-heap, 8-bit-trap and losing inputs, and one at every upper bound.
pub fn plan(spec: &Spec) -> Vec<PlanGroup> {
    let count = spec.count_key();
    let (small_count, small_n) = match spec.shape {
        Shape::Boards => (spec.max_heaps.min(50), 1),
        Shape::Cases | Shape::Move | Shape::Play => {
            let n = spec.max_heaps.min(4);
            (spec.max_cases.min(20).min(spec.total_heaps() / n), n)
        }
    };
    let mut small = vec![
        ("mode", "random".to_string()),
        (count, small_count.to_string()),
        (
            "max_h",
            spec.max_heap
                .min(brute_reach(&spec.ruleset) / small_n)
                .to_string(),
        ),
    ];
    let mut random = vec![("mode", "random".to_string())];
    let random_count = match spec.shape {
        Shape::Boards => spec.max_heaps.min(100),
        Shape::Cases | Shape::Move | Shape::Play => spec.max_cases.min(20),
    };
    random.push((count, random_count.to_string()));
    if spec.shape != Shape::Boards {
        small.push(("n", small_n.to_string()));
        let n = spec
            .max_heaps
            .min(10)
            .min(spec.total_heaps() / random_count);
        random.push(("n", n.to_string()));
    }
    let mode = |mode: &str| vec![("mode", mode.to_string())];
    let with = |mut params: Vec<(&'static str, String)>, extra: &[(&'static str, String)]| {
        params.extend_from_slice(extra);
        params
    };
    let group = |name, about, count, seed, params| PlanGroup {
        name,
        about,
        count,
        seed,
        params,
    };
    vec![
        group("min", "one position of one empty heap", 1, 100, mode("min")),
        group(
            "small",
            "small heaps: every answer checked by the brute force",
            3,
            200,
            small,
        ),
        group("random", "heaps of every magnitude", 3, 300, random.clone()),
        group(
            "extremes",
            "heaps at the ends of the range and of a known period",
            2,
            400,
            with(mode("extremes"), &random[1..]),
        ),
        group(
            "all",
            "one heap per position, 0, 1, 2, ... in order",
            1,
            500,
            mode("all"),
        ),
        group(
            "anti-8-bit",
            "Grundy values or heaps that do not fit in 8 bits",
            2,
            600,
            with(mode("anti-8-bit"), &random[1..]),
        ),
        group(
            "losing",
            "every position a second-player win where possible",
            2,
            700,
            with(mode("losing"), &random[1..]),
        ),
        group("max", "every upper bound reached", 1, 800, mode("max")),
    ]
}

/// A TOML basic string.
fn quoted(text: &str) -> String {
    format!("{text:?}")
}

/// The `problem.toml` of a new declared problem.
pub fn manifest(title: &str, spec: &Spec, sample_input: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# A declared game problem: stonejudge derives the reference, brute force, validator,\n\
         # generator, checker and shrinking from [game]. Test i (0-based) of a group is\n\
         # `stonejudge gen <name> --seed <seed + i> --param K=V ...`.\n\
         title = {}\n\n[limits]\ntime_seconds = 1.0\nmemory_mib = 256\n\n[game]\nruleset = {}\n\
         play = {}\nformat = {}\nmax_heap = {}\nmax_heaps = {}",
        quoted(title),
        quoted(&spec.ruleset_text),
        quoted(match spec.play {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }),
        quoted(spec.shape.name()),
        spec.max_heap,
        spec.max_heaps
    );
    if spec.shape != Shape::Boards {
        let _ = writeln!(out, "max_cases = {}", spec.max_cases);
    }
    if let Some(total) = spec.max_total {
        let _ = writeln!(out, "max_total = {total}");
    }
    let _ = write!(out, "\n[[sample]]\ninput = \"\"\"\n{sample_input}\"\"\"\n");
    for group in plan(spec) {
        let params: Vec<String> = (group.params.iter())
            .map(|(k, v)| match v.parse::<u64>() {
                Ok(_) => format!("{k} = {v}"),
                Err(_) => format!("{k} = {}", quoted(v)),
            })
            .collect();
        let _ = write!(
            out,
            "\n[[group]]\nname = {}\nabout = {}\ncount = {}\nseed = {}\nparams = {{ {} }}\n",
            quoted(group.name),
            quoted(group.about),
            group.count,
            group.seed,
            params.join(", ")
        );
    }
    out
}

/// The statement skeleton: the rules, the formats, the constraints as the format has them
/// (`lines`), ending with the `## Samples` heading: `new` puts the samples marker under it,
/// where the plan's samples are inserted (so that they cannot drift from `problem.toml`).
pub fn statement(title: &str, spec: &Spec, lines: &[String]) -> String {
    let ending = match spec.play {
        Play::Normal => "The player who cannot move loses.",
        Play::Misere => {
            "The player who cannot move wins (misere play: whoever makes the last move loses)."
        }
    };
    let (task, input, output) = match spec.shape {
        Shape::Boards => (
            "Each board is a single heap of stones. For each board, decide which player wins \
             with perfect play.",
            "The first line holds m, the number of boards. Each of the next m lines holds h, \
             the number of stones of one board.",
            "For each board print one line: `1` if the first player can force a win, `2` \
             otherwise.",
        ),
        Shape::Cases => (
            "For each game, given its heaps, decide which player wins with perfect play.",
            "The first line holds T, the number of games. Each game is two lines: the number n \
             of heaps, then the n heap sizes h_1, ..., h_n.",
            "For each game print one line: `first` if the first player can force a win, \
             `second` otherwise.",
        ),
        Shape::Move => (
            "For each game, given its heaps, decide whether the first player can force a win, \
             and if so, name a winning first move.",
            "The first line holds T, the number of games. Each game is two lines: the number n \
             of heaps, then the n heap sizes h_1, ..., h_n.",
            "For each game print one line: `second` if the first player loses against perfect \
             play; otherwise `first i x`, a winning move that leaves x stones in heap i (heaps \
             are numbered from 1). Any winning move is accepted.",
        ),
        Shape::Play => (
            "This is an interactive problem: your program plays each game against the judge, \
             and must win every game. The judge plays perfectly: whenever it can force a win it \
             does, so a single mistake of yours loses.\n\n\
             The judge first writes a line with g, the number of games. For each game it then \
             writes a line `n h_1 ... h_n`: the number of heaps and their sizes. Your program \
             answers `1` to move first or `2` to move second. Then the players alternate, \
             starting with the one who moves first. A move is a line `i x`: take x stones from \
             heap i (heaps are numbered from 1), as the rules allow. A player who has no move \
             writes `0 0` instead; that ends the game, and the judge writes the next game (or, \
             after the last game, closes its output: your program must then exit with status \
             0). Your program loses a game, and the test (wrong answer), if it writes `0 0` \
             while it has a move, makes an illegal or malformed move, or loses by the rules \
             above. Every line ends with a newline, and your program must flush its output \
             after each line.",
            "The judge's input file, which your program does not see: the judge's seed s on \
             the first line, then g, then g lines `n h_1 ... h_n`.",
            "The answer file says, for each game, who wins it with perfect play (`1`: the first \
             player): the choice your program must make.",
        ),
    };
    let mut out = format!(
        "# {title}\n\nTwo players play with heaps of stones. They move alternately; a move {}. \
         {ending}\n\n{task}\n\n## Input\n\n{input}\n\n## Output\n\n{output}\n\n## Constraints\n\n",
        describe(&spec.ruleset)
    );
    for line in lines {
        let _ = writeln!(out, "- {line}");
    }
    out.push_str(
        "\nAll numbers are decimal, separated by single spaces; every line, the last one \
         included, ends with a newline.\n\n## Samples\n\n",
    );
    out
}
