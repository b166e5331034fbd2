//! A package's example submissions and what they are held to, as problemtools'
//! `verifyproblem` holds them: what is read, never run (their runs are
//! `crate::judging::Runs`, the time limit derived from them `crate::judging::time_limit`).
//!
//! - `submissions/<folder>/<program>`: a source file or a directory of sources; any other
//!   entry is reported not supported, never dropped. The folder promises a verdict:
//!   `accepted` and `partially_accepted` AC, `wrong_answer` WA, `run_time_error` RTE,
//!   `time_limit_exceeded` TLE; the entries of any other folder (and, in 2025-09, those no
//!   requirement covers), hidden entries and those ending in `.disabled` or `.template` are
//!   left out, each with why ([`Listing`]).
//! - Which submissions set a derived time limit ([`PackageSubmission::sets_time_limit`]):
//!   `accepted/`'s, and in 2025-09 every one held to never time out.
//! - Our verdicts map onto Kattis' names ([`crate::verdict::kattis_verdict`]: PE is WA, a
//!   crash or MLE is RTE) and back ([`crate::verdict::from_kattis`]).
//! - In 2025-09 a submission is held instead to the requirements of its folder and of
//!   `submissions.yaml` ([`super::expectations`]).

use std::path::Path;

use super::expectations::{default_folders, Requirements};
use super::{entries_in, program_kind, Package, PackageError, PackageProgram};
use crate::model::LeftOut;
use crate::run::Language;

/// The folders of `submissions/` and the Kattis verdict each promises.
pub const FOLDERS: [(&str, &str); 5] = [
    ("accepted", "AC"),
    ("partially_accepted", "AC"),
    ("wrong_answer", "WA"),
    ("run_time_error", "RTE"),
    ("time_limit_exceeded", "TLE"),
];

/// One example submission.
#[derive(Debug, Clone, PartialEq)]
pub struct PackageSubmission {
    /// The folder under `submissions/`.
    pub folder: String,
    pub program: PackageProgram,
    /// 2025-09: what its folder and `submissions.yaml` hold it to (`None` when nothing
    /// covers it, and in the older formats).
    pub expectation: Option<Requirements>,
}

impl PackageSubmission {
    /// `accepted/hello.cpp`.
    pub fn id(&self) -> String {
        let name = self.program.path.file_name().unwrap_or_default();
        format!("{}/{}", self.folder, name.to_string_lossy())
    }

    /// The Kattis verdict its folder promises, if the folder is one of [`FOLDERS`].
    pub fn expected(&self) -> Option<&'static str> {
        FOLDERS
            .iter()
            .find(|(f, _)| *f == self.folder)
            .map(|(_, v)| *v)
    }

    /// Whether its time sets the time limit: `accepted/`'s, and in 2025-09 every submission
    /// held to never time out.
    pub fn sets_time_limit(&self) -> bool {
        match &self.expectation {
            Some(expectation) => expectation.lower_bounds_time_limit(),
            None => self.folder == "accepted",
        }
    }
}

/// A package's example submissions: those judged, and the entries left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Listing {
    /// By folder and name.
    pub judged: Vec<PackageSubmission>,
    pub left_out: Vec<LeftOut>,
}

/// Why an entry of `submissions/` named `name` (a folder, or an entry of one) is left out, if
/// it is, as BAPCtools leaves it out: hidden (`.gitkeep`), disabled or a template.
fn left_out_by_name(name: &str) -> Option<&'static str> {
    if name.starts_with('.') {
        Some("hidden (its name starts with a dot)")
    } else if name.ends_with(".disabled") {
        Some("disabled (its name ends in .disabled)")
    } else if name.ends_with(".template") {
        Some("a template (its name ends in .template)")
    } else {
        None
    }
}

/// Why the entry `path` of a submissions folder is left out when it is no program that
/// [`program_kind`] knows: no language stonejudge knows or names.
fn not_a_program(path: &Path) -> String {
    match (path.is_dir(), path.extension()) {
        (true, _) => "not a program: it holds no source in a language stonejudge knows \
                      (see README: languages)"
            .to_string(),
        (false, Some(ending)) => format!(
            "not a program: .{} is the ending of no language stonejudge knows (see README: \
             languages)",
            ending.to_string_lossy()
        ),
        (false, None) => "not a program: a file without an ending, of no language".to_string(),
    }
}

