// Added by stonejudge's export: the interactor below is a testlib interactor (interactor INPUT
// OUTPUT ANSWER; exit 0 accepted, 1 wrong answer, 2 presentation error, 3 its own failure).
// The Kattis format calls an interactor as INTERACTOR INPUT ANSWER FEEDBACK_DIR, the team's
// program on its standard input and output, and wants exit 42 (accepted) or 43 (rejected).
// Before main, this prelude gives main the arguments INPUT FEEDBACK_DIR/interactor_output
// ANSWER (the C library hands a constructor the very argv main gets), sends its messages to
// FEEDBACK_DIR/judgemessage.txt and, whether main returns or the interactor calls exit()
// itself, rewrites the exit status. main itself is left as it is (renamed, a main that ends
// without `return` would be undefined behaviour).
namespace stonejudge_export {
void kattis_status(int status, void*) {
    // _exit skips stdio's own flushing at exit: what is still buffered for the team goes now.
    fflush(nullptr);
    _exit(status == 0 ? 42 : (status == 1 || status == 2) ? 43 : 1);
}
__attribute__((constructor)) void kattis_interactor(int argc, char* argv[]) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s INPUT ANSWER FEEDBACK_DIR <> TEAM\n", argv[0]);
        _exit(1);
    }
    if (freopen(in_feedback(argv[3], "judgemessage.txt"), "w", stderr) == nullptr) _exit(1);
    on_exit(kattis_status, nullptr);
    char* output = in_feedback(argv[3], "interactor_output");
    argv[3] = argv[2];
    argv[2] = output;
}
}  // namespace stonejudge_export
