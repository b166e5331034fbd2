// Binary search: each question halves the range where x can be, so q questions always do.
#include <cstdio>

int main() {
    long long n, q;
    if (std::scanf("%lld %lld", &n, &q) != 2) return 1;
    long long lo = 1, hi = n;
    while (lo <= hi) {
        long long mid = lo + (hi - lo) / 2;
        std::printf("? %lld\n", mid);
        std::fflush(stdout);
        char answer[2];
        if (std::scanf("%1s", answer) != 1) return 1;
        if (answer[0] == '=') return 0;
        if (answer[0] == '<') hi = mid - 1;
        else lo = mid + 1;
    }
    return 1;
}
