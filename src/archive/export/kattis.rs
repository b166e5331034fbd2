//! The ICPC problem package, legacy version, as Kattis problemtools' `verifyproblem` reads it:
//!
//! ```text
//! problem.yaml                         name, uuid, limits, validation
//! problem_statement/problem.<lang>.tex each statement, its samples in place
//! data/sample/NN.in NN.ans             the manifest's samples
//! data/secret/NN.in NN.ans             every other test of the plan
//! input_validators/<name>.ctd          a checktestdata script for the input format
//!                  <name>/validate.cpp  (program-backed: the validator, wrapped)
//! output_validators/<name>/…           only for nim and Nim-rule declared move problems (any
//!                                      winning move is accepted), for a program-backed
//!                                      problem's checker, wrapped, and the interactors of the
//!                                      interactive problems (a declared play problem's
//!                                      written from its rules)
//! submissions/<folder>/<file>          the example solutions in C++ and Rust
//! ```
//!
//! Choices, and why:
//! - **Statement in LaTeX**: the legacy version reads only `.tex` statements (Markdown needs
//!   the 2023-07 draft), so the Markdown of each language is converted ([`super::latex`]),
//!   with the samples where the statement puts them ([`crate::archive::statement`]): as
//!   verbatim blocks with no heading words, so that none is in the wrong language.
//!   problemtools' own sample tables would not help: they are in English (or Swedish,
//!   Icelandic), and it includes them only for samples named `1` to `9`, not our `01`.
//! - **Validators**: the package must stand alone, without stonejudge. Every answer but
//!   nim's is unique, so those problems use `validation: default` with `case_sensitive`
//!   (our checker compares words exactly); nim ships a C++ output validator that accepts any
//!   winning move. A declared game says itself what it needs (`KattisHints`): its checktestdata
//!   template, and whether nim's validator judges it; a move problem under other rules has no
//!   validator here, and its export is refused rather than judged by exact answers. An
//!   interactive problem is `validation: custom interactive`, its output validator the perfect
//!   judge in C++ speaking the Kattis interactor protocol (the same strategy as ours, its
//!   random numbers from its own generator seeded by the test). A declared play problem's
//!   interactor is a template whose `@NAME@` placeholders take its rules as constants
//!   (`KattisAnswers::Plays`): every removal with its octal digit, the largest heap, and how
//!   positions are decided, so the package plays exactly the declaration's game. Input validators are
//!   checktestdata scripts (problemtools runs them itself),
//!   short enough to read against the statement; the test suite checks that they accept every
//!   test and reject what our strict validator rejects.
//! - **Program-backed problems** ship their own programs: the validator with a prelude that
//!   turns its exit status into the Kattis one (0 → 42, else 43), the checker, if any, with a
//!   prelude that speaks the output validator protocol to it (the team's output saved to a
//!   file, the checker's `main` renamed and called with `INPUT OUTPUT ANSWER`, its status
//!   0 → 42, 1 or 2 → 43); without a checker, the default validation with `checker_flags`.
//!   An interactive one is `validation: custom interactive`, its interactor the output
//!   validator: as written when it speaks the Kattis protocol, with a prelude when it is a
//!   testlib interactor (its OUTPUT file in the feedback directory, its status 0 → 42, 1 or
//!   2 → 43). All must be C++ sources (with `main(int argc, char* argv[])` for a checker or a
//!   testlib interactor); headers next to them (`testlib.h`) are copied along.
//! - **Submissions**: C++ and Rust only. problemtools runs Python with PyPy, which a judge
//!   machine may lack; the Python examples are listed as left out.
//! - **Test data** is built from the plan in memory (generated, validated, solved), so the
//!   package does not depend on the state of `testdata/`.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use super::{latex, Exported, Package};
use crate::archive::manifest::{ProblemKind, ProgramPath};
use crate::archive::statement;
use crate::archive::{build, Manifest};
use crate::catalog::{DynProblem, Resolved, Tools};
use crate::judge::Protocol;
use crate::problem::{Constraint, Decided, KattisAnswers, TakeRules};
use crate::run::fnv1a_128;

/// Problems whose answers are not unique, with the source of their output validator.
const OUTPUT_VALIDATORS: [(&str, &str); 1] =
    [("nim", include_str!("kattis/nim_output_validator.cpp"))];

