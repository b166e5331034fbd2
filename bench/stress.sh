#!/usr/bin/env bash
# Stress-test throughput: `stonejudge stress` (cases generated, solved and checked in-process,
# the program started once per case through a waiting launch server) against a plain shell loop
# doing the same work with one process per step (gen -> run -> solve -> cmp), on the same tiny
# C++ solution, measured in the same run, next to the machine's spawn-rate ceiling (a C loop
# that only starts the same program and waits for it, one copy per core).
#
# The solution is measured twice: as a prebuilt binary linked dynamically (g++ -O2), and as
# the source, which stonejudge compiles and links statically (g++ -O2 -static, as problemtools
# and DOMjudge do). On these virtual machines most of a tiny program's start is the C library
# reading the cache sizes with `cpuid` (a trap to the hypervisor) and the dynamic loader; a
# static binary skips the second, so its ceiling is about twice as high.
#
# stonejudge stress is measured confined (--sandbox auto, the default), confined without the
# memory cgroup (STONEJUDGE_SANDBOX_WITHOUT=cgroup: what the cgroup costs), and with
# --sandbox off.
#
# Usage: bench/stress.sh [CASES]   (default 4000; builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-4000}
cargo build --release --quiet
sj=$PWD/target/release/stonejudge
source=problems/stripes/solutions/accepted/stripes.cpp
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export STONEJUDGE_CACHE=$dir/cache
g++ -O2 -o "$dir/dynamic" "$source"
g++ -O2 -static -o "$dir/static" "$source"
gcc -O2 -o "$dir/spawn_rate" bench/spawn_rate.c
"$sj" stress stripes --cases 1 -- "$source" > /dev/null 2>&1 # compile into the cache
cores=$(nproc)

echo "machine: $cores cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# Spawn ceiling: start the solution (stdin /dev/null) as fast as possible on every core.
for build in dynamic static; do
    per_core=$((cases / cores))
    rates=$(for _ in $(seq "$cores"); do "$dir/spawn_rate" "$per_core" "$dir/$build" & done; wait)
    total=0
    for r in $rates; do total=$((total + r)); done
    echo "spawn ceiling, $build ($cores x posix_spawn+wait): $total starts/s"
done

# The shell loop, one core: what a contestant writes by hand.
loop_cases=$((cases / 10))
start=$(date +%s%N)
for i in $(seq "$loop_cases"); do
    "$sj" gen stripes --seed "$i" > "$dir/in"
    "$dir/dynamic" < "$dir/in" > "$dir/out"
    "$sj" solve stripes "$dir/in" > "$dir/ans"
    cmp -s "$dir/out" "$dir/ans" || { echo "mismatch on seed $i"; exit 1; }
done
end=$(date +%s%N)
echo "shell loop (gen -> run -> solve -> cmp, 1 core): $((loop_cases * 1000000000 / (end - start))) cases/s"

# stonejudge stress on every core: the generator's modes mixed (boards up to 1000 cells, whose
# O(p^2) tables both the solution and the reference compute), then the smallest inputs (the
# per-case cost of stress itself).
for program in "$dir/dynamic" "$source"; do
    label=dynamic
    [ "$program" = "$source" ] && label="source (static)"
    for mode in mixed min; do
        extra=()
        [ "$mode" = min ] && extra=(--param mode=min)
        for sandbox in auto auto-without-cgroup off; do
            without=
            [ "$sandbox" = auto-without-cgroup ] && without=cgroup
            STONEJUDGE_SANDBOX_WITHOUT=$without "$sj" stress stripes --cases "$cases" \
                --jobs "$cores" --sandbox "${sandbox%%-*}" "${extra[@]}" -- "$program" \
                2> "$dir/err" > /dev/null
            rate=$(grep -o '[0-9]* cases/s, [0-9]* jobs' "$dir/err")
            echo "stonejudge stress, $label, $mode, --sandbox $sandbox: $rate"
        done
    done
done
