//! `generators/generators.yaml` (spec/generators.md, in the form BAPCtools reads today): how a
//! package's `data/` is made. `verify` regenerates every case it names into memory and
//! compares it byte for byte with what is committed under `data/`.
//!
//! Read: `solution:` (the submission that writes each `.ans` from its `.in`, a path from the
//! package root), `random_salt:`, `data:` with `sample` / `secret` and nested groups (as a
//! map), and test cases as a command string `gen args…` or `{generate: …}`, `copy: path`
//! (from `generators/`, its `.in` and `.ans`), and inline `in:` / `ans:`; a directory's
//! `test_group.yaml` (or `testdata.yaml`) must be committed holding the same YAML. `{seed}` and
//! `{seed:N}` are replaced by BAPCtools' seed: the SHA-512 of the random salt followed by the
//! command (leading and trailing white space stripped), as a number, modulo 2^31.
//!
//! Keys stonejudge does not do (the `generators:` map of multi-file generators, `count`,
//! `retries`, `include`, visualizers, `{name}`, `{count}`, constants, a `data:` list, the other
//! extensions of a case) make the package not supported: never silently ignored. Keys
//! neither the specification nor BAPCtools knows are warned about at `file:line:col`.
//!
//! Without `solution:` the `.ans` of a generated case is not regenerated (BAPCtools would
//! pick an accepted submission at random and write it into the file): the committed one is
//! kept. A case generated but not committed fails verification: stonejudge judges the
//! committed `data/` only, so `bt generate` must be run and its result committed.

use std::path::{Path, PathBuf};

use serde_yaml_ng::{Mapping, Value};
use sha2::{Digest, Sha512};

use super::config::parse_yaml;
use super::{keys, programs_in, Package, PackageError, PackageProgram};
use crate::run::jury::beyond_limits;
use crate::run::{Cache, Limits, Runner, Stdin};
use crate::within::MAX_TEST_BYTES;

/// Where the file is, from the package root.
pub const GENERATORS_YAML: &str = "generators/generators.yaml";

/// Keys of the top level (besides a directory's).
const ROOT_KEYS: [&str; 3] = ["generators", "version", "parallel"];
/// Keys of a directory (a group of cases), done or not.
const DIRECTORY_KEYS: [&str; 10] = [
    "type",
    "data",
    "solution",
    "random_salt",
    "testdata.yaml",
    "test_group.yaml",
    "include",
    "retries",
    "visualizer",
    "description",
];
/// Keys of a test case, done or not (besides the extensions of its files).
const CASE_KEYS: [&str; 8] = [
    "type",
    "generate",
    "copy",
    "solution",
    "random_salt",
    "retries",
    "count",
    "visualizer",
];
/// The extensions of a case's files that may be written inline.
const EXTENSIONS: [&str; 10] = [
    "in",
    "ans",
    "out",
    "hint",
    "desc",
    "interaction",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
];
/// Keys that stonejudge reads and honours (the others known are not supported).
const DONE: [&str; 10] = [
    "type",
    "test_group.yaml",
    "testdata.yaml",
    "data",
    "solution",
    "random_salt",
    "generate",
    "copy",
    "in",
    "ans",
];

/// How one case's input is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A generator of `generators/` run with these arguments (`{seed}` replaced); its
    /// standard output is the input.
    Generate { program: String, args: Vec<String> },
    /// Copied from this path (without extension) under `generators/`.
    Copy(PathBuf),
    /// Written in the file itself.
    Inline(String),
}

/// One test case of `generators.yaml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// Its path under `data/`, without extension (`secret/group/02-big`).
    pub name: String,
    pub source: Source,
    /// The answer written inline, if any.
    pub answer: Option<String>,
    /// The solution (a path from the package root) that writes its `.ans`, if any.
    pub solution: Option<String>,
}

/// `generators.yaml` read.
#[derive(Debug, Clone, Default)]
pub struct Generators {
    pub cases: Vec<Case>,
    /// The `test_group.yaml` / `testdata.yaml` a directory gives: (its path under `data/`
    /// with the file's name, its contents).
    pub group_files: Vec<(String, Value)>,
    /// Keys nobody knows, at `file:line:col`.
    pub warnings: Vec<String>,
    /// What it asks for that stonejudge does not do.
    pub unsupported: Vec<String>,
}

/// The inheritable settings of a directory.
#[derive(Clone, Default)]
struct Inherited {
    solution: Option<String>,
    salt: String,
}

