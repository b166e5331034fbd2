// Misere Nim (HDU 1907): whoever takes the last stone loses. Bouton's exception: John (first)
// wins iff (some heap has 2+ stones and the xor is non-zero) or (all heaps have one stone and
// the xor is zero, i.e. their number is even).
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n, x = 0;
        bool big = false;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            int a;
            if (scanf("%d", &a) != 1) return 1;
            x ^= a;
            if (a >= 2) big = true;
        }
        bool john = big ? x != 0 : x == 0;
        puts(john ? "John" : "Brother");
    }
    return 0;
}
