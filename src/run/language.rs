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
//! Two file endings are shared, and the file's first line (`#!`) decides, as problemtools'
//! shebang rule decides between Python 2 and 3: `.py` is Python 3 run by CPython (`python3`),
//! or by PyPy when the first line names `pypy3` (problemtools runs every Python 3 program with
//! PyPy; stonejudge keeps CPython, which the problems' own solutions are written and timed for,
//! unless a program asks); `.sh` is Bash, or the POSIX shell when the first line names `sh`.
//! `.pl` is Perl here (the specification gives `.pl` to Prolog, which stonejudge does not run,
//! and `.pm` to Perl): the packages people write use `.pl` for Perl.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::process::ManagedHeap;

/// A source language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    C,
    Cpp,
    Rust,
    /// Python 3 run by CPython (`python3`).
    Python3,
    /// Python 3 run by PyPy (`pypy3`): a `.py` file whose first line names `pypy3`.
    PyPy3,
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
    Perl,
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

/// Python's syntax check, which also prints the real interpreter (`python3` in `PATH` may be a
/// shim script) and its installation's directories, which a confined run must read.
const PYTHON_CHECK: &[&str] = &[
    "-c",
    "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec'); \
     print(sys.executable, sys.base_prefix, sys.prefix, sep='\\n')",
    "{main}",
];

/// Every language stonejudge runs.
pub const TABLE: [Row; 15] = [
    Row {
        language: Language::Cpp,
        code: "cpp",
        name: "C++",
        extensions: &["cpp", "cc", "cxx", "c++", "C"],
        priority: 1000,
        toolchain: Toolchain::Native {
            compiler: "g++",
            args: &["-O2", "-std=c++17", "-o", "{out}", "{src}"],
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
        toolchain: Toolchain::Native {
            compiler: "ocamlopt",
            args: &["-o", "{out}", "{src}"],
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
        extensions: &["pl", "pm"],
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
        extensions: &["sh"],
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

    /// The language of a source file, by its ending (and, for `.py` and `.sh`, its first
    /// line), or `None` for anything else (taken to be an executable).
    pub fn of(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?;
        let language = TABLE
            .iter()
            .find(|row| row.extensions.contains(&extension))?
            .language;
        let shebang = || first_line(path);
        Some(match language {
            Language::Python3 if names(&shebang(), "pypy3") => Language::PyPy3,
            Language::Bash if names(&shebang(), "sh") => Language::Sh,
            other => other,
        })
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

    /// The first of its tools that is not installed (not in `PATH`), if one is not.
    pub fn missing_tool(self) -> Option<&'static str> {
        std::iter::once(self.tool())
            .chain(self.runtime())
            .find(|tool| super::find_in_path(tool).is_none())
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

/// Whether a `#!` line names the program `tool` (`#!/bin/sh`, `#!/usr/bin/env pypy3`).
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
        assert_eq!(Language::of(Path::new("sol.pl")), Some(Language::Perl));
        assert_eq!(Language::of(Path::new("sol")), None);
        assert_eq!(Language::of(Path::new("sol.txt")), None);
    }

    #[test]
    fn a_first_line_chooses_pypy_and_the_posix_shell() {
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
