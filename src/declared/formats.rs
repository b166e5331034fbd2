//! The formats of a declared game as per-case [`TypedProblem`]s: `boards` (a case is one heap,
//! answered `1`/`2`), `cases` (a case is a list of heaps, answered `first`/`second`) and
//! `move` (the same cases, answered `second` or a winning move `first i x`); the interactive
//! `play` format is in [`super::play`], on the same helpers. Their bounds are the
//! declaration's; their words, judges and explanations are in the game's terms.

use super::generate::positions;
use super::reference::{after, brute_reach, leave, MOVE_LIST_LIMIT};
use super::rules::{describe, is_legal, lefts};
use super::spec::Shape;
use super::Game;
use crate::game::brute::{Solvers, TooLarge};
use crate::game::{Move, Play};
use crate::gen::{Gen, ParamError, Params};
use crate::problem::answer::{MoveReply, Outcomes, Winner, FIRST_SECOND};
use crate::problem::enumerate::counted_lists;
use crate::problem::format::{push_counted, push_line};
use crate::problem::shrink::{shrink_list, smaller};
use crate::problem::{
    Constraint, Enumeration, InputFormat, Instance, InstanceOf, Int, KattisAnswers, KattisHints,
    Listing, ParseError, Reader, Ruling, Total, TypedProblem,
};

/// `1` / `2`, as the boards and play formats name the winner.
pub(super) const BOARD_WORDS: Outcomes = Outcomes {
    first: "1",
    second: "2",
};

/// The judge's seed, first in the play format's input: the judge's random choices.
pub(super) const JUDGE_SEED: Int = Int::new("s", 0, 1_000_000_000_000_000_000, "the judge's seed");

/// A declared game in the `boards` format.
pub struct Boards(pub Game);
/// A declared game in the `cases` format.
pub struct Cases(pub Game);
/// A declared game in the `move` format.
pub struct Moves(pub Game);

impl Game {
    /// The heap size: `h` on a board, `h_i` in a case.
    pub(super) fn heap_int(&self) -> Int {
        match self.spec.shape {
            Shape::Boards => Int::new("h", 0, self.spec.max_heap, "the stones on a board"),
            Shape::Cases | Shape::Move | Shape::Play => Int::new(
                "h_i",
                0,
                self.spec.max_heap,
                "the size of a heap (may be 0)",
            ),
        }
    }

    /// The count of the list: boards `m`, cases `T`.
    fn count_int(&self) -> Int {
        match self.spec.shape {
            Shape::Boards => Int::new("m", 1, self.spec.max_heaps, "the number of boards"),
            Shape::Cases | Shape::Move => {
                Int::new("T", 1, self.spec.max_cases, "the number of games")
            }
            Shape::Play => Int::new("g", 1, self.spec.max_cases, "the number of games"),
        }
    }

    pub(super) fn heaps_int(&self) -> Int {
        Int::new("n", 1, self.spec.max_heaps, "the number of heaps of a game")
    }

    fn total(&self) -> Option<Total> {
        (self.spec.max_total).map(|hi| Total::new("total n", "n", 1, hi, "n summed over all games"))
    }

    /// The input format of this declaration (the play format's input starts with the judge's
    /// seed).
    pub fn format(&self) -> InputFormat {
        let mut constraints = Vec::new();
        if self.spec.shape == Shape::Play {
            constraints.push(Constraint::Int(JUDGE_SEED));
        }
        constraints.push(Constraint::Int(self.count_int()));
        if self.spec.shape != Shape::Boards {
            constraints.push(Constraint::Int(self.heaps_int()));
        }
        constraints.push(Constraint::Int(self.heap_int()));
        constraints.extend(self.total().map(Constraint::Total));
        InputFormat {
            listing: Listing::Counted(self.count_int()),
            constraints,
            unit: match self.spec.shape {
                Shape::Boards => "board",
                Shape::Cases | Shape::Move => "case",
                Shape::Play => "game",
            },
        }
    }

