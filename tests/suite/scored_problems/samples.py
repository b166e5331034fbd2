# Right everywhere but on the sample (the only test with 3 heaps): it says "first" there.
import sys

data = sys.stdin.read().split()
heaps = [int(n) for n in data[1:]]
if len(heaps) == 3:
    print("\n".join("first" for _ in heaps))
else:
    print("\n".join("second" if n % 7 in (0, 2) else "first" for n in heaps))
