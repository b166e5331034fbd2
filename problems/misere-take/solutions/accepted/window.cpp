// One heap, take 2, 5 or 7, the player who cannot move wins. W(n) depends on the last 7
// values, so it is eventually periodic within 128 + 7 heaps: compute up to 2000 and reduce
// larger heaps by the period seen between 500 and 1500.
#include <cstdio>
#include <vector>

int main() {
    const int moves[3] = {2, 5, 7}, top = 2000;
    std::vector<int> w(top + 1);
    for (int n = 0; n <= top; n++) {
        bool any = false, win = false;
        for (int s : moves)
            if (s <= n) {
                any = true;
                if (!w[n - s]) win = true;
            }
        w[n] = any ? win : 1;
    }
    int p = 1;
    for (;; p++) {
        bool ok = true;
        for (int n = 500; n <= 1500 && ok; n++) ok = w[n] == w[n + p];
        if (ok) break;
    }
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        unsigned long long h;
        if (scanf("%d %llu", &n, &h) != 2) return 1;
        if (h > 1500) h = 500 + (h - 500) % p;
        puts(w[h] ? "first" : "second");
    }
}
