// Validator of "Take 1, 3 or 4": exit 0 if the input is T (1..100), then T lines n
// (0..10^18), single numbers without leading zeros, each line ending in '\n'.
#include <cstdio>
#include <cstdlib>
#include <string>

static std::string text;
static size_t at = 0;

static void fail(const char* why) {
    std::fprintf(stderr, "byte %zu: %s\n", at, why);
    std::exit(1);
}

static unsigned long long number(unsigned long long lo, unsigned long long hi) {
    size_t start = at;
    unsigned long long value = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
        if (value > (hi - (text[at] - '0')) / 10) fail("number too large");
        value = value * 10 + (text[at] - '0');
        at++;
    }
    if (at == start) fail("expected a number");
    if (text[start] == '0' && at - start > 1) fail("leading zero");
    if (value < lo || value > hi) fail("number out of range");
    if (at >= text.size() || text[at] != '\n') fail("expected a line end");
    at++;
    return value;
}

int main() {
    int c;
    while ((c = std::getchar()) != EOF) text.push_back((char)c);
    unsigned long long t = number(1, 100);
    for (unsigned long long i = 0; i < t; i++) number(0, 1000000000000000000ULL);
    if (at != text.size()) fail("expected the end of the input");
    return 0;
}
