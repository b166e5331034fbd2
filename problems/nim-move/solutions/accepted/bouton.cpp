// Nim: the heaps xor to X; if X != 0, some heap has h ^ X < h and leaving h ^ X wins.
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        std::vector<unsigned long long> h(n);
        unsigned long long x = 0;
        for (auto& a : h) {
            if (scanf("%llu", &a) != 1) return 1;
            x ^= a;
        }
        if (x == 0) {
            puts("second");
            continue;
        }
        for (int i = 0; i < n; i++)
            if ((h[i] ^ x) < h[i]) {
                printf("first %d %llu\n", i + 1, h[i] ^ x);
                break;
            }
    }
}
