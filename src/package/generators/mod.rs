//! `generators/generators.yaml` (the ICPC package format's generators, as BAPCtools' `bt
//! generate` reads and runs it): how a package's `data/` is made.
//!
//! [`parse`] reads the file into [`Generators`]: every case with its path under `data/`, named
//! as `bt` names it, and what makes its files; every directory with its `test_group.yaml`;
//! the `generators:` map of programs made of several files. Reading it runs nothing:
//! `crate::judging`'s `kattis_generators` runs it, writing a whole `data/` tree into a
//! directory it is given, never into the package, for `verify`, `judge` and `stress` to judge
//! (a scratch directory) and `testdata` to swap into place.
//!
//! What BAPCtools does and stonejudge does the same way:
//!
//! - `data:` as a map (its keys in name order, but the top level's, in the order `sample`,
//!   `secret`, `invalid_output`, `invalid_answer`, `invalid_input`, `valid_output`) or as a
//!   list of one-key maps (numbered: a case is named by its number among the numbered cases
//!   of the whole file, zero-padded to the width of their count, then `-` and its key when
//!   the key is not empty; a group by its number among its directory's groups);
//! - `count:` (a number from 1 to 100, a list of numbers, or a range `-4..=5`): one case per
//!   value, named `<name>-<value>` (zero-padded when the values are consecutive), `{count}`
//!   in the command replaced by the value, the seed salted with `:<value-1>` for a value
//!   other than 1;
//! - `{seed}` and `{seed:N}`: the SHA-512 of the random salt (`random_salt:`, inherited),
//!   the salt of the count and the command (stripped), modulo 2^31; `retries:` (inherited)
//!   runs a failing generator again with the seed plus one, up to that many times; `{name}`
//!   is `testcase`; `{{NAME}}` is a constant of `problem.yaml`;
//! - commands split as a shell would (`shlex`), a program named from `generators/`, or a key
//!   of the `generators:` map: a program built from the listed files of `generators/`, the
//!   first being its entry point;
//! - `copy:` (the files of `generators/<path>.*`), inline `in`, `ans`, `out`, `yaml`,
//!   `interaction`, `in.statement`, `ans.statement`, `in.download`, `ans.download` (and the
//!   older `hint`, `desc`), each a text (a final newline added) or `{link: in}` (a symbolic
//!   link to the case's own file); `include:` (the named cases, or a group's cases, linked
//!   into the directory);
//! - `solution:` given (a path from the package root, `/submissions/…`, or from
//!   `generators/`) makes each `.ans` that no other rule wrote from the `.in`; `solution:`
//!   empty makes none (a case without `.ans` is then an error, as in `bt`); `solution:`
//!   absent means an accepted submission: `bt` takes one at random (a `model_solution` first)
//!   and writes it into the file; stonejudge takes the first in name order and writes
//!   nothing. No solution runs for `invalid_*/` and `valid_output/`; an interactive or
//!   multi-pass problem's `.ans` is empty unless written.
//!
//! What it does not do: a generator that writes its case's files itself (in its working
//! directory, `{name}`) is not supported; stonejudge takes its standard output. `match:` is
//! not checked, with a note; visualizers are skipped with a note, never an error. Keys
//! neither the specification nor BAPCtools knows are warned about at `file:line:col`;
//! anything else it cannot do makes the package not supported, never silently ignored.

mod parse;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha512};

use super::config::ProblemConfig;
use super::PackageError;

/// The files of a case that may be written in `generators.yaml` (by their extension): `bt`'s,
/// and the older `hint` and `desc`.
pub const TEXT_FILES: [&str; 11] = [
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
    "hint",
    "desc",
];

/// Where the file is, from the package root.
pub const GENERATORS_YAML: &str = "generators/generators.yaml";

/// How one case's files are made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// Its own rule: a generator, a copy and files written in `generators.yaml`, in that
    /// order, each overwriting what an earlier one wrote.
    Own(Recipe),
    /// Included (`include:`): the files of the case at this path under `data/`, linked.
    Included(String),
}

/// The files of a case made by its own rule.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Recipe {
    pub generate: Option<Command>,
    /// `copy:`: the files of this path (from the package root, without extension).
    pub copy: Option<PathBuf>,
    /// Files written in `generators.yaml`: (extension, what it holds).
    pub written: Vec<(String, Written)>,
    /// How many times a failing generator runs, its seed one more each time.
    pub retries: u32,
}

/// A file of a case written in `generators.yaml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    Text(String),
    /// `{link: ext}`: a symbolic link to the case's own file of that extension.
    Link(String),
}

