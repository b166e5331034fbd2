"""Wythoff's game: (a, b), a <= b, is a losing position iff a = floor(k * phi), k = b - a,
computed exactly as (k + isqrt(5 k^2)) // 2."""
import sys
from math import isqrt

data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data), 2):
    a, b = sorted((int(data[i]), int(data[i + 1])))
    k = b - a
    out.append("0" if (k + isqrt(5 * k * k)) // 2 == a else "1")
sys.stdout.write("\n".join(out) + "\n")
