// WRONG: plays misere Nim as normal Nim (John wins iff the xor is non-zero), forgetting
// Bouton's exception when every heap has a single stone.
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n, x = 0;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            int a;
            if (scanf("%d", &a) != 1) return 1;
            x ^= a;
        }
        puts(x ? "John" : "Brother");
    }
    return 0;
}
