// WRONG: places stripes only at an end of a row, never in the middle (no split).
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
        bool seen[8] = {false};
        for (int L : lengths)
            if (L <= n) seen[g[n - L]] = true;
        int mex = 0;
        while (seen[mex]) mex++;
        g[n] = mex;
    }
    for (int h : boards) puts(g[h] ? "1" : "2");
}
