// Added by stonejudge's export: the checker below is a testlib checker (checker INPUT OUTPUT
// ANSWER; exit 0 accepted, 1 wrong answer, 2 presentation error, 3 the jury's files are
// broken). The Kattis format calls an output validator as validator INPUT ANSWER FEEDBACK_DIR
// with the team's output on standard input, and wants exit 42 (accepted) or 43 (rejected).
// Before main, this prelude saves the output to FEEDBACK_DIR/team_output, sends the checker's
// messages to FEEDBACK_DIR/judgemessage.txt, gives main the arguments INPUT
// FEEDBACK_DIR/team_output ANSWER (the C library hands a constructor the very argv main gets)
// and, whether main returns or the checker calls exit() itself, rewrites the exit status.
// main itself is left as it is (renamed, a main that ends without `return` would be
// undefined behaviour).
namespace stonejudge_export {
void kattis_status(int status, void*) {
    _exit(status == 0 ? 42 : (status == 1 || status == 2) ? 43 : 1);
}
__attribute__((constructor)) void kattis_output_validator(int argc, char* argv[]) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s INPUT ANSWER FEEDBACK_DIR < OUTPUT\n", argv[0]);
        _exit(1);
    }
    char* output = in_feedback(argv[3], "team_output");
    FILE* saved = fopen(output, "wb");
    if (saved == nullptr) _exit(1);
    static char buffer[1 << 16];
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, stdin)) > 0) fwrite(buffer, 1, got, saved);
    if (fclose(saved) != 0) _exit(1);
    if (freopen(in_feedback(argv[3], "judgemessage.txt"), "w", stderr) == nullptr) _exit(1);
    on_exit(kattis_status, nullptr);
    argv[3] = argv[2];
    argv[2] = output;
}
}  // namespace stonejudge_export
