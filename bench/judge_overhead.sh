#!/usr/bin/env bash
# Judge overhead per test: `stonejudge judge` on 200 tests with a C++ program that prints a
# constant (so nearly all the time is the judge's), against the same program started 200
# times by the shell with the same input and output redirections. Also reports the judge's own
# peak memory (GNU time's %M: the judge is spawned from the small time process). Every judge
# row is measured confined (--sandbox auto, the default), confined without the memory cgroup
# (STONEJUDGE_SANDBOX_WITHOUT=cgroup: what the cgroup costs), and with --sandbox off.
# Usage: bench/judge_overhead.sh [BEFORE]   (builds the release binary first; best of 3 per
# row). BEFORE, another stonejudge binary (main's, built in a target directory of its own), is
# measured in the same run, each of its rows right before the same row of this one, so that
# both see the same load. Then the same 200 tests as a Kattis package with an output
# validator in C (a validator run per test, each with its own input, answer and feedback
# directory: what a jury program costs), with --sandbox auto.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
sj=$PWD/target/release/stonejudge
before=${1:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export STONEJUDGE_CACHE=$dir/cache
mkdir "$dir/tests"
for i in $(seq -w 1 200); do
    printf '1\n2\n3 3\n' > "$dir/tests/$i.in"
    printf 'second\n' > "$dir/tests/$i.ans"
done
printf '#include <cstdio>\nint main() { std::puts("second"); }\n' > "$dir/echo.cpp"
# Compile once (the cache), and keep the binary's path for the shell baseline.
"$sj" judge nim --tests "$dir/tests" --test 001 -- "$dir/echo.cpp" > /dev/null
binary=$(find "$dir/cache" -maxdepth 1 -type f | head -1)

source bench/lib.sh
shell_loop() {
    for input in "$dir"/tests/*.in; do "$binary" < "$input" > "$dir/out"; done
}

baseline=$(best_of_3 shell_loop)
printf '%-60s %s per test\n' "shell loop, 200 runs (baseline)" "$(per_test "$baseline")"
for jobs in 1 2; do
    for sandbox in auto auto-without-cgroup off; do
        without=
        [ "$sandbox" = auto-without-cgroup ] && without=cgroup
        for which in ${before:+before} after; do
            judge=$sj
            [ "$which" = before ] && judge=$before
            total=$(STONEJUDGE_SANDBOX_WITHOUT=$without best_of_3 "$judge" judge nim \
                --jobs "$jobs" --sandbox "${sandbox%%-*}" --tests "$dir/tests" -- "$binary")
            printf '%-60s %s per test (overhead %s, %.2fx the loop)\n' \
                "stonejudge judge${before:+ ($which)}, --jobs $jobs, --sandbox $sandbox" \
                "$(per_test "$total")" "$(per_test $((total - baseline)))" \
                "$(awk "BEGIN { print $total / $baseline }")"
        done
    done
done
package=$dir/package
mkdir -p "$package/data/secret" "$package/output_validators/accept"
printf 'name: Overhead\nvalidation: custom\n' > "$package/problem.yaml"
cp "$dir"/tests/* "$package/data/secret/"
cat > "$package/output_validators/accept/accept.c" <<'EOF'
#include <stdio.h>
int main(int argc, char **argv) {
    char path[4096];
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    FILE *message = fopen(path, "w");
    if (message) fputs("accepted\n", message);
    return 42;
}
EOF
for jobs in 1 2; do
    for which in ${before:+before} after; do
        judge=$sj
        [ "$which" = before ] && judge=$before
        total=$(best_of_3 "$judge" judge "$package" --jobs "$jobs" --time-limit 1 -- "$binary")
        printf '%-60s %s per test\n' \
            "stonejudge judge${before:+ ($which)} of a package with a validator, --jobs $jobs" \
            "$(per_test "$total")"
    done
done
/usr/bin/time -f '%M' -o "$dir/peak" "$sj" judge nim --jobs 1 --tests "$dir/tests" -- "$binary" > /dev/null
printf '%-60s %s KiB\n' "judge peak memory (200 tests, --jobs 1)" "$(tail -1 "$dir/peak")"
