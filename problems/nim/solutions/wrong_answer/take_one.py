"""WRONG: knows who wins, but as the winner just takes one stone from the first non-empty
heap, which usually leaves a non-zero xor for the opponent."""
import sys
from functools import reduce
from operator import xor

data = sys.stdin.buffer.read().split()
t = int(data[0])
pos = 1
out = []
for _ in range(t):
    n = int(data[pos])
    heaps = list(map(int, data[pos + 1:pos + 1 + n]))
    pos += 1 + n
    if reduce(xor, heaps, 0) == 0:
        out.append("second")
    else:
        i = next(i for i, a in enumerate(heaps) if a > 0)
        out.append("first %d %d" % (i + 1, heaps[i] - 1))
sys.stdout.write("\n".join(out) + "\n")
