//! The perfect judge of the interactive problems (docs/games.md §6), written once for every
//! game: it plays a list of games against the program through a [`Dialog`] and explains a lost
//! game in the game's terms. A game plugs in as a [`Position`].
//!
//! The judge plays perfectly: from a winning position it makes a winning move (a random one of
//! them, from the test's seed), so any mistake of the program loses; from a losing position it
//! makes a seeded random legal move, picking among a few the one that leaves the program the
//! fewest winning answers. The program must win every game.

use super::TypedProblem;
use crate::dialog::{next_line, numbers, send, Dialog, Refereed};
use crate::gen::Gen;
use crate::text::show;

/// A position of one game, as the judge tracks it while the program and the judge alternate.
/// Moves are written as two numbers on a line (`L x` for Stripes, `i x` for Nim).
pub trait Position {
    /// Whether the player to move wins with perfect play.
    fn mover_wins(&self) -> bool;
    /// The move `[a, b]` as written, or why it is illegal here.
    fn parse_move(&self, written: [u64; 2]) -> Result<[u64; 2], String>;
    /// Some legal move, if there is one.
    fn any_move(&self) -> Option<[u64; 2]>;
    /// Every winning move (empty from a losing position).
    fn winning_moves(&self) -> Vec<[u64; 2]>;
    /// The judge's move from a losing position: a random legal one among `gen`'s picks, the
    /// one leaving the fewest winning answers.
    fn stalling_move(&self, gen: &mut Gen) -> Option<[u64; 2]>;
    /// Makes a legal move.
    fn play(&mut self, mv: [u64; 2]);
    /// Takes back the move just made.
    fn unplay(&mut self, mv: [u64; 2]);
    /// The position in the game's terms, with its value:
    /// `free segments of 4 and 9 cells (Grundy 3 xor 5 = 6)`.
    fn describe(&self) -> String;
    /// True under misère play: the player left without a move (who writes `0 0`) wins the
    /// game, rather than loses it.
    fn misere(&self) -> bool {
        false
    }
}

/// An interactive problem of the catalog: its test inputs are a [`TypedProblem`]'s (the setup and
/// the judge's seed in the header, one game per case), and it referees a whole test.
pub trait Played: TypedProblem {
    /// Plays every game of the test against the program.
    fn referee(
        &self,
        header: &Self::Header,
        cases: &[Self::Case],
        dialog: &mut dyn Dialog,
    ) -> Refereed;
}

/// One game to play: the line that announces it, how messages name it, its start.
pub struct Game<P> {
    pub announce: String,
    /// `game 3 (p = 17)`.
    pub place: String,
    pub start: P,
}

/// Plays `games` against the program after sending `header`: the whole conversation of an
/// interactive test. The judge's random choices come from `seed`.
pub fn referee<P: Position>(
    header: &str,
    games: Vec<Game<P>>,
    seed: u64,
    dialog: &mut dyn Dialog,
) -> Refereed {
    let mut gen = Gen::new(seed);
    let count = games.len();
    let mut lines = 0;
    let played = send(dialog, header, "before the first game").and_then(|()| {
        games.into_iter().try_for_each(|game| {
            lines += play(game, &mut gen, dialog)?;
            Ok(())
        })
    });
    if let Err(ended) = played {
        return ended;
    }
    let rest = dialog.finish();
    if !rest.is_empty() {
        return Refereed::Rejected(format!(
            "after the last game the program wrote {}",
            show::token(&rest)
        ));
    }
    Refereed::Won(format!(
        "won all {count} games ({lines} lines from the program)"
    ))
}

/// `1` or `2`: the program's choice of moving first or second.
const FIRST: u64 = 1;
const SECOND: u64 = 2;

/// One game: the lines the program wrote, or how the conversation ended.
fn play<P: Position>(
    game: Game<P>,
    gen: &mut Gen,
    dialog: &mut dyn Dialog,
) -> Result<u64, Refereed> {
    let mut mistake = None;
    turns(game, gen, dialog, &mut mistake).map_err(|ended| match (ended, mistake) {
        // The game was already lost: the judge's wrong answer stands however the program ends.
        (Refereed::Cut { at }, Some(mistake)) => {
            Refereed::Rejected(format!("{mistake}; then the program stopped ({at})"))
        }
        (ended, _) => ended,
    })
}

