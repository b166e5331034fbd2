"""WRONG: reads bit 1 of d_j as "remove j stones and possibly leave nothing", i.e. lets it
take a whole heap of any size up to j, not exactly j."""
import sys


def table(code, upto):
    g = []
    digits = [int(c) for c in code]
    for n in range(upto + 1):
        seen = set()
        for j, d in enumerate(digits, 1):
            if d & 1 and 0 < n <= j:
                seen.add(0)
            if j > n:
                break
            rest = n - j
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4 and rest >= 2:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        mex = 0
        while mex in seen:
            mex += 1
        g.append(mex)
    return g


data = sys.stdin.buffer.read().split()
cases = int(data[0])
pos = 1
out = []
for _ in range(cases):
    code = data[pos].decode()[2:]
    n = int(data[pos + 1])
    heaps = [int(x) for x in data[pos + 2:pos + 2 + n]]
    pos += 2 + n
    g = table(code, max(heaps))
    x = 0
    for h in heaps:
        x ^= g[h]
    out.append("first" if x else "second")
sys.stdout.write("\n".join(out) + "\n")
