//! The interactive `play` format of a declared game: the program plays each game against the
//! perfect judge of [`crate::problem::play`], which here plays the declared ruleset through
//! the declaration's reference (Grundy tables, proven periods, misère tables or the brute
//! force, as the other formats decide positions).
//!
//! The test's input file is the judge's: `s` (its seed) / `g` / g lines `n h1 … hn`, the
//! shape of the catalog's nim-play (docs/games.md §6). The answer file says who wins each game
//! (`1`: the first player), the choice the program must make. In the conversation a move is
//! `i x`: take x stones from heap i (1-based), when the ruleset allows it; only rulesets
//! without splitting moves are served, where that names every move.

use super::formats::{BOARD_WORDS, JUDGE_SEED};
use super::generate::MODES;
use super::rules::{describe, is_legal, lefts};
use super::Game;
use crate::dialog::{Dialog, Refereed};
use crate::game::brute::{Solvers, TooLarge};
use crate::game::{Play, Ruleset};
use crate::gen::{Gen, ParamError, Params};
use crate::problem::answer::{Outcomes, Winner};
use crate::problem::format::push_line;
use crate::problem::play::{self, listed, xor_sum, Played, Position};
use crate::problem::{
    Decided, Enumeration, InputFormat, Instance, InstanceOf, KattisAnswers, KattisHints,
    ParseError, Reader, Ruling, TakeRules, TypedProblem,
};

/// A declared game in the interactive `play` format.
pub struct Plays(pub Game);

/// How many of its legal moves the judge weighs from a losing position (keeping the one that
/// leaves the program the fewest winning answers).
const STALLING_PICKS: usize = 4;

/// `4 7 1`.
fn shown_heaps(heaps: &[u64]) -> String {
    let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
    heaps.join(" ")
}

impl TypedProblem for Plays {
    type Header = u64;
    type Case = Vec<u64>;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        self.0.format()
    }

    fn words(&self) -> Outcomes {
        BOARD_WORDS
    }

    /// The package's interactor plays the declared rules: every removal up to the largest
    /// heap, and how positions are decided. Misère play other than Nim's is searched
    /// position by position: the declaration admits it only for one heap per position or
    /// positions within the brute force's reach (see [`super::reference`]), few enough.
    fn kattis(&self) -> Option<KattisHints> {
        let spec = &self.0.spec;
        let rules = &spec.ruleset;
        let digit =
            |k: u64| u8::from(is_legal(rules, k, 0)) | u8::from(is_legal(rules, k + 1, 1)) << 1;
        let removals = (1..=spec.max_heap)
            .map(|k| (k, digit(k)))
            .filter(|&(_, d)| d != 0)
            .collect();
        let decided_by = match (spec.play, rules) {
            (Play::Normal, _) => Decided::Grundy,
            (Play::Misere, Ruleset::Nim) => Decided::Bouton,
            (Play::Misere, _) => Decided::MisereSearch,
        };
        let play = match spec.play {
            Play::Normal => "normal",
            Play::Misere => "misere",
        };
        Some(self.0.kattis(KattisAnswers::Plays(TakeRules {
            about: format!("{}, {play} play", spec.ruleset_text),
            removals,
            max_heap: spec.max_heap,
            decided_by,
        })))
    }

    fn read_header(&self, r: &mut Reader<'_>) -> Result<u64, ParseError> {
        let seed = r.int(&JUDGE_SEED)?;
        r.end_of_values()?;
        Ok(seed)
    }

    fn write_header(&self, seed: &u64, out: &mut String) {
        push_line(out, &[*seed]);
    }

    fn read_case(&self, _: &u64, r: &mut Reader<'_>) -> Result<Vec<u64>, ParseError> {
        r.counted_ints(&self.0.heaps_int(), &self.0.heap_int())
    }

    fn write_case(&self, _: &u64, heaps: &Vec<u64>, out: &mut String) {
        let mut line = vec![heaps.len() as u64];
        line.extend_from_slice(heaps);
        push_line(out, &line);
    }

    fn solve(&self, _: &u64, heaps: &Vec<u64>) -> Winner {
        Winner::from_mover_wins(self.0.wins(heaps))
    }

    fn brute(&self, _: &u64, heaps: &Vec<u64>, solvers: &mut Solvers) -> Result<Winner, TooLarge> {
        self.0
            .brute_wins(heaps, solvers)
            .map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &u64, heaps: &Vec<u64>, want: &Winner, got: &Winner) -> Ruling {
        let place = || format!(" (heaps {})", shown_heaps(heaps));
        BOARD_WORDS.unless_equal(want, got, place, || self.0.explain(heaps, *want))
    }

    /// The games as the other formats' positions (`g` of them); the judge's seed is random,
    /// but 0 in mode `min` and its largest value in mode `max`.
    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let games = self.0.generate_positions(gen, params)?;
        let seed = match params.choice("mode", "random", &MODES)? {
            "min" => JUDGE_SEED.lo,
            "max" => JUDGE_SEED.hi,
            _ => gen.range(JUDGE_SEED.lo, JUDGE_SEED.hi),
        };
        Ok(Instance {
            header: seed,
            cases: games,
        })
    }

    fn shrink_case(&self, _: &u64, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        self.0.shrink_heaps(heaps)
    }

    fn weight(&self, heaps: &Vec<u64>) -> usize {
        heaps.len()
    }

    /// Size: `n + h_1 + … + h_n`, with the judge's seed 0.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        self.0.enumerate_heaps::<Self>(size, 0)
    }
}

