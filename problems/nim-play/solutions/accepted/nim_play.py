# nim-play: plays perfectly (Bouton: leave the heaps xoring to 0).
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
                x = reduce(lambda a, b: a ^ b, heaps)
                move = next(((i, h - (h ^ x)) for i, h in enumerate(heaps) if h ^ x < h), None)
                if move is None:
                    move = next(((i, 1) for i, h in enumerate(heaps) if h > 0), None)
                if move is None:
                    print("0 0", flush=True)
                    break
                i, take = move
                heaps[i] -= take
                print(i + 1, take, flush=True)
            else:
                i, take = map(int, sys.stdin.readline().split())
                if i == 0:
                    break
                heaps[i - 1] -= take
            mine = not mine


main()