    /// The checktestdata template of the format (bounds as `{NAME}`, filled in by export).
    pub(super) fn kattis(&self, answers: KattisAnswers) -> KattisHints {
        let total = match self.spec.max_total {
            Some(_) => "    SET(total = total + n)\n    ASSERT(total <= {total n.hi})\n",
            None => "",
        };
        let body = match self.spec.shape {
            Shape::Boards => "INT({m}, m) NEWLINE\nREP(m)\n    INT({h}) NEWLINE\nEND\n".to_string(),
            Shape::Play => format!(
                "INT({{s}}) NEWLINE\nINT({{g}}, g) NEWLINE\nSET(total = 0)\nREP(g)\n    \
                 INT({{n}}, n)\n{total}    REP(n)\n        SPACE INT({{h_i}})\n    END\n    \
                 NEWLINE\nEND\n"
            ),
            Shape::Cases | Shape::Move => {
                format!(
                    "INT({{T}}, t) NEWLINE\nSET(total = 0)\nREP(t)\n    INT({{n}}, n) NEWLINE\n\
                     {total}    REP(n, SPACE)\n        INT({{h_i}})\n    END\n    NEWLINE\nEND\n"
                )
            }
        };
        KattisHints {
            checktestdata: format!(
                "# declared game {}, format {}\n{body}EOF\n",
                self.spec.ruleset_text,
                self.spec.shape.name()
            ),
            answers,
        }
    }

    pub(super) fn wins(&self, heaps: &[u64]) -> bool {
        self.reference.wins(heaps)
    }

    /// The brute force, within [`brute_reach`].
    pub(super) fn brute_wins(
        &self,
        heaps: &[u64],
        solvers: &mut Solvers,
    ) -> Result<bool, TooLarge> {
        self.within_brute_reach(heaps)?;
        solvers.get(&self.spec.ruleset, self.spec.play).wins(heaps)
    }

    fn within_brute_reach(&self, heaps: &[u64]) -> Result<(), TooLarge> {
        let reach = brute_reach(&self.spec.ruleset);
        let stones = heaps.iter().fold(0u64, |acc, &h| acc.saturating_add(h));
        if stones > reach {
            return Err(TooLarge(format!(
                "{stones} stones; the brute force searches positions of at most {reach} under {}",
                self.spec.ruleset_text
            )));
        }
        Ok(())
    }

    pub(super) fn generate_positions(
        &self,
        gen: &mut Gen,
        params: &Params,
    ) -> Result<Vec<Vec<u64>>, ParamError> {
        positions(&self.spec, &self.reference, gen, params)
    }

    pub(super) fn shrink_heaps(&self, heaps: &[u64]) -> Vec<Vec<u64>> {
        shrink_list(heaps, 1, |_| 1, |&h| smaller(h, 0))
    }

    /// Every list of heaps of size `size` (`n + h_1 + … + h_n`), each with `header`.
    pub(super) fn enumerate_heaps<P>(&self, size: u64, header: P::Header) -> Enumeration<'_, P>
    where
        P: TypedProblem<Case = Vec<u64>>,
        P::Header: Clone + Send,
    {
        let lists = counted_lists(self.heaps_int(), self.heap_int(), size);
        Box::new(lists.map(move |heaps| (header.clone(), heaps)))
    }

    /// Why `winner` is right for the position `heaps`, in the game's terms.
    pub fn explain(&self, heaps: &[u64], winner: Winner) -> String {
        let reference = &self.reference;
        let rules = &self.spec.ruleset_text;
        let values = || {
            let shown: Vec<String> = (heaps.iter().take(8))
                .filter_map(|&h| reference.value(h).map(|g| g.to_string()))
                .collect();
            let more = if heaps.len() > 8 { ", ..." } else { "" };
            format!("{}{more}", shown.join(", "))
        };
        match (winner, reference.sum_value(heaps)) {
            (Winner::First, total) => match reference.winning_move(&self.spec.ruleset, heaps) {
                Some(m) => {
                    let then = match self.spec.play {
                        Play::Normal => format!("the Grundy values under {rules} then xor to 0"),
                        Play::Misere => "the opponent then loses (misere play: whoever cannot \
                                         move wins)"
                            .to_string(),
                    };
                    format!(
                        "the first player wins by {}; {then}",
                        describe_move(&m, heaps)
                    )
                }
                None => match total {
                    Some(total) => format!(
                        "the heaps' Grundy values under {rules} are {} and xor to {total}, \
                         not 0, so some move makes the xor 0",
                        values()
                    ),
                    None => "the reference found no winning move (judge error)".to_string(),
                },
            },
            (Winner::Second, Some(_)) => format!(
                "the heaps' Grundy values under {rules} are {} and xor to 0, so every move \
                 leaves a position that the player to move wins",
                values()
            ),
            (Winner::Second, None) => self.every_move_loses(heaps),
        }
    }

