// WRONG: plays normal play (who cannot move loses) instead of misere play.
#include <cstdio>

int main() {
    const int moves[3] = {2, 5, 7};
    int g[2001] = {0};
    for (int n = 0; n <= 2000; n++) {
        bool seen[8] = {false};
        for (int s : moves)
            if (s <= n) seen[g[n - s]] = true;
        int mex = 0;
        while (seen[mex]) mex++;
        g[n] = mex;
    }
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        unsigned long long h;
        if (scanf("%d %llu", &n, &h) != 2) return 1;
        // Normal-play values of {2, 5, 7} repeat with a period dividing 840 well before 1000.
        if (h > 2000) h = 1000 + (h - 1000) % 840;
        puts(g[h] ? "first" : "second");
    }
}