/// A generator's command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// As written (constants and `{count}` replaced), for messages.
    pub text: String,
    /// The program: a path from the package root (`generators/gen.py`), or a key of the
    /// `generators:` map.
    pub program: String,
    /// Its arguments, `{name}` replaced; `{seed}` is replaced when it runs.
    pub args: Vec<String>,
    pub seed: u32,
}

/// What makes a case's `.ans` when no rule wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// This program (a path from the package root) reading the `.in`.
    Solution(String),
    /// `solution:` empty: nothing.
    Nothing,
    /// `solution:` absent: an accepted submission.
    Default,
}

/// One test case of `generators.yaml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedCase {
    /// Its path under `data/`, without extension (`secret/03-big`).
    pub name: String,
    pub rule: Rule,
    pub answer: Answer,
}

impl GeneratedCase {
    /// The directory of `data/` it is in at the top (`sample`, `secret`, `invalid_input`, …).
    pub fn top(&self) -> &str {
        self.name.split('/').next().unwrap_or_default()
    }
}

/// A directory of `data/` that `generators.yaml` names.
#[derive(Debug, Clone, PartialEq)]
pub struct Directory {
    /// Its path under `data/` (empty for `data/` itself).
    pub path: String,
    /// Its `test_group.yaml` (or `testdata.yaml`, the older name), when given: the file's
    /// name and text.
    pub group_yaml: Option<(String, String)>,
}

/// `generators.yaml` read.
#[derive(Debug, Clone, Default)]
pub struct Generators {
    /// In the order `bt` makes them.
    pub cases: Vec<GeneratedCase>,
    /// Every directory, parents first.
    pub directories: Vec<Directory>,
    /// The `generators:` map: a program's name, and its files from `generators/` (the
    /// first is the entry point).
    pub programs: BTreeMap<String, Vec<String>>,
    /// Keys nobody knows, at `file:line:col`.
    pub warnings: Vec<String>,
    /// What is read and skipped, on purpose (a visualizer, a `match:`), at `file:line:col`.
    pub notes: Vec<String>,
    /// What it asks for that stonejudge does not do.
    pub unsupported: Vec<String>,
}

impl Generators {
    /// The paths under `data/` of the inputs it makes (without extension), in order.
    pub fn case_names(&self) -> impl Iterator<Item = &str> {
        self.cases.iter().map(|case| case.name.as_str())
    }
}

/// Reads `generators/generators.yaml` of the package at `root` (whose `problem.yaml` is
/// `config`, for its constants), if there is one.
pub fn load(root: &Path, config: &ProblemConfig) -> Result<Option<Generators>, PackageError> {
    let path = root.join(GENERATORS_YAML);
    if !path.is_file() {
        return Ok(None);
    }
    crate::within::inside(root, &path).map_err(PackageError)?;
    let text = std::fs::read_to_string(&path)
        .map_err(|e| PackageError(format!("cannot read {}: {e}", path.display())))?;
    parse::parse(&path, &text, config).map(Some)
}

/// BAPCtools' seed: the SHA-512 of `salted` (the salt, the count's salt and the stripped
/// command), as a big-endian number, modulo 2^31 (its last 31 bits).
pub fn seed(salted: &str) -> u32 {
    let digest = Sha512::digest(salted.as_bytes());
    let last: [u8; 4] = digest[60..64].try_into().expect("64 bytes");
    u32::from_be_bytes(last) & 0x7fff_ffff
}

/// `word` with `{seed}` and `{seed:N}` replaced by `seed`.
pub fn replace_seed(word: &str, seed: u32) -> String {
    let mut out = String::new();
    let mut rest = word;
    while let Some(start) = rest.find("{seed") {
        let after = &rest[start + 5..];
        let end = match after.strip_prefix(':') {
            Some(digits) => {
                let n = digits.bytes().take_while(u8::is_ascii_digit).count();
                (n > 0 && digits[n..].starts_with('}')).then_some(1 + n)
            }
            None => after.starts_with('}').then_some(0),
        };
        match end {
            Some(end) => {
                out.push_str(&rest[..start]);
                out.push_str(&seed.to_string());
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&rest[..start + 5]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_replaced_in_both_forms() {
        assert_eq!(replace_seed("a{seed}b", 7), "a7b");
        assert_eq!(replace_seed("{seed:12}", 7), "7");
        assert_eq!(replace_seed("{seedy}", 7), "{seedy}");
        assert_eq!(replace_seed("--n=5", 7), "--n=5");
    }

    #[test]
    fn the_seed_is_the_last_31_bits_of_the_sha512() {
        // python3 -c 'import hashlib; print(int(hashlib.sha512(b"gen.py 5 {seed}").hexdigest(), 16) % 2**31)'
        assert_eq!(seed("gen.py 5 {seed}"), 1_561_539_053);
    }
}
