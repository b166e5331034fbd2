//! Real Kattis packages written into a directory, shared by the suite's package tests and the
//! problemtools comparison (`tests/tools/`): each function writes one package and returns the
//! submissions with the verdict `verifyproblem` gives them.
//!
//! - `double` (legacy): the default validator with `float_tolerance`, groups nested three
//!   deep with `input_validator_flags`, a C++ input validator, and submissions of every
//!   verdict folder in C, C++ and Python, one a C directory and one a Python directory;
//! - `divisor` (2023-07): a C++ output validator in `output_validator/` whose `strict` flag
//!   comes from `data/secret/testdata.yaml`, and a Rust submission;
//! - `multiple` (legacy, `validation: custom`): a Python output validator taking
//!   `validator_flags`;
//! - `guess` (legacy, `validation: custom interactive`) and `guess_py` (2023-07, `type:
//!   interactive`): the same guessing game, its interactor in C++ and in Python taking the
//!   package's flags, and submissions of every verdict folder in C, C++ and Python;
//! - `scoring` (legacy), and a `problem.yaml` that does not parse;
//! - `halve` (2025-09), for `package_2025` and the BAPCtools comparison; `halve_generated`:
//!   the same with `generators/generators.yaml` making its `data/`;
//! - `forms_2025` (2025-09): submissions in the forms BAPCtools runs (`.bash`, Prolog `.pl`,
//!   Python that says which Python runs it, a folder submission under a custom folder whose
//!   file is a link) and entries it leaves out (`.disabled`, `.template`, hidden), for
//!   `submission_forms` and the BAPCtools comparison.

use std::path::{Path, PathBuf};

/// Writes `files` (path under `root`, contents) into `root`.
pub fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, contents) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(&path, contents).expect("write");
    }
}

/// An input validator: one integer 1..=10^9 on a line (no leading zeros); with the flag
/// `small`, at most 5. Exit 42 when valid.
const VALIDATE_CPP: &str = r#"#include <cstring>
#include <iostream>
#include <iterator>
#include <string>
int main(int argc, char** argv) {
    bool small = false;
    for (int i = 1; i < argc; i++) small = small || !std::strcmp(argv[i], "small");
    std::string s((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    if (s.size() < 2 || s.back() != '\n') return 43;
    s.pop_back();
    if (s.size() > 9 || s[0] == '0') return 43;
    for (char c : s) if (c < '0' || c > '9') return 43;
    if (small && std::stol(s) > 5) return 43;
    return 42;
}
"#;

/// `double`: print 2n. Returns (submission, verdict verifyproblem gives).
pub fn double(root: &Path) -> Vec<(&'static str, &'static str)> {
    write(
        root,
        &[
            (
                "problem.yaml",
                "name: Double\nvalidator_flags: float_tolerance 1e-6\n",
            ),
            (
                "problem_statement/problem.en.tex",
                "\\problemname{Double}\nPrint $2n$.\n",
            ),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/02.in", "7\n"),
            ("data/secret/02.ans", "14\n"),
            (
                "data/secret/group1/testdata.yaml",
                "input_validator_flags: small\n",
            ),
            ("data/secret/group1/01.in", "5\n"),
            // Only float_tolerance accepts "10" for this.
            ("data/secret/group1/01.ans", "10.0000001\n"),
            ("data/secret/group1/deep/03.in", "4\n"),
            ("data/secret/group1/deep/03.ans", "8\n"),
            ("input_validators/validate.cpp", VALIDATE_CPP),
            (
                "submissions/accepted/double.cpp",
                "#include <cstdio>\nint main(){long long n; if(scanf(\"%lld\",&n)!=1) return 1; \
                 printf(\"%lld\\n\", 2*n);}\n",
            ),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()))\n",
            ),
            (
                "submissions/wrong_answer/plus_one.c",
                "#include <stdio.h>\nint main(void){long n; if(scanf(\"%ld\",&n)!=1) return 1; \
                 printf(\"%ld\\n\", 2*n + (n == 7)); return 0;}\n",
            ),
            (
                "submissions/wrong_answer/words/main.py",
                "from spell import spell\nn = int(input())\nprint(spell(2 * n))\n",
            ),
            (
                "submissions/wrong_answer/words/spell.py",
                "def spell(x):\n    return 'eight' if x == 8 else str(x)\n",
            ),
            (
                "submissions/run_time_error/crash/main.c",
                "#include <stdio.h>\n#include \"helper.h\"\nint main(void){int n; \
                 if(scanf(\"%d\",&n)!=1) return 1; if(n==5) return crash(); \
                 printf(\"%d\\n\", 2*n); return 0;}\n",
            ),
            (
                "submissions/run_time_error/crash/helper.h",
                "int crash(void);\n",
            ),
            (
                "submissions/run_time_error/crash/helper.c",
                "int crash(void) { return 3; }\n",
            ),
            (
                "submissions/time_limit_exceeded/spin.cpp",
                "#include <cstdio>\nint main(){long long n; if(scanf(\"%lld\",&n)!=1) return 1; \
                 volatile unsigned long x = 0; while (n == 7) x++; printf(\"%lld\\n\", 2*n);}\n",
            ),
        ],
    );
    vec![
        ("accepted/double.cpp", "AC"),
        ("accepted/double.py", "AC"),
        ("run_time_error/crash", "RTE"),
        ("time_limit_exceeded/spin.cpp", "TLE"),
        ("wrong_answer/plus_one.c", "WA"),
        ("wrong_answer/words", "WA"),
    ]
}

