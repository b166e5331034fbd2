// stripes-play: plays perfectly. Grundy values of free segments (octal game with digit 7 at
// each stripe length); on its turn it moves to a position of Grundy value 0.
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace std;

int main() {
    int len[3], g;
    if (scanf("%d %d %d %d", &len[0], &len[1], &len[2], &g) != 4) return 1;
    const int MAXP = 1000;
    vector<int> G(MAXP + 1, 0);
    vector<char> seen;
    for (int n = 1; n <= MAXP; n++) {
        seen.assign(2048, 0);
        for (int k = 0; k < 3; k++)
            for (int o = 0; o + len[k] <= n; o++) seen[G[o] ^ G[n - len[k] - o]] = 1;
        int v = 0;
        while (seen[v]) v++;
        G[n] = v;
    }
    for (int game = 0; game < g; game++) {
        int p;
        if (scanf("%d", &p) != 1) return 1;
        vector<char> covered(p + 2, 0);
        bool mine = G[p] != 0;
        printf("%d\n", mine ? 1 : 2);
        fflush(stdout);
        while (true) {
            if (mine) {
                // Free segments and their xor.
                vector<pair<int, int>> segs;
                int x = 0;
                for (int i = 1; i <= p;) {
                    if (covered[i]) { i++; continue; }
                    int j = i;
                    while (j <= p && !covered[j]) j++;
                    segs.push_back({i, j - i});
                    x ^= G[j - i];
                    i = j;
                }
                int bl = 0, bx = 0;
                for (auto [s, l] : segs) {
                    int target = G[l] ^ x;
                    for (int k = 0; k < 3 && !bl; k++)
                        for (int o = 0; o + len[k] <= l; o++)
                            if ((G[o] ^ G[l - len[k] - o]) == target) { bl = len[k]; bx = s + o; break; }
                    if (bl) break;
                }
                if (!bl)  // losing (never, against this judge, after a right choice): any move
                    for (auto [s, l] : segs)
                        for (int k = 0; k < 3 && !bl; k++)
                            if (len[k] <= l) { bl = len[k]; bx = s; }
                if (!bl) { printf("0 0\n"); fflush(stdout); break; }
                for (int c = bx; c < bx + bl; c++) covered[c] = 1;
                printf("%d %d\n", bl, bx);
                fflush(stdout);
            } else {
                int l, x;
                if (scanf("%d %d", &l, &x) != 2) return 1;
                if (l == 0) break;
                for (int c = x; c < x + l; c++) covered[c] = 1;
            }
            mine = !mine;
        }
    }
    return 0;
}
