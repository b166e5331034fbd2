// Added by stonejudge's export: the interactor below is a testlib interactor (interactor INPUT
// OUTPUT ANSWER; exit 0 accepted, 1 wrong answer, 2 presentation error, 3 its own failure).
// The Kattis format calls an interactor as INTERACTOR INPUT ANSWER FEEDBACK_DIR, the team's
// program on its standard input and output, and wants exit 42 (accepted) or 43 (rejected).
// This prelude gives it FEEDBACK_DIR/interactor_output as its OUTPUT file, sends its messages
// to FEEDBACK_DIR/judgemessage.txt, calls its main (renamed below) and rewrites its exit
// status, whether main returns or the interactor calls exit() itself.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string>
int stonejudge_interactor_main(int argc, char* argv[]);
namespace stonejudge_export {
void kattis_status(int status, void*) {
    // _exit skips stdio's own flushing at exit: what is still buffered for the team goes now.
    fflush(nullptr);
    _exit(status == 0 ? 42 : (status == 1 || status == 2) ? 43 : 1);
}
}  // namespace stonejudge_export
int main(int argc, char* argv[]) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s INPUT ANSWER FEEDBACK_DIR <> TEAM\n", argv[0]);
        return 1;
    }
    std::string feedback = argv[3];
    std::string output = feedback + "/interactor_output";
    if (freopen((feedback + "/judgemessage.txt").c_str(), "w", stderr) == nullptr) return 1;
    on_exit(stonejudge_export::kattis_status, nullptr);
    char* args[] = {argv[0], argv[1], const_cast<char*>(output.c_str()), argv[2], nullptr};
    return stonejudge_interactor_main(4, args);
}
#define main stonejudge_interactor_main
