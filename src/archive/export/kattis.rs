//! The ICPC problem package, legacy version, as Kattis problemtools' `verifyproblem` reads it:
//!
//! ```text
//! problem.yaml                         name, uuid, limits, validation
//! problem_statement/problem.en.tex     the statement without its samples (shown from data/)
//! data/sample/NN.in NN.ans             the manifest's samples
//! data/secret/NN.in NN.ans             every other test of the plan
//! input_validators/<name>.ctd          a checktestdata script for the input format
//! output_validators/<name>/…           only for nim and Nim-rule declared move problems (any
//!                                      winning move is accepted)
//! submissions/<folder>/<file>          the example solutions in C++ and Rust
//! ```
//!
//! Choices, and why:
//! - **Statement in LaTeX**: the legacy version reads only `.tex` statements (Markdown needs
//!   the 2023-07 draft), so the Markdown is converted ([`super::latex`]).
//! - **Validators**: the package must stand alone, without stonejudge. Every answer but
//!   nim's is unique, so those problems use `validation: default` with `case_sensitive`
//!   (our checker compares words exactly); nim ships a C++ output validator that accepts any
//!   winning move. A declared game says itself what it needs (`KattisHints`): its checktestdata
//!   template, and whether nim's validator judges it; a move problem under other rules has
//!   no validator here, and its export is refused rather than judged by exact answers. Input validators are checktestdata scripts (problemtools runs them itself),
//!   short enough to read against the statement; the test suite checks that they accept every
//!   test and reject what our strict validator rejects.
//! - **Submissions**: C++ and Rust only. problemtools runs Python with PyPy, which a judge
//!   machine may lack; the Python examples are listed as left out.
//! - **Test data** is built from the plan in memory (generated, validated, solved), so the
//!   package does not depend on the state of `testdata/`.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use super::{latex, Exported};
use crate::archive::statement::{self, STATEMENT_FILE};
use crate::archive::{build, Archive, Manifest};
use crate::catalog::DynProblem;
use crate::problem::{Constraint, KattisAnswers};
use crate::run::fnv1a_128;

/// Problems whose answers are not unique, with the source of their output validator.
const OUTPUT_VALIDATORS: [(&str, &str); 1] =
    [("nim", include_str!("kattis/nim_output_validator.cpp"))];

/// The checktestdata input validator of each problem, as a template: `{NAME}` stands for the
/// bounds `lo, hi` of the format's constraint `NAME`, `{NAME.lo}` and `{NAME.hi}` for one of
/// them, so that every bound is the one the problem declares ([`fill_bounds`]).
const INPUT_VALIDATORS: [(&str, &str); 9] = [
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
];

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

/// Writes the package of `problem` into `out`.
pub fn write(
    archive: &Archive,
    problem: &dyn DynProblem,
    out: &Path,
    jobs: usize,
) -> Result<Exported, String> {
    let name = problem.name();
    let manifest = archive.manifest(name).map_err(|e| e.to_string())?;
    let output_validator = output_validator(problem)?;
    let mut package = Package {
        root: out,
        exported: Exported::default(),
    };
    package.file(
        "problem.yaml",
        &problem_yaml(&manifest, output_validator.is_some()),
    )?;
    package.file(
        "problem_statement/problem.en.tex",
        &statement_tex(archive, &manifest)?,
    )?;

    let built = build(problem, &manifest, jobs).map_err(|e| e.to_string())?;
    for (i, test) in built.tests.iter().enumerate() {
        let folder = if i < manifest.samples.len() {
            "sample"
        } else {
            "secret"
        };
        package.file(&format!("data/{folder}/{}.in", test.stem), &test.input)?;
        package.file(&format!("data/{folder}/{}.ans", test.stem), &test.answer)?;
    }

    package.file(
        &format!("input_validators/{name}.ctd"),
        &input_validator(problem)?,
    )?;
    if let Some(source) = output_validator {
        package.file(&format!("output_validators/{name}/validate.cpp"), source)?;
    }
    package.submissions(&archive.problem_dir(name).join("solutions"))?;
    Ok(package.exported)
}

/// A package being written.
struct Package<'a> {
    root: &'a Path,
    exported: Exported,
}

impl Package<'_> {
    /// Writes `contents` to `relative` inside the package.
    fn file(&mut self, relative: &str, contents: &str) -> Result<(), String> {
        let path = self.root.join(relative);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        std::fs::write(&path, contents)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        self.exported.files.push(PathBuf::from(relative));
        Ok(())
    }

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

/// `problem.yaml`.
fn problem_yaml(manifest: &Manifest, custom: bool) -> String {
    let name = &manifest.name;
    let validation = if custom {
        "validation: custom\n".to_string()
    } else {
        "validation: default\nvalidator_flags: case_sensitive\n".to_string()
    };
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

/// `problem.en.tex`: the problem name, then the statement without its title and samples.
fn statement_tex(archive: &Archive, manifest: &Manifest) -> Result<String, String> {
    let path = archive.problem_dir(&manifest.name).join(STATEMENT_FILE);
    let markdown = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let body = statement::body_without_title_and_samples(&markdown);
    Ok(format!(
        "\\problemname{{{}}}\n\n{}",
        latex::from_markdown(&manifest.title).trim_end(),
        latex::from_markdown(&body)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for problem in crate::catalog::CATALOG {
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
    fn placeholders_are_filled_or_refused() {
        let n = Constraint::Int(crate::problem::Int::new("n", 1, 10, "heaps"));
        let filled = fill_bounds("INT({n}, n) ASSERT(n <= {n.hi} + {n.lo})", &[n]);
        assert_eq!(filled.as_deref(), Ok("INT(1, 10, n) ASSERT(n <= 10 + 1)"));
        let unknown = fill_bounds("INT({m})", &[n]).unwrap_err();
        assert_eq!(unknown, "{m} names no constraint of the format");
        assert!(fill_bounds("INT({n", &[n]).is_err());
    }
}
