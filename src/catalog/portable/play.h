// The perfect judge of stonejudge's interactive problems, as a Kattis interactor: started as
// `interactor INPUT ANSWER FEEDBACK_DIR`, it reads the program's output on standard input and
// writes to the program on standard output; exit 42 if the program won every game, else 43
// with the reason in FEEDBACK_DIR/judgemessage.txt. It plays as stonejudge's own judge does:
// a winning move whenever it has one, else a random legal move (its random numbers come from
// the test's seed, through its own generator, so its moves may differ from stonejudge's).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static std::string feedback_dir;

[[noreturn]] static void finish(int code, const std::string &message) {
    FILE *f = fopen((feedback_dir + "/judgemessage.txt").c_str(), "w");
    if (f) {
        fprintf(f, "%s\n", message.c_str());
        fclose(f);
    }
    exit(code);
}

[[noreturn]] static void reject(const std::string &message) { finish(43, message); }

static void say(const std::string &line) {
    std::cout << line << '\n' << std::flush;
}

// The program's next line as exactly `count` plain decimal numbers, or a rejection.
static std::vector<uint64_t> numbers(const std::string &place, size_t count) {
    std::string line;
    if (!std::getline(std::cin, line)) {
        reject(place + ": the program ended before the games were over");
    }
    if (line.size() > 4096) reject(place + ": a line longer than 4096 bytes");
    std::istringstream words(line);
    std::vector<uint64_t> values;
    std::string word;
    while (words >> word) {
        if (word.size() > 18 || word.find_first_not_of("0123456789") != std::string::npos) {
            reject(place + ": expected " + std::to_string(count) + " numbers, got `" + line + "`");
        }
        values.push_back(std::stoull(word));
    }
    if (values.size() != count) {
        reject(place + ": expected " + std::to_string(count) + " numbers, got `" + line + "`");
    }
    return values;
}

// splitmix64: the judge's random numbers.
struct Random {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    size_t below(size_t n) { return n ? next() % n : 0; }
};

typedef std::pair<uint64_t, uint64_t> Move;

// Plays one game of `position` (a type with mover_wins(), legal(Move, std::string&),
// winning_moves(), legal_moves(), play(Move), describe(), and misere(): true when the player
// left without a move wins); returns normally if the program won.
template <class Position>
static void play(Position position, const std::string &place, Random &random) {
    std::vector<uint64_t> choice = numbers(place, 1);
    if (choice[0] != 1 && choice[0] != 2) reject(place + ": expected `1` or `2`");
    bool first_wins = position.mover_wins();
    if ((choice[0] == 1) != first_wins) {
        reject(place + ": you chose `" + std::to_string(choice[0]) + "`, but the first player " +
               (first_wins ? "wins" : "loses") + " on " + position.describe());
    }
    bool program = choice[0] == 1;
    for (;;) {
        if (program) {
            std::vector<uint64_t> m = numbers(place, 2);
            Move move(m[0], m[1]);
            std::string why;
            if (move == Move(0, 0)) {
                if (!position.legal_moves().empty()) reject(place + ": you wrote `0 0`, but you have a move");
                if (position.misere()) return;
                reject(place + ": you had no legal move left and lost");
            }
            if (!position.legal(move, why)) reject(place + ": your move is illegal: " + why);
            position.play(move);
            if (position.mover_wins()) {
                reject(place + ": your move `" + std::to_string(move.first) + " " +
                       std::to_string(move.second) + "` left " + position.describe() +
                       ", a win for the judge");
            }
        } else {
            std::vector<Move> moves = position.mover_wins() ? position.winning_moves()
                                                            : position.legal_moves();
            if (moves.empty()) {
                say("0 0");
                if (position.misere()) reject(place + ": you made the last move, and lose in misere play");
                return;
            }
            Move move = moves[random.below(moves.size())];
            say(std::to_string(move.first) + " " + std::to_string(move.second));
            position.play(move);
        }
        program = !program;
    }
}

// After the last game: close the program's input, and nothing more may come from it.
[[noreturn]] static void after_the_last_game(size_t games) {
    fclose(stdout);
    std::string rest;
    if (std::cin >> rest) reject("after the last game the program wrote `" + rest + "`");
    finish(42, "won all " + std::to_string(games) + " games");
}

// Plays the games of an input file `s` / `g` / g lines `n h1 ... hn` (nim-play's shape, and
// the declared play problems'): each game's heaps go into a `Heaps` (a position for `play`
// with the vector `h`); a heap above `max_heap` is an input the interactor cannot judge.
template <class Heaps>
static int heap_games(int argc, char **argv, uint64_t max_heap) {
    if (argc < 4) return 1;
    feedback_dir = argv[3];
    FILE *input = fopen(argv[1], "r");
    unsigned long long seed;
    int g;
    if (!input || fscanf(input, "%llu %d", &seed, &g) != 2) return 1;
    Random random{seed};
    say(std::to_string(g));
    for (int game = 1; game <= g; game++) {
        int n;
        if (fscanf(input, "%d", &n) != 1) return 1;
        Heaps heaps;
        std::string line = std::to_string(n);
        for (int i = 0; i < n; i++) {
            unsigned long long a;
            if (fscanf(input, "%llu", &a) != 1 || a > max_heap) return 1;
            heaps.h.push_back(a);
            line += " " + std::to_string(a);
        }
        say(line);
        play(heaps, "game " + std::to_string(game) + " (heaps " + line.substr(line.find(' ') + 1) + ")", random);
    }
    after_the_last_game(g);
}
