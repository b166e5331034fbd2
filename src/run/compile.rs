//! Compiling sources once, as their language's row says ([`super::language`]): binaries (and a
//! JVM program's directory of classes, a C# assembly) are cached under a name made of a hash of
//! the source bytes, the compiler's identity and its command, so an unchanged source is
//! compiled only the first time, by any process, and a changed compiler builds afresh. Only
//! the judge writes the cache: a compiler writes into a private scratch directory, and the
//! judge copies the result into place ([`super::cached`]). Interpreted languages are only checked for syntax; what is built says how it
//! runs ([`Built`]: the runtime, its arguments, what it reads).
//!
//! Compilers (and syntax checks) are confined like the programs they build (see
//! [`super::confine`]): they read the system's directories, their own toolchain's installation
//! (see [`super::toolchain`]) and the program's own files, and write only the scratch
//! directory; a source that reaches for anything else (the tests' answers by absolute path,
//! through `#include`, `.incbin` or `include_str!`) fails to compile with the compiler's
//! message. Their CPU time, wall-clock time and memory are limited ([`CompileLimits`]), and a
//! compiler that runs away is a compile error that names the limit.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::cached;
use super::language::{Language, Toolchain, JVM_COMPILER_HEAP, JVM_FLAGS};
use super::limits::TOOL_FILE_BYTES;
use super::outcome::mebibytes;
use super::process::ManagedHeap;
use super::program::{find_in_path, PrepareError};
use super::toolchain::{installation, Probe, ResolvedTool};
use super::{fnv1a_128, Invocation, Limits, Run, Runner, ScratchDir, Stdin};

/// The limits of one compile: CPU time (the wall-clock limit is twice that plus a second) and
/// memory (all of the compiler's processes together, in its memory cgroup where there is one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompileLimits {
    pub cpu: Duration,
    pub memory_bytes: u64,
}

impl Default for CompileLimits {
    /// 60 s of CPU time (twice DOMjudge's `script_timelimit`, which is wall-clock time) and
    /// 2 GiB (DOMjudge's `script_memory_limit`): far above what a contest program needs (g++
    /// took 1 s and 48 MiB for a small solution here, rustc 1.3 s and 126 MiB, the largest
    /// process's peak), and a bound on what a hostile one takes.
    fn default() -> CompileLimits {
        CompileLimits {
            cpu: Duration::from_secs(60),
            memory_bytes: 2 << 30,
        }
    }
}

impl CompileLimits {
    /// A compile's run limits: its files (the binary, by-products) of up to
    /// [`TOOL_FILE_BYTES`], each and all together.
    fn limits(self) -> Limits {
        Limits {
            files: Some(TOOL_FILE_BYTES),
            ..Limits::new(self.cpu, self.memory_bytes)
        }
    }
}

/// Placeholders in compiler command templates (see [`Toolchain`]).
const OUT: &str = "{out}";
const SRC: &str = "{src}";
const MAIN: &str = "{main}";
const TMP: &str = "{tmp}";

/// What building a source gave: the executable to run and the arguments that come before the
/// user's (a JVM's flags and main class, an interpreter's script), the files and directories
/// a confined run of it must be able to read (an interpreter's installation when it is
/// outside the system's directories, the classes of a JVM program), and how its runtime is
/// told the memory limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    pub executable: PathBuf,
    pub args: Vec<OsString>,
    pub reads: Vec<PathBuf>,
    pub heap: Option<ManagedHeap>,
}

impl Built {
    fn binary(executable: PathBuf, language: Language) -> Built {
        Built {
            executable,
            args: Vec::new(),
            reads: Vec::new(),
            heap: language.row().heap,
        }
    }

    /// The interpreter that checked a Python program's syntax, from what it printed (its
    /// executable, then its installation's directories), or `tool` when it printed nothing
    /// usable.
    fn python(tool: PathBuf, said: &[u8], language: Language) -> Built {
        let said = String::from_utf8_lossy(said);
        let mut lines = said.lines().map(PathBuf::from).filter(|p| p.is_absolute());
        let Some(executable) = lines.next() else {
            return Built::interpreter(tool, language);
        };
        let mut reads: Vec<PathBuf> = lines.collect();
        reads.dedup();
        Built {
            executable,
            args: Vec::new(),
            reads,
            heap: language.row().heap,
        }
    }