impl Played for Plays {
    fn referee(&self, &seed: &u64, games: &[Vec<u64>], dialog: &mut dyn Dialog) -> Refereed {
        let count = games.len();
        let games = (games.iter().enumerate())
            .map(|(i, heaps)| play::Game {
                announce: format!("{} {}", heaps.len(), shown_heaps(heaps)),
                place: format!("game {} (heaps {})", i + 1, shown_heaps(heaps)),
                start: Heaps {
                    game: &self.0,
                    heaps: heaps.clone(),
                },
            })
            .collect();
        play::referee(&count.to_string(), games, seed, dialog)
    }
}

/// The heaps of a game being played under the declared rules.
struct Heaps<'a> {
    game: &'a Game,
    heaps: Vec<u64>,
}

impl Heaps<'_> {
    /// Every legal move, as `[heap (1-based), stones taken]`.
    fn moves(&self) -> Vec<[u64; 2]> {
        let rules = &self.game.spec.ruleset;
        (self.heaps.iter().enumerate())
            .flat_map(|(i, &h)| {
                lefts(rules, h)
                    .into_iter()
                    .map(move |left| [i as u64 + 1, h - left])
            })
            .collect()
    }

    /// True if `mv` leaves the player to move next a lost position.
    fn wins_by(&mut self, mv: [u64; 2]) -> bool {
        self.play(mv);
        let won = !self.game.wins(&self.heaps);
        self.unplay(mv);
        won
    }
}

