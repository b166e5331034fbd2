//! The committed test data is strong: every plausible wrong solution a problem keeps in
//! `problems/<name>/solutions/wrong_answer/` gets a wrong verdict on at least one committed
//! test. (`verify` judges every solution against its expected verdict; this test pins the
//! claim about the data itself and names the test that catches each wrong solution.)

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use stonejudge::archive::Archive;
use stonejudge::catalog::{DynProblem, CATALOG};
use stonejudge::verdict::Verdict;

fn archive() -> Archive {
    Archive::new(env!("CARGO_MANIFEST_DIR"))
}

/// The command that runs `source`, compiling it into `scratch` first if needed.
fn prepare(source: &Path, scratch: &Path) -> Command {
    let ext = source.extension().and_then(|e| e.to_str()).unwrap_or("");
    let exe = scratch.join(
        source
            .file_stem()
            .expect("a file name")
            .to_string_lossy()
            .into_owned(),
    );
    let compile = |mut cmd: Command| {
        let status = cmd.status().expect("compiler runs");
        assert!(status.success(), "cannot compile {}", source.display());
        Command::new(&exe)
    };
    match ext {
        "py" => {
            let mut cmd = Command::new("python3");
            cmd.arg(source);
            cmd
        }
        "cpp" => {
            let mut cmd = Command::new("g++");
            cmd.args(["-O2", "-std=c++17", "-o"]).arg(&exe).arg(source);
            compile(cmd)
        }
        "rs" => {
            let mut cmd = Command::new("rustc");
            cmd.args(["-O", "--edition", "2021", "-o"])
                .arg(&exe)
                .arg(source);
            compile(cmd)
        }
        other => panic!("{}: unknown language {other:?}", source.display()),
    }
}

/// The committed tests of a problem as `(input path, answer path)`, in name order.
fn committed(problem: &dyn DynProblem) -> Vec<(PathBuf, PathBuf)> {
    let dir = archive().testdata_dir(problem.name());
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| {
            let answer = input.with_extension("ans");
            (input, answer)
        })
        .collect()
}

/// The first committed test on which `program` is not accepted, with the reason.
fn first_failure(problem: &dyn DynProblem, program: &mut Command) -> Option<(PathBuf, String)> {
    for (input, answer) in committed(problem) {
        let output = program
            .stdin(Stdio::from(
                std::fs::File::open(&input).expect("open input"),
            ))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .output()
            .expect("program runs");
        if !output.status.success() {
            return Some((input, format!("exit status {}", output.status)));
        }
        let judgement = problem
            .check(
                &std::fs::read(&input).expect("read input"),
                &std::fs::read(&answer).expect("read answer"),
                &output.stdout,
            )
            .unwrap_or_else(|e| panic!("{}: judge failure: {e}", input.display()));
        if judgement.verdict != Verdict::AC {
            return Some((
                input,
                format!("{:?}: {}", judgement.verdict, judgement.message),
            ));
        }
    }
    None
}

#[test]
fn every_wrong_solution_fails_on_the_committed_data() {
    let scratch = tempfile::tempdir().expect("temp dir");
    for problem in CATALOG {
        let dir = archive()
            .problem_dir(problem.name())
            .join("solutions")
            .join("wrong_answer");
        let mut sources: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("entry").path())
            .collect();
        sources.sort();
        assert!(
            !sources.is_empty(),
            "{}: no wrong solution to test the data against",
            problem.name()
        );
        for source in sources {
            let mut program = prepare(&source, scratch.path());
            match first_failure(*problem, &mut program) {
                Some((test, why)) => {
                    eprintln!("{} fails on {}: {why}", source.display(), test.display())
                }
                None => panic!(
                    "{} passes every committed test of {}: the data is too weak",
                    source.display(),
                    problem.name()
                ),
            }
        }
    }
}
