#!/usr/bin/env bash
# checktestdata engines on one large input: 10^6 integers in [1, 10^9] on one line (about
# 10 MB), checked by a script with a separated REP, one with arrays and UNIQUE, and one with
# floats. Ours (`stonejudge checktestdata`), the Python checktestdata (`python3 -m
# checktestdata`, when importable) and DOMjudge's C++ one ($CTD_CPP, or `checktestdata` on
# PATH, when built: see docs/checktestdata.md). Each tool must accept; CPU time (user + sys) and
# wall time, best of 3 (the Python one once: it takes long).
# Usage: bench/checktestdata.sh   (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sj=$PWD/target/release/stonejudge
cpp=${CTD_CPP:-$(command -v checktestdata || true)}
python3 -c 'import checktestdata.pyctd' 2>/dev/null && pip=yes || pip=
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]
rng = random.Random(1)
n = 10**6
with open(f"{d}/ints.in", "w") as f:
    f.write(f"{n}\n" + " ".join(str(rng.randint(1, 10**9)) for _ in range(n)) + "\n")
with open(f"{d}/distinct.in", "w") as f:
    f.write(f"{n}\n" + " ".join(map(str, rng.sample(range(1, 10**9), n))) + "\n")
with open(f"{d}/floats.in", "w") as f:
    f.write(f"{n}\n" + "\n".join(f"{rng.uniform(-1e6, 1e6):.6f}" for _ in range(n)) + "\n")
PY
printf 'INT(1, 1000000, n) NEWLINE\nREP(n, SPACE)\n  INT(1, 10^9)\nEND\nNEWLINE\n' > "$dir/ints.ctd"
printf 'INT(1, 1000000, n) NEWLINE\nREPI(i, n, SPACE)\n  INT(1, 10^9, a[i])\nEND\nNEWLINE\nASSERT(UNIQUE(a))\n' > "$dir/distinct.ctd"
printf 'INT(1, 1000000, n) NEWLINE\nREP(n)\n  FLOATP(-1e6, 1e6, 6, 6) NEWLINE\nEND\n' > "$dir/floats.ctd"
timed() {
    local label=$1 runs=$2; shift 2
    local best= best_wall=
    for ((r = 0; r < runs; r++)); do
        /usr/bin/time -f '%U %S %e' -o "$dir/time" "$@" > /dev/null 2> "$dir/err" \
            || { echo "$label: rejected: $(head -3 "$dir/err")" >&2; exit 1; }
        read -r user sys wall < "$dir/time"
        local cpu
        cpu=$(awk "BEGIN { print $user + $sys }")
        if [[ -z $best ]] || awk "BEGIN { exit !($cpu < $best) }"; then best=$cpu; best_wall=$wall; fi
    done
    printf '%-44s %6.2fs CPU %6.2fs wall\n' "$label" "$best" "$best_wall"
}
echo "input: 10^6 numbers, $(wc -c < "$dir/ints.in") bytes; $(nproc) cores"
for case in ints distinct floats; do
    timed "$case: stonejudge checktestdata" 3 "$sj" checktestdata "$dir/$case.ctd" "$dir/$case.in"
    if [[ -n $cpp ]]; then
        timed "$case: DOMjudge checktestdata (C++)" 3 "$cpp" "$dir/$case.ctd" "$dir/$case.in"
    else
        echo "$case: DOMjudge checktestdata (C++): not built, left out"
    fi
    if [[ -n $pip ]]; then
        timed "$case: python3 -m checktestdata" 1 python3 -m checktestdata "$dir/$case.ctd" "$dir/$case.in"
    else
        echo "$case: python3 -m checktestdata: not installed, left out"
    fi
done
