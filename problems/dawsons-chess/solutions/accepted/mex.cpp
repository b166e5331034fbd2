// Dawson's chess, octal 0.137: removing 1 takes a lone stone, removing 2 takes a heap of two
// or two from an end, removing 3 may also split the rest in two. Grundy values by mex.
#include <cstdio>
#include <vector>

int main() {
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
        std::vector<char> seen(n + 2, 0);
        if (n == 1) seen[0] = 1;
        if (n == 2) seen[0] = 1;
        if (n > 2) seen[g[n - 2]] = 1;
        if (n >= 3)
            for (int a = 0; a <= n - 3; a++) seen[g[a] ^ g[n - 3 - a]] = 1;
        int mex = 0;
        while (seen[mex]) mex++;
        g[n] = mex;
    }
    for (int h : boards) puts(g[h] ? "1" : "2");
}
