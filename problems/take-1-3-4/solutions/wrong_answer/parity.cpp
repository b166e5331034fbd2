// WRONG: plays as if only one stone could be taken: G(h) = h mod 2.
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n, x = 0;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            unsigned long long h;
            if (scanf("%llu", &h) != 1) return 1;
            x ^= (int)(h % 2);
        }
        puts(x ? "first" : "second");
    }
}
