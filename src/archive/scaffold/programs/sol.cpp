// Reference: a heap that is a multiple of 4 is lost (every move leaves a non-multiple, from
// which the opponent restores a multiple of 4).
#include <cstdio>

int main() {
    int t;
    if (std::scanf("%d", &t) != 1) return 1;
    while (t--) {
        unsigned long long n;
        if (std::scanf("%llu", &n) != 1) return 1;
        std::puts(n % 4 == 0 ? "second" : "first");
    }
}
