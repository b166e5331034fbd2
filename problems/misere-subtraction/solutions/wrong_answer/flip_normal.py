"""WRONG: "misere is normal play with the answer flipped" - true for a heap of 1 with S = {1},
false in general (and for heaps where no move exists)."""
import sys

data = sys.stdin.buffer.read().split()
cases = int(data[0])
pos = 1
out = []
for _ in range(cases):
    n, k = int(data[pos]), int(data[pos + 1])
    s = [int(x) for x in data[pos + 2:pos + 2 + k]]
    pos += 2 + k
    w = bytearray(n + 1)
    for i in range(1, n + 1):
        w[i] = any(x <= i and not w[i - x] for x in s)
    out.append("second" if w[n] else "first")
sys.stdout.write("\n".join(out) + "\n")
