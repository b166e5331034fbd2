// Take 1, 3 or 4: G(h) has period 7 from the start (0 1 0 1 2 3 2), so a heap of any size is
// reduced modulo 7; the first player wins iff the values xor to non-zero.
#include <cstdio>

int main() {
    const int g[7] = {0, 1, 0, 1, 2, 3, 2};
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n, x = 0;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            unsigned long long h;
            if (scanf("%llu", &h) != 1) return 1;
            x ^= g[h % 7];
        }
        puts(x ? "first" : "second");
    }
}
