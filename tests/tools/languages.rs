//! Every language of stonejudge's table, on the real binary: for each, a correct `nim` solution
//! (`tests/programs/languages/`, or the suite's C++ and Python ones) is AC, one that always
//! answers "second" is WA, and one with a syntax error is CE; a Java program that fills its
//! heap is MLE, with a memory cgroup and under `RLIMIT_AS` alike; a directory of Java classes
//! runs the class that holds `main`; `verify` holds a Kattis package's Java, Kotlin (a
//! directory), JavaScript, Perl and Go submissions to their folders' verdicts, its input
//! validator a Bash script; `stress` passes a Java solution and catches a wrong Kotlin one; and
//! a missing compiler is "javac is not installed" (exit
//! 2), not a verdict. A language whose tools are not installed here has its tests reported as
//! ignored, the reason printed (`.ci/run` installs them where Debian has them).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use libtest_mimic::{Failed, Trial};

/// One language: its code, the tools it needs, its AC program, and the file name and text of a
/// wrong answer and of a syntax error.
struct Case {
    code: &'static str,
    tools: &'static [&'static str],
    accepted: &'static str,
    file: &'static str,
    wrong: &'static str,
    broken: &'static str,
}

const CASES: [Case; 15] = [
    Case {
        code: "c",
        tools: &["gcc"],
        accepted: "languages/nim.c",
        file: "sol.c",
        wrong: "#include <stdio.h>\nint main(void) { puts(\"second\\nsecond\\nsecond\"); }\n",
        broken: "int main(void) { return 0 }\n",
    },
    Case {
        code: "cpp",
        tools: &["g++"],
        accepted: "nim_ok.cpp",
        file: "sol.cpp",
        wrong: "#include <cstdio>\nint main() { std::puts(\"second\\nsecond\\nsecond\"); }\n",
        broken: "int main() { return 0 }\n",
    },
    Case {
        code: "rust",
        tools: &["rustc"],
        accepted: "languages/nim.rs",
        file: "sol.rs",
        wrong: "fn main() { println!(\"second\\nsecond\\nsecond\"); }\n",
        broken: "fn main() { let x = ; }\n",
    },
    Case {
        code: "python3",
        tools: &["python3"],
        accepted: "nim_ok.py",
        file: "sol.py",
        wrong: "print('second\\nsecond\\nsecond')\n",
        broken: "def main(:\n    pass\n",
    },
    Case {
        code: "pypy3",
        tools: &["pypy3"],
        accepted: "languages/nim_pypy.py",
        file: "sol.py",
        wrong: "#!/usr/bin/env pypy3\nprint('second\\nsecond\\nsecond')\n",
        broken: "#!/usr/bin/env pypy3\ndef main(:\n    pass\n",
    },
    Case {
        code: "java",
        tools: &["javac", "java"],
        accepted: "languages/nim.java",
        file: "Sol.java",
        wrong: "public class Sol { public static void main(String[] a) { \
                System.out.println(\"second\\nsecond\\nsecond\"); } }\n",
        broken: "public class Sol { public static void main(String[] a) { int x = } }\n",
    },
    Case {
        code: "kotlin",
        tools: &["kotlinc", "java"],
        accepted: "languages/nim.kt",
        file: "sol.kt",
        wrong: "fun main() { println(\"second\\nsecond\\nsecond\") }\n",
        broken: "fun main() { val x = }\n",
    },
    Case {
        code: "csharp",
        tools: &["mcs", "mono"],
        accepted: "languages/nim.cs",
        file: "sol.cs",
        wrong: "class P { static void Main() { \
                System.Console.WriteLine(\"second\\nsecond\\nsecond\"); } }\n",
        broken: "class P { static void Main() { int x = } }\n",
    },
    Case {
        code: "go",
        tools: &["go"],
        accepted: "languages/nim.go",
        file: "sol.go",
        wrong: "package main\nimport \"fmt\"\nfunc main() { fmt.Println(\"second\\nsecond\\nsecond\") }\n",
        broken: "package main\nfunc main() { x := }\n",
    },
    Case {
        code: "haskell",
        tools: &["ghc"],
        accepted: "languages/nim.hs",
        file: "sol.hs",
        wrong: "main = putStr \"second\\nsecond\\nsecond\\n\"\n",
        broken: "main = putStr (\n",
    },
    Case {
        code: "ocaml",
        tools: &["ocamlopt"],
        accepted: "languages/nim.ml",
        file: "sol.ml",
        wrong: "let () = print_string \"second\\nsecond\\nsecond\\n\"\n",
        broken: "let () = print_string (\n",
    },
    Case {
        code: "javascript",
        tools: &["node"],
        accepted: "languages/nim.js",
        file: "sol.js",
        wrong: "console.log('second\\nsecond\\nsecond');\n",
        broken: "let = ;\n",
    },
    Case {
        code: "bash",
        tools: &["bash"],
        accepted: "languages/nim.sh",
        file: "sol.sh",
        wrong: "#!/bin/bash\nfor i in 1 2 3; do echo second; done\n",
        broken: "#!/bin/bash\nif then fi\n",
    },
    Case {
        code: "sh",
        tools: &["sh"],
        accepted: "languages/nim_posix.sh",
        file: "sol.sh",
        wrong: "#!/bin/sh\nfor i in 1 2 3; do echo second; done\n",
        broken: "#!/bin/sh\nif then fi\n",
    },
    Case {
        code: "perl",
        tools: &["perl"],
        accepted: "languages/nim.pm",
        file: "sol.pm",
        wrong: "print \"second\\n\" x 3;\n",
        broken: "print (\"second\";\n",
    },
];

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(name)
}

