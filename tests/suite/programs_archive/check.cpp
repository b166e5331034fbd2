// testlib-protocol checker of "Take 1, 3 or 4": check INPUT OUTPUT ANSWER; exit 0 accepted,
// 1 wrong answer, 2 presentation error, 3 the answer file is broken. Words compare exactly.
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char* argv[]) {
    if (argc < 4) return 3;
    std::ifstream input(argv[1]), output(argv[2]), answer(argv[3]);
    int t;
    if (!(input >> t)) { std::cerr << "FAIL bad input\n"; return 3; }
    for (int i = 1; i <= t; i++) {
        std::string want, got;
        if (!(answer >> want) || (want != "first" && want != "second")) {
            std::cerr << "FAIL answer file: case " << i << "\n";
            return 3;
        }
        if (!(output >> got)) {
            std::cerr << "output ends after " << i - 1 << " cases\n";
            return 2;
        }
        if (got != "first" && got != "second") {
            std::cerr << "case " << i << ": \"" << got << "\" is neither first nor second\n";
            return 2;
        }
        if (got != want) {
            std::cerr << "case " << i << ": expected " << want << ", got " << got << "\n";
            return 1;
        }
    }
    std::string extra;
    if (output >> extra) { std::cerr << "extra output: " << extra << "\n"; return 2; }
    std::cerr << t << " cases\n";
    return 0;
}
