//! `generators/generators.yaml` read in full and run as `bt generate` runs it, through the
//! real binary on packages written here: numbered lists (named by position over the whole
//! file), `count:` with `{count}`, `include:`, a program of the `generators:` map, inline
//! statement files; `testdata` writes `data/`; `judge` and `verify` judge a package whose
//! `data/` is not committed on the data made in a scratch directory; an empty `solution:`
//! and a crashing generator are errors naming the case (exit 1).

use std::path::{Path, PathBuf};

use super::package_cli::{stonejudge, text};
use super::package_fixtures::write;

/// The generators.yaml of `twice` (the answer is twice the input).
const YAML: &str = "\
solution: /submissions/accepted/twice.py
data:
  sample:
    data:
      - '':
          in: '1'
          in.statement: '1'
          in.download: {link: in}
  secret:
    data:
      - small: gen.py 2
      - counted:
          generate: gen.py {count}
          count: 3
      - group:
          data:
            - mapped: pair 4
          include:
            - small
";

/// `twice` in `dir/twice`, with `yaml` as its generators.yaml: its generator `gen.py N`
/// prints N, and the program `pair` of the `generators:` map is `pair.py` with `lib.py`.
fn twice(dir: &Path, yaml: &str) -> PathBuf {
    let root = dir.join("twice");
    let yaml = format!("generators:\n  pair:\n    - pair.py\n    - lib.py\n{yaml}");
    write(
        &root,
        &[
            ("problem.yaml", "name: Twice\n"),
            ("statement/problem.en.tex", "Print twice $n$.\n"),
            (
                "input_validators/validate.py",
                "import sys\nline = sys.stdin.read()\nsys.exit(42 if line.strip().isdigit() else 43)\n",
            ),
            ("submissions/accepted/twice.py", "print(2 * int(input()))\n"),
            (
                "submissions/wrong_answer/same.py",
                "print(int(input()))\n",
            ),
            ("generators/generators.yaml", &yaml),
            ("generators/gen.py", "import sys\nprint(sys.argv[1])\n"),
            ("generators/pair.py", "import sys\nfrom lib import value\nprint(value(sys.argv[1]))\n"),
            ("generators/lib.py", "def value(n):\n    return int(n) + 10\n"),
        ],
    );
    root
}

/// `stonejudge ARGS...` in `dir`: its exit code, and what it said (standard output, then
/// standard error).
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let output = stonejudge(dir).args(args).output().expect("stonejudge");
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    (output.status.code(), said)
}

/// `judge ./twice -- SUBMISSION` in `dir`.
fn judge(dir: &Path, submission: &str) -> (Option<i32>, String) {
    run(dir, &["judge", "./twice", "--", submission])
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn testdata_writes_data_as_bt_names_and_makes_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = twice(dir.path(), YAML);
    let (code, said) = run(dir.path(), &["testdata", "./twice"]);
    assert_eq!(code, Some(0), "{said}");
    let data = root.join("data");
    // Numbered over the whole file (six cases: width 1), the count's value after the name.
    assert_eq!(read(&data.join("sample/1.in")), "1\n");
    assert_eq!(read(&data.join("sample/1.ans")), "2\n");
    assert_eq!(read(&data.join("sample/1.in.statement")), "1\n");
    let link = std::fs::read_link(data.join("sample/1.in.download")).expect("a link");
    assert_eq!(link, Path::new("1.in"));
    assert_eq!(read(&data.join("secret/2-small.in")), "2\n");
    for (n, value) in [(3, 1), (4, 2), (5, 3)] {
        let base = data.join(format!("secret/{n}-counted-{value}"));
        assert_eq!(read(&base.with_extension("in")), format!("{value}\n"));
        assert_eq!(
            read(&base.with_extension("ans")),
            format!("{}\n", 2 * value)
        );
    }
    // A group of a numbered list is numbered among its directory's groups.
    assert_eq!(read(&data.join("secret/1-group/6-mapped.in")), "14\n");
    assert_eq!(read(&data.join("secret/1-group/6-mapped.ans")), "28\n");
    let included = std::fs::read_link(data.join("secret/1-group/2-small.in")).expect("a link");
    assert_eq!(included, Path::new("../2-small.in"));
    assert_eq!(read(&data.join("secret/1-group/2-small.ans")), "4\n");
    // What it wrote is what --check makes.
    let (code, said) = run(dir.path(), &["testdata", "--check", "./twice"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("7 cases made again, the same"), "{said}");
}

#[test]
fn a_package_without_data_is_judged_on_the_data_it_makes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = twice(dir.path(), YAML);
    let (code, said) = judge(dir.path(), "twice/submissions/accepted/twice.py");
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("all 7 tests AC"), "{said}");
    let (code, said) = judge(dir.path(), "twice/submissions/wrong_answer/same.py");
    assert_eq!(code, Some(1), "{said}");
    let (code, said) = run(dir.path(), &["verify", "./twice"]);
    assert_eq!(code, Some(0), "{said}");
    // Nothing was written into the package.
    assert!(!root.join("data").exists(), "{said}");
}

#[test]
fn a_crashing_generator_and_an_empty_solution_name_the_case() {
    let dir = tempfile::tempdir().expect("tempdir");
    let yaml = YAML.replace("gen.py 2", "gen.py");
    twice(dir.path(), &yaml);
    let (code, said) = judge(dir.path(), "twice/submissions/accepted/twice.py");
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("secret/2-small: `generators/gen.py `"),
        "{said}"
    );
    assert!(said.contains("IndexError"), "{said}");
    // verify judges no submission on the samples alone: the wrong one is not let through.
    let (code, said) = run(dir.path(), &["verify", "./twice"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("secret/2-small: `generators/gen.py `"),
        "{said}"
    );
    assert!(!said.contains("2 passed"), "{said}");

    let dir = tempfile::tempdir().expect("tempdir");
    let yaml = YAML.replace("solution: /submissions/accepted/twice.py", "solution:");
    let root = twice(dir.path(), &yaml);
    let (code, said) = run(dir.path(), &["testdata", "./twice"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("secret/2-small: no .ans was made and `solution:` is empty"),
        "{said}"
    );
    assert!(!root.join("data").exists(), "nothing is written: {said}");
}
