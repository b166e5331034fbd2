// Bounded Nim: a move takes 1..m stones, so a heap of a stones has Grundy value a mod (m+1).
// The first player wins iff those values xor to non-zero. m + 1 <= 10^18 + 1 fits in 64 bits.
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
            x ^= a % (m + 1);
        }
        puts(x ? "first" : "second");
    }
    return 0;
}