/// The first of `tools` not in `PATH`, as the reason to ignore a test.
fn missing(tools: &[&str]) -> Option<String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    tools
        .iter()
        .find(|tool| !std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
        .map(|tool| format!("{tool} is not installed"))
}

/// A nim test directory: three games, the second and third won by the first player.
fn test_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("01.in"), "3\n2\n3 3\n3\n1 2 4\n1\n5\n").expect("write");
    std::fs::write(dir.path().join("01.ans"), "second\nfirst 3 3\nfirst 1 0\n").expect("write");
    dir
}

/// `stonejudge judge nim --tests DIR FLAGS -- PROGRAM` with a compile cache shared by the
/// tests here; its output and `--json` report.
fn judge(program: &Path, flags: &[&str], env: &[(&str, &str)]) -> (Output, serde_json::Value) {
    let dir = test_dir();
    let report = dir.path().join("report.json");
    let output = Command::new(env!("CARGO_BIN_EXE_stonejudge"))
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("languages-cache"),
        )
        .envs(env.iter().copied())
        .args(["judge", "nim", "--tests"])
        .arg(dir.path())
        .arg("--json")
        .arg(&report)
        .args(flags)
        .arg("--")
        .arg(program)
        .output()
        .expect("stonejudge runs");
    let report = std::fs::read(&report)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or(serde_json::Value::Null);
    (output, report)
}

/// Judges `program` and checks that its one test's verdict is `expected`.
fn assert_verdict(program: &Path, expected: &str) -> Result<(), Failed> {
    let (output, report) = judge(program, &[], &[]);
    let verdict = &report["tests"][0]["verdict"];
    if verdict != expected {
        return Err(format!(
            "{}: expected {expected}, got {verdict}\nstdout: {}\nstderr: {}",
            program.display(),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
        .into());
    }
    Ok(())
}

/// A source written to a fresh directory (the directory kept alive with the path).
fn written(file: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join(file);
    std::fs::write(&path, text).expect("write source");
    (dir, path)
}

/// A trial that runs where `tools` are installed and is reported as ignored, the reason
/// printed, where one is not.
fn needs(
    name: String,
    tools: &'static [&'static str],
    test: impl FnOnce() -> Result<(), Failed> + Send + 'static,
) -> Trial {
    let reason = missing(tools);
    if let Some(reason) = &reason {
        println!("SKIPPED languages::{name} (reported as ignored): {reason}");
    }
    let ignored = reason.is_some();
    Trial::test(format!("languages::{name}"), move || match missing(tools) {
        None => test(),
        Some(reason) => Err(Failed::from(reason)),
    })
    .with_ignored_flag(ignored)
}

pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for case in &CASES {
        let accepted = program(case.accepted);
        trials.push(needs(
            format!("{}_solution_is_accepted", case.code),
            case.tools,
            move || assert_verdict(&accepted, "AC"),
        ));
        let (file, wrong, broken) = (case.file, case.wrong, case.broken);
        trials.push(needs(
            format!("{}_wrong_answer", case.code),
            case.tools,
            move || {
                let (_dir, path) = written(file, wrong);
                assert_verdict(&path, "WA")
            },
        ));
        trials.push(needs(
            format!("{}_syntax_error_is_ce", case.code),
            case.tools,
            move || {
                let (_dir, path) = written(file, broken);
                assert_verdict(&path, "CE")
            },
        ));
    }
    trials.push(needs(
        "java_filling_its_heap_is_mle".to_string(),
        &["javac", "java"],
        java_filling_its_heap_is_mle,
    ));
    trials.push(needs(
        "a_java_directory_runs_the_class_holding_main".to_string(),
        &["javac", "java"],
        a_java_directory_runs_the_class_holding_main,
    ));
    trials.push(needs(
        "a_package_verifies_in_java_kotlin_javascript_perl_go_and_bash".to_string(),
        &["javac", "java", "kotlinc", "node", "perl", "go", "bash"],
        a_package_verifies_in_java_kotlin_javascript_perl_go_and_bash,
    ));
    trials.push(needs(
        "stress_passes_java_and_catches_a_wrong_kotlin".to_string(),
        &["javac", "java", "kotlinc"],
        stress_passes_java_and_catches_a_wrong_kotlin,
    ));
    trials.push(Trial::test(
        "languages::a_missing_compiler_is_named_and_judges_nothing",
        a_missing_compiler_is_named_and_judges_nothing,
    ));
    trials
}

