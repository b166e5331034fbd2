#!/usr/bin/env bash
# `stonejudge verify` of the whole archive (problems/ and testdata/ of this checkout), once with
# a binary built from another commit (before) and once with this checkout's (after), the same
# archive, the same flags, one run each; prints the wall and CPU seconds of each.
# Usage: bench/verify_archive.sh BEFORE_BINARY [AFTER_BINARY]
#   BEFORE_BINARY: e.g. built from main's e883f6f in a worktree of its own:
#     git worktree add --detach /tmp/before e883f6f
#     (cd /tmp/before && CARGO_TARGET_DIR=/tmp/before-target cargo build --release)
#     bench/verify_archive.sh /tmp/before-target/release/stonejudge
#   AFTER_BINARY: default target/release/stonejudge (built first).
# Both read the archive of this checkout; the compile cache is a fresh one per run, so each
# pays for its compiles, as CI does.
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?usage: bench/verify_archive.sh BEFORE_BINARY [AFTER_BINARY]}
after=${2:-}
if [[ -z $after ]]; then
    cargo build --release --quiet
    after=target/release/stonejudge
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
run() {
    local label=$1 binary=$2
    mkdir -p "$dir/cache-$label"
    local status=0
    STONEJUDGE_CACHE="$dir/cache-$label" /usr/bin/time -f '%e %U %S' -o "$dir/time-$label" \
        "$binary" verify --root . > "$dir/out-$label" 2>&1 || status=$?
    read -r wall user sys < "$dir/time-$label"
    printf '%-7s exit %s, wall %6.1f s, CPU %6.1f s (%s)\n' "$label" "$status" "$wall" \
        "$(awk "BEGIN { print $user + $sys }")" "$(tail -1 "$dir/out-$label")"
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
run before "$before"
run after "$after"
