// WRONG: Grundy values stored in 8 bits. Right on every board below ~900 cells, but some
// triples (e.g. 1 5 6) reach values above 255 near 1000 and the truncated table goes wrong.
#include <cstdio>
#include <cstring>

unsigned char g[1001];
bool seen[512];

int main() {
    int len[3], m, p[1000];
    if (scanf("%d %d %d %d", &len[0], &len[1], &len[2], &m) != 4) return 1;
    for (int i = 0; i < m; i++) scanf("%d", &p[i]);
    for (int n = 1; n <= 1000; n++) {
        memset(seen, 0, sizeof seen);
        for (int l : len) {
            if (l > n) continue;
            int rest = n - l;
            for (int a = 0; a <= rest / 2; a++) seen[g[a] ^ g[rest - a]] = true;
        }
        int mex = 0;
        while (seen[mex]) mex++;
        g[n] = (unsigned char)mex;
    }
    for (int i = 0; i < m; i++) puts(g[p[i]] ? "1" : "2");
    return 0;
}
