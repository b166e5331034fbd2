// Added by stonejudge's export: the checker below is a testlib checker (checker INPUT OUTPUT
// ANSWER; exit 0 accepted, 1 wrong answer, 2 presentation error, 3 the jury's files are
// broken). The Kattis format calls an output validator as validator INPUT ANSWER FEEDBACK_DIR
// with the team's output on standard input, and wants exit 42 (accepted) or 43 (rejected).
// This prelude saves the output to FEEDBACK_DIR/team_output, sends the checker's messages to
// FEEDBACK_DIR/judgemessage.txt, calls the checker's main (renamed below) and rewrites its
// exit status, whether main returns or the checker calls exit() itself.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string>
int stonejudge_checker_main(int argc, char* argv[]);
namespace stonejudge_export {
void kattis_status(int status, void*) {
    _exit(status == 0 ? 42 : (status == 1 || status == 2) ? 43 : 1);
}
}  // namespace stonejudge_export
int main(int argc, char* argv[]) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s INPUT ANSWER FEEDBACK_DIR < OUTPUT\n", argv[0]);
        return 1;
    }
    std::string feedback = argv[3];
    std::string output = feedback + "/team_output";
    FILE* saved = fopen(output.c_str(), "wb");
    if (saved == nullptr) return 1;
    char buffer[1 << 16];
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, stdin)) > 0) fwrite(buffer, 1, got, saved);
    if (fclose(saved) != 0) return 1;
    if (freopen((feedback + "/judgemessage.txt").c_str(), "w", stderr) == nullptr) return 1;
    on_exit(stonejudge_export::kattis_status, nullptr);
    char* args[] = {argv[0], argv[1], const_cast<char*>(output.c_str()), argv[2], nullptr};
    return stonejudge_checker_main(4, args);
}
#define main stonejudge_checker_main
