# nim-play, wrong: moves first and takes one stone more than the first heap holds.
import sys

games = int(sys.stdin.readline())
n, *heaps = map(int, sys.stdin.readline().split())
print(1, flush=True)
print(1, heaps[0] + 1, flush=True)
sys.stdin.read()
