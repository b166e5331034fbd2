//! Running a Kattis package's `generators.yaml` (read by `crate::package::generators`): every
//! case's files made as `bt generate` makes them, written into a directory that plays the
//! part of `data/` (a scratch directory, or `testdata`'s staging directory), never into the
//! package. Its programs are built as the package's others are ([`build`]).
//!
//! A case's files are gathered in memory first (a generator's standard output is its `.in`;
//! then the `copy:` files; then the files written in `generators.yaml`; then the `.ans` from
//! the solution when no rule wrote one), then written; links (`{link: in}`, included cases)
//! are relative symbolic links, as `bt` makes them.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use super::build::{build, Role};
use crate::package::generators::{
    replace_seed, Answer, Command, GeneratedCase, Generators, Recipe, Rule, Written,
    GENERATORS_YAML, TEXT_FILES,
};
use crate::package::{programs_in, Package, PackageProgram, ProgramKind};
use crate::readers::kattis;
use crate::run::jury::beyond_limits;
use crate::run::{Cache, Limits, Program, Runner, ScratchDir, Stdin};
use crate::verdict::Verdict;
use crate::within::MAX_TEST_BYTES;

/// The extensions of a case's files that `bt` keeps: its text files and a visualizer's
/// images.
fn kept() -> impl Iterator<Item = &'static str> {
    TEXT_FILES.into_iter().chain(["png", "jpg", "svg", "pdf"])
}

/// The top directories whose cases get no `.ans` from a solution.
const NO_SOLUTION: [&str; 6] = [
    "invalid_input",
    "invalid_answer",
    "invalid_output",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

/// Why a case, or the whole data, could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MakeError {
    /// Whose fault: the package's (a generator crashed: exit 1), or not (a compiler missing
    /// here, something stonejudge does not do: exit 2).
    pub package_at_fault: bool,
    pub message: String,
}

impl MakeError {
    fn package(message: impl Into<String>) -> MakeError {
        MakeError {
            package_at_fault: true,
            message: message.into(),
        }
    }

