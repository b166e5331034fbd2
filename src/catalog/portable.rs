//! The built-in programs of the catalog's problems and declared games as source a package can
//! hold: a checktestdata script for each input format, the C++ output validator of problems
//! whose answers are not unique (nim), and the C++ interactors of the interactive problems (a
//! declared play problem's written from its rules). An exported package must run without
//! stonejudge; the reader of our format puts these in the model ([`crate::model::Tool`]'s
//! `portable`), and the export writers write them out.
//!
//! Every bound in a script is the one the problem declares: the templates name the format's
//! constraints (`{NAME}`), filled in here, so a script cannot drift from the format.

use crate::catalog::DynProblem;
use crate::model::{PortableChecker, PortableLanguage, PortableSource};
use crate::problem::{Constraint, Decided, KattisAnswers, TakeRules};

/// Problems whose answers are not unique, with the source of their output validator.
const OUTPUT_VALIDATORS: [(&str, &str); 1] =
    [("nim", include_str!("portable/nim_output_validator.cpp"))];

/// The checktestdata input validator of each problem, as a template: `{NAME}` stands for the
/// bounds `lo, hi` of the format's constraint `NAME`, `{NAME.lo}` and `{NAME.hi}` for one of
/// them, so that every bound is the one the problem declares ([`fill_bounds`]).
const INPUT_VALIDATORS: [(&str, &str); 11] = [
    ("stripes", include_str!("portable/stripes.ctd")),
    ("nim", include_str!("portable/nim.ctd")),
    ("bounded-nim", include_str!("portable/bounded-nim.ctd")),
    ("subtraction", include_str!("portable/subtraction.ctd")),
    ("misere-nim", include_str!("portable/misere-nim.ctd")),
    (
        "misere-subtraction",
        include_str!("portable/misere-subtraction.ctd"),
    ),
    ("rows", include_str!("portable/rows.ctd")),
    ("octal", include_str!("portable/octal.ctd")),
    ("wythoff", include_str!("portable/wythoff.ctd")),
    ("stripes-play", include_str!("portable/stripes-play.ctd")),
    ("nim-play", include_str!("portable/nim-play.ctd")),
];

/// The interactive problems' interactors (`validation: custom interactive`): the perfect judge
/// in C++, the game loop shared in [`INTERACTOR_HEADER`].
const INTERACTORS: [(&str, &str); 2] = [
    (
        "stripes-play",
        include_str!("portable/stripes_play_interactor.cpp"),
    ),
    ("nim-play", include_str!("portable/nim_play_interactor.cpp")),
];

/// What every interactor includes: the Kattis protocol and the judge's game loop.
const INTERACTOR_HEADER: &str = include_str!("portable/play.h");

/// The interactor of a declared play problem, as a template: `@NAME@` stands for one of the
/// rules' constants ([`declared_interactor`]); C++ braces leave `{NAME}` to the source.
const DECLARED_INTERACTOR: &str = include_str!("portable/declared_play_interactor.cpp");

/// The C++ interactor playing `rules`: [`DECLARED_INTERACTOR`] with the rules as constants.
fn declared_interactor(rules: &TakeRules) -> Result<String, String> {
    let removals: Vec<String> = (rules.removals.iter())
        .map(|(k, digit)| format!("{{{k}, {digit}}}"))
        .collect();
    let decided = match rules.decided_by {
        Decided::Grundy => "GRUNDY",
        Decided::Bouton => "BOUTON",
        Decided::MisereSearch => "MISERE_SEARCH",
    };
    fill_placeholders(
        DECLARED_INTERACTOR,
        &[
            (
                "RULESET",
                rules.about.replace(|c: char| c.is_control(), " "),
            ),
            ("REMOVALS", removals.join(", ")),
            ("MAX_HEAP", rules.max_heap.to_string()),
            ("DECIDED", decided.to_string()),
        ],
    )
    .map_err(|e| format!("the interactor template: {e}"))
}

