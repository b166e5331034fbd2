//! Regeneration, once for every format: the committed test data is byte for byte what the
//! problem's own maker makes again.
//!
//! Only some formats say how their test data is made ([`Regeneration`], which each format's
//! reader sets): our plan (`testdata/<name>/`), a Kattis package's `generators.yaml`
//! (`data/`), sinol-make's ingen (`in/`) with the model solution making `out/`. The makers are
//! `crate::archive::build`, `crate::package::generators` and `crate::judging::MadeTests`,
//! each behind a [`Maker`]; what they share is here: which steps a
//! regeneration has, comparing what was made with what is committed (the first differing
//! byte, files missing, files no step makes), and how that reads, in `verify`'s check of the
//! step and in `testdata --check`.

use std::path::{Path, PathBuf};

use super::{listed, Check};
use crate::model::Regeneration;
use crate::text::show::count;

/// One step of making a problem's test data again: it has its own check in `verify`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemakeStep {
    /// Our plan writes `testdata/<name>/` ([`Regeneration::Plan`]).
    Plan,
    /// `generators/generators.yaml` writes `data/` ([`Regeneration::GeneratorsYaml`]).
    GeneratorsYaml,
    /// sinol-make's ingen writes `in/` ([`Regeneration::Ingen`]).
    Ingen,
    /// sinol-make's model solution writes `out/` from `in/` ([`Regeneration::Ingen`],
    /// [`Regeneration::Answers`]).
    Answers,
}

impl RemakeStep {
    /// The steps of `how`, in order.
    pub fn of(how: &Regeneration) -> &'static [RemakeStep] {
        match how {
            Regeneration::Plan => &[RemakeStep::Plan],
            Regeneration::GeneratorsYaml(_) => &[RemakeStep::GeneratorsYaml],
            Regeneration::Ingen(_) => &[RemakeStep::Ingen, RemakeStep::Answers],
            Regeneration::Answers => &[RemakeStep::Answers],
        }
    }

    /// The name of its check in `verify` (the names each format had before they were one step,
    /// which reports and CI scripts read).
    pub fn check(self) -> &'static str {
        match self {
            RemakeStep::Plan => "testdata",
            RemakeStep::GeneratorsYaml => "generators.yaml",
            RemakeStep::Ingen => "ingen",
            RemakeStep::Answers => "outputs",
        }
    }

    /// What makes the files, as messages name it.
    pub fn maker(self) -> &'static str {
        match self {
            RemakeStep::Plan => "the plan",
            RemakeStep::GeneratorsYaml => "generators/generators.yaml",
            RemakeStep::Ingen => "ingen",
            RemakeStep::Answers => "the model solution",
        }
    }

    /// What it makes, one and many.
    fn unit(self) -> (&'static str, &'static str) {
        match self {
            RemakeStep::Plan => ("test", "tests"),
            RemakeStep::GeneratorsYaml => ("case", "cases"),
            RemakeStep::Ingen => ("input", "inputs"),
            RemakeStep::Answers => ("output", "outputs"),
        }
    }

    /// How the committed files are written again, for a step that finds them wrong.
    fn remedy(self) -> &'static str {
        match self {
            RemakeStep::Plan => "`stonejudge testdata` writes them",
            RemakeStep::GeneratorsYaml => "`stonejudge testdata` or `bt generate` writes them",
            RemakeStep::Ingen | RemakeStep::Answers => "`sinol-make gen` writes them",
        }
    }
}

