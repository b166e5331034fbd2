//! sinol-make packages for the tests, built in temporary folders: a task `abc` reading two
//! numbers and printing their sum, with generated tests, an input verifier and solutions meant
//! to score what their expectations say; each fixture adds one kind of package (a checker
//! with partial points, per-group limits, POI's time-based points, an ICPC contest, subtask
//! dependencies). Shared by
//! the suite and by the comparison with sinol-make in `tests/tools`.

use tempfile::TempDir;

/// The inputs ingen writes, by test name: group 0, two tests of group 1, one of group 2
/// (whose numbers are large enough for the wrong solution to fail).
pub const INPUTS: [(&str, &str); 4] = [
    ("abc0", "1 2\n"),
    ("abc1a", "3 4\n"),
    ("abc1b", "5 6\n"),
    ("abc2a", "100 200\n"),
];

const INGEN: &str = "#!/bin/bash\necho '1 2' > abc0.in\necho '3 4' > abc1a.in\n\
                     echo '5 6' > abc1b.in\necho '100 200' > abc2a.in\n";
const INWER: &str = "import sys\na, b = map(int, sys.stdin.readline().split())\n\
                     assert 0 <= a <= 1000 and 0 <= b <= 1000\nprint('OK')\n";
/// The model solution.
pub const MODEL: &str = "a, b = map(int, input().split())\nprint(a + b)\n";
/// Wrong on group 2 (its numbers reach 50).
pub const WRONG: &str = "a, b = map(int, input().split())\nprint(a + b if a < 50 else 0)\n";
/// One more than the sum on group 2: the checker gives half the points for that.
pub const OFF_BY_ONE: &str = "a, b = map(int, input().split())\nprint(a + b + (a >= 50))\n";
/// The checker: OK for the sum, OK with 50% for one more, else a rejection.
const CHECKER: &str = r"import sys
inp, out, ans = (open(p).read().split() for p in sys.argv[1:4])
if out == ans:
    print('OK\n\n100')
elif len(out) == 1 and out[0].lstrip('-').isdigit() and int(out[0]) == int(ans[0]) + 1:
    print('OK\nclose\n50')
else:
    print('WRONG\nnot the sum')
";

/// A package in a temporary folder `<tmp>/abc`.
pub struct Package {
    pub dir: TempDir,
}

impl Package {
    /// A package of these files (path under the package, text).
    pub fn of(files: &[(&str, &str)]) -> Package {
        let package = Package {
            dir: tempfile::tempdir().expect("tempdir"),
        };
        for (path, text) in files {
            package.write(path, text);
        }
        package
    }

    pub fn root(&self) -> std::path::PathBuf {
        self.dir.path().join("abc")
    }

