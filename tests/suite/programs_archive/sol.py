import sys

data = sys.stdin.read().split()
print("\n".join("second" if int(n) % 7 in (0, 2) else "first" for n in data[1:]))