/// The turns of one game: the lines the program wrote; its first mistake is kept in
/// `mistake`.
fn turns<P: Position>(
    game: Game<P>,
    gen: &mut Gen,
    dialog: &mut dyn Dialog,
    mistake: &mut Option<String>,
) -> Result<u64, Refereed> {
    let Game {
        announce,
        place,
        start: mut position,
    } = game;
    send(dialog, &announce, &place)?;
    let line = next_line(
        dialog,
        &format!("{place}, waiting for your choice `1` or `2`"),
    )?;
    let choice = match numbers(&line, 1, "`1` or `2`").map(|v| v[0]) {
        Ok(choice @ (FIRST | SECOND)) => choice,
        Ok(_) | Err(_) => {
            return Err(Refereed::Rejected(format!(
                "{place}: expected `1` or `2`, got {}",
                show::token(line.as_bytes())
            )))
        }
    };
    let right = if position.mover_wins() { FIRST } else { SECOND };
    *mistake = (choice != right).then(|| {
        let outcome = if right == FIRST { "wins" } else { "loses" };
        format!(
            "{place}: you chose `{choice}`, but the first player {outcome} on {}; the right \
             choice was `{right}`",
            position.describe()
        )
    });
    let mut program_moves = choice == FIRST;
    let mut lines = 1;
    loop {
        if program_moves {
            let at = format!("{place}, waiting for your move");
            let line = next_line(dialog, &at)?;
            lines += 1;
            let written = numbers(&line, 2, "a move `a b`")
                .map_err(|why| Refereed::Rejected(format!("{place}: {why}")))?;
            let written = [written[0], written[1]];
            if written == [0, 0] {
                return Err(Refereed::Rejected(match position.any_move() {
                    Some(legal) => format!(
                        "{place}: you wrote `0 0` (no move), but `{}` is legal",
                        shown(legal)
                    ),
                    // Misère play: whoever cannot move wins.
                    None if position.misere() && mistake.is_none() => return Ok(lines),
                    None => lost(
                        &place,
                        mistake.take(),
                        "you had no legal move left and lost",
                    ),
                }));
            }
            let mv = position.parse_move(written).map_err(|why| {
                Refereed::Rejected(format!(
                    "{place}: your move `{}` is illegal: {why}",
                    shown(written)
                ))
            })?;
            let was_winning = mistake.is_none() && position.mover_wins();
            position.play(mv);
            if was_winning && position.mover_wins() {
                // The first mistake: the winning move it missed, from the position before.
                position.unplay(mv);
                let hint = position.winning_moves().into_iter().next().unwrap_or(mv);
                position.play(mv);
                *mistake = Some(format!(
                    "{place}: your move `{}` left {}, a win for the judge; a winning move was \
                     `{}`",
                    shown(mv),
                    position.describe(),
                    shown(hint)
                ));
            }
        } else {
            let mv = if position.mover_wins() {
                let winning = position.winning_moves();
                (!winning.is_empty()).then(|| winning[gen.index(winning.len())])
            } else {
                position.stalling_move(gen)
            };
            let Some(mv) = mv else {
                send(dialog, "0 0", &place)?;
                if position.misere() {
                    let why = "you made the last move, and lose in misere play";
                    return Err(Refereed::Rejected(lost(&place, mistake.take(), why)));
                }
                return Ok(lines);
            };
            send(dialog, &shown(mv), &place)?;
            position.play(mv);
        }
        program_moves = !program_moves;
    }
}

/// The message of a lost game: its first mistake, else `otherwise`.
fn lost(place: &str, mistake: Option<String>, otherwise: &str) -> String {
    match mistake {
        Some(mistake) => format!("{mistake}, and the judge went on to win"),
        None => format!("{place}: {otherwise}"),
    }
}

/// `2 5`.
pub fn shown(mv: [u64; 2]) -> String {
    format!("{} {}", mv[0], mv[1])
}

/// `4 and 9`, `4, 9 and 12`: at most `MAX_LISTED` items, then how many more.
pub fn listed(items: &[String]) -> String {
    const MAX_LISTED: usize = 8;
    match items {
        [] => String::new(),
        [one] => one.clone(),
        _ if items.len() > MAX_LISTED => format!(
            "{} and {} more",
            items[..MAX_LISTED].join(", "),
            items.len() - MAX_LISTED
        ),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `3 xor 5 = 6` (a lone value stands alone; long sums are cut like [`listed`]).
pub fn xor_sum(values: &[u64]) -> String {
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    match values {
        [] => "0".to_string(),
        [one] => one.to_string(),
        _ if values.len() > 8 => {
            let shown: Vec<String> = values[..8].iter().map(u64::to_string).collect();
            format!("{} xor ... = {total}", shown.join(" xor "))
        }
        _ => {
            let shown: Vec<String> = values.iter().map(u64::to_string).collect();
            format!("{} = {total}", shown.join(" xor "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_sums_read_as_english() {
        let items = |n: usize| (1..=n).map(|i| i.to_string()).collect::<Vec<_>>();
        assert_eq!(listed(&items(1)), "1");
        assert_eq!(listed(&items(2)), "1 and 2");
        assert_eq!(listed(&items(3)), "1, 2 and 3");
        assert_eq!(listed(&items(10)), "1, 2, 3, 4, 5, 6, 7, 8 and 2 more");
        assert_eq!(xor_sum(&[3, 5]), "3 xor 5 = 6");
        assert_eq!(xor_sum(&[7]), "7");
    }
}
