// S-Nim (POJ 2960): G(h) = mex { G(h - s) : s in S, s <= h }; a position is a win for the
// player to move iff the values of its heaps xor to non-zero. The set comes in any order,
// with repeats: sort and deduplicate it first.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

int main() {
    int k;
    while (scanf("%d", &k) == 1 && k != 0) {
        std::vector<int> s(k);
        for (int& v : s) scanf("%d", &v);
        std::sort(s.begin(), s.end());
        s.erase(std::unique(s.begin(), s.end()), s.end());
        int m;
        scanf("%d", &m);
        std::vector<std::vector<int>> positions(m);
        int largest = 0;
        for (auto& heaps : positions) {
            int l;
            scanf("%d", &l);
            heaps.resize(l);
            for (int& h : heaps) {
                scanf("%d", &h);
                largest = std::max(largest, h);
            }
        }
        std::vector<int> g(largest + 1, 0), seen(s.size() + 2, -1);
        for (int h = 1; h <= largest; h++) {
            for (int v : s) {
                if (v > h) break;
                seen[g[h - v]] = h;
            }
            int mex = 0;
            while (seen[mex] == h) mex++;
            g[h] = mex;
        }
        std::string line;
        for (auto& heaps : positions) {
            int x = 0;
            for (int h : heaps) x ^= g[h];
            line += x ? 'W' : 'L';
        }
        puts(line.c_str());
    }
    return 0;
}
