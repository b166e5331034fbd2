# Wrong: believes that only odd heaps are won.
import sys

games = sys.stdin.read().split()[1:]
print("\n".join("first" if int(n) % 2 == 1 else "second" for n in games))
