// Wrong: asks 1, 2, 3, ... in turn, which finds x only when x <= q (the query limit).
#include <cstdio>

int main() {
    long long n, q;
    if (std::scanf("%lld %lld", &n, &q) != 2) return 1;
    for (long long y = 1; y <= n; y++) {
        std::printf("? %lld\n", y);
        std::fflush(stdout);
        char answer[2];
        if (std::scanf("%1s", answer) != 1) return 1;
        if (answer[0] == '=') return 0;
    }
    return 1;
}