/// `divisor` (2023-07): print a divisor d of n with 1 < d < n; a C++ output validator.
pub fn divisor(root: &Path) -> Vec<(&'static str, &'static str)> {
    write(
        root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07-draft\nname: Divisor\n\
                 uuid: 0b2a8f1e-3f4d-4c55-9a3e-1f2e3d4c5b6a\ntype: pass-fail\n\
                 limits:\n  time_multipliers:\n    ac_to_time_limit: 3\n",
            ),
            (
                "statement/problem.en.md",
                "# Divisor\n\nPrint a divisor $d$ of $n$ with $1 < d < n$.\n",
            ),
            ("data/sample/1.in", "6\n"),
            ("data/sample/1.ans", "2\n"),
            (
                "data/secret/testdata.yaml",
                "output_validator_flags: strict\n",
            ),
            ("data/secret/02.in", "49\n"),
            ("data/secret/02.ans", "7\n"),
            ("data/secret/a/01.in", "15\n"),
            ("data/secret/a/01.ans", "3\n"),
            ("input_validators/validate.cpp", VALIDATE_CPP),
            (
                "output_validator/validator.cpp",
                r#"#include <cstdio>
#include <cstring>
#include <string>
int main(int argc, char** argv) {
    bool strict = false;
    for (int i = 4; i < argc; i++) strict = strict || !std::strcmp(argv[i], "strict");
    FILE* in = std::fopen(argv[1], "r");
    long long n = 0, d = 0;
    if (!in || std::fscanf(in, "%lld", &n) != 1) return 1;
    FILE* msg = std::fopen((std::string(argv[3]) + "/judgemessage.txt").c_str(), "w");
    if (!msg) return 1;
    if (std::scanf("%lld", &d) != 1) { std::fprintf(msg, "no number\n"); return 43; }
    if (d <= 1 || d >= n || n % d != 0) {
        std::fprintf(msg, "%lld is not a proper divisor of %lld\n", d, n);
        return 43;
    }
    char extra[2];
    if (strict && std::scanf("%1s", extra) == 1) { std::fprintf(msg, "trailing output\n"); return 43; }
    return 42;
}
"#,
            ),
            (
                "submissions/accepted/smallest.cpp",
                "#include <cstdio>\nint main(){long long n; if(scanf(\"%lld\",&n)!=1) return 1; \
                 long long d = 2; while (n % d) d++; printf(\"%lld\\n\", d);}\n",
            ),
            (
                "submissions/accepted/largest.py",
                "n = int(input())\nd = 2\nwhile n % d:\n    d += 1\nprint(n // d)\n",
            ),
            (
                "submissions/wrong_answer/one.c",
                "#include <stdio.h>\nint main(void){puts(\"1\"); return 0;}\n",
            ),
            (
                "submissions/wrong_answer/trailing.cpp",
                "#include <cstdio>\nint main(){long long n; if(scanf(\"%lld\",&n)!=1) return 1; \
                 long long d = 2; while (n % d) d++; printf(\"%lld extra\\n\", d);}\n",
            ),
            (
                "submissions/run_time_error/panic.rs",
                "use std::io::Read;\nfn main() { let mut s = String::new(); \
                 std::io::stdin().read_to_string(&mut s).unwrap(); \
                 let n: u64 = s.trim().parse().unwrap(); if n == 49 { panic!(\"49\"); } \
                 let d = (2..n).find(|d| n % d == 0).unwrap(); println!(\"{d}\"); }\n",
            ),
        ],
    );
    vec![
        ("accepted/largest.py", "AC"),
        ("accepted/smallest.cpp", "AC"),
        ("run_time_error/panic.rs", "RTE"),
        ("wrong_answer/one.c", "WA"),
        ("wrong_answer/trailing.cpp", "WA"),
    ]
}

