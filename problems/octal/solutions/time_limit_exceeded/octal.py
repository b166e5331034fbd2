"""Any octal game 0.d1...dk on several heaps (heaps <= 2000, k <= 16, up to 100 codes).

d_j: bit 1 takes a whole heap of j, bit 2 leaves one smaller heap, bit 4 splits the rest in
two non-empty heaps. The values G(a) xor G(r - a) of splitting a remainder r do not depend on
the digit, so their set is computed once per r (as a bitmask) and shared by every splitting
digit; tables are shared by cases with the same code. While every value fits in a byte, the
r/2 xors of one remainder are a single big-integer xor of two byte strings."""
import sys


def split_values(g, small, r, limit):
    """Bitmask of { G(a) xor G(r - a) : 1 <= a <= r/2 }; every xor is below `limit`."""
    half = r // 2
    if half == 0:
        return 0
    mask = 0
    if limit <= 256:
        left = small[1:half + 1]
        right = small[r - 1:r - 1 - half:-1]
        xors = (int.from_bytes(left, "little") ^ int.from_bytes(right, "little")).to_bytes(
            half, "little")
        for v in range(limit):
            if v in xors:
                mask |= 1 << v
    else:
        for a in range(1, half + 1):
            mask |= 1 << (g[a] ^ g[r - a])
    return mask


def table(code, upto):
    digits = [int(c) for c in code]
    splitting = any(d & 4 for d in digits)
    g = []
    small = bytearray()  # g as bytes while every value is below 256
    splits = []
    limit = 1  # a power of two above every value so far
    for n in range(upto + 1):
        if splitting and n > 0:
            splits.append(split_values(g, small, n - 1, limit))
        options = 0
        for j, d in enumerate(digits, 1):
            if j > n:
                break
            rest = n - j
            if d & 1 and rest == 0:
                options |= 1
            if d & 2 and rest > 0:
                options |= 1 << g[rest]
            if d & 4 and rest >= 2:
                options |= splits[rest]
        value = (~options & (options + 1)).bit_length() - 1
        g.append(value)
        if value < 256:
            small.append(value)
        while value >= limit:
            limit *= 2
    return g


def main():
    data = sys.stdin.buffer.read().split()
    cases = int(data[0])
    pos = 1
    parsed = []
    largest = {}
    for _ in range(cases):
        code = data[pos].decode()[2:]
        n = int(data[pos + 1])
        heaps = [int(x) for x in data[pos + 2:pos + 2 + n]]
        pos += 2 + n
        parsed.append((code, heaps))
        largest[code] = max(largest.get(code, 0), max(heaps))
    tables = {code: table(code, upto) for code, upto in largest.items()}
    out = []
    for code, heaps in parsed:
        x = 0
        for h in heaps:
            x ^= tables[code][h]
        out.append("first" if x else "second")
    sys.stdout.write("\n".join(out) + "\n")


main()
