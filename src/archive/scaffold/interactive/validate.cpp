// Validator: exit 0 if standard input is one line "n q x": 1 <= n <= 10^9, q the number of
// binary digits of n, 1 <= x <= n; numbers without signs or leading zeros, single spaces, the
// line ending in '\n'. Otherwise exit 1 and say why.
#include <cstdio>
#include <cstdlib>
#include <string>

static std::string text;
static size_t at = 0;

static void invalid(const char* why) {
    std::fprintf(stderr, "byte %zu: %s\n", at, why);
    std::exit(1);
}

static unsigned long long number(unsigned long long lo, unsigned long long hi, char after) {
    size_t start = at;
    unsigned long long value = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
        if (value > (hi - (text[at] - '0')) / 10) invalid("number too large");
        value = value * 10 + (text[at] - '0');
        at++;
    }
    if (at == start) invalid("expected a number");
    if (text[start] == '0' && at - start > 1) invalid("leading zero");
    if (value < lo || value > hi) invalid("number out of range");
    if (at >= text.size() || text[at] != after) {
        invalid(after == ' ' ? "expected a single space" : "expected the end of the line");
    }
    at++;
    return value;
}

int main() {
    int c;
    while ((c = std::getchar()) != EOF) text.push_back((char)c);
    unsigned long long n = number(1, 1000000000ULL, ' ');
    unsigned long long bits = 0;
    for (unsigned long long m = n; m > 0; m >>= 1) bits++;
    unsigned long long q = number(1, 64, ' ');
    if (q != bits) invalid("q is not the number of binary digits of n");
    number(1, n, '\n');
    if (at != text.size()) invalid("expected the end of the input");
    return 0;
}