/// Reads `generators/generators.yaml` of the package at `root`, if there is one.
pub fn load(root: &Path) -> Result<Option<Generators>, PackageError> {
    let path = root.join(GENERATORS_YAML);
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path)
        .map_err(|e| PackageError(format!("cannot read {}: {e}", path.display())))?;
    let value: Value = parse_yaml(&path, &text)?;
    let mut reader = Reader {
        path: &path,
        text: &text,
        found: Generators::default(),
    };
    let Value::Mapping(top) = &value else {
        return Err(PackageError(format!("{}: not a map", path.display())));
    };
    reader.directory(top, &[], "", &Inherited::default(), &ROOT_KEYS)?;
    Ok(Some(reader.found))
}

struct Reader<'a> {
    path: &'a Path,
    text: &'a str,
    found: Generators,
}

impl Reader<'_> {
    /// `file:line:col` of the key at `keys`.
    fn at(&self, keys: &[String]) -> String {
        keys::at(self.path, self.text, keys)
    }

    /// Sorts the keys of `map` (at `keys`) into warnings and unsupported ones, given those
    /// that are known here.
    fn sort_keys(&mut self, map: &Mapping, keys: &[String], known: &[&str]) {
        for key in map.keys() {
            let Some(name) = key.as_str() else { continue };
            let mut at = keys.to_vec();
            at.push(name.to_string());
            if !known.contains(&name) {
                self.found.warnings.push(keys::unknown_key(
                    self.path,
                    self.text,
                    &at,
                    "neither the specification nor BAPCtools knows it",
                ));
            } else if !DONE.contains(&name) {
                self.found.unsupported.push(format!(
                    "{}: `{}` of generators.yaml is not supported",
                    self.at(&at),
                    at.join(".")
                ));
            }
        }
    }

    fn directory(
        &mut self,
        map: &Mapping,
        keys: &[String],
        name: &str,
        parent: &Inherited,
        extra: &[&str],
    ) -> Result<(), PackageError> {
        let known: Vec<&str> = DIRECTORY_KEYS.iter().chain(extra).copied().collect();
        self.sort_keys(map, keys, &known);
        let settings = self.inherit(map, keys, parent)?;
        for file in ["test_group.yaml", "testdata.yaml"] {
            if let Some(contents) = map.get(file) {
                let path = match name {
                    "" => file.to_string(),
                    _ => format!("{name}/{file}"),
                };
                self.found.group_files.push((path, contents.clone()));
            }
        }
        let mut at = keys.to_vec();
        at.push("data".into());
        match map.get("data") {
            None | Some(Value::Null) => Ok(()),
            Some(Value::Mapping(children)) => {
                for (key, child) in children {
                    let child_name = key.as_str().map(str::to_owned).ok_or_else(|| {
                        PackageError(format!("{}: a name must be a string", self.at(&at)))
                    })?;
                    let full = match name {
                        "" => child_name.clone(),
                        _ => format!("{name}/{child_name}"),
                    };
                    let mut child_at = at.clone();
                    child_at.push(child_name);
                    self.entry(child, &child_at, full, &settings)?;
                }
                Ok(())
            }
            Some(Value::Sequence(_)) => {
                let place = self.at(&at);
                self.found.unsupported.push(format!(
                    "{place}: `data:` as a list (numbered cases) is not supported"
                ));
                Ok(())
            }
            Some(_) => Err(PackageError(format!(
                "{}: `data` must be a map of cases and groups",
                self.at(&at)
            ))),
        }
    }

    /// The settings of the directory or case `map`, its parent's overridden.
    fn inherit(
        &self,
        map: &Mapping,
        keys: &[String],
        parent: &Inherited,
    ) -> Result<Inherited, PackageError> {
        let mut settings = parent.clone();
        let text = |key: &str| -> Result<Option<Option<String>>, PackageError> {
            match map.get(key) {
                None => Ok(None),
                Some(Value::Null) => Ok(Some(None)),
                Some(Value::String(s)) => Ok(Some(Some(s.clone()))),
                Some(_) => {
                    let mut at = keys.to_vec();
                    at.push(key.into());
                    Err(PackageError(format!(
                        "{}: `{key}` must be a string",
                        self.at(&at)
                    )))
                }
            }
        };
        if let Some(solution) = text("solution")? {
            settings.solution = solution;
        }
        if let Some(salt) = text("random_salt")? {
            settings.salt = salt.unwrap_or_default();
        }
        Ok(settings)
    }

    fn entry(
        &mut self,
        value: &Value,
        keys: &[String],
        name: String,
        parent: &Inherited,
    ) -> Result<(), PackageError> {
        let map = match value {
            Value::Null => {
                return Err(PackageError(format!(
                    "{}: an empty case (it must say how it is made)",
                    self.at(keys)
                )))
            }
            Value::String(command) => {
                let source = self.command(command, keys, &parent.salt);
                self.push(name, source, None, parent);
                return Ok(());
            }
            Value::Mapping(map) => map,
            _ => {
                return Err(PackageError(format!(
                    "{}: a case is a command or a map, a group a map",
                    self.at(keys)
                )))
            }
        };
        let is_case = CASE_KEYS[1..].iter().any(|k| map.contains_key(*k))
            || EXTENSIONS.iter().any(|k| map.contains_key(*k));
        if !is_case {
            return self.directory(map, keys, &name, parent, &[]);
        }
        let known: Vec<&str> = CASE_KEYS.iter().chain(&EXTENSIONS).copied().collect();
        self.sort_keys(map, keys, &known);
        let settings = self.inherit(map, keys, parent)?;
        let (path, text) = (self.path, self.text);
        let string = |key: &str| match map.get(key) {
            Some(Value::String(s)) => Ok(Some(s.clone())),
            None => Ok(None),
            Some(_) => {
                let mut at = keys.to_vec();
                at.push(key.into());
                Err(PackageError(format!(
                    "{}: `{key}` must be a string",
                    keys::at(path, text, &at)
                )))
            }
        };
        let inline = |text: String| match text.is_empty() || text.ends_with('\n') {
            true => text,
            false => text + "\n",
        };
        let source = match (string("generate")?, string("copy")?, string("in")?) {
            (Some(command), None, None) => self.command(&command, keys, &settings.salt),
            (None, Some(copy), None) => Source::Copy(PathBuf::from(copy)),
            (None, None, Some(input)) => Source::Inline(inline(input)),
            _ => {
                return Err(PackageError(format!(
                    "{}: a case needs exactly one of `generate`, `copy` and `in`",
                    self.at(keys)
                )))
            }
        };
        let answer = string("ans")?.map(inline);
        self.push(name, source, answer, &settings);
        Ok(())
    }

    fn push(&mut self, name: String, source: Source, answer: Option<String>, settings: &Inherited) {
        self.found.cases.push(Case {
            name,
            source,
            answer,
            solution: settings.solution.clone(),
        });
    }

    /// The generator and arguments of `command`, `{seed}` replaced; what is not supported in
    /// it is noted.
    fn command(&mut self, command: &str, keys: &[String], salt: &str) -> Source {
        let seed = seed(salt, command);
        let mut words = command.split_whitespace().map(|word| {
            if word.contains("{name}") || word.contains("{count}") || word.contains("{{") {
                self.found.unsupported.push(format!(
                    "{}: `{word}` ({{name}}, {{count}} and constants in a generator's \
                     command) is not supported",
                    keys::at(self.path, self.text, keys)
                ));
            }
            replace_seed(word, seed)
        });
        let program = words.next().unwrap_or_default();
        Source::Generate {
            program,
            args: words.collect(),
        }
    }
}

