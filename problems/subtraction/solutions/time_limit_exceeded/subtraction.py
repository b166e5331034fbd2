"""S-Nim (POJ 2960): G(h) = mex { G(h - s) : s in S, s <= h }; a position is a win for the
player to move iff the values of its heaps xor to non-zero. The set comes in any order,
with repeats: sort and deduplicate it first."""
import sys


def main():
    data = sys.stdin.buffer.read().split()
    pos = 0
    out = []
    while True:
        k = int(data[pos])
        if k == 0:
            break
        moves = sorted(set(map(int, data[pos + 1:pos + 1 + k])))
        pos += 1 + k
        m = int(data[pos])
        pos += 1
        positions = []
        for _ in range(m):
            l = int(data[pos])
            positions.append(list(map(int, data[pos + 1:pos + 1 + l])))
            pos += 1 + l
        largest = max(max(heaps) for heaps in positions)
        g = [0] * (largest + 1)
        for h in range(1, largest + 1):
            # Bit v of mask is set when some option has value v; the mex is the lowest clear bit.
            mask = 0
            for s in moves:
                if s > h:
                    break
                mask |= 1 << g[h - s]
            g[h] = (~mask & (mask + 1)).bit_length() - 1
        line = []
        for heaps in positions:
            x = 0
            for h in heaps:
                x ^= g[h]
            line.append("W" if x else "L")
        out.append("".join(line))
    sys.stdout.write("".join(line + "\n" for line in out))


main()
