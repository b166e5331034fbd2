// C++ failures for the judge's evil suite: `evil MODE TOKEN`.
#include <cstring>
#include <stdexcept>
#include <vector>

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    if (!std::strcmp(mode, "exception")) {
        throw std::runtime_error("uncaught on purpose");
    }
    if (!std::strcmp(mode, "bad-alloc")) {
        std::vector<long long> grow;
        for (;;) grow.push_back(1);
    }
    return 64;
}
