// Validator: exit 0 if standard input is T (1..1000), then T lines n (0..10^18); numbers
// without signs or leading zeros, every line ending in '\n'. Otherwise exit 1 and say why.
#include <cstdio>
#include <cstdlib>
#include <string>

static std::string text;
static size_t at = 0;

static void invalid(const char* why) {
    std::fprintf(stderr, "byte %zu: %s\n", at, why);
    std::exit(1);
}

static unsigned long long line_number(unsigned long long lo, unsigned long long hi) {
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
    if (at >= text.size() || text[at] != '\n') invalid("expected the end of the line");
    at++;
    return value;
}

int main() {
    int c;
    while ((c = std::getchar()) != EOF) text.push_back((char)c);
    unsigned long long t = line_number(1, 1000);
    for (unsigned long long i = 0; i < t; i++) line_number(0, 1000000000000000000ULL);
    if (at != text.size()) invalid("expected the end of the input");
    return 0;
}
