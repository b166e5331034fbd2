# Brute force: every position searched, from 0 up to the largest heap, so it is slow on large
# heaps; verify gives it a time budget per test and counts a test it cannot finish in time as
# too large for it (a failure only in a group marked small).
import sys

heaps = [int(x) for x in sys.stdin.read().split()[1:]]
wanted = set(heaps)
wins = {}
last = [False] * 3  # whether the positions n - 1, n - 2, n - 3 are wins
for n in range(max(heaps) + 1):
    win = any(n >= k and not last[k - 1] for k in (1, 2, 3))
    if n in wanted:
        wins[n] = win
    last = [win] + last[:2]
print("\n".join("first" if wins[n] else "second" for n in heaps))
