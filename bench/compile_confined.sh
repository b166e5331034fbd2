#!/usr/bin/env bash
# The cost of confining the compiler: `stonejudge judge` of one test with an empty compile
# cache, so that the time is nearly all the compile's, confined (--sandbox auto, the default:
# the compiler runs under Landlock in a launch server's namespaces and memory cgroup) against
# unconfined (--sandbox off), for a C++ and a Rust solution. Best of 3 per row, rows
# interleaved (confined, unconfined, confined, ...) so that a change in the machine's load
# hits both. The first judge of a process also asks the compiler for its version and
# toolchain (once per process): that is part of every row, as it is of every judge.
# Usage: bench/compile_confined.sh   (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sj=$PWD/target/release/stonejudge
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/tests"
printf '1\n2\n3 3\n' > "$dir/tests/01.in"
printf 'second\n' > "$dir/tests/01.ans"
cp tests/programs/nim_ok.cpp "$dir/sol.cpp"
cat > "$dir/sol.rs" <<'RUST'
use std::io::Read;
fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut numbers = text.split_whitespace().map(|w| w.parse::<u64>().unwrap());
    let cases = numbers.next().unwrap();
    for _ in 0..cases {
        let heaps: Vec<u64> = (0..numbers.next().unwrap()).map(|_| numbers.next().unwrap()).collect();
        let x = heaps.iter().fold(0, |a, b| a ^ b);
        if x == 0 { println!("second"); continue; }
        let (i, h) = heaps.iter().enumerate().find(|(_, &h)| h ^ x < h).unwrap();
        println!("first {} {}", i + 1, h - (h ^ x));
    }
}
RUST

# compile_once SANDBOX SOURCE: one judge with a fresh cache, in microseconds; fails loudly
# unless the program is accepted (a compile that failed would be fast and wrong).
compile_once() {
    rm -rf "$dir/cache"
    local start end
    start=$(date +%s%N)
    STONEJUDGE_CACHE=$dir/cache "$sj" judge nim --sandbox "$1" --tests "$dir/tests" -- "$2" \
        > "$dir/out" 2>&1 || { cat "$dir/out"; exit 1; }
    end=$(date +%s%N)
    echo $(( (end - start) / 1000 ))
}

for source in sol.cpp sol.rs; do
    best_auto= best_off=
    for _ in 1 2 3; do
        t=$(compile_once auto "$dir/$source")
        if [[ -z $best_auto ]] || (( t < best_auto )); then best_auto=$t; fi
        t=$(compile_once off "$dir/$source")
        if [[ -z $best_off ]] || (( t < best_off )); then best_off=$t; fi
    done
    printf '%-8s confined %7.3f s   unconfined %7.3f s   (%.2fx)\n' "$source" \
        "$(awk "BEGIN { print $best_auto / 1e6 }")" "$(awk "BEGIN { print $best_off / 1e6 }")" \
        "$(awk "BEGIN { print $best_auto / $best_off }")"
done
