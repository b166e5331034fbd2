//! The `[game]` table of a declared problem, read into a [`Spec`]: which ruleset, which play
//! convention, which format, and the bounds. Every error names the field to change.
//!
//! Whether the bounds can be *served* (a reference exact for every heap allowed, a brute force
//! where one is promised) is decided later, by [`super::reference::Reference::new`], because
//! it needs computation; here only the table itself is checked.

use std::fmt;

use crate::game::{Play, Ruleset};
use crate::problem::format::show_bound;

/// The largest heap any declaration may allow: every supported solver and every contestant's
/// 64-bit program stays exact below it.
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// The most heaps one input may hold (boards, or heaps over all cases): inputs stay a few
/// MiB and a test is built in well under a second.
pub const MAX_INPUT_HEAPS: u64 = 1_000_000;

/// How a declared problem's input and output look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// `m` / m lines `h` → m lines `1` (the first player wins on that heap) or `2`.
    Boards,
    /// `T` / per case `n` and a line `h1 … hn` → T lines `first` or `second`.
    Cases,
    /// As `cases`, answered `second` or `first i x` (a winning move leaving x in heap i).
    Move,
    /// Interactive: the judge's seed / `g` / g lines `n h1 … hn`; the program plays each game
    /// against the perfect judge (moves `i x`, take x stones from heap i) and must win it. The
    /// answer file says who wins each game (`1` / `2`).
    Play,
}

impl Shape {
    /// The names `format` accepts.
    pub const NAMES: [&'static str; 4] = ["boards", "cases", "move", "play"];

    pub fn name(self) -> &'static str {
        match self {
            Shape::Boards => "boards",
            Shape::Cases => "cases",
            Shape::Move => "move",
            Shape::Play => "play",
        }
    }
}

/// The most games of one test in the `play` format, as in the catalog's interactive problems.
pub const MAX_PLAY_GAMES: u64 = 100;

/// The most stones of one game in the `play` format (`max_heap * max_heaps`): a game lasts up
/// to one move per stone, each a line each way, and the judge weighs every move it may answer.
pub const MAX_PLAY_STONES: u64 = 1000;

/// A declaration read from `[game]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Spec {
    pub ruleset: Ruleset,
    /// The ruleset as written, for messages and statements.
    pub ruleset_text: String,
    pub play: Play,
    pub shape: Shape,
    pub max_heap: u64,
    /// Heaps per case (boards: the number of boards).
    pub max_heaps: u64,
    /// Cases per input (games, in the play format; 1 for boards, which have none).
    pub max_cases: u64,
    /// Heaps over all cases, when bounded apart from `max_cases * max_heaps`.
    pub max_total: Option<u64>,
}

/// A declaration that cannot be served, with the `[game]` field to change and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    /// The key of `[game]` at fault (`ruleset`, `max_heap`, …).
    pub field: &'static str,
    pub message: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[game] {}: {}", self.field, self.message)
    }
}

impl std::error::Error for SpecError {}

pub(crate) fn refuse(field: &'static str, message: impl Into<String>) -> SpecError {
    SpecError {
        field,
        message: message.into(),
    }
}

/// The keys `[game]` may have.
const KEYS: [&str; 7] = [
    "ruleset",
    "play",
    "format",
    "max_heap",
    "max_heaps",
    "max_cases",
    "max_total",
];

/// The entries of a `[game]` table, by key.
struct Entries<'a>(&'a [(String, toml::Value)]);

impl Entries<'_> {
    fn get(&self, key: &str) -> Option<&toml::Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    fn text(&self, key: &'static str) -> Result<Option<&str>, SpecError> {
        match self.get(key) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(refuse(
                key,
                format!("expected a string, found {}", other.type_str()),
            )),
        }
    }

    fn int(&self, key: &'static str, lo: u64, hi: u64) -> Result<Option<u64>, SpecError> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        let toml::Value::Integer(v) = value else {
            return Err(refuse(
                key,
                format!("expected an integer, found {}", value.type_str()),
            ));
        };
        match u64::try_from(*v) {
            Ok(v) if (lo..=hi).contains(&v) => Ok(Some(v)),
            _ => Err(refuse(
                key,
                format!(
                    "{key} = {v} is outside {}..={}",
                    show_bound(lo),
                    show_bound(hi)
                ),
            )),
        }
    }

    fn required(&self, key: &'static str, lo: u64, hi: u64) -> Result<u64, SpecError> {
        self.int(key, lo, hi)?
            .ok_or_else(|| refuse(key, format!("missing: {key} is required (an integer)")))
    }
}

