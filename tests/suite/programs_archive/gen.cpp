// Generator of "Take 1, 3 or 4": testlib-style arguments -t=T -max_n=N -seed=S; prints T
// heaps in 0..N drawn from a splitmix64 stream of the seed.
#include <cstdio>
#include <cstdlib>
#include <cstring>

static unsigned long long state;

static unsigned long long next() {
    unsigned long long z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int main(int argc, char* argv[]) {
    unsigned long long t = 10, max_n = 1000;
    for (int i = 1; i < argc; i++) {
        if (std::strncmp(argv[i], "-t=", 3) == 0) t = std::strtoull(argv[i] + 3, nullptr, 10);
        if (std::strncmp(argv[i], "-max_n=", 7) == 0) max_n = std::strtoull(argv[i] + 7, nullptr, 10);
        if (std::strncmp(argv[i], "-seed=", 6) == 0) state = std::strtoull(argv[i] + 6, nullptr, 10);
    }
    std::printf("%llu\n", t);
    for (unsigned long long i = 0; i < t; i++) {
        unsigned long long n = max_n == ~0ULL ? next() : next() % (max_n + 1);
        std::printf("%llu\n", n);
    }
}
