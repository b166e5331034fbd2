#!/usr/bin/env bash
# `stonejudge verify` against `sinol-make verify` on the same sinol-make package, wall time,
# one run each, both from a cold start (an empty compile cache for stonejudge; sinol-make
# removes its own cache at every verify). The package: task `abc` (the sum of two numbers),
# 4 groups of 5 tests and group 0 written by a shell ingen, a C++ inwer, a C++ model solution,
# a Python one and a C++ one wrong on groups 3 and 4, with their expected scores.
# sinol-make downloads sio2jail and oicompare at start: stand-ins go in a temporary HOME (it
# runs with --time-tool time).
# Usage: bench/sinol.sh   (builds the release binary first; needs `pip install sinol-make`)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sj=$PWD/target/release/stonejudge
command -v sinol-make >/dev/null || { echo "sinol-make is not installed (pip install sinol-make)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/home/.local/bin" "$dir/abc/prog" "$dir/abc/in" "$dir/abc/out" "$dir/cache"
printf '#!/bin/sh\necho "SIO2jail v1.5.3 (stand-in)"\n' > "$dir/home/.local/bin/sio2jail"
cat > "$dir/home/.local/bin/oicompare" <<'PY'
#!/usr/bin/env python3
import sys
if sys.argv[1:] == ['--version']:
    print('oicompare version 1.0.2'); sys.exit(0)
same = open(sys.argv[1], 'rb').read().split() == open(sys.argv[2], 'rb').read().split()
sys.exit(0 if same else 1)
PY
chmod +x "$dir/home/.local/bin/"*
cd "$dir/abc"
{
  echo '#!/bin/bash'
  echo 'echo "1 2" > abc0.in'
  for g in 1 2 3 4; do
    for t in a b c d e; do
      echo "echo \"$((g * 400 + ${#t} * 7 + $(printf '%d' "'$t"))) $g$t\" | tr -d '[:alpha:]' > abc$g$t.in"
    done
  done
} > prog/abcingen.sh
cat > prog/abc.cpp <<'CPP'
#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\n", a + b); }
CPP
cat > prog/abc2.py <<'PY'
a, b = map(int, input().split())
print(a + b)
PY
cat > prog/abcb1.cpp <<'CPP'
#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\n", a < 1200 ? a + b : 0); }
CPP
cat > prog/abcinwer.cpp <<'CPP'
#include <cstdio>
int main() { long long a, b; char c; if (scanf("%lld %lld%c", &a, &b, &c) != 3 || c != '\n') return 1; return (a < 0 || b < 0) ? 1 : 0; }
CPP
cat > config.yml <<'YML'
title: Sum
sinol_task_id: abc
time_limit: 1000
memory_limit: 262144
scores:
  1: 25
  2: 25
  3: 25
  4: 25
sinol_expected_scores:
  abc.cpp:
    expected:
      0: {points: 0, status: OK}
      1: {points: 25, status: OK}
      2: {points: 25, status: OK}
      3: {points: 25, status: OK}
      4: {points: 25, status: OK}
    points: 100
  abc2.py:
    expected:
      0: {points: 0, status: OK}
      1: {points: 25, status: OK}
      2: {points: 25, status: OK}
      3: {points: 25, status: OK}
      4: {points: 25, status: OK}
    points: 100
  abcb1.cpp:
    expected:
      0: {points: 0, status: OK}
      1: {points: 25, status: OK}
      2: {points: 25, status: OK}
      3: {points: 0, status: WA}
      4: {points: 0, status: WA}
    points: 50
YML
g++ -O2 -o "$dir/model" prog/abc.cpp
(cd in && bash ../prog/abcingen.sh)
for f in in/*.in; do n=$(basename "$f" .in); "$dir/model" < "$f" > "out/$n.out"; done
cd "$dir"
start=$(date +%s.%N)
STONEJUDGE_CACHE=$dir/cache "$sj" verify abc > "$dir/ours.txt" 2>&1 || { cat "$dir/ours.txt"; exit 1; }
ours=$(awk "BEGIN { print $(date +%s.%N) - $start }")
cd "$dir/abc"
start=$(date +%s.%N)
HOME=$dir/home sinol-make verify --time-tool time --no-fsanitize \
  --python-interpreter-path "$(command -v python3)" > "$dir/theirs.txt" 2>&1 \
  || { tail -20 "$dir/theirs.txt"; exit 1; }
theirs=$(awk "BEGIN { print $(date +%s.%N) - $start }")
printf 'stonejudge verify: %.2f s\nsinol-make verify: %.2f s\nratio: %.2f\n' \
  "$ours" "$theirs" "$(awk "BEGIN { print $ours / $theirs }")"
