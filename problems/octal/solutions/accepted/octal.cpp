// Any octal game 0.d1...dk on several heaps (heaps <= 2000, k <= 16, up to 100 codes).
// d_j: bit 1 takes a whole heap of j, bit 2 leaves one smaller heap, bit 4 splits the rest
// into two non-empty heaps. The values G(a) xor G(r - a) of splitting a remainder r do not
// depend on the digit, so their set is computed once per r and shared by every splitting
// digit; tables are shared by cases with the same code.
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

typedef std::vector<unsigned long long> Bits;

static void set_bit(Bits& b, unsigned v) {
    if (v / 64 >= b.size()) b.resize(v / 64 + 1, 0);
    b[v / 64] |= 1ULL << (v % 64);
}

static std::vector<unsigned> table(const std::string& code, int upto) {
    std::vector<unsigned> g;
    std::vector<Bits> splits;  // splits[r] for r >= 0
    for (int n = 0; n <= upto; n++) {
        if (n > 0) {
            int r = n - 1;
            Bits s;
            for (int a = 1; a <= r / 2; a++) set_bit(s, g[a] ^ g[r - a]);
            splits.push_back(s);
        }
        Bits options;
        for (int j = 1; j <= (int)code.size() && j <= n; j++) {
            int d = code[j - 1] - '0', rest = n - j;
            if ((d & 1) && rest == 0) set_bit(options, 0);
            if ((d & 2) && rest > 0) set_bit(options, g[rest]);
            if ((d & 4) && rest >= 2) {
                const Bits& s = splits[rest];
                if (s.size() > options.size()) options.resize(s.size(), 0);
                for (size_t w = 0; w < s.size(); w++) options[w] |= s[w];
            }
        }
        unsigned mex = 0;
        while (mex / 64 < options.size() && (options[mex / 64] >> (mex % 64) & 1)) mex++;
        g.push_back(mex);
    }
    return g;
}

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    std::vector<std::string> codes(cases);
    std::vector<std::vector<int>> heaps(cases);
    std::map<std::string, int> largest;
    for (int c = 0; c < cases; c++) {
        char buf[64];
        int n;
        if (scanf("%60s %d", buf, &n) != 2) return 1;
        codes[c] = std::string(buf + 2);
        heaps[c].resize(n);
        int& top = largest[codes[c]];
        for (int& h : heaps[c]) {
            if (scanf("%d", &h) != 1) return 1;
            if (h > top) top = h;
        }
    }
    std::map<std::string, std::vector<unsigned>> tables;
    for (auto& entry : largest) tables[entry.first] = table(entry.first, entry.second);
    for (int c = 0; c < cases; c++) {
        const std::vector<unsigned>& g = tables[codes[c]];
        unsigned x = 0;
        for (int h : heaps[c]) x ^= g[h];
        puts(x ? "first" : "second");
    }
    return 0;
}
