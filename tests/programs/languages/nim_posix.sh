#!/bin/sh
# A correct solution to `nim` in the POSIX shell: Bouton's theorem, the first winning move.
set -- $(cat)
cases=$1
shift
while [ "$cases" -gt 0 ]; do
  cases=$((cases - 1))
  n=$1
  shift
  x=0
  i=0
  for h in "$@"; do
    [ "$i" -lt "$n" ] || break
    x=$((x ^ h))
    i=$((i + 1))
  done
  move=second
  i=0
  while [ "$i" -lt "$n" ]; do
    i=$((i + 1))
    h=$1
    shift
    if [ "$move" = second ] && [ $((h ^ x)) -lt "$h" ]; then move="first $i $((h ^ x))"; fi
  done
  echo "$move"
done
