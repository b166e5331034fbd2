// WRONG: floor(k * phi) in 80-bit long double (64-bit mantissa). Right for most positions,
// but near 10^18 k * phi carries an error of a few hundredths, so P-positions where k * phi
// is that close to an integer (k a Fibonacci number, for one) are misjudged.
#include <cmath>
#include <cstdio>

int main() {
    const long double phi = (1 + sqrtl(5.0L)) / 2;
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) { long long t = a; a = b; b = t; }
        long long k = b - a;
        puts((long long)floorl(k * phi) == a ? "0" : "1");
    }
    return 0;
}
