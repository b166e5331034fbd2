// WRONG: removes three stones only from an end (octal 0.133), never splitting a heap.
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
        bool seen[8] = {false};
        if (n <= 3) seen[0] = true;
        if (n > 2) seen[g[n - 2]] = true;
        if (n > 3) seen[g[n - 3]] = true;
        int mex = 0;
        while (seen[mex]) mex++;
        g[n] = mex;
    }
    for (int h : boards) puts(g[h] ? "1" : "2");
}
