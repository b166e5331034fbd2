#!/usr/bin/env bash
# Time regenerating all of testdata/ in memory (`testdata --check`: generate, validate, solve,
# compare), whole archive and per problem (the catalog's and the declared game problems: every
# folder of problems/). Wall time depends on other load on the machine;
# CPU time (user + sys) does not. Usage: bench/testdata.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
cargo build --release --quiet
bin=target/release/stonejudge
measure() {
  # prints "wall user+sys" in seconds for one run of the given arguments
  # (drift makes --check exit 1; the timing is still wanted)
  { /usr/bin/time -f "%e %U %S" "$bin" testdata --check "$@" 2>&1 >/dev/null || true; } | tail -1 |
    awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }'
}
echo "whole archive, $runs runs (wall s, cpu s):"
for _ in $(seq "$runs"); do measure; done
echo "per problem, best of $runs (wall s, cpu s):"
for problem in $(ls problems); do
  best=$(for _ in $(seq "$runs"); do measure "$problem"; done | sort -n | head -1)
  printf "  %-20s %s\n" "$problem" "$best"
done
