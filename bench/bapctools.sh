#!/usr/bin/env bash
# `stonejudge verify` against `bt run` on the same 2025-09 package as BAPCtools packages come:
# generators/generators.yaml and its generator committed, no data/. Wall time, one run each,
# both from a cold start (an empty compile cache for stonejudge; a fresh copy of the package,
# so no data/ and no build of bt's, for bt). Both make the data (bt run generates first, as
# stonejudge verify does into a scratch directory) and judge every submission.
# The package: `sum` (a + b), samples and 40 secret cases made by a Python generator (numbered
# lists, `count` with `{count}` and `{seed}`), the answers by a C++ accepted submission; a
# Python accepted one, a C++ wrong answer on the large cases, and a Python time-limit-exceeded
# one that sleeps on 40 of the 42 cases.
# Usage: bench/bapctools.sh   (builds the release binary first; needs `pip install bapctools`)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sj=$PWD/target/release/stonejudge
command -v bt >/dev/null || { echo "bt is not installed (pip install bapctools)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
p=$dir/sum
mkdir -p "$p/generators" "$p/statement" "$p/input_validators" "$p/answer_validators" \
  "$p/submissions/accepted" "$p/submissions/wrong_answer" "$p/submissions/time_limit_exceeded"
# A fresh uuid: bt warns (and exits 1) about a uuid it has seen on another package.
uuid=$(python3 -c 'import uuid; print(uuid.uuid4())')
cat > "$p/problem.yaml" <<YML
problem_format_version: 2025-09
name: Sum
uuid: $uuid
credits: stonejudge
source: stonejudge benchmarks
license: cc0
rights_owner: stonejudge
limits:
  time_limit: 1
YML
printf '\\problemname{Sum}\nPrint $a+b$.\n' > "$p/statement/problem.en.tex"
cat > "$p/generators/gen.py" <<'PY'
import random, sys
n, seed = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
print(random.randint(0, n), random.randint(0, n))
PY
cat > "$p/generators/generators.yaml" <<'YML'
solution: /submissions/accepted/sum.cpp
data:
  sample:
    data:
      - '': gen.py 10 {seed}
      - '': gen.py 100 {seed}
  secret:
    data:
      - small:
          generate: gen.py 1000 {seed} {count}
          count: 20
      - large:
          generate: gen.py 1000000000000 {seed} {count}
          count: 20
YML
cat > "$p/input_validators/validate.py" <<'PY'
import re, sys
line = sys.stdin.read()
sys.exit(42 if re.fullmatch(r"(0|[1-9][0-9]*) (0|[1-9][0-9]*)\n", line) else 43)
PY
cat > "$p/answer_validators/validate.py" <<'PY'
import re, sys
sys.exit(42 if re.fullmatch(r"(0|[1-9][0-9]*)\n", sys.stdin.read()) else 43)
PY
cat > "$p/submissions/accepted/sum.cpp" <<'CPP'
#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\n", a + b); }
CPP
printf 'a, b = map(int, input().split())\nprint(a + b)\n' > "$p/submissions/accepted/sum.py"
cat > "$p/submissions/wrong_answer/int.cpp" <<'CPP'
#include <cstdio>
int main() { int a, b; if (scanf("%d %d", &a, &b) != 2) return 1; printf("%d\n", a + b); }
CPP
printf 'import time\na, b = map(int, input().split())\nwhile a > 100: time.sleep(0.5)\nprint(a + b)\n' \
  > "$p/submissions/time_limit_exceeded/sleep.py"
cp -r "$p" "$dir/theirs"
cd "$dir"
start=$(date +%s.%N)
STONEJUDGE_CACHE=$dir/cache "$sj" verify sum > "$dir/ours.txt" 2>&1 || { cat "$dir/ours.txt"; exit 1; }
ours=$(awk "BEGIN { print $(date +%s.%N) - $start }")
[ ! -e "$p/data" ] || { echo "stonejudge verify wrote data/ into the package" >&2; exit 1; }
cd "$dir/theirs"
start=$(date +%s.%N)
bt run --no-bar > "$dir/theirs.txt" 2>&1 || { tail -20 "$dir/theirs.txt"; exit 1; }
theirs=$(awk "BEGIN { print $(date +%s.%N) - $start }")
printf 'stonejudge verify: %.2f s\nbt run: %.2f s\nratio: %.2f\n' \
  "$ours" "$theirs" "$(awk "BEGIN { print $ours / $theirs }")"
