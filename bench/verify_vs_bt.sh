#!/usr/bin/env bash
# `stonejudge verify PKG` against BAPCtools' `bt run` and problemtools' `verifyproblem` on the
# same package, wall time, one run each, side by side. The package (`sum`, written here by
# bench/verify_vs_bt_package.py) has 8 tests up to 10^5 numbers, a fixed time limit of 1 s,
# and six submissions: two accepted (C++, Python), WA, RTE, and two time-limit-exceeded ones (a
# quadratic Python loop, TLE on the big tests; a C++ spin, TLE on every test). It is written
# in format 2025-09 (for stonejudge and bt) and 2023-07 (for stonejudge and verifyproblem,
# which does not read 2025-09). Each tool starts with an empty build cache. A tool that is not
# installed is reported and skipped.
# Usage: bench/verify_vs_bt.sh   (builds the release binary first)
#        SJ=/path/to/stonejudge bench/verify_vs_bt.sh   (that binary instead, no build: to
#        compare two builds in the same minutes on a shared machine)
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SJ:-}" ]; then
    cargo build --release --quiet || exit 1
fi
sj=${SJ:-$PWD/target/release/stonejudge}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 bench/verify_vs_bt_package.py "$dir/v2025/sum" 2025-09
python3 bench/verify_vs_bt_package.py "$dir/v2023/sum" 2023-07
# wall LABEL DIR COMMAND...: one run in DIR, its wall time, its CPU time (user + sys, with
# every child's) and its exit status.
wall() {
    local label=$1 where=$2; shift 2
    local status wall user sys
    (cd "$where" && /usr/bin/time -f '%e %U %S' -o "$dir/time" "$@") > "$dir/log" 2>&1
    status=$?
    # The last line: before it, time says when the command failed.
    read -r wall user sys < <(tail -1 "$dir/time")
    printf '%-36s %7.1f s wall %7.1f s CPU  (exit %d)\n' "$label" "$wall" \
        "$(awk "BEGIN { print $user + $sys }")" "$status"
}
echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for version in 2025 2023; do
    STONEJUDGE_CACHE=$(mktemp -d -p "$dir") \
        wall "$version: stonejudge verify sum" "$dir/v$version" "$sj" verify sum
done
if command -v bt > /dev/null; then
    # bt keeps its builds under the package's tmp folder: a fresh copy starts empty.
    wall "2025: bt run" "$dir/v2025/sum" bt run --no-bar
    grep -E '^[a-z_]+/[^ ]+: +[A-Z]+ ' "$dir/log" | sed 's/^/    /'
else
    echo "bt: not installed (pip install bapctools)"
fi
if command -v verifyproblem > /dev/null; then
    wall "2023: verifyproblem sum" "$dir/v2023" verifyproblem sum
    tail -1 "$dir/log" | sed 's/^/    /'
else
    echo "verifyproblem: not installed (pip install problemtools)"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
