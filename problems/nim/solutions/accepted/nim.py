"""Nim with a winning move (Bouton): the first player wins iff the heaps xor to X != 0;
then leaving a_i xor X stones in a heap where that is smaller than a_i wins."""
import sys
from functools import reduce
from operator import xor


def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    pos = 1
    out = []
    for _ in range(t):
        n = int(data[pos])
        heaps = list(map(int, data[pos + 1:pos + 1 + n]))
        pos += 1 + n
        x = reduce(xor, heaps, 0)
        if x == 0:
            out.append("second")
            continue
        top = 1 << (x.bit_length() - 1)
        i = next(i for i, a in enumerate(heaps) if a & top)
        out.append("first %d %d" % (i + 1, heaps[i] ^ x))
    sys.stdout.write("\n".join(out) + "\n")


main()
