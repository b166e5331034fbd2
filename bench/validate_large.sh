#!/usr/bin/env bash
# `stonejudge validate nim` (the catalog's in-process validator) on large inputs, from a file
# and from a pipe: wall time, CPU time (user + sys) and peak resident memory, best of 3 by
# wall time. The inputs:
#   early: 100 MiB whose error is on line 3 (a heap `x`), a whole line of the first 4 MiB:
#          rejected after reading those 4 MiB, the rest never read;
#   late:  100 MiB whose third line holds 5*10^7 heaps where 10^5 are allowed: that line does
#          not end within the first 4 MiB, so the whole input is read and the error found at
#          its column (3:200001);
#   valid: the largest input nim allows (10^4 games, 10^6 heaps near 2^63: about 20 MB).
# Usage: bench/validate_large.sh   (builds the release binary first)
#        SJ=/path/to/stonejudge bench/validate_large.sh   (that binary, no build: to compare two
#        builds in the same minutes on a shared machine)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SJ:-}" ]; then
    cargo build --release --quiet
fi
sj=${SJ:-$PWD/target/release/stonejudge}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]
mib = 1 << 20
with open(f"{d}/early.in", "wb") as f:
    f.write(b"1\n2\n1 x\n")
    f.write(b"7" * (100 * mib))
with open(f"{d}/late.in", "wb") as f:
    f.write(b"1\n100000\n")
    f.write(b"7 " * (50 * mib) + b"\n")
rng = random.Random(1)
top = 2**63 - 1
with open(f"{d}/valid.in", "w") as f:
    games = 10**4
    f.write(f"{games}\n")
    for _ in range(games):
        f.write("100\n" + " ".join(str(top - rng.randint(0, 10**6)) for _ in range(100)) + "\n")
PY
# timed LABEL EXPECTED-EXIT COMMAND...: best of 3 by wall time (sh -c, for the pipes).
timed() {
    local label=$1 expected=$2; shift 2
    local best= line=
    for _ in 1 2 3; do
        local status=0
        /usr/bin/time -f '%e %U %S %M' -o "$dir/time" sh -c "$*" > /dev/null 2> "$dir/err" \
            || status=$?
        if [ "$status" != "$expected" ]; then
            echo "$label: exit $status, expected $expected: $(head -c 300 "$dir/err")" >&2
            exit 1
        fi
        local wall user sys kib
        read -r wall user sys kib < <(tail -1 "$dir/time")
        if [[ -z $best ]] || awk "BEGIN { exit !($wall < $best) }"; then
            best=$wall
            line=$(printf '%-34s %6.2f s wall %6.2f s CPU %7.1f MiB peak' "$label" "$wall" \
                "$(awk "BEGIN { print $user + $sys }")" "$(awk "BEGIN { print $kib / 1024 }")")
        fi
    done
    echo "$line"
}
echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $sj"
for case in early late valid; do
    expected=1
    [ "$case" = valid ] && expected=0
    timed "$case: file" "$expected" "$sj" validate nim "$dir/$case.in"
    timed "$case: pipe" "$expected" "cat $dir/$case.in | $sj validate nim"
done