/// `multiple` (legacy, `validation: custom`): print a multiple x of n with n <= x <= limit·n,
/// `limit` from `validator_flags`; a Python output validator.
pub fn multiple(root: &Path) -> Vec<(&'static str, &'static str)> {
    write(
        root,
        &[
            (
                "problem.yaml",
                "name: Multiple\nvalidation: custom\nvalidator_flags: limit 10\n",
            ),
            ("data/sample/1.in", "2\n"),
            ("data/sample/1.ans", "2\n"),
            ("data/secret/01.in", "3\n"),
            ("data/secret/01.ans", "3\n"),
            ("input_validators/validate.cpp", VALIDATE_CPP),
            (
                "output_validators/check.py",
                "import sys\nn = int(open(sys.argv[1]).read())\n\
                 limit = int(sys.argv[sys.argv.index('limit') + 1])\n\
                 x = int(sys.stdin.read().split()[0])\n\
                 ok = n <= x <= limit * n and x % n == 0\n\
                 open(sys.argv[3] + '/judgemessage.txt', 'w').write('ok' if ok else f'{x} is not allowed')\n\
                 sys.exit(42 if ok else 43)\n",
            ),
            ("submissions/accepted/triple.py", "print(3 * int(input()))\n"),
            ("submissions/wrong_answer/zero.py", "input()\nprint(0)\n"),
            ("submissions/wrong_answer/too_big.py", "print(11 * int(input()))\n"),
        ],
    );
    vec![
        ("accepted/triple.py", "AC"),
        ("wrong_answer/too_big.py", "WA"),
        ("wrong_answer/zero.py", "WA"),
    ]
}

