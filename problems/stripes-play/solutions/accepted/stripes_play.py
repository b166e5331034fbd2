# stripes-play: plays perfectly. Grundy values of free segments; for each segment length the
# first placement reaching each value is remembered, so a winning move is one lookup per segment.
import sys


def main():
    c, z, n, g = map(int, sys.stdin.readline().split())
    lengths = sorted({c, z, n}, reverse=True)  # longest first: shorter games
    top = 1000
    grundy = [0] * (top + 1)
    reach = [dict() for _ in range(top + 1)]  # value left -> (length, offset)
    for size in range(1, top + 1):
        options = reach[size]
        for length in lengths:
            for offset in range(size - length + 1):
                value = grundy[offset] ^ grundy[size - length - offset]
                if value not in options:
                    options[value] = (length, offset)
        v = 0
        while v in options:
            v += 1
        grundy[size] = v
    out = sys.stdout
    for _ in range(g):
        p = int(sys.stdin.readline())
        covered = [False] * (p + 2)
        covered[p + 1] = True
        mine = grundy[p] != 0
        out.write("1\n" if mine else "2\n")
        out.flush()
        while True:
            if mine:
                segments = []
                x = 0
                i = 1
                while i <= p:
                    if covered[i]:
                        i += 1
                        continue
                    j = i
                    while not covered[j]:
                        j += 1
                    segments.append((i, j - i))
                    x ^= grundy[j - i]
                    i = j
                move = None
                for start, size in segments:
                    hit = reach[size].get(grundy[size] ^ x)
                    if hit is not None:
                        move = (hit[0], start + hit[1])
                        break
                if move is None:
                    for start, size in segments:
                        if lengths[-1] <= size:
                            move = (lengths[-1], start)
                            break
                if move is None:
                    out.write("0 0\n")
                    out.flush()
                    break
                length, at = move
                for cell in range(at, at + length):
                    covered[cell] = True
                out.write(f"{length} {at}\n")
                out.flush()
            else:
                length, at = map(int, sys.stdin.readline().split())
                if length == 0:
                    break
                for cell in range(at, at + length):
                    covered[cell] = True
            mine = not mine


main()