    fn here(message: impl Into<String>) -> MakeError {
        MakeError {
            package_at_fault: false,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for MakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// What [`make`] made.
#[derive(Debug, Default)]
pub struct MadeData {
    /// How many cases were made.
    pub cases: usize,
    /// Each case that could not be made: `case: why`.
    pub errors: Vec<MakeError>,
}

/// One file of a case, before it is written.
enum Content {
    Bytes(Vec<u8>),
    /// A relative symbolic link to this path.
    Link(PathBuf),
}

/// Makes every case of `found` (the `generators.yaml` of `package`) into `into` (an empty
/// directory playing `data/`): its directories, their `test_group.yaml`, each case's
/// files. A case that cannot be made is in [`MadeData::errors`], and the others are made;
/// `Err` when nothing could be (`into` cannot be written).
pub fn make(
    package: &Package,
    found: &Generators,
    into: &Path,
    runner: &Runner,
    cache: &Cache,
) -> Result<MadeData, MakeError> {
    let write_error = |path: &Path, e: std::io::Error| {
        MakeError::here(format!("cannot write {}: {e}", path.display()))
    };
    for directory in &found.directories {
        let dir = into.join(&directory.path);
        std::fs::create_dir_all(&dir).map_err(|e| write_error(&dir, e))?;
        if let Some((file, text)) = &directory.group_yaml {
            std::fs::write(dir.join(file), text).map_err(|e| write_error(&dir.join(file), e))?;
        }
    }
    let mut maker = Maker {
        package,
        found,
        runner,
        cache,
        programs: HashMap::new(),
        scratch: None,
    };
    let mut made = MadeData::default();
    let mut failed: Vec<&str> = Vec::new();
    // The first case of each rule: a case whose rule is the same (`count:` without `{seed}`
    // or `{count}`) is linked to it, as `bt` links it.
    let mut first_of: HashMap<String, &str> = HashMap::new();
    for case in &found.cases {
        let files = match &case.rule {
            Rule::Own(recipe) => match first_of.get(&identity(recipe)) {
                Some(first) => included(into, &case.name, first),
                None => {
                    first_of.insert(identity(recipe), &case.name);
                    maker.case(case, recipe)
                }
            },
            Rule::Included(target) => match failed.contains(&target.as_str()) {
                true => Err(MakeError::package(format!(
                    "the case it includes, {target}, was not made"
                ))),
                false => included(into, &case.name, target),
            },
        };
        let written = files.and_then(|files| {
            for (extension, content) in files {
                let path = into.join(format!("{}.{extension}", case.name));
                let result = match content {
                    Content::Bytes(bytes) => std::fs::write(&path, bytes),
                    Content::Link(target) => std::os::unix::fs::symlink(target, &path),
                };
                result.map_err(|e| write_error(&path, e))?;
            }
            Ok(())
        });
        match written {
            Ok(()) => made.cases += 1,
            Err(error) => {
                failed.push(&case.name);
                made.errors.push(MakeError {
                    message: format!("{}: {}", case.name, error.message),
                    ..error
                });
            }
        }
    }
    Ok(made)
}

/// What makes two rules the same for `bt`: the command run (its seed in place), the copy and
/// the files written.
fn identity(recipe: &Recipe) -> String {
    let command = (recipe.generate.as_ref()).map(|c| {
        let args: Vec<String> = (c.args.iter()).map(|a| replace_seed(a, c.seed)).collect();
        (c.program.clone(), args)
    });
    format!("{command:?} {:?} {:?}", recipe.copy, recipe.written)
}

/// The files of the case `name` that includes the case `target` (both under `into`): links
/// to each of its files.
fn included(into: &Path, name: &str, target: &str) -> Result<Vec<(String, Content)>, MakeError> {
    let from: Vec<&str> = name.split('/').collect();
    let to: Vec<&str> = target.split('/').collect();
    let (from, to) = (&from[..from.len() - 1], &to[..to.len() - 1]);
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    // The shortest relative path, as `bt` links.
    let mut relative = "../".repeat(from.len() - common);
    to[common..]
        .iter()
        .for_each(|dir| relative.push_str(&format!("{dir}/")));
    let leaf = target.rsplit('/').next().unwrap_or(target);
    let files: Vec<(String, Content)> = kept()
        .filter(|extension| into.join(format!("{target}.{extension}")).exists())
        .map(|extension| {
            let link = PathBuf::from(format!("{relative}{leaf}.{extension}"));
            (extension.to_string(), Content::Link(link))
        })
        .collect();
    for needed in ["in", "ans"] {
        if !files.iter().any(|(extension, _)| extension == needed) {
            return Err(MakeError::package(format!(
                "{target}.{needed} was not made"
            )));
        }
    }
    Ok(files)
}

struct Maker<'a> {
    package: &'a Package,
    found: &'a Generators,
    runner: &'a Runner,
    cache: &'a Cache,
    /// Programs built, by their path from the package root.
    programs: HashMap<String, Result<Program, MakeError>>,
    /// Where programs of the `generators:` map are put together.
    scratch: Option<ScratchDir>,
}

impl Maker<'_> {
    /// The files of `case`, made by `recipe`.
    fn case(
        &mut self,
        case: &GeneratedCase,
        recipe: &Recipe,
    ) -> Result<Vec<(String, Content)>, MakeError> {
        let mut files: BTreeMap<String, Content> = BTreeMap::new();
        if let Some(command) = &recipe.generate {
            files.insert(
                "in".into(),
                Content::Bytes(self.generate(command, recipe.retries)?),
            );
        }
        if let Some(copy) = &recipe.copy {
            let base = self.package.root.join(copy);
            let written = copy
                .strip_prefix("generators")
                .unwrap_or(copy)
                .display()
                .to_string();
            let input = PathBuf::from(format!("{}.in", base.display()));
            crate::within::named_inside(&self.package.root, &input, &written)
                .map_err(|why| MakeError::package(format!("{}: copy: {why}", GENERATORS_YAML)))?;
            for extension in kept() {
                let path = PathBuf::from(format!("{}.{extension}", base.display()));
                if path.is_file() {
                    let bytes = std::fs::read(&path).map_err(|e| {
                        MakeError::package(format!("cannot read {}: {e}", path.display()))
                    })?;
                    files.insert(extension.into(), Content::Bytes(bytes));
                }
            }
        }
        let leaf = case.name.rsplit('/').next().unwrap_or_default();
        for (extension, written) in &recipe.written {
            let content = match written {
                Written::Text(text) => Content::Bytes(text.clone().into_bytes()),
                Written::Link(target) => Content::Link(format!("{leaf}.{target}").into()),
            };
            files.insert(extension.clone(), content);
        }
        let has =
            |files: &BTreeMap<String, Content>, extension: &str| files.contains_key(extension);
        let sample = case.top() == "sample";
        let has_input = has(&files, "in")
            || sample
                && (has(&files, "in.statement") || has(&files, "interaction"))
                && has(&files, "in.download");
        if !has_input {
            return Err(MakeError::package("no .in was made"));
        }
        if !has(&files, "ans") && !NO_SOLUTION.contains(&case.top()) {
            let answer = match self.package.is_interactive() || self.package.is_multi_pass() {
                true => Vec::new(),
                false => {
                    let Some(Content::Bytes(input)) = files.get("in") else {
                        return Err(MakeError::package("no .in for the solution to read"));
                    };
                    let input = input.clone();
                    self.answer(&case.answer, &input)?
                }
            };
            files.insert("ans".into(), Content::Bytes(answer));
        }
        Ok(files.into_iter().collect())
    }

    /// The `.in` `command` makes: its standard output, tried `retries` times with the seed
    /// one more each time.
    fn generate(&mut self, command: &Command, retries: u32) -> Result<Vec<u8>, MakeError> {
        let mut last = None;
        for retry in 0..retries {
            let seed = (command.seed + retry) & 0x7fff_ffff;
            let args: Vec<String> = (command.args.iter())
                .map(|arg| replace_seed(arg, seed))
                .collect();
            let shown = format!("`{} {}`", command.program, args.join(" "));
            match self.run(&command.program, false, &args, Stdin::Empty) {
                Ok(output) if output.is_empty() => {
                    return Err(MakeError::here(format!(
                        "{shown} wrote nothing on its standard output (stonejudge takes a \
                         generator's .in from it: a generator writing testcase.in itself is \
                         not supported)"
                    )))
                }
                Ok(output) => return Ok(output),
                Err(error) if !error.package_at_fault => return Err(error),
                Err(error) => {
                    last = Some(MakeError::package(format!("{shown}: {}", error.message)))
                }
            }
        }
        Err(last.unwrap_or_else(|| MakeError::package("`retries` is 0")))
    }

    /// The `.ans` of `input`, made as `answer` says.
    fn answer(&mut self, answer: &Answer, input: &[u8]) -> Result<Vec<u8>, MakeError> {
        let solution = match answer {
            Answer::Solution(path) => path.clone(),
            Answer::Nothing => {
                return Err(MakeError::package(
                    "no .ans was made and `solution:` is empty (bt stops here too)",
                ))
            }
            Answer::Default => self.default_solution()?,
        };
        self.run(&solution, true, &[], Stdin::Bytes(input))
            .map_err(|error| MakeError {
                message: format!("the solution `{solution}`: {}", error.message),
                ..error
            })
    }

    /// The solution when `generators.yaml` names none: the first accepted submission.
    fn default_solution(&self) -> Result<String, MakeError> {
        let submissions = self
            .package
            .submissions()
            .map_err(|e| MakeError::package(e.0))?;
        let first = submissions.iter().find(|s| s.folder == "accepted");
        let path = first.and_then(|s| s.program.path.strip_prefix(&self.package.root).ok());
        path.map(|p| p.display().to_string()).ok_or_else(|| {
            MakeError::package("no `solution:` in generators.yaml and no accepted submission")
        })
    }

    /// Runs the program at `path` (from the package root; a submission's when `submission`)
    /// with `args` on `stdin`: its standard output.
    fn run(
        &mut self,
        path: &str,
        submission: bool,
        args: &[String],
        stdin: Stdin<'_>,
    ) -> Result<Vec<u8>, MakeError> {
        if !self.programs.contains_key(path) {
            let built = self.build(path, submission);
            self.programs.insert(path.to_string(), built);
        }
        let program = self.programs[path].as_ref().map_err(Clone::clone)?;
        let limits = Limits {
            output: MAX_TEST_BYTES,
            ..self.runner.jury().of_data()
        };
        let invocation = program.invocation.clone().args(args.iter());
        let run = (self.runner.run(&invocation, stdin, &limits))
            .map_err(|e| MakeError::here(format!("cannot run {path}: {e}")))?;
        if let Some(why) = beyond_limits(path, &run) {
            return Err(MakeError::package(why));
        }
        match run.exit.success() {
            true => Ok(run.stdout),
            false => Err(MakeError::package(format!(
                "failed ({:?}): {}",
                run.exit,
                String::from_utf8_lossy(&run.stderr).trim()
            ))),
        }
    }

    /// The program at `path` built: a file or directory of the package, or a program of the
    /// `generators:` map put together from its files.
    fn build(&mut self, path: &str, submission: bool) -> Result<Program, MakeError> {
        let program = match self.found.programs.get(path) {
            Some(files) => self.put_together(path, files)?,
            None => {
                let full = self.package.root.join(path);
                let parent = full.parent().unwrap_or(&self.package.root);
                let found = programs_in(&self.package.root, parent, false)
                    .map_err(|e| MakeError::package(e.0))?
                    .into_iter()
                    .find(|p| p.path == full);
                found.ok_or_else(|| MakeError::package(format!("{path}: no such program")))?
            }
        };
        if let ProgramKind::Unsupported(why) = &program.kind {
            return Err(MakeError::here(format!("{path}: {why}")));
        }
        let role = match submission {
            true => Role::Submission,
            false => Role::Jury,
        };
        let (file, building) = (kattis::file(&program), kattis::building(self.package));
        build(&file, role, &building, &[], self.runner, self.cache).map_err(|e| MakeError {
            // A compile error is the package's; a missing compiler is this machine's.
            package_at_fault: e.verdict == Verdict::CE,
            message: format!("{path}: {}", e.message),
        })
    }

    /// The program `name` of the `generators:` map: its files copied into a directory of
    /// their own, the first its entry point.
    fn put_together(&mut self, name: &str, files: &[String]) -> Result<PackageProgram, MakeError> {
        if self.scratch.is_none() {
            self.scratch = Some(ScratchDir::new("generators").map_err(MakeError::here)?);
        }
        let scratch = self.scratch.as_ref().expect("made above");
        let leaf = name.rsplit('/').next().unwrap_or(name);
        let dir = scratch.path().join(leaf);
        let generators = self.package.root.join("generators");
        for file in files {
            let from = generators.join(file);
            crate::within::named_inside(&self.package.root, &from, file)
                .map_err(|why| MakeError::package(format!("generators.{leaf}: {why}")))?;
            let to = dir.join(file);
            let copied = (to.parent().map_or(Ok(()), std::fs::create_dir_all))
                .and_then(|()| std::fs::copy(&from, &to));
            copied.map_err(|e| {
                MakeError::package(format!(
                    "generators.{leaf}: cannot copy {}: {e}",
                    from.display()
                ))
            })?;
        }
        Ok(PackageProgram {
            path: dir,
            kind: ProgramKind::Directory,
            entrypoint: files.first().cloned(),
            language: None,
        })
    }
}

/// A package with the test data its `generators.yaml` made, in a scratch directory removed
/// when this is dropped (and when the judge is interrupted).
#[derive(Debug)]
pub struct MadeForJudging {
    /// The package, its data read from the scratch directory ([`Package::with_data`]).
    pub package: Package,
    /// How many cases were made.
    pub cases: usize,
    _scratch: ScratchDir,
}

/// Whether `package` is judged on data its `generators.yaml` makes: it has one, and `data/`
/// is not committed or lacks an input it names.
pub fn needs_making(package: &Package) -> bool {
    let Some(found) = &package.generators else {
        return false;
    };
    let data = package.root.join("data");
    !data.is_dir()
        || (found.cases.iter()).any(|case| !data.join(format!("{}.in", case.name)).is_file())
}

/// `package` made ready to judge: when [`needs_making`], its data made into a scratch
/// directory and read from there; else `None` (its committed `data/` is judged). Every case
/// that cannot be made is an error, naming the case and the command.
pub fn made_for_judging(
    package: &Package,
    runner: &Runner,
    cache: &Cache,
) -> Result<Option<MadeForJudging>, MakeError> {
    let Some(found) = package
        .generators
        .as_ref()
        .filter(|_| needs_making(package))
    else {
        return Ok(None);
    };
    let scratch = ScratchDir::new("data").map_err(MakeError::here)?;
    let data = scratch.path().join("data");
    std::fs::create_dir(&data)
        .map_err(|e| MakeError::here(format!("cannot create {}: {e}", data.display())))?;
    let made = make(package, found, &data, runner, cache)?;
    if !made.errors.is_empty() {
        let lines: Vec<String> = made.errors.iter().map(|e| e.message.clone()).collect();
        return Err(MakeError {
            package_at_fault: made.errors.iter().all(|e| e.package_at_fault),
            message: format!(
                "{} cannot make the test data:\n  {}",
                GENERATORS_YAML,
                lines.join("\n  ")
            ),
        });
    }
    Ok(Some(MadeForJudging {
        package: package.clone().with_data(data),
        cases: made.cases,
        _scratch: scratch,
    }))
}
