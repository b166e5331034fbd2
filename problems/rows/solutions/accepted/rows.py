"""Rows of stones, a move takes two adjacent stones: Dawson's Kayles (octal 0.07).

G by the mex recurrence up to 400; G has period 34 from 53 on (proven by Guy-Smith from
2*53 + 2*34 + 2 values), so longer rows are reduced into [300, 334)."""
import sys

TABLE = 400
g = [0] * TABLE
for n in range(2, TABLE):
    seen = {g[a] ^ g[n - 2 - a] for a in range(n - 1)}
    mex = 0
    while mex in seen:
        mex += 1
    g[n] = mex

data = sys.stdin.buffer.read().split()
cases = int(data[0])
pos = 1
out = []
for _ in range(cases):
    n = int(data[pos])
    x = 0
    for token in data[pos + 1:pos + 1 + n]:
        length = int(token)
        if length >= 300:
            length = 300 + (length - 300) % 34
        x ^= g[length]
    pos += 1 + n
    out.append("first" if x else "second")
sys.stdout.write("\n".join(out) + "\n")
