"""WRONG: treats a placement as taking stones from the end of the board, as if the board
could never split in two (a subtraction game instead of an octal game)."""
import sys

data = sys.stdin.buffer.read().split()
lengths = [int(x) for x in data[:3]]
m = int(data[3])
boards = [int(x) for x in data[4:4 + m]]
g = [0] * 1001
for n in range(1, 1001):
    options = {g[n - length] for length in lengths if length <= n}
    mex = 0
    while mex in options:
        mex += 1
    g[n] = mex
sys.stdout.write("".join("1\n" if g[p] else "2\n" for p in boards))
