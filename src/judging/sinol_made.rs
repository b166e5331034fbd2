//! A sinol-make package's tests made as `sinol-make gen` makes them, in a scratch folder of
//! the compile cache's `tmp/`, never in the package: most packages commit `prog/` (ingen, the
//! model solution) and only a few tests, and `sinol-make verify` makes the rest before it
//! judges anything.
//!
//! - **inputs** (`in/`): ingen run in an empty `in/` (a compiled ingen there; a shell script
//!   from a copy of `prog/` beside it, so that what it writes next to itself, as
//!   `$(dirname "$0")/../.cache`, stays in the scratch folder), then every committed input it
//!   did not write (`sinol_static_tests`, examples), as they stay in `in/` when sinol-make's
//!   ingen writes over it; without ingen, the committed inputs;
//! - **outputs** (`out/`): the model solution's output on every input, as `outgen` writes a
//!   fresh copy's (where no `.md5sums` says an output was written by hand, every output but
//!   group 0's is its to write); none for an interactive task, which has no `out/`; without
//!   a model solution, the committed ones.
//!
//! The made tests are judged through [`Sinol::with_tests_in`], the package read as if it
//! committed them; the folder goes when [`MadeTests`] is dropped, and when the judge is
//! interrupted ([`ScratchDir`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::build::{build, Role};
use crate::readers::sinol::{building, file};
use crate::run::jury::beyond_limits;
use crate::run::{Cache, Program, Runner, ScratchDir, Stdin};
use crate::sinol::{self, Sinol, SinolTest};

/// The files a folder is to hold: each a name and the file it is copied from.
pub type Files = Vec<(String, PathBuf)>;

/// A package's tests, made in a scratch folder.
pub struct MadeTests {
    /// The scratch folder, holding `in/` and `out/` (and a shell ingen's `prog/`).
    scratch: ScratchDir,
    /// The package, its tests read from the scratch folder.
    pub sinol: Sinol,
    /// The inputs ingen wrote, by file name (`abc1a.in`), in name order.
    pub by_ingen: Vec<String>,
    /// Whether the model solution wrote `out/` (not for an interactive task, nor without a
    /// model solution, whose committed outputs are copied).
    pub outputs: bool,
}

