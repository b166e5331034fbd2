//! The hook for declared game problems: `problems/<NAME>/problem.toml` with a `[game]` table
//! is a problem made from its declaration ([`crate::declared`]), wrapped like a catalog
//! problem (a batch one, or an interactive one for the `play` format) so that every command
//! handles it alike.
//!
//! A declared problem, like the catalog's, lives as long as the process: each distinct
//! declaration is made once (its proven period computed once) and kept.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::{DynProblem, Interactive, Registered};
use crate::archive::manifest::GameTable;
use crate::archive::{Manifest, ManifestError};
use crate::declared::{Boards, Cases, Game, Moves, Plays, Shape, Spec, SpecError};

/// A problem made from a declaration.
#[derive(Clone, Copy)]
pub enum Declared {
    /// A batch format: the program writes the answers.
    Batch(&'static dyn DynProblem),
    /// The `play` format: the program plays against the built-in judge.
    Interactive(Interactive),
}

impl Declared {
    /// The in-process tools of its tests (for `play`: of the judge's input files).
    pub fn problem(self) -> &'static dyn DynProblem {
        match self {
            Declared::Batch(problem) => problem,
            Declared::Interactive(interactive) => interactive.problem,
        }
    }
}

/// Made problems by name, title and declaration.
type Made = HashMap<(String, String, Spec), Declared>;

/// The problem `name` declared by `table`, the `[game]` table of `manifest`; a declaration that
/// is refused is an error at the field to change.
pub fn from_table(
    name: &str,
    manifest: &Manifest,
    table: &GameTable,
) -> Result<Declared, ManifestError> {
    let at_field = |e: SpecError| manifest.error_at(table.position_of(e.field), e.to_string());
    let spec = Spec::parse(&entries(table)).map_err(at_field)?;
    declare(name, &manifest.title, spec).map_err(at_field)
}

/// The problem `name` made from `spec`, or why its bounds cannot be served: made once per
/// distinct name, title and declaration, then kept.
pub fn declare(name: &str, title: &str, spec: Spec) -> Result<Declared, SpecError> {
    let key = (name.to_string(), title.to_string(), spec);
    static MADE: OnceLock<Mutex<Made>> = OnceLock::new();
    let mut made = (MADE.get_or_init(Default::default).lock())
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&problem) = made.get(&key) {
        return Ok(problem);
    }
    let game = Game::new(key.2.clone())?;
    let name: &'static str = Box::leak(key.0.clone().into_boxed_str());
    let title: &'static str = Box::leak(key.1.clone().into_boxed_str());
    let problem = match game.spec.shape {
        Shape::Boards => Declared::Batch(Box::leak(Box::new(Registered {
            name,
            title,
            problem: Boards(game),
        }))),
        Shape::Cases => Declared::Batch(Box::leak(Box::new(Registered {
            name,
            title,
            problem: Cases(game),
        }))),
        Shape::Move => Declared::Batch(Box::leak(Box::new(Registered {
            name,
            title,
            problem: Moves(game),
        }))),
        Shape::Play => {
            let played: &'static Registered<Plays> = Box::leak(Box::new(Registered {
                name,
                title,
                problem: Plays(game),
            }));
            Declared::Interactive(Interactive {
                problem: played,
                referee: played,
            })
        }
    };
    made.insert(key, problem);
    Ok(problem)
}

/// The table's entries without their positions.
fn entries(table: &GameTable) -> Vec<(String, toml::Value)> {
    (table.entries.iter())
        .map(|(key, value, _)| (key.clone(), value.clone()))
        .collect()
}
