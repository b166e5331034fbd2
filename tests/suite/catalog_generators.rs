//! Every generator of the catalog, whatever its problem: seeded, valid in every mode it
//! offers, strict about its parameters. The modes are learned from the generator, so a mode
//! added to a problem is tested here without a line of test code.

use crate::problem_kit::{assert_generator_is_seeded_and_strict, offered_modes};
use stonejudge::catalog::CATALOG;

#[test]
fn every_generator_is_seeded_valid_in_every_mode_and_strict() {
    for problem in CATALOG {
        assert_generator_is_seeded_and_strict(problem.name());
    }
}

/// The per-problem tests shrink an input of each mode they list; a generator whose modes
/// could not be learned would make that list, and this file, test nothing.
#[test]
fn every_generator_offers_its_modes() {
    for problem in CATALOG {
        let modes = offered_modes(problem.name());
        assert!(
            modes.len() >= 3 && modes.iter().any(|m| m == "random"),
            "{}: {modes:?}",
            problem.name()
        );
    }
}