/// `template` with every `@NAME@` replaced by the value of `NAME`; a placeholder without a
/// value, or a value without a placeholder, is refused (the template and its caller disagree).
fn fill_placeholders(template: &str, values: &[(&str, String)]) -> Result<String, String> {
    let mut out = String::with_capacity(template.len());
    let mut used = vec![false; values.len()];
    let mut rest = template;
    while let Some(open) = rest.find('@') {
        let close = rest[open + 1..]
            .find('@')
            .ok_or_else(|| format!("unclosed @ in {:?}", &rest[open..]))?;
        let name = &rest[open + 1..open + 1 + close];
        let i = (values.iter().position(|(n, _)| *n == name))
            .ok_or_else(|| format!("@{name}@ has no value"))?;
        used[i] = true;
        out.push_str(&rest[..open]);
        out.push_str(&values[i].1);
        rest = &rest[open + close + 2..];
    }
    out.push_str(rest);
    match values.iter().zip(used).find(|(_, used)| !used) {
        Some(((name, _), _)) => Err(format!("no @{name}@ to fill")),
        None => Ok(out),
    }
}

/// The checktestdata script validating `problem`'s inputs, its bounds filled in.
pub fn input_validator(problem: &dyn DynProblem) -> Result<String, String> {
    let name = problem.name();
    let declared = problem.kattis().map(|hints| hints.checktestdata);
    let template = (declared.as_deref())
        .or_else(|| lookup(&INPUT_VALIDATORS, name))
        .ok_or_else(|| format!("no checktestdata input validator for {name}"))?;
    fill_bounds(template, &problem.constraints())
        .map_err(|e| format!("the checktestdata template of {name}: {e}"))
}

/// `template` with every `{NAME}`, `{NAME.lo}` and `{NAME.hi}` replaced by the bounds of the
/// constraint called `NAME`.
fn fill_bounds(template: &str, constraints: &[Constraint]) -> Result<String, String> {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let close = rest[open..]
            .find('}')
            .ok_or_else(|| format!("unclosed {{ in {:?}", &rest[open..]))?;
        let placeholder = &rest[open + 1..open + close];
        let (name, part) = match placeholder.rsplit_once('.') {
            Some((name, part @ ("lo" | "hi"))) => (name, Some(part)),
            _ => (placeholder, None),
        };
        let (lo, hi) = constraints
            .iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| format!("{{{placeholder}}} names no constraint of the format"))?
            .bounds();
        out.push_str(&rest[..open]);
        out.push_str(&match part {
            Some("lo") => lo.to_string(),
            Some(_) => hi.to_string(),
            None => format!("{lo}, {hi}"),
        });
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The C++ output validator of `problem`, if its answers are not unique, or why there is
/// none though they are not.
fn output_validator(problem: &dyn DynProblem) -> Result<Option<&'static str>, String> {
    match problem.kattis().map(|hints| hints.answers) {
        None => Ok(lookup(&OUTPUT_VALIDATORS, problem.name())),
        Some(KattisAnswers::Unique) => Ok(None),
        Some(KattisAnswers::JudgedLike(like)) => Ok(lookup(&OUTPUT_VALIDATORS, like)),
        Some(KattisAnswers::NoValidator(why)) => Err(format!(
            "{}: no Kattis output validator: {why}",
            problem.name()
        )),
        // The interactor judges ([`interactor`]).
        Some(KattisAnswers::Plays(_)) => Ok(None),
    }
}

