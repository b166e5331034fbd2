"""Misere Nim (HDU 1907): whoever takes the last stone loses. Bouton's exception: John wins
iff (some heap has 2+ stones and the xor is non-zero) or (all heaps have one stone and the
xor is zero)."""
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
        john = x != 0 if max(heaps) >= 2 else x == 0
        out.append("John" if john else "Brother")
    sys.stdout.write("\n".join(out) + "\n")


main()
