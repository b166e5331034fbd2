//! Compiling sources once: binaries are cached under a name made of a hash of the source bytes,
//! the compiler's identity and its command, so an unchanged source is compiled only the first
//! time, by any process, and a changed compiler builds afresh. Writes are atomic: a compiler
//! writes into a private scratch directory and the result is renamed into place.
//!
//! Compilers are confined like the programs they build (see [`super::confine`]): they read the
//! system's directories, their own toolchain's installation (see [`super::toolchain`]) and the
//! program's own files, and write only the scratch directory; a source that reaches for
//! anything else (the tests' answers by absolute path, through `#include`, `.incbin` or
//! `include_str!`) fails to compile with the compiler's message. Their CPU time, wall-clock
//! time and memory are limited ([`CompileLimits`]), and a compiler that runs away is a compile
//! error that names the limit.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::outcome::mebibytes;
use super::program::{find_in_path, PrepareError};
use super::toolchain::{Probe, Toolchain};
use super::{fnv1a_128, Invocation, Limits, Run, Runner, Stdin};

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
    fn limits(self) -> Limits {
        Limits::new(self.cpu, self.memory_bytes)
    }
}

/// Placeholders in compiler command templates.
const OUT: &str = "{out}";
const SRC: &str = "{src}";

/// A source language, recognised by the file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// `.cpp`, `.cc`, `.cxx`: `g++ -O2 -std=c++17`.
    Cpp,
    /// `.c`: `gcc -O2`, linked with the maths library.
    C,
    /// `.rs`: `rustc -O --edition=2021` (rustc alone would assume the 2015 edition).
    Rust,
    /// `.py`: run by `python3`; checked for syntax errors first, which also finds the real
    /// interpreter (`python3` in `PATH` may be a shim script) and its installation.
    Python,
}

impl Language {
    /// The language of a source file, or `None` for anything else (taken to be an executable).
    pub fn of(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "cpp" | "cc" | "cxx" => Some(Language::Cpp),
            "c" => Some(Language::C),
            "rs" => Some(Language::Rust),
            "py" => Some(Language::Python),
            _ => None,
        }
    }

    /// The language of a program made of `files`: the one most of them are in, ties going
    /// to C++, then C, Python and Rust (problemtools' priorities); `None` if none is a source.
    pub fn of_files(files: &[PathBuf]) -> Option<Language> {
        [Language::Cpp, Language::C, Language::Python, Language::Rust]
            .into_iter()
            .map(|l| {
                (
                    files.iter().filter(|f| Language::of(f) == Some(l)).count(),
                    l,
                )
            })
            .filter(|(count, _)| *count > 0)
            .fold(
                None,
                |best: Option<(usize, Language)>, (count, l)| match best {
                    Some((most, _)) if most >= count => best,
                    _ => Some((count, l)),
                },
            )
            .map(|(_, l)| l)
    }

    /// The tool this language needs, and its arguments (with `{out}` and `{src}` to fill in).
    fn command(self) -> (&'static str, &'static [&'static str]) {
        match self {
            Language::Cpp => ("g++", &["-O2", "-std=c++17", "-o", OUT, SRC]),
            Language::C => ("gcc", &["-O2", "-o", OUT, SRC, "-lm"]),
            Language::Rust => ("rustc", &["-O", "--edition=2021", "-o", OUT, SRC]),
            Language::Python => (
                "python3",
                &[
                    "-c",
                    "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec'); \
                     print(sys.executable, sys.base_prefix, sys.prefix, sep='\\n')",
                    SRC,
                ],
            ),
        }
    }

    /// Flags that link the program statically, as problemtools and DOMjudge build C and C++:
    /// a static binary starts in about half the time (which is most of a stress case's cost)
    /// and does not depend on the machine's shared libraries. Where static libraries are
    /// missing the static build fails, and the program is built without these flags.
    fn static_flags(self) -> &'static [&'static str] {
        match self {
            Language::Cpp | Language::C => &["-static"],
            Language::Rust => &["-C", "target-feature=+crt-static"],
            Language::Python => &[],
        }
    }

    /// Whether the language is interpreted (its "compilation" only checks the syntax).
    pub fn interpreted(self) -> bool {
        self == Language::Python
    }

    /// The tool this language needs (`g++`, `python3`, …).
    pub fn tool(self) -> &'static str {
        self.command().0
    }
}

