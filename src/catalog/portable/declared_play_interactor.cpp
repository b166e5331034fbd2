// A declared play problem: @RULESET@.
// The input file is `s` / `g` / g lines `n h1 ... hn`; a move `i x` takes x stones from heap i
// as the rules allow. Written by stonejudge's export from the declaration: the constants
// below are its rules and bounds.
#include <algorithm>
#include <map>

#include "play.h"

// Every removal k up to the largest heap, with its octal digit: bit 1, k may be taken from a
// heap of exactly k stones; bit 2, from a larger heap. No move splits a heap.
static const std::vector<std::pair<uint64_t, int>> REMOVALS = {@REMOVALS@};
// The largest heap of any position (the input validator holds the heaps to it).
static const uint64_t MAX_HEAP = @MAX_HEAP@;

enum Decided {
    GRUNDY,        // normal play: the xor of the heaps' Grundy values
    BOUTON,        // misere Nim: Bouton's rule
    MISERE_SEARCH  // misere play, every position reachable searched (one heap, or few stones)
};
static const Decided DECIDED = @DECIDED@;

static bool allowed(const std::pair<uint64_t, int> &removal, uint64_t heap) {
    if (removal.first == heap) return removal.second & 1;
    return removal.first < heap && (removal.second & 2);
}

// G(0..MAX_HEAP): the mex of G(n - k) over the removals k allowed from a heap of n.
static std::vector<uint64_t> grundy_table() {
    std::vector<uint64_t> g(MAX_HEAP + 1, 0);
    for (uint64_t n = 0; n <= MAX_HEAP; n++) {
        std::vector<bool> seen(REMOVALS.size() + 2, false);
        for (const auto &r : REMOVALS)
            if (allowed(r, n) && g[n - r.first] < seen.size()) seen[g[n - r.first]] = true;
        while (seen[g[n]]) g[n]++;
    }
    return g;
}

static const std::vector<uint64_t> GRUNDY_VALUES =
    DECIDED == GRUNDY ? grundy_table() : std::vector<uint64_t>();

// Misere play by search: the mover wins without a move, or with a move to a lost position.
// Positions are kept as sorted non-empty heaps, each decided once.
static bool searched_wins(std::vector<uint64_t> heaps) {
    static std::map<std::vector<uint64_t>, bool> known;
    heaps.erase(std::remove(heaps.begin(), heaps.end(), 0), heaps.end());
    std::sort(heaps.begin(), heaps.end());
    auto found = known.find(heaps);
    if (found != known.end()) return found->second;
    bool moved = false, wins = false;
    for (size_t i = 0; i < heaps.size() && !wins; i++) {
        if (i > 0 && heaps[i] == heaps[i - 1]) continue;
        for (const auto &r : REMOVALS) {
            if (!allowed(r, heaps[i])) continue;
            moved = true;
            std::vector<uint64_t> next = heaps;
            next[i] -= r.first;
            if (!searched_wins(next)) {
                wins = true;
                break;
            }
        }
    }
    return known[heaps] = wins || !moved;
}

struct Heaps {
    std::vector<uint64_t> h;
    bool misere() const { return DECIDED != GRUNDY; }
    uint64_t total() const {
        uint64_t x = 0;
        for (uint64_t a : h) x ^= DECIDED == GRUNDY ? GRUNDY_VALUES[a] : a;
        return x;
    }
    bool mover_wins() const {
        if (DECIDED == GRUNDY) return total() != 0;
        if (DECIDED == MISERE_SEARCH) return searched_wins(h);
        // Bouton: with a heap of two or more, as in normal Nim; else an even number of ones.
        bool big = false;
        size_t ones = 0;
        for (uint64_t a : h) big |= a >= 2, ones += a == 1;
        return big ? total() != 0 : ones % 2 == 0;
    }
    bool legal(Move m, std::string &why) const {
        if (m.first < 1 || m.first > h.size()) { why = "there is no such heap"; return false; }
        uint64_t a = h[m.first - 1];
        for (const auto &r : REMOVALS)
            if (r.first == m.second && allowed(r, a)) return true;
        why = "heap " + std::to_string(m.first) + " has " + std::to_string(a) +
              " stones, and taking " + std::to_string(m.second) + " of them is not a move";
        return false;
    }
    std::vector<Move> legal_moves() const {
        std::vector<Move> out;
        for (size_t i = 0; i < h.size(); i++)
            for (const auto &r : REMOVALS)
                if (allowed(r, h[i])) out.push_back(Move(i + 1, r.first));
        return out;
    }
    std::vector<Move> winning_moves() const {
        std::vector<Move> out;
        for (Move m : legal_moves()) {
            Heaps after = *this;
            after.play(m);
            if (!after.mover_wins()) out.push_back(m);
        }
        return out;
    }
    void play(Move m) { h[m.first - 1] -= m.second; }
    std::string describe() const {
        std::string out = "heaps";
        for (uint64_t a : h) out += " " + std::to_string(a);
        if (DECIDED != GRUNDY) return out + " (misere play)";
        return out + " (Grundy values xor to " + std::to_string(total()) + ")";
    }
};

int main(int argc, char **argv) { return heap_games<Heaps>(argc, argv, MAX_HEAP); }