    /// Why the player to move loses a misère position: a first move and the winning reply.
    fn every_move_loses(&self, heaps: &[u64]) -> String {
        let rules = &self.spec.ruleset;
        // A first move, in a heap small enough to list its moves.
        let first = (heaps.iter().enumerate())
            .filter(|&(_, &h)| h <= MOVE_LIST_LIMIT)
            .find_map(|(i, &h)| lefts(rules, h).first().map(|&l| (i, h, l)));
        let example = first.and_then(|(i, h, left)| {
            let m = leave(i, h, left);
            let next = after(heaps, &m);
            let reply = match self.reference.winning_move(rules, &next) {
                Some(reply) => format!("wins by {}", describe_move(&reply, &next)),
                None if next.iter().all(|&h| lefts(rules, h.min(1)).is_empty()) => {
                    "cannot move, and so wins".to_string()
                }
                None => return None,
            };
            Some(format!(
                "; e.g. after {}, the opponent {reply}",
                describe_move(&m, heaps)
            ))
        });
        format!(
            "in misere play under {} every move leaves a position that the opponent wins{}",
            self.spec.ruleset_text,
            example.unwrap_or_default()
        )
    }

    /// Why a `move`-format reply is wrong for `heaps`, if it is.
    fn refute(&self, heaps: &[u64], reply: MoveReply) -> Result<(), String> {
        let (reference, rules) = (&self.reference, &self.spec.ruleset);
        let wins = self.wins(heaps);
        let a_winning_move = |heaps: &[u64]| {
            reference
                .winning_move(rules, heaps)
                .map_or("a move the reference could not list".to_string(), |m| {
                    describe_move(&m, heaps)
                })
        };
        let (heap, left) = match reply {
            MoveReply::Second if !wins => return Ok(()),
            MoveReply::Second => {
                return Err(format!(
                    "expected a winning move, got second - the first player wins, e.g. by {}",
                    a_winning_move(heaps)
                ))
            }
            MoveReply::First { heap, left } => (heap, left),
        };
        let said = format!("first {heap} {left}");
        let n = heaps.len() as u64;
        if heap == 0 || heap > n {
            return Err(format!(
                "{said}: heap {heap} does not exist (heaps are numbered 1..={n})"
            ));
        }
        let i = (heap - 1) as usize;
        if !is_legal(rules, heaps[i], left) {
            return Err(format!(
                "{said}: leaving {left} of the {} stones of heap {heap} is not a move (a move \
                 {})",
                heaps[i],
                describe(rules)
            ));
        }
        let mut next = heaps.to_vec();
        next[i] = left;
        if !self.wins(&next) {
            return Ok(());
        }
        let answer = format!(
            "{said} leaves a position that the opponent wins, e.g. by {}",
            a_winning_move(&next)
        );
        if wins {
            Err(format!(
                "{answer}; a winning move is {}",
                a_winning_move(heaps)
            ))
        } else {
            Err(format!(
                "expected second, got {answer}; every move loses here"
            ))
        }
    }
}

/// `taking 3 stones from heap 2 (7 stones), leaving a heap of 4`.
fn describe_move(m: &Move, heaps: &[u64]) -> String {
    let leaving = match m.leaves.as_slice() {
        [] => "leaving nothing of it".to_string(),
        [one] => format!("leaving a heap of {one}"),
        pieces => format!("leaving heaps of {} and {}", pieces[0], pieces[1]),
    };
    format!(
        "taking {} stone{} from heap {} ({} stones), {leaving}",
        m.removed,
        if m.removed == 1 { "" } else { "s" },
        m.heap + 1,
        heaps[m.heap]
    )
}

impl TypedProblem for Boards {
    type Header = ();
    type Case = u64;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        self.0.format()
    }

    fn words(&self) -> Outcomes {
        BOARD_WORDS
    }

    fn kattis(&self) -> Option<KattisHints> {
        Some(self.0.kattis(KattisAnswers::Unique))
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<u64, ParseError> {
        let h = r.int(&self.0.heap_int())?;
        r.end_of_values()?;
        Ok(h)
    }

    fn write_case(&self, _: &(), &h: &u64, out: &mut String) {
        push_line(out, &[h]);
    }

    fn solve(&self, _: &(), &h: &u64) -> Winner {
        Winner::from_mover_wins(self.0.wins(&[h]))
    }

    fn brute(&self, _: &(), &h: &u64, solvers: &mut Solvers) -> Result<Winner, TooLarge> {
        self.0
            .brute_wins(&[h], solvers)
            .map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &(), &h: &u64, want: &Winner, got: &Winner) -> Ruling {
        let why = || self.0.explain(&[h], *want);
        BOARD_WORDS.unless_equal(want, got, || format!(" (h = {h})"), why)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let boards = self.0.generate_positions(gen, params)?;
        Ok(Instance {
            header: (),
            cases: boards.into_iter().flatten().collect(),
        })
    }

    fn shrink_case(&self, _: &(), &h: &u64) -> Vec<u64> {
        smaller(h, 0)
    }

    /// Size: `h`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        let fits = size <= self.0.spec.max_heap;
        Box::new(fits.then_some(((), size)).into_iter())
    }
}

