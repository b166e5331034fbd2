//! The languages stonejudge compiles or interprets: one table, one row per language, following
//! the Kattis problem package format's list (`spec/languages.md`: code, name, file endings,
//! default entry point) and problemtools' commands (`languages.yaml`: tie-break priorities,
//! compile and run commands, JVM flags), for every language whose tools a judging machine can
//! install from Debian.
//!
//! A row says how a program becomes runnable ([`Toolchain`]): a compiler writing a native
//! executable, an interpreter that checks the syntax first and then runs the main file, `javac`
//! or `kotlinc` writing classes that `java` runs, or `mcs` writing an assembly that `mono` runs;
//! and, for runtimes that manage their own heap, how they are told the memory limit
//! ([`ManagedHeap`]). Building follows the row in [`super::compile`].
//!
//! Three file endings are shared, and the file's first line (`#!`) decides, as problemtools'
//! shebang rule decides between Python 2 and 3: `.py` is Python 3, or Python 2 when the first
//! line names `python2` (`.py2` always is); `.pl` is Prolog, as the specification says, or Perl
//! when the first line names `perl` (`.pm` always is); `.sh` (and BAPCtools' `.bash`) is Bash,
//! or the POSIX shell when the first line names `sh`.
//!
//! Python 3 has two implementations. A program whose first line names `pypy3` runs with PyPy,
//! one whose first line names `python3` with CPython; any other runs with the one its problem
//! chooses ([`Language::run_as`]): CPython, which our own problems' solutions are written and
//! timed for, or PyPy, with which Kattis, problemtools and BAPCtools run a Kattis package's
//! (CPython where PyPy is not installed).

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::process::ManagedHeap;

/// A source language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    C,
    Cpp,
    Rust,
    /// Python 3 run by CPython (`python3`).
    Python3,
    /// Python 3 run by PyPy (`pypy3`): a `.py` file whose first line names `pypy3`, or any
    /// Python 3 program of a problem that runs them with PyPy ([`Language::run_as`]).
    PyPy3,
    /// Python 2 (`python2`): a `.py2` file, or a `.py` file whose first line names `python2`.
    Python2,
    Java,
    Kotlin,
    CSharp,
    Go,
    Haskell,
    OCaml,
    JavaScript,
    Bash,
    /// The POSIX shell (`sh`): a `.sh` file whose first line names `sh`.
    Sh,
    /// Perl: a `.pm` file, or a `.pl` file whose first line names `perl`.
    Perl,
    /// Prolog (SWI-Prolog, `swipl`): a `.pl` file, as the specification says.
    Prolog,
}

/// How a language's sources become a runnable program. In the argument templates, `{out}` is
/// the file (or, for the JVM, the directory) the compiler writes, `{src}` every source file,
/// `{main}` the main file, and `{tmp}` a scratch directory for the compiler's by-products.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Toolchain {
    /// A compiler writes a native executable; `static_flags` link it statically where the
    /// machine has the static libraries (it is built without them otherwise).
    Native {
        compiler: &'static str,
        args: &'static [&'static str],
        static_flags: &'static [&'static str],
    },
    /// The interpreter checks the main file's syntax (`check`), then runs it (`run`, then the
    /// main file). `check_runs_code`: the check may run the program's own code (Perl's
    /// `BEGIN` blocks), so it is confined like the program.
    Script {
        interpreter: &'static str,
        check: &'static [&'static str],
        run: &'static [&'static str],
        check_runs_code: bool,
    },
    /// A compiler writes class files into the directory `{out}`; `java` runs the main class.
    Jvm {
        compiler: &'static str,
        args: &'static [&'static str],
    },
    /// `mcs` writes an assembly `{out}`; `mono` runs it.
    Mono {
        compiler: &'static str,
        args: &'static [&'static str],
    },
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub language: Language,
    /// The specification's code (`cpp`, `python3`, …).
    pub code: &'static str,
    pub name: &'static str,
    /// The file endings that make a source of this language (without the dot).
    pub extensions: &'static [&'static str],
    /// problemtools' tie-break priority when a directory holds as many files of two
    /// languages: the higher wins.
    pub priority: u32,
    pub toolchain: Toolchain,
    /// How the runtime is told the memory limit, if it manages a heap of its own.
    pub heap: Option<ManagedHeap>,
}

