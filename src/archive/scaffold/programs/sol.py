import sys

games = sys.stdin.read().split()[1:]
print("\n".join("second" if int(n) % 4 == 0 else "first" for n in games))