/// A Java program that allocates without end: MLE under 256 MiB, whether a memory cgroup or
/// the address space limits memory (the JVM gets `-Xmx256m` and room for its reservations).
fn java_filling_its_heap_is_mle() -> Result<(), Failed> {
    let (_dir, hog) = written(
        "Hog.java",
        "import java.util.*;\npublic class Hog { public static void main(String[] a) {\n\
         List<long[]> kept = new ArrayList<>();\n\
         while (true) kept.add(new long[1 << 17]);\n} }\n",
    );
    for without in ["", "cgroup"] {
        let (output, report) = judge(
            &hog,
            &["--memory-limit", "256"],
            &[("STONEJUDGE_SANDBOX_WITHOUT", without)],
        );
        let test = &report["tests"][0];
        if test["verdict"] != "MLE" {
            return Err(format!(
                "without {without:?}: expected MLE, got {test}\nstderr: {}",
                String::from_utf8_lossy(&output.stderr)
            )
            .into());
        }
    }
    Ok(())
}

/// A directory of two Java files, the class with `main` not named Main and not first in name
/// order: that class runs, the other is found on the class path.
fn a_java_directory_runs_the_class_holding_main() -> Result<(), Failed> {
    let dir = tempfile::tempdir().expect("tempdir");
    let program = dir.path().join("solution");
    std::fs::create_dir(&program).expect("mkdir");
    std::fs::write(
        program.join("Bouton.java"),
        "public class Bouton {\n  static long xor(long[] heaps) { long x = 0; \
         for (long h : heaps) x ^= h; return x; }\n}\n",
    )
    .expect("write");
    std::fs::write(
        program.join("Solver.java"),
        "import java.util.*;\npublic class Solver {\n  public static void main(String[] args) {\n\
         Scanner in = new Scanner(System.in);\n    int cases = in.nextInt();\n\
         while (cases-- > 0) {\n      long[] heaps = new long[in.nextInt()];\n\
         for (int i = 0; i < heaps.length; i++) heaps[i] = in.nextLong();\n\
         long x = Bouton.xor(heaps);\n      if (x == 0) { System.out.println(\"second\"); continue; }\n\
         for (int i = 0; i < heaps.length; i++) if ((heaps[i] ^ x) < heaps[i]) {\n\
         System.out.println(\"first \" + (i + 1) + \" \" + (heaps[i] ^ x)); break; }\n    }\n  }\n}\n",
    )
    .expect("write");
    assert_verdict(&program, "AC")
}

/// `stress nim` on 10 generated cases passes the Java solution (exit 0); `stress --gen GEN
/// --ref` with that Java solution as the reference catches a Kotlin program that always
/// answers "second" (exit 1).
fn stress_passes_java_and_catches_a_wrong_kotlin() -> Result<(), Failed> {
    let (dir, wrong) = written(
        "wrong.kt",
        "fun main() { while (readLine() != null) {}\n println(\"second\\nsecond\") }\n",
    );
    let generator = dir.path().join("gen.py");
    std::fs::write(&generator, "print('2\\n2\\n3 3\\n3\\n1 2 4')\n").expect("write");
    let java = program("languages/nim.java");
    let mut generic = vec![OsString::from("--gen"), generator.into_os_string()];
    generic.extend([OsString::from("--ref"), java.clone().into_os_string()]);
    let runs = [(vec![OsString::from("nim")], java, 0), (generic, wrong, 1)];
    for (words, program, expected) in runs {
        let output = Command::new(env!("CARGO_BIN_EXE_stonejudge"))
            .current_dir(dir.path())
            .env(
                "STONEJUDGE_CACHE",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("languages-cache"),
            )
            .arg("stress")
            .args(&words)
            .args(["--cases", "10", "--"])
            .arg(&program)
            .output()
            .expect("stonejudge runs");
        if output.status.code() != Some(expected) {
            return Err(format!(
                "{}: expected exit {expected}, got {:?}\n{}{}",
                program.display(),
                output.status.code(),
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            )
            .into());
        }
    }
    Ok(())
}

