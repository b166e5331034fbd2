// Rows of stones, a move takes two adjacent stones: Dawson's Kayles (octal 0.07).
// G(len) by the mex recurrence up to 400; G is periodic with period 34 from len = 53 on
// (Guy-Smith: checking 2*53 + 2*34 + 2 values proves it), so longer rows are reduced into
// [300, 334) before the lookup. Lengths go up to 10^18: read them as 64-bit.
#include <cstdio>
#include <vector>

int main() {
    const int table = 400;
    std::vector<int> g(table, 0);
    for (int n = 2; n < table; n++) {
        std::vector<char> seen(64, 0);
        for (int a = 0; a <= n - 2; a++) seen[g[a] ^ g[n - 2 - a]] = 1;
        int mex = 0;
        while (seen[mex]) mex++;
        g[n] = mex;
    }
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        int x = 0;
        for (int i = 0; i < n; i++) {
            unsigned long long len;
            if (scanf("%llu", &len) != 1) return 1;
            if (len >= 300) len = 300 + (len - 300) % 34;
            x ^= g[len];
        }
        puts(x ? "first" : "second");
    }
    return 0;
}
