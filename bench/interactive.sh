#!/usr/bin/env bash
# Round trips through the judge of an interactive problem against a bare pipe ping-pong
# between two processes (bench/pingpong.c), and full interactive tests with perfect C++
# players. Usage: bench/interactive.sh [ROUND_TRIPS]   (default 100000 for the ping-pong)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100000}
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/pingpong" bench/pingpong.c
echo "== bare ping-pong, two processes, one line each way per round trip"
"$work/pingpong" "$n"
for spec in "nim-play 07 problems/nim-play/solutions/accepted/nim_play.cpp" \
            "stripes-play 09 problems/stripes-play/solutions/accepted/stripes_play.cpp"; do
  set -- $spec
  echo "== stonejudge judge $1 --test $2 -j 1 -- $3"
  start=$(date +%s.%N)
  ./target/release/stonejudge judge "$1" --test "$2" -j 1 --json "$work/report.json" -- "$3" >/dev/null
  end=$(date +%s.%N)
  python3 - "$work/report.json" "$start" "$end" <<'PY'
import json, re, sys
report = json.load(open(sys.argv[1]))
test = report["tests"][0]
lines = int(re.search(r"\((\d+) lines from the program\)", test["message"]).group(1))
wall = test["wall_s"]
print(f"{test['verdict']}: {test['message']}")
print(f"program: {test['time_s']:.3f} s CPU, {wall:.3f} s wall; "
      f"{lines / wall:.0f} round trips/s through the judge; "
      f"whole command {float(sys.argv[3]) - float(sys.argv[2]):.2f} s")
PY
done
