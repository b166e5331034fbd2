// Reference of "Take 1, 3 or 4": the first player loses exactly when n mod 7 is 0 or 2.
#include <cstdio>

int main() {
    int t;
    if (std::scanf("%d", &t) != 1) return 1;
    while (t--) {
        unsigned long long n;
        std::scanf("%llu", &n);
        std::puts(n % 7 == 0 || n % 7 == 2 ? "second" : "first");
    }
}
