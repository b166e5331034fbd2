// nim-play: the input file is `s` / `g` / g lines `n h1 ... hn`.
#include "play.h"

struct Heaps {
    std::vector<uint64_t> h;
    uint64_t total() const {
        uint64_t x = 0;
        for (uint64_t a : h) x ^= a;
        return x;
    }
    bool mover_wins() const { return total() != 0; }
    bool misere() const { return false; }
    bool legal(Move m, std::string &why) const {
        if (m.first < 1 || m.first > h.size()) { why = "there is no such heap"; return false; }
        if (m.second < 1 || m.second > h[m.first - 1]) { why = "the heap has too few stones"; return false; }
        return true;
    }
    std::vector<Move> legal_moves() const {
        std::vector<Move> out;
        for (size_t i = 0; i < h.size(); i++)
            for (uint64_t x = 1; x <= h[i]; x++) out.push_back(Move(i + 1, x));
        return out;
    }
    std::vector<Move> winning_moves() const {
        std::vector<Move> out;
        uint64_t x = total();
        for (size_t i = 0; i < h.size(); i++)
            if ((h[i] ^ x) < h[i]) out.push_back(Move(i + 1, h[i] - (h[i] ^ x)));
        return out;
    }
    void play(Move m) { h[m.first - 1] -= m.second; }
    std::string describe() const {
        std::string out = "heaps";
        for (uint64_t a : h) out += " " + std::to_string(a);
        return out + " (xor " + std::to_string(total()) + ")";
    }
};

int main(int argc, char **argv) { return heap_games<Heaps>(argc, argv, UINT64_MAX); }
