#!/usr/bin/env bash
# Worst cases of the reference solvers of misere-subtraction, rows, octal and wythoff, timed
# as whole `stonejudge solve` processes (parse + solve + print), best of 5 runs.
# misere-subtraction has two: mode=max (random sets: periods found early) and mode=long-period
# with 1000 cases (sets whose win/lose windows do not cycle within 2^14 heaps: the lane sweep).
# Usage: bench/solve_worst.sh   (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sj=target/release/stonejudge
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
timed() {
    local label=$1 problem=$2; shift 2
    "$sj" gen "$problem" --seed 1 "$@" > "$dir/in"
    local best=
    for _ in 1 2 3 4 5; do
        local t
        /usr/bin/time -f %e -o "$dir/time" "$sj" solve "$problem" "$dir/in" > /dev/null
        t=$(tail -1 "$dir/time")
        if [[ -z $best ]] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    done
    printf '| %s | %s bytes | %s s |\n' "$label" "$(wc -c < "$dir/in")" "$best"
}
echo "| input (seed 1) | size | stonejudge solve, best of 5 |"
echo "|---|---|---|"
timed "misere-subtraction mode=max" misere-subtraction --param mode=max
timed "misere-subtraction mode=long-period t=1000" misere-subtraction \
    --param mode=long-period --param t=1000
timed "rows mode=max" rows --param mode=max
timed "octal mode=max" octal --param mode=max
timed "wythoff mode=max" wythoff --param mode=max