/// The JVM as problemtools and DOMjudge run it: the serial collector (one GC thread, and
/// fewer threads matter under the process limit), 64 MiB thread stacks (deep recursion, as
/// the other languages' unlimited stack allows), UTF-8.
pub const JVM_FLAGS: [&str; 3] = ["-XX:+UseSerialGC", "-Xss64m", "-Dfile.encoding=UTF-8"];

/// The JVM's heap is the memory limit (`-Xmx`, as problemtools sets it), so a program that
/// fills it ends with `OutOfMemoryError`, which is MLE. Its other reservations (class space,
/// code cache, a 64 MiB stack per thread) take about 3 GiB of address space it never touches
/// (measured: `VmPeak` of a trivial program is `-Xmx` + 2.95 GiB with these flags): that much
/// more is allowed where memory is limited as address space.
const JVM_HEAP: ManagedHeap = ManagedHeap {
    flags: &["-Xmx{mib}m"],
    reserved_bytes: 4 << 30,
};

/// The JVM a compiler (`javac`, `kotlinc`) runs on: its heap is the compile memory limit
/// (`-J` passes the flag to the JVM), and its reservations are allowed for as a program's are.
pub const JVM_COMPILER_HEAP: ManagedHeap = ManagedHeap {
    flags: &["-J-Xmx{mib}m"],
    reserved_bytes: JVM_HEAP.reserved_bytes,
};

/// Python code that prints the real interpreter (`python3` in `PATH` may be a shim script) and
/// its installation's directories, which a confined run must read, one a line; Python 2 (which
/// has no `print` function and no `sys.base_prefix`) runs it too. A macro, so that the syntax
/// check below can be made of it by `concat!`.
macro_rules! python_where {
    () => {
        "import sys; sys.stdout.write('\\n'.join([sys.executable, \
         getattr(sys, 'base_prefix', sys.prefix), sys.prefix]) + '\\n')"
    };
}

/// [`python_where!`], for the toolchain's question to a Python interpreter.
pub(crate) const PYTHON_WHERE: &str = python_where!();

/// Python's syntax check, which then says where the interpreter lives ([`PYTHON_WHERE`]).
const PYTHON_CHECK: &[&str] = &[
    "-c",
    concat!(
        "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec'); ",
        python_where!()
    ),
    "{main}",
];

