"""Python failures for the judge's evil suite: `evil.py MODE TOKEN`."""
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else ""
if mode == "exception":
    print("second")
    raise ValueError("on purpose")
elif mode == "memory":
    hoard = []
    while True:
        hoard.append(bytearray(1 << 20))
elif mode == "threads-recursion":
    # An honest program: eight threads, then a 200 000-frame recursion.
    import threading

    sums = [0] * 8

    def work(t):
        sums[t] = sum(range(t, 1 << 16))

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    def depth(n):
        return 0 if n == 0 else depth(n - 1) + 1

    sys.setrecursionlimit(250_000)
    if depth(200_000) == 200_000:
        print("second")
else:
    sys.exit(64)
