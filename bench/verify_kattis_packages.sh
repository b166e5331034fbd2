#!/usr/bin/env bash
# `stonejudge verify` of Kattis packages we did not write (copies of BAPCtools' test problems and
# problemtools' examples: not part of this repository), once with a binary built from another
# commit (before) and once with another (after), each with an empty compile cache of its own, one
# package after another; prints each package's exit code and the whole set's wall and CPU time.
# Usage: bench/verify_kattis_packages.sh BEFORE_BINARY AFTER_BINARY PACKAGE...
set -euo pipefail
before=$(realpath "${1:?usage: bench/verify_kattis_packages.sh BEFORE AFTER PACKAGE...}")
after=$(realpath "${2:?usage: bench/verify_kattis_packages.sh BEFORE AFTER PACKAGE...}")
shift 2
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
for label in before after; do
    binary=${!label}
    cache=$(mktemp -d)
    /usr/bin/time -f "$label: wall %e s, CPU %U s user + %S s system" bash -c '
        cache=$1 binary=$2; shift 2
        for package in "$@"; do
            code=0
            STONEJUDGE_CACHE="$cache" "$binary" verify "$package" > /dev/null 2>&1 || code=$?
            printf "%s %s, " "$package" "$code"
        done
        echo' _ "$cache" "$binary" "$@"
    rm -rf "$cache"
done
