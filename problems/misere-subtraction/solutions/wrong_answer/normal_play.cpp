// WRONG: plays normal play (the player who cannot move loses) although the statement says
// the player who cannot move wins.
#include <cstdio>
#include <vector>

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        int n, k;
        if (scanf("%d %d", &n, &k) != 2) return 1;
        std::vector<int> s(k);
        for (int& x : s)
            if (scanf("%d", &x) != 1) return 1;
        std::vector<char> w(n + 1, 0);
        for (int i = 1; i <= n; i++)
            for (int x : s)
                if (x <= i && !w[i - x]) w[i] = 1;
        puts(w[n] ? "first" : "second");
    }
    return 0;
}
