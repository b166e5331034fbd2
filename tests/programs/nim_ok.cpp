// A correct solution to `nim`: Bouton's theorem, and a winning move from the first heap
// where one exists.
#include <cstdio>
#include <vector>

int main() {
    int cases;
    if (std::scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        int n;
        if (std::scanf("%d", &n) != 1) return 1;
        std::vector<unsigned long long> heaps(n);
        unsigned long long x = 0;
        for (auto &h : heaps) {
            if (std::scanf("%llu", &h) != 1) return 1;
            x ^= h;
        }
        if (x == 0) {
            std::puts("second");
            continue;
        }
        for (int i = 0; i < n; i++) {
            if ((heaps[i] ^ x) < heaps[i]) {
                std::printf("first %d %llu\n", i + 1, heaps[i] ^ x);
                break;
            }
        }
    }
}
