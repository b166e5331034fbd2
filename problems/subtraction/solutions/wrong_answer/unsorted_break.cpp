// WRONG: stops scanning the set at the first s larger than the heap, as if the set were
// sorted. POJ 2960 gives it in any order, so later (smaller) moves are missed.
#include <cstdio>
#include <string>
#include <vector>

int main() {
    int k;
    while (scanf("%d", &k) == 1 && k != 0) {
        std::vector<int> s(k);
        for (int& v : s) scanf("%d", &v);
        std::vector<int> g(10001, 0), seen(k + 2, -1);
        for (int h = 1; h <= 10000; h++) {
            for (int v : s) {
                if (v > h) break;
                seen[g[h - v]] = h;
            }
            int mex = 0;
            while (seen[mex] == h) mex++;
            g[h] = mex;
        }
        int m;
        scanf("%d", &m);
        std::string line;
        for (int i = 0; i < m; i++) {
            int l, x = 0;
            scanf("%d", &l);
            for (int j = 0; j < l; j++) {
                int h;
                scanf("%d", &h);
                x ^= g[h];
            }
            line += x ? 'W' : 'L';
        }
        puts(line.c_str());
    }
    return 0;
}