/// What building a source gave: the executable to run, and the directories a confined run of
/// it must be able to read (an interpreter's installation, when it is outside the system's
/// directories).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    pub executable: PathBuf,
    pub reads: Vec<PathBuf>,
}

impl Built {
    fn binary(executable: PathBuf) -> Built {
        Built {
            executable,
            reads: Vec::new(),
        }
    }

    /// The interpreter that checked the syntax, from what it printed (its executable, then
    /// its installation's directories), or `tool` when it printed nothing usable.
    fn interpreter(tool: PathBuf, said: &[u8]) -> Built {
        let said = String::from_utf8_lossy(said);
        let mut lines = said.lines().map(PathBuf::from).filter(|p| p.is_absolute());
        let Some(executable) = lines.next() else {
            return Built::binary(tool);
        };
        let mut reads: Vec<PathBuf> = lines.collect();
        reads.dedup();
        Built { executable, reads }
    }
}

/// The directory of compiled binaries, and the limits of the compiles that fill it.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
    limits: CompileLimits,
}

impl Cache {
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache {
            dir: dir.into(),
            limits: CompileLimits::default(),
        }
    }

    /// The same cache, its compiles under `limits`.
    pub fn with_limits(self, limits: CompileLimits) -> Cache {
        Cache { limits, ..self }
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

    /// The compiled binary of `source` (compiling it unless cached), or the compiler's
    /// message as a compile error. For an interpreted language, checks the syntax and returns
    /// the interpreter. The compiler reads the source file and nothing else of its folder.
    pub fn build(
        &self,
        runner: &Runner,
        language: Language,
        source: &Path,
    ) -> Result<Built, PrepareError> {
        self.build_all(runner, language, &[source.to_owned()], source, &[])
    }

    /// Like [`Cache::build`], for a program of several files (a directory of sources, as a
    /// Kattis package's submissions may be): C and C++ compile every file of `sources`
    /// together; Rust compiles `main`, which finds its modules itself; Python checks `main`.
    /// Every file is part of the cache key, so a change in any of them rebuilds. The compiler
    /// may read `sources` and what is beneath `reads` (the program's folder, for its headers
    /// and modules; include files), and nothing else but its toolchain and the system's.
    pub fn build_all(
        &self,
        runner: &Runner,
        language: Language,
        sources: &[PathBuf],
        main: &Path,
        reads: &[PathBuf],
    ) -> Result<Built, PrepareError> {
        let mut contents = Vec::with_capacity(sources.len());
        for source in sources {
            contents.push(std::fs::read(source).map_err(|e| {
                PrepareError::judge(format!("cannot read the source {}: {e}", source.display()))
            })?);
        }
        let (tool, template) = language.command();
        let tool_path = find_in_path(tool).ok_or_else(|| {
            PrepareError::judge(format!(
                "{tool} is not installed (not found in PATH); it is needed for {}",
                main.display()
            ))
        })?;
        let toolchain = Toolchain::of(runner, &tool_path, probe(language))?;
        let compiled: Vec<PathBuf> = match language {
            Language::Cpp | Language::C => sources.iter().map(|s| absolute(s)).collect(),
            Language::Rust | Language::Python => vec![absolute(main)],
        };
        let compiled: Vec<&Path> = compiled.iter().map(PathBuf::as_path).collect();
        let confined = |args: Vec<OsString>| {
            let mut invocation = Invocation::new(&toolchain.executable).args(args).compiler();
            invocation.reads.extend(toolchain.reads.iter().cloned());
            invocation
                .reads
                .extend(compiled.iter().map(|s| s.to_path_buf()));
            invocation.reads.extend(reads.iter().map(|r| absolute(r)));
            invocation
        };
        if language.interpreted() {
            let invocation = confined(fill(template, &compiled, None));
            let run = self.run_compiler(runner, &invocation)?;
            self.compile_verdict(&run, &invocation, main)?;
            return Ok(Built::interpreter(
                toolchain.executable.clone(),
                &run.stdout,
            ));
        }
        let static_flags = language.static_flags();
        // A binary built unconfined (--sandbox off, or no Landlock) may hold what a confined
        // compiler could not have read: never served to a confined judge.
        let files_confined = runner.protections().is_ok_and(|p| p.files.is_some());
        let confinement: &[u8] = match files_confined {
            true => b"files confined",
            false => b"unconfined",
        };
        let mut key_parts: Vec<&[u8]> =
            vec![b"stonejudge-build-3", &toolchain.identity, confinement];
        key_parts.extend(template.iter().chain(static_flags).map(|w| w.as_bytes()));
        // One source keeps the key it always had; several add their file names, which
        // `#include` and `mod` depend on.
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
            if sources.len() > 1 {
                key_parts.push(name.as_bytes());
            }
            key_parts.push(bytes);
        }
        let target = self.dir.join(format!("{:032x}", fnv1a_128(&key_parts)));
        if target.is_file() {
            return Ok(Built::binary(target));
        }
        let scratch = self.scratch_dir()?;
        let out = scratch.join("program");
        let invocation = confined(fill(template, &compiled, Some(&out))).writes(&scratch);
        let compiled = self
            .compile_preferring_static(runner, &invocation, static_flags, main)
            .and_then(|()| {
                std::fs::rename(&out, &target).map_err(|e| {
                    PrepareError::judge(format!("cannot store {}: {e}", target.display()))
                })
            });
        // The scratch directory only ever holds compiler by-products: losing it is harmless.
        let _ = std::fs::remove_dir_all(&scratch);
        compiled.map(|()| Built::binary(target))
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
    fn run_compiler(&self, runner: &Runner, invocation: &Invocation) -> Result<Run, PrepareError> {
        runner
            .run(invocation, Stdin::Empty, &self.limits.limits())
            .map_err(|e| {
                PrepareError::judge(format!("cannot run {}: {e}", invocation.program.display()))
            })
    }

    /// What a compiler's run means: a failure is a compile error with its message, or with
    /// the limit it reached.
    fn compile_verdict(
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

/// How to find the toolchain of a language's tool.
fn probe(language: Language) -> Probe {
    match language {
        Language::Rust => Probe::Sysroot,
        Language::Python => Probe::Interpreter,
        _ => Probe::Installation,
    }
}

/// `path` made absolute (as it is, if that fails: the compiler then says why it cannot read
/// it): a confined compiler runs in its scratch directory, and its rules name absolute paths.
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

/// The template's words with `{src}` replaced by every source and `{out}` by the output.
fn fill(template: &[&str], sources: &[&Path], out: Option<&Path>) -> Vec<OsString> {
    template
        .iter()
        .flat_map(|&word| match (word, out) {
            (SRC, _) => sources.iter().map(|s| s.as_os_str().to_owned()).collect(),
            (OUT, Some(out)) => vec![out.as_os_str().to_owned()],
            _ => vec![OsString::from(word)],
        })
        .collect()
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
    fn languages_by_extension() {
        assert_eq!(Language::of(Path::new("a/sol.cpp")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("sol.cc")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("sol.c")), Some(Language::C));
        assert_eq!(Language::of(Path::new("sol.rs")), Some(Language::Rust));
        assert_eq!(Language::of(Path::new("sol.py")), Some(Language::Python));
        assert_eq!(Language::of(Path::new("sol")), None);
        assert_eq!(Language::of(Path::new("sol.sh")), None);
    }

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
        let (_, template) = Language::Cpp.command();
        let filled = fill(template, &[Path::new("s.cpp")], Some(Path::new("/t/p")));
        assert_eq!(filled, ["-O2", "-std=c++17", "-o", "/t/p", "s.cpp"]);
    }
}
