/* A correct solution to `nim` in C: Bouton's theorem, the first winning move. */
#include <stdio.h>

int main(void) {
    int cases, n;
    unsigned long long heaps[1000];
    if (scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        unsigned long long x = 0;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            if (scanf("%llu", &heaps[i]) != 1) return 1;
            x ^= heaps[i];
        }
        if (x == 0) {
            puts("second");
            continue;
        }
        for (int i = 0; i < n; i++) {
            if ((heaps[i] ^ x) < heaps[i]) {
                printf("first %d %llu\n", i + 1, heaps[i] ^ x);
                break;
            }
        }
    }
    return 0;
}