impl Spec {
    /// Reads a `[game]` table's entries (key and value, in any order).
    pub fn parse(entries: &[(String, toml::Value)]) -> Result<Spec, SpecError> {
        if let Some((key, _)) = entries.iter().find(|(k, _)| !KEYS.contains(&k.as_str())) {
            return Err(SpecError {
                field: "[game]",
                message: format!("unknown key {key:?}; the keys are {}", KEYS.join(", ")),
            });
        }
        let entries = Entries(entries);
        let ruleset_text = entries
            .text("ruleset")?
            .ok_or_else(|| refuse("ruleset", "missing: a RULESET as `grundy` takes it"))?;
        let ruleset: Ruleset = ruleset_text
            .parse()
            .map_err(|e: crate::game::RulesetError| refuse("ruleset", e.to_string()))?;
        let play = match entries.text("play")? {
            None | Some("normal") => Play::Normal,
            Some("misere") => Play::Misere,
            Some(other) => {
                return Err(refuse(
                    "play",
                    format!("{other:?}: expected \"normal\" or \"misere\""),
                ))
            }
        };
        let shape = match entries.text("format")?.unwrap_or("cases") {
            "boards" => Shape::Boards,
            "cases" => Shape::Cases,
            "move" => Shape::Move,
            "play" => Shape::Play,
            other => {
                return Err(refuse(
                    "format",
                    format!("{other:?}: expected one of {}", Shape::NAMES.join(", ")),
                ))
            }
        };
        let max_heap = entries.required("max_heap", 1, MAX_HEAP)?;
        let max_heaps = entries.required("max_heaps", 1, MAX_INPUT_HEAPS)?;
        let (max_cases, max_total) = match shape {
            Shape::Boards => {
                for key in ["max_cases", "max_total"] {
                    if entries.get(key).is_some() {
                        return Err(SpecError {
                            field: if key == "max_cases" {
                                "max_cases"
                            } else {
                                "max_total"
                            },
                            message: "the boards format has no cases: max_heaps bounds the \
                                      number of boards; remove this key"
                                .to_string(),
                        });
                    }
                }
                (1, None)
            }
            Shape::Play => {
                let max_cases = entries.required("max_cases", 1, MAX_PLAY_GAMES)?;
                let stones = max_heap.saturating_mul(max_heaps);
                if stones > MAX_PLAY_STONES {
                    return Err(refuse(
                        "max_heap",
                        format!(
                            "max_heap * max_heaps = {} stones in one game: the play format \
                             keeps games within {MAX_PLAY_STONES} stones (a game lasts up to one \
                             move per stone, each a line to and from the judge); lower max_heap \
                             or max_heaps, or use \"cases\" or \"move\" for large heaps",
                            show_bound(stones)
                        ),
                    ));
                }
                (max_cases, entries.int("max_total", 1, MAX_INPUT_HEAPS)?)
            }
            Shape::Cases | Shape::Move => {
                let max_cases = entries.required("max_cases", 1, MAX_INPUT_HEAPS)?;
                let max_total = entries.int("max_total", 1, MAX_INPUT_HEAPS)?;
                (max_cases, max_total)
            }
        };
        let spec = Spec {
            ruleset,
            ruleset_text: ruleset_text.to_string(),
            play,
            shape,
            max_heap,
            max_heaps,
            max_cases,
            max_total,
        };
        spec.check_totals()?;
        Ok(spec)
    }

