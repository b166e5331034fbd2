#!/bin/bash
# A correct solution to `nim` in Bash: Bouton's theorem, the first winning move.
read -r -d '' -a words
at=1
for ((c = 0; c < words[0]; c++)); do
  n=${words[at]}
  heaps=("${words[@]:at+1:n}")
  ((at += 1 + n))
  x=0
  for h in "${heaps[@]}"; do ((x ^= h)); done
  if ((x == 0)); then echo second; continue; fi
  for i in "${!heaps[@]}"; do
    if (((heaps[i] ^ x) < heaps[i])); then echo "first $((i + 1)) $((heaps[i] ^ x))"; break; fi
  done
done