    /// An interpreter found in `PATH`, with its installation readable (the directory above
    /// its `bin/`, after symbolic links: a `node` or `perl` installed under a home directory).
    fn interpreter(tool: PathBuf, language: Language) -> Built {
        let mut built = Built::binary(tool.clone(), language);
        built.reads.extend(installation(&tool));
        built
    }

    /// The invocation that runs it, with the user's `args`.
    pub fn invocation(self, args: &[OsString]) -> Invocation {
        let mut invocation = Invocation::new(self.executable)
            .args(self.args)
            .args(args.iter().cloned());
        invocation.reads.extend(self.reads);
        invocation.heap = self.heap;
        invocation
    }
}

/// The directory of compiled binaries, the limits of the compiles that fill it, and which
/// Python runs Python 3 programs.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
    limits: CompileLimits,
    /// What runs a Python 3 program whose first line names no interpreter
    /// ([`Language::run_as`]): CPython unless told.
    python3: Language,
    /// Macros a C or C++ compile defines (`-DNAME`), besides its language's flags
    /// ([`Cache::defining`]).
    defines: Vec<String>,
    /// Folders a C or C++ compile looks up `#include "…"` in (`-IDIR`), besides the source's
    /// own ([`Cache::including`]).
    includes: Vec<PathBuf>,
}

