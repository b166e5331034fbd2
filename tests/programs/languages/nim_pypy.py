#!/usr/bin/env pypy3
"""A correct solution to `nim`, run by PyPy (its first line says so)."""
import sys

data = sys.stdin.buffer.read().split()
cases, at = int(data[0]), 1
for _ in range(cases):
    n = int(data[at])
    heaps = [int(v) for v in data[at + 1:at + 1 + n]]
    at += 1 + n
    x = 0
    for h in heaps:
        x ^= h
    moves = [i for i, h in enumerate(heaps) if h ^ x < h]
    print("second" if x == 0 else f"first {moves[0] + 1} {heaps[moves[0]] ^ x}")
