# stripes-play, wrong: always moves first and places the shortest stripe on the first free
# cells that fit; it loses whenever the first player loses or the first fit is not winning.
import sys


def main():
    c, z, n, g = map(int, sys.stdin.readline().split())
    shortest = min(c, z, n)
    for _ in range(g):
        p = int(sys.stdin.readline())
        covered = [False] * (p + 2)
        covered[p + 1] = True
        print(1, flush=True)
        mine = True
        while True:
            if mine:
                at = next((i for i in range(1, p - shortest + 2)
                           if not any(covered[i:i + shortest])), None)
                if at is None:
                    print("0 0", flush=True)
                    break
                for cell in range(at, at + shortest):
                    covered[cell] = True
                print(shortest, at, flush=True)
            else:
                length, at = map(int, sys.stdin.readline().split())
                if length == 0:
                    break
                for cell in range(at, at + length):
                    covered[cell] = True
            mine = not mine
    # After a lost game the judge stops talking: the program just ends.


main()