/// Every language stonejudge runs.
pub const TABLE: [Row; 17] = [
    Row {
        language: Language::Cpp,
        code: "cpp",
        name: "C++",
        extensions: &["cpp", "cc", "cxx", "c++", "C"],
        priority: 1000,
        toolchain: Toolchain::Native {
            compiler: "g++",
            args: &["-O2", "-std=gnu++23", "-o", "{out}", "{src}"],
            static_flags: &["-static"],
        },
        heap: None,
    },
    Row {
        language: Language::C,
        code: "c",
        name: "C",
        extensions: &["c"],
        priority: 950,
        toolchain: Toolchain::Native {
            compiler: "gcc",
            args: &["-O2", "-o", "{out}", "{src}", "-lm"],
            static_flags: &["-static"],
        },
        heap: None,
    },
    Row {
        language: Language::Python3,
        code: "python3",
        name: "Python 3",
        extensions: &["py", "py3"],
        priority: 850,
        toolchain: Toolchain::Script {
            interpreter: "python3",
            check: PYTHON_CHECK,
            run: &[],
            check_runs_code: false,
        },
        heap: None,
    },
    Row {
        language: Language::PyPy3,
        code: "pypy3",
        name: "Python 3 (PyPy)",
        extensions: &[],
        priority: 849,
        toolchain: Toolchain::Script {
            interpreter: "pypy3",
            check: PYTHON_CHECK,
            run: &[],
            check_runs_code: false,
        },
        heap: None,
    },
    Row {
        language: Language::Python2,
        code: "python2",
        name: "Python 2",
        extensions: &["py2"],
        // problemtools' priority: above Python 3's, so that a folder whose every `.py` file
        // names `python2` is Python 2.
        priority: 860,
        toolchain: Toolchain::Script {
            interpreter: "python2",
            check: PYTHON_CHECK,
            run: &[],
            check_runs_code: false,
        },
        heap: None,
    },
    Row {
        language: Language::Java,
        code: "java",
        name: "Java",
        extensions: &["java"],
        priority: 800,
        // `-proc:none`: javac runs no annotation processor it would find on its class path.
        toolchain: Toolchain::Jvm {
            compiler: "javac",
            args: &["-encoding", "UTF-8", "-proc:none", "-d", "{out}", "{src}"],
        },
        heap: Some(JVM_HEAP),
    },
    Row {
        language: Language::CSharp,
        code: "csharp",
        name: "C#",
        extensions: &["cs"],
        priority: 700,
        toolchain: Toolchain::Mono {
            compiler: "mcs",
            args: &["-out:{out}", "-optimize+", "-r:System.Numerics", "{src}"],
        },
        heap: None,
    },
    Row {
        language: Language::Haskell,
        code: "haskell",
        name: "Haskell",
        extensions: &["hs"],
        priority: 600,
        toolchain: Toolchain::Native {
            compiler: "ghc",
            args: &[
                "-O2",
                "-rtsopts",
                "-outputdir",
                "{tmp}",
                "-o",
                "{out}",
                "{src}",
            ],
            static_flags: &[],
        },
        // The runtime's heap limit is the memory limit (problemtools' `-M`): a program that
        // fills it says "Heap exhausted", which is MLE.
        heap: Some(ManagedHeap {
            flags: &["+RTS", "-M{mib}m", "-RTS"],
            reserved_bytes: 0,
        }),
    },
    Row {
        language: Language::Rust,
        code: "rust",
        name: "Rust",
        extensions: &["rs"],
        priority: 575,
        toolchain: Toolchain::Native {
            compiler: "rustc",
            args: &["-O", "--edition=2021", "-o", "{out}", "{main}"],
            static_flags: &["-C", "target-feature=+crt-static"],
        },
        heap: None,
    },
    Row {
        language: Language::JavaScript,
        code: "javascript",
        name: "JavaScript",
        extensions: &["js"],
        priority: 500,
        toolchain: Toolchain::Script {
            interpreter: "node",
            check: &["--check", "{main}"],
            run: &[],
            check_runs_code: false,
        },
        // V8's old generation is limited to the memory limit ("JavaScript heap out of
        // memory" past it, MLE); V8 reserves some 700 MiB of address space it never touches.
        heap: Some(ManagedHeap {
            flags: &["--max-old-space-size={mib}"],
            reserved_bytes: 1 << 30,
        }),
    },
    Row {
        language: Language::Go,
        code: "go",
        name: "Go",
        extensions: &["go"],
        priority: 400,
        toolchain: Toolchain::Native {
            compiler: "go",
            args: &["build", "-o", "{out}", "{src}"],
            static_flags: &[],
        },
        // The Go runtime reserves some 700 MiB of address space at start (its arena index).
        heap: Some(ManagedHeap {
            flags: &[],
            reserved_bytes: 1 << 30,
        }),
    },
    Row {
        language: Language::OCaml,
        code: "ocaml",
        name: "OCaml",
        extensions: &["ml"],
        priority: 375,
        // The libraries problemtools links (`unix`, `str`, `bigarray`); OCaml 5 keeps `unix`
        // and `str` in folders of their own, which `-I` names (an older OCaml ignores them).
        toolchain: Toolchain::Native {
            compiler: "ocamlopt",
            args: &[
                "-I",
                "+unix",
                "-I",
                "+str",
                "-o",
                "{out}",
                "unix.cmxa",
                "str.cmxa",
                "bigarray.cmxa",
                "{src}",
            ],
            static_flags: &[],
        },
        heap: None,
    },
    Row {
        language: Language::Kotlin,
        code: "kotlin",
        name: "Kotlin",
        extensions: &["kt"],
        priority: 250,
        toolchain: Toolchain::Jvm {
            compiler: "kotlinc",
            args: &["-d", "{out}", "{src}"],
        },
        heap: Some(JVM_HEAP),
    },
    Row {
        language: Language::Perl,
        code: "perl",
        name: "Perl",
        extensions: &["pm"],
        priority: 150,
        toolchain: Toolchain::Script {
            interpreter: "perl",
            check: &["-c", "{main}"],
            run: &[],
            check_runs_code: true,
        },
        heap: None,
    },
    Row {
        language: Language::Bash,
        code: "bash",
        name: "Bash",
        // `.bash` is BAPCtools' own.
        extensions: &["sh", "bash"],
        priority: 120,
        toolchain: Toolchain::Script {
            interpreter: "bash",
            check: &["-n", "{main}"],
            run: &[],
            check_runs_code: false,
        },
        heap: None,
    },
    Row {
        language: Language::Sh,
        code: "sh",
        name: "POSIX shell",
        extensions: &[],
        priority: 110,
        toolchain: Toolchain::Script {
            interpreter: "sh",
            check: &["-n", "{main}"],
            run: &[],
            check_runs_code: false,
        },
        heap: None,
    },
    Row {
        language: Language::Prolog,
        code: "prolog",
        name: "Prolog",
        extensions: &["pl"],
        priority: 100,
        // problemtools' command: a saved state that runs `main` and halts (a `#!/bin/sh`
        // script that starts `swipl` on it).
        toolchain: Toolchain::Native {
            compiler: "swipl",
            args: &[
                "-O", "-q", "-g", "main", "-t", "halt", "-o", "{out}", "-c", "{src}",
            ],
            static_flags: &[],
        },
        heap: None,
    },
];

