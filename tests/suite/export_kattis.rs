//! `stonejudge export --format kattis`: the package's layout and its nim output validator.
//! The comparisons with Kattis problemtools (checktestdata, `verifyproblem`) need that tool and
//! live in the `tools` test crate (`tests/tools/`).

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use assert_cmd::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stonejudge() -> Command {
    let mut cmd = Command::cargo_bin("stonejudge").expect("binary");
    cmd.current_dir(repo());
    cmd
}

/// Exports `problem` into a fresh directory; returns it and export's standard error.
fn export(problem: &str) -> (tempfile::TempDir, PathBuf, String) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let out = scratch.path().join(problem);
    let output = stonejudge()
        .args(["export", problem, "--format", "kattis", "--out"])
        .arg(&out)
        .output()
        .expect("run export");
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "export {problem} failed: {err}");
    (scratch, out, err)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_package_has_the_icpc_layout() {
    let (_scratch, pkg, err) = export("stripes");
    let yaml = read(&pkg.join("problem.yaml"));
    assert!(yaml.contains("name: \"Stripes\"\n"), "{yaml}");
    assert!(
        yaml.contains("validation: default\nvalidator_flags: case_sensitive\n"),
        "{yaml}"
    );
    assert!(yaml.contains("limits:\n  memory: 256\n"), "{yaml}");
    let tex = read(&pkg.join("problem_statement/problem.en.tex"));
    assert!(tex.starts_with("\\problemname{Stripes}\n"), "{tex}");
    assert!(tex.contains("\\section*{Input}"), "{tex}");
    // The statement shows its sample by hand: exported as written, nothing inserted.
    assert_eq!(
        tex.matches("\\begin{verbatim}\n1 5 1\n3\n1\n5\n6\n\\end{verbatim}")
            .count(),
        1,
        "{tex}"
    );
    assert!(tex.contains("\\subsection*{Sample 1}"), "{tex}");
    // The sample is the manifest's, the answer the reference's.
    assert_eq!(read(&pkg.join("data/sample/01.in")), "1 5 1\n3\n1\n5\n6\n");
    assert_eq!(read(&pkg.join("data/sample/01.ans")), "1\n1\n2\n");
    let secret = std::fs::read_dir(pkg.join("data/secret"))
        .expect("secret")
        .count();
    let testdata = std::fs::read_dir(repo().join("testdata/stripes"))
        .expect("testdata")
        .count();
    assert_eq!(secret + 2, testdata, "every test but the sample is secret");
    assert!(pkg.join("input_validators/stripes.ctd").is_file());
    assert!(!pkg.join("output_validators").exists());
    assert!(pkg.join("submissions/accepted/stripes.cpp").is_file());
    assert!(pkg.join("submissions/accepted/stripes.rs").is_file());
    assert!(pkg.join("submissions/wrong_answer/grundy_u8.cpp").is_file());
    assert!(!pkg.join("submissions/accepted/stripes.py").exists());
    assert!(
        err.contains("left out") && err.contains("stripes.py"),
        "{err}"
    );
    assert!(!err.contains("short name"), "{err}");

    // A second export into the same place is refused rather than mixed in.
    let output = stonejudge()
        .args(["export", "stripes", "--format", "kattis", "--out"])
        .arg(&pkg)
        .output()
        .expect("run export");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is not empty"));
}

#[test]
fn the_nim_output_validator_accepts_any_winning_move_and_nothing_else() {
    let (scratch, pkg, _) = export("nim");
    assert!(read(&pkg.join("problem.yaml")).contains("validation: custom\n"));
    let binary = scratch.path().join("validate");
    let compiled = Process::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(pkg.join("output_validators/nim/validate.cpp"))
        .status()
        .expect("g++");
    assert!(compiled.success());
    let input = pkg.join("data/sample/01.in");
    let answer = pkg.join("data/sample/01.ans");
    let feedback = scratch.path().join("feedback");
    std::fs::create_dir_all(&feedback).expect("mkdir");
    let judge = |output: &str| -> (Option<i32>, String) {
        let status = Command::new(&binary)
            .arg(&input)
            .arg(&answer)
            .arg(&feedback)
            .write_stdin(output)
            .output()
            .expect("run validator");
        (
            status.status.code(),
            read(&feedback.join("judgemessage.txt")),
        )
    };
    // Sample: heaps (3 3 1), (1 2 3), (3 5 7 19 50). Two winning moves for the first game.
    assert_eq!(judge("first 1 2\nsecond\nfirst 5 18\n").0, Some(42));
    assert_eq!(judge("first 3 0\nsecond\nfirst 5 18\n").0, Some(42));
    let (code, message) = judge("first 1 1\nsecond\nfirst 5 18\n");
    assert_eq!(code, Some(43));
    assert!(
        message.contains("case 1: after leaving 1 in heap 1"),
        "{message}"
    );
    let (code, message) = judge("first 1 2\nsecond\nfirst 5 60\n");
    assert_eq!(code, Some(43));
    assert!(message.contains("is not a move"), "{message}");
    let (code, message) = judge("first 1 2\nsecond\n");
    assert_eq!(code, Some(43));
    assert!(
        message.contains("case 3: the output ends early"),
        "{message}"
    );
}

