// A player of the declared play format for games that only take stones, used by the export
// tests: the test writes `RULES` (each removal k with its octal digit: bit 1, k may empty a heap
// of exactly k; bit 2, k may be taken from a larger heap) and `MISERE` before this file. It
// decides positions by exhaustive search over sorted heaps, with no game theory, so the
// tests' positions are small. Given the wrong `MISERE`, it is a wrong answer.
#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

static bool allowed(int k, int digit, int heap) {
    return k == heap ? (digit & 1) != 0 : k < heap && (digit & 2) != 0;
}

static bool wins(std::vector<int> heaps) {
    static std::map<std::vector<int>, bool> known;
    heaps.erase(std::remove(heaps.begin(), heaps.end(), 0), heaps.end());
    std::sort(heaps.begin(), heaps.end());
    auto found = known.find(heaps);
    if (found != known.end()) return found->second;
    bool moved = false, won = false;
    for (size_t i = 0; i < heaps.size() && !won; i++)
        for (const auto &r : RULES)
            if (allowed(r[0], r[1], heaps[i])) {
                moved = true;
                std::vector<int> next = heaps;
                next[i] -= r[0];
                if (!wins(next)) won = true;
            }
    return known[heaps] = moved ? won : MISERE;
}

int main() {
    int games;
    if (scanf("%d", &games) != 1) return 1;
    for (int game = 0; game < games; game++) {
        int n;
        if (scanf("%d", &n) != 1) return 0;
        std::vector<int> heaps(n);
        for (int &h : heaps)
            if (scanf("%d", &h) != 1) return 1;
        bool mine = wins(heaps);
        printf("%d\n", mine ? 1 : 2);
        fflush(stdout);
        for (;;) {
            if (mine) {
                int heap = -1, take = 0;
                for (int i = 0; i < n; i++)
                    for (const auto &r : RULES)
                        if (allowed(r[0], r[1], heaps[i])) {
                            std::vector<int> next = heaps;
                            next[i] -= r[0];
                            if (heap < 0 || !wins(next)) heap = i, take = r[0];
                        }
                if (heap < 0) {
                    printf("0 0\n");
                    fflush(stdout);
                    break;
                }
                heaps[heap] -= take;
                printf("%d %d\n", heap + 1, take);
                fflush(stdout);
            } else {
                int i, x;
                // The judge stops at a lost game: nothing is left to do.
                if (scanf("%d %d", &i, &x) != 2) return 0;
                if (i == 0 && x == 0) break;
                heaps[i - 1] -= x;
            }
            mine = !mine;
        }
    }
}