impl TypedProblem for Cases {
    type Header = ();
    type Case = Vec<u64>;
    type Answer = Winner;

    fn format(&self) -> InputFormat {
        self.0.format()
    }

    fn kattis(&self) -> Option<KattisHints> {
        Some(self.0.kattis(KattisAnswers::Unique))
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<Vec<u64>, ParseError> {
        r.count_then_ints(&self.0.heaps_int(), &self.0.heap_int())
    }

    fn write_case(&self, _: &(), heaps: &Vec<u64>, out: &mut String) {
        push_counted(out, heaps);
    }

    fn solve(&self, _: &(), heaps: &Vec<u64>) -> Winner {
        Winner::from_mover_wins(self.0.wins(heaps))
    }

    fn brute(&self, _: &(), heaps: &Vec<u64>, solvers: &mut Solvers) -> Result<Winner, TooLarge> {
        self.0
            .brute_wins(heaps, solvers)
            .map(Winner::from_mover_wins)
    }

    fn judge(&self, _: &(), heaps: &Vec<u64>, want: &Winner, got: &Winner) -> Ruling {
        let why = || self.0.explain(heaps, *want);
        FIRST_SECOND.unless_equal(want, got, String::new, why)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let cases = self.0.generate_positions(gen, params)?;
        Ok(Instance { header: (), cases })
    }

    fn shrink_case(&self, _: &(), heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        self.0.shrink_heaps(heaps)
    }

    fn weight(&self, heaps: &Vec<u64>) -> usize {
        heaps.len()
    }

    /// Size: `n + h_1 + … + h_n`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        self.0.enumerate_heaps::<Self>(size, ())
    }
}

impl TypedProblem for Moves {
    type Header = ();
    type Case = Vec<u64>;
    type Answer = MoveReply;

    fn format(&self) -> InputFormat {
        self.0.format()
    }

    /// Answers are not unique: any winning move is right. Nim's own output validator judges
    /// them under Nim's normal play; no other declaration has one yet.
    fn kattis(&self) -> Option<KattisHints> {
        let spec = &self.0.spec;
        let answers = if spec.ruleset == crate::game::Ruleset::Nim && spec.play == Play::Normal {
            KattisAnswers::JudgedLike("nim")
        } else {
            KattisAnswers::NoValidator(format!(
                "any winning move is accepted, and only normal-play nim has an output \
                 validator for moves; {} is judged by stonejudge alone",
                spec.ruleset_text
            ))
        };
        Some(self.0.kattis(answers))
    }

    fn read_case(&self, _: &(), r: &mut Reader<'_>) -> Result<Vec<u64>, ParseError> {
        r.count_then_ints(&self.0.heaps_int(), &self.0.heap_int())
    }

    fn write_case(&self, _: &(), heaps: &Vec<u64>, out: &mut String) {
        push_counted(out, heaps);
    }

    fn solve(&self, _: &(), heaps: &Vec<u64>) -> MoveReply {
        let found = self.0.reference.winning_move(&self.0.spec.ruleset, heaps);
        MoveReply::from_move(found.map(|m| (m.heap, m.stones_left())))
    }

    fn brute(
        &self,
        _: &(),
        heaps: &Vec<u64>,
        solvers: &mut Solvers,
    ) -> Result<MoveReply, TooLarge> {
        self.0.within_brute_reach(heaps)?;
        let solver = solvers.get(&self.0.spec.ruleset, self.0.spec.play);
        let moves = solver.winning_moves(heaps)?;
        Ok(MoveReply::from_move(
            moves.first().map(|m| (m.heap, m.stones_left())),
        ))
    }

    /// Judges the reply on the heaps alone, so any winning move is accepted.
    fn judge(&self, _: &(), heaps: &Vec<u64>, _: &MoveReply, got: &MoveReply) -> Ruling {
        self.0.refute(heaps, *got).map_err(Into::into)
    }

    fn generate(&self, gen: &mut Gen, params: &Params) -> Result<InstanceOf<Self>, ParamError> {
        let cases = self.0.generate_positions(gen, params)?;
        Ok(Instance { header: (), cases })
    }

    fn shrink_case(&self, _: &(), heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        self.0.shrink_heaps(heaps)
    }

    fn weight(&self, heaps: &Vec<u64>) -> usize {
        heaps.len()
    }

    /// Size: `n + h_1 + … + h_n`.
    fn enumerate(&self, size: u64) -> Enumeration<'_, Self> {
        self.0.enumerate_heaps::<Self>(size, ())
    }
}
