#!/usr/bin/env bash
# Stress-test throughput: `stonejudge stress` (cases generated, solved and checked in-process,
# the program started once per case) against a plain shell loop doing the same work with one
# process per step (gen -> run -> solve -> cmp), both on the same tiny C++ solution, measured in
# the same run, next to the machine's spawn-rate ceiling (a C loop that only starts the same
# program and waits for it, one copy per core).
# Usage: bench/stress.sh [CASES]   (default 3000; builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-3000}
cargo build --release --quiet
sj=$PWD/target/release/stonejudge
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export STONEJUDGE_CACHE=$dir/cache
g++ -O2 -o "$dir/sol" problems/stripes/solutions/accepted/stripes.cpp
gcc -O2 -o "$dir/spawn_rate" bench/spawn_rate.c
cores=$(nproc)

echo "machine: $cores cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# Spawn ceiling: start the solution (stdin /dev/null) as fast as possible on every core.
per_core=$((cases / cores))
rates=$(for _ in $(seq "$cores"); do "$dir/spawn_rate" "$per_core" "$dir/sol" & done; wait)
total=0
for r in $rates; do total=$((total + r)); done
echo "spawn ceiling ($cores x posix_spawn+wait of the solution): $total starts/s"

# The shell loop, one core: what a contestant writes by hand.
loop_cases=$((cases / 10))
start=$(date +%s%N)
for i in $(seq "$loop_cases"); do
    "$sj" gen stripes --seed "$i" > "$dir/in"
    "$dir/sol" < "$dir/in" > "$dir/out"
    "$sj" solve stripes "$dir/in" > "$dir/ans"
    cmp -s "$dir/out" "$dir/ans" || { echo "mismatch on seed $i"; exit 1; }
done
end=$(date +%s%N)
echo "shell loop (gen -> run -> solve -> cmp, 1 core): $((loop_cases * 1000000000 / (end - start))) cases/s"

# stonejudge stress, every core: mixed modes (boards up to 1000 cells), then the smallest inputs.
for label in "mixed modes:" "mode=min:"; do
    extra=()
    [ "$label" = "mode=min:" ] && extra=(--param mode=min)
    "$sj" stress stripes --cases "$cases" --jobs "$cores" "${extra[@]}" -- "$dir/sol" \
        2> "$dir/err" > /dev/null
    echo "stonejudge stress, $label $(grep -o '[0-9]* cases/s, [0-9]* jobs' "$dir/err")"
done
