#!/usr/bin/env python3
"""Would the dense Grundy engine save pairs by stopping its scans early? A simulation on the
real values of stripes:10,20,35, for BENCHMARKS.md ("The dense engine's limit").

Usage: python3 bench/early_stop.py [N] [HEAPS]   (needs numpy and a release build; defaults
200000 values and 40 heaps drawn from the last quarter of the table, seed 1)

For each drawn heap n, its three rests n-10, n-20, n-35 and their split xors are formed. With a
prefix fraction f of each rest's splits marked (as the engine marks every split now), the values
below G(n) that no prefix holds are candidates; each must then be found among the remaining
splits by a search that stops at its first witness, and G(n) itself (absent) needs every
remaining split searched. Printed per f: the candidates (median, largest), and the estimated
cost against marking everything, at 1.7 units per marked pair and 0.2 per searched pair (a
vectorised compare). The engine marks each rest once for three heaps, so the prefixes count a
third per heap.
"""
import subprocess
import sys

import numpy as np

n_values = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
heaps = int(sys.argv[2]) if len(sys.argv) > 2 else 40
out = subprocess.run(
    ["target/release/stonejudge", "grundy", "stripes:10,20,35", "--upto", str(n_values)],
    check=True, capture_output=True, text=True).stdout
g = np.array(out.split(), dtype=np.int64)


def splits(rest):
    a = np.arange(0, rest // 2 + 1)
    return g[a] ^ g[rest - a]


MARK, SEARCH = 1.7, 0.2
rng = np.random.default_rng(1)
drawn = rng.integers(len(g) * 3 // 4, len(g), heaps)
for f in [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]:
    counts, cost, full = [], 0.0, 0.0
    for n in drawn:
        rests = [splits(n - j) for j in (10, 20, 35)]
        prefixes = [r[: int(f * len(r))] for r in rests]
        seen = set(np.concatenate(prefixes).tolist())
        value = int(g[n])
        candidates = [x for x in range(value) if x not in seen]
        counts.append(len(candidates))
        searched = 0
        for x in candidates + [value]:
            for r, p in zip(rests, prefixes):
                rest_of = r[len(p):]
                hit = np.flatnonzero(rest_of == x)
                if len(hit):
                    searched += hit[0] + 1
                    break
                searched += len(rest_of)
        cost += MARK * sum(len(p) for p in prefixes) / 3 + SEARCH * searched
        full += MARK * sum(len(r) for r in rests) / 3
    print(f"f={f}: candidates median {np.median(counts):.0f}, largest {max(counts)}; "
          f"cost {cost / full:.2f}x marking every split")