    /// Writes `text` at `path` under the package.
    pub fn write(&self, path: &str, text: &str) {
        let path = self.root().join(path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
}

/// The sum package with `config` as its `config.yml` and these solutions (file name, source)
/// beside the model `abc.py`, ingen and inwer; `in/` and `out/` as ingen and the model make
/// them.
pub fn package(config: &str, solutions: &[(&str, &str)]) -> Package {
    let package = Package::of(&[
        ("config.yml", config),
        ("prog/abcingen.sh", INGEN),
        ("prog/abcinwer.py", INWER),
        ("prog/abc.py", MODEL),
    ]);
    for (name, source) in solutions {
        package.write(&format!("prog/{name}"), source);
    }
    for (name, input) in INPUTS {
        let sum: u64 = input
            .split_whitespace()
            .map(|n| n.parse::<u64>().expect("n"))
            .sum();
        package.write(&format!("in/{name}.in"), input);
        package.write(&format!("out/{name}.out"), &format!("{sum}\n"));
    }
    package
}

/// Expected scores: `abc.py` gets everything, `abcb1.py` (wrong on group 2) group 1's 40.
pub const SUM_EXPECTED: &str = "sinol_expected_scores:
  abc.py:
    expected:
      0: {points: 0, status: OK}
      1: {points: 40, status: OK}
      2: {points: 60, status: OK}
    points: 100
  abcb1.py:
    expected:
      0: {points: 0, status: OK}
      1: {points: 40, status: OK}
      2: {points: 0, status: WA}
    points: 40
";

/// A solution's entry of `sinol_expected_scores`: per group from 0 its points and status, then
/// the total.
pub fn expectation(solution: &str, groups: &[(u32, &str)], total: u32) -> String {
    let mut text = format!("  {solution}:\n    expected:\n");
    for (group, (points, status)) in groups.iter().enumerate() {
        text.push_str(&format!(
            "      {group}: {{points: {points}, status: {status}}}\n"
        ));
    }
    text + &format!("    points: {total}\n")
}

/// The default contest: scores 40 and 60, a solution meant to lose group 2.
pub fn sum() -> Package {
    let config = format!(
        "title: Sum\nsinol_task_id: abc\ntime_limit: 2000\nmemory_limit: 262144\n\
         scores:\n  1: 40\n  2: 60\n{SUM_EXPECTED}"
    );
    package(&config, &[("abcb1.py", WRONG)])
}

/// `subtask_dependencies`: group 1 is scored with group 2's tests too, so `abcb1.py` (wrong
/// on group 2) loses group 1 as well and gets 0; the model keeps 100.
pub fn dependencies() -> Package {
    let config = format!(
        "title: Sum\nsinol_task_id: abc\ntime_limit: 2000\nmemory_limit: 262144\n\
         scores:\n  1: 40\n  2: 60\nsubtask_dependencies:\n  1: [2]\n\
         sinol_expected_scores:\n{}{}",
        expectation("abc.py", &[(0, "OK"), (40, "OK"), (60, "OK")], 100),
        expectation("abcb1.py", &[(0, "OK"), (0, "WA"), (0, "WA")], 0)
    );
    package(&config, &[("abcb1.py", WRONG)])
}

/// A checker giving half the points to an answer one too large: `abcb2.py` gets 40 + 30.
pub fn checker() -> Package {
    let config = format!(
        "title: Sum\nsinol_task_id: abc\ntime_limit: 2000\nmemory_limit: 262144\n\
         scores:\n  1: 40\n  2: 60\nsinol_expected_scores:\n{}{}",
        expectation("abc.py", &[(0, "OK"), (40, "OK"), (60, "OK")], 100),
        expectation("abcb2.py", &[(0, "OK"), (40, "OK"), (30, "OK")], 70)
    );
    let package = package(&config, &[("abcb2.py", OFF_BY_ONE)]);
    package.write("prog/abcchk.py", CHECKER);
    package
}

/// Burns about `seconds` of CPU time on group 2 (its first number is 100), then answers.
pub fn slow_on_group_2(seconds: f64) -> String {
    format!(
        "import time\na, b = map(int, input().split())\nif a >= 50:\n    end = time.process_time() + {seconds}\n\
         \x20   while time.process_time() < end:\n        pass\nprint(a + b)\n"
    )
}

/// Group 2 has a time limit of its own (10 s against 1 s: room for sinol-make on a loaded
/// machine, whose time tool gave a TL here at 5 s): `abcs1.py`, which spends 1.5 s of
/// CPU there, passes; group 1 a memory limit of its own, C++ a time limit of its own.
pub fn limits() -> Package {
    let config = "title: Sum
sinol_task_id: abc
time_limit: 1000
time_limits:
  2: 10000
memory_limit: 262144
memory_limits:
  1: 131072
override_limits:
  cpp:
    time_limit: 100
scores:
  1: 50
  2: 50
sinol_expected_scores:
"
    .to_string()
        + &expectation("abc.py", &[(0, "OK"), (50, "OK"), (50, "OK")], 100)
        + &expectation("abcs1.py", &[(0, "OK"), (50, "OK"), (50, "OK")], 100);
    package(&config, &[("abcs1.py", &slow_on_group_2(1.5))])
}

/// An ICPC contest (all or nothing, 1 point) whose solution `name` (`source`) gets `expected`
/// on group 2 (its status and points, 1 or 0 also in total); the model gets everything.
fn icpc_with(name: &str, source: &str, expected: (u32, &str)) -> Package {
    let config = "title: Sum
sinol_task_id: abc
sinol_contest_type: icpc
time_limit: 2000
memory_limit: 262144
sinol_expected_scores:
"
    .to_string()
        + &expectation("abc.py", &[(1, "OK"), (1, "OK"), (1, "OK")], 1)
        + &expectation(name, &[(1, "OK"), (1, "OK"), expected], expected.0);
    package(&config, &[(name, source)])
}

/// An ICPC contest: all or nothing, 1 point; `abcb1.py` fails group 2 and gets nothing.
pub fn icpc() -> Package {
    icpc_with("abcb1.py", WRONG, (0, "WA"))
}

/// An ICPC contest with the checker of half points: `abcb2.py`, one too many on group 2,
/// passes every test, and a passed test is whole in `icpc`, whatever percentage it got.
pub fn icpc_checker() -> Package {
    let package = icpc_with("abcb2.py", OFF_BY_ONE, (1, "OK"));
    package.write("prog/abcchk.py", CHECKER);
    package
}

/// POI: a single scored group of 100, time limit 1 s; a run past 0.5 s loses points.
pub fn oi() -> Package {
    let config = "title: Sum
sinol_task_id: abc
sinol_contest_type: oi
time_limit: 1000
memory_limit: 262144
scores:
  1: 40
  2: 60
";
    package(config, &[])
}

/// The interactor of the guessing game: the secret on its standard input, the solution read
/// on the descriptor of its second argument and written to on its third (sio2's protocol), a
/// checker's report on its standard output: 100% for at most 7 guesses, 50% ("slow") for at
/// most 20, else a rejection. The 20th wrong guess gets no answer: the solution then reads
/// the end of its input and exits, rather than racing the interactor's exit with a 21st
/// guess (written after the interactor has gone, it would be a broken pipe: RE, not WA).
const GUESS_INTERACTOR: &str = r"import os, sys
secret = int(sys.stdin.read())
solution = os.fdopen(int(sys.argv[2]), 'r')
to_solution = os.fdopen(int(sys.argv[3]), 'w')
for asked in range(1, 21):
    line = solution.readline()
    if not line.strip():
        print('WRONG\nno guess')
        sys.exit(0)
    guess = int(line)
    if guess == secret:
        to_solution.write('yes\n')
        to_solution.flush()
        print('OK\n\n100' if asked <= 7 else 'OK\nslow\n50')
        sys.exit(0)
    if asked == 20:
        break
    to_solution.write('bigger\n' if secret > guess else 'smaller\n')
    to_solution.flush()
print('WRONG\ntoo many guesses')
";

/// Bisection over 1..100: at most 7 guesses.
pub const GUESS_MODEL: &str = r"low, high = 1, 100
while True:
    guess = (low + high) // 2
    print(guess, flush=True)
    said = input()
    if said == 'yes':
        break
    if said == 'bigger':
        low = guess + 1
    else:
        high = guess - 1
";

/// Guesses 1, 2, 3, … until told `yes` or the interactor stops answering: full points for a
/// secret up to 7, half up to 20, nothing above.
pub const GUESS_LINEAR: &str = r"import sys
guess = 1
while True:
    print(guess, flush=True)
    if sys.stdin.readline().strip() in ('yes', ''):
        break
    guess += 1
";

/// An interactive task (`prog/abcsoc.py`, no `out/`; ingen writes `in/`): guess a secret in 1..100. Group 1's
/// secrets are small, group 2's 15 (the linear `abcb1.py` earns half its points), group 3's
/// 90 (it runs out of guesses): `abcb1.py` gets 40 + 15 + 0.
pub fn interactive() -> Package {
    let package = Package {
        dir: tempfile::tempdir().expect("tempdir"),
    };
    let config = "title: Guess
sinol_task_id: abc
time_limit: 2000
memory_limit: 262144
scores:
  1: 40
  2: 30
  3: 30
sinol_expected_scores:
"
    .to_string()
        + &expectation(
            "abc.py",
            &[(0, "OK"), (40, "OK"), (30, "OK"), (30, "OK")],
            100,
        )
        + &expectation(
            "abcb1.py",
            &[(0, "OK"), (40, "OK"), (15, "OK"), (0, "WA")],
            55,
        );
    package.write("config.yml", &config);
    package.write("prog/abcsoc.py", GUESS_INTERACTOR);
    package.write("prog/abc.py", GUESS_MODEL);
    package.write("prog/abcb1.py", GUESS_LINEAR);
    let mut ingen = String::from("#!/bin/bash\n");
    for (name, secret) in [
        ("abc0", 2),
        ("abc1a", 3),
        ("abc1b", 6),
        ("abc2a", 15),
        ("abc3a", 90),
    ] {
        package.write(&format!("in/{name}.in"), &format!("{secret}\n"));
        ingen.push_str(&format!("echo {secret} > {name}.in\n"));
    }
    package.write("prog/abcingen.sh", &ingen);
    package
}

/// A header of `prog/` that ingen includes: it writes one test.
pub const HEADER: &str = "#include <fstream>\n\
    inline void test(const char *name, long a, long b) {\n\
    std::ofstream(name) << a << ' ' << b << '\\n';\n}\n";

/// A package that commits its example (group 0, a static test) and how the other tests are
/// made, as most sinol-make packages do: ingen in C++ including `prog/gen.h` (two tests of group 1), the
/// model solution in C++, and a solution that fails when a number reaches 30.
pub fn generated() -> Package {
    const INGEN: &str = "#include \"gen.h\"\n\
        int main() { test(\"abc1a.in\", 1, 2); test(\"abc1b.in\", 30, 12); }\n";
    const MODEL: &str = "#include <cstdio>\n\
        int main() { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; \
        printf(\"%ld\\n\", a + b); }\n";
    const WRONG: &str = "#include <cstdio>\n\
        int main() { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; \
        printf(\"%ld\\n\", a < 30 ? a + b : 0L); }\n";
    let config = format!(
        "title: Sum\nsinol_task_id: abc\ntime_limit: 1000\nmemory_limit: 262144\n\
         sinol_static_tests: [abc0.in]\nscores:\n  1: 100\nsinol_expected_scores:\n{}{}",
        expectation("abc.cpp", &[(0, "OK"), (100, "OK")], 100),
        expectation("abcb1.cpp", &[(0, "OK"), (0, "WA")], 0)
    );
    Package::of(&[
        ("config.yml", &config),
        ("prog/gen.h", HEADER),
        ("prog/abcingen.cpp", INGEN),
        ("prog/abc.cpp", MODEL),
        ("prog/abcb1.cpp", WRONG),
        ("in/abc0.in", "3 4\n"),
        ("out/abc0.out", "7\n"),
    ])
}
