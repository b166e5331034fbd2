// C++ failures for the judge's evil suite: `evil MODE TOKEN`.
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <vector>

// One frame of a deep recursion that the optimiser cannot flatten.
static long depth(long n) {
    volatile long frame[4] = {n, n, n, n};
    return n == 0 ? frame[0] : depth(n - 1) + frame[1] - n + 1;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    if (!std::strcmp(mode, "exception")) {
        throw std::runtime_error("uncaught on purpose");
    }
    if (!std::strcmp(mode, "bad-alloc")) {
        std::vector<long long> grow;
        for (;;) grow.push_back(1);
    }
    if (!std::strcmp(mode, "threads-recursion")) {
        // An honest program: eight threads, then a 200 000-frame recursion.
        std::vector<long> sums(8);
        std::vector<std::thread> threads;
        for (int t = 0; t < 8; t++)
            threads.emplace_back([&sums, t] {
                std::vector<long> work(1 << 16, t);
                for (long x : work) sums[t] += x;
            });
        for (auto &thread : threads) thread.join();
        if (depth(200000) == 200000) std::puts("second");
        return 0;
    }
    return 64;
}
