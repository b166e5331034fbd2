#!/usr/bin/env bash
# `stonejudge verify` of every package of sinol-make's own test suite (its tests/packages/, from a
# checkout of sio2project/sinol-make: not part of this repository), once with a binary built from
# another commit (before) and once with this checkout's (after); each run on fresh copies of the
# packages and with an empty compile cache of its own. Prints, for each, the summed wall and CPU
# seconds, the items passed and failed, and whether every package's exit code is the same.
# Usage: bench/verify_sinol_packages.sh SINOL_MAKE_CHECKOUT BEFORE_BINARY [AFTER_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
packages=${1:?usage: bench/verify_sinol_packages.sh SINOL_MAKE_CHECKOUT BEFORE_BINARY [AFTER_BINARY]}/tests/packages
before=$(realpath "${2:?usage: bench/verify_sinol_packages.sh SINOL_MAKE_CHECKOUT BEFORE_BINARY [AFTER_BINARY]}")
after=${3:-}
if [[ -z $after ]]; then
    cargo build --release --quiet
    after=target/release/stonejudge
fi
after=$(realpath "$after")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {
    local label=$1 binary=$2 dir="$work/$1"
    mkdir -p "$dir/cache" "$dir/packages"
    cp -r "$packages"/. "$dir/packages/"
    /usr/bin/time -f '%e %U %S' -o "$dir/time" bash -c '
        cd "$1/packages"
        for package in *; do
            code=0
            STONEJUDGE_CACHE="$1/cache" "$2" verify "./$package" > "$1/$package.out" 2>&1 || code=$?
            echo "$package $code" >> "$1/codes"
        done' _ "$dir" "$binary"
    local wall user sys
    read -r wall user sys < "$dir/time"
    local passed failed
    passed=$(cat "$dir"/*.out | { grep -ho '[0-9]* passed' || true; } | awk '{ s += $1 } END { print s + 0 }')
    failed=$(cat "$dir"/*.out | { grep -ho '[0-9]* failed' || true; } | awk '{ s += $1 } END { print s + 0 }')
    printf '%-7s wall %6.1f s, CPU %6.1f s, items: %s passed, %s failed\n' "$label" "$wall" \
        "$(awk "BEGIN { print $user + $sys }")" "$passed" "$failed"
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
run before "$before"
run after "$after"
if diff <(sort "$work/before/codes") <(sort "$work/after/codes") > /dev/null; then
    echo "every package's exit code is the same"
else
    echo "exit codes differ:"
    diff <(sort "$work/before/codes") <(sort "$work/after/codes") || true
fi
