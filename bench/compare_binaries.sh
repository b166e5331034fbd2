#!/usr/bin/env bash
# `verify --json`, `describe` and `testdata --check` of packages we did not write (copies of
# the anchors' packages: not part of this repository), once with a binary built from another
# commit (before) and once with another (after), each on a copy of its own; prints, per
# package, each command's exit codes and the verify items whose result differs.
# Usage: bench/compare_binaries.sh BEFORE_BINARY AFTER_BINARY PACKAGE...
# A sinol-make package's folder must be named by its task id (abc), as sinol-make wants.
set -euo pipefail
before=$(realpath "${1:?usage: bench/compare_binaries.sh BEFORE AFTER PACKAGE...}")
after=$(realpath "${2:?usage: bench/compare_binaries.sh BEFORE AFTER PACKAGE...}")
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for package in "$@"; do
    name=$(basename "$package")
    for side in before after; do
        binary=${!side}
        mkdir -p "$work/$side"
        rm -rf "${work:?}/$side/$name"
        cp -r "$package" "$work/$side/$name"
        (
            cd "$work/$side"
            code=0
            timeout 900 "$binary" verify "./$name" --json "$name.json" > /dev/null 2>&1 || code=$?
            echo "$code" > "$name.verify"
            code=0
            timeout 300 "$binary" describe "./$name" > /dev/null 2>&1 || code=$?
            echo "$code" > "$name.describe"
            code=0
            timeout 900 "$binary" testdata --check "./$name" > /dev/null 2>&1 || code=$?
            echo "$code" > "$name.testdata"
        )
    done
    python3 - "$work" "$name" <<'PY'
import json, sys
work, name = sys.argv[1], sys.argv[2]
def items(side):
    try:
        with open(f"{work}/{side}/{name}.json") as f:
            report = json.load(f)
    except (OSError, ValueError):
        return {}
    return {i["id"].split(name, 1)[-1]: (i["ok"], i.get("skipped")) for i in report.get("items", [])}
def code(side, command):
    with open(f"{work}/{side}/{name}.{command}") as f:
        return f.read().strip()
before, after = items("before"), items("after")
differing = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
codes = ", ".join(f"{c} {code('before', c)}/{code('after', c)}" for c in ("verify", "describe", "testdata"))
print(f"{name}: {codes}; verify items {len(before)}/{len(after)}, differing: {differing or 'none'}")
PY
done