impl Cache {
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache {
            dir: dir.into(),
            limits: CompileLimits::default(),
            python3: Language::Python3,
            defines: Vec::new(),
            includes: Vec::new(),
        }
    }

    /// The same cache, its C and C++ compiles defining the macro `name` (`-Dname`), as
    /// sinol-make compiles ingen with `_INGEN` and inwer with `_INWER`; part of the key.
    pub fn defining(mut self, name: &str) -> Cache {
        self.defines.push(name.to_string());
        self
    }

    /// The same cache, its C and C++ compiles looking up `#include "…"` in `dirs` too
    /// (`-IDIR`, absolute), as Polygon compiles a package's programs with `files/`; part of
    /// the key. The compiler must also be let read them (`build_all`'s `reads`).
    pub fn including(mut self, dirs: &[PathBuf]) -> Cache {
        self.includes.extend(dirs.iter().map(|dir| absolute(dir)));
        self
    }

    /// The same cache, its compiles under `limits`.
    pub fn with_limits(self, limits: CompileLimits) -> Cache {
        Cache { limits, ..self }
    }

    /// The same cache, its Python 3 programs run with `python3` ([`Language::PyPy3`] for a
    /// problem that runs them with PyPy) where their first line names no interpreter and it
    /// is installed ([`Language::run_as`]).
    pub fn running_python3_with(self, python3: Language) -> Cache {
        Cache { python3, ..self }
    }

    /// `$STONEJUDGE_CACHE`, else `$XDG_CACHE_HOME/stonejudge`, else `~/.cache/stonejudge`.
    pub fn default_location() -> Result<Cache, PrepareError> {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let dir = if let Some(dir) = var("STONEJUDGE_CACHE") {
            PathBuf::from(dir)
        } else if let Some(xdg) = var("XDG_CACHE_HOME") {
            Path::new(&xdg).join("stonejudge")
        } else if let Some(home) = var("HOME") {
            Path::new(&home).join(".cache").join("stonejudge")
        } else {
            return Err(PrepareError::judge(
                "no cache directory for compiled programs: set STONEJUDGE_CACHE or HOME",
            ));
        };
        Ok(Cache::new(dir))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The compiled program of `source` (compiling it unless cached), or the compiler's
    /// message as a compile error. For an interpreted language, checks the syntax and returns
    /// the interpreter. The compiler reads the source file and nothing else of its folder.
    pub fn build(
        &self,
        runner: &Runner,
        language: Language,
        source: &Path,
    ) -> Result<Built, PrepareError> {
        self.build_all(runner, language, &[source.to_owned()], source, None, &[])
    }

    /// Like [`Cache::build`], for a program of several files (a directory of sources, as a
    /// Kattis package's submissions may be): compilers get every file of `sources` (Rust only
    /// `main`, which finds its modules itself); an interpreter checks and runs `main`. For the
    /// JVM, `entrypoint` names the main class (else see [`main_class`]). Every file is part of
    /// the cache key, so a change in any of them rebuilds. The compiler may read `sources` and
    /// what is beneath `reads` (the program's folder, for its headers and modules; include
    /// files), and nothing else but its toolchain and the system's. A Python 3 program is
    /// built for the Python this cache runs it with ([`Cache::running_python3_with`]).
    pub fn build_all(
        &self,
        runner: &Runner,
        language: Language,
        sources: &[PathBuf],
        main: &Path,
        entrypoint: Option<&str>,
        reads: &[PathBuf],
    ) -> Result<Built, PrepareError> {
        let language = language.run_as(self.python3, main);
        let mut contents = Vec::with_capacity(sources.len());
        for source in sources {
            contents.push(std::fs::read(source).map_err(|e| {
                PrepareError::judge(format!("cannot read the source {}: {e}", source.display()))
            })?);
        }
        if let Some(tool) = language.missing_tool() {
            return Err(PrepareError::judge(format!(
                "{tool} is not installed (not found in PATH); it is needed for {} ({})",
                main.display(),
                language.row().name
            )));
        }
        let tool_path = find_in_path(language.tool()).expect("checked above");
        let tool = ResolvedTool::of(runner, &tool_path, probe(language))?;
        let shown = main;
        let main = absolute(main);
        // A confined compiler runs in its scratch directory, and its rules name absolute paths.
        let sources: Vec<PathBuf> = sources.iter().map(|s| absolute(s)).collect();
        let sources = sources.as_slice();
        let compiler = Compiler {
            tool: &tool,
            sources,
            reads: (reads.iter().map(|r| absolute(r)))
                .chain(language.compiler_reads().iter().map(PathBuf::from))
                .collect(),
        };
        let (template, static_flags): (&[&str], &[&str]) = match language.row().toolchain {
            Toolchain::Script {
                check,
                run,
                check_runs_code,
                ..
            } => {
                // Confined like every compile; `check_runs_code` (Perl's `BEGIN` blocks) needs
                // nothing more, since a check reads no more than the program may.
                let _ = check_runs_code;
                let invocation = compiler.invocation(fill(check, sources, &main, None, None));
                let run_check = self.run_compiler(runner, &invocation)?;
                self.compile_verdict(&run_check, &invocation, shown)?;
                let mut built = match language.is_python() {
                    true => Built::python(tool.executable.clone(), &run_check.stdout, language),
                    false => Built::interpreter(tool.executable.clone(), language),
                };
                built.args.extend(run.iter().map(OsString::from));
                built.args.push(main.clone().into_os_string());
                built.reads.push(main);
                return Ok(built);
            }
            Toolchain::Native {
                args, static_flags, ..
            } => (args, static_flags),
            Toolchain::Jvm { args, .. } | Toolchain::Mono { args, .. } => (args, &[]),
        };
        // A binary built unconfined (--sandbox off, or no Landlock) may hold what a confined
        // compiler could not have read: never served to a confined judge.
        let files_confined = runner.protections().is_ok_and(|p| p.files.is_some());
        let confinement: &[u8] = match files_confined {
            true => b"files confined",
            false => b"unconfined",
        };
        let defines = self.own_flags(language);
        let mut key_parts: Vec<&[u8]> = vec![b"stonejudge-build-3", &tool.identity, confinement];
        key_parts.extend(template.iter().chain(static_flags).map(|w| w.as_bytes()));
        key_parts.extend(defines.iter().map(String::as_bytes));
        // One source keeps the key it always had; several add their file names, which
        // `#include` and `mod` depend on, as does the class a JVM language compiles a file into
        // (`sol.kt` → `SolKt`).
        let named = sources.len() > 1 || matches!(language.row().toolchain, Toolchain::Jvm { .. });
        let names: Vec<String> = sources
            .iter()
            .map(|s| {
                s.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        for (name, bytes) in names.iter().zip(&contents) {
            if named {
                key_parts.push(name.as_bytes());
            }
            key_parts.push(bytes);
        }
        // What the compiler may read beside the sources (a folder's headers, a package's
        // included files) is part of the program too: a header added or changed rebuilds.
        let beside = files_beneath(reads, sources)?;
        for (name, bytes) in &beside {
            key_parts.push(name.as_encoded_bytes());
            key_parts.push(bytes);
        }
        let target = self.dir.join(format!("{:032x}", fnv1a_128(&key_parts)));
        if !target.exists() {
            let template = (template, static_flags);
            self.compile(
                runner,
                language,
                &compiler,
                template,
                (&main, shown),
                &target,
            )?;
        }
        match language.row().toolchain {
            Toolchain::Jvm { .. } => jvm_program(language, &target, sources, shown, entrypoint),
            Toolchain::Mono { .. } => {
                let mono = find_in_path("mono").expect("checked above");
                let mut built = Built::interpreter(mono, language);
                built.args.push(target.clone().into_os_string());
                built.reads.push(target);
                Ok(built)
            }
            _ => Ok(Built::binary(target, language)),
        }
    }

    /// The `-D` and `-I` flags of [`Cache::defining`] and [`Cache::including`] for a compile
    /// in `language` (C and C++ only).
    fn own_flags(&self, language: Language) -> Vec<String> {
        match language {
            Language::C | Language::Cpp => (self.defines.iter().map(|d| format!("-D{d}")))
                .chain(self.includes.iter().map(|i| format!("-I{}", i.display())))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Compiles the sources with `compiler` into a scratch directory and renames what it wrote
    /// (a file, or the JVM's directory of classes) to `target`.
    fn compile(
        &self,
        runner: &Runner,
        language: Language,
        compiler: &Compiler,
        (template, static_flags): (&[&str], &[&str]),
        (main, shown): (&Path, &Path),
        target: &Path,
    ) -> Result<(), PrepareError> {
        let sources = compiler.sources;
        let scratch_dir = self.scratch_dir()?;
        let scratch = scratch_dir.path();
        let out = scratch.join("program");
        let by_products = scratch.join("tmp");
        let made = [&by_products]
            .into_iter()
            .chain(matches!(language.row().toolchain, Toolchain::Jvm { .. }).then_some(&out))
            .try_for_each(std::fs::create_dir);
        // ocamlopt writes its by-products beside the sources, which may be read-only and are
        // not ours to write: it compiles copies, in the scratch directory.
        let copies: Vec<PathBuf> = match language {
            Language::OCaml => sources
                .iter()
                .map(|s| by_products.join(s.file_name().unwrap_or_default()))
                .collect(),
            _ => Vec::new(),
        };
        let made = made.and_then(|()| {
            sources
                .iter()
                .zip(&copies)
                .try_for_each(|(source, copy)| std::fs::copy(source, copy).map(drop))
        });
        let (sources, main) = match copies.iter().find(|c| c.file_name() == main.file_name()) {
            Some(main) => (copies.as_slice(), main.as_path()),
            None => (sources, main),
        };
        let mut invocation = compiler
            .invocation(fill(
                template,
                sources,
                main,
                Some(&out),
                Some(&by_products),
            ))
            .args(self.own_flags(language))
            .writes(scratch);
        invocation.reads.extend(copies.iter().cloned());
        match language.row().toolchain {
            // Go keeps its build cache under the home directory, which may be missing and is
            // not the compiler's to write: a cache of its own, in the scratch directory.
            Toolchain::Native { .. } if language == Language::Go => {
                invocation = invocation.env("GOCACHE", by_products.join("go-build"));
            }
            // The JVM a compiler runs on reserves address space by its heap's size.
            Toolchain::Jvm { .. } => invocation.heap = Some(JVM_COMPILER_HEAP),
            _ => {}
        }
        let compiled = made
            .map_err(|e| PrepareError::judge(format!("cannot create {}: {e}", scratch.display())))
            .and_then(|()| self.compile_preferring_static(runner, &invocation, static_flags, shown))
            .and_then(|()| cached::store(&out, target).map_err(PrepareError::judge));
        // The scratch directory only ever holds compiler by-products; it goes when dropped,
        // or when the judge is interrupted.
        drop(scratch_dir);
        compiled
    }

    /// Runs `dynamic` with `static_flags` added, and if that fails (other than at a limit,
    /// which would only repeat), runs it as it is: the failure may be the static libraries'
    /// rather than the program's, and the second run's verdict is the program's.
    fn compile_preferring_static(
        &self,
        runner: &Runner,
        dynamic: &Invocation,
        static_flags: &[&str],
        source: &Path,
    ) -> Result<(), PrepareError> {
        let linked_statically = dynamic.clone().args(static_flags.iter().copied());
        let run = self.run_compiler(runner, &linked_statically)?;
        if run.exit.success() || run.time_limit_hit() || run.memory_limit_hit.is_some() {
            return self.compile_verdict(&run, &linked_statically, source);
        }
        self.compile_verdict(&self.run_compiler(runner, dynamic)?, dynamic, source)
    }

    /// Runs a compiler (or a syntax check) on no input under the compile limits; an `Err` is
    /// a judge error: it could not run.
    pub(super) fn run_compiler(
        &self,
        runner: &Runner,
        invocation: &Invocation,
    ) -> Result<Run, PrepareError> {
        runner
            .run(invocation, Stdin::Empty, &self.limits.limits())
            .map_err(|e| {
                PrepareError::judge(format!("cannot run {}: {e}", invocation.program.display()))
            })
    }

    /// What a compiler's run means: a failure is a compile error with its message, or with
    /// the limit it reached.
    pub(super) fn compile_verdict(
        &self,
        run: &Run,
        invocation: &Invocation,
        source: &Path,
    ) -> Result<(), PrepareError> {
        let compiler = invocation.program.display();
        if run.time_limit_hit() {
            let (what, limit) = match run.cpu_limit_hit {
                true => ("CPU time", run.limits.cpu),
                false => ("wall-clock time", run.limits.wall),
            };
            return Err(PrepareError::compile(format!(
                "compiling {} reached the compile time limit: {compiler} was killed after {} s \
                 of {what} (--compile-time-limit {})",
                source.display(),
                limit.as_secs_f64(),
                self.limits.cpu.as_secs_f64()
            )));
        }
        if run.file_limit_hit() {
            return Err(PrepareError::compile(format!(
                "compiling {} reached the compile file-size limit of {}: {compiler} wrote a \
                 file past it",
                source.display(),
                mebibytes(run.limits.file_bytes())
            )));
        }
        if let Some(reason) = &run.memory_limit_hit {
            return Err(PrepareError::compile(format!(
                "compiling {} reached the compile memory limit {}: {compiler} {reason} \
                 (--compile-memory-limit {})",
                source.display(),
                mebibytes(self.limits.memory_bytes),
                self.limits.memory_bytes >> 20
            )));
        }
        if run.exit.success() {
            return Ok(());
        }
        let said = if run.stderr.is_empty() {
            &run.stdout
        } else {
            &run.stderr
        };
        Err(PrepareError::compile(format!(
            "{} ({compiler}, {}):\n{}",
            source.display(),
            run.exit,
            excerpt(&String::from_utf8_lossy(said), 30, 4000)
        )))
    }

    /// A new, empty directory that no other compilation (in any process) uses, under the
    /// cache's `tmp/`: removed when dropped, and when the judge is interrupted mid-compile
    /// ([`ScratchDir`]).
    pub(super) fn scratch_dir(&self) -> Result<ScratchDir, PrepareError> {
        let parent = self.dir.join("tmp");
        std::fs::create_dir_all(&parent).map_err(|e| {
            PrepareError::judge(format!(
                "cannot create the cache directory {}: {e}",
                parent.display()
            ))
        })?;
        ScratchDir::within(&parent, "compile").map_err(PrepareError::judge)
    }
}

/// A compiler (or syntax check) about to run confined: its resolved tool, the program's
/// sources and what else it may read.
struct Compiler<'a> {
    tool: &'a ResolvedTool,
    sources: &'a [PathBuf],
    reads: Vec<PathBuf>,
}

impl Compiler<'_> {
    /// The confined invocation of the tool with `args`: it reads its installation, the
    /// sources and `reads`, on the compilers' own launch servers.
    fn invocation(&self, args: Vec<OsString>) -> Invocation {
        let mut invocation = Invocation::new(&self.tool.executable).args(args).compiler();
        invocation.reads.extend(self.tool.reads.iter().cloned());
        invocation.reads.extend(self.sources.iter().cloned());
        invocation.reads.extend(self.reads.iter().cloned());
        invocation
    }
}

/// How to find the toolchain of a language's tool.
fn probe(language: Language) -> Probe {
    match language {
        Language::Rust => Probe::Sysroot,
        python if python.is_python() => Probe::Interpreter,
        _ => Probe::Installation,
    }
}

/// `path` made absolute (as it is, if that fails: the compiler then says why it cannot read
/// it).
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

/// The template's words with the word `{src}` replaced by every source, and `{main}` by the
/// main file, `{out}` by the output and `{tmp}` by the scratch directory for by-products
/// wherever they occur (`-out:{out}`).
fn fill(
    template: &[&str],
    sources: &[PathBuf],
    main: &Path,
    out: Option<&Path>,
    tmp: Option<&Path>,
) -> Vec<OsString> {
    let paths = [(MAIN, Some(main)), (OUT, out), (TMP, tmp)];
    template
        .iter()
        .flat_map(|&word| {
            if word == SRC {
                return sources.iter().map(|s| s.as_os_str().to_owned()).collect();
            }
            let Some((placeholder, Some(path))) = paths.iter().find(|(p, _)| word.contains(p))
            else {
                return vec![OsString::from(word)];
            };
            let (before, after) = word.split_once(placeholder).expect("found above");
            let mut filled = OsString::from(before);
            filled.push(path.as_os_str());
            filled.push(after);
            vec![filled]
        })
        .collect()
}

/// A JVM program compiled into `classes`: `java` with [`JVM_FLAGS`], the classes (and
/// Kotlin's standard library) on the class path, and its main class.
fn jvm_program(
    language: Language,
    classes: &Path,
    sources: &[PathBuf],
    main: &Path,
    entrypoint: Option<&str>,
) -> Result<Built, PrepareError> {
    let java = find_in_path("java").expect("checked before building");
    let mut built = Built::interpreter(java, language);
    let mut class_path = vec![classes.to_owned()];
    if language == Language::Kotlin {
        let kotlinc = find_in_path("kotlinc").expect("checked before building");
        let library = installation(&kotlinc).map(|home| home.join("lib"));
        let stdlib = library.as_ref().map(|lib| lib.join("kotlin-stdlib.jar"));
        let Some(stdlib) = stdlib.filter(|jar| jar.is_file()) else {
            return Err(PrepareError::judge(format!(
                "kotlin-stdlib.jar is not installed beside {} (needed to run {})",
                kotlinc.display(),
                main.display()
            )));
        };
        built.reads.extend(library);
        class_path.push(stdlib);
    }
    let class = main_class(language, classes, sources, main, entrypoint)?;
    let class_path = std::env::join_paths(&class_path)
        .map_err(|e| PrepareError::judge(format!("bad class path: {e}")))?;
    built.args.extend(JVM_FLAGS.iter().map(OsString::from));
    built
        .args
        .extend([OsString::from("-cp"), class_path, OsString::from(class)]);
    built.reads.push(classes.to_owned());
    Ok(built)
}

/// Every file beneath the folders `reads` (or a file of `reads` itself) that is not one of
/// `sources`, in name order, with its bytes: what a build may read besides its sources.
fn files_beneath(
    reads: &[PathBuf],
    sources: &[PathBuf],
) -> Result<Vec<(std::ffi::OsString, Vec<u8>)>, PrepareError> {
    let mut found = Vec::new();
    for folder in reads {
        for entry in walkdir::WalkDir::new(folder).sort_by_file_name() {
            let entry = entry.map_err(|e| {
                PrepareError::judge(format!("cannot read {}: {e}", folder.display()))
            })?;
            let path = absolute(entry.path());
            if !entry.file_type().is_file() || sources.contains(&path) {
                continue;
            }
            let bytes = std::fs::read(&path)
                .map_err(|e| PrepareError::judge(format!("cannot read {}: {e}", path.display())))?;
            // Named as under its folder, which may move without changing the program (a file
            // given itself, by its own name).
            let name = match entry.depth() {
                0 => entry.file_name(),
                _ => entry
                    .path()
                    .strip_prefix(folder)
                    .unwrap_or(entry.path())
                    .as_os_str(),
            };
            found.push((name.to_owned(), bytes));
        }
    }
    Ok(found)
}

/// The class that holds `main` among those compiled into `classes`: `entrypoint` when the
/// caller names it; else the class of the main file (Java: its name, `Main.java` → `Main`;
/// Kotlin: its file class, `main.kt` → `MainKt`) when it was compiled; else `Main` (or
/// `MainKt`), the specification's default; else the only top-level class.
fn main_class(
    language: Language,
    classes: &Path,
    sources: &[PathBuf],
    main: &Path,
    entrypoint: Option<&str>,
) -> Result<String, PrepareError> {
    if let Some(class) = entrypoint {
        return Ok(class.to_string());
    }
    let compiled: Vec<String> = std::fs::read_dir(classes)
        .map_err(|e| PrepareError::judge(format!("cannot read {}: {e}", classes.display())))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".class").map(str::to_string))
        .filter(|name| !name.contains('$'))
        .collect();
    let of_file = |file: &Path| {
        let stem = file.file_stem().unwrap_or_default().to_string_lossy();
        match language {
            Language::Kotlin => kotlin_file_class(&stem),
            _ => stem.into_owned(),
        }
    };
    let default = match language {
        Language::Kotlin => "MainKt",
        _ => "Main",
    };
    let only = (compiled.len() == 1).then(|| compiled[0].clone());
    [Some(of_file(main)), Some(default.to_string()), only]
        .into_iter()
        .flatten()
        .find(|class| compiled.contains(class))
        .ok_or_else(|| {
            let names: Vec<String> = sources.iter().map(|s| s.display().to_string()).collect();
            PrepareError::compile(format!(
                "{}: cannot tell which class holds main among {} (compiled: {}); name the main \
                 file Main, or give the entry point",
                main.display(),
                names.join(", "),
                compiled.join(", ")
            ))
        })
}

