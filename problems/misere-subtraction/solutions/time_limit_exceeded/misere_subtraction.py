"""Misere subtraction game on one heap: the player who cannot move wins.

W(n) is true if no removal fits, else true iff some removal leaves a losing heap. For
n >= t (the largest removal) W(n) depends only on the window of the last t values; once a
window repeats the table repeats, which Brent's cycle search detects. Tables are shared by
cases with the same set."""
import sys


def table(s, upto):
    """W(0..) up to `upto`, or a shorter prefix plus (preperiod, period)."""
    t = s[-1]
    w = []
    for i in range(min(t, upto + 1)):
        options = [x for x in s if x <= i]
        w.append(not options or any(not w[i - x] for x in options))
    if upto < t:
        return w, None
    full = (1 << t) - 1
    moves = 0
    for x in s:
        moves |= 1 << (x - 1)
    window = 0
    for i in range(t):
        if w[t - 1 - i]:
            window |= 1 << i
    saved, saved_at, next_save = window, t, t + 1
    for m in range(t, upto + 1):
        if m > saved_at and window == saved:
            return w, (saved_at - t, m - saved_at)
        if m == next_save:
            saved, saved_at, next_save = window, m, t + 2 * (m - t)
        b = (~window & moves) != 0
        w.append(b)
        window = ((window << 1) | b) & full
    return w, None


def main():
    data = sys.stdin.buffer.read().split()
    cases = int(data[0])
    pos = 1
    queries = []
    largest = {}
    for _ in range(cases):
        n, k = int(data[pos]), int(data[pos + 1])
        s = tuple(sorted(set(int(x) for x in data[pos + 2:pos + 2 + k])))
        pos += 2 + k
        queries.append((n, s))
        largest[s] = max(largest.get(s, 0), n)
    tables = {s: table(list(s), upto) for s, upto in largest.items()}
    out = []
    for n, s in queries:
        w, period = tables[s]
        if period is not None and n >= len(w):
            pre, p = period
            n = pre + (n - pre) % p
        out.append("first" if w[n] else "second")
    sys.stdout.write("\n".join(out) + "\n")


main()
