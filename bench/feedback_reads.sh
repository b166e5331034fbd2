#!/usr/bin/env bash
# What reading a validator's feedback with caps costs on an ordinary package, and what it
# saves on a hostile one: `stonejudge judge` of a legacy Kattis package whose C++ output
# validator compares tokens and writes a one-line judgemessage.txt (200 tests, a C++
# submission that echoes its input), by two builds in the same minutes, alternating; then
# the same package whose validator writes 1 GiB into judgemessage.txt (one test). Times are
# best of 3 (wall clock); peak memory is GNU time's %M (the judge is spawned from the small
# time process).
# Usage: BEFORE=/path/to/old/stonejudge bench/feedback_reads.sh
#        (AFTER defaults to this tree's release binary, which it builds)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BEFORE:?set BEFORE to the stonejudge binary to compare with}"
if [ -z "${AFTER:-}" ]; then
    cargo build --release --quiet
    AFTER=$PWD/target/release/stonejudge
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export STONEJUDGE_CACHE=$dir/cache

make_package() { # NAME VALIDATOR_BODY TESTS
    local root=$dir/$1
    mkdir -p "$root/data/sample" "$root/data/secret" "$root/output_validators/v" \
        "$root/submissions/accepted"
    printf 'name: Echo\nvalidation: custom\n' > "$root/problem.yaml"
    printf '3\n' > "$root/data/sample/1.in"
    printf '3\n' > "$root/data/sample/1.ans"
    for i in $(seq -w 1 "$3"); do
        printf '%d\n' "$((10#$i))" > "$root/data/secret/$i.in"
        printf '%d\n' "$((10#$i))" > "$root/data/secret/$i.ans"
    done
    cat > "$root/output_validators/v/v.cpp" <<CPP
#include <fstream>
#include <iostream>
#include <string>
int main(int, char** argv) {
    std::ifstream answer(argv[2]);
    std::string expected, got;
    answer >> expected;
    std::cin >> got;
    std::ofstream message(std::string(argv[3]) + "judgemessage.txt");
    $2
    return got == expected ? 42 : 43;
}
CPP
    printf '#include <iostream>\nint main() { long n; std::cin >> n; std::cout << n << "\\n"; }\n' \
        > "$root/submissions/accepted/echo.cpp"
}
make_package plain 'message << (got == expected ? "ok" : "differs") << "\n";' 200
make_package flood 'std::string mib(1 << 20, '"'"'x'"'"'); message << "wrong\n"; for (int i = 0; i < 1024; ++i) message << mib; return 43;' 1

source bench/lib.sh
judge() { # BINARY PACKAGE [FLAGS]
    local sj=$1 package=$2
    shift 2
    "$sj" judge "$dir/$package" --time-limit 2 --jobs 1 "$@" -- \
        "$dir/$package/submissions/accepted/echo.cpp"
}
# Compile everything once, for both builds (the cache is shared).
judge "$BEFORE" plain --test secret/001 > /dev/null
judge "$AFTER" plain --test secret/001 > /dev/null
for round in 1 2; do
    for build in BEFORE AFTER; do
        sj=${!build}
        total=$(best_of_3 judge "$sj" plain)
        /usr/bin/time -f '%M' -o "$dir/peak" "$sj" judge "$dir/plain" --time-limit 2 \
            --jobs 1 -- "$dir/plain/submissions/accepted/echo.cpp" > /dev/null || true
        printf 'round %s, %-6s 200 tests: %s per test, peak %s KiB\n' "$round" "$build" \
            "$(per_test "$total")" "$(tail -1 "$dir/peak")"
    done
done
for build in BEFORE AFTER; do
    sj=${!build}
    start=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$dir/peak" "$sj" judge "$dir/flood" --time-limit 2 --jobs 1 \
        --test secret/1 -- "$dir/flood/submissions/accepted/echo.cpp" > /dev/null || true
    end=$(date +%s%N)
    printf '%-6s 1 GiB judgemessage.txt: %.2f s wall, peak %s KiB\n' "$build" \
        "$(awk "BEGIN { print ($end - $start) / 1e9 }")" "$(tail -1 "$dir/peak")"
done
