// stripes-play, wrong: answers without flushing. Standard output is a pipe, so the answer
// stays in the program's buffer while it waits for the judge, who waits for the answer.
#include <cstdio>

int main() {
    int c, z, n, g, p;
    if (scanf("%d %d %d %d", &c, &z, &n, &g) != 4) return 1;
    if (scanf("%d", &p) != 1) return 1;
    printf("2\n");  // no fflush(stdout)
    int l, x;
    while (scanf("%d %d", &l, &x) == 2 && l != 0) {
        printf("0 0\n");
    }
    return 0;
}
