# stripes-play, wrong: chooses to move first and places a stripe that runs off the board.
import sys

c, z, n, g = map(int, sys.stdin.readline().split())
p = int(sys.stdin.readline())
print(1, flush=True)
print(c, p, flush=True) if c > 1 else print(c, p + 1, flush=True)
sys.stdin.read()
