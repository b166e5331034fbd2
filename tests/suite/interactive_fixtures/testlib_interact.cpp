// A testlib interactor (interactor INPUT OUTPUT ANSWER; exit 0 OK, 1 WA, 2 PE, 3 FAIL) for the
// guessing game of `new --interactive`, written without testlib.h: it writes the number of
// questions asked to OUTPUT, and rejects a game that used more than the jury's (the ANSWER
// file: the reference's OUTPUT).
#include <cstdio>
#include <cstdlib>
int main(int argc, char* argv[]) {
    if (argc < 4) return 3;
    FILE* in = std::fopen(argv[1], "r");
    long long n, q, x;
    if (!in || std::fscanf(in, "%lld %lld %lld", &n, &q, &x) != 3) return 3;
    long long jury = q;
    FILE* ans = std::fopen(argv[3], "r");
    if (ans && std::fscanf(ans, "%lld", &jury) != 1) jury = q;
    std::printf("%lld %lld\n", n, q);
    std::fflush(stdout);
    for (long long asked = 1;; asked++) {
        long long y;
        if (std::scanf(" ? %lld", &y) != 1) { std::fprintf(stderr, "unexpected output\n"); return 2; }
        if (asked > q || asked > jury) { std::fprintf(stderr, "question %lld: too many\n", asked); return 1; }
        std::puts(x < y ? "<" : x > y ? ">" : "=");
        std::fflush(stdout);
        if (x == y) {
            FILE* out = std::fopen(argv[2], "w");
            if (!out) return 3;
            std::fprintf(out, "%lld\n", asked);
            std::fclose(out);
            return 0;
        }
    }
}
