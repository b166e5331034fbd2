"""WRONG: knows that Dawson's Kayles has period 34 but applies it from 0, ignoring the
exceptional values up to n = 52 (G(len) taken as G(68 + len % 34))."""
import sys

TABLE = 200
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
        x ^= g[68 + int(token) % 34]
    pos += 1 + n
    out.append("first" if x else "second")
sys.stdout.write("\n".join(out) + "\n")