/// The guessing game's interactor in C++: `max_guesses N` must be among its flags. It tells the
/// program the upper bound 1000, answers each guess `higher`, `lower` or `correct`, rejects the
/// guess after the N-th, a line that is not a number, and any output after `correct` (it reads
/// to the end).
const INTERACTOR_CPP: &str = r#"#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
static FILE* msg;
static int reject(const std::string& why) { std::fprintf(msg, "%s\n", why.c_str()); return 43; }
int main(int argc, char** argv) {
    if (argc < 4) return 1;
    long most = 0;
    for (int i = 4; i + 1 < argc; i++) if (!std::strcmp(argv[i], "max_guesses")) most = std::atol(argv[i + 1]);
    if (most <= 0) return 1;
    std::ifstream in(argv[1]);
    long n = 0;
    if (!(in >> n)) return 1;
    msg = std::fopen((std::string(argv[3]) + "judgemessage.txt").c_str(), "w");
    if (!msg) return 1;
    std::cout << 1000 << std::endl;
    std::string line;
    for (long guesses = 1;; guesses++) {
        if (!std::getline(std::cin, line)) return reject("the program stopped before it guessed " + std::to_string(n));
        char* end = nullptr;
        errno = 0;
        long x = std::strtol(line.c_str(), &end, 10);
        if (line.empty() || *end != '\0' || errno) return reject("guess " + std::to_string(guesses) + ": not a number: " + line);
        if (x == n) {
            std::cout << "correct" << std::endl;
            if (std::getline(std::cin, line)) return reject("output after the correct guess: " + line);
            std::fprintf(msg, "guessed %ld in %ld guesses\n", n, guesses);
            return 42;
        }
        if (guesses == most) return reject(std::to_string(most) + " guesses, and none was " + std::to_string(n));
        std::cout << (x < n ? "higher" : "lower") << std::endl;
    }
}
"#;

/// The same interactor in Python.
const INTERACTOR_PY: &str = r#"import sys

def main():
    args = sys.argv[4:]
    if "max_guesses" not in args:
        return 1
    most = int(args[args.index("max_guesses") + 1])
    with open(sys.argv[1]) as f:
        n = int(f.read())
    msg = open(sys.argv[3] + "judgemessage.txt", "w")
    def reject(why):
        msg.write(why + "\n")
        return 43
    print(1000, flush=True)
    guesses = 0
    while True:
        guesses += 1
        line = sys.stdin.readline()
        if not line:
            return reject(f"the program stopped before it guessed {n}")
        line = line.rstrip("\n")
        try:
            x = int(line)
        except ValueError:
            return reject(f"guess {guesses}: not a number: {line}")
        if x == n:
            print("correct", flush=True)
            rest = sys.stdin.readline()
            if rest:
                return reject(f"output after the correct guess: {rest.strip()}")
            msg.write(f"guessed {n} in {guesses} guesses\n")
            return 42
        if guesses == most:
            return reject(f"{most} guesses, and none was {n}")
        print("higher" if x < n else "lower", flush=True)

sys.exit(main())
"#;

/// The guessing game's tests (the secret number of each) and submissions, shared by both
/// packages.
const GUESS_FILES: [(&str, &str); 15] = [
    ("data/sample/1.in", "1\n"),
    ("data/sample/1.ans", "1\n"),
    ("data/secret/01.in", "500\n"),
    ("data/secret/01.ans", "500\n"),
    ("data/secret/02.in", "1000\n"),
    ("data/secret/02.ans", "1000\n"),
    ("data/secret/03.in", "737\n"),
    ("data/secret/03.ans", "737\n"),
    (
        "submissions/accepted/binary.cpp",
        "#include <iostream>\n#include <string>\nint main() { long lo = 1, hi; \
         if (!(std::cin >> hi)) return 1; std::string reply; for (;;) { long mid = (lo + hi) / 2; \
         std::cout << mid << std::endl; if (!(std::cin >> reply)) return 1; \
         if (reply == \"correct\") return 0; if (reply == \"higher\") lo = mid + 1; \
         else hi = mid - 1; } }\n",
    ),
    (
        "submissions/accepted/binary.py",
        "lo, hi = 1, int(input())\nwhile True:\n    mid = (lo + hi) // 2\n    \
         print(mid, flush=True)\n    reply = input()\n    if reply == 'correct':\n        break\n    \
         if reply == 'higher':\n        lo = mid + 1\n    else:\n        hi = mid - 1\n",
    ),
    // Guesses 1, 2, 3, ...: the interactor gives up on it first.
    (
        "submissions/wrong_answer/linear.c",
        "#include <stdio.h>\n#include <string.h>\nint main(void) { long hi; char reply[16]; \
         if (scanf(\"%ld\", &hi) != 1) return 1; for (long x = 1; x <= hi; x++) { \
         printf(\"%ld\\n\", x); fflush(stdout); if (scanf(\"%15s\", reply) != 1) return 0; \
         if (!strcmp(reply, \"correct\")) return 0; } return 0; }\n",
    ),
    // Guesses 1 and leaves, with status 0: it ends first.
    (
        "submissions/wrong_answer/gives_up.c",
        "#include <stdio.h>\nint main(void) { long hi; if (scanf(\"%ld\", &hi) != 1) return 1; \
         printf(\"1\\n\"); return 0; }\n",
    ),
    // Binary search without a flush: its guess never leaves its buffer.
    (
        "submissions/time_limit_exceeded/no_flush.c",
        "#include <stdio.h>\n#include <string.h>\nint main(void) { long lo = 1, hi; char reply[16]; \
         if (scanf(\"%ld\", &hi) != 1) return 1; for (;;) { long mid = (lo + hi) / 2; \
         printf(\"%ld\\n\", mid); if (scanf(\"%15s\", reply) != 1) return 1; \
         if (!strcmp(reply, \"correct\")) return 0; if (!strcmp(reply, \"higher\")) lo = mid + 1; \
         else hi = mid - 1; } }\n",
    ),
    // Crashes after the first answer, unless its first guess was right.
    (
        "submissions/run_time_error/abort.cpp",
        "#include <cstdlib>\n#include <iostream>\n#include <string>\nint main() { long hi; \
         if (!(std::cin >> hi)) return 1; std::cout << 500 << std::endl; std::string reply; \
         std::cin >> reply; if (reply != \"correct\") std::abort(); }\n",
    ),
    ("input_validators/validate.cpp", VALIDATE_CPP),
];