impl Package {
    /// Every submission judged, by folder and name ([`Package::listing`]).
    pub fn submissions(&self) -> Result<Vec<PackageSubmission>, PackageError> {
        Ok(self.listing()?.judged)
    }

    /// Every entry of every folder of `submissions/`: judged (a program in a language
    /// stonejudge runs, or one that it cannot run here, reported not supported with why), or
    /// left out with why: hidden, disabled and template entries, and those of a folder that
    /// promises nothing ([`Package::promises_nothing`]).
    pub fn listing(&self) -> Result<Listing, PackageError> {
        let dir = self.root.join("submissions");
        let mut listing = Listing::default();
        if !dir.is_dir() {
            return Ok(listing);
        }
        let mut folders: Vec<_> = std::fs::read_dir(&dir)
            .map_err(|e| PackageError(format!("cannot read {}: {e}", dir.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        folders.sort();
        let is_2025 = self.is_2025();
        let name_of =
            |path: &Path| (path.file_name().unwrap_or_default().to_string_lossy()).into_owned();
        for folder in folders {
            let name = name_of(&folder);
            if let Some(why) = left_out_by_name(&name) {
                listing.left_out.push(LeftOut {
                    id: format!("submissions/{name}/"),
                    why: why.to_string(),
                });
                continue;
            }
            for path in entries_in(&self.root, &folder)? {
                let id = format!("submissions/{name}/{}", name_of(&path));
                if let Some(why) = left_out_by_name(&name_of(&path)) {
                    let why = why.to_string();
                    listing.left_out.push(LeftOut { id, why });
                    continue;
                }
                // Not a program at all (a note, a header beside sources): left out, as
                // problemtools passes it over, with why.
                let Some(kind) = program_kind(&path, false) else {
                    let why = not_a_program(&path);
                    listing.left_out.push(LeftOut { id, why });
                    continue;
                };
                let mut submission = PackageSubmission {
                    folder: name.clone(),
                    program: PackageProgram {
                        path,
                        kind,
                        entrypoint: None,
                        language: None,
                    },
                    expectation: None,
                };
                if is_2025 {
                    submission.expectation =
                        (self.submissions_yaml).expectation(&submission.id(), self.is_scoring());
                }
                if let Some(why) = self.promises_nothing(&submission) {
                    listing.left_out.push(LeftOut { id, why });
                    continue;
                }
                // Built as submissions.yaml says (a language stonejudge does not know is
                // reported by verify).
                if let Some(expectation) = &submission.expectation {
                    submission.program.entrypoint = expectation.entrypoint.clone();
                    submission.program.language = expectation
                        .language
                        .as_deref()
                        .and_then(Language::from_code);
                }
                listing.judged.push(submission);
            }
        }
        Ok(listing)
    }

    /// Why nothing says what `submission` must get, when nothing does: in the legacy format
    /// and 2023-07, its folder is none of [`FOLDERS`] (problemtools judges only those); in
    /// 2025-09, its folder is not a default one and no key of `submissions.yaml` matches it
    /// (a scoring package's `partially_accepted/` is one).
    fn promises_nothing(&self, submission: &PackageSubmission) -> Option<String> {
        let folder = &submission.folder;
        match self.is_2025() {
            true => submission.expectation.is_none().then(|| {
                format!(
                    "folder {folder}/ is not a default folder ({}) and no key of \
                         submissions/submissions.yaml matches it: nothing says what it must \
                         get (BAPCtools runs it, any verdict permitted)",
                    default_folders().join(", ")
                )
            }),
            false => submission.expected().is_none().then(|| {
                let known: Vec<&str> = FOLDERS.iter().map(|(f, _)| *f).collect();
                format!(
                    "folder {folder}/ is not one the format judges ({}): not judged, as \
                     problemtools leaves it",
                    known.join(", ")
                )
            }),
        }
    }
}
