//! The catalog: every problem stonejudge knows by name, seen through bytes, the lookup from a
//! name to a problem of any kind ([`resolve`]), and the tools of a problem whatever its kind
//! ([`Tools`]). This is the layer above [`crate::problem`] (typed
//! problems) and [`crate::check`] (the generic checker flow) where kinds of problem meet the
//! commands.

mod declared;
pub mod portable;
mod resolve;
mod tools;

pub use declared::{declare, Declared};
pub use resolve::{all, folder as resolve_folder, names_a_folder, resolve, ResolveError, Resolved};
pub use tools::{BruteAnswer, ToolError, Tools};

use std::borrow::Cow;
use std::sync::Arc;

use crate::dialog::{Dialog, Referee, Refereed};
use crate::problem::nim_play::NimPlay;
use crate::problem::play::Played;
use crate::problem::stripes_play::StripesPlay;

use crate::check::JudgeFailure;
use crate::game::brute::TooLarge;
use crate::gen::{Gen, ParamError, Params};
use crate::problem::{
    bounded_nim, list, misere_nim, misere_subtraction, nim, octal, rows, stripes, subtraction,
    wythoff, Constraint, KattisHints, ParseError, Reach, TypedProblem,
};
use crate::verdict::Judged;

/// A problem seen through bytes, so it can be picked by name at run time.
pub trait DynProblem: Sync {
    fn name(&self) -> &str;
    fn title(&self) -> &str;
    /// Every constraint of the input format, in the order the statement lists them.
    fn constraints(&self) -> Vec<Constraint>;
    /// Validates an input.
    fn validate(&self, input: &[u8]) -> Result<(), ParseError>;
    /// The reference answer to an input, as output text.
    fn solve(&self, input: &[u8]) -> Result<String, ParseError>;
    /// The brute-force answer, or why the input is too large for it.
    fn brute(&self, input: &[u8]) -> Result<Result<String, TooLarge>, ParseError>;
    /// A generated input.
    fn generate(&self, seed: u64, params: &Params) -> Result<String, ParamError>;
    /// Checks `output` against the jury `answer` for `input`.
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure>;
    /// Smaller valid inputs derived from a valid `input` (none if it does not parse).
    fn shrink(&self, input: &[u8]) -> Vec<String>;
    /// The constraint ranges a valid input reaches.
    fn reach(&self, input: &[u8]) -> Result<Vec<Reach>, ParseError>;
    /// What a Kattis export needs that the catalog's tables do not give (a declared game's);
    /// `None`: the tables, by name.
    fn kattis(&self) -> Option<KattisHints> {
        None
    }
    /// Every one-case input of the given size (see [`TypedProblem::enumerate`]), one at a time:
    /// the memory taken does not grow with the size.
    fn enumerate(&self, size: u64) -> Box<dyn Iterator<Item = String> + Send + '_>;
    /// Every one-case input of size at most `bound` with its size, smallest first, one at a
    /// time: the memory taken does not grow with the bound.
    fn enumerate_upto(&self, bound: u64) -> Box<dyn Iterator<Item = (u64, String)> + Send + '_> {
        Box::new((0..=bound).flat_map(move |size| self.enumerate(size).map(move |i| (size, i))))
    }
}

/// The seed the generator is asked with when its parameters are learned.
const PROBE_SEED: u64 = 1;

/// The parameters `problem`'s generator takes, with the values each takes (`1..=1000`, `a |
/// b (default a)`), learned by asking the generator itself, so the list cannot drift from the
/// code: it is run once with no parameter, then once with each mode it offers (a mode may
/// read keys the others do not).
pub fn parameters(problem: &dyn DynProblem) -> Vec<(String, String)> {
    let plain = Params::default();
    // Only what the generator asked for matters here, not what it made.
    let _ = problem.generate(PROBE_SEED, &plain);
    let mut asked = plain.asked();
    for mode in plain.offered("mode").unwrap_or_default() {
        let with_mode = Params::from_pairs(&[("mode", &mode)]);
        let _ = problem.generate(PROBE_SEED, &with_mode);
        for (key, values) in with_mode.asked() {
            if !asked.iter().any(|(known, _)| *known == key) {
                asked.push((key, values));
            }
        }
    }
    asked
}

/// A [`TypedProblem`] under its name, adapted to [`DynProblem`] through the list-level glue of
/// [`list`].
pub struct Registered<P> {
    /// The name used on the command line and for `problems/<NAME>/` (borrowed for the
    /// catalog's, owned for a declared game's).
    pub name: Cow<'static, str>,
    /// A one-line title.
    pub title: Cow<'static, str>,
    pub problem: P,
}