/// With `PATH` holding no Java compiler, a Java source is not judged: exit 2, the message
/// names the missing tool, and no test gets a verdict of the program's.
fn a_missing_compiler_is_named_and_judges_nothing() -> Result<(), Failed> {
    let empty = tempfile::tempdir().expect("tempdir");
    let path = empty.path().to_str().expect("utf-8 path");
    let (output, report) = judge(&program("languages/nim.java"), &[], &[("PATH", path)]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() != Some(2) || !stderr.contains("javac is not installed") {
        return Err(format!("{:?}: {stderr}", output.status.code()).into());
    }
    let verdict = &report["tests"][0]["verdict"];
    if !(verdict.is_null() || verdict == "JE") {
        return Err(format!("a verdict of the program's: {report}").into());
    }
    Ok(())
}

/// A legacy Kattis package ("print 2n") whose input validator is a Bash script and whose
/// submissions are in Java, Kotlin (a directory of two files), JavaScript, Perl and Go:
/// `verify` passes it, each submission with its folder's verdict, the validator run (not
/// skipped).
fn a_package_verifies_in_java_kotlin_javascript_perl_go_and_bash() -> Result<(), Failed> {
    let dir = tempfile::tempdir().expect("tempdir");
    let files: [(&str, &str); 13] = [
        ("problem.yaml", "name: Double\n"),
        (
            "problem_statement/problem.en.tex",
            "\\problemname{Double}\nPrint $2n$.\n",
        ),
        ("data/sample/1.in", "3\n"),
        ("data/sample/1.ans", "6\n"),
        ("data/secret/02.in", "7\n"),
        ("data/secret/02.ans", "14\n"),
        (
            "input_validators/validate.sh",
            "#!/bin/bash\nread -r line || exit 43\n[[ $line =~ ^[1-9][0-9]{0,8}$ ]] || exit 43\n\
             read -r more && exit 43\nexit 42\n",
        ),
        (
            "submissions/accepted/Twice.java",
            "import java.util.*;\npublic class Twice { public static void main(String[] a) {\n\
             System.out.println(2 * new Scanner(System.in).nextLong()); } }\n",
        ),
        (
            "submissions/accepted/kotlin/main.kt",
            "fun main() { println(twice(readLine()!!.trim().toLong())) }\n",
        ),
        (
            "submissions/accepted/kotlin/twice.kt",
            "fun twice(n: Long) = 2 * n\n",
        ),
        (
            "submissions/accepted/double.js",
            "const n = Number(require('fs').readFileSync(0, 'utf8').trim());\nconsole.log(2 * n);\n",
        ),
        (
            "submissions/wrong_answer/plus_one.pl",
            "#!/usr/bin/perl\nmy $n = <STDIN>;\nprint 2 * $n + ($n == 7), \"\\n\";\n",
        ),
        (
            "submissions/run_time_error/panic.go",
            "package main\nimport \"fmt\"\nfunc main() { var n int; fmt.Scan(&n)\n\
             if n == 7 { panic(\"seven\") }\nfmt.Println(2 * n) }\n",
        ),
    ];
    let package = dir.path().join("double");
    for (path, text) in files {
        let path = package.join(path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, text).expect("write");
    }
    let json = dir.path().join("verify.json");
    let output = Command::new(env!("CARGO_BIN_EXE_stonejudge"))
        .current_dir(dir.path())
        .env(
            "STONEJUDGE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("languages-cache"),
        )
        .args(["verify", "double", "--json"])
        .arg(&json)
        .output()
        .expect("stonejudge runs");
    let shown = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let document: serde_json::Value = std::fs::read(&json)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .ok_or_else(|| format!("no JSON report: {shown}"))?;
    if output.status.code() != Some(0) {
        return Err(format!("verify failed: {shown}").into());
    }
    let expected = [
        ("double", "2 inputs accepted by 1 validators"),
        (
            "double/submissions/accepted/Twice.java",
            "AC, as its folder promises",
        ),
        (
            "double/submissions/accepted/kotlin",
            "AC, as its folder promises",
        ),
        (
            "double/submissions/accepted/double.js",
            "AC, as its folder promises",
        ),
        (
            "double/submissions/wrong_answer/plus_one.pl",
            "WA (test secret/02",
        ),
        (
            "double/submissions/run_time_error/panic.go",
            "RTE (test secret/02",
        ),
    ];
    let items = document["items"].as_array().cloned().unwrap_or_default();
    for (id, said) in expected {
        let item = items
            .iter()
            .find(|i| i["id"] == id)
            .ok_or_else(|| format!("no item {id}: {document}"))?;
        let details: Vec<&str> = item["checks"]
            .as_array()
            .map(|checks| checks.iter().filter_map(|c| c["detail"].as_str()).collect())
            .unwrap_or_default();
        let held = item["ok"] == true
            && item["skipped"] != true
            && details.iter().any(|d| d.starts_with(said));
        if !held {
            return Err(format!("{id} should pass saying {said:?}: {item}").into());
        }
    }
    Ok(())
}
