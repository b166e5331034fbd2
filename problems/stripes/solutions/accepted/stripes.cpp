// Stripes (POI 2000): a board is a heap of the octal game with digit 7 at each stripe length.
// G(p) = mex over placements of G(left) xor G(right); the first player wins iff G(p) != 0.
// Values pass 255 for some triples, so they are stored in 32 bits.
#include <cstdio>
#include <vector>

int main() {
    int len[3], m;
    if (scanf("%d %d %d %d", &len[0], &len[1], &len[2], &m) != 4) return 1;
    std::vector<int> boards(m);
    int largest = 0;
    for (int& p : boards) {
        if (scanf("%d", &p) != 1) return 1;
        if (p > largest) largest = p;
    }
    std::vector<unsigned> g(largest + 1, 0);
    std::vector<int> seen(2048, -1);
    for (int n = 1; n <= largest; n++) {
        for (int l : len) {
            if (l > n) continue;
            int rest = n - l;
            for (int a = 0; a <= rest / 2; a++) {
                unsigned v = g[a] ^ g[rest - a];
                if (v >= seen.size()) seen.resize(2 * v + 1, -1);
                seen[v] = n;
            }
        }
        unsigned mex = 0;
        while (mex < seen.size() && seen[mex] == n) mex++;
        g[n] = mex;
    }
    for (int p : boards) puts(g[p] ? "1" : "2");
    return 0;
}