impl Language {
    /// Its row of [`TABLE`].
    pub fn row(self) -> &'static Row {
        TABLE
            .iter()
            .find(|row| row.language == self)
            .expect("every language has a row")
    }

    /// The language of the specification's code (`java`, `python3`, …) or of `pypy3`.
    pub fn from_code(code: &str) -> Option<Language> {
        TABLE
            .iter()
            .find(|row| row.code == code)
            .map(|r| r.language)
    }

    /// The language of a source file, by its ending (and, for `.py`, `.pl` and `.sh`, its
    /// first line), or `None` for anything else (taken to be an executable).
    pub fn of(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?;
        let language = TABLE
            .iter()
            .find(|row| row.extensions.contains(&extension))?
            .language;
        let shebang = || first_line(path);
        Some(match language {
            Language::Python3 => {
                let line = shebang();
                if names(&line, "pypy3") {
                    Language::PyPy3
                } else if names(&line, "python2") {
                    Language::Python2
                } else {
                    Language::Python3
                }
            }
            Language::Prolog if names(&shebang(), "perl") => Language::Perl,
            Language::Bash if names(&shebang(), "sh") => Language::Sh,
            other => other,
        })
    }

    /// The language a program in this language runs as, its main file being `main`, in a
    /// problem that runs Python 3 with `python3` ([`Language::Python3`], CPython, or
    /// [`Language::PyPy3`]): a Python 3 program whose first line does not name `python3`
    /// runs with `python3` where that is installed; every other program as its language says.
    pub fn run_as(self, python3: Language, main: &Path) -> Language {
        let chosen = self == Language::Python3
            && python3 != self
            && !names(&first_line(main), "python3")
            && python3.missing_tool().is_none();
        match chosen {
            true => python3,
            false => self,
        }
    }

    /// Whether a file in `other` may be a source of a program in this language: a `.py` file
    /// of any Python's, a `.sh` file of either shell's (the first line of the main file
    /// chooses between them, not every helper's).
    pub fn shares_sources_with(self, other: Language) -> bool {
        let family = |language| match language {
            Language::Python3 | Language::PyPy3 | Language::Python2 => Some(0),
            Language::Bash | Language::Sh => Some(1),
            _ => None,
        };
        self == other || family(self).is_some_and(|f| family(other) == Some(f))
    }

    /// Whether it is a Python, whose interpreter says where its installation is.
    pub fn is_python(self) -> bool {
        matches!(
            self,
            Language::Python3 | Language::PyPy3 | Language::Python2
        )
    }

    /// The language of a program made of `files`: the one most of them are in, ties going to
    /// the higher [`Row::priority`] (problemtools' rule); `None` if none is a source.
    pub fn of_files(files: &[PathBuf]) -> Option<Language> {
        let mut counts: Vec<(usize, u32, Language)> = Vec::new();
        for language in files.iter().filter_map(|f| Language::of(f)) {
            match counts.iter_mut().find(|(_, _, l)| *l == language) {
                Some((count, _, _)) => *count += 1,
                None => counts.push((1, language.row().priority, language)),
            }
        }
        counts
            .into_iter()
            .max_by_key(|&(count, priority, _)| (count, priority))
            .map(|(_, _, language)| language)
    }

    /// Whether the language is interpreted (its "compilation" only checks the syntax).
    pub fn interpreted(self) -> bool {
        matches!(self.row().toolchain, Toolchain::Script { .. })
    }

    /// The tool that builds (or checks) its programs (`g++`, `javac`, `python3`, …).
    pub fn tool(self) -> &'static str {
        match self.row().toolchain {
            Toolchain::Native { compiler, .. }
            | Toolchain::Jvm { compiler, .. }
            | Toolchain::Mono { compiler, .. } => compiler,
            Toolchain::Script { interpreter, .. } => interpreter,
        }
    }

    /// The tool that runs its programs, when it is not the one that builds them.
    pub fn runtime(self) -> Option<&'static str> {
        match self.row().toolchain {
            Toolchain::Jvm { .. } => Some("java"),
            Toolchain::Mono { .. } => Some("mono"),
            Toolchain::Native { .. } | Toolchain::Script { .. } => None,
        }
    }

    /// What its compiler reads outside the system's directories and its own installation,
    /// which a confined compile must be granted: Debian's GHC keeps its package database in
    /// `/var/lib/ghc` (behind a link from `/usr/lib/ghc/package.conf.d`).
    pub fn compiler_reads(self) -> &'static [&'static str] {
        match self {
            Language::Haskell => &["/var/lib/ghc"],
            _ => &[],
        }
    }

    /// The first of its tools that is not installed ([`installed`]), if one is not.
    pub fn missing_tool(self) -> Option<&'static str> {
        std::iter::once(self.tool())
            .chain(self.runtime())
            .find(|tool| !installed(tool))
    }

    /// Whether `file` (a file name) is this language's main file by the specification's
    /// default entry point: `main.*` or `Main.*` (problemtools: any case).
    pub fn is_main_file(self, file: &Path) -> bool {
        file.file_stem()
            .and_then(|s| s.to_str())
            .is_some_and(|stem| stem.eq_ignore_ascii_case("main"))
    }

    /// Whether the source text `text` holds a program's entry point in this language (the
    /// class with `main` in Java, the file with `fun main` in Kotlin); other languages do not
    /// say, and their main file is found by its name.
    pub fn holds_main(self, text: &str) -> bool {
        match self {
            Language::Java => text.contains("static void main"),
            Language::Kotlin => text.contains("fun main"),
            _ => false,
        }
    }
}

