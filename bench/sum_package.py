"""The benchmark package `sum` (print the sum of n numbers) in format 2025-09 or 2023-07, with
accepted, WA, RTE and two time-limit-exceeded submissions: `stonejudge verify` against `bt run`
(2025-09) and `verifyproblem` (2023-07) by bench/conformance.py (BENCHMARKS.md).
Usage: sum_package.py DIR VERSION   (DIR ends in the package's name, `sum`)"""
import os, random, sys
root, version = sys.argv[1], sys.argv[2]
def w(path, text):
    p = os.path.join(root, path); os.makedirs(os.path.dirname(p), exist_ok=True)
    open(p, "w").write(text)
if version == "2025-09":
    w("problem.yaml", "problem_format_version: 2025-09\nname: Sum\nuuid: 5a7c2e10-1b3d-4c5e-8f90-a1b2c3d4e5f6\nlimits:\n  time_limit: 1\n")
    w("statement/problem.en.md", "# Sum\n\nPrint the sum of the numbers.\n")
else:
    w("problem.yaml", "problem_format_version: 2023-07\nname: Sum\nuuid: 5a7c2e10-1b3d-4c5e-8f90-a1b2c3d4e5f6\nlimits:\n  time_limit: 1\n")
    w("statement/problem.en.tex", "\\problemname{Sum}\nPrint the sum of the numbers.\n")
w("input_validators/validate.py", "import sys\nlines = sys.stdin.read().split('\\n')\ntry:\n    n = int(lines[0]); xs = list(map(int, lines[1].split()))\n    assert len(xs) == n and 1 <= n <= 10**5 and lines[2:] == ['']\nexcept Exception:\n    sys.exit(43)\nsys.exit(42)\n")
rng = random.Random(7)
for i, n in enumerate([3, 10, 100, 1000, 10000, 50000, 100000, 100000], 1):
    xs = [rng.randint(-10**9, 10**9) for _ in range(n)]
    group = "sample" if i == 1 else "secret"
    w(f"data/{group}/{i:02}.in", f"{n}\n{' '.join(map(str, xs))}\n")
    w(f"data/{group}/{i:02}.ans", f"{sum(xs)}\n")
w("submissions/accepted/sum.py", "input()\nprint(sum(map(int, input().split())))\n")
w("submissions/accepted/sum.cpp", "#include <cstdio>\nint main(){int n; long long s=0,x; scanf(\"%d\",&n); for(int i=0;i<n;i++){scanf(\"%lld\",&x); s+=x;} printf(\"%lld\\n\",s);}\n")
w("submissions/wrong_answer/int32.cpp", "#include <cstdio>\nint main(){int n,s=0,x; scanf(\"%d\",&n); for(int i=0;i<n;i++){scanf(\"%d\",&x); s+=x;} printf(\"%d\\n\",s);}\n")
w("submissions/run_time_error/crash.py", "n = int(input())\nassert n < 50\nprint(sum(map(int, input().split())))\n")
# Quadratic: fine on small tests, far over 1 s on the big ones.
w("submissions/time_limit_exceeded/quadratic.py", "input()\nxs = list(map(int, input().split()))\ns = 0\nfor i in range(len(xs)):\n    for j in range(i + 1):\n        pass\n    s += xs[i]\nprint(s)\n")
w("submissions/time_limit_exceeded/spin.cpp", "int main(){volatile unsigned long long i=0; for(;;) i++;}\n")
