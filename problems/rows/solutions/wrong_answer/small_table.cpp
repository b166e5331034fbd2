// WRONG: a plain table up to 5000 "is enough", and longer rows are looked up at 5000.
// Right for every row up to 5000, wrong for most longer ones.
#include <cstdio>
#include <vector>

int main() {
    const int table = 5001;
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
            long long len;
            if (scanf("%lld", &len) != 1) return 1;
            x ^= g[len < table ? len : table - 1];
        }
        puts(x ? "first" : "second");
    }
    return 0;
}
