# Brute force of "Take 1, 3 or 4": the game searched position by position, from 0 up to the
# largest n (so it runs out of time on large n, which verify counts as too large for it).
import sys

ns = [int(x) for x in sys.stdin.read().split()[1:]]
wanted = set(ns)
wins = {}
last = [False] * 4  # whether the positions n - 1 ... n - 4 are wins
for n in range(max(ns) + 1):
    win = any(n >= k and not last[k - 1] for k in (1, 3, 4))
    if n in wanted:
        wins[n] = win
    last = [win] + last[:3]
print("\n".join("first" if wins[n] else "second" for n in ns))
