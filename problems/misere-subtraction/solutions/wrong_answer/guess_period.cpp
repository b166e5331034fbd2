// WRONG: computes the win/lose table up to 4000 exactly, then guesses a period from its last
// 1000 values and extrapolates. Subtraction games with small removals usually settle early,
// but some sets ({a, b, t-b, t-a, t}) keep changing for far longer.
#include <cstdio>
#include <vector>

int main() {
    const int limit = 4000;
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        long long n;
        int k;
        if (scanf("%lld %d", &n, &k) != 2) return 1;
        std::vector<int> s(k);
        for (int& x : s)
            if (scanf("%d", &x) != 1) return 1;
        std::vector<char> w(limit + 1, 0);
        for (int i = 0; i <= limit; i++) {
            bool any = false, win = false;
            for (int x : s)
                if (x <= i) {
                    any = true;
                    if (!w[i - x]) win = true;
                }
            w[i] = !any || win;
        }
        if (n > limit) {
            int period = 1;
            while (period < 1000) {
                bool same = true;
                for (int i = limit - 1000; i <= limit && same; i++) same = w[i] == w[i - period];
                if (same) break;
                period++;
            }
            n = limit - period + 1 + (n - (limit - period + 1)) % period;
        }
        puts(w[n] ? "first" : "second");
    }
    return 0;
}