/// How long a version manager's shim may take to answer ([`installed`]).
const SHIM_ANSWER_TIME: Duration = Duration::from_secs(10);

/// Whether `tool` is installed: found in `PATH`, and, where what is found there is a version
/// manager's shim (pyenv, rbenv and asdf keep one in a `shims/` folder for every tool of every
/// version they ever installed: pyenv's `python2` beside a selected Python 3), answering it: a
/// shim whose tool the selected version lacks says "command not found" and exits 127. Asked
/// once per process and tool, unconfined (a question to the machine's own tool, as
/// `super::toolchain` asks its version).
fn installed(tool: &'static str) -> bool {
    static ANSWERS: Mutex<BTreeMap<&str, bool>> = Mutex::new(BTreeMap::new());
    let Some(found) = super::find_in_path(tool) else {
        return false;
    };
    if found.parent().and_then(Path::file_name) != Some(OsStr::new("shims")) {
        return true;
    }
    let known = ANSWERS.lock().ok().and_then(|a| a.get(tool).copied());
    known.unwrap_or_else(|| {
        let answers = shim_answers(&found);
        if let Ok(mut all) = ANSWERS.lock() {
            all.insert(tool, answers);
        }
        answers
    })
}

/// Whether the shim at `shim` runs its tool: `shim --version` does not exit 127 (killed past
/// [`SHIM_ANSWER_TIME`], it ran something).
fn shim_answers(shim: &Path) -> bool {
    let child = std::process::Command::new(shim)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        return false;
    };
    let deadline = Instant::now() + SHIM_ANSWER_TIME;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return status.code() != Some(127),
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(10));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return true;
            }
        }
    }
}

/// Every file ending of the table, for messages: `.cpp, .cc, …`.
pub fn extensions() -> String {
    let all: Vec<String> = TABLE
        .iter()
        .flat_map(|row| row.extensions.iter().map(|e| format!(".{e}")))
        .collect();
    all.join(", ")
}

