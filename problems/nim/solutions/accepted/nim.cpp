// Nim with a winning move (Bouton): the first player wins iff the heaps xor to X != 0; then
// leaving a_i xor X stones in a heap with a_i xor X < a_i (one with X's top bit) wins.
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        std::vector<unsigned long long> a(n);
        unsigned long long x = 0;
        for (auto& v : a) {
            if (scanf("%llu", &v) != 1) return 1;
            x ^= v;
        }
        if (x == 0) {
            puts("second");
            continue;
        }
        for (int i = 0; i < n; i++) {
            if ((a[i] ^ x) < a[i]) {
                printf("first %d %llu\n", i + 1, a[i] ^ x);
                break;
            }
        }
    }
    return 0;
}
