// stripes-play: the input file is `c z n` / `s` / `g` / g lines `p`.
#include "play.h"

static std::vector<uint64_t> lengths;  // distinct
static std::vector<uint32_t> grundy;

struct Board {
    std::vector<char> covered;  // cells 1..p; covered[0] and covered[p+1] are walls
    std::vector<std::pair<size_t, size_t>> segments() const {
        std::vector<std::pair<size_t, size_t>> out;
        for (size_t i = 1; i + 1 < covered.size();) {
            if (covered[i]) { i++; continue; }
            size_t j = i;
            while (!covered[j]) j++;
            out.push_back(std::make_pair(i, j - i));
            i = j;
        }
        return out;
    }
    uint32_t total() const {
        uint32_t x = 0;
        for (auto s : segments()) x ^= grundy[s.second];
        return x;
    }
    bool mover_wins() const { return total() != 0; }
    bool misere() const { return false; }
    bool legal(Move m, std::string &why) const {
        bool known = false;
        for (uint64_t l : lengths) known |= l == m.first;
        if (!known) { why = "there is no stripe of that length"; return false; }
        size_t p = covered.size() - 2;
        if (m.second < 1 || m.second + m.first - 1 > p) { why = "it does not fit on the board"; return false; }
        for (uint64_t c = m.second; c < m.second + m.first; c++)
            if (covered[c]) { why = "cell " + std::to_string(c) + " is already covered"; return false; }
        return true;
    }
    std::vector<Move> moves(bool winning) const {
        std::vector<Move> out;
        uint32_t x = total();
        for (auto s : segments())
            for (uint64_t l : lengths)
                for (size_t o = 0; o + l <= s.second; o++)
                    if (!winning || (grundy[o] ^ grundy[s.second - l - o]) == (grundy[s.second] ^ x))
                        out.push_back(Move(l, s.first + o));
        return out;
    }
    std::vector<Move> legal_moves() const { return moves(false); }
    std::vector<Move> winning_moves() const { return moves(true); }
    void play(Move m) {
        for (uint64_t c = m.second; c < m.second + m.first; c++) covered[c] = 1;
    }
    std::string describe() const {
        std::string out = "free segments of";
        for (auto s : segments()) out += " " + std::to_string(s.second);
        return out + " cells (Grundy xor " + std::to_string(total()) + ")";
    }
};

int main(int argc, char **argv) {
    if (argc < 4) return 1;
    feedback_dir = argv[3];
    FILE *input = fopen(argv[1], "r");
    unsigned long long c, z, n, seed;
    int g;
    if (!input || fscanf(input, "%llu %llu %llu %llu %d", &c, &z, &n, &seed, &g) != 5) return 1;
    std::vector<uint64_t> boards(g);
    uint64_t top = 0;
    for (auto &p : boards) {
        unsigned long long v;
        if (fscanf(input, "%llu", &v) != 1) return 1;
        p = v;
        if (p > top) top = p;
    }
    for (uint64_t l : {c, z, n}) {
        bool seen = false;
        for (uint64_t k : lengths) seen |= k == l;
        if (!seen) lengths.push_back(l);
    }
    grundy.assign(top + 1, 0);
    for (uint64_t size = 1; size <= top; size++) {
        std::vector<char> seen(1 << 13, 0);  // values stay below 2^12 for boards up to 1000
        for (uint64_t l : lengths)
            for (uint64_t o = 0; o + l <= size; o++) seen[grundy[o] ^ grundy[size - l - o]] = 1;
        uint32_t v = 0;
        while (seen[v]) v++;
        grundy[size] = v;
    }
    Random random{seed};
    say(std::to_string(c) + " " + std::to_string(z) + " " + std::to_string(n) + " " + std::to_string(g));
    for (int game = 1; game <= g; game++) {
        uint64_t p = boards[game - 1];
        Board board;
        board.covered.assign(p + 2, 0);
        board.covered[0] = board.covered[p + 1] = 1;
        say(std::to_string(p));
        play(board, "game " + std::to_string(game) + " (p = " + std::to_string(p) + ")", random);
    }
    after_the_last_game(g);
}
