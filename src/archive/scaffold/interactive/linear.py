# Wrong: asks 1, 2, 3, ... in turn, which finds x only when x <= q (the query limit).
n, q = map(int, input().split())
for y in range(1, n + 1):
    print("?", y, flush=True)
    if input().strip() == "=":
        break
