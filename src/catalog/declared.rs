//! The hook for declared game problems: `problems/<NAME>/problem.toml` with a `[game]` table
//! is a problem made from its declaration ([`crate::declared`]), wrapped like a catalog
//! problem (a batch one, or an interactive one for the `play` format) so that every command
//! handles it alike.
//!
//! A declared problem is owned by value: whoever resolves it holds it through an [`Arc`]. Each
//! distinct declaration is made once (its proven period computed once): the cache of made
//! problems shares them with their holders, it hands out no reference of its own making.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::{DynProblem, Handle, Registered};
use crate::declared::{Boards, Cases, Game, Moves, Plays, Shape, Spec, SpecError};
use crate::formats::manifest::{GameTable, Manifest, ManifestError};

/// A problem made from a declaration.
#[derive(Clone)]
pub enum Declared {
    /// A batch format: the program writes the answers.
    Batch(Arc<dyn DynProblem + Send>),
    /// The `play` format: the program plays against the built-in judge (the problem is its
    /// own [`crate::dialog::Referee`]).
    Interactive(Arc<Registered<Plays>>),
}

impl Declared {
    /// The in-process tools of its tests (for `play`: of the judge's input files).
    pub fn problem(&self) -> Handle {
        match self {
            Declared::Batch(problem) => Handle::Declared(problem.clone()),
            Declared::Interactive(played) => Handle::Declared(played.clone()),
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
    if let Some(problem) = made.get(&key) {
        return Ok(problem.clone());
    }
    let game = Game::new(key.2.clone())?;
    let (name, title) = (&key.0, &key.1);
    let problem = match game.spec.shape {
        Shape::Boards => Declared::Batch(Arc::new(Registered {
            name: name.clone().into(),
            title: title.clone().into(),
            problem: Boards(game),
        })),
        Shape::Cases => Declared::Batch(Arc::new(Registered {
            name: name.clone().into(),
            title: title.clone().into(),
            problem: Cases(game),
        })),
        Shape::Move => Declared::Batch(Arc::new(Registered {
            name: name.clone().into(),
            title: title.clone().into(),
            problem: Moves(game),
        })),
        Shape::Play => Declared::Interactive(Arc::new(Registered {
            name: name.clone().into(),
            title: title.clone().into(),
            problem: Plays(game),
        })),
    };
    made.insert(key, problem.clone());
    Ok(problem)
}

/// The table's entries without their positions.
fn entries(table: &GameTable) -> Vec<(String, toml::Value)> {
    (table.entries.iter())
        .map(|(key, value, _)| (key.clone(), value.clone()))
        .collect()
}