impl MadeTests {
    /// The inputs of `sinol` (ingen's, then the committed ones it did not write), and their
    /// outputs unless `inputs_only` or the task is interactive; the model solution runs on
    /// `jobs` inputs at a time.
    pub fn make(
        sinol: &Sinol,
        inputs_only: bool,
        runner: &Runner,
        cache: &Cache,
        jobs: usize,
    ) -> Result<MadeTests, String> {
        let parent = cache.dir().join("tmp");
        std::fs::create_dir_all(&parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        let scratch = ScratchDir::within(&parent, "sinol-tests")?;
        let root = std::path::absolute(scratch.path())
            .map_err(|e| format!("{}: {e}", scratch.path().display()))?;
        let (inputs, outputs) = (root.join("in"), root.join("out"));
        for dir in [&inputs, &outputs] {
            std::fs::create_dir(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let by_ingen = match sinol.ingen() {
            Some(ingen) => run_ingen(sinol, &ingen, &root, runner, cache)?,
            None => Vec::new(),
        };
        for test in sinol.committed_tests()? {
            let name = format!("{}.in", test.test.name);
            if !by_ingen.contains(&name) {
                copy(&test.test.input, &inputs.join(&name))?;
            }
        }
        let mut made = MadeTests {
            sinol: sinol.with_tests_in(&root),
            scratch,
            by_ingen,
            outputs: false,
        };
        if !inputs_only && sinol.interactor().is_none() {
            match sinol.model() {
                Some(model) => made.write_outputs(&model, runner, cache, jobs)?,
                // Without a model solution the committed outputs are all there is: a test
                // without one is a judge error where it is judged.
                None => made.copy_committed_outputs()?,
            }
        }
        Ok(made)
    }

    /// The scratch folder holding `in/` and `out/`.
    pub fn dir(&self) -> &Path {
        self.scratch.path()
    }

    /// What `sinol-make gen` leaves in the package's `in/` and `out/` (each folder, and its
    /// files: a name and the file it is copied from): what the package had there, every
    /// input and output made written over it, but the outputs of group 0 the package commits
    /// (written by hand: sinol-make keeps them); no `out/` for an interactive task.
    pub fn as_gen_leaves(&self) -> Result<Vec<(PathBuf, Files)>, String> {
        let root = &self.sinol.root;
        let mut folders = vec![("in", files_of(&root.join("in"))?)];
        if self.outputs {
            folders.push(("out", files_of(&root.join("out"))?));
        }
        folders
            .into_iter()
            .map(|(folder, committed)| {
                let mut files: BTreeMap<String, PathBuf> = committed.into_iter().collect();
                for (name, made) in files_of(&self.dir().join(folder))? {
                    let example = || {
                        let stem = name.strip_suffix(".out").unwrap_or(&name);
                        sinol::test_name(&self.sinol.id, stem).is_some_and(|(_, g)| g == 0)
                    };
                    if !(folder == "out" && files.contains_key(&name) && example()) {
                        files.insert(name, made);
                    }
                }
                Ok((root.join(folder), files.into_iter().collect()))
            })
            .collect()
    }

    /// The committed output of every input that has one, into `out/`.
    fn copy_committed_outputs(&self) -> Result<(), String> {
        for test in self.sinol.tests()? {
            let committed = (self.sinol.root.join("out")).join(file_name(&test.test.answer));
            if committed.is_file() {
                copy(&committed, &test.test.answer)?;
            }
        }
        Ok(())
    }

    /// The output of the model solution at `path` on every input, into `out/`.
    fn write_outputs(
        &mut self,
        path: &Path,
        runner: &Runner,
        cache: &Cache,
        jobs: usize,
    ) -> Result<(), String> {
        let sinol = &self.sinol;
        let model = file(path.to_owned());
        let model = build(
            &model,
            Role::Submission,
            &building(sinol),
            &[],
            runner,
            cache,
        )
        .map_err(|e| format!("the model solution {}: {e}", path.display()))?;
        let tests = sinol.tests()?;
        let written = crate::parallel::map(&tests, jobs, |test: &SinolTest| {
            let bytes = model_output(&model, &test.test.input, runner)?;
            std::fs::write(&test.test.answer, bytes)
                .map_err(|e| format!("cannot write {}: {e}", test.test.answer.display()))
        });
        written.into_iter().collect::<Result<(), String>>()?;
        self.outputs = true;
        Ok(())
    }
}

/// Runs ingen with `root/in` as its working directory, where it writes the inputs (it may
/// write anywhere in `root`); the names of the files it wrote there. A shell script runs
/// from a copy of `prog/` in `root`, as sinol-make runs it from `prog/` beside `in/`.
fn run_ingen(
    sinol: &Sinol,
    ingen: &Path,
    root: &Path,
    runner: &Runner,
    cache: &Cache,
) -> Result<Vec<String>, String> {
    let ingen = match ingen.extension().is_some_and(|e| e == "sh") {
        true => {
            let prog = root.join("prog");
            std::fs::create_dir(&prog)
                .map_err(|e| format!("cannot create {}: {e}", prog.display()))?;
            for entry in std::fs::read_dir(sinol.root.join("prog")).map_err(|e| e.to_string())? {
                let path = entry.map_err(|e| e.to_string())?.path();
                if path.is_file() {
                    copy(&path, &prog.join(path.file_name().unwrap_or_default()))?;
                }
            }
            prog.join(ingen.file_name().unwrap_or_default())
        }
        false => ingen.to_owned(),
    };
    let shown = ingen.file_name().unwrap_or_default().to_string_lossy();
    let program = build(
        &file(ingen.clone()),
        Role::Jury,
        &building(sinol),
        &[],
        runner,
        cache,
    )
    .map_err(|e| format!("ingen {shown}: {e}"))?;
    let dir = root.join("in");
    let invocation = program.invocation.clone().writes(root).working_in(&dir);
    let run = runner
        .run(&invocation, Stdin::Empty, &runner.jury().of_data())
        .map_err(|e| format!("ingen {shown}: {e}"))?;
    if let Some(why) = beyond_limits(&format!("ingen {shown}"), &run) {
        return Err(why);
    }
    if let Some((_, why)) = run.verdict_with_stderr() {
        return Err(format!("ingen {shown} failed: {why}"));
    }
    let mut written: Vec<String> = files_of(&dir)?.into_iter().map(|(name, _)| name).collect();
    written.sort();
    Ok(written)
}

/// The model solution's output on the input file `input` (its answer, as `outgen` makes it).
pub fn model_output(model: &Program, input: &Path, runner: &Runner) -> Result<Vec<u8>, String> {
    let run = runner
        .run(
            &model.invocation,
            Stdin::File(input),
            &runner.jury().of_data(),
        )
        .map_err(|e| format!("{}: {e}", model.given.display()))?;
    let what = format!("the model solution {}", model.given.display());
    if let Some(why) = beyond_limits(&what, &run) {
        return Err(format!("{why} on {}", input.display()));
    }
    match run.verdict_with_stderr() {
        None => Ok(run.stdout),
        Some((_, why)) => Err(format!(
            "{} on {}: {why}",
            model.given.display(),
            input.display()
        )),
    }
}

/// The file name of `path`, as text.
fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// The regular files of `dir` (none when there is no `dir`), each by name.
pub fn files_of(dir: &Path) -> Result<Files, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", dir.display())),
    };
    let mut files = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if path.is_file() {
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            files.push((name, path));
        }
    }
    Ok(files)
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}
