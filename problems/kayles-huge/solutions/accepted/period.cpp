// Kayles, octal 0.77: G by mex up to 200, then the proven period 12 from heap 71 on.
#include <cstdio>
#include <vector>

int main() {
    const int top = 200;
    std::vector<int> g(top + 1, 0);
    for (int n = 1; n <= top; n++) {
        std::vector<char> seen(64, 0);
        for (int take = 1; take <= 2 && take <= n; take++)
            for (int a = 0; a <= n - take; a++) seen[g[a] ^ g[n - take - a]] = 1;
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
            if (h > 100) h = 71 + (h - 71) % 12;
            x ^= g[h];
        }
        puts(x ? "first" : "second");
    }
}