#[test]
fn a_folder_named_as_problemtools_refuses_is_written_with_a_note_naming_one_it_takes() {
    let (_scratch, pkg, err) = export("misere-nim");
    assert!(pkg.join("problem.yaml").is_file());
    assert!(
        err.contains(
            "note: problemtools takes the folder's name \"misere-nim\" as the problem's short name"
        ) && err.contains("\"miserenim\""),
        "{err}"
    );
}

/// The verdict of each test in `stonejudge judge`'s table, in order.
fn verdicts(table: &str) -> Vec<String> {
    (table.lines())
        .skip_while(|line| !line.starts_with("test "))
        .skip(1)
        .map_while(|line| {
            let verdict = line.split_whitespace().nth(1)?;
            let word = !verdict.is_empty() && verdict.chars().all(|c| c.is_ascii_uppercase());
            word.then(|| verdict.to_string())
        })
        .collect()
}

/// `stonejudge judge` with `args`, then `-- program`: its exit code and per-test verdicts.
fn judged(args: &[&std::ffi::OsStr], program: &Path) -> (Option<i32>, Vec<String>) {
    let output = stonejudge()
        .args(args)
        .arg("--")
        .arg(program)
        .output()
        .expect("run judge");
    let table = String::from_utf8_lossy(&output.stdout);
    (output.status.code(), verdicts(&table))
}

/// The interactor exported for a declared play problem (compiled with g++ by `judge` on the
/// package) gives every solution of the problem the verdict of each test that our own judge
/// gives, and the verdict its folder expects: for take-1-3-4-play and for a problem of each
/// way the interactor decides positions (misère search, Bouton's rule, a Grundy table).
#[test]
fn declared_play_interactors_judge_as_our_judge_does() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let root = scratch.path().join("archive");
    let mut problems = vec![(repo(), "take-1-3-4-play".to_string())];
    for game in &crate::declared_players::GAMES {
        crate::declared_players::make(&root, game);
        problems.push((root.clone(), game.name.to_string()));
    }
    for (archive, name) in &problems {
        let package = scratch.path().join("packages").join(name.replace('-', ""));
        let output = stonejudge()
            .args(["export", name, "--format", "kattis", "--root"])
            .arg(archive)
            .arg("--out")
            .arg(&package)
            .output()
            .expect("run export");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "export {name}: {err}");
        assert!(read(&package.join("problem.yaml")).contains("validation: custom interactive\n"));
        let interactor = read(&package.join(format!("output_validators/{name}/interactor.cpp")));
        assert!(!interactor.contains('@'), "{name}: unfilled\n{interactor}");
        for (folder, expected) in [("accepted", Some(0)), ("wrong_answer", Some(1))] {
            let dir = archive
                .join("problems")
                .join(name)
                .join("solutions")
                .join(folder);
            for entry in std::fs::read_dir(&dir).expect("solutions") {
                let program = entry.expect("an entry").path();
                let ours = judged(
                    &[
                        "judge".as_ref(),
                        name.as_ref(),
                        "--root".as_ref(),
                        archive.as_os_str(),
                    ],
                    &program,
                );
                let theirs = judged(&["judge".as_ref(), package.as_os_str()], &program);
                let shown = program.display();
                assert_eq!(ours.0, expected, "{name}: {shown}: our judge");
                assert_eq!(theirs.0, expected, "{name}: {shown}: the interactor");
                assert!(!ours.1.is_empty(), "{name}: {shown}: no tests");
                assert_eq!(ours.1, theirs.1, "{name}: {shown}: test by test");
            }
        }
    }
}
