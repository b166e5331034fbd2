#!/usr/bin/env bash
# The Grundy-engine benchmarks of BENCHMARKS.md ("Grundy engines"), in one run so that the
# ratios compare like with like. Each case runs in its own process; /usr/bin/time gives wall
# time, user CPU time and peak resident memory.
#
# Usage: bench/grundy.sh [quick|full|dense]
#   quick (default): 0.777 against the plain oracle at 2^17, 0.777 at 2^20 and 2^22 on 1 and
#                    2 threads, the CLI at 2^24 (-j 2, memory), a fast-growing game at 10^5 on
#                    1 and 2 threads next to the bare XOR-and-mark loop, periods;
#   full:            also 0.777 at 2^24 on 1 and 2 threads and the fast-growing game at 10^6
#                    values on 2 threads (minutes);
#   dense:           only the dense (quadratic) engine: stripes:10,20,35 to 2*10^5 on 1 and 2
#                    threads and the bare XOR-and-mark loop on the same table, with the engine's
#                    pairs per CPU second as a fraction of the bare loop's (under a minute of
#                    CPU; per CPU second, so that the fraction holds on a busy machine too).
# Speed-ups of threads are printed as ratios of wall times measured in this run.
# ANCHOR=/path/to/analyze: also time tczajka/octal-games' rare/common solver (analyze_exec,
# built outside this repository) on 0.777 at the same sizes.
set -euo pipefail
mode=${1:-quick}
cd "$(dirname "$0")/.."
cargo build --release --quiet --bench grundy 2>/dev/null
cargo build --release --quiet 2>/dev/null
bench=$(ls -t target/release/deps/grundy-* | grep -v '\.d$' | head -n 1)
cli=target/release/stonejudge

measure() { # LABEL COMMAND...: prints LABEL, wall, user, peak RSS, then the command's last line;
  # leaves the wall time in $wall and that line in $line
  local label=$1
  shift
  local out times user kib
  out=$( { /usr/bin/time -f "TIME %e %U %M" "$@" | tail -n 1; } 2>&1)
  times=$(grep '^TIME' <<<"$out")
  line=$(grep -v '^TIME' <<<"$out" | tail -n 1 || true) # empty when output goes to /dev/null
  read -r _ wall user kib <<<"$times"
  printf '%-46s wall %8.2f s  user %8.2f s  peak %7.1f MiB  | %s\n' \
    "$label" "$wall" "$user" "$(echo "$kib / 1024" | bc -l)" "$line"
}

threads() { # LABEL CASE: the bench case on 1 thread and on 2, and the speed-up of the second
  local one
  measure "$1 (1 thread)" "$bench" "$2:1"
  one=$wall
  measure "$1 (2 threads)" "$bench" "$2:2"
  printf '%-46s %.2fx  (load %s)\n' "  speed-up of 2 threads" \
    "$(echo "$one / $wall" | bc -l)" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

cpu_rate() { # the pairs per CPU second in $line
  sed -n 's/.*pairs\/cpu_s=\([^ ]*\).*/\1/p' <<<"$line"
}

dense() { # N: the quadratic engine on 1 and 2 threads, the bare loop, and how close it gets
  local engine bare
  threads "10,20,35 quadratic $1" "stripes:10,20,35:$1:quadratic"
  engine=$(cpu_rate)
  measure "10,20,35 bare XOR-and-mark loop at $1" "$bench" "stripes:10,20,35:$1:bare:1"
  bare=$(cpu_rate)
  printf '%-46s %.2fx the bare loop (%s against %s pairs per CPU second)\n' \
    "  quadratic engine (2 threads)" "$(awk "BEGIN { print $engine / $bare }")" "$engine" "$bare"
}

echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ $mode == dense ]]; then
  dense 200000
  exit
fi
measure "0.777 plain oracle 2^17" "$bench" stripes:1,2,3:131072:plain:1
measure "0.777 auto 2^17 (1 thread)" "$bench" stripes:1,2,3:131072:auto:1
[[ -n ${ANCHOR:-} ]] && measure "0.777 anchor 2^17" "$ANCHOR" 0.777 131072
threads "0.777 auto 2^20" stripes:1,2,3:1048576:auto
threads "0.777 auto 2^22" stripes:1,2,3:4194304:auto
[[ -n ${ANCHOR:-} ]] && measure "0.777 anchor 2^22" "$ANCHOR" 0.777 4194304
if [[ $mode == full ]]; then
  threads "0.777 auto 2^24" stripes:1,2,3:16777216:auto
  [[ -n ${ANCHOR:-} ]] && measure "0.777 anchor 2^24" "$ANCHOR" 0.777 16777216
fi
measure "0.777 CLI 2^24 values to /dev/null (-j 2)" \
  sh -c "$cli grundy stripes:1,2,3 --upto 16777215 -j 2 > /dev/null"
dense 100000
if [[ $mode == full ]]; then
  measure "10,20,35 auto 10^6 (2 threads)" "$bench" stripes:10,20,35:1000000:auto:2
  measure "10,20,35 bare XOR-and-mark loop at 10^6" "$bench" stripes:10,20,35:1000000:bare:1
fi
measure "0.07 --period, N = 10^7 (stops at the proof)" \
  sh -c "$cli grundy octal:0.07 --upto 10000000 --period | tail -n 2 | head -n 1"
measure "0.777 --period, N = 2^20 (not proven)" \
  sh -c "$cli grundy stripes:1,2,3 --upto 1048575 --period -j 1 | tail -n 1"