/// BAPCtools' seed of a command: the SHA-512 of the salt and the stripped command, as a
/// big-endian number, modulo 2^31 (its last 31 bits).
pub fn seed(salt: &str, command: &str) -> u32 {
    let digest = Sha512::digest(format!("{salt}{}", command.trim()).as_bytes());
    let last: [u8; 4] = digest[60..64].try_into().expect("64 bytes");
    u32::from_be_bytes(last) & 0x7fff_ffff
}

/// `word` with `{seed}` and `{seed:N}` replaced by `seed`.
fn replace_seed(word: &str, seed: u32) -> String {
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

/// A case's input and answer as they are generated (`None`: no answer is generated).
pub struct Generated {
    pub input: Vec<u8>,
    pub answer: Option<Vec<u8>>,
}

/// The limits generators and the solution run under: the jury's (`runner`'s), their output
/// (a test's file) as large as a test stonejudge judges may be.
fn limits(runner: &Runner) -> Limits {
    Limits {
        output: MAX_TEST_BYTES,
        ..runner.jury().of_data()
    }
}

/// The program at `path` (from the root) of the package: a file or a directory of a language
/// stonejudge runs.
fn program(package: &Package, path: &Path) -> Result<PackageProgram, String> {
    let full = package.root.join(path);
    let parent = full.parent().unwrap_or(&package.root);
    programs_in(&package.root, parent, false)
        .map_err(|e| e.0)?
        .into_iter()
        .find(|p| p.path == full)
        .ok_or_else(|| format!("{}: no such program", full.display()))
}

/// Runs `program` (a path from the root) with `args` on `stdin`; its standard output.
fn run(
    package: &Package,
    path: &Path,
    submission: bool,
    args: &[String],
    stdin: Stdin<'_>,
    runner: &Runner,
    cache: &Cache,
) -> Result<Vec<u8>, String> {
    let found = program(package, path)?;
    let prepared = package
        .prepare(&found, submission, runner, cache)
        .map_err(|e| e.to_string())?;
    let run = runner
        .run(
            &prepared.invocation.clone().args(args.iter()),
            stdin,
            &limits(runner),
        )
        .map_err(|e| format!("cannot run {}: {e}", path.display()))?;
    if let Some(why) = beyond_limits(&path.display().to_string(), &run) {
        return Err(format!("{why} ({})", args.join(" ")));
    }
    match run.exit.success() {
        true => Ok(run.stdout),
        false => Err(format!(
            "{} {} failed ({:?}): {}",
            path.display(),
            args.join(" "),
            run.exit,
            String::from_utf8_lossy(&run.stderr).trim()
        )),
    }
}

/// Makes `case` of `package`'s `generators.yaml`.
pub fn generate(
    package: &Package,
    case: &Case,
    runner: &Runner,
    cache: &Cache,
) -> Result<Generated, String> {
    let generators = package.root.join("generators");
    let read = |path: &Path| {
        std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let (input, mut answer) = match &case.source {
        Source::Generate { program, args } => {
            let path = Path::new("generators").join(program);
            let input = run(package, &path, false, args, Stdin::Empty, runner, cache)?;
            (input, None)
        }
        Source::Copy(path) => {
            let base = generators.join(path);
            let written = path.display().to_string();
            crate::within::named_inside(&package.root, &base.with_extension("in"), &written)
                .map_err(|why| format!("generators/generators.yaml: copy: {why}"))?;
            let input = read(&base.with_extension("in"))?;
            let answer = base.with_extension("ans");
            (input, answer.is_file().then(|| read(&answer)).transpose()?)
        }
        Source::Inline(text) => (text.clone().into_bytes(), None),
    };
    if let Some(text) = &case.answer {
        answer = Some(text.clone().into_bytes());
    }
    if answer.is_none() {
        if let Some(solution) = &case.solution {
            let path = Path::new(solution.trim_start_matches('/'));
            let args: Vec<String> = Vec::new();
            answer = Some(run(
                package,
                path,
                true,
                &args,
                Stdin::Bytes(&input),
                runner,
                cache,
            )?);
        }
    }
    Ok(Generated { input, answer })
}

/// What is wrong with the committed group files under `data` that `found` gives: each must
/// hold the same YAML value.
pub fn group_file_differences(data: &Path, found: &Generators) -> Vec<String> {
    let mut wrong = Vec::new();
    for (name, given) in &found.group_files {
        let path = data.join(name);
        let committed = std::fs::read_to_string(&path)
            .map_err(|_| "is not committed".to_string())
            .and_then(|text| parse_yaml::<Value>(&path, &text).map_err(|e| e.0));
        match committed {
            Ok(value) if value == *given => {}
            Ok(_) => wrong.push(format!(
                "{}: differs from what {GENERATORS_YAML} gives",
                path.display()
            )),
            Err(e) => wrong.push(format!("{}: {e}", path.display())),
        }
    }
    wrong
}

/// The inputs committed under `data/sample` and `data/secret` (under `data`): the cases of
/// `generators.yaml` must name each.
pub fn committed_inputs(data: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for top in ["sample", "secret"] {
        found.extend(
            walkdir::WalkDir::new(data.join(top))
                .sort_by_file_name()
                .into_iter()
                .filter_map(Result::ok)
                .map(|entry| entry.into_path())
                .filter(|path| path.extension().is_some_and(|e| e == "in")),
        );
    }
    found
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
        assert_eq!(seed("", "  gen.py 5 {seed} "), 1_561_539_053);
    }
}
