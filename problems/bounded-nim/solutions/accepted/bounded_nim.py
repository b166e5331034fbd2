"""Bounded Nim: a move takes 1..m stones, so a heap of a stones has Grundy value a mod (m+1);
the first player wins iff those values xor to non-zero."""
import sys


def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    pos = 1
    out = []
    for _ in range(t):
        n, modulus = int(data[pos]), int(data[pos + 1]) + 1
        x = 0
        for a in data[pos + 2:pos + 2 + n]:
            x ^= int(a) % modulus
        pos += 2 + n
        out.append("first" if x else "second")
    sys.stdout.write("\n".join(out) + "\n")


main()