/// The checktestdata input validator of each problem, as a template: `{NAME}` stands for the
/// bounds `lo, hi` of the format's constraint `NAME`, `{NAME.lo}` and `{NAME.hi}` for one of
/// them, so that every bound is the one the problem declares ([`fill_bounds`]).
const INPUT_VALIDATORS: [(&str, &str); 11] = [
    ("stripes", include_str!("kattis/stripes.ctd")),
    ("nim", include_str!("kattis/nim.ctd")),
    ("bounded-nim", include_str!("kattis/bounded-nim.ctd")),
    ("subtraction", include_str!("kattis/subtraction.ctd")),
    ("misere-nim", include_str!("kattis/misere-nim.ctd")),
    (
        "misere-subtraction",
        include_str!("kattis/misere-subtraction.ctd"),
    ),
    ("rows", include_str!("kattis/rows.ctd")),
    ("octal", include_str!("kattis/octal.ctd")),
    ("wythoff", include_str!("kattis/wythoff.ctd")),
    ("stripes-play", include_str!("kattis/stripes-play.ctd")),
    ("nim-play", include_str!("kattis/nim-play.ctd")),
];

/// The interactive problems' interactors (`validation: custom interactive`): the perfect judge
/// in C++, the game loop shared in [`INTERACTOR_HEADER`].
const INTERACTORS: [(&str, &str); 2] = [
    (
        "stripes-play",
        include_str!("kattis/stripes_play_interactor.cpp"),
    ),
    ("nim-play", include_str!("kattis/nim_play_interactor.cpp")),
];

/// What every interactor includes: the Kattis protocol and the judge's game loop.
const INTERACTOR_HEADER: &str = include_str!("kattis/play.h");

/// The interactor of a declared play problem, as a template: `@NAME@` stands for one of the
/// rules' constants ([`declared_interactor`]); C++ braces leave `{NAME}` to the source.
const DECLARED_INTERACTOR: &str = include_str!("kattis/declared_play_interactor.cpp");

/// The C++ interactor playing `rules`: [`DECLARED_INTERACTOR`] with the rules as constants.
pub fn declared_interactor(rules: &TakeRules) -> Result<String, String> {
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
pub fn output_validator(problem: &dyn DynProblem) -> Result<Option<&'static str>, String> {
    match problem.kattis().map(|hints| hints.answers) {
        None => Ok(lookup(&OUTPUT_VALIDATORS, problem.name())),
        Some(KattisAnswers::Unique) => Ok(None),
        Some(KattisAnswers::JudgedLike(like)) => Ok(lookup(&OUTPUT_VALIDATORS, like)),
        Some(KattisAnswers::NoValidator(why)) => Err(format!(
            "{}: no Kattis output validator: {why}",
            problem.name()
        )),
        // The interactor judges; it is written by [`catalog_validation`].
        Some(KattisAnswers::Plays(_)) => Ok(None),
    }
}