impl<P: TypedProblem> DynProblem for Registered<P> {
    fn name(&self) -> &str {
        &self.name
    }

    fn title(&self) -> &str {
        &self.title
    }

    fn constraints(&self) -> Vec<Constraint> {
        self.problem.format().constraints
    }

    fn validate(&self, input: &[u8]) -> Result<(), ParseError> {
        list::parse_input(&self.problem, input).map(|_| ())
    }

    fn solve(&self, input: &[u8]) -> Result<String, ParseError> {
        let instance = list::parse_input(&self.problem, input)?;
        Ok(list::write_answers(
            &self.problem,
            &list::solve(&self.problem, &instance),
        ))
    }

    fn brute(&self, input: &[u8]) -> Result<Result<String, TooLarge>, ParseError> {
        let instance = list::parse_input(&self.problem, input)?;
        let answers = list::brute(&self.problem, &instance);
        Ok(answers.map(|answers| list::write_answers(&self.problem, &answers)))
    }

    fn generate(&self, seed: u64, params: &Params) -> Result<String, ParamError> {
        let instance = self.problem.generate(&mut Gen::new(seed), params)?;
        params.finish().map_err(|unknown| ParamError {
            message: format!(
                "{}; {} takes {} (see `stonejudge gen {} --help`)",
                unknown.message,
                self.name,
                parameters(self)
                    .iter()
                    .map(|(key, _)| key.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                self.name
            ),
            ..unknown
        })?;
        Ok(list::write_input(&self.problem, &instance))
    }

    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        crate::check::check_output(&self.problem, input, answer, output)
    }

    fn shrink(&self, input: &[u8]) -> Vec<String> {
        let Ok(instance) = list::parse_input(&self.problem, input) else {
            return Vec::new();
        };
        let candidates = list::shrink(&self.problem, &instance);
        candidates
            .iter()
            .map(|candidate| list::write_input(&self.problem, candidate))
            .collect()
    }

    fn reach(&self, input: &[u8]) -> Result<Vec<Reach>, ParseError> {
        list::reach(&self.problem, input)
    }

    fn kattis(&self) -> Option<KattisHints> {
        self.problem.kattis()
    }

    fn enumerate(&self, size: u64) -> Box<dyn Iterator<Item = String> + Send + '_> {
        // Instances beyond a constraint the enumeration does not see (a last octal digit 0)
        // are left out.
        Box::new(
            list::enumerate(&self.problem, size)
                .map(|instance| list::write_input(&self.problem, &instance))
                .filter(|input| list::parse_input(&self.problem, input.as_bytes()).is_ok()),
        )
    }
}

/// A catalog problem judges an output with its own checker.
impl crate::judge::Checker for &dyn DynProblem {
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        DynProblem::check(*self, input, answer, output)
    }
}

/// A problem in-process judges an output with its own checker.
impl crate::judge::Checker for Handle {
    fn check(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Result<Judged, JudgeFailure> {
        DynProblem::check(&**self, input, answer, output)
    }
}

/// A played problem judges a test by playing it.
impl<P: Played> Referee for Registered<P> {
    fn referee(&self, input: &[u8], dialog: &mut dyn Dialog) -> Result<Refereed, String> {
        let instance = list::parse_input(&self.problem, input)
            .map_err(|e| format!("input does not validate: {e}"))?;
        Ok(self
            .problem
            .referee(&instance.header, &instance.cases, dialog))
    }
}

/// An interactive problem of the catalog: its test inputs through [`DynProblem`] (generator,
/// validator, who wins each game, shrinking), its built-in judge through [`Referee`].
#[derive(Clone, Copy)]
pub struct Interactive {
    pub problem: &'static dyn DynProblem,
    pub referee: &'static dyn Referee,
}

/// A problem whose tools run in-process, as a resolved problem and its tools hold it: compiled
/// into stonejudge (it lives as long as the process), or made from a declaration and owned by
/// its holders (shared, so that a problem declared once is made once).
#[derive(Clone)]
pub enum Handle {
    Compiled(&'static dyn DynProblem),
    Declared(Arc<dyn DynProblem + Send>),
}

impl std::ops::Deref for Handle {
    type Target = dyn DynProblem;