/// What `verifyproblem` gives the guessing game's submissions.
const GUESS_VERDICTS: [(&str, &str); 6] = [
    ("accepted/binary.cpp", "AC"),
    ("accepted/binary.py", "AC"),
    ("run_time_error/abort.cpp", "RTE"),
    ("time_limit_exceeded/no_flush.c", "TLE"),
    ("wrong_answer/gives_up.c", "WA"),
    ("wrong_answer/linear.c", "WA"),
];

/// `guess` (legacy, `validation: custom interactive`): the C++ interactor, its flag from
/// `validator_flags`.
pub fn guess(root: &Path) -> Vec<(&'static str, &'static str)> {
    write(root, &GUESS_FILES);
    write(
        root,
        &[
            (
                "problem.yaml",
                "name: Guess\nvalidation: custom interactive\nvalidator_flags: max_guesses 10\n",
            ),
            (
                "problem_statement/problem.en.tex",
                "\\problemname{Guess}\nGuess the number between 1 and 1000 in 10 guesses.\n",
            ),
            (
                "output_validators/interactor/interactor.cpp",
                INTERACTOR_CPP,
            ),
        ],
    );
    GUESS_VERDICTS.to_vec()
}

/// `guess_py` (2023-07, `type: interactive`): the Python interactor, its flag from
/// `data/testdata.yaml`'s `output_validator_args`.
pub fn guess_py(root: &Path) -> Vec<(&'static str, &'static str)> {
    write(root, &GUESS_FILES);
    write(
        root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07-draft\nname: Guess\n\
                 uuid: 6c1f0e2a-8d4b-4f7e-9a51-3b2c1d0e9f8a\ntype: interactive\n",
            ),
            (
                "statement/problem.en.md",
                "# Guess\n\nGuess the number between 1 and 1000 in 10 guesses.\n",
            ),
            (
                "data/testdata.yaml",
                "output_validator_args: max_guesses 10\n",
            ),
            ("output_validator/interactor.py", INTERACTOR_PY),
        ],
    );
    GUESS_VERDICTS.to_vec()
}

