//! Compiling sources once, as their language's row says ([`super::language`]): binaries (and a
//! JVM program's directory of classes, a C# assembly) are cached under a name made of a hash of
//! the source bytes and the compiler command, so an unchanged source is compiled only the first
//! time, by any process. Writes are atomic: a compiler writes into a private scratch directory
//! and the result is renamed into place. Interpreted languages are only checked for syntax;
//! what is built says how it runs ([`Built`]: the runtime, its arguments, what it reads).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::language::{Language, Toolchain, JVM_FLAGS};
use super::process::ManagedHeap;
use super::program::{find_in_path, PrepareError};
use super::{fnv1a_128, Invocation, Limits, Run, Runner, Stdin};

/// CPU time a compiler may use (its wall-clock limit is twice that plus a second).
const COMPILE_TIME: Duration = Duration::from_secs(60);

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

/// The installation a tool in `PATH` belongs to: the parent of the `bin/` its real file is in.
fn installation(tool: &Path) -> Option<PathBuf> {
    let real = std::fs::canonicalize(tool).ok()?;
    let bin = real.parent()?;
    (bin.file_name()? == "bin").then(|| bin.parent().map(Path::to_owned))?
}

/// The directory of compiled binaries.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache { dir: dir.into() }
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
    /// the interpreter.
    pub fn build(
        &self,
        runner: &Runner,
        language: Language,
        source: &Path,
    ) -> Result<Built, PrepareError> {
        self.build_all(runner, language, &[source.to_owned()], source, None)
    }

    /// Like [`Cache::build`], for a program of several files (a directory of sources, as a
    /// Kattis package's submissions may be): compilers get every file of `sources` (Rust only
    /// `main`, which finds its modules itself); an interpreter checks and runs `main`. For the
    /// JVM, `entrypoint` names the main class (else see [`main_class`]). Every file is part of
    /// the cache key, so a change in any of them rebuilds.
    pub fn build_all(
        &self,
        runner: &Runner,
        language: Language,
        sources: &[PathBuf],
        main: &Path,
        entrypoint: Option<&str>,
    ) -> Result<Built, PrepareError> {
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
        let tool = language.tool();
        let tool_path = find_in_path(tool).expect("checked above");
        let shown = main;
        let main = std::path::absolute(main)
            .map_err(|e| PrepareError::judge(format!("cannot resolve {}: {e}", main.display())))?;
        let (template, static_flags): (&[&str], &[&str]) = match language.row().toolchain {
            Toolchain::Script {
                check,
                run,
                check_runs_code,
                ..
            } => {
                let mut invocation =
                    Invocation::new(&tool_path).args(fill(check, sources, &main, None, None));
                if check_runs_code {
                    // Confined like the program: it reads its sources and its installation.
                    invocation.reads.push(main.clone());
                    invocation.reads.extend(installation(&tool_path));
                } else {
                    invocation = invocation.trusted();
                }
                let run_check = run_compiler(runner, &invocation)?;
                compile_verdict(&run_check, &invocation, shown)?;
                let mut built = match language {
                    Language::Python3 | Language::PyPy3 => {
                        Built::python(tool_path, &run_check.stdout, language)
                    }
                    _ => Built::interpreter(tool_path, language),
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
        let mut key_parts: Vec<&[u8]> = vec![b"stonejudge-build-2", tool.as_bytes()];
        key_parts.extend(template.iter().chain(static_flags).map(|w| w.as_bytes()));
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
        let target = self.dir.join(format!("{:032x}", fnv1a_128(&key_parts)));
        if !target.exists() {
            let template = (template, static_flags);
            self.compile(
                runner,
                language,
                &tool_path,
                template,
                sources,
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

    /// Compiles `sources` with `tool` into a scratch directory and renames what it wrote (a
    /// file, or the JVM's directory of classes) to `target`.
    #[allow(clippy::too_many_arguments)]
    fn compile(
        &self,
        runner: &Runner,
        language: Language,
        tool: &Path,
        (template, static_flags): (&[&str], &[&str]),
        sources: &[PathBuf],
        (main, shown): (&Path, &Path),
        target: &Path,
    ) -> Result<(), PrepareError> {
        let scratch = self.scratch_dir()?;
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
        let mut invocation = Invocation::new(tool)
            .args(fill(
                template,
                sources,
                main,
                Some(&out),
                Some(&by_products),
            ))
            .trusted();
        if language == Language::Go {
            // Go keeps its build cache under the home directory, which may be missing.
            invocation = invocation.env("GOCACHE", self.dir.join("go-build"));
        }
        let compiled = made
            .map_err(|e| PrepareError::judge(format!("cannot create {}: {e}", scratch.display())))
            .and_then(|()| compile_preferring_static(runner, &invocation, static_flags, shown))
            .and_then(|()| match std::fs::rename(&out, target) {
                // Another process stored the same directory first.
                Err(_) if out.is_dir() && target.is_dir() => Ok(()),
                Err(e) => Err(PrepareError::judge(format!(
                    "cannot store {}: {e}",
                    target.display()
                ))),
                Ok(()) => Ok(()),
            });
        // The scratch directory only ever holds compiler by-products: losing it is harmless.
        let _ = std::fs::remove_dir_all(&scratch);
        compiled
    }

    /// A new, empty directory that no other compilation (in any process) uses.
    fn scratch_dir(&self) -> Result<PathBuf, PrepareError> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let parent = self.dir.join("tmp");
        std::fs::create_dir_all(&parent).map_err(|e| {
            PrepareError::judge(format!(
                "cannot create the cache directory {}: {e}",
                parent.display()
            ))
        })?;
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let dir = parent.join(format!("{}-{n}", std::process::id()));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(dir),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(PrepareError::judge(format!(
                        "cannot create {}: {e}",
                        dir.display()
                    )))
                }
            }
        }
    }
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

/// Runs `dynamic` with `static_flags` added, and if that fails (other than by a timeout, which
/// would only repeat), runs it as it is: the failure may be the static libraries' rather than
/// the program's, and the second run's verdict is the program's.
fn compile_preferring_static(
    runner: &Runner,
    dynamic: &Invocation,
    static_flags: &[&str],
    source: &Path,
) -> Result<(), PrepareError> {
    let linked_statically = dynamic.clone().args(static_flags.iter().copied());
    let run = run_compiler(runner, &linked_statically)?;
    if run.exit.success() || run.time_limit_hit() {
        return compile_verdict(&run, &linked_statically, source);
    }
    compile_verdict(&run_compiler(runner, dynamic)?, dynamic, source)
}

/// Runs a compiler (or a syntax check) on no input; an `Err` is a judge error: it could not run.
fn run_compiler(runner: &Runner, invocation: &Invocation) -> Result<Run, PrepareError> {
    runner
        .run(invocation, Stdin::Empty, &Limits::for_tools(COMPILE_TIME))
        .map_err(|e| {
            PrepareError::judge(format!("cannot run {}: {e}", invocation.program.display()))
        })
}

/// What a compiler's run means: a failure is a compile error with its message.
fn compile_verdict(run: &Run, invocation: &Invocation, source: &Path) -> Result<(), PrepareError> {
    if run.time_limit_hit() {
        return Err(PrepareError::compile(format!(
            "compiling {} took longer than {} s",
            source.display(),
            COMPILE_TIME.as_secs()
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
        "{} ({}, {}):\n{}",
        source.display(),
        invocation.program.display(),
        run.exit,
        excerpt(&String::from_utf8_lossy(said), 30, 4000)
    )))
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
        assert_eq!(filled, ["-O2", "-std=c++17", "-o", "/t/p", "s.cpp"]);
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
