// WRONG: always moves in heap 1, leaving h_1 xor X there, even when that is not smaller.
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
        if (x == 0)
            puts("second");
        else
            printf("first 1 %llu\n", h[0] ^ x);
    }
}