/// A scoring package: one accepted submission fails a test.
pub fn scoring(root: &Path) {
    write(
        root,
        &[
            ("problem.yaml", "name: Scored\ntype: scoring\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/testdata.yaml", "on_reject: continue\n"),
            ("data/secret/01.in", "5\n"),
            ("data/secret/01.ans", "10\n"),
            ("data/secret/02.in", "4\n"),
            ("data/secret/02.ans", "8\n"),
            ("input_validators/validate.cpp", VALIDATE_CPP),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()))\n",
            ),
            (
                "submissions/accepted/almost.py",
                "n = int(input())\nprint(2 * n + (n == 4))\n",
            ),
            (
                "submissions/wrong_answer/half.py",
                "print(int(input()) // 2)\n",
            ),
        ],
    );
}

/// `halve`'s `problem.yaml`.
pub const HALVE_PROBLEM_YAML: &str = "problem_format_version: 2025-09
name:
  en: Halve
uuid: 0b8a6f3e-4c1d-4f53-9d2e-6a1f2b3c4d5e
type: pass-fail
license: cc by-sa
rights_owner: The Stones
credits:
  authors: Ann Author <ann@example.com>
source: Stone Cup 2025
keywords: [arithmetic, floats]
languages: [python3, cpp]
limits:
  time_limit: 1
  memory: 512
  code: 64
constants:
  max_n: 1000000
";

/// Exit 42 when standard input is one integer 1 <= n <= max on a line; `--max M` sets max,
/// whose default is the package's constant `max_n`.
const VALIDATE_PY: &str = r#"import sys
args = sys.argv[1:]
limit = int("{{max_n}}")
if "--max" in args:
    limit = int(args[args.index("--max") + 1])
text = sys.stdin.read()
try:
    assert text.endswith("\n") and text.count("\n") == 1
    n = int(text)
    assert str(n) + "\n" == text and 1 <= n <= limit
except Exception:
    sys.exit(43)
sys.exit(42)
"#;

/// An answer validator: the answer is n/2 for the input named first (exit 42), else 43.
const CHECK_ANSWER_PY: &str = r#"import sys
n = int(open(sys.argv[1]).read())
try:
    ok = abs(float(sys.stdin.read()) - n / 2) < 1e-9
except ValueError:
    ok = False
sys.exit(42 if ok else 43)
"#;

