// Added by stonejudge's export: the validator below accepts an input by exiting with
// stonejudge_accepts (written above: 42 for a Kattis input validator, 0 for a testlib one)
// and reads its arguments (stonejudge_args, written above: the ones the problem gives it).
// sinol-make calls an inwer as inwer NAME.in < INPUT and takes exit 0 for a valid input.
// Before main, this prelude runs the program again (the same file, the same input) with the
// validator's own arguments when they are not sinol's, and, whether main returns or the
// validator calls exit() itself, exits 0 when it accepted, else 1. main itself is left as it
// is (renamed, a main that ends without `return` would be undefined behaviour).
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static void stonejudge_inwer_status(int status, void* unused) {
    (void)unused;
    fflush(stdout);
    fflush(stderr);
    _exit(status == stonejudge_accepts ? 0 : 1);
}
__attribute__((constructor)) static void stonejudge_inwer(int argc, char* argv[]) {
    size_t count = sizeof stonejudge_args / sizeof stonejudge_args[0];
    size_t n;
    char** args;
    (void)argc;
    if (count > 1 && getenv("STONEJUDGE_INWER_ARGUMENTS") == NULL) {
        args = (char**)calloc(count + 1, sizeof(char*));
        if (args == NULL) _exit(1);
        args[0] = argv[0];
        for (n = 0; n + 1 < count; n++) args[1 + n] = (char*)stonejudge_args[n];
        setenv("STONEJUDGE_INWER_ARGUMENTS", "1", 1);
        execv(argv[0], args);
        _exit(1);
    }
    on_exit(stonejudge_inwer_status, NULL);
}
