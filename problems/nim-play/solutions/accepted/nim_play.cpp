// nim-play: plays perfectly. Moves first iff the heaps xor to non-zero; on its turn it leaves
// a xor of 0 (Bouton).
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int g;
    if (scanf("%d", &g) != 1) return 1;
    for (int game = 0; game < g; game++) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        vector<int> h(n);
        int x = 0;
        for (int &a : h) {
            if (scanf("%d", &a) != 1) return 1;
            x ^= a;
        }
        bool mine = x != 0;
        printf("%d\n", mine ? 1 : 2);
        fflush(stdout);
        while (true) {
            if (mine) {
                x = 0;
                for (int a : h) x ^= a;
                int heap = -1, take = 0;
                for (int i = 0; i < n && heap < 0; i++)
                    if ((h[i] ^ x) < h[i]) { heap = i; take = h[i] - (h[i] ^ x); }
                for (int i = 0; i < n && heap < 0; i++)
                    if (h[i] > 0) { heap = i; take = 1; }
                if (heap < 0) { printf("0 0\n"); fflush(stdout); break; }
                h[heap] -= take;
                printf("%d %d\n", heap + 1, take);
                fflush(stdout);
            } else {
                int i, t;
                if (scanf("%d %d", &i, &t) != 2) return 1;
                if (i == 0) break;
                h[i - 1] -= t;
            }
            mine = !mine;
        }
    }
    return 0;
}
