// WRONG: reduces each heap modulo m instead of m + 1 (an off-by-one on the period of
// bounded Nim: positions a = k(m+1) are the losing ones, not a = km).
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        unsigned long long m, x = 0;
        if (scanf("%d %llu", &n, &m) != 2) return 1;
        for (int i = 0; i < n; i++) {
            unsigned long long a;
            if (scanf("%llu", &a) != 1) return 1;
            x ^= a % m;
        }
        puts(x ? "first" : "second");
    }
    return 0;
}
