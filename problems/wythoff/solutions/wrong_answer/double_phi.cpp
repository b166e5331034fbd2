// WRONG: the textbook formula in double precision, floor(k * phi): a double holds 53 bits,
// so k * phi is off by more than 1 once k passes about 10^16 (and rounds the wrong way much
// earlier when k * phi is close to an integer).
#include <cmath>
#include <cstdio>

int main() {
    const double phi = (1 + std::sqrt(5.0)) / 2;
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) { long long t = a; a = b; b = t; }
        long long k = b - a;
        puts((long long)std::floor(k * phi) == a ? "0" : "1");
    }
    return 0;
}