    /// Inputs stay within [`MAX_INPUT_HEAPS`] heaps, and one test can reach every bound.
    fn check_totals(&self) -> Result<(), SpecError> {
        let all = self.max_cases.saturating_mul(self.max_heaps);
        match self.max_total {
            None if all > MAX_INPUT_HEAPS => Err(refuse(
                "max_total",
                format!(
                    "max_cases * max_heaps = {all} heaps could be in one input; add max_total \
                     of at most {} (heaps over all cases)",
                    show_bound(MAX_INPUT_HEAPS)
                ),
            )),
            Some(total) if total > all => Err(refuse(
                "max_total",
                format!("{total} is more than max_cases * max_heaps = {all}; lower it"),
            )),
            Some(total) if total < self.max_heaps + self.max_cases - 1 => Err(refuse(
                "max_total",
                format!(
                    "{total} is below max_heaps + max_cases - 1 = {}: no input could have \
                     max_cases cases with one of max_heaps heaps; raise it",
                    self.max_heaps + self.max_cases - 1
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The most heaps one input may hold.
    pub fn total_heaps(&self) -> u64 {
        self.max_total
            .unwrap_or(self.max_cases.saturating_mul(self.max_heaps))
    }

    /// The generator parameter counting an input's positions: boards `m`, cases `t`, games
    /// `g` (the play format's name for them, as in its input).
    pub fn count_key(&self) -> &'static str {
        match self.shape {
            Shape::Boards => "m",
            Shape::Cases | Shape::Move => "t",
            Shape::Play => "g",
        }
    }

    /// True if every position has a single heap (boards, or one heap per case) before any
    /// move; with splitting rules a move may still make two.
    pub fn single_heap(&self) -> bool {
        self.shape == Shape::Boards || self.max_heaps == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(text: &str) -> Vec<(String, toml::Value)> {
        let table: toml::Table = toml::from_str(text).expect("valid TOML");
        table.into_iter().collect()
    }

    fn error(text: &str) -> SpecError {
        Spec::parse(&entries(text)).expect_err("refused")
    }

    const CASES: &str = "ruleset = \"subtraction:1,3,4\"\nmax_heap = 1000\nmax_heaps = 10\n";

    #[test]
    fn a_declaration_reads_with_its_defaults() {
        let spec = Spec::parse(&entries(&format!("{CASES}max_cases = 10\n"))).expect("valid");
        assert_eq!(spec.shape, Shape::Cases);
        assert_eq!(spec.play, Play::Normal);
        assert_eq!(spec.total_heaps(), 100);
        assert_eq!(spec.ruleset, Ruleset::Subtraction { set: vec![1, 3, 4] });
    }

    #[test]
    fn each_fault_names_its_field() {
        assert_eq!(error(CASES).field, "max_cases");
        assert_eq!(error("ruleset = \"octal:0.8\"").field, "ruleset");
        assert_eq!(
            error(&format!("{CASES}max_cases = 10\nplay = \"misery\"")).field,
            "play"
        );
        let play = error(&format!("{CASES}max_cases = 10\nformat = \"play\""));
        assert!(
            play.field == "max_heap" && play.message.contains("10^4 stones in one game"),
            "{play}"
        );
        let games = error(&format!(
            "{}max_cases = 101\nformat = \"play\"",
            CASES.replace("1000", "10")
        ));
        assert!(games.field == "max_cases" && games.message.contains("outside 1..=100"));
        let total = error(&format!("{CASES}max_cases = 1000000"));
        assert!(
            total.field == "max_total" && total.message.contains("at most 10^6"),
            "{total}"
        );
        let boards = error(&format!("{CASES}format = \"boards\"\nmax_cases = 3"));
        assert_eq!(boards.field, "max_cases");
        assert_eq!(
            error(&format!("{CASES}max_cases = 3\nmax_total = 11")).field,
            "max_total"
        );
        assert_eq!(
            error(&format!("{CASES}max_cases = 3\ncolour = 1")).field,
            "[game]"
        );
        let heap = error(&CASES.replace("1000", "-1"));
        assert!(
            heap.to_string()
                .starts_with("[game] max_heap: max_heap = -1"),
            "{heap}"
        );
    }
}
