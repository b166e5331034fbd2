// Take 1, 3 or 4, played: keep the xor of the heaps' Grundy values at 0 after every move of
// ours. G(h) = mex{G(h-1), G(h-3), G(h-4)} has period 7: 0 1 0 1 2 3 2.
#include <cstdio>
#include <vector>

static const int MOVES[3] = {1, 3, 4};

int main() {
    std::vector<int> g(61, 0);
    for (int h = 1; h <= 60; h++) {
        bool seen[8] = {false};
        for (int s : MOVES)
            if (s <= h) seen[g[h - s]] = true;
        while (seen[g[h]]) g[h]++;
    }
    int games;
    if (scanf("%d", &games) != 1) return 1;
    for (int game = 0; game < games; game++) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        std::vector<int> heaps(n);
        for (int& h : heaps)
            if (scanf("%d", &h) != 1) return 1;
        int x = 0;
        for (int h : heaps) x ^= g[h];
        bool mine = x != 0;
        printf("%d\n", mine ? 1 : 2);
        fflush(stdout);
        for (;;) {
            if (mine) {
                int x = 0, heap = -1, take = 0;
                for (int h : heaps) x ^= g[h];
                for (int i = 0; i < n && heap < 0; i++)
                    for (int s : MOVES)
                        if (s <= heaps[i] && (g[heaps[i] - s] ^ g[heaps[i]]) == x) {
                            heap = i, take = s;
                            break;
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
                int i, s;
                if (scanf("%d %d", &i, &s) != 2) return 1;
                if (i == 0 && s == 0) break;
                heaps[i - 1] -= s;
            }
            mine = !mine;
        }
    }
    return 0;
}