/// One file made again, to be compared with its committed copy.
pub struct RemadeFile {
    /// Where the committed copy is.
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// What a format's maker made in one [`RemakeStep`].
#[derive(Default)]
pub struct Remade {
    /// How many things it made (tests, cases, inputs, outputs: the step's unit).
    pub count: usize,
    pub files: Vec<RemadeFile>,
    /// The committed files some file of `files` must be: any other is one no step makes.
    pub committed: Vec<PathBuf>,
    /// What the maker could not make, or found wrong itself (a Kattis group file), one line
    /// each.
    pub wrong: Vec<String>,
}

/// Each format's way of making its test data again.
pub trait Maker {
    /// The files `step` makes, with the committed files they must be; `Ok(None)` when the
    /// problem has nothing to make in that step (an interactive task has no outputs); `Err`
    /// when nothing could be made.
    fn remake(&self, step: RemakeStep) -> Result<Option<Remade>, String>;
}

/// One step made again and compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regenerated {
    pub step: RemakeStep,
    /// How many things were made (the step's unit).
    pub count: usize,
    /// Every difference from the committed data, one line each; empty when it is the same.
    pub wrong: Vec<String>,
    /// Why nothing could be made, when nothing could.
    pub failed: Option<String>,
}

impl Regenerated {
    pub fn ok(&self) -> bool {
        self.wrong.is_empty() && self.failed.is_none()
    }

    /// `4 inputs made again, the same`, or what differs and how to write it again.
    pub fn headline(&self) -> String {
        let (one, many) = self.step.unit();
        if let Some(why) = &self.failed {
            return format!("{} cannot make them again: {why}", self.step.maker());
        }
        match self.ok() {
            true => format!("{} made again, the same", count(self.count, one, many)),
            false => format!(
                "{} from what {} makes ({}):",
                count(self.wrong.len(), "difference", "differences"),
                self.step.maker(),
                self.step.remedy()
            ),
        }
    }

    /// `verify`'s check of the step: the headline, and the first few differences.
    pub fn check(&self) -> Check {
        let detail = listed(&self.headline(), self.wrong.iter().cloned());
        match self.ok() {
            true => Check::pass(self.step.check(), detail),
            false => Check::fail(self.step.check(), detail),
        }
    }
}

/// Every step of `how` (a problem's [`crate::model::Problem::regeneration`], which its
/// format's reader sets), each made by `maker` and compared with the committed files.
pub fn regenerated(how: &Regeneration, maker: &dyn Maker) -> Vec<Regenerated> {
    (RemakeStep::of(how).iter())
        .filter_map(|&step| {
            let (count, wrong, failed) = match maker.remake(step) {
                Ok(None) => return None,
                Ok(Some(remade)) => (remade.count, compared(step, remade), None),
                Err(why) => (0, Vec::new(), Some(why)),
            };
            Some(Regenerated {
                step,
                count,
                wrong,
                failed,
            })
        })
        .collect()
}

/// The checks of [`regenerated`], for `verify`.
pub fn checks(how: &Regeneration, maker: &dyn Maker) -> Vec<Check> {
    (regenerated(how, maker).iter())
        .map(Regenerated::check)
        .collect()
}

/// What the maker found, then every made file that is not committed or differs, then every
/// committed file nothing made, in path order.
fn compared(step: RemakeStep, remade: Remade) -> Vec<String> {
    let maker = step.maker();
    let mut drift: Vec<(PathBuf, String)> = Vec::new();
    for made in &remade.files {
        let shown = made.path.display();
        match std::fs::read(&made.path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => drift.push((
                made.path.clone(),
                format!("{shown}: missing ({maker} makes it)"),
            )),
            Err(e) => drift.push((made.path.clone(), format!("cannot read {shown}: {e}"))),
            Ok(committed) => {
                if let Some((at, was, is)) = first_difference(&committed, &made.bytes) {
                    drift.push((
                        made.path.clone(),
                        format!("{shown}:{at}: differs: committed {was}, {maker} makes {is}"),
                    ));
                }
            }
        }
    }
    for path in &remade.committed {
        if !remade.files.iter().any(|made| made.path == *path) {
            let shown = path.display();
            drift.push((path.clone(), format!("{shown}: not produced by {maker}")));
        }
    }
    drift.sort_by(|a, b| a.0.cmp(&b.0));
    let mut wrong = remade.wrong;
    wrong.extend(drift.into_iter().map(|(_, line)| line));
    wrong
}

