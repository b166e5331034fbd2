"""A correct solution to `nim` in Python."""
import sys

data = sys.stdin.buffer.read().split()
cases, at, out = int(data[0]), 1, []
for _ in range(cases):
    n = int(data[at])
    heaps = [int(v) for v in data[at + 1:at + 1 + n]]
    at += 1 + n
    x = 0
    for h in heaps:
        x ^= h
    if x == 0:
        out.append("second")
    else:
        i = next(i for i, h in enumerate(heaps) if h ^ x < h)
        out.append(f"first {i + 1} {heaps[i] ^ x}")
print("\n".join(out))
