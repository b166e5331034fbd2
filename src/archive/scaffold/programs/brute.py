# Brute force: every position searched, for small heaps only (groups marked small).
import sys

heaps = [int(x) for x in sys.stdin.read().split()[1:]]
wins = [False] * (max(heaps) + 1)
for n in range(len(wins)):
    wins[n] = any(n >= k and not wins[n - k] for k in (1, 2, 3))
print("\n".join("first" if wins[n] else "second" for n in heaps))