/// The first line of `path` (at most 128 bytes), empty when it cannot be read.
fn first_line(path: &Path) -> String {
    let mut head = [0u8; 128];
    let read = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    let head = String::from_utf8_lossy(&head[..read]);
    head.lines().next().unwrap_or("").to_string()
}

/// Whether a `#!` line names the program `tool`, or a version of it (`#!/bin/sh`,
/// `#!/usr/bin/env pypy3`, `#!/usr/bin/python2.7`).
fn names(line: &str, tool: &str) -> bool {
    let Some(command) = line.strip_prefix("#!") else {
        return false;
    };
    let mut words = command.split_whitespace();
    let program = words.next().unwrap_or("");
    let program = match program.rsplit('/').next() {
        Some("env") => words.find(|w| !w.starts_with('-')).unwrap_or(""),
        Some(name) => name,
        None => "",
    };
    program == tool
        || program
            .strip_prefix(tool)
            .is_some_and(|version| version.starts_with('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_by_extension() {
        assert_eq!(Language::of(Path::new("a/sol.cpp")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("sol.cc")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("sol.C")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("sol.c")), Some(Language::C));
        assert_eq!(Language::of(Path::new("sol.rs")), Some(Language::Rust));
        assert_eq!(Language::of(Path::new("sol.py")), Some(Language::Python3));
        assert_eq!(Language::of(Path::new("Sol.java")), Some(Language::Java));
        assert_eq!(Language::of(Path::new("sol.kt")), Some(Language::Kotlin));
        assert_eq!(Language::of(Path::new("sol.sh")), Some(Language::Bash));
        assert_eq!(Language::of(Path::new("sol.bash")), Some(Language::Bash));
        assert_eq!(Language::of(Path::new("sol.py2")), Some(Language::Python2));
        // No file to read a first line from: `.pl` is the specification's Prolog.
        assert_eq!(Language::of(Path::new("sol.pl")), Some(Language::Prolog));
        assert_eq!(Language::of(Path::new("sol.pm")), Some(Language::Perl));
        assert_eq!(Language::of(Path::new("sol")), None);
        assert_eq!(Language::of(Path::new("sol.txt")), None);
    }

    #[test]
    fn a_first_line_chooses_pypy_python2_perl_and_the_posix_shell() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let pypy = write("a.py", "#!/usr/bin/env pypy3\nprint(1)\n");
        let cpython = write("b.py", "#!/usr/bin/env python3\nprint(1)\n");
        let posix = write("a.sh", "#!/bin/sh\necho 1\n");
        let bash = write("b.sh", "#!/bin/bash\necho 1\n");
        assert_eq!(Language::of(&pypy), Some(Language::PyPy3));
        assert_eq!(Language::of(&cpython), Some(Language::Python3));
        assert_eq!(Language::of(&posix), Some(Language::Sh));
        assert_eq!(Language::of(&bash), Some(Language::Bash));
        let python2 = write("c.py", "#!/usr/bin/python2.7\nprint 1\n");
        let perl = write("a.pl", "#!/usr/bin/env perl\nprint 1;\n");
        let prolog = write("b.pl", "main :- write(1), nl.\n");
        assert_eq!(Language::of(&python2), Some(Language::Python2));
        assert_eq!(Language::of(&perl), Some(Language::Perl));
        assert_eq!(Language::of(&prolog), Some(Language::Prolog));
    }

    #[test]
    fn most_files_win_and_ties_go_by_priority() {
        let files = |names: &[&str]| names.iter().map(PathBuf::from).collect::<Vec<_>>();
        assert_eq!(
            Language::of_files(&files(&["a.c", "b.c", "c.cpp"])),
            Some(Language::C)
        );
        assert_eq!(
            Language::of_files(&files(&["a.c", "b.cpp"])),
            Some(Language::Cpp)
        );
        assert_eq!(
            Language::of_files(&files(&["A.java", "b.kt"])),
            Some(Language::Java)
        );
        assert_eq!(Language::of_files(&files(&["notes.txt"])), None);
    }

    #[test]
    fn the_table_is_consistent() {
        for row in &TABLE {
            assert_eq!(row.language.row().code, row.code);
            assert_eq!(Language::from_code(row.code), Some(row.language));
            let same_priority = TABLE.iter().filter(|r| r.priority == row.priority);
            assert_eq!(same_priority.count(), 1, "{}", row.code);
        }
    }
}