fn lookup(table: &[(&str, &'static str)], problem: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(name, _)| *name == problem)
        .map(|(_, text)| *text)
}

/// Source extensions exported as submissions (problemtools compiles them with g++ / rustc).
const SUBMISSION_EXTENSIONS: [&str; 4] = ["cpp", "cc", "cxx", "rs"];

/// How a package validates: the `validation` lines of `problem.yaml` and the validator files.
struct Validation {
    yaml: String,
    files: Vec<(String, String)>,
}

/// The validators of an in-process problem: its checktestdata script, and nim's output
/// validator where its answers are not unique.
fn catalog_validation(problem: &dyn DynProblem) -> Result<Validation, String> {
    let name = problem.name();
    let mut files = vec![(
        format!("input_validators/{name}.ctd"),
        input_validator(problem)?,
    )];
    // The catalog's interactors are by name: a declared game (which has Kattis hints) of the
    // same name plays other rules, its own.
    let interactor = match problem.kattis().map(|hints| hints.answers) {
        Some(KattisAnswers::Plays(rules)) => Some(declared_interactor(&rules)?),
        Some(_) => None,
        None => lookup(&INTERACTORS, name).map(str::to_string),
    };
    if let Some(source) = interactor {
        files.push((format!("output_validators/{name}/interactor.cpp"), source));
        files.push((
            format!("output_validators/{name}/play.h"),
            INTERACTOR_HEADER.to_string(),
        ));
        let yaml = "validation: custom interactive\n".to_string();
        return Ok(Validation { yaml, files });
    }
    let yaml = match output_validator(problem)? {
        Some(source) => {
            files.push((
                format!("output_validators/{name}/validate.cpp"),
                source.to_string(),
            ));
            "validation: custom\n".to_string()
        }
        None => "validation: default\nvalidator_flags: case_sensitive\n".to_string(),
    };
    Ok(Validation { yaml, files })
}

/// The validators of a program-backed problem: its own programs, wrapped for the Kattis
/// protocols (see the module documentation).
fn program_validation(name: &str, manifest: &Manifest) -> Result<Validation, String> {
    let ProblemKind::Programs(programs) = &manifest.kind else {
        return Err(format!("{}: no [programs] table", manifest.path.display()));
    };
    let mut files = wrapped(
        &programs.validator,
        &format!("input_validators/{name}"),
        include_str!("kattis/input_validator_prelude.cpp"),
    )?;
    if let Some(interactor) = &programs.interactor {
        let prelude = match interactor.protocol {
            Protocol::Kattis => "",
            Protocol::Testlib => include_str!("kattis/testlib_interactor_prelude.cpp"),
        };
        files.extend(wrapped(
            &interactor.path,
            &format!("output_validators/{name}"),
            prelude,
        )?);
        let yaml = "validation: custom interactive\n".to_string();
        return Ok(Validation { yaml, files });
    }
    let yaml = match &programs.checker {
        Some(checker) => {
            files.extend(wrapped(
                checker,
                &format!("output_validators/{name}"),
                include_str!("kattis/output_validator_prelude.cpp"),
            )?);
            "validation: custom\n".to_string()
        }
        None if programs.checker_flags_text.is_empty() => "validation: default\n".to_string(),
        None => format!(
            "validation: default\nvalidator_flags: {}\n",
            yaml_string(&programs.checker_flags_text)
        ),
    };
    Ok(Validation { yaml, files })
}

/// The C++ source `program` with `prelude` before it, as `<folder>/<file name>`, and the
/// headers next to it.
fn wrapped(
    program: &ProgramPath,
    folder: &str,
    prelude: &str,
) -> Result<Vec<(String, String)>, String> {
    let path = &program.path;
    let is_cpp = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e, "cpp" | "cc" | "cxx"));
    if !is_cpp {
        return Err(format!(
            "{}: export needs a C++ source here (the package must run without stonejudge)",
            path.display()
        ));
    }
    let read = |path: &Path| {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut files = vec![(
        format!("{folder}/{file}"),
        format!("{prelude}#line 1 \"{file}\"\n{}", read(path)?),
    )];
    let dir = path.parent().unwrap_or(Path::new("."));
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut headers: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|p| p.extension().is_some_and(|e| e == "h" || e == "hpp"))
        .collect();
    headers.sort();
    for header in headers {
        let name = header
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        files.push((format!("{folder}/{name}"), read(&header)?));
    }
    Ok(files)
}

/// Why problemtools will refuse the package folder `out` by its name, with a name it takes:
/// the folder's name is the problem's short name, which must be lowercase letters and digits
/// (`[a-z0-9]+`). `None` when the name is fine (or `out` has none, like `/`).
pub fn short_name_note(out: &Path) -> Option<String> {
    let name = out.file_name()?.to_string_lossy();
    let fine = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    if name.chars().all(fine) {
        return None;
    }
    let suggestion: String = name
        .to_ascii_lowercase()
        .chars()
        .filter(|&c| fine(c))
        .collect();
    let instead = if suggestion.is_empty() {
        "a folder named with lowercase letters and digits".to_string()
    } else {
        format!("a folder named {suggestion:?}")
    };
    Some(format!(
        "problemtools takes the folder's name {name:?} as the problem's short name, which must \
         be lowercase letters and digits only; verifyproblem will refuse it: export into {instead}"
    ))
}

/// Writes the package of `problem`, whose tools are `tools`, into `out`.
pub fn write(
    problem: &Resolved,
    tools: &Tools<'_>,
    out: &Path,
    jobs: usize,
) -> Result<Exported, String> {
    let name = problem.name();
    let manifest = problem.manifest().map_err(|e| e.to_string())?;
    if manifest.scored() {
        // A pass-fail package would silently drop the points and the expected scores.
        return Err(format!(
            "{}: the problem is scored ([[group]] points): exporting it as a Kattis scoring \
             package is not supported yet",
            manifest.path.display()
        ));
    }
    let validation = match problem.catalog() {
        Some(catalog) => catalog_validation(&*catalog)?,
        None => program_validation(name, &manifest)?,
    };
    let mut package = Package {
        root: out,
        exported: Exported::default(),
    };
    package.file("problem.yaml", &problem_yaml(&manifest, &validation.yaml))?;

    let built = build(tools, &manifest, jobs).map_err(|e| e.to_string())?;
    let samples: Vec<(String, String)> = (built.tests.iter())
        .take(manifest.samples.len())
        .map(|test| (test.input.clone(), test.answer.clone()))
        .collect();
    for file in statement::find(problem.dir(), &manifest.statement_language)? {
        package.file(
            &format!("problem_statement/problem.{}.tex", file.language),
            &statement_tex(&file.path, &manifest, &samples)?,
        )?;
    }
    for (i, test) in built.tests.iter().enumerate() {
        let folder = if i < manifest.samples.len() {
            "sample"
        } else {
            "secret"
        };
        package.file(&format!("data/{folder}/{}.in", test.stem), &test.input)?;
        package.file(&format!("data/{folder}/{}.ans", test.stem), &test.answer)?;
    }
    for (path, contents) in &validation.files {
        package.file(path, contents)?;
    }
    package.submissions(&problem.dir().join("solutions"))?;
    Ok(package.exported)
}