/// The class Kotlin compiles a file's top-level functions into: `nim_ok.kt` → `Nim_okKt`.
fn kotlin_file_class(stem: &str) -> String {
    let mut chars = stem.chars();
    let first: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    let rest: String = chars
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{first}{rest}Kt")
}

/// The first `lines` lines of `text` (at most `bytes` bytes), noting how many were left out.
fn excerpt(text: &str, lines: usize, bytes: usize) -> String {
    let all: Vec<&str> = text.trim_end().lines().collect();
    let mut kept = String::new();
    let mut shown = 0;
    for line in all.iter().take(lines) {
        if kept.len() + line.len() > bytes {
            break;
        }
        kept.push_str(line);
        kept.push('\n');
        shown += 1;
    }
    if shown < all.len() {
        kept.push_str(&format!("... ({} more lines)\n", all.len() - shown));
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_keeps_the_head_and_counts_the_rest() {
        let text: String = (1..=50).map(|i| format!("line {i}\n")).collect();
        let short = excerpt(&text, 3, 1000);
        assert_eq!(short, "line 1\nline 2\nline 3\n... (47 more lines)\n");
        assert_eq!(excerpt("one\ntwo\n", 30, 1000), "one\ntwo\n");
        assert_eq!(excerpt(&text, 30, 10), "line 1\n... (49 more lines)\n");
    }

    #[test]
    fn templates_fill_in_paths() {
        let Toolchain::Native { args, .. } = Language::Cpp.row().toolchain else {
            panic!("C++ is compiled");
        };
        let sources = [PathBuf::from("s.cpp")];
        let filled = fill(
            args,
            &sources,
            Path::new("s.cpp"),
            Some(Path::new("/t/p")),
            None,
        );
        assert_eq!(filled, ["-O2", "-std=gnu++23", "-o", "/t/p", "s.cpp"]);
        let out = fill(
            &["-out:{out}"],
            &sources,
            Path::new("s.cs"),
            Some(Path::new("/p")),
            None,
        );
        assert_eq!(out, ["-out:/p"]);
    }

    #[test]
    fn kotlin_file_classes() {
        assert_eq!(kotlin_file_class("main"), "MainKt");
        assert_eq!(kotlin_file_class("nim-ok"), "Nim_okKt");
    }
}