/// The first byte where the committed file and the one made again differ (one being a prefix
/// of the other counts as differing just past the shorter one): `line:col` (1-based, the
/// column in bytes), and what each has there; `None` when they are the same.
fn first_difference(committed: &[u8], made: &[u8]) -> Option<(String, String, String)> {
    if committed == made {
        return None;
    }
    let at = (committed.iter().zip(made))
        .take_while(|(a, b)| a == b)
        .count();
    let before = &committed[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let show = |bytes: &[u8]| match bytes.get(at) {
        Some(&b) => format!("{:?}", char::from(b)),
        None => "the end".to_string(),
    };
    Some((
        format!("{line}:{}", at - line_start + 1),
        show(committed),
        show(made),
    ))
}

/// The files of `dir` (none when it does not exist), for a [`Remade`]'s committed files.
pub fn files_in(dir: &Path) -> Result<Vec<PathBuf>, String> {
    match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|entry| {
                entry
                    .map(|e| e.path())
                    .map_err(|e| format!("cannot read {}: {e}", dir.display()))
            })
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("cannot read {}: {e}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_difference_is_named_by_line_and_column() {
        assert_eq!(first_difference(b"1 2\n3\n", b"1 2\n3\n"), None);
        let at = |a: &[u8], b: &[u8]| {
            let (at, was, is) = first_difference(a, b).expect("differs");
            format!("{at}: {was} {is}")
        };
        assert_eq!(at(b"1 2\n3\n", b"1 2\n4\n"), "2:1: '3' '4'");
        assert_eq!(at(b"1 2\n", b"1 25\n"), "1:4: '\\n' '5'");
        assert_eq!(at(b"1\n", b"1\n2\n"), "2:1: the end '2'");
    }

    /// Files made in memory, for comparing with a folder.
    struct Files(Vec<(&'static str, &'static str)>, PathBuf);

    impl Maker for Files {
        fn remake(&self, step: RemakeStep) -> Result<Option<Remade>, String> {
            match step {
                RemakeStep::Plan => Ok(Some(Remade {
                    count: self.0.len(),
                    files: (self.0.iter())
                        .map(|(name, text)| RemadeFile {
                            path: self.1.join(name),
                            bytes: text.as_bytes().to_vec(),
                        })
                        .collect(),
                    committed: files_in(&self.1)?,
                    wrong: Vec::new(),
                })),
                _ => Err("no such step".to_string()),
            }
        }
    }

    #[test]
    fn a_differing_a_missing_and_a_stray_file_are_each_named_once() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().to_path_buf();
        for (name, text) in [("1.in", "1\n"), ("2.in", "2 3\n"), ("x.txt", "x")] {
            std::fs::write(root.join(name), text).expect("write");
        }
        let made = Files(
            vec![("1.in", "1\n"), ("2.in", "2 4\n"), ("3.in", "3\n")],
            root,
        );
        let steps = regenerated(&Regeneration::Plan, &made);
        assert_eq!(steps.len(), 1);
        let shown = |name: &str| dir.path().join(name).display().to_string();
        assert_eq!(
            steps[0].wrong,
            vec![
                format!(
                    "{}:1:3: differs: committed '3', the plan makes '4'",
                    shown("2.in")
                ),
                format!("{}: missing (the plan makes it)", shown("3.in")),
                format!("{}: not produced by the plan", shown("x.txt")),
            ]
        );
        let check = steps[0].check();
        assert!(!check.ok && check.name == "testdata", "{check:?}");
        assert!(check
            .detail
            .starts_with("3 differences from what the plan makes"));
        // A step the maker cannot do fails, saying why.
        let failed = regenerated(&Regeneration::Answers, &made);
        assert_eq!(failed[0].failed.as_deref(), Some("no such step"));
        assert_eq!(
            failed[0].check().detail,
            "the model solution cannot make them again: no such step"
        );
    }
}
