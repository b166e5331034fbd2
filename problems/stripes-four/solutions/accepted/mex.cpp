// Stripes of lengths 2, 3, 5, 8: a stripe covers L free cells of a row, leaving the rows on
// either side. Grundy values by mex over every placement.
#include <cstdio>
#include <vector>

int main() {
    const int lengths[4] = {2, 3, 5, 8};
    int m;
    if (scanf("%d", &m) != 1) return 1;
    std::vector<int> boards(m);
    int top = 0;
    for (int& h : boards) {
        if (scanf("%d", &h) != 1) return 1;
        if (h > top) top = h;
    }
    std::vector<int> g(top + 1, 0);
    for (int n = 1; n <= top; n++) {
        std::vector<char> seen(1024, 0);
        for (int L : lengths)
            for (int a = 0; a + L <= n; a++) seen[g[a] ^ g[n - L - a]] = 1;
        int mex = 0;
        while (seen[mex]) mex++;
        g[n] = mex;
    }
    for (int h : boards) puts(g[h] ? "1" : "2");
}
