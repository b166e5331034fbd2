# Brute force of "Take 1, 3 or 4": the game searched position by position (small n only).
import sys

data = sys.stdin.read().split()
ns = [int(x) for x in data[1:]]
win = [False] * (max(ns) + 1)
for n in range(len(win)):
    win[n] = any(n >= k and not win[n - k] for k in (1, 3, 4))
print("\n".join("first" if win[n] else "second" for n in ns))
