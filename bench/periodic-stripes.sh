#!/usr/bin/env bash
# Searches Stripes triples A < B < C <= MAX (distinct lengths; a repeated length makes a
# pair) for periods proven by the Guy-Smith theorem, with the tool itself:
# `stonejudge grundy stripes:A,B,C --upto N --period`, which stops as soon as a period is
# proven. Prints a markdown table of the proven ones, then counts the rest.
#
# Usage: bench/periodic-stripes.sh [MAX (default 8)] [N (default 20000)] [repeats]
#   repeats: also A <= B <= C with repeated lengths.
set -euo pipefail
max=${1:-8}
upto=${2:-20000}
step=1
[[ ${3:-} == repeats ]] && step=0
cd "$(dirname "$0")/.."
cargo build --release --quiet 2>/dev/null
bin=target/release/stonejudge
proven=0
unproven=0
echo "| lengths | preperiod | period | values needed | certificate |"
echo "|---|---:|---:|---:|---|"
for ((a = 1; a <= max; a++)); do
  for ((b = a + step; b <= max; b++)); do
    for ((c = b + step; c <= max; c++)); do
      # Only the period lines: the values line is long.
      result=$("$bin" grundy "stripes:$a,$b,$c" --upto "$upto" --period | tail -n 2)
      if [[ $result == proven:* ]]; then
        head=${result%%$'\n'*}
        check=${result#*$'\n'}
        e=${head#*preperiod=}; e=${e%% *}
        p=${head##*period=}
        # The theorem needs 2*max(e,1) + 2p + t values, t = C.
        needed=$((2 * (e > 1 ? e : 1) + 2 * p + c))
        echo "| $a,$b,$c | $e | $p | $needed | \`${check}\` |"
        proven=$((proven + 1))
      else
        unproven=$((unproven + 1))
      fi
    done
  done
done
echo
echo "$proven triples proven periodic, $unproven not proven up to N = $upto (lengths 1..$max)."