/// `halve` (2025-09): print n/2. `test_group.yaml` lists inherited from `secret/` by its
/// groups, a case's own `.yaml`, constants, `include/default/`, answer validators, every
/// folder of validator cases, and submissions of every default folder and of a folder of
/// its own, held to `submissions.yaml`; `wrong_answer/actually_right.py` breaks its
/// folder's requirement.
pub fn halve(root: &Path) {
    write(
        root,
        &[
            ("problem.yaml", HALVE_PROBLEM_YAML),
            ("statement/problem.en.md", "Print $n/2$.\n"),
            ("input_validators/validate.py", VALIDATE_PY),
            ("answer_validators/check_answer.py", CHECK_ANSWER_PY),
            (
                "include/default/halving.py",
                "def halve(n):\n    return n / 2\n",
            ),
            (
                "data/sample/test_group.yaml",
                "output_validator_args: [float_tolerance, \"1e-6\"]\n",
            ),
            ("data/sample/1.in", "2\n"),
            ("data/sample/1.ans", "1.0\n"),
            (
                "data/secret/test_group.yaml",
                "output_validator_args: [float_tolerance, \"1e-6\"]\n\
                 input_validator_args: [--max, \"10\"]\n",
            ),
            // Inherits both lists from secret/.
            ("data/secret/small/01.in", "3\n"),
            ("data/secret/small/01.ans", "1.5\n"),
            ("data/secret/small/02.in", "4\n"),
            ("data/secret/small/02.ans", "2.0\n"),
            // Its own arguments, for the validator by name.
            (
                "data/secret/small/02.yaml",
                "input_validator_args:\n  validate: [--max, \"5\"]\ndescription: an even n\n",
            ),
            // 500 is over secret/'s --max 10: only its own test_group.yaml lets it through.
            (
                "data/secret/big/test_group.yaml",
                "input_validator_args: [--max, \"1000\"]\n",
            ),
            ("data/secret/big/01.in", "500\n"),
            ("data/secret/big/01.ans", "250\n"),
            ("data/invalid_input/zero.in", "0\n"),
            ("data/invalid_input/huge.in", "2000000\n"),
            ("data/invalid_input/spaces.in", " 4\n"),
            ("data/invalid_answer/wrong.in", "4\n"),
            ("data/invalid_answer/wrong.ans", "3\n"),
            ("data/invalid_output/off.in", "4\n"),
            ("data/invalid_output/off.ans", "2.0\n"),
            ("data/invalid_output/off.out", "2.1\n"),
            (
                "data/valid_output/test_group.yaml",
                "output_validator_args: [float_tolerance, \"1e-6\"]\n",
            ),
            ("data/valid_output/close.in", "4\n"),
            ("data/valid_output/close.ans", "2.0\n"),
            ("data/valid_output/close.out", "2.0000001\n"),
            (
                "submissions/accepted/halve.py",
                "n = int(input())\nprint(f\"{n / 2:.7f}\")\n",
            ),
            (
                "submissions/accepted/uses_include.py",
                "from halving import halve\nprint(halve(int(input())))\n",
            ),
            (
                "submissions/accepted/halve.cpp",
                "#include <cstdio>\nint main(){long long n; if(scanf(\"%lld\",&n)!=1) return 1; \
                 printf(\"%.1f\\n\", n/2.0);}\n",
            ),
            (
                "submissions/wrong_answer/floor.py",
                "print(int(input()) // 2)\n",
            ),
            (
                "submissions/wrong_answer/actually_right.py",
                "print(int(input()) / 2)\n",
            ),
            (
                "submissions/rejected/crash.py",
                "raise SystemExit(f\"no {input()}\")\n",
            ),
            // Crashes on odd n and is wrong on the sample: run_time_error/ permits WA here.
            (
                "submissions/run_time_error/odd.py",
                "n = int(input())\nassert n % 2 == 0\nprint(n if n == 2 else n / 2)\n",
            ),
            (
                "submissions/slow/spin.py",
                "n = int(input())\nwhile n >= 100:\n    pass\nprint(n / 2)\n",
            ),
            (
                "submissions/submissions.yaml",
                "# run_time_error/ also permits WA here\n\
                 run_time_error:\n  permitted: [AC, RTE, WA]\n\
                 wrong_answer/floor.py:\n  message: \"token 1\"\n  sample:\n    permitted: [AC]\n  \
                 secret/small:\n    required: [WA]\n\
                 \"slow/{spin,crawl}.py\":\n  permitted: [AC, TLE]\n  required: [TLE]\n  \
                 secret/big:\n    required: [TLE]\n  secret/small:\n    permitted: [AC]\n",
            ),
        ],
    );
}

/// The generator: prints `first + seed % 9`.
const GEN_PY: &str = "import sys\nprint(int(sys.argv[1]) + int(sys.argv[2]) % 9)\n";

