// Wrong: forgets that n mod 7 == 2 is lost too.
#include <cstdio>

int main() {
    int t;
    if (std::scanf("%d", &t) != 1) return 1;
    while (t--) {
        unsigned long long n;
        std::scanf("%llu", &n);
        std::puts(n % 7 == 0 ? "second" : "first");
    }
}
