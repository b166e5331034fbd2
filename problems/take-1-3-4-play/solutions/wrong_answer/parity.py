# Take 1, 3 or 4, played, as if every move changed the parity and nothing else mattered: the
# xor of the heaps' parities decides, and a move takes 1 (or 3) from an odd heap. Wrong: heaps
# of 2 and 4 stones (Grundy 0 and 2) and the like tell it apart.
import sys


def main():
    read = sys.stdin.readline
    games = int(read())
    for _ in range(games):
        heaps = list(map(int, read().split()))[1:]
        mine = sum(h % 2 for h in heaps) % 2 == 1
        print(1 if mine else 2, flush=True)
        while True:
            if mine:
                move = next((i for i, h in enumerate(heaps) if h % 2 == 1), None)
                if move is None:
                    move = next((i for i, h in enumerate(heaps) if h > 0), None)
                if move is None:
                    print("0 0", flush=True)
                    break
                heaps[move] -= 1
                print(move + 1, 1, flush=True)
            else:
                i, s = map(int, read().split())
                if i == 0 and s == 0:
                    break
                heaps[i - 1] -= s
            mine = not mine


main()
