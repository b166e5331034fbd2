# Shared by the bench scripts (sourced): timing helpers.

# best_of_3 COMMAND...: the fastest of three runs, in microseconds (output discarded).
best_of_3() {
    local best=
    for _ in 1 2 3; do
        local start end t
        start=$(date +%s%N)
        "$@" > /dev/null 2>&1 || true
        end=$(date +%s%N)
        t=$(( (end - start) / 1000 ))
        if [[ -z $best ]] || (( t < best )); then best=$t; fi
    done
    echo "$best"
}

# per_test MICROSECONDS: the time per test of 200, in milliseconds.
per_test() { awk "BEGIN { printf \"%.2f ms\", $1 / 200 / 1000 }"; }