impl Position for Heaps<'_> {
    fn mover_wins(&self) -> bool {
        self.game.wins(&self.heaps)
    }

    fn parse_move(&self, [i, x]: [u64; 2]) -> Result<[u64; 2], String> {
        let n = self.heaps.len();
        let Some(heap) = usize::try_from(i).ok().filter(|&i| (1..=n).contains(&i)) else {
            return Err(format!("there is no heap {i} (there are {n})"));
        };
        let h = self.heaps[heap - 1];
        let rules = &self.game.spec.ruleset;
        if x == 0 || x > h || !is_legal(rules, h, h - x) {
            return Err(format!(
                "heap {i} has {h} stone{}, and taking {x} of them is not a move (a move {})",
                if h == 1 { "" } else { "s" },
                describe(rules)
            ));
        }
        Ok([i, x])
    }

    fn any_move(&self) -> Option<[u64; 2]> {
        let rules = &self.game.spec.ruleset;
        (self.heaps.iter().enumerate()).find_map(|(i, &h)| {
            lefts(rules, h)
                .first()
                .map(|&left| [i as u64 + 1, h - left])
        })
    }

    fn winning_moves(&self) -> Vec<[u64; 2]> {
        let mut trial = Heaps {
            game: self.game,
            heaps: self.heaps.clone(),
        };
        (self.moves().into_iter())
            .filter(|&mv| trial.wins_by(mv))
            .collect()
    }

    fn stalling_move(&self, gen: &mut Gen) -> Option<[u64; 2]> {
        let moves = self.moves();
        if moves.is_empty() {
            return None;
        }
        let mut after = Heaps {
            game: self.game,
            heaps: self.heaps.clone(),
        };
        (0..STALLING_PICKS)
            .map(|_| moves[gen.index(moves.len())])
            .min_by_key(|&mv| {
                after.play(mv);
                let answers = after.winning_moves().len();
                after.unplay(mv);
                answers
            })
    }

    fn play(&mut self, [i, x]: [u64; 2]) {
        self.heaps[i as usize - 1] -= x;
    }

    fn unplay(&mut self, [i, x]: [u64; 2]) {
        self.heaps[i as usize - 1] += x;
    }

    /// `heaps 4, 7 and 1 (Grundy values 1 xor 0 = 1)`, or `(misère play)` where values do
    /// not decide.
    fn describe(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(u64::to_string).collect();
        let reference = &self.game.reference;
        let values: Option<Vec<u64>> = self.heaps.iter().map(|&h| reference.value(h)).collect();
        match values {
            Some(values) => format!(
                "heaps {} (Grundy values {})",
                listed(&heaps),
                xor_sum(&values)
            ),
            None => format!("heaps {} (misere play)", listed(&heaps)),
        }
    }

    fn misere(&self) -> bool {
        self.game.spec.play == Play::Misere
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;
    use crate::dialog::{Gone, Unheard};

    /// A player inside the test: it follows the judge's lines and answers them, perfectly or
    /// naively.
    struct Player<'a> {
        game: &'a Game,
        perfect: bool,
        /// Whether the number of games was read.
        counted: bool,
        /// The heaps of the game being played, if one is.
        heaps: Option<Vec<u64>>,
        replies: VecDeque<String>,
    }

    impl Player<'_> {
        fn position(&self) -> Heaps<'_> {
            Heaps {
                game: self.game,
                heaps: self.heaps.clone().unwrap_or_default(),
            }
        }

        /// The perfect player's winning move, else (and always for the naive one) the first
        /// legal move.
        fn reply(&mut self) {
            let position = self.position();
            let winning = position.winning_moves();
            let mv = match (self.perfect, winning.first()) {
                (true, Some(&mv)) => Some(mv),
                _ => position.any_move(),
            };
            match (mv, &mut self.heaps) {
                (Some(mv), Some(heaps)) => {
                    heaps[mv[0] as usize - 1] -= mv[1];
                    self.replies.push_back(play::shown(mv));
                }
                _ => {
                    self.heaps = None;
                    self.replies.push_back("0 0".to_string());
                }
            }
        }
    }

    impl Dialog for Player<'_> {
        fn send(&mut self, line: &str) -> Result<(), Gone> {
            let numbers: Vec<u64> = line.split(' ').map(|t| t.parse().unwrap_or(0)).collect();
            if !std::mem::replace(&mut self.counted, true) {
                return Ok(());
            }
            match (&mut self.heaps, numbers.as_slice()) {
                (Some(_), [0, 0]) => self.heaps = None,
                (Some(heaps), [i, x]) => {
                    heaps[*i as usize - 1] -= x;
                    self.reply();
                }
                (_, announced) => {
                    self.heaps = Some(announced[1..].to_vec());
                    let first = !self.perfect || self.position().mover_wins();
                    self.replies
                        .push_back(if first { "1" } else { "2" }.to_string());
                    if first {
                        self.reply();
                    }
                }
            }
            Ok(())
        }

        fn receive(&mut self) -> Result<Vec<u8>, Unheard> {
            (self.replies.pop_front())
                .map(String::into_bytes)
                .ok_or(Unheard::Ended(Vec::new()))
        }

        fn finish(&mut self) -> Vec<u8> {
            Vec::new()
        }
    }

    fn played(game: &str) -> Plays {
        let table: toml::Table = toml::from_str(game).expect("TOML");
        let spec = super::super::Spec::parse(&table.into_iter().collect::<Vec<_>>());
        Plays(Game::new(spec.expect("a declaration")).expect("served"))
    }

    /// The judge plays the declared rules in every play convention the references serve: a
    /// perfect player wins every game, one that always moves first and takes the first legal
    /// move is caught.
    #[test]
    fn the_judge_plays_the_declared_rules() {
        for game in [
            "ruleset = \"octal:0.31\"\nformat = \"play\"\nmax_heap = 30\nmax_heaps = 3\n\
             max_cases = 20",
            "ruleset = \"subtraction:1,2,5\"\nplay = \"misere\"\nformat = \"play\"\n\
             max_heap = 200\nmax_heaps = 1\nmax_cases = 20",
            "ruleset = \"nim\"\nplay = \"misere\"\nformat = \"play\"\nmax_heap = 20\n\
             max_heaps = 4\nmax_cases = 20",
            "ruleset = \"bounded:3\"\nplay = \"misere\"\nformat = \"play\"\nmax_heap = 8\n\
             max_heaps = 3\nmax_cases = 20",
        ] {
            let plays = played(game);
            let params = Params::from_pairs(&[("g", "20")]);
            let instance = plays
                .generate(&mut Gen::new(5), &params)
                .expect("generated");
            for perfect in [true, false] {
                let mut player = Player {
                    game: &plays.0,
                    perfect,
                    counted: false,
                    heaps: None,
                    replies: VecDeque::new(),
                };
                let refereed = plays.referee(&instance.header, &instance.cases, &mut player);
                match (perfect, refereed) {
                    (true, Refereed::Won(_)) => {}
                    (false, Refereed::Rejected(why)) => {
                        assert!(why.starts_with("game "), "{game}: {why}")
                    }
                    (_, other) => panic!("{game}, perfect {perfect}: {other:?}"),
                }
            }
        }
    }
}