    fn deref(&self) -> &(dyn DynProblem + 'static) {
        match self {
            Handle::Compiled(problem) => *problem,
            Handle::Declared(problem) => problem.as_ref(),
        }
    }
}

static STRIPES_PLAY: Registered<StripesPlay> = Registered {
    name: Cow::Borrowed("stripes-play"),
    title: Cow::Borrowed("Stripes, played: win every game against the judge"),
    problem: StripesPlay,
};

static NIM_PLAY: Registered<NimPlay> = Registered {
    name: Cow::Borrowed("nim-play"),
    title: Cow::Borrowed("Nim, played: win every game against the judge"),
    problem: NimPlay,
};

/// The interactive problems, in the order of docs/games.md §6.
pub static INTERACTIVE: &[Interactive] = &[
    Interactive {
        problem: &STRIPES_PLAY,
        referee: &STRIPES_PLAY,
    },
    Interactive {
        problem: &NIM_PLAY,
        referee: &NIM_PLAY,
    },
];

/// Every batch problem of the catalog, in the order of docs/games.md §4.
pub static CATALOG: &[&dyn DynProblem] = &[
    &Registered {
        name: Cow::Borrowed("stripes"),
        title: Cow::Borrowed("Stripes (POI 2000): who wins each board"),
        problem: stripes::Stripes,
    },
    &Registered {
        name: Cow::Borrowed("nim"),
        title: Cow::Borrowed("Nim: who wins, and a winning move"),
        problem: nim::Nim,
    },
    &Registered {
        name: Cow::Borrowed("bounded-nim"),
        title: Cow::Borrowed("Bounded Nim: take 1..m stones from one heap"),
        problem: bounded_nim::BoundedNim,
    },
    &Registered {
        name: Cow::Borrowed("subtraction"),
        title: Cow::Borrowed("S-Nim (POJ 2960): take s stones, s from a set"),
        problem: subtraction::Subtraction,
    },
    &Registered {
        name: Cow::Borrowed("misere-nim"),
        title: Cow::Borrowed("Misere Nim (HDU 1907 \"John\"): the last stone loses"),
        problem: misere_nim::MisereNim,
    },
    &Registered {
        name: Cow::Borrowed("misere-subtraction"),
        title: Cow::Borrowed("One heap, removals from a set, whoever cannot move wins"),
        problem: misere_subtraction::MisereSubtraction,
    },
    &Registered {
        name: Cow::Borrowed("rows"),
        title: Cow::Borrowed("Rows of stones, take two adjacent (Dawson's Kayles)"),
        problem: rows::Rows,
    },
    &Registered {
        name: Cow::Borrowed("octal"),
        title: Cow::Borrowed("Any octal game on several heaps"),
        problem: octal::Octal,
    },
    &Registered {
        name: Cow::Borrowed("wythoff"),
        title: Cow::Borrowed("Wythoff's game on two heaps up to 10^18"),
        problem: wythoff::Wythoff,
    },
];
/// The batch problem called `name`, if any.
pub fn find(name: &str) -> Option<&'static dyn DynProblem> {
    CATALOG.iter().copied().find(|p| p.name() == name)
}

/// The interactive problem called `name`, if any.
pub fn find_interactive(name: &str) -> Option<Interactive> {
    INTERACTIVE
        .iter()
        .copied()
        .find(|i| i.problem.name() == name)
}

/// The names of every problem, batch then interactive, for error messages.
pub fn names() -> Vec<&'static str> {
    CATALOG
        .iter()
        .copied()
        .chain(INTERACTIVE.iter().map(|i| i.problem))
        .map(|p| p.name())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size of an input as enumeration counts it: the sum of its numbers, counts included,
    /// an octal code `0.d1...dk` counting as `k` plus its digits.
    fn size_of(input: &str) -> u64 {
        (input.split_ascii_whitespace())
            .map(|token| match token.strip_prefix("0.") {
                Some(digits) => digits.bytes().map(|d| u64::from(d - b'0') + 1).sum(),
                None => token.parse::<u64>().unwrap_or(u64::MAX),
            })
            .sum()
    }

    #[test]
    fn enumeration_yields_valid_distinct_inputs_of_each_size_in_order() {
        for problem in CATALOG {
            let mut seen = std::collections::HashSet::new();
            let mut last = 0;
            for (size, input) in problem.enumerate_upto(7) {
                let name = problem.name();
                assert_eq!(
                    problem.validate(input.as_bytes()),
                    Ok(()),
                    "{name}: {input:?}"
                );
                assert_eq!(size_of(&input), size, "{name}: {input:?}");
                assert!(
                    size >= last && seen.insert(input.clone()),
                    "{name}: {input:?}"
                );
                last = size;
            }
            assert!(seen.len() >= 4, "{}: {} inputs", problem.name(), seen.len());
        }
    }

    #[test]
    fn enumeration_is_lazy_even_without_a_bound() {
        for problem in CATALOG {
            let first: Vec<(u64, String)> = problem.enumerate_upto(u64::MAX).take(500).collect();
            assert_eq!(first.len(), 500, "{}", problem.name());
        }
    }
}
