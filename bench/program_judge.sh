#!/usr/bin/env bash
# Judging a program-backed problem against a catalog one, per test: `stonejudge judge -j 1` on
# 200 identical one-game tests with a C++ program that prints a constant answer, for
#   - nim (catalog: its checker runs in-process),
#   - take (program-backed, tests/suite/programs_archive/) with the default token checker,
#   - take with its testlib checker program (one more process per test).
# Usage: bench/program_judge.sh   (builds the release binary first; best of 3 per row)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sj=$PWD/target/release/stonejudge
fixture=$PWD/tests/suite/programs_archive
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export STONEJUDGE_CACHE=$dir/cache
mkdir -p "$dir/nim" "$dir/take"
for i in $(seq -w 1 200); do
    printf '1\n2\n3 3\n' > "$dir/nim/$i.in"
    printf '1\n2\n' > "$dir/take/$i.in"
    printf 'second\n' | tee "$dir/nim/$i.ans" > "$dir/take/$i.ans"
done
printf '#include <cstdio>\nint main() { std::puts("second"); }\n' > "$dir/echo.cpp"
archive() { # archive NAME [drop the checker line]
    local problem=$dir/$1/problems/take
    mkdir -p "$problem/solutions/accepted"
    cp "$fixture"/{gen.cpp,validate.cpp,brute.py,check.cpp,statement.md} "$problem/"
    cp "$fixture/sol.cpp" "$problem/solutions/accepted/"
    if [[ ${2:-} == default ]]; then
        grep -v '^checker = ' "$fixture/problem.toml" > "$problem/problem.toml"
    else
        cp "$fixture/problem.toml" "$problem/problem.toml"
    fi
}
archive with-checker
archive default-checker default
judge() { "$sj" judge -j 1 "$@" -- "$dir/echo.cpp"; }
# Compile everything once (the cache).
judge nim --tests "$dir/nim" > /dev/null
judge take --root "$dir/with-checker" --tests "$dir/take" > /dev/null
judge take --root "$dir/default-checker" --tests "$dir/take" > /dev/null

source bench/lib.sh
echo "per test, judge -j 1, 200 tests (best of 3):"
echo "  nim (catalog, in-process checker):     $(per_test "$(best_of_3 judge nim --tests "$dir/nim")")"
echo "  take (programs, default token checker): $(per_test "$(best_of_3 judge take --root "$dir/default-checker" --tests "$dir/take")")"
echo "  take (programs, testlib checker):       $(per_test "$(best_of_3 judge take --root "$dir/with-checker" --tests "$dir/take")")"
