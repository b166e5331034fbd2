// Interactor, in the Kattis protocol: called as interact INPUT ANSWER FEEDBACK_DIR, with the
// solution's output on standard input and its input on standard output. It reads "n q x" from
// INPUT, tells the solution "n q", and answers each question "? y" with <, > or =. It exits 42
// when x was found within q questions and the solution then said nothing more, 43 otherwise,
// with the reason in FEEDBACK_DIR/judgemessage.txt. (ANSWER, the reference's questions, is not
// needed here: an interactor that wants the jury's count of questions can read it there.)
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>

static FILE* message = stderr;

static void finish(int code, const char* format, ...) {
    va_list args;
    va_start(args, format);
    std::vfprintf(message, format, args);
    va_end(args);
    std::fputc('\n', message);
    std::exit(code);
}

// One line of the solution's, without its '\n'; false at the end of its output.
static bool line(std::string& out) {
    out.clear();
    int c;
    while ((c = std::getchar()) != EOF && c != '\n') {
        if (out.size() > 100) finish(43, "a line longer than 100 characters");
        out.push_back((char)c);
    }
    return c != EOF || !out.empty();
}

int main(int argc, char* argv[]) {
    if (argc < 4) finish(1, "usage: interact INPUT ANSWER FEEDBACK_DIR");
    std::string feedback = std::string(argv[3]) + "/judgemessage.txt";
    if (FILE* file = std::fopen(feedback.c_str(), "w")) message = file;
    FILE* input = std::fopen(argv[1], "r");
    long long n, q, x;
    if (input == nullptr || std::fscanf(input, "%lld %lld %lld", &n, &q, &x) != 3) {
        finish(1, "cannot read n, q and x from %s", argv[1]);
    }
    std::printf("%lld %lld\n", n, q);
    std::fflush(stdout);
    std::string said;
    for (long long asked = 1;; asked++) {
        if (!line(said)) finish(43, "the solution ended before finding x = %lld", x);
        long long y;
        char end;
        if (std::sscanf(said.c_str(), "? %lld%c", &y, &end) != 1 || said.rfind("? ", 0) != 0) {
            finish(43, "question %lld: expected \"? y\", got \"%s\"", asked, said.c_str());
        }
        if (y < 1 || y > n) finish(43, "question %lld: %lld is not in 1..%lld", asked, y, n);
        if (asked > q) finish(43, "question %lld: more than the %lld allowed", asked, q);
        std::puts(x < y ? "<" : x > y ? ">" : "=");
        std::fflush(stdout);
        if (x == y) {
            if (line(said)) finish(43, "after finding x, the solution said \"%s\"", said.c_str());
            finish(42, "found x = %lld in %lld questions (of %lld allowed)", x, asked, q);
        }
    }
}
