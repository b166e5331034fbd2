// WRONG: the period is right, but lengths are stored in a 32-bit int: rows longer than
// 2^31 - 1 wrap around (the reduction then works on the wrong length).
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
            long long read;
            if (scanf("%lld", &read) != 1) return 1;
            unsigned len = (unsigned)read;  // keeps the low 32 bits only
            if (len >= 300) len = 300 + (len - 300) % 34;
            x ^= g[len];
        }
        puts(x ? "first" : "second");
    }
    return 0;
}