/// How `data/` of `halve` is made: the sample inline, `secret/small/01` generated with a
/// seed, `02` inline with its answer from the solution, `big/01` copied.
pub const GENERATORS_YAML: &str = "\
solution: /generators/solve.py
data:
  sample:
    test_group.yaml:
      output_validator_args: [float_tolerance, \"1e-6\"]
    data:
      '1':
        in: '2'
        ans: '1.0'
  secret:
    test_group.yaml:
      output_validator_args: [float_tolerance, \"1e-6\"]
      input_validator_args: [--max, \"10\"]
    data:
      small:
        data:
          '01': gen.py 1 {seed}
          '02':
            in: '4'
            yaml:
              input_validator_args:
                validate: [--max, \"5\"]
              description: an even n
      big:
        test_group.yaml:
          input_validator_args: [--max, \"1000\"]
        data:
          '01':
            copy: big
";

/// BAPCtools' seed of `command`, computed by Python's hashlib as BAPCtools computes it.
fn bapctools_seed(command: &str) -> u64 {
    let script = format!(
        "import hashlib; print(int(hashlib.sha512({command:?}.encode()).hexdigest(), 16) % 2**31)"
    );
    let output = std::process::Command::new("python3")
        .args(["-c", &script])
        .output()
        .expect("python3");
    String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .expect("a seed")
}

/// `halve` (in `dir/halve`) with `generators.yaml` and the `data/` it makes committed.
pub fn halve_generated(dir: &Path) -> PathBuf {
    let root = dir.join("halve");
    halve(&root);
    let n = 1 + bapctools_seed("gen.py 1 {seed}") % 9;
    let (input, answer) = (format!("{n}\n"), format!("{:?}\n", n as f64 / 2.0));
    write(
        &root,
        &[
            ("generators/generators.yaml", GENERATORS_YAML),
            ("generators/gen.py", GEN_PY),
            ("generators/solve.py", "print(int(input()) / 2)\n"),
            ("generators/big.in", "500\n"),
            ("generators/big.ans", "250\n"),
            ("data/secret/small/01.in", &input),
            ("data/secret/small/01.ans", &answer),
        ],
    );
    root
}

/// Prints the Python that runs it: `PyPy`, the answer of `forms_2025` (and of
/// `submission_forms`'s legacy package), only under PyPy.
pub const IMPLEMENTATION_PY: &str = "import platform\nprint(platform.python_implementation())\n";

/// Reads a line and prints it, in Prolog (SWI): what `swipl` compiles with `-g main`.
pub const ECHO_PROLOG: &str = "main :- read_line_to_string(user_input, S), write(S), nl.\n";

/// An input validator: one line of letters (exit 42).
pub const LETTERS_PY: &str = "import sys\nline = sys.stdin.read()\n\
                              sys.exit(42 if line.endswith('\\n') and line[:-1].isalpha() else 43)\n";

/// `forms_2025` (2025-09): print the line read, `PyPy`. Every submission is accepted where
/// its language's tool is installed; `accepted/broken.disabled/`, `accepted/echo.py.template`
/// and `accepted/.hidden.py` would fail, and are left out.
pub fn forms_2025(root: &Path) {
    write(
        root,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Forms\n\
                 uuid: 5d0c7a52-1f4e-4b8e-9a63-0c2e1b7d9f10\ntype: pass-fail\n\
                 limits:\n  time_limit: 5\n",
            ),
            ("statement/problem.en.md", "Print the line you read.\n"),
            ("input_validators/validate.py", LETTERS_PY),
            ("data/sample/1.in", "PyPy\n"),
            ("data/sample/1.ans", "PyPy\n"),
            ("data/secret/1.in", "PyPy\n"),
            ("data/secret/1.ans", "PyPy\n"),
            ("submissions/accepted/implementation.py", IMPLEMENTATION_PY),
            ("submissions/accepted/echo.bash", "read -r x\necho \"$x\"\n"),
            ("submissions/accepted/echo.pl", ECHO_PROLOG),
            ("submissions/accepted/broken.disabled/main.py", "print(\n"),
            (
                "submissions/accepted/echo.py.template",
                "print('{{answer}}')\n",
            ),
            ("submissions/accepted/.hidden.py", "print('hidden')\n"),
            (
                "submissions/submissions.yaml",
                "match:\n  permitted: [AC]\n\"*/nested_echo.py\":\n  required: [WA]\n",
            ),
            ("submissions/match/echo.py", "print(input())\n"),
        ],
    );
    // A folder submission whose one file links to another submission's, as BAPCtools'
    // testexpectations has it; `*/nested_echo.py` (`*` matches no `/`) is not its path.
    let nested = root.join("submissions/match/nested");
    std::fs::create_dir_all(&nested).expect("mkdir");
    std::os::unix::fs::symlink("../echo.py", nested.join("nested_echo.py")).expect("link");
}
