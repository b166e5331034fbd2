#!/usr/bin/env bash
# Cost of `stonejudge check` on the largest nim test (10^4 cases, 10^6 heaps in all):
# an accepted output, one with CRLF line ends (accepted with notes), one with a line missing
# in the middle (PE with a diff), one followed by 2*10^6 extra lines (PE with a diff), and
# the Kattis protocol with space_change_sensitive.
# Usage: bench/check.sh   (builds the release binary first; prints seconds per run)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sj=target/release/stonejudge
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$sj" gen nim --seed 1 --param mode=many > "$dir/in"
"$sj" solve nim "$dir/in" > "$dir/ans"
sed 's/$/\r/' "$dir/ans" > "$dir/crlf"
sed '5000d' "$dir/ans" > "$dir/missing"
{ cat "$dir/ans"; awk 'BEGIN { for (i = 0; i < 2000000; i++) print "first 1 1" }'; } > "$dir/flood"
mkdir "$dir/feedback"
echo "input $(wc -c < "$dir/in") bytes, answer $(wc -l < "$dir/ans") lines"
timed() {
    local label=$1; shift
    local best=
    for _ in 1 2 3 4 5; do
        local t
        /usr/bin/time -f %e -o "$dir/time" "$@" > /dev/null 2>&1 || true
        t=$(tail -1 "$dir/time")
        if [[ -z $best ]] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    done
    printf '%-40s %ss (best of 5)\n' "$label" "$best"
}
timed "testlib, accepted" "$sj" check nim "$dir/in" "$dir/ans" "$dir/ans"
timed "testlib, CRLF (accepted with notes)" "$sj" check nim "$dir/in" "$dir/crlf" "$dir/ans"
timed "testlib, line 5000 missing (PE + diff)" "$sj" check nim "$dir/in" "$dir/missing" "$dir/ans"
timed "testlib, 2*10^6 extra lines (PE + diff)" "$sj" check nim "$dir/in" "$dir/flood" "$dir/ans"
timed "kattis space_change_sensitive, CRLF" \
    sh -c "\"$sj\" check --kattis nim \"$dir/in\" \"$dir/ans\" \"$dir/feedback\" space_change_sensitive < \"$dir/crlf\""
