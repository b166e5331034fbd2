// Misere subtraction game on one heap: the player who cannot move wins.
// W(n) = true if no removal fits, else true iff some removal s leaves a heap W(n - s) = false.
// For n >= t (the largest removal) W(n) depends only on the window W(n-t..n-1), a t-bit state
// (t <= 100, so an unsigned __int128). When a window repeats, the table repeats from there on:
// Brent's cycle search finds that, else the table simply runs to n.
#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

typedef unsigned __int128 u128;

static bool first_wins(long long n, std::vector<int> s) {
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    int t = s.back();
    std::vector<char> w;
    for (int i = 0; i < t && i <= n; i++) {
        bool any = false, win = false;
        for (int x : s)
            if (x <= i) {
                any = true;
                if (!w[i - x]) win = true;
            }
        w.push_back(!any || win);
    }
    if (n < t) return w[n];
    u128 full = t == 128 ? ~(u128)0 : (((u128)1 << t) - 1), moves = 0, window = 0;
    for (int x : s) moves |= (u128)1 << (x - 1);
    for (int i = 0; i < t; i++)
        if (w[t - 1 - i]) window |= (u128)1 << i;
    u128 saved = window;
    long long saved_at = t, next_save = t + 1;
    for (long long m = t; m <= n; m++) {
        if (m > saved_at && window == saved) {
            long long pre = saved_at - t, period = m - saved_at;
            return w[n < pre ? n : pre + (n - pre) % period];
        }
        if (m == next_save) {
            saved = window;
            saved_at = m;
            next_save = t + 2 * (m - t);
        }
        bool b = (~window & moves) != 0;
        w.push_back(b);
        window = ((window << 1) | (u128)b) & full;
    }
    return w[n];
}

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        long long n;
        int k;
        if (scanf("%lld %d", &n, &k) != 2) return 1;
        std::vector<int> s(k);
        for (int& x : s)
            if (scanf("%d", &x) != 1) return 1;
        puts(first_wins(n, s) ? "first" : "second");
    }
    return 0;
}
