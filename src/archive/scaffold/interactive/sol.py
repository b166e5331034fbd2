# Binary search: each question halves the range where x can be, so q questions always do.
n, q = map(int, input().split())
lo, hi = 1, n
while True:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    answer = input().strip()
    if answer == "=":
        break
    if answer == "<":
        hi = mid - 1
    else:
        lo = mid + 1
