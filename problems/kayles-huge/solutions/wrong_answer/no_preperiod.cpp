// WRONG: believes Kayles' values repeat with period 12 from the start (they do from 71 on).
#include <cstdio>

int main() {
    int g[12] = {0};
    for (int n = 1; n < 12; n++) {
        bool seen[16] = {false};
        for (int take = 1; take <= 2 && take <= n; take++)
            for (int a = 0; a <= n - take; a++) seen[g[a] ^ g[n - take - a]] = true;
        int mex = 0;
        while (seen[mex]) mex++;
        g[n] = mex;
    }
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n, x = 0;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            unsigned long long h;
            if (scanf("%llu", &h) != 1) return 1;
            x ^= g[h % 12];
        }
        puts(x ? "first" : "second");
    }
}
