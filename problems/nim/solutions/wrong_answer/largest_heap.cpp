// WRONG: always moves in the largest heap, leaving a_max xor X. That is not always a move:
// for heaps 1 2 4 4 the xor is 3 and 4 xor 3 = 7 is more than the heap holds.
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
        int largest = 0;
        for (int i = 0; i < n; i++) {
            if (scanf("%llu", &a[i]) != 1) return 1;
            x ^= a[i];
            if (a[i] > a[largest]) largest = i;
        }
        if (x == 0)
            puts("second");
        else
            printf("first %d %llu\n", largest + 1, a[largest] ^ x);
    }
    return 0;
}
