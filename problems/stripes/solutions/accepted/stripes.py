"""Stripes (POI 2000): a board is a heap of the octal game with digit 7 at each length.

G(p) = mex over placements of G(left) xor G(right); the first player wins iff G(p) != 0.
"""
import sys


def main():
    data = sys.stdin.buffer.read().split()
    lengths = sorted({int(x) for x in data[:3]})
    m = int(data[3])
    boards = [int(x) for x in data[4:4 + m]]
    largest = max(boards)
    g = [0] * (largest + 1)
    for n in range(1, largest + 1):
        seen = set()
        for length in lengths:
            if length > n:
                break
            rest = n - length
            left = g[:rest // 2 + 1]
            right = g[rest - rest // 2:rest + 1][::-1]
            seen.update(map(int.__xor__, left, right))
        mex = 0
        while mex in seen:
            mex += 1
        g[n] = mex
    sys.stdout.write("".join("1\n" if g[p] else "2\n" for p in boards))


main()