fn lookup(table: &[(&str, &'static str)], problem: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(name, _)| *name == problem)
        .map(|(_, text)| *text)
}

/// `problem`'s input validator as a checktestdata script, its bounds filled in.
pub fn validator(problem: &dyn DynProblem) -> Result<PortableSource, String> {
    Ok(PortableSource {
        language: PortableLanguage::Checktestdata,
        files: vec![(format!("{}.ctd", problem.name()), input_validator(problem)?)],
    })
}

/// What judges `problem`'s answers without stonejudge: the default comparison (exact and case
/// sensitive, as our checkers compare words) where answers are unique, an output validator in
/// C++ where they are not, or why there is none.
pub fn checker(problem: &dyn DynProblem) -> PortableChecker {
    match output_validator(problem) {
        Ok(None) => PortableChecker::Compare {
            flags: vec!["case_sensitive".to_string()],
        },
        Ok(Some(source)) => PortableChecker::Program(PortableSource {
            language: PortableLanguage::Cpp,
            files: vec![("validate.cpp".to_string(), source.to_string())],
        }),
        Err(why) => PortableChecker::Missing(why),
    }
}

/// `problem`'s interactor in C++ (the Kattis interactor protocol), if it is interactive: the
/// catalog's by name; a declared play problem's written from its rules (a declared game of
/// the same name as a catalog problem plays its own rules, not the catalog's).
pub fn interactor(problem: &dyn DynProblem) -> Result<Option<PortableSource>, String> {
    let source = match problem.kattis().map(|hints| hints.answers) {
        Some(KattisAnswers::Plays(rules)) => declared_interactor(&rules)?,
        Some(_) => return Ok(None),
        None => match lookup(&INTERACTORS, problem.name()) {
            Some(source) => source.to_string(),
            None => return Ok(None),
        },
    };
    Ok(Some(PortableSource {
        language: PortableLanguage::Cpp,
        files: vec![
            ("interactor.cpp".to_string(), source),
            ("play.h".to_string(), INTERACTOR_HEADER.to_string()),
        ],
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every problem has a script; every bound in it comes from the format (no number is
    /// written in an `INT`), and every constraint of the format is in it.
    #[test]
    fn every_input_validator_takes_every_bound_from_the_format() {
        let interactive = crate::catalog::INTERACTIVE.iter().map(|i| &i.problem);
        for problem in crate::catalog::CATALOG.iter().chain(interactive) {
            let name = problem.name();
            let script = input_validator(*problem).unwrap_or_else(|e| panic!("{e}"));
            let template = lookup(&INPUT_VALIDATORS, name).unwrap_or_default();
            for (i, _) in template.match_indices("INT(") {
                assert!(
                    template[i..].starts_with("INT({"),
                    "{name}: {}",
                    &template[i..]
                );
            }
            for constraint in problem.constraints() {
                let used = template.contains(&format!("{{{}", constraint.name()));
                assert!(used, "{name}: {} is not in the script", constraint.name());
            }
            assert!(!script.contains('{'), "{name}:\n{script}");
        }
    }

    #[test]
    fn interactor_placeholders_are_filled_or_refused() {
        let values = |names: &[&'static str]| -> Vec<(&'static str, String)> {
            names.iter().map(|n| (*n, n.to_lowercase())).collect()
        };
        let filled = fill_placeholders("a @X@ b {@Y@}", &values(&["X", "Y"]));
        assert_eq!(filled.as_deref(), Ok("a x b {y}"));
        let unknown = fill_placeholders("@X@ @Z@", &values(&["X"])).unwrap_err();
        assert_eq!(unknown, "@Z@ has no value");
        let unused = fill_placeholders("@X@", &values(&["X", "Y"])).unwrap_err();
        assert_eq!(unused, "no @Y@ to fill");
        assert!(fill_placeholders("@X", &values(&["X"])).is_err());
        let rules = TakeRules {
            about: "subtraction:1,3,4, normal play".to_string(),
            removals: vec![(1, 3), (3, 3), (4, 3)],
            max_heap: 60,
            decided_by: Decided::Grundy,
        };
        let source = declared_interactor(&rules).expect("filled");
        assert!(!source.contains('@'), "{source}");
        assert!(
            source.contains("REMOVALS = {{1, 3}, {3, 3}, {4, 3}};"),
            "{source}"
        );
        assert!(source.contains("DECIDED = GRUNDY;"), "{source}");
    }

    #[test]
    fn placeholders_are_filled_or_refused() {
        let n = Constraint::Int(crate::problem::Int::new("n", 1, 10, "heaps"));
        let filled = fill_bounds("INT({n}, n) ASSERT(n <= {n.hi} + {n.lo})", &[n]);
        assert_eq!(filled.as_deref(), Ok("INT(1, 10, n) ASSERT(n <= 10 + 1)"));
        let unknown = fill_bounds("INT({m})", &[n]).unwrap_err();
        assert_eq!(unknown, "{m} names no constraint of the format");
        assert!(fill_bounds("INT({n", &[n]).is_err());
    }
}
