/* nim-play, wrong: plays perfectly but never flushes. Standard output is a pipe, so its first
   answer stays in the C library's buffer while it waits for the judge, who waits for the
   answer. */
#include <stdio.h>

int main(void) {
    int g;
    if (scanf("%d", &g) != 1) return 1;
    for (int game = 0; game < g; game++) {
        int n, h[10], x = 0;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            if (scanf("%d", &h[i]) != 1) return 1;
            x ^= h[i];
        }
        int mine = x != 0;
        printf("%d\n", mine ? 1 : 2); /* no fflush(stdout) */
        for (;;) {
            if (mine) {
                x = 0;
                for (int i = 0; i < n; i++) x ^= h[i];
                int heap = -1;
                for (int i = 0; i < n && heap < 0; i++)
                    if ((h[i] ^ x) < h[i]) heap = i;
                if (heap < 0) { printf("0 0\n"); break; }
                int take = h[heap] - (h[heap] ^ x);
                h[heap] -= take;
                printf("%d %d\n", heap + 1, take);
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
