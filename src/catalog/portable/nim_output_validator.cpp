// Kattis/ICPC output validator for nim, exported by stonejudge: accepts any winning move.
// Usage: validator <input> <answer> <feedback_dir> [flags] < contestant_output
// Exit 42 accepted, 43 wrong answer; the reason goes to <feedback_dir>/judgemessage.txt.
// Mirrors stonejudge's checker: per case `second` when the heaps xor to 0, otherwise
// `first i x` leaving heap i (1-based) with 0 <= x < a_i stones and the heaps xoring to 0.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

static std::ofstream judge_message;

[[noreturn]] static void finish(int code, const std::string& message) {
    judge_message << message << "\n";
    judge_message.close();
    std::exit(code);
}

[[noreturn]] static void wrong(const std::string& message) { finish(43, message); }

// A token as shown in a message: at most 40 characters.
static std::string shown(const std::string& token) {
    return "\"" + (token.size() > 40 ? token.substr(0, 40) + "..." : token) + "\"";
}

// A decimal integer of at most 20 digits that fits in 64 bits.
static bool parse_u64(const std::string& text, uint64_t& out) {
    if (text.empty() || text.size() > 20) return false;
    uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        uint64_t digit = static_cast<uint64_t>(c - '0');
        if (value > (UINT64_MAX - digit) / 10) return false;
        value = value * 10 + digit;
    }
    out = value;
    return true;
}

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s <input> <answer> <feedback_dir> < output\n", argv[0]);
        return 1;
    }
    judge_message.open(std::string(argv[3]) + "/judgemessage.txt");
    std::ifstream input(argv[1]);
    uint64_t cases = 0;
    if (!(input >> cases)) {
        std::fprintf(stderr, "cannot read the input file %s\n", argv[1]);
        return 1;
    }
    std::string token;
    for (uint64_t c = 1; c <= cases; c++) {
        uint64_t n = 0;
        input >> n;
        std::vector<uint64_t> heaps(n);
        uint64_t xor_all = 0;
        for (uint64_t& heap : heaps) {
            input >> heap;
            xor_all ^= heap;
        }
        const std::string where = "case " + std::to_string(c) + ": ";
        if (!(std::cin >> token)) wrong(where + "the output ends early");
        if (xor_all == 0) {
            if (token != "second")
                wrong(where + "expected second (the heaps xor to 0), got " + shown(token));
            continue;
        }
        if (token != "first")
            wrong(where + "expected first (the heaps xor to " + std::to_string(xor_all) +
                  "), got " + shown(token));
        std::string index_text, left_text;
        if (!(std::cin >> index_text >> left_text)) wrong(where + "the output ends early");
        uint64_t index = 0, left = 0;
        if (!parse_u64(index_text, index) || index < 1 || index > n)
            wrong(where + "heap " + shown(index_text) + " does not exist (1.." +
                  std::to_string(n) + ")");
        const uint64_t heap = heaps[index - 1];
        if (!parse_u64(left_text, left) || left >= heap)
            wrong(where + "heap " + std::to_string(index) + " has " + std::to_string(heap) +
                  " stones, so leaving " + shown(left_text) + " is not a move");
        if ((xor_all ^ heap ^ left) != 0)
            wrong(where + "after leaving " + std::to_string(left) + " in heap " +
                  std::to_string(index) + " the heaps xor to " +
                  std::to_string(xor_all ^ heap ^ left) + ", so the second player wins");
    }
    if (std::cin >> token) wrong("extra output after the last case: " + shown(token));
    finish(42, "ok");
}