impl Package<'_> {
    /// Copies `solutions/<folder>/<file>` to `submissions/<folder>/<file>` for the languages
    /// exported; lists the others as left out.
    fn submissions(&mut self, solutions: &Path) -> Result<(), String> {
        if !solutions.is_dir() {
            return Ok(());
        }
        for entry in WalkDir::new(solutions)
            .min_depth(2)
            .max_depth(2)
            .sort_by_file_name()
        {
            let entry = entry.map_err(|e| format!("cannot walk {}: {e}", solutions.display()))?;
            let path = entry.path();
            let relative = path.strip_prefix(solutions).unwrap_or(path);
            let exported = path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| SUBMISSION_EXTENSIONS.contains(&e));
            if !exported {
                self.exported.left_out.push((
                    path.to_owned(),
                    "only C++ and Rust submissions are exported (problemtools runs Python with PyPy)"
                        .to_string(),
                ));
                continue;
            }
            let source = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            self.file(&format!("submissions/{}", relative.display()), &source)?;
        }
        Ok(())
    }
}

/// `problem.yaml`, with the `validation` lines given.
fn problem_yaml(manifest: &Manifest, validation: &str) -> String {
    let name = &manifest.name;
    format!(
        "# Exported by stonejudge from problems/{name}/ (time limit there: {} s of CPU time).\n\
         name: {}\n\
         uuid: {}\n\
         license: unknown\n\
         {validation}\
         limits:\n  memory: {}\n",
        manifest.limits.time_seconds,
        yaml_string(&manifest.title),
        uuid(name),
        manifest.limits.memory_mib,
    )
}

/// A YAML double-quoted string.
fn yaml_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A UUID derived from the problem's name, so that re-exports keep it (version 4 layout).
fn uuid(name: &str) -> String {
    let hash = fnv1a_128(&[b"stonejudge problem ", name.as_bytes()]);
    let bytes = hash.to_be_bytes();
    let mut hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    hex[6] = format!("4{}", &hex[6][1..]);
    hex[8] = format!("{:x}{}", 0x8 | (bytes[8] >> 6 & 0x3), &hex[8][1..]);
    let hex = hex.concat();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// `problem.<lang>.tex`: the problem's name in the statement's language (its `# ` title, else
/// `problem.toml`'s), then the statement with its samples.
fn statement_tex(
    path: &Path,
    manifest: &Manifest,
    samples: &[(String, String)],
) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let parsed = statement::parse(&bytes).map_err(|problems| {
        (problems.iter())
            .map(|p| format!("{}:{}: {}", path.display(), p.at, p.message))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let title = parsed.title.as_deref().unwrap_or(&manifest.title);
    Ok(format!(
        "\\problemname{{{}}}\n\n{}",
        latex::from_markdown(title).trim_end(),
        latex::from_markdown(&parsed.body_with_samples(samples))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_name_problemtools_refuses_gets_a_note_with_a_name_it_takes() {
        assert_eq!(short_name_note(Path::new("out/miserenim2")), None);
        let note = short_name_note(Path::new("out/Misere-Nim")).expect("a note");
        assert!(
            note.contains("\"Misere-Nim\"") && note.ends_with("\"miserenim\""),
            "{note}"
        );
        let note = short_name_note(Path::new("out/--")).expect("a note");
        assert!(note.ends_with("lowercase letters and digits"), "{note}");
    }

    #[test]
    fn uuids_are_stable_and_well_formed() {
        let a = uuid("stripes");
        assert_eq!(a, uuid("stripes"));
        assert_ne!(a, uuid("nim"));
        let groups: Vec<usize> = a.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12]);
        assert_eq!(&a[14..15], "4");
        assert!("89ab".contains(&a[19..20]), "{a}");
    }

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
