// WRONG: reads bit 4 of a digit as "take j stones from the end" like bit 2, forgetting that
// the rest is split into two heaps: every split move is missed.
#include <cstdio>
#include <string>
#include <vector>

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        char buf[64];
        int n;
        if (scanf("%60s %d", buf, &n) != 2) return 1;
        std::string code(buf + 2);
        std::vector<int> heaps(n);
        int top = 0;
        for (int& h : heaps) {
            if (scanf("%d", &h) != 1) return 1;
            if (h > top) top = h;
        }
        std::vector<unsigned> g(top + 1, 0);
        for (int m = 1; m <= top; m++) {
            std::vector<char> seen(64, 0);
            for (int j = 1; j <= (int)code.size() && j <= m; j++) {
                int d = code[j - 1] - '0', rest = m - j;
                if ((d & 1) && rest == 0) seen[0] = 1;
                if ((d & 6) && rest > 0) seen[g[rest]] = 1;
            }
            unsigned mex = 0;
            while (seen[mex]) mex++;
            g[m] = mex;
        }
        unsigned x = 0;
        for (int h : heaps) x ^= g[h];
        puts(x ? "first" : "second");
    }
    return 0;
}
