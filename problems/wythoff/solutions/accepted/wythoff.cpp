// Wythoff's game: (a, b) with a <= b is a losing position iff a = floor(k * phi) for
// k = b - a. floor(k * phi) = (k + isqrt(5 k^2)) / 2 exactly; 5 k^2 < 2^128 for k <= 10^18.
// No floating point: a double is already wrong for k near 10^17.
#include <cstdio>

typedef unsigned __int128 u128;

static u128 isqrt(u128 x) {
    u128 lo = 0, hi = (u128)1 << 64;  // invariant: lo^2 <= x < hi^2
    while (hi - lo > 1) {
        u128 mid = lo + (hi - lo) / 2;
        if (mid * mid <= x) lo = mid; else hi = mid;
    }
    return lo;
}

int main() {
    unsigned long long a, b;
    while (scanf("%llu %llu", &a, &b) == 2) {
        if (a > b) { unsigned long long t = a; a = b; b = t; }
        u128 k = b - a;
        u128 floor_k_phi = (k + isqrt(5 * k * k)) / 2;
        puts(floor_k_phi == a ? "0" : "1");
    }
    return 0;
}
