# nim-play, wrong: moves first when the heaps xor to non-zero, but then always takes one stone
# from the first non-empty heap.
import sys
from functools import reduce


def main():
    games = int(sys.stdin.readline())
    for _ in range(games):
        n, *heaps = map(int, sys.stdin.readline().split())
        mine = reduce(lambda a, b: a ^ b, heaps) != 0
        print(1 if mine else 2, flush=True)
        while True:
            if mine:
                i = next((i for i, h in enumerate(heaps) if h > 0), None)
                if i is None:
                    print("0 0", flush=True)
                    return
                heaps[i] -= 1
                print(i + 1, 1, flush=True)
            else:
                line = sys.stdin.readline()
                if not line:
                    return
                i, take = map(int, line.split())
                if i == 0:
                    break
                heaps[i - 1] -= take
            mine = not mine


main()
